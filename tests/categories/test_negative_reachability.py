"""negative_reachability (L1): the nodes x can NOT reach; x itself is never listed."""

from __future__ import annotations

import pytest

from closurebench import ConfigError, solve

from ._sample import as_networkx, posed_sample

CAT = "negative_reachability"


def test_docstring_example_isolated_node_is_not_reached(engine: str) -> None:
    nodes = ["A", "B", "C"]
    assert solve(CAT, [("A", "B")], {"x": "A"}, nodes=nodes, engine=engine) == ["C"]


def test_source_on_a_cycle_is_still_not_listed(engine: str) -> None:
    edges = [("A", "B"), ("B", "A")]
    nodes = ["A", "B", "C"]
    assert solve(CAT, edges, {"x": "A"}, nodes=nodes, engine=engine) == ["C"]


def test_source_that_reaches_everyone_gets_an_empty_list(engine: str) -> None:
    assert solve(CAT, [("A", "B"), ("B", "C")], {"x": "A"}, engine=engine) == []


def test_sink_reaches_no_one(engine: str) -> None:
    edges = [("A", "B"), ("B", "C"), ("D", "B")]
    assert solve(CAT, edges, {"x": "C"}, engine=engine) == ["A", "B", "D"]


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'negative_reach'"):
        solve("negative_reach", [("A", "B")], {"x": "A"})


def _posed(count: int, seed: int = 5) -> list:
    """Structural halves of ``count`` default-axes instances (graph, query, answer, hops)."""
    return posed_sample(CAT, count, seed)


_nx = as_networkx


def test_missed_nodes_are_rarely_outside_x_s_weak_component() -> None:
    """Missed nodes link back to x and its successors at the reached nodes' rate (closed
    blocks), so "the nodes outside x's weak component" is seldom the answer; the hop depth
    is the deepest distance from x."""
    import networkx as nx

    posed, weak = _posed(80), 0
    for p in posed:
        G, x = _nx(p.graph), p.query["x"]
        assert 0 < len(p.answer) < p.n - 1
        weak += sorted(set(G) - nx.node_connected_component(G.to_undirected(), x)) == p.answer
        assert p.hops == max(nx.single_source_shortest_path_length(G, x).values())
    assert weak <= 0.3 * len(posed)


def test_one_missed_node_is_not_the_usual_answer() -> None:
    posed = _posed(120)
    assert sum(len(p.answer) == 1 for p in posed) <= 0.3 * len(posed)
