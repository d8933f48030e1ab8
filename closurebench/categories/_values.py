"""A constructor's main value draw (a count, a set size, the answer class) at its quantile.

The generator hands each instance a stratified uniform (``Target.quantile``); drawing the value
there by inverse CDF (``plant.pick_at_quantile``) gives every value its weight's share of each
block of instances, so a 50-instance split keeps the designed spread. A retried candidate gets
the same quantile, and some values cannot be posed in every cell: at n = 4 and one hop, the only
structures of "every other node" in a set_intersection may all sit in the other structural half.
So one try in ``ESCAPE`` draws the value from ``rng`` instead: a stuck value gives way within a
few tries, while a value the cell can carry is nearly always the quantile's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from closurebench.plant import pick_at_quantile

__all__ = ["ESCAPE", "draw_value"]

#: Share of tries that draw from ``rng`` although a quantile is given.
ESCAPE = 0.1

V = TypeVar("V")


def draw_value(rng: random.Random, values: Sequence[V], weights: Sequence[float],
               u: float | None) -> V:
    """``values`` weighted by ``weights``: at quantile ``u``, or from ``rng`` if ``u`` is None
    (and on an ``ESCAPE`` share of tries)."""
    if u is None or rng.random() < ESCAPE:
        return rng.choices(list(values), weights)[0]
    return pick_at_quantile(values, weights, u)
