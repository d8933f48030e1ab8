"""reach_then_count (L2): how many nodes x reaches, not counting x itself (even on a cycle)."""

from __future__ import annotations

import pytest

from closurebench import ConfigError, solve

from ._sample import as_networkx, posed_sample

CAT = "reach_then_count"


def test_docstring_example_source_on_a_cycle(engine: str) -> None:
    edges = [("A", "B"), ("B", "C"), ("C", "A")]
    assert solve(CAT, edges, {"x": "A"}, engine=engine) == 2


def test_a_diamond_counts_the_bottom_once(engine: str) -> None:
    edges = [("A", "B"), ("A", "C"), ("B", "D"), ("C", "D")]
    assert solve(CAT, edges, {"x": "A"}, engine=engine) == 3


def test_sink_reaches_nothing(engine: str) -> None:
    assert solve(CAT, [("A", "B"), ("B", "C")], {"x": "C"}, engine=engine) == 0


def test_isolated_node_reaches_nothing(engine: str) -> None:
    nodes = ["A", "B", "C"]
    assert solve(CAT, [("A", "B")], {"x": "C"}, nodes=nodes, engine=engine) == 0


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'reach_count'"):
        solve("reach_count", [("A", "B")], {"x": "A"})


def _posed(count: int, seed: int = 5) -> list:
    """Structural halves of ``count`` default-axes instances (graph, query, answer, hops)."""
    return posed_sample(CAT, count, seed)


_nx = as_networkx


def test_hops_is_the_depth_of_the_planted_reach_set() -> None:
    import networkx as nx

    for p in _posed(60):
        dist = nx.single_source_shortest_path_length(_nx(p.graph), p.query["x"])
        assert (len(dist) - 1, max(dist.values())) == (p.answer, p.hops)


def test_counts_do_not_follow_n() -> None:
    posed = _posed(120)
    for k in range(4):
        assert sum(p.answer == p.n - k for p in posed) <= 0.3 * len(posed)
    assert len({p.answer for p in posed}) >= 6


def test_the_count_design_keeps_every_lazy_count_low() -> None:
    from closurebench.categories import reach_then_count as m

    from ._sample import design_shares

    by_k, by_v = design_shares(m.DESIGN)
    assert {n for n, _ in m.DESIGN.cells()} == set(range(6, 11))  # blind-built from n = 6
    assert max(by_k.values()) <= 0.18  # target: each n - k rule <= 25%
    assert max(by_v.values()) <= 0.21  # target: the most frequent answer <= 30%
