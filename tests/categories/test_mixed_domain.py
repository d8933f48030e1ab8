"""mixed_domain (L3): mean out-degree over x's strongly connected component, 2 decimals."""

from __future__ import annotations

import pytest

from closurebench import ConfigError, UnposableQuery, solve

CAT = "mixed_domain"
DOC = [("A", "B"), ("B", "A"), ("B", "C")]
TRIANGLE = [("A", "B"), ("B", "C"), ("C", "A")]


def test_docstring_example(engine: str) -> None:
    assert solve(CAT, DOC, {"x": "A"}, engine=engine) == 1.5


def test_four_thirds_rounds_to_two_decimals(engine: str) -> None:
    edges = [*TRIANGLE, ("A", "D")]
    assert solve(CAT, edges, {"x": "B"}, engine=engine) == 1.33


def test_five_thirds_rounds_up(engine: str) -> None:
    edges = [*TRIANGLE, ("A", "D"), ("B", "D")]
    assert solve(CAT, edges, {"x": "C"}, engine=engine) == 1.67


def test_single_node_component_is_refused(engine: str) -> None:
    with pytest.raises(UnposableQuery, match="component is a single node"):
        solve(CAT, DOC, {"x": "C"}, engine=engine)


def test_isolated_node_is_refused(engine: str) -> None:
    with pytest.raises(UnposableQuery, match="component is a single node"):
        solve(CAT, DOC, {"x": "D"}, nodes=["A", "B", "C", "D"], engine=engine)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'mixed'"):
        solve("mixed", DOC, {"x": "A"})


def test_an_exact_tie_at_the_third_decimal_is_refused(engine: str) -> None:
    ring = [(c, d) for c, d in zip("ABCDEFGH", "BCDEFGHA")]
    # 8 members, 9 edges out of them: 9 / 8 = 1.125, half-even and half-up disagree
    with pytest.raises(UnposableQuery, match="exact tie"):
        solve(CAT, [*ring, ("A", "I")], {"x": "A"}, engine=engine)
    # 10 / 8 = 1.25 has only two decimals: no tie
    assert solve(CAT, [*ring, ("A", "I"), ("B", "I")], {"x": "A"}, engine=engine) == 1.25


def test_generated_means_need_the_whole_component(posed) -> None:
    for p in posed:
        assert p.hops >= 1
        assert isinstance(p.answer, float) and p.answer >= 1.0
    assert len({p.answer for p in posed}) >= 8
