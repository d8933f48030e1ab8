"""reach_then_filter (L2): the nodes x reaches (x never listed) with out-degree >= t."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import closurebench
from closurebench import ConfigError, solve
from closurebench.records import canonical

CAT = "reach_then_filter"
DOC = [("A", "B"), ("B", "C"), ("B", "D")]


def test_docstring_example(engine: str) -> None:
    assert solve(CAT, DOC, {"x": "A", "t": 2}, engine=engine) == ["B"]


def test_threshold_one_drops_the_sinks(engine: str) -> None:
    edges = [*DOC, ("C", "A")]
    assert solve(CAT, edges, {"x": "A", "t": 1}, engine=engine) == ["B", "C"]


def test_source_on_a_cycle_is_not_listed(engine: str) -> None:
    edges = [("A", "B"), ("B", "A")]
    assert solve(CAT, edges, {"x": "A", "t": 1}, engine=engine) == ["B"]


def test_out_degree_counts_edges_outside_the_reached_set(engine: str) -> None:
    edges = [("A", "B"), ("B", "A"), ("B", "C")]
    assert solve(CAT, edges, {"x": "A", "t": 2}, engine=engine) == ["B"]


def test_threshold_above_every_degree_gives_an_empty_list(engine: str) -> None:
    assert solve(CAT, DOC, {"x": "A", "t": 3}, engine=engine) == []


def test_query_needs_a_threshold(engine: str) -> None:
    with pytest.raises(ConfigError, match="missing field 't'"):
        solve(CAT, DOC, {"x": "A"}, engine=engine)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'reach_filter'"):
        solve("reach_filter", DOC, {"x": "A", "t": 2})


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
