"""graph_comparison (L3): the nodes x reached before a change but not after (x never listed)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import closurebench
from closurebench import ConfigError, solve
from closurebench.records import canonical

CAT = "graph_comparison"


def test_docstring_example(engine: str) -> None:
    before, after = [("A", "B"), ("B", "C")], [("A", "B")]
    assert solve(CAT, before, {"x": "A"}, edges_after=after, engine=engine) == ["C"]


def test_a_rerouted_path_loses_only_the_bypassed_node(engine: str) -> None:
    before, after = [("A", "B"), ("B", "C")], [("A", "C")]
    assert solve(CAT, before, {"x": "A"}, edges_after=after, engine=engine) == ["B"]


def test_breaking_a_cycle_never_lists_x(engine: str) -> None:
    before, after = [("A", "B"), ("B", "A")], [("B", "A")]
    assert solve(CAT, before, {"x": "A"}, edges_after=after, engine=engine) == ["B"]


def test_only_gains_give_an_empty_list(engine: str) -> None:
    before, after = [("A", "B")], [("A", "B"), ("B", "C")]
    assert solve(CAT, before, {"x": "A"}, edges_after=after, engine=engine) == []


def test_isolated_nodes_via_nodes(engine: str) -> None:
    nodes = ["A", "B", "C", "D"]
    assert solve(CAT, [("A", "B")], {"x": "A"}, nodes=nodes, edges_after=[],
                 engine=engine) == ["B"]


def test_edges_after_is_required(engine: str) -> None:
    with pytest.raises(ConfigError, match="edges_after is required for graph_comparison"):
        solve(CAT, [("A", "B")], {"x": "A"}, engine=engine)


def test_edges_after_is_only_for_graph_comparison(engine: str) -> None:
    with pytest.raises(ConfigError, match="edges_after is required for graph_comparison and "
                                          "only for it"):
        solve("reachability", [("A", "B")], {"x": "A", "y": "B"}, edges_after=[],
              engine=engine)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'graph_diff'"):
        solve("graph_diff", [("A", "B")], {"x": "A"}, edges_after=[])


def test_generate_is_deterministic(records: list[dict[str, Any]]) -> None:
    assert list(closurebench.generate(CAT, per_category=4, seed=3)) == records


def test_generated_records_are_well_formed(records: list[dict[str, Any]]) -> None:
    assert len(records) == 4
    for rec in records:
        assert (rec["category"], rec["level"]) == (CAT, 3)
        schema = json.loads(rec["answer_schema"])
        Draft202012Validator(schema).validate(json.loads(rec["answer"]))


def test_solve_reproduces_every_generated_answer(
    records: list[dict[str, Any]], engine: str
) -> None:
    for rec in records:
        got = solve(CAT, rec["edges"], rec["query"], nodes=rec["nodes"],
                    edges_after=rec["edges_after"], engine=engine)
        assert canonical(got) == rec["answer"], rec["id"]
