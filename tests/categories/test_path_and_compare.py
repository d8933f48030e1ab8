"""path_and_compare (L2): of y and z, which is fewer directed steps from x? (ties refused)"""

from __future__ import annotations

import pytest

import closurebench
from closurebench import ConfigError, UnposableQuery, solve

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


def test_n_max_below_six_is_rejected() -> None:
    # generated from n = 6 (built blind: below it every view is decided)
    with pytest.raises(ConfigError, match="n_max must be at least 6 for category "
                                          "path_and_compare"):
        closurebench.generate(CAT, n_min=2, n_max=5)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'shortest_path'"):
        solve("shortest_path", DOC, {"x": "A", "y": "B", "z": "C"})


def test_a_hop_limited_reader_answers_the_one_target_it_sees() -> None:
    from closurebench.categories import get
    from closurebench.graph import tensor as T
    from closurebench.graph.families import Graph

    cat = get(CAT)
    g = Graph(4, ((0, 1), (1, 2), (2, 3)))
    q = {"x": 0, "y": 3, "z": 1}
    with T.hop_limit(1):
        assert cat.tensor_program(g, q) == 1
    with T.hop_limit(1), pytest.raises(UnposableQuery, match="neither"):
        cat.tensor_program(g, {"x": 0, "y": 3, "z": 2})


def test_hops_is_the_nearer_distance_and_sides_are_balanced(posed) -> None:
    import networkx as nx

    for p in posed:
        G = nx.DiGraph(p.graph.edges)
        d = nx.single_source_shortest_path_length(G, p.query["x"])
        assert p.hops == d[p.answer] < d[p.query["z" if p.answer == p.query["y"] else "y"]]
    ys = sum(p.answer == p.query["y"] for p in posed)
    assert len(posed) / 4 < ys < 3 * len(posed) / 4
