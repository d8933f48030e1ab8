"""chain_of_filters (L3): nodes x reaches, with out-degree >= t, that y cannot reach."""

from __future__ import annotations

import pytest

import closurebench
from closurebench import ConfigError, solve
from closurebench.categories.chain_of_filters import CATEGORY

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


def test_n_max_below_eight_is_rejected() -> None:
    # generated from n = 8 (deep targets as blocks need a pair of non-members)
    with pytest.raises(ConfigError, match="n_max must be at least 8 for category "
                                          "chain_of_filters"):
        closurebench.generate(CAT, n_min=2, n_max=7)


def test_a_deep_target_is_built_as_blocks() -> None:
    """From n = 8 a target of three or more hops is ``difference_blocks``' at t = 1: every
    member has an out-edge, and the hub x and y share is no sink (ignoring y lists it).
    The default design draws block depths up to n - 6 only (``DESIGN.deepest``)."""
    import random

    from closurebench.categories._spec import Target
    from closurebench.categories.chain_of_filters import DESIGN
    from closurebench.generation.pose import _answer, answer_hops

    rng = random.Random(7)
    assert not any(d > n - 6 for n, d in DESIGN.cells)
    for n, h in ((8, 3), (9, 4), (10, 3), (10, 4), (10, 5), (12, 6)):
        for _ in range(20):
            built = CATEGORY.construct(rng, n, 0.3, Target(hops=(h, h), quantile=rng.random()))
            assert built is not None
            g, q = built
            ans = _answer(CATEGORY, g, q)
            assert q["t"] == 1 and len(ans) >= h
            assert answer_hops(CATEGORY, g, q, ans) == h
            assert CATEGORY.shortcuts["ignore-y"](g, q) != ans


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'filters'"):
        solve("filters", DOC, {"x": "A", "y": "Y", "t": 1})


def test_a_filter_removes_a_planted_node(posed) -> None:
    """Below "every other node", the degree filter or the y filter removes a node x reaches; a
    cell too small for both keeps the y filter's common node (``ignore-y`` is the reader)."""
    import networkx as nx

    for p in posed:
        G = nx.DiGraph(p.graph.edges)
        G.add_nodes_from(range(p.graph.n))
        x, y, t = p.query["x"], p.query["y"], p.query["t"]
        reach_x, reach_y = nx.descendants(G, x) - {x, y}, nx.descendants(G, y)
        only = reach_x - reach_y
        both = reach_x & reach_y
        if len(p.answer) < p.graph.n - 2:
            assert (any(G.out_degree(v) < t for v in only)
                    or any(G.out_degree(v) >= t for v in both)), "a filter must matter"
        assert all(G.out_degree(v) >= t for v in p.answer)


def test_ignoring_y_fails_where_n_leaves_room(posed) -> None:
    """From n = 5, below "every other node", a node y reaches nearly always has t out-edges."""
    roomy = [p for p in posed if p.graph.n >= 5 and len(p.answer) < p.graph.n - 2]
    lazy = sum(CATEGORY.shortcuts["ignore-y"](p.graph, p.query) == p.answer for p in roomy)
    assert len(roomy) >= 20 and lazy <= 0.25 * len(roomy)


def test_a_small_cell_plants_the_common_node_behind_y() -> None:
    """n = 5, depth 2, two answers, t = 1: no room for a common part of two beside them, so x
    reaches y, and ignoring y lists the node behind it."""
    import random

    from closurebench.categories._spec import Target
    from closurebench.generation.pose import _answer

    cat = CATEGORY
    seen = 0
    rng = random.Random(4)
    for _ in range(60):
        built = cat.construct(rng, 5, 0.2, Target(hops=(2, 2), want=None, quantile=0.5))
        if built is None:
            continue
        g, q = built
        ans = _answer(cat, g, q)
        if q["t"] == 1 and len(ans) == 2:
            seen += 1
            assert g.adjacency[q["x"], q["y"]]
            assert CATEGORY.shortcuts["ignore-y"](g, q) != ans
    assert seen >= 20
