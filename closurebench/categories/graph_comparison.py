"""graph_comparison (L3): the nodes x could reach before a change but not after it.

Two graphs on the same nodes: "before" and "after" (a third of the edges dropped, a few
added). Convention: x itself is never listed. Example: before A -> B -> C, after A -> B:
[C].
"""

from __future__ import annotations

import numpy as np

from closurebench import tensor as T
from closurebench.categories._spec import Category


def propose(rng, graphs):
    return {"x": rng.randrange(graphs[0].n)}


def tensor_program(graphs, q):
    """``R_before(x) ∧ ¬R_after(x)``, minus x."""
    before, after = graphs
    lost = T.reach(before.adjacency, q["x"]) & ~T.reach(after.adjacency, q["x"])
    lost[q["x"]] = False
    return np.flatnonzero(lost).tolist()


def nx_program(G, q):
    import networkx as nx

    before, after = G
    return sorted(nx.descendants(before, q["x"]) - nx.descendants(after, q["x"]) - {q["x"]})


TL_PROGRAM = """\
B[y] = closure(Before)[X, y].
A[y] = closure(After)[X, y].
answer B[y] !A[y] (y != X).
"""


def template(w, q):
    x = q["x"]
    return (
        f"Which {w.nouns} could {x} reach before the change (following {w.links} in their "
        f"direction, one or more steps) but can no longer reach after it? Do not include {x}."
    )


CATEGORY = Category(
    id="graph_comparison", level=3, family="digraph_pair", answer="labels",
    primitives=("closure", "closure", "difference"), propose=propose,
    tensor_program=tensor_program, nx_program=nx_program, template=template,
    node_keys=("x",), tolerance="set", accept=lambda a, g: len(a) > 0,
    summary="Nodes x reached in the first graph but not in the second.",
    tl_program=TL_PROGRAM,
)
