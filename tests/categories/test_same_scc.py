"""same_scc (L1): can x and y each reach the other (same strongly connected component)?"""

from __future__ import annotations

from typing import Any

import pytest

from closurebench import ConfigError, solve

CAT = "same_scc"
DOC = [("A", "B"), ("B", "A"), ("A", "C")]


def test_docstring_example_two_cycle_is_one_component(engine: str) -> None:
    assert solve(CAT, DOC, {"x": "A", "y": "B"}, engine=engine) is True


def test_docstring_example_one_way_edge_is_not(engine: str) -> None:
    assert solve(CAT, DOC, {"x": "A", "y": "C"}, engine=engine) is False
    assert solve(CAT, DOC, {"x": "C", "y": "A"}, engine=engine) is False


def test_long_cycle_joins_its_far_ends(engine: str) -> None:
    edges = [("A", "B"), ("B", "C"), ("C", "D"), ("D", "A")]
    assert solve(CAT, edges, {"x": "A", "y": "C"}, engine=engine) is True


def test_isolated_nodes_are_separate_components(engine: str) -> None:
    assert solve(CAT, [], {"x": "A", "y": "B"}, nodes=["A", "B"], engine=engine) is False


def test_x_equal_to_y_is_refused(engine: str) -> None:
    with pytest.raises(ConfigError, match="distinct"):
        solve(CAT, [("A", "B")], {"x": "A", "y": "A"}, engine=engine)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'same_component'"):
        solve("same_component", DOC, {"x": "A", "y": "B"})


def test_generated_answers_are_balanced(records: list[dict[str, Any]]) -> None:
    assert sorted(rec["answer"] for rec in records) == ["false", "false", "true", "true"]
