"""The main value draw at a stratified quantile (``_values.draw_value``; ``plant.pick_at_quantile``
has its own tests)."""

from __future__ import annotations

import random

import pytest

from closurebench.categories._spec import Target
from closurebench.categories._values import ESCAPE, draw_value


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
    from closurebench.generation.pose import _answer

    c = CATEGORIES[cat]
    rng = random.Random(11)
    sizes = []
    for i in range(40):
        u = lo_u + (hi_u - lo_u) * i / 40
        g, q = c.construct(rng, 8, 0.3, Target(hops=(1, 6), want=None, quantile=u))
        a = _answer(c, g, q)
        sizes.append(a if isinstance(a, int) else len(a))
    assert sizes.count(1) >= 40 * (1 - ESCAPE) - 6
