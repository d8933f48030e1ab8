"""Blocks by the answer's membership (``_two_source.difference_blocks``, set_difference's deep
targets from n = ``BLOCKS_MIN_N``).

Why these properties: a per-node reader that never chains two edges sees, for a node off the
query nodes' edges, only its degrees and the successors it shares with x and y. The
construction hides R(x) ∖ R(y) only if the answer and hop depth are the planted ones, no deep
node is a source or a sink, x and y take no in-edge, a deep node reaches a direct node only
through the shared hub, and (where n leaves room) some deep node is a non-member."""

from __future__ import annotations

import random

import pytest

import closurebench as cb
from closurebench.categories import get as get_category
from closurebench.categories._spec import Target
from closurebench.categories._two_source import BLOCKS_MIN_N, difference_blocks
from closurebench.generation.pose import answer_hops
from closurebench.graph import tensor as T
from closurebench.graph.plant import plant


@pytest.mark.parametrize("seed", range(60))
def test_difference_blocks_plant_the_answer_and_keep_every_block_alike(seed: int) -> None:
    rng = random.Random(seed)
    n, rho = rng.randint(BLOCKS_MIN_N, 10), rng.uniform(0.1, 0.5)
    h = rng.randint(3, n - 3)
    a = rng.randint(h, max(h, n - 5))
    built = difference_blocks(rng, n, h, a)
    assert built is not None
    edges, extra, members, x, y = built
    g = plant(rng, n, rho, edges, extra)
    m = g.adjacency.astype(bool)
    cat = get_category("set_difference")
    q = {"x": x, "y": y}
    got = cat.tensor_program(g, q)
    assert sorted(got) == sorted(members.nonzero()[0].tolist()) and len(got) == a
    assert answer_hops(cat, g, q, sorted(got)) == h
    assert not m[:, x].any() and not m[:, y].any()
    hubs = (m[x] & m[y]).nonzero()[0].tolist()
    assert len(hubs) == 1
    direct = set(m[x].nonzero()[0].tolist()) | set(m[y].nonzero()[0].tolist())
    deep = [v for v in range(n) if v not in direct and v not in (x, y)]
    for v in deep:
        assert m[v].any() and m[:, v].any(), "a deep node is a source or a sink"
        assert set(m[v].nonzero()[0].tolist()) & direct <= set(hubs)
    if a <= n - 5:
        assert any(not members[v] for v in deep), "no deep non-member to hide the members"
    # R(x) ∖ R(y) agrees with the closure computed afresh
    rx, ry = T.reach(m, x), T.reach(m, y)
    assert sorted(v for v in range(n) if rx[v] and not ry[v] and v not in (x, y)) == sorted(got)


def test_set_difference_builds_deep_targets_as_answer_blocks_only_from_blocks_min_n() -> None:
    cat = get_category("set_difference")
    assert cat.blocks_from == 3 and cat.blocks_min_n == BLOCKS_MIN_N
    for seed in range(20):
        for decoy in (False, True):
            built = cat.construct(random.Random(seed), 9, 0.3,
                                  Target(hops=(3, 6), quantile=0.5, decoy=decoy))
            if built is None:
                continue
            g, q = built
            sourced = not g.adjacency[:, q["x"]].any() and not g.adjacency[:, q["y"]].any()
            hub = (g.adjacency[q["x"]] & g.adjacency[q["y"]]).any()
            if not decoy:
                assert sourced and hub


def test_set_difference_deep_records_cross_check_and_keep_y_needed() -> None:
    """Generation cross-checks the tensor program against NetworkX (and TL) per record; the
    ignore-y reader must still miss every deep record (the hub is a common node)."""
    recs = list(cb.generate(config="set_difference", per_category=40, seed=5,
                            n_min=BLOCKS_MIN_N, hops_min=3))
    assert recs and all(r["hops"] >= 3 for r in recs)
    cat = get_category("set_difference")
    from closurebench.audit import readers

    for r in recs:
        _, g, q, _ = readers.record_instance(r)
        assert sorted(cat.shortcuts["ignore-y"](g, q)) != sorted(cat.tensor_program(g, q))
