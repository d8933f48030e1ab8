"""kinship_complex (L3): how many descendants x's unique oldest ancestor has (not itself)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import closurebench
from closurebench import ConfigError, UnposableQuery, solve
from closurebench.records import canonical

CAT = "kinship_complex"


def test_docstring_example(engine: str) -> None:
    edges = [("Eve", "Carol"), ("Carol", "Tina"), ("Eve", "Sam")]
    assert solve(CAT, edges, {"x": "Tina"}, engine=engine) == 3


def test_descendants_include_children_with_another_parent(engine: str) -> None:
    edges = [("Ann", "Carol"), ("Carol", "Tina"), ("Dan", "Tina"), ("Dan", "Uma")]
    assert solve(CAT, edges, {"x": "Tina"}, engine=engine) == 2


def test_a_couple_at_the_top_is_a_tie(engine: str) -> None:
    edges = [("Ann", "Carol"), ("Bob", "Carol"), ("Carol", "Tina")]
    with pytest.raises(UnposableQuery, match="no unique oldest ancestor"):
        solve(CAT, edges, {"x": "Tina"}, engine=engine)


def test_founder_has_no_ancestor(engine: str) -> None:
    edges = [("Eve", "Carol"), ("Carol", "Tina")]
    with pytest.raises(UnposableQuery):
        solve(CAT, edges, {"x": "Eve"}, engine=engine)


def test_n_max_below_three_is_rejected() -> None:
    with pytest.raises(ConfigError, match="n_max must be at least 3 for category "
                                          "kinship_complex"):
        closurebench.generate(CAT, n_min=2, n_max=2)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'lineage'"):
        solve("lineage", [("Eve", "Carol"), ("Carol", "Tina")], {"x": "Tina"})


def test_generate_is_deterministic(records: list[dict[str, Any]]) -> None:
    assert list(closurebench.generate(CAT, per_category=4, seed=3)) == records


def test_generated_records_are_well_formed(records: list[dict[str, Any]]) -> None:
    assert len(records) == 4
    for rec in records:
        assert (rec["category"], rec["level"]) == (CAT, 3)
        schema = json.loads(rec["answer_schema"])
        Draft202012Validator(schema).validate(json.loads(rec["answer"]))


def test_solve_reproduces_every_generated_answer(
    records: list[dict[str, Any]], engine: str
) -> None:
    for rec in records:
        got = solve(CAT, rec["edges"], rec["query"], nodes=rec["nodes"], engine=engine)
        assert canonical(got) == rec["answer"], rec["id"]
