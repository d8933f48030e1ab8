"""set_difference (L1): the nodes x reaches that y does not, R(x) ∖ R(y).

Convention: x and y themselves are never listed. Example: A -> B -> C, D -> C: for x=A,
y=D the answer is [B].
"""

from __future__ import annotations

import numpy as np

from closurebench import tensor as T
from closurebench.categories._spec import Category, distinct


def propose(rng, g):
    pair = distinct(rng, g.n, 2)
    return pair and {"x": pair[0], "y": pair[1]}


def tensor_program(g, q):
    """``R(x) ∧ ¬R(y)``, minus the two query nodes."""
    a, x, y = g.adjacency, q["x"], q["y"]
    only = T.reach(a, x) & ~T.reach(a, y)
    only[[x, y]] = False
    return np.flatnonzero(only).tolist()


def nx_program(G, q):
    import networkx as nx

    x, y = q["x"], q["y"]
    return sorted(nx.descendants(G, x) - nx.descendants(G, y) - {x, y})


TL_PROGRAM = """\
Reach[x, y] = closure(Edge)[x, y].
answer Reach[X, y] !Reach[Y, y] (y != X) (y != Y).
"""


def template(w, q):
    x, y = q["x"], q["y"]
    return (
        f"Following {w.links} in their direction through one or more steps, which {w.nouns} "
        f"can {x} reach that {y} cannot reach? Do not include {x} or {y} themselves."
    )


CATEGORY = Category(
    id="set_difference", level=1, family="digraph", answer="labels",
    primitives=("closure", "difference"), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=("x", "y"), tolerance="set",
    accept=lambda a, g: len(a) > 0,
    summary="List the nodes x reaches that y does not.",
    tl_program=TL_PROGRAM,
)
