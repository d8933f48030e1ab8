"""set_difference (L1): the nodes x reaches that y does not; x and y are never listed."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import closurebench
from closurebench import ConfigError, solve
from closurebench.records import canonical

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
