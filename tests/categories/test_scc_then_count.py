"""scc_then_count (L2): the size of x's strongly connected component, x included."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import closurebench
from closurebench import ConfigError, solve
from closurebench.records import canonical

CAT = "scc_then_count"
DOC = [("A", "B"), ("B", "A"), ("B", "C")]


def test_docstring_example(engine: str) -> None:
    assert solve(CAT, DOC, {"x": "A"}, engine=engine) == 2


def test_node_below_a_cycle_is_alone(engine: str) -> None:
    assert solve(CAT, DOC, {"x": "C"}, engine=engine) == 1


def test_isolated_node_counts_itself(engine: str) -> None:
    nodes = ["A", "B", "C", "D"]
    assert solve(CAT, DOC, {"x": "D"}, nodes=nodes, engine=engine) == 1


def test_two_cycles_sharing_a_node_are_one_component(engine: str) -> None:
    edges = [("A", "B"), ("B", "A"), ("B", "C"), ("C", "D"), ("D", "B"), ("D", "E")]
    assert solve(CAT, edges, {"x": "A"}, engine=engine) == 4


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'scc_count'"):
        solve("scc_count", DOC, {"x": "A"})


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
