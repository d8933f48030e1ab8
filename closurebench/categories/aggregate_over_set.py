"""aggregate_over_set (L3): the mean out-degree over the nodes x reaches, to 2 decimals.

Convention: x itself is excluded; the mean is the integer sum over the set divided by its size,
rounded to 2 decimals. A mean that is an exact tie at the third decimal (5.625) is never asked
(both programs refuse it, so the generator resamples): no reference depends on half-even vs
half-up rounding. Example: A -> B, A -> C, B -> C: over {B, C}: 0.5.
Constructed: x's reach set (deepest layer drawn from the hop target) is planted and each
reached node's out-degree is its tree children plus coins at rate rho over what keeps the
distances.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from closurebench.categories._reach import (
    binomial,
    draw_count,
    draw_depth,
    grow,
    layered,
    linked,
    outside,
    room_sizes,
)
from closurebench.categories._spec import Category
from closurebench.errors import UnposableQuery
from closurebench.graph import tensor as T
from closurebench.graph.plant import tree_edges


def propose(rng, g):
    return {"x": rng.randrange(g.n)}


def construct(rng, n, rho, target):
    x = rng.randrange(n)
    depth = draw_depth(rng, target, n - 1)
    # Reaching everyone makes the mean over all nodes right: drawn less often.
    d, layers = layered(rng, n, x, draw_count(rng, depth, n - 1, decay=False), depth)
    tree = tree_edges(rng, d)
    kids = Counter(u for u, _ in tree)
    room = room_sizes(d)
    degree = {u: kids[u] + binomial(rng, room[u] - kids[u], rho)
              for layer in layers for u in layer}
    return outside(rng, n, rho, d, grow(rng, d, tree, degree) + linked(rng, d)), {"x": x}


def _mean(total: int, size: int) -> float:
    """``total / size`` to 2 decimals; an exact tie at the third decimal has no agreed answer."""
    if (1000 * total) % size == 0 and (1000 * total // size) % 10 == 5:
        raise UnposableQuery("the mean is an exact tie at the third decimal")
    return round(total / size, 2)


def tensor_program(g, q):
    """``Σ_j R(x)[j] Dout[j] / Σ_j R(x)[j]`` over ``j != x``."""
    a = g.adjacency
    r = T.reach(a, q["x"])
    r[q["x"]] = False
    if not r.any():
        raise UnposableQuery("x reaches no node")
    return _mean(int(T.out_degree(a)[r].sum()), int(r.sum()))


def nx_program(G, q):
    import networkx as nx

    below = nx.descendants(G, q["x"])
    if not below:
        raise ValueError("x reaches no node")
    total, size = sum(G.out_degree(v) for v in below), len(below)
    if (1000 * total) % size == 0 and (1000 * total // size) % 10 == 5:
        raise ValueError("the mean is an exact tie at the third decimal")
    return round(total / size, 2)


def ignore_reach(g, q):
    """Lazy reader: the mean out-degree over every node but x, reached or not."""
    deg = np.delete(T.out_degree(g.adjacency), q["x"])
    return _mean(int(deg.sum()), len(deg))


TL_PROGRAM = """\
R[y] = closure(Edge)[X, y].
answer round(mean(outdeg(Edge)[y], R[y] (y != X)), 2).
"""


def template(w, q):
    x = q["x"]
    return (
        f"Consider the {w.nouns} that {x} can reach by following {w.links} in their direction "
        f"(one or more steps), not counting {x} itself. On average, to how many different "
        f"{w.nouns} does each of them have a direct {w.link}?"
    )


CATEGORY = Category(
    id="aggregate_over_set", level=3, family="digraph", answer="number",
    primitives=("closure", "degree", "mean"), propose=propose,
    tensor_program=tensor_program, nx_program=nx_program, template=template,
    node_keys=("x",), construct=construct, shortcuts={"ignore-reach": ignore_reach},
    summary="Mean out-degree over the nodes x reaches.",
    tl_program=TL_PROGRAM,
    generate_min_n=6,  # blind-built from n = 6: below it every view is decided
)
