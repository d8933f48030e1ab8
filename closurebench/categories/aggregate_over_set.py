"""aggregate_over_set (L3): the mean out-degree over the nodes x reaches, to 2 decimals.

Convention: x itself is excluded; the mean is the integer sum over the set divided by its size,
rounded to 2 decimals. A mean that is an exact tie at the third decimal (5.625) is never asked
(both programs refuse it, so the generator resamples): no reference depends on half-even vs
half-up rounding. Example: A -> B, A -> C, B -> C: over {B, C}: 0.5.
Constructed: x's reach set (deepest layer drawn from the hop target, its size by
``_reach.draw_count``) is planted as closed blocks (``_reach.closed_blocks``): the nodes x misses
are a block of the same make as the deep reached ones, entered only by the tree's edges, so the
out-degrees the mean is taken over say little of who is reached.

Built blind (``pose._blind``) where a walk finds the mean, with these settings (together, on
``audit aggregate_over_set --seed S --per-category 200 --train-per-category 300``, seeds 4242 /
7777 / 9001: learned floor 55 / 54 / 56% -> 28 / 32 / 23%, gap +34 / +34 / +45 -> +13 / +15 /
+4; docs/audit-and-floors.md):

* ``blind_moves_set``: view-keeping moves keep every out-degree, so a walk reached the target's
  mean mostly from a decoy whose own reach set already gave it: half the blind instances kept
  the decoy's planted reach set, and the per-node reader read those (63-66% strict) as well as
  planted ones, the others at 19-26%. An instance whose set has moved is now required, from
  ``blind_tries`` 160 decoys (40 left over half the cells planted).
* decoys are planted at 3 or more hops (``Target.decoy``): a walk turns a deep reach set
  shallow more easily than the reverse (two thirds of the walks that reached the mean missed
  the hop bucket by being too shallow).
* ``SET_HOP_WEIGHTS``: a one-hop mean is the mean over x's direct successors, which every
  reader sees (read at 75-90%), so one- and two-hop instances are rarer.
* from n = 7 (``generate_min_n``; blind-built from 6 before): at n = 6 a reach set three or
  more hops deep leaves x at most two nodes to miss, and x reached every node in 18 of 40
  instances (seed 4242), a mean over all nodes that a reader ignoring reach gets.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from closurebench.categories._reach import (
    SET_HOP_WEIGHTS,
    closed_blocks,
    draw_count,
    draw_depth,
    layered,
)
from closurebench.categories._spec import Category
from closurebench.errors import UnposableQuery
from closurebench.graph import tensor as T


def propose(rng, g):
    return {"x": rng.randrange(g.n)}


def construct(rng, n, rho, target):
    x = rng.randrange(n)
    # A decoy (the view a blind instance is walked from) is planted deep: see the docstring.
    depth = draw_depth(rng, replace(target, hops=(3, n - 1)) if target.decoy else target, n - 1)
    # Reaching everyone makes the mean over all nodes right: drawn less often.
    d, _ = layered(rng, n, x, draw_count(rng, depth, n - 1, decay=False), depth)
    return closed_blocks(rng, n, rho, d), {"x": x}


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
    generate_min_n=7,  # from n = 7: see the docstring
    # the walk must move the reach set, from 160 decoys; shallow hops rarer: see the docstring
    blind_moves_set=True, blind_tries=160, hop_weights=SET_HOP_WEIGHTS,
)
