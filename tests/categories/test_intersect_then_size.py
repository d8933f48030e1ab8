"""intersect_then_size (L2): how many nodes both x and y reach (x and y not counted)."""

from __future__ import annotations

import pytest

from closurebench import ConfigError, solve

CAT = "intersect_then_size"


def test_docstring_example(engine: str) -> None:
    edges = [("A", "C"), ("B", "C"), ("C", "D")]
    assert solve(CAT, edges, {"x": "A", "y": "B"}, engine=engine) == 2


def test_y_is_not_counted_when_x_reaches_it(engine: str) -> None:
    edges = [("A", "B"), ("B", "C")]
    assert solve(CAT, edges, {"x": "A", "y": "B"}, engine=engine) == 1


def test_a_shared_cycle_counts_neither_query_node(engine: str) -> None:
    edges = [("A", "B"), ("B", "A"), ("B", "C")]
    assert solve(CAT, edges, {"x": "A", "y": "B"}, engine=engine) == 1


def test_disjoint_reach_is_zero(engine: str) -> None:
    nodes = ["A", "B", "C", "D"]
    assert solve(CAT, [("A", "B")], {"x": "A", "y": "C"}, nodes=nodes, engine=engine) == 0


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'intersect_size'"):
        solve("intersect_size", [("A", "B")], {"x": "A", "y": "B"})


def test_counts_are_drawn_not_left_to_n(posed) -> None:
    for p in posed:
        assert 1 <= p.answer <= p.graph.n - 2
    assert sum(p.answer == p.graph.n - 2 for p in posed) < len(posed) / 3
    assert len({p.answer for p in posed}) >= 4


def test_more_decoys_before_planting() -> None:
    """A planted fallback is what a no-chaining reader reads best (77% against 39% for blind
    instances, seed 4242): this category tries more decoys' views than the shared default."""
    from closurebench.categories import get
    from closurebench.categories.intersect_then_size import BLIND_DECOYS
    from closurebench.generation import pose

    assert get(CAT).blind_tries == BLIND_DECOYS > pose.BLIND_TRIES
    # aggregate_over_set too: its walks must also move the decoy's reach set (its module says why)
    assert all(get(c).blind_tries is None for c in pose.BLIND_ALL
               if c not in (CAT, "aggregate_over_set"))
