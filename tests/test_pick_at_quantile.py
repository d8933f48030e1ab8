"""plant.pick_at_quantile: the inverse-CDF pick behind stratified answer values."""

import random

import pytest

from closurebench.graph.plant import pick_at_quantile


def test_inverse_cdf_boundaries() -> None:
    values, weights = [2, 3, 4], [1.0, 2.0, 1.0]  # CDF 0.25, 0.75, 1.0
    got = [pick_at_quantile(values, weights, u) for u in (0.0, 0.2499, 0.25, 0.7499, 0.75, 0.9999)]
    assert got == [2, 2, 3, 3, 4, 4]


def test_zero_weights_are_never_picked() -> None:
    assert [pick_at_quantile("abc", [0, 1, 0], u) for u in (0.0, 0.5, 0.999)] == ["b"] * 3
    assert pick_at_quantile("abc", [1, 1, 0], 0.9999999999999999) == "b"


def test_stratified_quantiles_reproduce_the_weights() -> None:
    values, weights = [1, 2, 3, 4], [0.1, 0.2, 0.3, 0.4]
    picks = [pick_at_quantile(values, weights, (i + 0.5) / 100) for i in range(100)]
    assert [picks.count(v) for v in values] == [10, 20, 30, 40]


@pytest.mark.parametrize(("values", "weights", "u", "message"), [
    ([1, 2], [1.0], 0.5, "as many weights as values"),
    ([], [], 0.5, "as many weights as values"),
    ([1, 2], [1.0, 1.0], 1.0, r"u must be in \[0, 1\)"),
    ([1, 2], [1.0, 1.0], -0.1, r"u must be in \[0, 1\)"),
    ([1, 2], [0.0, 0.0], 0.5, "one > 0"),
    ([1, 2], [2.0, -1.0], 0.5, ">= 0"),
])
def test_bad_input_names_the_problem(values, weights, u, message) -> None:
    with pytest.raises(ValueError, match=message):
        pick_at_quantile(values, weights, u)


def test_literal_quantiles():
    values, weights = [1, 2, 3], [1, 1, 2]  # CDF cuts at 0.25, 0.5, 1
    assert [pick_at_quantile(values, weights, u) for u in (0, 0.249, 0.25, 0.499, 0.5, 0.999)] \
        == [1, 1, 2, 2, 3, 3]


def test_zero_weight_letter_is_never_picked():
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
def test_bad_input_is_refused(args):
    with pytest.raises(ValueError):
        pick_at_quantile(*args)
