"""set_difference (L1): the nodes x reaches that y does not; x and y are never listed."""

from __future__ import annotations

import pytest

from closurebench import ConfigError, solve

CAT = "set_difference"


def test_docstring_example(engine: str) -> None:
    edges = [("A", "B"), ("B", "C"), ("D", "C")]
    assert solve(CAT, edges, {"x": "A", "y": "D"}, engine=engine) == ["B"]


def test_y_upstream_of_x_leaves_nothing(engine: str) -> None:
    edges = [("D", "A"), ("A", "B")]
    assert solve(CAT, edges, {"x": "A", "y": "D"}, engine=engine) == []


def test_source_on_a_cycle_is_not_listed(engine: str) -> None:
    edges = [("A", "B"), ("B", "A"), ("B", "C")]
    assert solve(CAT, edges, {"x": "A", "y": "C"}, engine=engine) == ["B"]


def test_isolated_y_reaches_nothing(engine: str) -> None:
    edges = [("A", "B"), ("B", "C")]
    nodes = ["A", "B", "C", "D"]
    assert solve(CAT, edges, {"x": "A", "y": "D"}, nodes=nodes, engine=engine) == ["B", "C"]


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'difference'"):
        solve("difference", [("A", "B")], {"x": "A", "y": "B"})
