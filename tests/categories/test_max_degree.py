"""max_degree (L1): the unique node of highest out-degree (or in-degree); ties are refused."""

from __future__ import annotations

import random

import pytest

from closurebench import ConfigError, UnposableQuery, solve

CAT = "max_degree"
DOC = [("A", "B"), ("A", "C"), ("B", "C")]


def test_docstring_example_highest_out_degree(engine: str) -> None:
    assert solve(CAT, DOC, {"direction": "out"}, engine=engine) == "A"


def test_docstring_graph_highest_in_degree(engine: str) -> None:
    assert solve(CAT, DOC, {"direction": "in"}, engine=engine) == "C"


def test_tie_for_highest_out_degree_is_refused(engine: str) -> None:
    with pytest.raises(UnposableQuery, match="tie"):
        solve(CAT, [("A", "B"), ("C", "D")], {"direction": "out"}, engine=engine)


def test_tie_for_highest_in_degree_is_refused(engine: str) -> None:
    with pytest.raises(UnposableQuery, match="tie"):
        solve(CAT, [("A", "B"), ("C", "D")], {"direction": "in"}, engine=engine)


def test_graph_without_edges_is_one_big_tie(engine: str) -> None:
    with pytest.raises(UnposableQuery, match="tie"):
        solve(CAT, [], {"direction": "out"}, nodes=["A", "B"], engine=engine)


def test_isolated_nodes_do_not_break_a_unique_maximum(engine: str) -> None:
    nodes = ["A", "B", "C", "D", "E"]
    assert solve(CAT, DOC, {"direction": "out"}, nodes=nodes, engine=engine) == "A"


def test_unknown_direction_is_rejected(engine: str) -> None:
    with pytest.raises(ConfigError, match="direction"):
        solve(CAT, DOC, {"direction": "sideways"}, engine=engine)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'max_degrees'"):
        solve("max_degrees", DOC, {"direction": "out"})


def test_built_winner_is_unique_and_density_stays_nominal() -> None:
    from closurebench.audit.readers import most_mentioned
    from closurebench.categories import Target, get

    cat = get(CAT)
    tries = [cat.construct(random.Random(s), 10, 0.3, Target()) for s in range(100)]
    built = [b for b in tries if b is not None]  # None: winner mentioned most, drawn again
    assert len(built) >= 60
    winners = [cat.tensor_program(g, q) for g, q in built]  # raises on a tie
    assert abs(sum(g.density for g, _ in built) / len(built) - 0.3) < 0.05
    mentioned = [most_mentioned(g, q) == w for (g, q), w in zip(built, winners)]
    assert sum(mentioned) <= 0.3 * len(built)
