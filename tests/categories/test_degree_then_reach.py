"""degree_then_reach (L2): how many nodes the unique highest-out-degree node reaches."""

from __future__ import annotations

import pytest

from closurebench import ConfigError, UnposableQuery, solve

CAT = "degree_then_reach"


def test_docstring_example(engine: str) -> None:
    edges = [("A", "B"), ("A", "C"), ("C", "D")]
    assert solve(CAT, edges, {}, engine=engine) == 3


def test_hub_on_a_cycle_does_not_count_itself(engine: str) -> None:
    edges = [("A", "B"), ("A", "C"), ("B", "A")]
    assert solve(CAT, edges, {}, engine=engine) == 2


def test_tie_for_the_hub_is_refused(engine: str) -> None:
    with pytest.raises(UnposableQuery, match="no unique highest out-degree"):
        solve(CAT, [("A", "B"), ("C", "D")], {}, engine=engine)


def test_graph_without_edges_is_a_tie(engine: str) -> None:
    with pytest.raises(UnposableQuery, match="no unique highest out-degree"):
        solve(CAT, [], {}, nodes=["A", "B", "C"], engine=engine)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'hub_reach'"):
        solve("hub_reach", [("A", "B")], {})
