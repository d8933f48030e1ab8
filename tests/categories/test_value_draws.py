"""The main value draw at a stratified quantile (``plant.pick_at_quantile``, ``_values``)."""

from __future__ import annotations

import random

import pytest

from closurebench.categories._spec import Target
from closurebench.categories._values import ESCAPE, draw_value
from closurebench.plant import pick_at_quantile


def test_pick_at_quantile_is_the_inverse_cdf() -> None:
    # weights 1, 2, 1: a covers [0, .25), b [.25, .75), c [.75, 1)
    got = [pick_at_quantile("abc", [1, 2, 1], u) for u in (0.0, 0.24, 0.25, 0.74, 0.75, 0.999)]
    assert got == ["a", "a", "b", "b", "c", "c"]


def test_pick_at_quantile_skips_zero_weights() -> None:
    assert pick_at_quantile([1, 2, 3], [0, 1, 0], 0.0) == 2
    assert pick_at_quantile([1, 2, 3], [1, 1, 0], 0.9999999) == 2


@pytest.mark.parametrize("values, weights, u, match", [
    ([1, 2], [1], 0.5, "as many weights"),
    ([1, 2], [1, 1], 1.0, r"\[0, 1\)"),
    ([1, 2], [1, 1], -0.1, r"\[0, 1\)"),
    ([1, 2], [0, 0], 0.5, "positive sum"),
])
def test_pick_at_quantile_rejects_bad_input(values, weights, u, match) -> None:
    with pytest.raises(ValueError, match=match):
        pick_at_quantile(values, weights, u)


def test_draw_value_follows_the_quantile_except_on_escapes() -> None:
    rng = random.Random(3)
    got = [draw_value(rng, [1, 2, 3, 4], [1, 1, 1, 1], 0.6) for _ in range(2000)]
    share = got.count(3) / len(got)
    # 3 always at u = 0.6, and a quarter of the escapes land on 3 too
    assert 1 - ESCAPE * 0.75 - 0.03 < share < 1 - ESCAPE * 0.75 + 0.03


def test_draw_value_without_a_quantile_uses_rng() -> None:
    for seed in range(20):
        want = random.Random(seed).choices([1, 2, 3], [1, 2, 3])[0]
        assert draw_value(random.Random(seed), [1, 2, 3], [1, 2, 3], None) == want


@pytest.mark.parametrize("cat, lo_u, hi_u", [
    ("set_intersection", 0.0, 0.05),
    ("intersect_then_size", 0.0, 0.05),
    ("graph_comparison", 0.0, 0.05),
])
def test_a_low_quantile_plants_the_smallest_size(cat, lo_u, hi_u) -> None:
    """At n = 8 a quantile in the first 5% is size 1 (its weight is > 5% of the total)."""
    from closurebench.categories import CATEGORIES
    from closurebench.generator import _answer

    c = CATEGORIES[cat]
    rng = random.Random(11)
    sizes = []
    for i in range(40):
        u = lo_u + (hi_u - lo_u) * i / 40
        g, q = c.construct(rng, 8, 0.3, Target(hops=(1, 6), want=None, quantile=u))
        a = _answer(c, g, q)
        sizes.append(a if isinstance(a, int) else len(a))
    assert sizes.count(1) >= 40 * (1 - ESCAPE) - 6
