"""set_intersection (L1): the nodes reachable from both x and y, R(x) ∩ R(y).

Convention: x and y themselves are never listed. Example: A -> C, B -> C -> D: [C, D].

Built, not sampled (``_two_source.intersection``): the common set's size is drawn, and it is a
region x enters after ax hops and y after ay, then E layers deep; the hop depth
max(ax, ay) + E is drawn. Neither source reaches the other.
"""

from __future__ import annotations

import numpy as np

from closurebench import tensor as T
from closurebench.categories._spec import Category, distinct
from closurebench.categories._two_source import intersection
from closurebench.plant import draw_depth, plant, sprinkle


def propose(rng, g):
    pair = distinct(rng, g.n, 2)
    return pair and {"x": pair[0], "y": pair[1]}


def construct(rng, n, rho, target):
    """Plant R(x) ∩ R(y) of a uniform size 1..n-2 and a drawn depth.

    Uniform keeps both "one node" and "every other node" near a quarter: small n has few
    sizes, so down-weighting either end pushes the other past it.
    """
    lo, hi = target.hops or (1, n - 2)
    edges, ok, x, y, _, _ = intersection(rng, n, draw_depth(rng, lo, hi),
                                         rng.randint(1, n - 2))
    return sprinkle(rng, plant(rng, n, rho, edges, ok), ok), {"x": x, "y": y}


def tensor_program(g, q):
    """``R(x) ∧ R(y)``, minus the two query nodes."""
    a, x, y = g.adjacency, q["x"], q["y"]
    both = T.reach(a, x) & T.reach(a, y)
    both[[x, y]] = False
    return np.flatnonzero(both).tolist()


def nx_program(G, q):
    import networkx as nx

    x, y = q["x"], q["y"]
    return sorted((nx.descendants(G, x) & nx.descendants(G, y)) - {x, y})


TL_PROGRAM = """\
Reach[x, y] = closure(Edge)[x, y].
answer Reach[X, y] Reach[Y, y] (y != X) (y != Y).
"""


def template(w, q):
    x, y = q["x"], q["y"]
    return (
        f"Which {w.nouns} can be reached from {x} and also from {y}, following {w.links} in "
        f"their direction through one or more steps? Do not include {x} or {y} themselves."
    )


CATEGORY = Category(
    id="set_intersection", level=1, family="digraph", answer="labels",
    primitives=("closure", "intersection"), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=("x", "y"), tolerance="set",
    accept=lambda a, g: len(a) > 0, construct=construct, max_hops=lambda n: n - 2,
    summary="List the nodes both x and y reach.",
    tl_program=TL_PROGRAM,
)
