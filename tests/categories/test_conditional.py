"""conditional (L3): if x reaches y, the number of nodes x reaches (x excluded); else -1."""

from __future__ import annotations

from typing import Any

import pytest

from closurebench import ConfigError, solve

from ._sample import as_networkx, posed_sample

CAT = "conditional"
DOC = [("A", "B"), ("B", "C")]


def test_docstring_example_reaching_branch(engine: str) -> None:
    assert solve(CAT, DOC, {"x": "A", "y": "C"}, engine=engine) == 2


def test_docstring_example_minus_one_branch(engine: str) -> None:
    assert solve(CAT, DOC, {"x": "C", "y": "A"}, engine=engine) == -1


def test_source_on_a_cycle_does_not_count_itself(engine: str) -> None:
    edges = [("A", "B"), ("B", "A")]
    assert solve(CAT, edges, {"x": "A", "y": "B"}, engine=engine) == 1


def test_isolated_target_takes_the_minus_one_branch(engine: str) -> None:
    nodes = ["A", "B", "C", "D"]
    assert solve(CAT, DOC, {"x": "A", "y": "D"}, nodes=nodes, engine=engine) == -1


def test_x_equal_to_y_is_refused(engine: str) -> None:
    with pytest.raises(ConfigError, match="distinct"):
        solve(CAT, [("A", "B"), ("B", "A")], {"x": "A", "y": "A"}, engine=engine)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'if_reach'"):
        solve("if_reach", DOC, {"x": "A", "y": "C"})


def test_generated_branches_are_balanced(records: list[dict[str, Any]]) -> None:
    assert sum(rec["answer"] == "-1" for rec in records) == 2


def _posed(count: int, seed: int = 5) -> list:
    """Structural halves of ``count`` default-axes instances (graph, query, answer, hops)."""
    return posed_sample(CAT, count, seed)


_nx = as_networkx


def test_minus_one_branch_is_never_sink_or_source() -> None:
    for p in _posed(60):
        a, x, y = p.graph.adjacency, p.query["x"], p.query["y"]
        if p.answer == -1:
            assert a[x].any() and a[:, y].any() and not a[x, y]


def test_counting_branch_needs_its_recorded_hops() -> None:
    import networkx as nx

    for p in _posed(60):
        if p.answer != -1:
            dist = nx.single_source_shortest_path_length(_nx(p.graph), p.query["x"])
            assert p.query["y"] in dist and max(dist.values()) == p.hops


def test_the_true_branch_count_design_spreads_its_counts() -> None:
    from closurebench.categories import conditional as m

    from ._sample import design_shares

    by_k, by_v = design_shares(m.DESIGN)
    assert max(by_v.values()) <= 0.17  # target over the count answers: top <= 30%
    assert max(by_k.values()) / 2 <= 0.18  # "n - k" is right on the true half at most
