"""chain_of_filters (L3): nodes x reaches, with out-degree >= t, that y cannot reach.

Convention: x and y are never listed. Example: A -> B -> C, B -> D, Y -> D, t = 1: [B]
(C has no outgoing edge; D is reached by Y).
"""

from __future__ import annotations

import numpy as np

from closurebench import tensor as T
from closurebench.categories._spec import Category, distinct


def propose(rng, g):
    pair = distinct(rng, g.n, 2)
    return pair and {"x": pair[0], "y": pair[1], "t": rng.choice((1, 2))}


def tensor_program(g, q):
    """``R(x) ∧ (Dout ≥ t) ∧ ¬R(y)``, minus x and y."""
    a, x, y = g.adjacency, q["x"], q["y"]
    keep = T.reach(a, x) & (T.out_degree(a) >= q["t"]) & ~T.reach(a, y)
    keep[[x, y]] = False
    return np.flatnonzero(keep).tolist()


def nx_program(G, q):
    import networkx as nx

    x, y, t = q["x"], q["y"], q["t"]
    hits = nx.descendants(G, x) - nx.descendants(G, y) - {x, y}
    return sorted(v for v in hits if G.out_degree(v) >= t)


TL_PROGRAM = """\
Reach[x, y] = closure(Edge)[x, y].
answer Reach[X, y] (outdeg(Edge)[y] >= T) !Reach[Y, y] (y != X) (y != Y).
"""


def template(w, q):
    x, y, t = q["x"], q["y"], q["t"]
    return (
        f"List the {w.nouns} that meet all three conditions: {x} can reach them by following "
        f"{w.links} in their direction (one or more steps); they have direct {w.links} to at "
        f"least {t} different {w.noun if t == 1 else w.nouns}; and {y} cannot reach them. Do "
        f"not include {x} or {y}."
    )


CATEGORY = Category(
    id="chain_of_filters", level=3, family="digraph", answer="labels",
    primitives=("closure", "degree", "filter", "difference"), propose=propose,
    tensor_program=tensor_program, nx_program=nx_program, template=template,
    node_keys=("x", "y"), params={"t": (1, 2)},
    tolerance="set", min_n=3, accept=lambda a, g: len(a) > 0,
    summary="Reachable from x, out-degree at least t, not reachable from y.",
    tl_program=TL_PROGRAM,
)
