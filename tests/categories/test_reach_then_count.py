"""reach_then_count (L2): how many nodes x reaches, not counting x itself (even on a cycle)."""

from __future__ import annotations

import pytest

from closurebench import ConfigError, solve

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
