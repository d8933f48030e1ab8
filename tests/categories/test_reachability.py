"""reachability (L1): is there a directed path of one or more edges from x to y (x != y)?"""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import closurebench
from closurebench import ConfigError, solve
from closurebench.records import canonical

CAT = "reachability"


def test_docstring_example_a_reaches_c(engine: str) -> None:
    assert solve(CAT, [("A", "B"), ("B", "C")], {"x": "A", "y": "C"}, engine=engine) is True


def test_docstring_example_c_does_not_reach_a(engine: str) -> None:
    assert solve(CAT, [("A", "B"), ("B", "C")], {"x": "C", "y": "A"}, engine=engine) is False


def test_source_on_a_cycle_reaches_beyond_it(engine: str) -> None:
    edges = [("A", "B"), ("B", "A"), ("B", "C")]
    assert solve(CAT, edges, {"x": "A", "y": "C"}, engine=engine) is True
    assert solve(CAT, edges, {"x": "C", "y": "A"}, engine=engine) is False


def test_isolated_node_is_not_reached(engine: str) -> None:
    nodes = ["A", "B", "C", "D"]
    assert solve(CAT, [("A", "B"), ("B", "C")], {"x": "A", "y": "D"}, nodes=nodes,
                 engine=engine) is False


def test_integer_labels_are_read_as_strings(engine: str) -> None:
    assert solve(CAT, [(1, 2), (2, 3)], {"x": 1, "y": 3}, engine=engine) is True


def test_x_equal_to_y_is_refused(engine: str) -> None:
    with pytest.raises(ConfigError, match="distinct"):
        solve(CAT, [("A", "B")], {"x": "A", "y": "A"}, engine=engine)


def test_query_node_must_be_in_the_graph(engine: str) -> None:
    with pytest.raises(ConfigError, match=r"query\['y'\] = 'Z' is not a node of the graph"):
        solve(CAT, [("A", "B")], {"x": "A", "y": "Z"}, engine=engine)


def test_query_needs_both_nodes(engine: str) -> None:
    with pytest.raises(ConfigError, match="needs the node field 'y'"):
        solve(CAT, [("A", "B")], {"x": "A"}, engine=engine)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'reachabilty'"):
        solve("reachabilty", [("A", "B")], {"x": "A", "y": "B"})


def test_unknown_engine_is_rejected() -> None:
    with pytest.raises(ConfigError, match="engine must be 'tensor' or 'networkx'"):
        solve(CAT, [("A", "B")], {"x": "A", "y": "B"}, engine="sympy")


def test_generate_is_deterministic(records: list[dict[str, Any]]) -> None:
    assert list(closurebench.generate(CAT, per_category=4, seed=3)) == records


def test_generated_records_are_well_formed(records: list[dict[str, Any]]) -> None:
    assert len(records) == 4
    for rec in records:
        assert (rec["category"], rec["level"]) == (CAT, 1)
        schema = json.loads(rec["answer_schema"])
        Draft202012Validator(schema).validate(json.loads(rec["answer"]))


def test_generated_answers_are_balanced(records: list[dict[str, Any]]) -> None:
    assert sorted(rec["answer"] for rec in records) == ["false", "false", "true", "true"]


def test_solve_reproduces_every_generated_answer(
    records: list[dict[str, Any]], engine: str
) -> None:
    for rec in records:
        got = solve(CAT, rec["edges"], rec["query"], nodes=rec["nodes"], engine=engine)
        assert canonical(got) == rec["answer"], rec["id"]
