"""mixed_domain (L3): mean out-degree over x's strongly connected component, 2 decimals."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import closurebench
from closurebench import ConfigError, UnposableQuery, solve
from closurebench.records import canonical

CAT = "mixed_domain"
DOC = [("A", "B"), ("B", "A"), ("B", "C")]
TRIANGLE = [("A", "B"), ("B", "C"), ("C", "A")]


def test_docstring_example(engine: str) -> None:
    assert solve(CAT, DOC, {"x": "A"}, engine=engine) == 1.5


def test_four_thirds_rounds_to_two_decimals(engine: str) -> None:
    edges = [*TRIANGLE, ("A", "D")]
    assert solve(CAT, edges, {"x": "B"}, engine=engine) == 1.33


def test_five_thirds_rounds_up(engine: str) -> None:
    edges = [*TRIANGLE, ("A", "D"), ("B", "D")]
    assert solve(CAT, edges, {"x": "C"}, engine=engine) == 1.67


def test_single_node_component_is_refused(engine: str) -> None:
    with pytest.raises(UnposableQuery, match="component is a single node"):
        solve(CAT, DOC, {"x": "C"}, engine=engine)


def test_isolated_node_is_refused(engine: str) -> None:
    with pytest.raises(UnposableQuery, match="component is a single node"):
        solve(CAT, DOC, {"x": "D"}, nodes=["A", "B", "C", "D"], engine=engine)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'mixed'"):
        solve("mixed", DOC, {"x": "A"})


def test_generate_is_deterministic(records: list[dict[str, Any]]) -> None:
    assert list(closurebench.generate(CAT, per_category=4, seed=3)) == records


def test_generated_records_are_well_formed(records: list[dict[str, Any]]) -> None:
    assert len(records) == 4
    for rec in records:
        assert (rec["category"], rec["level"]) == (CAT, 3)
        answer = json.loads(rec["answer"])
        Draft202012Validator(json.loads(rec["answer_schema"])).validate(answer)
        assert round(answer, 2) == answer


def test_solve_reproduces_every_generated_answer(
    records: list[dict[str, Any]], engine: str
) -> None:
    for rec in records:
        got = solve(CAT, rec["edges"], rec["query"], nodes=rec["nodes"], engine=engine)
        assert canonical(got) == rec["answer"], rec["id"]
