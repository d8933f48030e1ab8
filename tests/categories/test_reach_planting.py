"""The single-source planting shared by the reach categories (``categories/_reach.py``).

Each constructor promises a structure; these check the promise on literal seeds and on a
generated sample, against networkx (not the tensor engine the generator itself uses).
"""

from __future__ import annotations

import random

import networkx as nx
import numpy as np
import pytest

from closurebench.categories import Target
from closurebench.categories._reach import (
    draw_count,
    draw_depth,
    false_pair,
    out_room,
    room_sizes,
    true_pair,
)


def _nx(g) -> nx.DiGraph:
    G = nx.DiGraph()
    G.add_nodes_from(range(g.n))
    G.add_edges_from(g.edges)
    return G


@pytest.mark.parametrize("seed", range(40))
def test_true_pair_plants_the_drawn_depth(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(4, 10)
    lo = rng.randint(1, n - 1)
    g, x, y, size = true_pair(rng, n, 0.5, Target(hops=(lo, n - 1), want=True), count=True)
    G = _nx(g)
    dist = nx.single_source_shortest_path_length(G, x)
    assert lo <= dist[y] == max(dist.values())  # y in x's deepest layer, deep enough
    assert len(dist) - 1 == size


@pytest.mark.parametrize("seed", range(40))
def test_false_pair_is_not_locally_decidable(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(4, 10)
    g, x, y = false_pair(rng, n, rng.random() * 0.6)
    G = _nx(g)
    assert not nx.has_path(G, x, y)
    assert G.out_degree(x) > 0 and G.in_degree(y) > 0  # no sink/source rule
    assert nx.has_path(G.to_undirected(as_view=True), x, y)  # linked, just not forwards
    assert any(G.has_edge(y, v) for v in nx.descendants(G, x) | {x})


def test_depth_stays_inside_the_target_and_the_cap() -> None:
    rng = random.Random(0)
    for _ in range(200):
        assert 3 <= draw_depth(rng, Target(hops=(3, 9)), 6) <= 5
        assert draw_depth(rng, Target(hops=(2, 2)), 6) == 2
        assert 1 <= draw_depth(rng, Target(), 4) <= 4


def test_count_stays_in_range_and_the_top_is_drawn_less() -> None:
    rng = random.Random(1)
    got = [draw_count(rng, 2, 6) for _ in range(4000)]
    assert set(got) == {2, 3, 4, 5, 6}
    assert got.count(6) < got.count(5) < got.count(4)
    assert {draw_count(rng, 3, 3) for _ in range(20)} == {3}
    assert {draw_count(rng, 2, 4, (0.0, 0.5)) for _ in range(200)} == {2, 3}


def test_room_sizes_match_out_room() -> None:
    d = np.array([0, 1, 1, 2, -1, 3])
    assert room_sizes(d) == [2, 3, 3, 4, 0, 4]
    assert [room_sizes(d)[u] for u in (0, 1, 3, 5)] == [len(out_room(d, u)) for u in (0, 1, 3, 5)]
    assert out_room(d, 0) == [1, 2]  # the source links only to its first layer
    assert out_room(d, 5) == [0, 1, 2, 3]  # the deepest node may link back anywhere


def test_stratified_count_ignores_rng_and_follows_the_cell_weights() -> None:
    from closurebench.categories._reach import count_weights, depth_and_count

    def weights(depth: int) -> dict[int, float]:
        return count_weights(depth, 5)

    # hops 2..2, counts 2..5 weighted 1, 0.4, 0.128, 0.0256 (cumulative 0.64, 0.90, 0.98, 1)
    for q, want in ((0.0, 2), (0.6, 2), (0.7, 3), (0.95, 4), (0.99, 5)):
        got = {depth_and_count(random.Random(s), Target(hops=(2, 2), quantile=q), 5, weights)
               for s in range(20)}
        assert got == {(2, want)}
    # A wider hop range: the count is fixed by the quantile, the depth (from rng) can carry it.
    seen = set()
    for s in range(200):
        depth, size = depth_and_count(random.Random(s), Target(hops=(3, 9), quantile=0.3), 8,
                                      lambda depth: count_weights(depth, 8))
        assert 3 <= depth <= min(size, 5)
        seen.add((depth, size))
    assert len({size for _, size in seen}) == 1 and len(seen) > 1


def test_a_saturated_budget_still_varies_the_graph() -> None:
    # Four nodes, x -> y only, at a density that would take every safe pair: graphs still vary
    # (a fixed stratified count must be able to reach either structural half).
    from closurebench.categories._reach import reach_graph
    from closurebench.graph.plant import depth_vector

    d = depth_vector(4, 0, [[1]])
    sizes = {len(reach_graph(random.Random(s), 4, 0.9, d, [(2, 0), (3, 1)]).edges)
             for s in range(40)}
    assert len(sizes) > 1
