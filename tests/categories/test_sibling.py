"""sibling (L1): do x and y share at least one parent? (half-siblings count)"""

from __future__ import annotations

import random
from typing import Any

import pytest

import closurebench
from closurebench import ConfigError, solve

CAT = "sibling"


def test_docstring_example(engine: str) -> None:
    edges = [("Eve", "Carol"), ("Eve", "Tina")]
    assert solve(CAT, edges, {"x": "Carol", "y": "Tina"}, engine=engine) is True


def test_full_siblings_with_two_parents(engine: str) -> None:
    edges = [("Ann", "Carol"), ("Bob", "Carol"), ("Ann", "Tina"), ("Bob", "Tina")]
    assert solve(CAT, edges, {"x": "Carol", "y": "Tina"}, engine=engine) is True


def test_half_siblings_share_one_of_two_parents(engine: str) -> None:
    edges = [("Ann", "Carol"), ("Bob", "Carol"), ("Bob", "Tina"), ("Dee", "Tina")]
    assert solve(CAT, edges, {"x": "Carol", "y": "Tina"}, engine=engine) is True


def test_cousins_are_not_siblings(engine: str) -> None:
    edges = [("Gus", "Pam"), ("Gus", "Quin"), ("Pam", "Xia"), ("Quin", "Yan")]
    assert solve(CAT, edges, {"x": "Xia", "y": "Yan"}, engine=engine) is False


def test_two_founders_are_not_siblings(engine: str) -> None:
    edges = [("Ann", "Carol")]
    nodes = ["Ann", "Bob", "Carol"]
    assert solve(CAT, edges, {"x": "Ann", "y": "Bob"}, nodes=nodes, engine=engine) is False


def test_fewer_than_three_people_is_rejected(engine: str) -> None:
    with pytest.raises(ConfigError, match="sibling needs at least 3 nodes, got 2"):
        solve(CAT, [("Eve", "Carol")], {"x": "Eve", "y": "Carol"}, engine=engine)


def test_n_max_below_seven_is_rejected() -> None:
    # Generated from n = 7 (generate_min_n): smaller trees cannot hide "no" pairs.
    with pytest.raises(ConfigError, match="n_max must be at least 7 for category sibling, got 6"):
        closurebench.generate(CAT, n_min=2, n_max=6)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'siblings'"):
        solve("siblings", [("Eve", "Carol"), ("Eve", "Tina")], {"x": "Carol", "y": "Tina"})


def test_generated_answers_are_balanced(records: list[dict[str, Any]]) -> None:
    assert sorted(rec["answer"] for rec in records) == ["false", "false", "true", "true"]


def test_built_no_pairs_have_parents_and_few_are_linked() -> None:
    from closurebench.categories import Target, get
    from closurebench.categories.sibling import COUPLES

    cat = get(CAT)
    built = [b for s in range(200)
             if (b := cat.construct(random.Random(s), 8, 0.3, Target(want=False)))]
    a = [g.adjacency for g, _ in built]
    both = [m[:, q["x"]].any() and m[:, q["y"]].any() for m, (_, q) in zip(a, built)]
    assert not any(cat.tensor_program(g, q) for g, q in built)
    assert sum(both) >= 0.9 * len(built)
    linked = sum(cat.shortcuts["linked-through-someone"](g, q) for g, q in built)
    # only the couples (linked through their child) share a neighbour
    assert 0.5 * COUPLES * len(built) <= linked <= 2 * COUPLES * len(built)


def test_a_no_is_its_yes_tree_with_one_parent_link_swapped() -> None:
    """The "no" tree is the "yes" tree with y's shared parent swapped for another parent's
    link (``_unshare``): every degree and every query node stay, only the answer goes. Built
    from one seed, both sides hold the same people's degrees (their ids are drawn afresh on
    both sides, since a swap can give a parent a later id than its child). A tree no swap
    can turn into a "no" is no "yes" either, and x's and y's parents keep their numbers of
    children (y's parents' family size read 0.3.8's answers: 89%)."""
    import numpy as np

    from closurebench.categories import Target, get
    from closurebench.categories.sibling import _build, _unshare

    def degrees(g):
        return sorted(zip(g.adjacency.sum(0).tolist(), g.adjacency.sum(1).tolist()))

    cat = get(CAT)
    def kids_of_parents(a, v):
        return sorted(a.sum(1)[a[:, v]].tolist())

    swapped = 0
    for seed in range(40):
        yes = _build(random.Random(seed), 8, 0.3, Target(want=True), False)
        no = _build(random.Random(seed), 8, 0.3, Target(want=False), False)
        assert (yes is None) == (no is None)  # one distribution of trees for both answers (n 8)
        if yes is None:  # no link to swap: the tree is grown again
            continue
        swapped += 1
        (gy, qy), (gn, qn) = yes, no
        assert cat.tensor_program(gy, qy) and not cat.tensor_program(gn, qn)
        assert degrees(gy) == degrees(gn)
        moved = _unshare(random.Random(seed), gy, qy["x"], qy["y"])
        assert moved is not None and not cat.tensor_program(moved, qy)
        ay, an = gy.adjacency, moved.adjacency
        assert (ay.sum(0) == an.sum(0)).all() and (ay.sum(1) == an.sum(1)).all()
        assert len(set(gy.edges) ^ set(moved.edges)) == 4 and np.any(ay != an)
        assert kids_of_parents(ay, qy["y"]) == kids_of_parents(an, qy["y"])
        assert kids_of_parents(ay, qy["x"]) == kids_of_parents(an, qy["x"])
    assert swapped >= 15
