"""degree_count (L1): x's out-degree or in-degree (distinct direct neighbours one way)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import closurebench
from closurebench import ConfigError, solve
from closurebench.records import canonical

CAT = "degree_count"
DOC = [("A", "B"), ("A", "C"), ("D", "A")]


def test_docstring_example_out_degree(engine: str) -> None:
    assert solve(CAT, DOC, {"x": "A", "direction": "out"}, engine=engine) == 2


def test_docstring_example_in_degree(engine: str) -> None:
    assert solve(CAT, DOC, {"x": "A", "direction": "in"}, engine=engine) == 1


def test_isolated_node_has_degree_zero_both_ways(engine: str) -> None:
    nodes = ["A", "B", "C", "D", "E"]
    assert solve(CAT, DOC, {"x": "E", "direction": "out"}, nodes=nodes, engine=engine) == 0
    assert solve(CAT, DOC, {"x": "E", "direction": "in"}, nodes=nodes, engine=engine) == 0


def test_a_repeated_edge_counts_once(engine: str) -> None:
    edges = [("A", "B"), ("A", "B"), ("B", "A")]
    assert solve(CAT, edges, {"x": "A", "direction": "out"}, engine=engine) == 1
    assert solve(CAT, edges, {"x": "A", "direction": "in"}, engine=engine) == 1


def test_query_needs_a_direction(engine: str) -> None:
    with pytest.raises(ConfigError, match="missing field 'direction'"):
        solve(CAT, DOC, {"x": "A"}, engine=engine)


def test_unknown_direction_is_rejected(engine: str) -> None:
    with pytest.raises(ConfigError, match="direction"):
        solve(CAT, DOC, {"x": "A", "direction": "sideways"}, engine=engine)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'degree'"):
        solve("degree", DOC, {"x": "A", "direction": "out"})


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
