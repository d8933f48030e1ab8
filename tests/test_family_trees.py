"""Family trees (``graphs.Family``, ``sample_family``): generations, and what ρ means."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from closurebench.graph.families import Family, sample_family, second_parents


def _graded(g) -> bool:
    """Whether generations can be given so that every parent is one above each child."""
    gen: dict[int, int] = {}
    links = [(p, c, 1) for p, c in g.edges] + [(c, p, -1) for p, c in g.edges]
    for start in range(g.n):
        if start in gen:
            continue
        gen[start], todo = 0, [start]
        while todo:
            u = todo.pop()
            for a, b, step in links:
                if a == u:
                    if b not in gen:
                        gen[b] = gen[u] + step
                        todo.append(b)
                    elif gen[b] != gen[u] + step:
                        return False
    return True


@pytest.mark.parametrize("seed", range(40))
def test_sample_family_is_graded_and_keeps_rhos_share(seed: int) -> None:
    rng = random.Random(seed)
    n, rho = rng.randint(6, 12), rng.uniform(0.1, 0.6)
    g = sample_family(random.Random(seed), n, rho)
    indeg = g.adjacency.sum(0)
    children, two = int((indeg > 0).sum()), int((indeg == 2).sum())
    assert max(indeg) <= 2
    assert math.floor(rho * children) <= two <= math.ceil(rho * children)
    assert all(p < c for p, c in g.edges) and _graded(g)
    a = g.adjacency
    for c in np.flatnonzero(indeg == 2):  # co-parents are never siblings
        p, q = np.flatnonzero(a[:, c])
        assert not (a[:, p] & a[:, q]).any()


def test_second_parents_rounds_down_or_up() -> None:
    assert second_parents(0.3, 10) == (3, 3)
    assert second_parents(0.25, 6) == (1, 2)
    assert second_parents(0.1, 0) == (0, 0)


def test_family_add_keeps_parents_one_generation_up() -> None:
    fam = Family()
    a, b = fam.add(gen=0), fam.add(gen=1)
    with pytest.raises(ValueError, match="one generation"):
        fam.add(a, b)
    c = fam.add(a)
    spouse = fam.add()
    fam.marry(c, spouse)
    assert fam.gen[spouse] == 0 and fam.above(c) == {a, spouse} and fam.below(a) == {c}


def _reach(fam: Family, v: int, links: list[list[int]]) -> set[int]:
    """A fresh walk, to hold the memoised ``above``/``below`` to."""
    seen, todo = set(), list(links[v])
    while todo:
        u = todo.pop()
        if u not in seen:
            seen.add(u)
            todo += links[u]
    return seen


@pytest.mark.parametrize("seed", range(12))
def test_memoised_ancestries_follow_every_add_and_marry(seed: int) -> None:
    rng = random.Random(seed)
    fam = Family()
    for _ in range(3):
        fam.add(gen=rng.randint(0, 1))
    for _ in range(80):
        placed = [v for v, g in enumerate(fam.gen) if g is not None]
        for v in rng.sample(placed, min(6, len(placed))):  # memos that the change must update
            fam.above(v), fam.below(v), fam.top(v)
        single = [c for c, ps in enumerate(fam.parents) if len(ps) == 1]
        if single and rng.random() < 0.4:
            c = rng.choice(single)
            level = [q for q, g in enumerate(fam.gen) if g == fam.gen[c] - 1
                     and q not in fam.parents[c]]
            fam.marry(c, rng.choice(level) if level and rng.random() < 0.7 else fam.add())
        else:
            fam.add(rng.choice(placed))
        for v, g in enumerate(fam.gen):
            if g is not None:
                up = _reach(fam, v, fam.parents)
                assert fam.above(v) == up and fam.below(v) == _reach(fam, v, fam.children)
                assert fam.top(v) == min(fam.gen[u] for u in up | {v})
    assert sum(len(ps) == 2 for ps in fam.parents) > 5  # the marriages were exercised


@pytest.mark.parametrize("seed", range(12))
def test_grow_offers_every_allowed_second_parent_at_every_step(seed: int) -> None:
    """The candidates kept up to date between marriages are those the rule names afresh."""
    fam = Family()
    for _ in range(4):
        fam.add(gen=0)
    offered: list[int] = []

    def check(c: int, peers: list[int]) -> list[int]:
        (p,) = fam.parents[c]
        kin = {p} | {s for q in fam.parents[p] for s in fam.children[q]}
        partners = {q for d in fam.children[c] for q in fam.parents[d] if q != c}
        assert peers == [q for q, g in enumerate(fam.gen) if g == fam.gen[p] and q not in kin
                         and not partners & set(fam.children[q])]
        offered.append(len(peers))
        return peers

    assert fam.grow(random.Random(seed), 40, 0.7, pair_filter=check, spouses=(0, 0))
    assert sum(len(ps) == 2 for ps in fam.parents) > 15 and sum(offered) > 100


def test_grow_respects_pair_filter_and_reaches_n() -> None:
    fam = Family()
    top = fam.add(gen=0)
    x = fam.add(fam.add(top))
    assert fam.grow(random.Random(1), 9, 0.5, pair_filter=lambda c, ps: [] if c == x else ps)
    assert len(fam) == 9 and fam.parents[x] == [top + 1]
    assert sum(len(ps) == 2 for ps in fam.parents) in second_parents(
        0.5, sum(bool(ps) for ps in fam.parents))


def test_density_changes_the_share_of_two_parent_children() -> None:
    def share(rho: float) -> float:
        gs = [sample_family(random.Random(s), 10, rho) for s in range(60)]
        return float(np.mean([(g.adjacency.sum(0) == 2).sum() / (g.adjacency.sum(0) > 0).sum()
                              for g in gs]))

    assert abs(share(0.1) - 0.1) < 0.05 and abs(share(0.5) - 0.5) < 0.05
