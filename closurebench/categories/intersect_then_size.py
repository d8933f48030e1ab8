"""intersect_then_size (L2): |R(x) ∩ R(y)|, the number of nodes both x and y reach.

Convention: x and y themselves are not counted. Example: A -> C, B -> C -> D: 2.
"""

from __future__ import annotations

from closurebench import tensor as T
from closurebench.categories._spec import Category, distinct


def propose(rng, g):
    pair = distinct(rng, g.n, 2)
    return pair and {"x": pair[0], "y": pair[1]}


def tensor_program(g, q):
    """``Σ_j R(x)[j] R(y)[j]`` over ``j ∉ {x, y}``."""
    a, x, y = g.adjacency, q["x"], q["y"]
    both = T.reach(a, x) & T.reach(a, y)
    both[[x, y]] = False
    return int(both.sum())


def nx_program(G, q):
    import networkx as nx

    x, y = q["x"], q["y"]
    return len((nx.descendants(G, x) & nx.descendants(G, y)) - {x, y})


TL_PROGRAM = """\
Reach[x, y] = closure(Edge)[x, y].
answer count(Reach[X, y] Reach[Y, y] (y != X) (y != Y)).
"""


def template(w, q):
    x, y = q["x"], q["y"]
    return (
        f"How many {w.nouns} can be reached both from {x} and from {y}, following {w.links} in "
        f"their direction through one or more steps? Do not count {x} or {y} themselves."
    )


CATEGORY = Category(
    id="intersect_then_size", level=2, family="digraph", answer="integer",
    primitives=("closure", "intersection", "count"), propose=propose,
    tensor_program=tensor_program, nx_program=nx_program, template=template,
    node_keys=("x", "y"), tolerance="count", accept=lambda a, g: a > 0,
    summary="Count the nodes both x and y reach.",
    tl_program=TL_PROGRAM,
)
