"""ancestor (L1): x's unique oldest ancestor, the one the most generations above x."""

from __future__ import annotations

import pytest

from closurebench import ConfigError, UnposableQuery, solve

CAT = "ancestor"


def test_docstring_example(engine: str) -> None:
    edges = [("Eve", "Carol"), ("Carol", "Tina")]
    assert solve(CAT, edges, {"x": "Tina"}, engine=engine) == "Eve"


def test_a_couple_at_the_top_is_a_tie(engine: str) -> None:
    edges = [("Ann", "Carol"), ("Bob", "Carol"), ("Carol", "Tina")]
    with pytest.raises(UnposableQuery, match="no unique oldest ancestor"):
        solve(CAT, edges, {"x": "Tina"}, engine=engine)


def test_second_parent_is_younger_than_the_grandparent(engine: str) -> None:
    edges = [("Ann", "Carol"), ("Carol", "Tina"), ("Dan", "Tina")]
    assert solve(CAT, edges, {"x": "Tina"}, engine=engine) == "Ann"


def test_generations_count_the_longest_line(engine: str) -> None:
    edges = [("Ann", "Bob"), ("Bob", "Cid"), ("Cid", "Xia"), ("Ann", "Xia"), ("Dee", "Xia")]
    assert solve(CAT, edges, {"x": "Xia"}, engine=engine) == "Ann"


def test_founder_has_no_ancestor(engine: str) -> None:
    edges = [("Eve", "Carol"), ("Carol", "Tina")]
    with pytest.raises(UnposableQuery):
        solve(CAT, edges, {"x": "Eve"}, engine=engine)


def test_cyclic_parent_edges_are_rejected(engine: str) -> None:
    edges = [("Eve", "Carol"), ("Carol", "Eve")]
    with pytest.raises(ConfigError, match="parent edges contain a cycle"):
        solve(CAT, edges, {"x": "Eve"}, engine=engine)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'ancestors'"):
        solve("ancestors", [("Eve", "Carol")], {"x": "Carol"})
