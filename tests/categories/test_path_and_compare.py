"""path_and_compare (L2): of y and z, which is fewer directed steps from x? (ties refused)"""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import closurebench
from closurebench import ConfigError, UnposableQuery, solve
from closurebench.records import canonical

CAT = "path_and_compare"
DOC = [("A", "B"), ("B", "C"), ("A", "D")]


def test_docstring_example(engine: str) -> None:
    assert solve(CAT, DOC, {"x": "A", "y": "B", "z": "C"}, engine=engine) == "B"
    assert solve(CAT, DOC, {"x": "A", "y": "C", "z": "B"}, engine=engine) == "B"


def test_a_shortcut_beats_the_long_way_round(engine: str) -> None:
    edges = [("A", "B"), ("B", "C"), ("C", "D"), ("A", "D")]
    assert solve(CAT, edges, {"x": "A", "y": "C", "z": "D"}, engine=engine) == "D"


def test_equal_distances_are_a_tie(engine: str) -> None:
    with pytest.raises(UnposableQuery, match="different distances"):
        solve(CAT, DOC, {"x": "A", "y": "B", "z": "D"}, engine=engine)


def test_an_unreachable_target_is_refused(engine: str) -> None:
    with pytest.raises(UnposableQuery, match="both targets must be reachable"):
        solve(CAT, DOC, {"x": "B", "y": "C", "z": "D"}, engine=engine)


def test_query_needs_all_three_nodes(engine: str) -> None:
    with pytest.raises(ConfigError, match="needs the node field 'z'"):
        solve(CAT, DOC, {"x": "A", "y": "B"}, engine=engine)


def test_n_max_below_three_is_rejected() -> None:
    with pytest.raises(ConfigError, match="n_max must be at least 3 for category "
                                          "path_and_compare"):
        closurebench.generate(CAT, n_min=2, n_max=2)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'shortest_path'"):
        solve("shortest_path", DOC, {"x": "A", "y": "B", "z": "C"})


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
