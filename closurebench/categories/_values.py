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
from bisect import bisect_right
from collections.abc import Callable, Hashable, Mapping, Sequence
from itertools import accumulate
from typing import TypeVar

from closurebench.graph.plant import pick_at_quantile

__all__ = [
    "ESCAPE", "HOPS_WEIGHTS", "Placed", "draw_value", "flatten", "hop_buckets", "hop_cells", "walk",
]

#: Share of tries that draw from ``rng`` although a quantile is given.
ESCAPE = 0.1
#: Share of closure-category instances drawn at 1, 2 and ≥ 3 hops (renormalised over the buckets
#: n and the hops axis allow). Deep first: a one-hop reader should sit well below a third.
HOPS_WEIGHTS = (0.15, 0.35, 0.50)


def hop_buckets(hi: int, lo: int = 1, weights: tuple[float, float, float] | None = None
                ) -> list[tuple[tuple[int, int], float]]:
    """The hop buckets 1, 2 and 3..``hi`` that reach into ``lo..hi``, with their weights
    (``HOPS_WEIGHTS`` unless a category sets its own): what the generator's ``draw_hops``
    draws from, and what the count designs (``hop_cells``) weigh their cells by."""
    return [((a, b), w) for (a, b), w in zip(((1, 1), (2, 2), (3, hi)),
                                             weights or HOPS_WEIGHTS)
            if max(a, lo) <= min(b, hi)]



V = TypeVar("V")
C = TypeVar("C")


def draw_value(rng: random.Random, values: Sequence[V], weights: Sequence[float],
               u: float | None) -> V:
    """``values`` weighted by ``weights``: at quantile ``u``, or from ``rng`` if ``u`` is None
    (and on an ``ESCAPE`` share of tries)."""
    if u is None or rng.random() < ESCAPE:
        return rng.choices(list(values), weights)[0]
    return pick_at_quantile(values, weights, u)


def hop_cells(n_range: tuple[int, int], max_hops: Callable[[int], int],
              within: Callable[[int, tuple[int, int]], Sequence[tuple[C, float]]],
              weights: tuple[float, float, float] | None = None) -> dict[C, float]:
    """The default cells of a design and their shares of instances.

    n is uniform over ``n_range``; the hop bucket is drawn as the generator draws it
    (``hop_buckets`` up to ``max_hops(n)``, by ``weights``); ``within(n, span)`` splits a bucket
    into cells with relative weights (one cell per bucket, or one per planted depth).
    """
    lo, hi = n_range
    cells: dict[C, float] = {}
    for n in range(lo, hi + 1):
        buckets = hop_buckets(max_hops(n), weights=weights)
        total = sum(w for _, w in buckets)
        for span, w in buckets:
            parts = within(n, span)
            mass = sum(p for _, p in parts)
            for cell, p in parts:
                cells[cell] = cells.get(cell, 0.0) + w / total / (hi - lo + 1) * p / mass
    return cells


def flatten(cells: Mapping[C, float], options: Callable[[C], Sequence[V]],
            readers: Sequence[tuple[Callable[[C, V], Hashable], Callable[[Hashable], float]]],
            *, rounds: int = 400, rate: float = 0.3, mix: float = 0.1) -> dict[C, list[float]]:
    """Per-cell value weights that keep every lazy reader's share under its cap.

    Why: in small graphs some cells can only hold answers a lazy reader names (at n = 5 every
    component size 2..5 is some "n - k"), so capping each cell's weights separately cannot
    keep a reader below its target overall; the other cells have to answer *differently*.
    ``cells`` maps each cell (e.g. (n, smallest value)) to its share of instances; each
    reader is ``(key, cap)``: ``key(cell, value)`` is what that reading names (``n - v``, or
    the value itself for "the most frequent answer") and ``cap(key)`` the largest share it may
    take. Multiplicative weights: each round, every value whose reader keys are over their
    cap is scaled down by (cap / share) ** rate and its cell renormalised, which pushes mass to
    cells and values where the readers are not over. Then ``mix`` of each cell is spread
    uniformly, so every value a cell can hold stays possible. Pure float arithmetic in a fixed
    order: the same weights on every machine.
    """
    cell_list = list(cells)
    weights = {c: [1.0 / len(options(c))] * len(options(c)) for c in cell_list}
    for _ in range(rounds):
        shares: list[dict[Hashable, float]] = [{} for _ in readers]
        for c in cell_list:
            for v, w in zip(options(c), weights[c]):
                for (key, _cap), share in zip(readers, shares):
                    k = key(c, v)
                    share[k] = share.get(k, 0.0) + cells[c] * w
        for c in cell_list:
            new = []
            for v, w in zip(options(c), weights[c]):
                for (key, cap), share in zip(readers, shares):
                    k = key(c, v)
                    w *= min(1.0, cap(k) / share[k]) ** rate
                new.append(w)
            total = sum(new)
            weights[c] = [w / total for w in new]
    return {c: [(1 - mix) * w + mix / len(ws) for w in ws] for c, ws in weights.items()}


#: What ``walk`` gives for a uniform: the cell, the value, and the quantile inside the cell
#: at which ``pick_at_quantile`` over the cell's options returns that value.
Placed = tuple[C, V, float]


def walk(cells: Mapping[C, float], options: Callable[[C], Sequence[V]],
         weights: Mapping[C, Sequence[float]], key: Callable[[C, V], tuple[int, ...]]
         ) -> Callable[[float], Placed]:
    """One uniform -> (cell, value, quantile): the inverse CDF of a whole design, every
    (cell, value) point ordered by ``key`` (e.g. by k = n - value first).

    Why: drawing n, the hop bucket and the value from separately stratified uniforms still
    pairs them at random, so a share that depends on them together ("answer n - k") keeps the
    full noise of that pairing: at 50 instances the largest of six n - k shares designed at
    ~15% landed over 25% on a third of the seeds. Walking the design ordered by k instead, a
    stratified uniform hands each block of ten instances its k's in proportion (measured: the
    seeds with a miss fell from 8-23 to 2-4 of 40). The returned quantile is the midpoint of
    the value's stretch of its cell's CDF (options in the order the constructor draws them),
    so a constructor drawing at that quantile builds exactly the walked value.
    """
    points: list[tuple[tuple[int, ...], C, V, float, float]] = []
    for c, mass in cells.items():
        ws = weights[c]
        total = sum(ws)
        before = 0.0
        for v, w in zip(options(c), ws):
            if w > 0:
                points.append((key(c, v), c, v, mass * w / total, (before + w / 2) / total))
            before += w
    points.sort(key=lambda p: p[0])
    ends = list(accumulate(p[3] for p in points))

    def at(u: float) -> Placed:
        i = min(bisect_right(ends, u * ends[-1]), len(points) - 1)
        _, c, v, _, q = points[i]
        return c, v, q

    return at
