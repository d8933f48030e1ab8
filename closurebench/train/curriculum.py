"""A curriculum: fresh configs of rising difficulty along level, graph size n and hop depth.

Difficulty has three axes here: the compositional level (L1 atomic → L3 composition), the
node count, and the hop depth closure answers need (``hops``). ``curriculum`` walks the grid
of their steps in order of total difficulty (the sum of the three step indices; ties go to the
lower level), so each stage raises one axis at a time rather than all at once. Every stage has
its own fresh structural seed derived from ``seed`` and the stage's axes, so no stage repeats
another's instances and none is a released split (seed 0 and its held-out hash are skipped).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import product

from closurebench.errors import ConfigError
from closurebench.generation.config import Config
from closurebench.graph import seeds

__all__ = ["HOPS_STEPS", "N_STEPS", "Stage", "curriculum"]

#: Default node-count steps (inclusive ranges).
N_STEPS: tuple[tuple[int, int], ...] = ((4, 6), (6, 9), (9, 12))
#: Default hop-depth steps (``None``: as deep as n allows).
HOPS_STEPS: tuple[tuple[int, int | None], ...] = ((1, 2), (2, 3), (3, None))


@dataclass(frozen=True)
class Stage:
    """One curriculum stage: its difficulty, axes and the config that generates it."""

    index: int
    difficulty: int
    level: int
    n_range: tuple[int, int]
    hops: tuple[int, int | None]
    config: Config


def _released_seeds() -> set[int]:
    from closurebench.generation.release import SPLITS, split_seeds

    return {split_seeds(s).seed for s in SPLITS}


def curriculum(*, levels: Sequence[int] = (1, 2, 3),
               n_steps: Sequence[tuple[int, int]] = N_STEPS,
               hops_steps: Sequence[tuple[int, int | None]] = HOPS_STEPS,
               per_category: int = 50, seed: int = 1,
               density: float | tuple[float, float] = (0.1, 0.5)) -> Iterator[Stage]:
    """Yield the stages, easiest first; each ``stage.config`` feeds ``closurebench.generate``
    (via ``Config`` fields) or ``closurebench.instance(stage.config, k)``.

    The hop axis bounds closure categories only (the others have no hop depth); a step whose
    minimum hops a stage's n cannot carry is skipped for that n, never relaxed.
    """
    levels = list(levels)
    if not levels or any(lvl not in (1, 2, 3) for lvl in levels) or levels != sorted(levels):
        raise ConfigError(f"levels must be increasing values of 1, 2, 3; got {levels!r}")
    if not n_steps or not hops_steps:
        raise ConfigError("n_steps and hops_steps must each name at least one step")
    released = _released_seeds()
    grid = sorted(
        product(range(len(levels)), range(len(n_steps)), range(len(hops_steps))),
        key=lambda ijk: (sum(ijk), ijk[0], ijk[1], ijk[2]))
    index = 0
    for i, j, k in grid:
        (n_min, n_max), (h_min, h_max) = n_steps[j], hops_steps[k]
        if h_min > n_max - 1:
            continue  # n this small cannot chain that many edges
        stage_seed = seeds.derive("curriculum", seed, levels[i], n_min, n_max, h_min,
                                  -1 if h_max is None else h_max) % (2**31)
        if stage_seed in released:
            stage_seed += 1
        cfg = Config.make(f"l{levels[i]}", n_min=n_min, n_max=n_max, density=density,
                          seed=stage_seed, per_category=per_category, hops_min=h_min,
                          hops_max=h_max)
        yield Stage(index, i + j + k, levels[i], (n_min, n_max), (h_min, h_max), cfg)
        index += 1
