"""degree_count (L1): x's out-degree or in-degree (distinct direct neighbours one way)."""

from __future__ import annotations

import random

import pytest

from closurebench import ConfigError, solve

CAT = "degree_count"
DOC = [("A", "B"), ("A", "C"), ("D", "A")]


def test_docstring_example_out_degree(engine: str) -> None:
    assert solve(CAT, DOC, {"x": "A", "direction": "out"}, engine=engine) == 2


def test_docstring_example_in_degree(engine: str) -> None:
    assert solve(CAT, DOC, {"x": "A", "direction": "in"}, engine=engine) == 1


def test_isolated_node_has_degree_zero_both_ways(engine: str) -> None:
    nodes = ["A", "B", "C", "D", "E"]
    assert solve(CAT, DOC, {"x": "E", "direction": "out"}, nodes=nodes, engine=engine) == 0
    assert solve(CAT, DOC, {"x": "E", "direction": "in"}, nodes=nodes, engine=engine) == 0


def test_a_repeated_edge_counts_once(engine: str) -> None:
    edges = [("A", "B"), ("A", "B"), ("B", "A")]
    assert solve(CAT, edges, {"x": "A", "direction": "out"}, engine=engine) == 1
    assert solve(CAT, edges, {"x": "A", "direction": "in"}, engine=engine) == 1


def test_query_needs_a_direction(engine: str) -> None:
    with pytest.raises(ConfigError, match="missing field 'direction'"):
        solve(CAT, DOC, {"x": "A"}, engine=engine)


def test_unknown_direction_is_rejected(engine: str) -> None:
    with pytest.raises(ConfigError, match="direction"):
        solve(CAT, DOC, {"x": "A", "direction": "sideways"}, engine=engine)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'degree'"):
        solve("degree", DOC, {"x": "A", "direction": "out"})


def test_built_degrees_spread_and_density_stays_nominal() -> None:
    from collections import Counter

    from closurebench.categories import Target, get

    cat = get(CAT)
    built = [cat.construct(random.Random(s), 10, 0.3, Target()) for s in range(100)]
    degrees = Counter(cat.tensor_program(g, q) for g, q in built)
    assert len(degrees) >= 8 and max(degrees.values()) <= 0.25 * len(built)
    assert abs(sum(g.density for g, _ in built) / len(built) - 0.3) < 0.05
    both = [cat.shortcuts["both-ways"](g, q) == cat.tensor_program(g, q) for g, q in built]
    assert sum(both) <= 0.3 * len(built)


def test_quantile_sets_the_asked_degree() -> None:
    from closurebench.categories import Target, get

    cat = get(CAT)
    got = [cat.tensor_program(*cat.construct(random.Random(3), 6, 0.3, Target(quantile=u)))
           for u in (0.0, 0.2, 0.5, 0.99)]
    assert got == [0, 1, 2, 5]  # weights 1, 1, 1, 0.7, 0.7, 0.7 over degrees 0..5
