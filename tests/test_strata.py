"""The stratified uniforms behind n, the hop bucket and the answer value (``pose.strata``)
and how a sized value is drawn inside them (``_within``, ``hop_bucket``)."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import pytest

from closurebench.categories import get
from closurebench.generation.pose import STRATUM, _within, draw_hops, hop_bucket, strata


def _axis(values: list[float]) -> dict[int, list[float]]:
    """Each tenth's visits, as positions inside the tenth."""
    out: dict[int, list[float]] = {}
    for u in values:
        tenth = int(u * STRATUM)
        out.setdefault(tenth, []).append(u * STRATUM - tenth)
    return out


@pytest.mark.parametrize("count", [10, 30, 50, 100])
def test_every_tenth_is_visited_once_a_block_and_evenly_inside(count: int) -> None:
    for axis in ("n", "hops", "value"):
        us = [getattr(strata(3, "reachability", j), axis) for j in range(count)]
        tenths = _axis(us)
        assert sorted(tenths) == list(range(STRATUM))
        assert {len(v) for v in tenths.values()} == {count // STRATUM}
        if count == STRATUM:
            continue
        for inside in tenths.values():  # van der Corput points, rotated: no bunching
            ps = sorted(inside)
            gaps = [b - a for a, b in pairwise(ps)] + [1 + ps[0] - ps[-1]]
            # (5 random points leave a gap over 0.4 in 63% of tenths)
            assert max(gaps) <= 2 / len(ps) + 1e-9


def test_a_shorter_config_is_a_prefix_and_sides_are_stratified_apart() -> None:
    assert [strata(5, "ancestor", j) for j in range(20)] == \
        [strata(5, "ancestor", j) for j in range(40)][:20]
    true = [strata(5, "same_scc", j, side=True).value for j in range(0, 100, 2)]
    assert sorted(Counter(int(u * STRATUM) for u in true).values()) == [5] * STRATUM


def test_within_is_the_position_inside_the_stretch_of_n() -> None:
    n_range = (4, 10)
    for i in range(700):
        u = (i + 0.5) / 700
        n = 4 + int(u * 7)
        assert abs(_within(u, n_range) - (u - (n - 4) / 7) * 7) < 1e-9
        assert 0.0 <= _within(u, n_range) < 1.0


def test_hop_bucket_is_draw_hops_bucket_and_spreads_the_rest_over_it() -> None:
    cat = get("reach_then_count")
    rests: dict[tuple[int, int], list[float]] = {}
    for i in range(1000):
        u = (i + 0.5) / 1000
        span, rest = hop_bucket(cat, 9, (1, None), u)
        assert span == draw_hops(0, cat, 9, (1, None), u)
        assert 0.0 <= rest < 1.0
        rests.setdefault(span, []).append(rest)
    # each bucket's share of u, spread uniformly over [0, 1) again
    for vals in rests.values():
        assert abs(sum(vals) / len(vals) - 0.5) < 0.01
        assert min(vals) < 0.01 and max(vals) > 0.99
