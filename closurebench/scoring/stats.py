"""Statistics for reports: pass@k, cons@k, Wilson intervals, the memorisation gap, the exact
McNemar test and GrAlgoBench's normalised score.

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
    "mcnemar_exact",
    "memorisation_gap",
    "newcombe_interval",
    "normalised_scores",
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


def consensus_correct(votes: Sequence[tuple[Hashable, bool] | None], *,
                      unparsed_votes: bool = False) -> bool:
    """Majority vote over parsed answers; ties go to the answer seen first.

    ``votes`` holds ``(answer_key, strict_correct)`` per sample, ``None`` for a parse failure.
    By default failures do not vote, and with no parsed answer at all the instance counts as
    wrong. With ``unparsed_votes`` (GrAlgoBench's rule: every sample votes) each failure is a
    vote for "no answer", which is never correct, so ``[None, None, ("4", True)]`` is wrong
    (two votes to one) where the default calls it right.
    """
    counts: dict[Hashable, list[Any]] = {}  # key -> [count, -first_index, correct]
    for index, vote in enumerate(votes):
        if vote is None:
            if not unparsed_votes:
                continue
            key, correct = _NO_ANSWER_VOTE, False
        else:
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


class _NoAnswer:
    """The one answer every unparsed sample votes for under ``unparsed_votes``."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<no answer>"


_NO_ANSWER_VOTE = _NoAnswer()


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


def mcnemar_exact(b: int, c: int) -> float:
    """Two-sided exact McNemar p-value for paired binary outcomes.

    ``b`` counts pairs where only the first system is right, ``c`` where only the second is;
    pairs where both agree carry no information. Under the null each discordant pair goes
    either way with probability 1/2, so the p-value is ``min(1, 2 * P(Binom(b + c, 1/2) <=
    min(b, c)))``, computed exactly; no discordant pair gives 1.0.

    >>> round(mcnemar_exact(8, 1), 4)  # 2 * (1 + 9) / 2**9
    0.0391
    """
    for name, value in (("b", b), ("c", c)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(
                f"mcnemar_exact needs non-negative integer counts, got {name}={value!r}")
    n, low = b + c, min(b, c)
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(low + 1))
    return min(1.0, 2 * tail / 2**n)


def normalised_scores(table: dict[str, dict[str, float]]) -> dict[str, dict[str, float | None]]:
    """GrAlgoBench's normalised score: per task a z-score across models, rescaled to 0-100.

    ``table`` maps model -> task -> accuracy. For each task the models' accuracies get
    ``z = (x - mean) / std`` (population std over the models that have the task), then
    ``s = 100 * (z - min z) / (max z - min z)`` over the same models. The rescaling is affine
    in ``x``, so ``s`` equals ``100 * (x - min x) / (max x - min x)``: the best model on a task
    scores 100 and the worst 0. A task on which every model scores the same (std 0) has no
    normalised score (``None``); so does a task only one model has.

    >>> normalised_scores({"a": {"t": 0.2}, "b": {"t": 0.6}, "c": {"t": 0.5}})["c"]
    {'t': 75.0}
    """
    tasks = sorted({t for row in table.values() for t in row})
    out: dict[str, dict[str, float | None]] = {m: {} for m in table}
    for task in tasks:
        have = {m: float(row[task]) for m, row in table.items() if task in row}
        values = list(have.values())
        mean = sum(values) / len(values)
        std = math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))
        if len(values) < 2 or std <= 1e-12:
            for m in have:
                out[m][task] = None
            continue
        z = {m: (v - mean) / std for m, v in have.items()}
        lo, hi = min(z.values()), max(z.values())
        for m, zm in z.items():
            out[m][task] = 100.0 * (zm - lo) / (hi - lo)
    return out
