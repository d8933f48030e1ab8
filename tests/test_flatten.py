"""``_values.flatten``: per-cell weights that keep every reader under its cap overall."""

from __future__ import annotations

from closurebench.categories._values import flatten


def _share(cells, options, design, key):
    out: dict = {}
    for c, ws in design.items():
        for v, w in zip(options(c), ws):
            out[key(c, v)] = out.get(key(c, v), 0.0) + cells[c] * w
    return out


def test_a_forced_cell_is_balanced_by_the_others() -> None:
    # Cell "a" can only answer 1 or 2; cell "b" any of 1..4. A reader naming 1 or 2 must
    # then lose its share in "b", so "b" answers mostly 3 and 4.
    cells = {"a": 0.5, "b": 0.5}
    options = {"a": [1, 2], "b": [1, 2, 3, 4]}.__getitem__
    design = flatten(cells, options, [(lambda c, v: v, lambda v: 0.26)], mix=0.0)
    shares = _share(cells, options, design, lambda c, v: v)
    assert max(shares.values()) <= 0.27
    assert design["b"][2] + design["b"][3] > 0.9


def test_mix_keeps_every_option_possible_and_weights_sum_to_one() -> None:
    cells = {"a": 1.0}
    design = flatten(cells, lambda c: [1, 2, 3], [(lambda c, v: v, lambda v: 0.1 if v == 1
                                                     else 1.0)], mix=0.3)
    assert abs(sum(design["a"]) - 1) < 1e-12 and min(design["a"]) >= 0.1 - 1e-12


def test_same_inputs_give_the_same_weights() -> None:
    cells = {(n, lo): 1 / 6 for n in (5, 6, 7) for lo in (2, 3)}
    options = lambda c: list(range(c[0], c[1] - 1, -1))  # noqa: E731
    readers = [(lambda c, v: c[0] - v, lambda k: 0.2)]
    assert flatten(cells, options, readers) == flatten(dict(cells), options, readers)


def test_walk_orders_the_whole_design_and_returns_the_quantile_that_rebuilds_the_value() -> None:
    from closurebench.categories._values import walk
    from closurebench.graph.plant import pick_at_quantile

    cells = {5: 0.5, 6: 0.5}
    options = lambda n: list(range(1, n - 1))  # noqa: E731
    weights = {5: [1.0, 2.0, 1.0], 6: [1.0, 1.0, 1.0, 1.0]}
    at = walk(cells, options, weights, lambda n, v: (n - v, v))
    # Ordered by n - v: the lowest uniforms give n - v = 2 (5 -> 3 at 1/8, 6 -> 4 at 1/8).
    assert at(0.0)[:2] == (5, 3) and at(0.2)[:2] == (6, 4)
    for u in (i / 50 for i in range(50)):
        n, v, q = at(u)
        assert pick_at_quantile(options(n), weights[n], q) == v


def test_a_stratified_block_of_ten_carries_each_band_in_proportion() -> None:
    from collections import Counter

    from closurebench.categories._values import walk

    cells = {n: 1 / 5 for n in range(6, 11)}
    at = walk(cells, lambda n: list(range(1, n - 1)),
              {n: [1.0] * (n - 2) for n in cells}, lambda n, v: (n - v, v))
    bands = Counter(at((i + 0.5) / 10)[0] - at((i + 0.5) / 10)[1] for i in range(10))
    # P(n - v = 2) = 1/5 * (1/4 + 1/5 + 1/6 + 1/7 + 1/8) ~ 0.18: one or two of every ten.
    assert 1 <= bands[2] <= 2


def test_default_axes_walk_the_design_and_other_axes_do_not() -> None:
    from closurebench.categories import get

    for name in ("scc_then_count", "degree_then_reach", "reach_then_count", "conditional",
                 "intersect_then_size", "kinship_complex", "graph_comparison"):
        cat = get(name)
        lo = cat.n_floor
        placed = cat.joint(0.5, (max(4, lo), 10), (1, None))
        assert placed is not None and max(4, lo) <= placed[0] <= 10, name
        assert cat.joint(0.5, (max(4, lo), 12), (1, None)) is None
        assert cat.joint(0.5, (max(4, lo), 10), (2, None)) is None


def test_graph_comparison_design_spreads_both_the_lost_and_the_kept_part() -> None:
    from closurebench.categories import graph_comparison as m

    shares: dict[int, float] = {}
    kept: dict[int, float] = {}
    for n, weights in m.size_design().items():
        for v, w in zip(m.DESIGN.sizes(n), weights):
            shares[v] = shares.get(v, 0.0) + w / len(m.size_design())
            kept[n - v] = kept.get(n - v, 0.0) + w / len(m.size_design())
    # SIZES alone gave sizes 1-3 ~20% each; capping n - |L| too (0.3.4 had n - |L| = 2 in
    # 40%) costs the sizes a little: both stay under 23%, every size 1..7 possible somewhere
    # (at most n - 3 since 0.3.14: at n - 2 the answer is everyone but x and its successor)
    assert max(shares.values()) <= 0.23 and sorted(shares) == list(range(1, 8))
    assert max(kept.values()) <= 0.23
