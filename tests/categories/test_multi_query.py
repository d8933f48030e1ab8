"""multi_query (L3): x's out-degree, in-degree and whether x reaches y, as one object."""

from __future__ import annotations

import json
from typing import Any

import pytest

from closurebench import ConfigError, solve

from ._sample import as_networkx, posed_sample

CAT = "multi_query"
DOC = [("A", "B"), ("C", "A"), ("B", "D")]


def test_docstring_example(engine: str) -> None:
    expected = {"out_degree": 1, "in_degree": 1, "can_reach": True}
    assert solve(CAT, DOC, {"x": "A", "y": "D"}, engine=engine) == expected


def test_docstring_graph_from_the_sink(engine: str) -> None:
    expected = {"out_degree": 0, "in_degree": 1, "can_reach": False}
    assert solve(CAT, DOC, {"x": "D", "y": "A"}, engine=engine) == expected


def test_source_on_a_cycle(engine: str) -> None:
    edges = [("A", "B"), ("B", "A"), ("A", "C")]
    expected = {"out_degree": 1, "in_degree": 1, "can_reach": True}
    assert solve(CAT, edges, {"x": "B", "y": "C"}, engine=engine) == expected


def test_isolated_node(engine: str) -> None:
    expected = {"out_degree": 0, "in_degree": 0, "can_reach": False}
    nodes = ["A", "B", "C", "D", "E"]
    assert solve(CAT, DOC, {"x": "E", "y": "A"}, nodes=nodes, engine=engine) == expected


def test_x_equal_to_y_is_refused(engine: str) -> None:
    with pytest.raises(ConfigError, match="distinct"):
        solve(CAT, [("A", "B")], {"x": "A", "y": "A"}, engine=engine)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'multi'"):
        solve("multi", DOC, {"x": "A", "y": "D"})


def test_generated_can_reach_is_balanced(records: list[dict[str, Any]]) -> None:
    reach = sorted(json.loads(rec["answer"])["can_reach"] for rec in records)
    assert reach == [False, False, True, True]


def _posed(count: int, seed: int = 5) -> list:
    """Structural halves of ``count`` default-axes instances (graph, query, answer, hops)."""
    return posed_sample(CAT, count, seed)


_nx = as_networkx


def test_can_reach_is_not_locally_decidable() -> None:
    import networkx as nx

    for p in _posed(60):
        a, x, y = p.graph.adjacency, p.query["x"], p.query["y"]
        if p.answer["can_reach"]:
            assert nx.shortest_path_length(_nx(p.graph), x, y) == p.hops
        else:
            assert a[x].any() and a[:, y].any() and not a[x, y]
