"""chain_of_filters (L3): nodes x reaches, with out-degree >= t, that y cannot reach."""

from __future__ import annotations

import pytest

import closurebench
from closurebench import ConfigError, solve

CAT = "chain_of_filters"
DOC = [("A", "B"), ("B", "C"), ("B", "D"), ("Y", "D")]


def test_docstring_example(engine: str) -> None:
    assert solve(CAT, DOC, {"x": "A", "y": "Y", "t": 1}, engine=engine) == ["B"]


def test_threshold_two_on_the_docstring_graph(engine: str) -> None:
    assert solve(CAT, DOC, {"x": "A", "y": "Y", "t": 2}, engine=engine) == ["B"]


def test_y_reached_by_x_is_not_listed(engine: str) -> None:
    edges = [("A", "Y"), ("Y", "B"), ("A", "C"), ("C", "D")]
    assert solve(CAT, edges, {"x": "A", "y": "Y", "t": 1}, engine=engine) == ["C"]


def test_source_on_a_cycle_is_not_listed(engine: str) -> None:
    edges = [("A", "B"), ("B", "A")]
    nodes = ["A", "B", "Y"]
    assert solve(CAT, edges, {"x": "A", "y": "Y", "t": 1}, nodes=nodes, engine=engine) == ["B"]


def test_y_upstream_of_x_empties_the_list(engine: str) -> None:
    edges = [("Y", "A"), ("A", "B"), ("B", "C")]
    assert solve(CAT, edges, {"x": "A", "y": "Y", "t": 1}, engine=engine) == []


def test_n_max_below_three_is_rejected() -> None:
    with pytest.raises(ConfigError, match="n_max must be at least 3 for category "
                                          "chain_of_filters"):
        closurebench.generate(CAT, n_min=2, n_max=2)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'filters'"):
        solve("filters", DOC, {"x": "A", "y": "Y", "t": 1})


def test_the_degree_filter_removes_a_planted_node(posed) -> None:
    import networkx as nx

    for p in posed:
        G = nx.DiGraph(p.graph.edges)
        G.add_nodes_from(range(p.graph.n))
        x, y, t = p.query["x"], p.query["y"], p.query["t"]
        only = nx.descendants(G, x) - nx.descendants(G, y) - {x, y}
        if len(p.answer) < p.graph.n - 2:
            assert any(G.out_degree(v) < t for v in only), "the degree filter must matter"
        assert all(G.out_degree(v) >= t for v in p.answer)
