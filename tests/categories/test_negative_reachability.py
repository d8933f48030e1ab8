"""negative_reachability (L1): the nodes x can NOT reach; x itself is never listed."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import closurebench
from closurebench import ConfigError, solve
from closurebench.records import canonical

CAT = "negative_reachability"


def test_docstring_example_isolated_node_is_not_reached(engine: str) -> None:
    nodes = ["A", "B", "C"]
    assert solve(CAT, [("A", "B")], {"x": "A"}, nodes=nodes, engine=engine) == ["C"]


def test_source_on_a_cycle_is_still_not_listed(engine: str) -> None:
    edges = [("A", "B"), ("B", "A")]
    nodes = ["A", "B", "C"]
    assert solve(CAT, edges, {"x": "A"}, nodes=nodes, engine=engine) == ["C"]


def test_source_that_reaches_everyone_gets_an_empty_list(engine: str) -> None:
    assert solve(CAT, [("A", "B"), ("B", "C")], {"x": "A"}, engine=engine) == []


def test_sink_reaches_no_one(engine: str) -> None:
    edges = [("A", "B"), ("B", "C"), ("D", "B")]
    assert solve(CAT, edges, {"x": "C"}, engine=engine) == ["A", "B", "D"]


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'negative_reach'"):
        solve("negative_reach", [("A", "B")], {"x": "A"})


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
