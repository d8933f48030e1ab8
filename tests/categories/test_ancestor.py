"""ancestor (L1): x's unique oldest ancestor, the one the most generations above x."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import closurebench
from closurebench import ConfigError, UnposableQuery, solve
from closurebench.records import canonical

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


def test_generate_is_deterministic(records: list[dict[str, Any]]) -> None:
    assert list(closurebench.generate(CAT, per_category=4, seed=3)) == records


def test_generated_records_are_well_formed(records: list[dict[str, Any]]) -> None:
    assert len(records) == 4
    for rec in records:
        assert (rec["category"], rec["level"]) == (CAT, 1)
        schema = json.loads(rec["answer_schema"])
        Draft202012Validator(schema).validate(json.loads(rec["answer"]))


def test_solve_reproduces_every_generated_answer(
    records: list[dict[str, Any]], engine: str
) -> None:
    for rec in records:
        got = solve(CAT, rec["edges"], rec["query"], nodes=rec["nodes"], engine=engine)
        assert canonical(got) == rec["answer"], rec["id"]
