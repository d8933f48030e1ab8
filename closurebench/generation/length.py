"""The token-length sweep (GrAlgoBench §3.1): one structure, prompts of 4k to 64k tokens.

GrAlgoBench fixes 50 graphs of 80 nodes and 200 edges and lengthens the node names until the
prompts average about 4k, 8k, 16k, 32k and 64k tokens. Here the structure is fixed by the
seed (``verbosity`` is a surface axis: the same seed gives the same graphs and answers at
every verbosity), and ``pick_verbosity`` finds, per target, the words per name whose prompts
average closest to it. It knows nothing of categories: ``questions_at(v)`` is any function
that generates the sweep's questions at verbosity ``v``, so another registry (one generating
with ``records.choose_surface(..., verbosity=v)``) reuses it as it is. ``sweep`` runs it for
ClosureBench configs. Nothing is shipped: the sweep is generated on demand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from statistics import fmean
from typing import Any

from closurebench.categories import get
from closurebench.errors import ConfigError
from closurebench.generation.tokens import counter
from closurebench.surface.verbosity import MAX_VERBOSITY

__all__ = ["LENGTH_CATEGORIES", "LENGTH_EDGES", "LENGTH_N", "LENGTH_TARGETS", "LengthPoint",
           "length_density", "length_kwargs", "pick_verbosity", "sweep"]

#: GrAlgoBench's sweep: 80 nodes, 200 edges, five prompt lengths.
LENGTH_N = 80
LENGTH_EDGES = 200
LENGTH_TARGETS = (4_000, 8_000, 16_000, 32_000, 64_000)
#: The categories of ClosureBench closest to the sweep's tasks (Triangle Sum, DistanceK,
#: Maximum k-core): triangles, a reachable-set count, a degree.
LENGTH_CATEGORIES = ("triangle_count", "reach_then_count", "degree_count")


def length_density(directed: bool, n: int = LENGTH_N, edges: int = LENGTH_EDGES) -> float:
    """The density whose expected edge count at ``n`` nodes is ``edges`` (pairs ordered for a
    directed graph, unordered for an undirected one)."""
    pairs = n * (n - 1) if directed else n * (n - 1) // 2
    return round(edges / pairs, 6)


def length_kwargs(category: str, per_category: int = 50) -> dict[str, Any]:
    """``generate`` keyword arguments of the sweep's structure for one ClosureBench category:
    n = 80 and the density of 200 expected edges for its family."""
    directed = get(category).family != "undirected"
    return {"n_min": LENGTH_N, "n_max": LENGTH_N, "density": length_density(directed),
            "per_category": per_category}


@dataclass(frozen=True)
class LengthPoint:
    """One length of the sweep: the target, the verbosity picked, the prompts' token counts."""

    target: int
    verbosity: int
    mean_tokens: float
    min_tokens: int
    max_tokens: int
    tokenizer: str

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def pick_verbosity(
    questions_at: Callable[[int], Iterable[str]],
    target: float,
    *,
    count: Callable[[str], int] | None = None,
    lo: int = 1,
    hi: int = MAX_VERBOSITY,
) -> tuple[int, list[int]]:
    """The verbosity in ``lo..hi`` whose questions' mean token count is closest to ``target``,
    and those questions' token counts.

    A prompt's length grows by about the same amount with each word per name, so the search
    fits a line through two measured verbosities, measures its prediction, and walks one
    step at a time while that moves closer (a bisection would measure ~9 verbosities, this
    measures 3-5). Ties go to the smaller verbosity.
    """
    count = count or counter()[0]
    seen: dict[int, list[int]] = {}

    def mean(v: int) -> float:
        if v not in seen:
            seen[v] = [count(q) for q in questions_at(v)]
            if not seen[v]:
                raise ConfigError("questions_at returned no questions")
        return fmean(seen[v])

    a, b = lo, min(hi, max(lo + 1, 16))
    slope = (mean(b) - mean(a)) / (b - a) if b > a else 0.0
    guess = a if slope <= 0 else round(a + (target - mean(a)) / slope)
    v = min(max(guess, lo), hi)
    gap = abs(mean(v) - target)
    for step in (1, -1):
        while lo <= v + step <= hi and abs(mean(v + step) - target) < gap:
            v += step
            gap = abs(mean(v) - target)
    return v, seen[v]


def sweep(
    category: str,
    targets: Sequence[int] = LENGTH_TARGETS,
    *,
    seed: int = 0,
    per_category: int = 50,
    encoding: str = "nl",
    calibrate: int | None = None,
    real: bool | None = None,
) -> list[LengthPoint]:
    """The sweep's verbosity per target for one ClosureBench category, at a fixed structure.

    The verbosity is picked on the first ``calibrate`` instances (all by default: picked on
    10 of 50, the means missed their targets by up to 8%), then measured on all
    ``per_category`` of them (the figures reported). ``real`` as in ``tokens.counter``.
    """
    from closurebench.generation.instances import generate

    count, name = counter(real)
    axes = {**length_kwargs(category, per_category), "seed": seed, "encoding": encoding}

    def questions(v: int, stop: int | None) -> list[str]:
        return [r["question"] for r in generate(category, verbosity=v, cross_check=False,
                                                stop=stop, **axes)]

    points = []
    for target in targets:
        v, tokens = pick_verbosity(lambda v: questions(v, calibrate), target, count=count)
        if calibrate is not None:
            tokens = [count(q) for q in questions(v, None)]
        points.append(LengthPoint(target, v, round(fmean(tokens), 1), min(tokens),
                                  max(tokens), name))
    return points
