"""max_degree (L1): the unique node of highest out-degree (or in-degree); ties are refused."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import closurebench
from closurebench import ConfigError, UnposableQuery, solve
from closurebench.records import canonical

CAT = "max_degree"
DOC = [("A", "B"), ("A", "C"), ("B", "C")]


def test_docstring_example_highest_out_degree(engine: str) -> None:
    assert solve(CAT, DOC, {"direction": "out"}, engine=engine) == "A"


def test_docstring_graph_highest_in_degree(engine: str) -> None:
    assert solve(CAT, DOC, {"direction": "in"}, engine=engine) == "C"


def test_tie_for_highest_out_degree_is_refused(engine: str) -> None:
    with pytest.raises(UnposableQuery, match="tie"):
        solve(CAT, [("A", "B"), ("C", "D")], {"direction": "out"}, engine=engine)


def test_tie_for_highest_in_degree_is_refused(engine: str) -> None:
    with pytest.raises(UnposableQuery, match="tie"):
        solve(CAT, [("A", "B"), ("C", "D")], {"direction": "in"}, engine=engine)


def test_graph_without_edges_is_one_big_tie(engine: str) -> None:
    with pytest.raises(UnposableQuery, match="tie"):
        solve(CAT, [], {"direction": "out"}, nodes=["A", "B"], engine=engine)


def test_isolated_nodes_do_not_break_a_unique_maximum(engine: str) -> None:
    nodes = ["A", "B", "C", "D", "E"]
    assert solve(CAT, DOC, {"direction": "out"}, nodes=nodes, engine=engine) == "A"


def test_unknown_direction_is_rejected(engine: str) -> None:
    with pytest.raises(ConfigError, match="direction"):
        solve(CAT, DOC, {"direction": "sideways"}, engine=engine)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'max_degrees'"):
        solve("max_degrees", DOC, {"direction": "out"})


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
