"""set_intersection (L1): the nodes both x and y reach; x and y themselves are never listed."""

from __future__ import annotations

import pytest

from closurebench import ConfigError, solve

CAT = "set_intersection"


def test_docstring_example(engine: str) -> None:
    edges = [("A", "C"), ("B", "C"), ("C", "D")]
    assert solve(CAT, edges, {"x": "A", "y": "B"}, engine=engine) == ["C", "D"]


def test_y_is_not_listed_when_x_reaches_it(engine: str) -> None:
    edges = [("A", "B"), ("B", "C")]
    assert solve(CAT, edges, {"x": "A", "y": "B"}, engine=engine) == ["C"]


def test_a_shared_cycle_lists_neither_query_node(engine: str) -> None:
    edges = [("A", "B"), ("B", "A")]
    assert solve(CAT, edges, {"x": "A", "y": "B"}, engine=engine) == []


def test_disjoint_reach_gives_an_empty_list(engine: str) -> None:
    edges = [("A", "B"), ("C", "D")]
    assert solve(CAT, edges, {"x": "A", "y": "C"}, engine=engine) == []


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'intersection'"):
        solve("intersection", [("A", "B")], {"x": "A", "y": "B"})


def test_planted_common_region(posed) -> None:
    import networkx as nx

    for p in posed:
        G = nx.DiGraph(p.graph.edges)
        G.add_nodes_from(range(p.graph.n))
        x, y = p.query["x"], p.query["y"]
        assert x not in nx.descendants(G, y)
        if y in nx.descendants(G, x):  # then the answer is everything y reaches
            assert p.answer == sorted(nx.descendants(G, y) - {y})
        dx = nx.single_source_shortest_path_length(G, x)
        dy = nx.single_source_shortest_path_length(G, y)
        assert p.hops == max(max(dx[v], dy[v]) for v in p.answer)
    assert len({len(p.answer) for p in posed}) >= 4
