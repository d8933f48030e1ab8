"""scc_then_count (L2): the size of x's strongly connected component, x included."""

from __future__ import annotations

import pytest

from closurebench import ConfigError, solve

CAT = "scc_then_count"
DOC = [("A", "B"), ("B", "A"), ("B", "C")]


def test_docstring_example(engine: str) -> None:
    assert solve(CAT, DOC, {"x": "A"}, engine=engine) == 2


def test_node_below_a_cycle_is_alone(engine: str) -> None:
    assert solve(CAT, DOC, {"x": "C"}, engine=engine) == 1


def test_isolated_node_counts_itself(engine: str) -> None:
    nodes = ["A", "B", "C", "D"]
    assert solve(CAT, DOC, {"x": "D"}, nodes=nodes, engine=engine) == 1


def test_two_cycles_sharing_a_node_are_one_component(engine: str) -> None:
    edges = [("A", "B"), ("B", "A"), ("B", "C"), ("C", "D"), ("D", "B"), ("D", "E")]
    assert solve(CAT, edges, {"x": "A"}, engine=engine) == 4


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'scc_count'"):
        solve("scc_count", DOC, {"x": "A"})
