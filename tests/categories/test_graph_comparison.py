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


def test_cut_links_the_unreached_and_keeps_the_lost_degrees() -> None:
    """The cut's look-alikes: unreached nodes (two or more) take in-edges in both graphs; the
    lost nodes' in-degree falls no further than ``IN_SHARE`` of the kept nodes' change (less
    room: only nodes x no longer reaches may point at them), and the out-degree of the nodes x
    no longer reaches changes little more than the kept nodes' (``_balance``; the repair's
    edges come out of them). Seed 11: in 0.52 against 0.82, out 0.83 against 0.66."""
    import random

    import numpy as np

    from closurebench.categories import graph_comparison as gc
    from closurebench.graph import tensor as T

    rng = random.Random(11)
    ins, outs = np.zeros(4), np.zeros(4)  # lost / gone before, after; kept before, after
    for _ in range(150):
        n = rng.randint(5, 10)
        h, m = rng.randint(1, 3), rng.randint(1, n - 3)
        (before, after), q = gc._cut(rng, n, 0.3, min(h, n - 2), m)
        b, a, x = before.adjacency, after.adjacency, q["x"]
        rb, ra = T.reach(b, x), T.reach(a, x)
        rb[x] = ra[x] = False
        unreached = ~rb
        unreached[x] = False
        if unreached.sum() >= 2:
            assert (b.sum(0)[unreached] >= 1).all() and (a.sum(0)[unreached] >= 1).all()
        lost = rb & ~ra
        assert ra.any() and lost.sum() == m
        gone = ~ra
        gone[x] = False
        ins += [b.sum(0)[lost].sum(), a.sum(0)[lost].sum(), b.sum(0)[ra].sum(),
                a.sum(0)[ra].sum()]
        outs += [b.sum(1)[gone].sum(), a.sum(1)[gone].sum(), b.sum(1)[ra].sum(),
                 a.sum(1)[ra].sum()]
    assert ins[1] / ins[0] >= gc.IN_SHARE * ins[3] / ins[2] - 0.05
    assert outs[1] / outs[0] <= outs[3] / outs[2] + 0.25  # 0.3.13 (no _balance): +0.34
