"""negative_reachability (L1): the nodes x can NOT reach (the complement of R(x)).

Convention: x itself is never listed. Example: A -> B, C isolated: A cannot reach [C].
Degenerate queries (x reaches everyone, or no one) are resampled.
"""

from __future__ import annotations

import numpy as np

from closurebench import tensor as T
from closurebench.categories._spec import Category


def propose(rng, g):
    return {"x": rng.randrange(g.n)}


def tensor_program(g, q):
    """``¬R(x) ∖ {x}``."""
    out = ~T.reach(g.adjacency, q["x"])
    out[q["x"]] = False
    return np.flatnonzero(out).tolist()


def nx_program(G, q):
    import networkx as nx

    return sorted(set(G) - nx.descendants(G, q["x"]) - {q["x"]})


TL_PROGRAM = """\
R[y] = closure(Edge)[X, y].
answer !R[y] (y != X).
"""


def template(w, q):
    x = q["x"]
    return (
        f"Which {w.nouns} can {x} NOT reach by following {w.links} in their direction, "
        f"through any number of steps? Do not include {x} itself."
    )


CATEGORY = Category(
    id="negative_reachability", level=1, family="digraph", answer="labels",
    primitives=("closure", "complement"), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=("x",), tolerance="set",
    accept=lambda a, g: 0 < len(a) < g.n - 1,
    summary="List the nodes x cannot reach (complement of the reachable set).",
    tl_program=TL_PROGRAM,
)
