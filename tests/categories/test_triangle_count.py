"""triangle_count (L1): the triangles of an undirected graph, each counted once."""

from __future__ import annotations

import random

import pytest

import closurebench
from closurebench import ConfigError, solve

CAT = "triangle_count"


def test_docstring_example_one_triangle_with_a_tail(engine: str) -> None:
    edges = [("A", "B"), ("B", "C"), ("C", "A"), ("C", "D")]
    assert solve(CAT, edges, {}, engine=engine) == 1


def test_edges_may_be_given_in_either_order(engine: str) -> None:
    edges = [("B", "A"), ("C", "B"), ("A", "C")]
    assert solve(CAT, edges, {}, engine=engine) == 1


def test_a_link_given_both_ways_is_one_link(engine: str) -> None:
    edges = [("A", "B"), ("B", "A"), ("B", "C"), ("C", "B"), ("C", "A"), ("A", "C")]
    assert solve(CAT, edges, {}, engine=engine) == 1


def test_complete_graph_on_four_nodes_has_four(engine: str) -> None:
    edges = [("A", "B"), ("A", "C"), ("A", "D"), ("B", "C"), ("B", "D"), ("C", "D")]
    assert solve(CAT, edges, {}, engine=engine) == 4


def test_square_with_isolated_nodes_has_none(engine: str) -> None:
    edges = [("A", "B"), ("B", "C"), ("C", "D"), ("D", "A")]
    nodes = ["A", "B", "C", "D", "E", "F"]
    assert solve(CAT, edges, {}, nodes=nodes, engine=engine) == 0


def test_fewer_than_three_nodes_is_rejected(engine: str) -> None:
    with pytest.raises(ConfigError, match="triangle_count needs at least 3 nodes, got 2"):
        solve(CAT, [("A", "B")], {}, engine=engine)


def test_n_max_below_six_is_rejected() -> None:
    # generated from 6 nodes (built blind: below it the degree sequence all but fixes the graph)
    for n_max in (2, 5):
        with pytest.raises(ConfigError,
                           match="n_max must be at least 6 for category triangle_count"):
            closurebench.generate(CAT, n_min=2, n_max=n_max)
    assert {r["n"] for r in closurebench.generate(CAT, n_min=3, n_max=6)} == {6}


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'triangles'"):
        solve("triangles", [("A", "B"), ("B", "C"), ("C", "A")], {})


def test_built_counts_spread_and_density_stays_nominal() -> None:
    from collections import Counter

    from closurebench.categories import Target, get

    cat = get(CAT)
    built = [b for s in range(80)
             if (b := cat.construct(random.Random(s), 10, 0.3, Target()))]
    counts = Counter(cat.tensor_program(g, q) for g, q in built)
    assert len(built) >= 70 and max(counts.values()) <= 0.3 * len(built) and len(counts) >= 6
    mean = sum(g.density for g, _ in built) / len(built)
    assert abs(mean - 0.3) < 0.05


def test_cycle_rank_counts_loops_not_triangles() -> None:
    from closurebench.categories import get
    from closurebench.graph.families import Graph

    square = Graph(4, ((0, 1), (1, 2), (2, 3), (0, 3)), directed=False)
    assert get(CAT).shortcuts["cycle-rank"](square, {}) == 1
    assert get(CAT).tensor_program(square, {}) == 0


def test_built_graphs_mostly_have_a_loop_that_is_not_a_triangle() -> None:
    from closurebench.categories import Target, get

    cat = get(CAT)
    built = [b for s in range(80)
             if (b := cat.construct(random.Random(s), 8, 0.3, Target(quantile=s / 80)))]
    same = [cat.shortcuts["cycle-rank"](g, q) == cat.tensor_program(g, q) for g, q in built]
    assert len(built) >= 70
    assert sum(same) <= 0.25 * len(built)


def test_a_large_sparse_cell_reaches_the_drawn_count() -> None:
    from closurebench.categories import Target, get

    cat = get(CAT)
    g, q = cat.construct(random.Random(2), 120, 0.025, Target(quantile=0.5))
    assert cat.tensor_program(g, q) > 0
