"""triangle_count (L1): the triangles of an undirected graph, each counted once."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import closurebench
from closurebench import ConfigError, solve
from closurebench.records import canonical

CAT = "triangle_count"


def test_docstring_example_one_triangle_with_a_tail(engine: str) -> None:
    edges = [("A", "B"), ("B", "C"), ("C", "A"), ("C", "D")]
    assert solve(CAT, edges, {}, engine=engine) == 1


def test_edges_may_be_given_in_either_order(engine: str) -> None:
    edges = [("B", "A"), ("C", "B"), ("A", "C")]
    assert solve(CAT, edges, {}, engine=engine) == 1


def test_a_link_given_both_ways_is_one_link(engine: str) -> None:
    edges = [("A", "B"), ("B", "A"), ("B", "C"), ("C", "B"), ("C", "A"), ("A", "C")]
    assert solve(CAT, edges, {}, engine=engine) == 1


def test_complete_graph_on_four_nodes_has_four(engine: str) -> None:
    edges = [("A", "B"), ("A", "C"), ("A", "D"), ("B", "C"), ("B", "D"), ("C", "D")]
    assert solve(CAT, edges, {}, engine=engine) == 4


def test_square_with_isolated_nodes_has_none(engine: str) -> None:
    edges = [("A", "B"), ("B", "C"), ("C", "D"), ("D", "A")]
    nodes = ["A", "B", "C", "D", "E", "F"]
    assert solve(CAT, edges, {}, nodes=nodes, engine=engine) == 0


def test_fewer_than_three_nodes_is_rejected(engine: str) -> None:
    with pytest.raises(ConfigError, match="triangle_count needs at least 3 nodes, got 2"):
        solve(CAT, [("A", "B")], {}, engine=engine)


def test_n_max_below_three_is_rejected() -> None:
    with pytest.raises(ConfigError, match="n_max must be at least 3 for category triangle_count"):
        closurebench.generate(CAT, n_min=2, n_max=2)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'triangles'"):
        solve("triangles", [("A", "B"), ("B", "C"), ("C", "A")], {})


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
