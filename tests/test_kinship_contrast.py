"""Kinship yes/no questions built as contrast pairs (sibling since 0.3.2, cousin since 0.3.3).

A "no" tree is its "yes" tree with one parent link swapped within a generation: from the same
draws both sides hold the same people with the same numbers of parents and children, so no
degree, no source or sink and no id order tells them apart; only the asked relation (and, by
design, a shared parent for cousin's sibling negatives) does.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from closurebench.categories import cousin, sibling
from closurebench.categories._spec import Target
from closurebench.graph.families import co_parents_are_siblings


def _degrees(g) -> list[tuple[int, int]]:
    a = g.adjacency
    return sorted(zip(a.sum(0).tolist(), a.sum(1).tolist()))


@pytest.mark.parametrize("mod", [cousin, sibling], ids=["cousin", "sibling"])
def test_both_sides_are_trees_by_the_same_rules(mod, monkeypatch) -> None:
    """The asked answer, ids in a topological order (a swap can give a parent a later id than
    its child, which a "yes" tree never has) and co-parents who are never siblings. A build
    may fail (``pose`` draws again); most must not."""
    monkeypatch.setattr(mod, "FREE", (0.0, 0.0))  # free trees are checked by ``pose``
    built = 0
    for seed in range(120):
        n, rho = 6 + seed % 5, (0.1, 0.3, 0.5)[seed % 3]
        for want in (True, False):
            out = mod.construct(random.Random(seed), n, rho, Target(want=want))
            if out is None:
                continue
            built += 1
            g, q = out
            assert mod.tensor_program(g, q) is want
            assert all(p < c for p, c in g.edges)
            assert not co_parents_are_siblings(g.adjacency)
    assert built >= 200


def test_cousin_no_is_its_yes_from_the_same_draws(monkeypatch) -> None:
    """From seven people the same draws give a "yes" tree and a "no" tree with the same
    people's numbers of parents and children (the "no" is the "yes" one swap away)."""
    monkeypatch.setattr(cousin, "FREE", (0.0, 0.0))
    pairs = 0
    for seed in range(120):
        n, rho = 7 + seed % 4, (0.1, 0.3, 0.5)[seed % 3]
        yes = cousin.construct(random.Random(seed), n, rho, Target(want=True))
        no = cousin.construct(random.Random(seed), n, rho, Target(want=False))
        if yes is None:
            continue  # no tree with a swap away: the "no" side is then built directly
        pairs += 1
        assert no is not None and _degrees(yes[0]) == _degrees(no[0])
    assert pairs >= 80


def test_cousin_negatives_mix_siblings_and_lines_apart_as_designed() -> None:
    """Siblings are ``SIBLINGS`` of the negatives (a shared parent is visible to any reader,
    so their share bounds "they share a parent, so no"); the rest share no parent."""
    kinds: Counter[bool] = Counter()
    rng = random.Random(11)
    for _ in range(400):
        n, rho = rng.randint(7, 10), rng.uniform(0.1, 0.5)
        built = cousin.construct(rng, n, rho, Target(want=False))
        if built is None:
            continue
        g, q = built
        a = g.adjacency
        kinds[bool((a[:, q["x"]] & a[:, q["y"]]).any())] += 1
    share = kinds[True] / sum(kinds.values())
    assert abs(share - cousin.SIBLINGS) < 0.06, kinds


def test_cousin_swaps_keep_every_degree_and_end_the_cousinship() -> None:
    rng = random.Random(5)
    done = Counter()
    for _ in range(300):
        built = cousin._build(rng, rng.randint(7, 10), rng.uniform(0.1, 0.5), False,
                              siblings=(sib := rng.random() < 0.5))
        if built is None:
            continue
        g, q = built
        moved = cousin._uncousin(rng, g, q["x"], q["y"], sib)
        if moved is None:
            continue
        done[sib] += 1
        assert cousin.tensor_program(g, q) and not cousin.tensor_program(moved, q)
        assert _degrees(moved) == _degrees(g)
        assert len(set(g.edges) - set(moved.edges)) == 2
        a = moved.adjacency
        assert bool((a[:, q["x"]] & a[:, q["y"]]).any()) == sib
    assert done[True] > 30 and done[False] > 30, done
