"""ancestor (L1): x's unique oldest ancestor, the one the most generations above x."""

from __future__ import annotations

import random

import pytest

from closurebench import ConfigError, UnposableQuery, solve

CAT = "ancestor"


def test_docstring_example(engine: str) -> None:
    edges = [("Eve", "Carol"), ("Carol", "Tina")]
    assert solve(CAT, edges, {"x": "Tina"}, engine=engine) == "Eve"


def test_a_couple_at_the_top_is_a_tie(engine: str) -> None:
    edges = [("Ann", "Carol"), ("Bob", "Carol"), ("Carol", "Tina")]
    with pytest.raises(UnposableQuery, match="no unique oldest ancestor"):
        solve(CAT, edges, {"x": "Tina"}, engine=engine)


def test_second_parent_is_younger_than_the_grandparent(engine: str) -> None:
    edges = [("Ann", "Carol"), ("Carol", "Tina"), ("Dan", "Tina")]
    assert solve(CAT, edges, {"x": "Tina"}, engine=engine) == "Ann"


def test_generations_count_the_longest_line(engine: str) -> None:
    edges = [("Ann", "Bob"), ("Bob", "Cid"), ("Cid", "Xia"), ("Ann", "Xia"), ("Dee", "Xia")]
    assert solve(CAT, edges, {"x": "Xia"}, engine=engine) == "Ann"


def test_founder_has_no_ancestor(engine: str) -> None:
    edges = [("Eve", "Carol"), ("Carol", "Tina")]
    with pytest.raises(UnposableQuery):
        solve(CAT, edges, {"x": "Eve"}, engine=engine)


def test_cyclic_parent_edges_are_rejected(engine: str) -> None:
    edges = [("Eve", "Carol"), ("Carol", "Eve")]
    with pytest.raises(ConfigError, match="parent edges contain a cycle"):
        solve(CAT, edges, {"x": "Eve"}, engine=engine)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'ancestors'"):
        solve("ancestors", [("Eve", "Carol")], {"x": "Carol"})


# --- the constructor's guarantees -----------------------------------------------------------

def _built(n: int, hops: tuple[int, int], seeds: range = range(40)):
    from closurebench.categories import Target, get

    cat = get(CAT)
    for s in seeds:
        built = cat.construct(random.Random(s), n, 0.3, Target(hops=hops))
        if built is not None:
            yield cat, *built


def test_the_planted_depth_is_the_answers_hop_depth() -> None:
    from closurebench.generation.pose import answer_hops

    got = [answer_hops(cat, g, q, cat.tensor_program(g, q))
           for cat, g, q in _built(9, (3, 5))]
    assert len(got) >= 35 and all(3 <= h <= 5 for h in got)


def test_trees_have_several_founders_and_the_founder_rule_is_near_chance() -> None:
    built = list(_built(9, (1, 6)))
    founders = [int(((g.adjacency.sum(0) == 0) & (g.adjacency.sum(1) > 0)).sum())
                for _, g, _ in built]
    hits = [cat.shortcuts["founder"](g, q) == cat.tensor_program(g, q) for cat, g, q in built]
    assert sum(f >= 2 for f in founders) >= 0.9 * len(built)
    assert sum(hits) <= 0.5 * len(built)


def test_founder_rule_reads_the_parentless_person_mentioned_most() -> None:
    from closurebench.categories import get
    from closurebench.graph.families import Graph

    g = Graph(5, ((0, 2), (1, 3), (1, 4), (2, 3)))
    assert get(CAT).shortcuts["founder"](g, {"x": 3}) == 1


def test_generated_from_seven_people() -> None:
    import closurebench

    with pytest.raises(ConfigError, match="n_max must be at least 7 for category ancestor"):
        closurebench.generate(CAT, n_min=2, n_max=6)


def test_built_answers_are_rarely_the_most_mentioned_founder() -> None:
    from closurebench.categories import Target, get

    cat = get(CAT)
    built = [b for s in range(100) if (b := cat.construct(random.Random(s), 8, 0.3, Target()))]
    hits = [cat.shortcuts["founder"](g, q) == cat.tensor_program(g, q) for g, q in built]
    assert len(built) >= 60
    assert sum(hits) <= 0.3 * len(built)


def test_six_people_are_solved_but_not_generated() -> None:
    """Fresh seed 804 hit it: three generations and a rival lineage fill six people, and at
    ρ near 0.5 the second parents the share asks for cannot be placed. Two generations could
    be, but only in structural half 1: the train half of seed 801 (and 808, 813, ...) failed
    at ρ 0.4949. So ``max_hops(6)`` is 1, and six people (one generation only, which a reader
    that never chains reads) are not generated (``generate_min_n``)."""
    from closurebench.categories import get
    from closurebench.categories.ancestor import max_hops

    assert max_hops(6) == 1 and max_hops(7) == 4 and get(CAT).n_floor == 7


@pytest.mark.parametrize("density", [0.1, 0.4999])
@pytest.mark.parametrize("half", [None, 0, 1])
def test_seven_people_are_always_posable(half, density) -> None:
    import closurebench as cb

    recs = list(cb.generate(CAT, per_category=40, n_min=7, n_max=7, density=density, seed=804,
                            half=half))
    assert len(recs) == 40 and {r["hops"] for r in recs} <= {1, 2, 3, 4}


def test_the_train_half_of_seed_801_builds() -> None:
    import closurebench as cb

    assert len(list(cb.generate(CAT, per_category=50, seed=801, half=0,
                                cross_check=False))) == 50
