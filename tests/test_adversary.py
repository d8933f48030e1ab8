"""The learned adversary: no-chaining features, the substitute engine, and the readers."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from closurebench.audit.features import Context, instance_features, node_features, pair_features
from closurebench.categories import CATEGORIES
from closurebench.generation.instances import generate
from closurebench.graph import tensor as T

pytest.importorskip("sklearn")

from closurebench.audit.adversary import adversary, adversary_misses


def _context(n: int, query: tuple[int, ...]) -> Context:
    return Context(query, np.linspace(0, 1, n))


def _swapped(rng: random.Random, a: np.ndarray, keep: set[int]) -> np.ndarray | None:
    """One directed double-edge swap (u->v, w->z to u->z, w->v) among edges touching no node
    of ``keep``: every degree stays, and so does every edge at a kept node."""
    edges = [(u, v) for u, v in zip(*np.nonzero(a)) if not {u, v} & keep]
    for _ in range(200):
        (u, v), (w, z) = rng.sample(edges, 2) if len(edges) >= 2 else (None, None)
        if len({u, v, w, z}) == 4 and not a[u, z] and not a[w, v]:
            b = a.copy()
            b[u, v] = b[w, z] = False
            b[u, z] = b[w, v] = True
            return b
    return None


@pytest.mark.parametrize("seed", range(30))
def test_no_feature_of_a_node_follows_two_edges_in_a_row(seed: int) -> None:
    """Rewiring edges away from v and the query nodes, degrees kept, leaves every feature of
    v unchanged: a feature that read a neighbour's neighbours would move."""
    rng = random.Random(seed)
    n = rng.randint(6, 12)
    a = np.array([[i != j and rng.random() < 0.35 for j in range(n)] for i in range(n)])
    x, v = 0, 1
    b = _swapped(rng, a, {x, v})
    if b is None:
        pytest.skip("no swap away from v and x in this graph")
    ctx = _context(n, (x,))
    for view in (node_features, lambda m, c: pair_features(m, x, c)):
        names, before = view(a, ctx)
        _, after = view(b, ctx)
        assert np.array_equal(before[v], after[v]), [
            k for k, p, q in zip(names, before[v], after[v]) if p != q]
    assert np.array_equal(instance_features(a, ctx)[1], instance_features(b, ctx)[1])


def test_a_substitute_view_answers_inside_a_program_and_scc_follows() -> None:
    a = np.array([[0, 1, 0], [0, 0, 1], [1, 0, 0]], dtype=bool)
    assert T.scc_of(a, 0).tolist() == [True, True, True]

    def view(name, m, x):
        return np.eye(3, dtype=bool)[x] if name in ("reach", "coreach") else None

    with T.substitute(view):
        assert T.reach(a, 0).tolist() == [True, False, False]
        assert T.scc_of(a, 0).tolist() == [True, False, False]
    assert T.reach(a, 0).tolist() == [True, True, True]  # the block left no trace


def test_the_adversary_finds_what_is_left_in_and_respects_what_is_left_out() -> None:
    """degree_count read with x's degrees is read exactly; without them (its ``local_answer``)
    no reader gets near that."""
    cat = CATEGORIES["degree_count"]
    train = list(generate("degree_count", seed=11, per_category=150))
    test = list(generate("degree_count", seed=12, per_category=150))
    open_ = adversary(dataclasses.replace(cat, local_answer=()), train, test)
    shut = adversary(cat, train, test)
    assert open_.best[1] >= 0.8
    assert shut.learned_floor < open_.best[1] - 0.4
    assert shut.excluded == cat.local_answer


def test_a_smoke_run_reports_floors_and_is_reproducible() -> None:
    train = list(generate("reach_then_count", seed=21, per_category=30))
    test = list(generate("reach_then_count", seed=22, per_category=30))
    one, two = adversary("reach_then_count", train, test), adversary("reach_then_count", train,
                                                                      test)
    assert one.readers == two.readers
    assert {"majority", "constant", "direct:gbt", "engine:gbt", "fixed:one-hop"} <= set(
        one.readers)
    assert 0.0 <= one.floor <= one.learned_floor <= 1.0
    row = one.as_dict()
    assert row["learned_floor"] == one.learned_floor and row["best_reader"] == one.best[0]
    assert isinstance(adversary_misses({"reach_then_count": one}), list)


def test_a_single_node_answer_has_the_uniform_pick_as_its_chance() -> None:
    """max_degree's names differ in every instance, so a name majority sits near 0; a reader
    that picks one of the n nodes at random is right 1/n of the time, and that is chance."""
    train = list(generate("max_degree", seed=31, per_category=40))
    test = list(generate("max_degree", seed=32, per_category=40))
    row = adversary("max_degree", train, test)
    expected = sum(1 / r["n"] for r in test) / len(test)
    assert row.readers["uniform"] == pytest.approx(expected)
    assert row.floor >= expected > row.readers["majority"]
    assert row.best[0] != "uniform" and row.gap == row.learned_floor - row.floor
    counts = adversary("reach_then_count", list(generate("reach_then_count", seed=21,
                                                         per_category=20)),
                       list(generate("reach_then_count", seed=22, per_category=20)))
    assert "uniform" not in counts.readers  # a count's chance is its majority
