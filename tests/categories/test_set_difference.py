"""set_difference (L1): the nodes x reaches that y does not; x and y are never listed."""

from __future__ import annotations

import pytest

from closurebench import ConfigError, solve

CAT = "set_difference"


def test_docstring_example(engine: str) -> None:
    edges = [("A", "B"), ("B", "C"), ("D", "C")]
    assert solve(CAT, edges, {"x": "A", "y": "D"}, engine=engine) == ["B"]


def test_y_upstream_of_x_leaves_nothing(engine: str) -> None:
    edges = [("D", "A"), ("A", "B")]
    assert solve(CAT, edges, {"x": "A", "y": "D"}, engine=engine) == []


def test_source_on_a_cycle_is_not_listed(engine: str) -> None:
    edges = [("A", "B"), ("B", "A"), ("B", "C")]
    assert solve(CAT, edges, {"x": "A", "y": "C"}, engine=engine) == ["B"]


def test_isolated_y_reaches_nothing(engine: str) -> None:
    edges = [("A", "B"), ("B", "C")]
    nodes = ["A", "B", "C", "D"]
    assert solve(CAT, edges, {"x": "A", "y": "D"}, nodes=nodes, engine=engine) == ["B", "C"]


def test_n_max_below_eight_is_rejected() -> None:
    # generated from n = 8 (deep targets as blocks need a pair of non-members)
    import closurebench

    with pytest.raises(ConfigError, match="n_max must be at least 8 for category "
                                          "set_difference"):
        closurebench.generate(CAT, n_min=2, n_max=7)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'difference'"):
        solve("difference", [("A", "B")], {"x": "A", "y": "B"})


def test_ignore_y_reader_keeps_what_y_reaches() -> None:
    from closurebench.categories.set_difference import ignore_y
    from closurebench.graph.families import Graph

    g = Graph(4, ((0, 1), (1, 2), (3, 2)))
    assert ignore_y(g, {"x": 0, "y": 3}) == [1, 2]


def test_y_matters_and_hops_come_from_a_missed_or_a_wrongly_kept_node(posed) -> None:
    import networkx as nx

    from closurebench.categories import get
    from closurebench.graph import tensor as T

    cat = get(CAT)
    for p in posed:
        G = nx.DiGraph(p.graph.edges)
        G.add_nodes_from(range(p.graph.n))
        x, y = p.query["x"], p.query["y"]
        if len(p.answer) < p.graph.n - 2:
            assert nx.descendants(G, x) & nx.descendants(G, y), "y must take something away"
        if p.hops > 1:  # one hop short, the reader misses a node or keeps one y reaches
            with T.hop_limit(p.hops - 1):
                assert cat.tensor_program(p.graph, p.query) != p.answer
