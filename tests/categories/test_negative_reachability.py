"""negative_reachability (L1): the nodes x can NOT reach; x itself is never listed."""

from __future__ import annotations

import pytest

from closurebench import ConfigError, solve

CAT = "negative_reachability"


def test_docstring_example_isolated_node_is_not_reached(engine: str) -> None:
    nodes = ["A", "B", "C"]
    assert solve(CAT, [("A", "B")], {"x": "A"}, nodes=nodes, engine=engine) == ["C"]


def test_source_on_a_cycle_is_still_not_listed(engine: str) -> None:
    edges = [("A", "B"), ("B", "A")]
    nodes = ["A", "B", "C"]
    assert solve(CAT, edges, {"x": "A"}, nodes=nodes, engine=engine) == ["C"]


def test_source_that_reaches_everyone_gets_an_empty_list(engine: str) -> None:
    assert solve(CAT, [("A", "B"), ("B", "C")], {"x": "A"}, engine=engine) == []


def test_sink_reaches_no_one(engine: str) -> None:
    edges = [("A", "B"), ("B", "C"), ("D", "B")]
    assert solve(CAT, edges, {"x": "C"}, engine=engine) == ["A", "B", "D"]


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'negative_reach'"):
        solve("negative_reach", [("A", "B")], {"x": "A"})
