"""Statistics for reports: pass@k, cons@k, Wilson intervals and the memorisation gap.

Kept free of scoring details so each formula can be checked against hand-worked values.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from typing import Any

from closurebench.errors import ConfigError

__all__ = [
    "MAX_BOOT",
    "Z95",
    "check_n_boot",
    "consensus_correct",
    "memorisation_gap",
    "newcombe_interval",
    "pass_at_k",
    "wilson_interval",
]

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile."""

MAX_BOOT = 10_000_000
"""Most bootstrap resamples ``memorisation_gap`` draws (a few hundred MB of arrays)."""


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k of Chen et al. (2021): ``1 - C(n-c, k) / C(n, k)``.

    Computed as a running product, which stays exact enough and never forms huge binomials.
    """
    if not 0 <= c <= n or not 1 <= k <= n:
        raise ValueError(f"pass@k needs 0 <= c <= n and 1 <= k <= n, got n={n} c={c} k={k}")
    if n - c < k:
        return 1.0
    miss = 1.0
    for i in range(n - c + 1, n + 1):
        miss *= 1.0 - k / i
    return 1.0 - miss


def consensus_correct(votes: Sequence[tuple[Hashable, bool] | None]) -> bool:
    """Majority vote over parsed answers; ties go to the answer seen first.

    ``votes`` holds ``(answer_key, strict_correct)`` per sample, ``None`` for a parse failure
    (failures do not vote). With no parsed answer at all the instance counts as wrong.
    """
    counts: dict[Hashable, list[Any]] = {}  # key -> [count, -first_index, correct]
    for index, vote in enumerate(votes):
        if vote is None:
            continue
        key, correct = vote
        entry = counts.get(key)
        if entry is None:
            counts[key] = [1, -index, correct]
        else:
            entry[0] += 1
    if not counts:
        return False
    best = max(counts.values(), key=lambda e: (e[0], e[1]))
    return bool(best[2])


def wilson_interval(successes: int, total: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion: sound at small n and at 0% or 100%."""
    if total <= 0:
        raise ValueError(f"wilson_interval needs total > 0, got {total}")
    if not 0 <= successes <= total:
        raise ValueError(f"wilson_interval needs 0 <= successes <= total, got {successes}")
    p = successes / total
    z2 = z * z
    denom = 1.0 + z2 / total
    centre = (p + z2 / (2 * total)) / denom
    half = z * math.sqrt(p * (1 - p) / total + z2 / (4 * total * total)) / denom
    lower = 0.0 if successes == 0 else max(0.0, centre - half)
    upper = 1.0 if successes == total else min(1.0, centre + half)
    return lower, upper


def newcombe_interval(k1: int, n1: int, k2: int, n2: int, z: float = Z95) -> tuple[float, float]:
    """Newcombe's hybrid score interval (method 10) for ``k1/n1 - k2/n2``."""
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson_interval(k1, n1, z)
    l2, u2 = wilson_interval(k2, n2, z)
    diff = p1 - p2
    lower = diff - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    upper = diff + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return max(-1.0, lower), min(1.0, upper)


def _outcomes(name: str, values: Iterable[Any]) -> tuple[int, int]:
    successes = total = 0
    for index, value in enumerate(values):
        if isinstance(value, bool) or value in (0, 1):
            successes += bool(value)
            total += 1
        else:
            raise ValueError(f"{name}[{index}] must be a bool or 0/1, got {value!r}")
    if total == 0:
        raise ValueError(f"{name} is empty: need at least one outcome")
    return successes, total


def check_n_boot(n_boot: int) -> int:
    """``n_boot``, or a ``ConfigError`` outside 100..``MAX_BOOT`` (memory grows with it:
    10**12 resamples would need 7 TiB)."""
    if not 100 <= n_boot <= MAX_BOOT:
        raise ConfigError(f"n_boot must be between 100 and {MAX_BOOT:,}, got {n_boot}")
    return n_boot


def memorisation_gap(
    seen_correct: Iterable[Any],
    fresh_correct: Iterable[Any],
    *,
    method: str = "newcombe",
    n_boot: int = 10_000,
    seed: int = 0,
) -> dict[str, Any]:
    """Accuracy on seen (train) instances minus accuracy on fresh (held-out) ones.

    A positive gap with an interval above zero suggests answers were memorised rather than
    computed. Each accuracy gets a 95% Wilson interval; the difference gets Newcombe's hybrid
    score interval (``method="newcombe"``) or a percentile bootstrap over the two groups
    resampled independently (``method="bootstrap"``, deterministic for a given ``seed``).
    """
    k1, n1 = _outcomes("seen_correct", seen_correct)
    k2, n2 = _outcomes("fresh_correct", fresh_correct)
    gap = k1 / n1 - k2 / n2
    if method == "newcombe":
        gap_ci = newcombe_interval(k1, n1, k2, n2)
    elif method == "bootstrap":
        check_n_boot(n_boot)
        import numpy as np

        rng = np.random.default_rng(seed)
        diffs = rng.binomial(n1, k1 / n1, n_boot) / n1 - rng.binomial(n2, k2 / n2, n_boot) / n2
        lo, hi = np.percentile(diffs, [2.5, 97.5])
        gap_ci = (float(lo), float(hi))
    else:
        raise ValueError(f"method must be 'newcombe' or 'bootstrap', got {method!r}")
    return {
        "seen_accuracy": k1 / n1,
        "seen_ci": list(wilson_interval(k1, n1)),
        "n_seen": n1,
        "fresh_accuracy": k2 / n2,
        "fresh_ci": list(wilson_interval(k2, n2)),
        "n_fresh": n2,
        "gap": gap,
        "gap_ci": [float(gap_ci[0]), float(gap_ci[1])],
        "method": method,
    }
