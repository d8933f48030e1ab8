"""reachability (L1): is there a directed path of one or more edges from x to y (x != y)?"""

from __future__ import annotations

from typing import Any

import pytest

from closurebench import ConfigError, solve

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


def test_generated_answers_are_balanced(records: list[dict[str, Any]]) -> None:
    assert sorted(rec["answer"] for rec in records) == ["false", "false", "true", "true"]


def _posed(count: int, seed: int = 5) -> list:
    """Structural halves of ``count`` default-axes instances (graph, query, answer, hops)."""
    from closurebench.generation.pose import pose, structural_seed

    return [pose(CAT, structural_seed(seed, CAT, j), (4, 10), (0.1, 0.5)) for j in range(count)]


def test_false_pairs_are_never_sink_or_source() -> None:
    posed = [p for p in _posed(80) if not p.answer]
    assert len(posed) == 40
    for p in posed:
        a, x, y = p.graph.adjacency, p.query["x"], p.query["y"]
        assert a[x].any() and a[:, y].any() and not a[x, y]


def test_true_pairs_need_their_recorded_hops_and_spread_over_depths() -> None:
    import networkx as nx

    from closurebench.generation.pose import DEEP_PAIR_HOPS

    hops = []
    for p in _posed(80):
        if p.answer:
            G = nx.DiGraph(list(p.graph.edges))
            assert nx.shortest_path_length(G, p.query["x"], p.query["y"]) == p.hops
            hops.append(p.hops)
    # a "yes" at one or two hops is decided by the view: every one needs three or more
    assert min(hops) >= DEEP_PAIR_HOPS and len(set(hops)) >= 3


def test_shallow_yes_is_still_posable_when_the_config_asks_for_it() -> None:
    from closurebench.generation.pose import pose, structural_seed

    got = [pose(CAT, structural_seed(7, CAT, j), (6, 10), (0.1, 0.5), hops=(1, 2))
           for j in range(20)]
    assert {p.hops for p in got if p.answer} == {1, 2}


def test_the_local_rule_and_ignoring_direction_are_near_chance() -> None:
    from closurebench.categories import get

    posed = _posed(80)
    reader = get(CAT).shortcuts["ignore-direction"]

    def local(g, q) -> bool:  # listed edge: true; sink x or source y: false; else true
        a = g.adjacency
        return bool(a[q["x"], q["y"]] or (a[q["x"]].any() and a[:, q["y"]].any()))

    for rule in (local, reader):
        assert sum(rule(p.graph, p.query) == p.answer for p in posed) <= 0.6 * len(posed)
