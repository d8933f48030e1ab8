"""Closed blocks (``_reach.closed_blocks`` / ``close_blocks``): a deep reach set is entered only
through its planted edges, and the nodes every source misses form a block of the same make.

Why these properties: a reader that never chains two edges tells a deep member from a missed
node only by the edges that cross into the reach set (docs/audit-and-floors.md, "Closed
blocks"), so the construction must cut every crossing but the planted ones, keep each
distance, and leave no missed node a source."""

from __future__ import annotations

import random

import numpy as np
import pytest

import closurebench as cb
from closurebench.categories import get as get_category
from closurebench.categories._reach import DEEP_BLOCKS, close_blocks, closed_blocks, layered
from closurebench.categories._spec import Target
from closurebench.graph.plant import allowed


def _bfs(a: np.ndarray, s: int) -> np.ndarray:
    d = np.full(a.shape[0], -1)
    d[s], frontier, k = 0, [s], 0
    while frontier:
        k += 1
        nxt = [int(v) for u in frontier for v in np.flatnonzero(a[u]) if d[v] < 0]
        for v in nxt:
            d[v] = k
        frontier = sorted(set(nxt))
    return d


@pytest.mark.parametrize("seed", range(40))
def test_closed_blocks_cut_every_crossing_but_the_planted_ones(seed: int) -> None:
    rng = random.Random(seed)
    n, rho = rng.randint(6, 10), rng.uniform(0.1, 0.5)
    x, depth = rng.randrange(n), rng.randint(DEEP_BLOCKS, min(4, n - 3))
    size = rng.randint(depth, n - 3)
    d, _ = layered(rng, n, x, size, depth)
    a = closed_blocks(rng, n, rho, d).adjacency.astype(bool)
    assert _bfs(a, x).tolist() == d.tolist()  # every planted distance kept
    first, second, missed = d == 1, d == 2, d < 0
    assert a[np.ix_(missed, d >= 2)].sum() == 0  # no missed node links into the deep set
    assert (a[np.ix_(first, second)].sum(0) == 1).all()  # each second-layer node: one entry
    if missed.sum() > 1:
        assert (a[:, missed].sum(0) >= 1).all()  # no missed node is a source


def test_close_blocks_keeps_the_required_edges_and_only_narrows_ok() -> None:
    rng = random.Random(3)
    d = np.array([0, 1, 1, 2, 3, -1, -1])
    required = [(0, 1), (0, 2), (1, 3), (3, 4)]
    ok0 = allowed(d)
    ok, ring = close_blocks(rng, ok0, required, [d])
    assert all(ok[u, v] for u, v in required)
    assert not (ok & ~ok0).any()
    assert not ok[2, 3] and not ok[5, 3] and not ok[6, 4]  # a second entry, missed -> deep
    assert sorted(ring) in ([(5, 6), (6, 5)],)


def _crossings(a: np.ndarray, sources: list[int]) -> set[tuple[int, int]]:
    """Edges from a node a source misses into that source's second layer or deeper."""
    out = set()
    for s in sources:
        d = _bfs(a, s)
        cross = a & (d[:, None] < 0) & (d[None, :] >= 2)
        out |= {(int(u), int(v)) for u, v in np.argwhere(cross)}
    return out


@pytest.mark.parametrize("layout", ["difference", "intersection"])
@pytest.mark.parametrize("seed", range(15))
def test_two_source_layouts_closed_cross_only_where_they_plant(layout: str, seed: int) -> None:
    """With two sources a planted path may cross into the other source's reach set (x's
    chain through a node y reaches late); every other crossing is cut."""
    from closurebench.categories import _two_source
    from closurebench.graph.plant import plant

    rng = random.Random(seed)
    n = rng.randint(7, 10)
    built = (_two_source.difference(rng, n, 3, rng.randint(1, 3)) if layout == "difference"
             else _two_source.intersection(rng, n, 3, rng.randint(1, 3)))
    if built is None:
        pytest.skip("cell not buildable at this n")
    edges, ok, x, y, dx, dy = built[0] if layout == "difference" else built
    ok, ring = close_blocks(rng, ok, edges, [dx, dy])
    a = plant(rng, n, rng.uniform(0.1, 0.5), [*edges, *ring], ok).adjacency.astype(bool)
    assert _bfs(a, x).tolist() == dx.tolist() and _bfs(a, y).tolist() == dy.tolist()
    assert _crossings(a, [x, y]) <= set(edges)


@pytest.mark.parametrize("category", ["negative_reachability", "triangle_in_subgraph"])
def test_deep_targets_are_built_as_closed_blocks_and_decoys_are_not(category: str) -> None:
    """A deep target's own graph is the instance (``Category.blocks_from``), with fewer
    crossings into its reach sets than a decoy's, which keeps the old planting (the blind
    walk draws its views from decoys)."""
    cat = get_category(category)
    assert cat.blocks_from == DEEP_BLOCKS and cat.hop_weights is not None
    counts = {False: 0, True: 0}
    for seed in range(30):
        for decoy in (False, True):
            built = cat.construct(random.Random(seed), 9, 0.3,
                                  Target(hops=(3, 6), quantile=0.5, decoy=decoy))
            if built is not None:
                g, q = built
                counts[decoy] += len(_crossings(g.adjacency.astype(bool), list(q.values())))
    assert counts[False] * 2 <= counts[True]


def test_set_categories_draw_most_instances_three_or_more_hops_deep() -> None:
    recs = list(cb.generate(config="negative_reachability", per_category=60, seed=11))
    deep = sum(r["hops"] >= 3 for r in recs) / len(recs)
    one = sum(r["hops"] == 1 for r in recs) / len(recs)
    assert deep >= 0.6 and one <= 0.2
