"""degree_then_reach (L2): how many nodes the unique highest-out-degree node reaches."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import closurebench
from closurebench import ConfigError, UnposableQuery, solve
from closurebench.records import canonical

CAT = "degree_then_reach"


def test_docstring_example(engine: str) -> None:
    edges = [("A", "B"), ("A", "C"), ("C", "D")]
    assert solve(CAT, edges, {}, engine=engine) == 3


def test_hub_on_a_cycle_does_not_count_itself(engine: str) -> None:
    edges = [("A", "B"), ("A", "C"), ("B", "A")]
    assert solve(CAT, edges, {}, engine=engine) == 2


def test_tie_for_the_hub_is_refused(engine: str) -> None:
    with pytest.raises(UnposableQuery, match="no unique highest out-degree"):
        solve(CAT, [("A", "B"), ("C", "D")], {}, engine=engine)


def test_graph_without_edges_is_a_tie(engine: str) -> None:
    with pytest.raises(UnposableQuery, match="no unique highest out-degree"):
        solve(CAT, [], {}, nodes=["A", "B", "C"], engine=engine)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'hub_reach'"):
        solve("hub_reach", [("A", "B")], {})


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
