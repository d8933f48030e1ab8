"""aggregate_over_set (L3): mean out-degree over the nodes x reaches (x excluded), 2 decimals."""

from __future__ import annotations

import pytest

from closurebench import ConfigError, UnposableQuery, solve

CAT = "aggregate_over_set"
FAN = [("A", child) for child in "BCDEFGHI"]  # A -> eight children


def test_docstring_example(engine: str) -> None:
    edges = [("A", "B"), ("A", "C"), ("B", "C")]
    assert solve(CAT, edges, {"x": "A"}, engine=engine) == 0.5


def test_one_third_rounds_to_two_decimals(engine: str) -> None:
    edges = [("A", "B"), ("A", "C"), ("A", "D"), ("B", "C")]
    assert solve(CAT, edges, {"x": "A"}, engine=engine) == 0.33


def test_two_thirds_rounds_up(engine: str) -> None:
    edges = [("A", "B"), ("A", "C"), ("A", "D"), ("B", "C"), ("C", "D")]
    assert solve(CAT, edges, {"x": "A"}, engine=engine) == 0.67


def test_exact_halves_round_as_python_round_does(engine: str) -> None:
    # 1/8 = 0.125 and 3/8 = 0.375 are exact binary fractions: round-half-to-even.
    assert solve(CAT, [*FAN, ("B", "C")], {"x": "A"}, engine=engine) == 0.12
    three = [*FAN, ("B", "C"), ("B", "D"), ("C", "D")]
    assert solve(CAT, three, {"x": "A"}, engine=engine) == 0.38


def test_source_on_a_cycle_is_excluded_but_edges_to_it_count(engine: str) -> None:
    edges = [("A", "B"), ("B", "A"), ("B", "C")]
    assert solve(CAT, edges, {"x": "A"}, engine=engine) == 1.0


def test_x_that_reaches_nothing_is_refused(engine: str) -> None:
    with pytest.raises(UnposableQuery, match="x reaches no node"):
        solve(CAT, [("A", "B")], {"x": "B"}, engine=engine)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'aggregate'"):
        solve("aggregate", [("A", "B")], {"x": "A"})
