"""plant.pick_at_quantile: the inverse-CDF pick behind stratified answer values."""

import pytest

from closurebench.plant import pick_at_quantile


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
