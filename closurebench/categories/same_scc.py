"""same_scc (L1): can x and y each reach the other (same strongly connected component)?

Example: A -> B -> A -> C: A and B yes; A and C no. Balanced 50/50.
"""

from __future__ import annotations

from closurebench import tensor as T
from closurebench.categories._spec import Category, distinct


def propose(rng, g):
    pair = distinct(rng, g.n, 2)
    return pair and {"x": pair[0], "y": pair[1]}


def tensor_program(g, q):
    """``SCC[x, y] = TC[x, y] ∧ TC[y, x]``."""
    a, x, y = g.adjacency, q["x"], q["y"]
    return bool(T.reach(a, x)[y] and T.reach(a, y)[x])


def nx_program(G, q):
    import networkx as nx

    return any(q["x"] in c and q["y"] in c for c in nx.strongly_connected_components(G))


TL_PROGRAM = """\
Reach[x, y] = closure(Edge)[x, y].
answer Reach[X, Y] Reach[Y, X].
"""


def template(w, q):
    return (
        f"Can {q['x']} and {q['y']} each reach the other by following {w.links} in their "
        f"direction, through any number of steps?"
    )


CATEGORY = Category(
    id="same_scc", level=1, family="digraph", answer="boolean",
    primitives=("closure", "scc"), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=("x", "y"),
    summary="Are x and y mutually reachable (TC ∧ TCᵀ)?",
    tl_program=TL_PROGRAM,
)
