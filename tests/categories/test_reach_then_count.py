"""reach_then_count (L2): how many nodes x reaches, not counting x itself (even on a cycle)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import closurebench
from closurebench import ConfigError, solve
from closurebench.records import canonical

CAT = "reach_then_count"


def test_docstring_example_source_on_a_cycle(engine: str) -> None:
    edges = [("A", "B"), ("B", "C"), ("C", "A")]
    assert solve(CAT, edges, {"x": "A"}, engine=engine) == 2


def test_a_diamond_counts_the_bottom_once(engine: str) -> None:
    edges = [("A", "B"), ("A", "C"), ("B", "D"), ("C", "D")]
    assert solve(CAT, edges, {"x": "A"}, engine=engine) == 3


def test_sink_reaches_nothing(engine: str) -> None:
    assert solve(CAT, [("A", "B"), ("B", "C")], {"x": "C"}, engine=engine) == 0


def test_isolated_node_reaches_nothing(engine: str) -> None:
    nodes = ["A", "B", "C"]
    assert solve(CAT, [("A", "B")], {"x": "C"}, nodes=nodes, engine=engine) == 0


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'reach_count'"):
        solve("reach_count", [("A", "B")], {"x": "A"})


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
