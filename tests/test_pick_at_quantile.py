"""``plant.pick_at_quantile``: the inverse-CDF value draw constructors use at Target.quantile."""

import random

import pytest

from closurebench.plant import pick_at_quantile


def test_literal_quantiles():
    values, weights = [1, 2, 3], [1, 1, 2]  # CDF cuts at 0.25, 0.5, 1
    assert [pick_at_quantile(values, weights, u) for u in (0, 0.249, 0.25, 0.499, 0.5, 0.999)] \
        == [1, 1, 2, 2, 3, 3]


def test_zero_weight_value_is_never_picked():
    assert {pick_at_quantile("abc", [1, 0, 1], i / 100) for i in range(100)} == {"a", "c"}


def test_stratified_quantiles_hit_the_weights_exactly():
    picks = [pick_at_quantile([0, 1], [3, 7], (i + 0.5) / 10) for i in range(10)]
    assert picks.count(0) == 3


def test_random_u_is_a_weighted_draw():
    rng = random.Random(5)
    picks = [pick_at_quantile([0, 1], [1, 3], rng.random()) for _ in range(4000)]
    assert 0.22 < picks.count(0) / 4000 < 0.28


@pytest.mark.parametrize("args", [([], [], 0.5), ([1], [1, 2], 0.5), ([1], [0], 0.5),
                                  ([1], [-1], 0.5), ([1], [1], 1.0), ([1], [1], -0.1)])
def test_bad_input_is_a_clear_error(args):
    with pytest.raises(ValueError):
        pick_at_quantile(*args)
