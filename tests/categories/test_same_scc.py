"""same_scc (L1): can x and y each reach the other (same strongly connected component)?"""

from __future__ import annotations

from typing import Any

import pytest

from closurebench import ConfigError, solve

CAT = "same_scc"
DOC = [("A", "B"), ("B", "A"), ("A", "C")]


def test_docstring_example_two_cycle_is_one_component(engine: str) -> None:
    assert solve(CAT, DOC, {"x": "A", "y": "B"}, engine=engine) is True


def test_docstring_example_one_way_edge_is_not(engine: str) -> None:
    assert solve(CAT, DOC, {"x": "A", "y": "C"}, engine=engine) is False
    assert solve(CAT, DOC, {"x": "C", "y": "A"}, engine=engine) is False


def test_long_cycle_joins_its_far_ends(engine: str) -> None:
    edges = [("A", "B"), ("B", "C"), ("C", "D"), ("D", "A")]
    assert solve(CAT, edges, {"x": "A", "y": "C"}, engine=engine) is True


def test_isolated_nodes_are_separate_components(engine: str) -> None:
    assert solve(CAT, [], {"x": "A", "y": "B"}, nodes=["A", "B"], engine=engine) is False


def test_x_equal_to_y_is_refused(engine: str) -> None:
    with pytest.raises(ConfigError, match="distinct"):
        solve(CAT, [("A", "B")], {"x": "A", "y": "A"}, engine=engine)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'same_component'"):
        solve("same_component", DOC, {"x": "A", "y": "B"})


def test_generated_answers_are_balanced(records: list[dict[str, Any]]) -> None:
    assert sorted(rec["answer"] for rec in records) == ["false", "false", "true", "true"]


def test_local_reader_reads_mutual_edges_and_sinks() -> None:
    from closurebench.categories.same_scc import local
    from closurebench.graph.families import Graph

    g = Graph(4, ((0, 1), (1, 0), (1, 2), (2, 3)))
    assert local(g, {"x": 0, "y": 1}) is True       # mutual edges
    assert local(g, {"x": 1, "y": 3}) is False      # 3 is a sink
    assert local(g, {"x": 1, "y": 2}) is True       # both in and out: guesses yes (wrong)


def test_false_pairs_are_not_locally_decidable(posed) -> None:
    import networkx as nx

    false = [p for p in posed if not p.answer]
    assert len(false) == len(posed) // 2
    for p in false:
        a, x, y = p.graph.adjacency, p.query["x"], p.query["y"]
        assert a[x].any() and a[:, x].any() and a[y].any() and a[:, y].any()
        und = nx.Graph(p.graph.edges)
        assert nx.shortest_path_length(und, x, y) <= 2


def test_true_pairs_hops_is_the_longer_way_round(posed) -> None:
    import networkx as nx

    true = [p for p in posed if p.answer]
    for p in true:
        G = nx.DiGraph(p.graph.edges)
        x, y = p.query["x"], p.query["y"]
        assert p.hops == max(nx.shortest_path_length(G, x, y), nx.shortest_path_length(G, y, x))
    assert len({p.hops for p in true}) >= 3
