"""triangle_in_subgraph (L2): triangles among x and what x reaches, ignoring direction."""

from __future__ import annotations

import pytest

import closurebench
from closurebench import ConfigError, solve

from ._sample import as_networkx, posed_sample

CAT = "triangle_in_subgraph"
DOC = [("A", "B"), ("B", "C"), ("A", "C"), ("D", "A")]


def test_docstring_example(engine: str) -> None:
    assert solve(CAT, DOC, {"x": "A"}, engine=engine) == 1


def test_docstring_graph_from_the_unreached_node(engine: str) -> None:
    assert solve(CAT, DOC, {"x": "D"}, engine=engine) == 1


def test_direction_is_ignored_inside_the_subgraph(engine: str) -> None:
    edges = [("A", "B"), ("A", "C"), ("C", "B")]
    assert solve(CAT, edges, {"x": "A"}, engine=engine) == 1


def test_triangle_through_an_unreached_node_does_not_count(engine: str) -> None:
    edges = [("A", "B"), ("A", "C"), ("C", "B")]
    assert solve(CAT, edges, {"x": "C"}, engine=engine) == 0


def test_directed_cycle_is_a_triangle_from_any_corner(engine: str) -> None:
    edges = [("A", "B"), ("B", "C"), ("C", "A")]
    assert solve(CAT, edges, {"x": "B"}, engine=engine) == 1


def test_n_max_below_six_is_rejected() -> None:
    # generated from 6 nodes (built blind: below it every view is decided)
    for n_max in (2, 5):
        with pytest.raises(ConfigError, match="n_max must be at least 6 for category "
                                              "triangle_in_subgraph"):
            closurebench.generate(CAT, n_min=2, n_max=n_max)
    assert {r["n"] for r in closurebench.generate(CAT, n_min=3, n_max=6)} == {6}


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'subgraph_triangles'"):
        solve("subgraph_triangles", DOC, {"x": "A"})


def _posed(count: int, seed: int = 5) -> list:
    """Structural halves of ``count`` default-axes instances (graph, query, answer, hops)."""
    return posed_sample(CAT, count, seed)


_nx = as_networkx


def test_hops_is_the_planted_depth_and_counts_spread() -> None:
    import networkx as nx

    posed = _posed(80)
    for p in posed:
        dist = nx.single_source_shortest_path_length(_nx(p.graph), p.query["x"])
        assert p.answer > 0 and p.hops == max(dist.values())
    assert sum(p.answer == 1 for p in posed) <= 0.35 * len(posed)
    assert len({p.answer for p in posed}) >= 6


@pytest.mark.parametrize("seed", range(30))
def test_deep_targets_are_closed_blocks_with_a_ring_of_missed_nodes(seed: int) -> None:
    """A deep (non-decoy) target is built as closed blocks (docs/audit-and-floors.md): no
    missed node links into x's second layer or deeper and each second-layer node has one entry
    from the first, while the count and the depth still hold (the generator cross-checks)."""
    import random

    import networkx as nx
    import numpy as np

    from closurebench.categories import get
    from closurebench.categories._spec import Target

    cat = get(CAT)
    rng = random.Random(seed)
    n = rng.randint(6, 10)
    g, q = cat.construct(rng, n, rng.uniform(0.1, 0.5),
                         Target(hops=(3, n - 1), quantile=rng.random()))
    a = g.adjacency.astype(bool)
    dist = nx.single_source_shortest_path_length(_nx_graph(a), q["x"])
    d = np.array([dist.get(v, -1) for v in range(n)])
    assert d.max() >= 3 and cat.tensor_program(g, q) > 0
    assert not a[np.ix_(d < 0, d >= 2)].any()
    assert (a[np.ix_(d == 1, d == 2)].sum(0) == 1).all()


def test_deep_targets_seldom_leave_a_lone_missed_node() -> None:
    """A lone missed node is a source (its in-edges could only come from missed nodes): the
    closed design's missed share leaves two or more; only the share drawn to reach every node
    (``OUTSIDE_SHARE``), whose size draw may still land one short, leaves one."""
    import random

    from closurebench.categories import get
    from closurebench.categories._spec import Target

    cat = get(CAT)
    lone = several = 0
    for seed in range(100):
        rng = random.Random(seed)
        n = rng.randint(6, 10)
        g, q = cat.construct(rng, n, 0.3, Target(hops=(3, n - 1), quantile=rng.random()))
        reach = cat_reach(g, q["x"])
        lone += int(n - 1 - reach == 1)
        several += int(n - 1 - reach >= 2)
    assert lone <= 25 and several >= 50


def cat_reach(g, x: int) -> int:
    from closurebench.graph import tensor as T

    r = T.reach(g.adjacency, x)
    r[x] = False
    return int(r.sum())


def _nx_graph(a):
    import networkx as nx
    import numpy as np

    G = nx.DiGraph()
    G.add_nodes_from(range(a.shape[0]))
    G.add_edges_from((int(u), int(v)) for u, v in np.argwhere(a))
    return G
