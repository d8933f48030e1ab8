"""intersect_then_size (L2): how many nodes both x and y reach (x and y not counted)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import closurebench
from closurebench import ConfigError, solve
from closurebench.records import canonical

CAT = "intersect_then_size"


def test_docstring_example(engine: str) -> None:
    edges = [("A", "C"), ("B", "C"), ("C", "D")]
    assert solve(CAT, edges, {"x": "A", "y": "B"}, engine=engine) == 2


def test_y_is_not_counted_when_x_reaches_it(engine: str) -> None:
    edges = [("A", "B"), ("B", "C")]
    assert solve(CAT, edges, {"x": "A", "y": "B"}, engine=engine) == 1


def test_a_shared_cycle_counts_neither_query_node(engine: str) -> None:
    edges = [("A", "B"), ("B", "A"), ("B", "C")]
    assert solve(CAT, edges, {"x": "A", "y": "B"}, engine=engine) == 1


def test_disjoint_reach_is_zero(engine: str) -> None:
    nodes = ["A", "B", "C", "D"]
    assert solve(CAT, [("A", "B")], {"x": "A", "y": "C"}, nodes=nodes, engine=engine) == 0


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'intersect_size'"):
        solve("intersect_size", [("A", "B")], {"x": "A", "y": "B"})


def test_generate_is_deterministic(records: list[dict[str, Any]]) -> None:
    assert list(closurebench.generate(CAT, per_category=4, seed=3)) == records


def test_generated_records_are_well_formed(records: list[dict[str, Any]]) -> None:
    assert len(records) == 4
    for rec in records:
        assert (rec["category"], rec["level"]) == (CAT, 2)
        schema = json.loads(rec["answer_schema"])
        Draft202012Validator(schema).validate(json.loads(rec["answer"]))


def test_solve_reproduces_every_generated_answer(
    records: list[dict[str, Any]], engine: str
) -> None:
    for rec in records:
        got = solve(CAT, rec["edges"], rec["query"], nodes=rec["nodes"], engine=engine)
        assert canonical(got) == rec["answer"], rec["id"]
