"""graph_comparison (L3): the nodes x reached before a change but not after (x never listed)."""

from __future__ import annotations

import pytest

from closurebench import ConfigError, solve

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


def test_lost_edge_reader() -> None:
    from closurebench.categories.graph_comparison import lost_edge
    from closurebench.graph.families import Graph

    before = Graph(4, ((0, 1), (1, 2), (2, 3), (0, 3)))
    after = Graph(4, ((0, 1), (2, 3)))
    assert lost_edge((before, after), {"x": 0}) == [2, 3]  # the truth is [2]


def test_planted_lost_set(posed) -> None:
    import networkx as nx

    for p in posed:
        before, after = (nx.DiGraph(g.edges) for g in p.graph)
        for G in (before, after):
            G.add_nodes_from(range(p.graph[0].n))
        x = p.query["x"]
        kept = nx.descendants(after, x)
        assert kept, "x still reaches something after the change"
        assert kept <= nx.descendants(before, x)
    assert len({len(p.answer) for p in posed}) >= 4
