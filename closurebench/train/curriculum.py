"""A curriculum: fresh configs of rising difficulty along level, graph size n and hop depth.

Difficulty has three axes here: the compositional level (L1 atomic → L3 composition), the
node count, and the hop depth closure answers need (``hops``). ``curriculum`` walks the grid
of their steps in order of total difficulty (the sum of the three step indices; ties go to the
lower level), so each stage raises one axis at a time rather than all at once. Every stage has
its own fresh structural seed derived from ``seed`` and the stage's axes, so no stage repeats
another's instances and none is a released split (seed 0 and its held-out hash are skipped).
``stage.dataset()`` makes a stage a ``datasets.Dataset`` (``format="grpo"`` or ``"sft"`` for
training columns, as ``closurebench.load_dataset`` gives them).
"""

from __future__ import annotations

import numbers
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from closurebench.categories import CONFIGS, get
from closurebench.errors import ConfigError, UnposableCell
from closurebench.generation.config import Config
from closurebench.graph import seeds

__all__ = ["HOPS_STEPS", "N_STEPS", "Stage", "curriculum"]

#: Default node-count steps (inclusive ranges). A stage holds only the categories generated
#: at its sizes (sibling and cousin start at 7 nodes).
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

    def dataset(self, *, format: str | None = None, mode: str = "direct",
                target: str = "answer") -> Any:
        """The stage's records, exactly ``closurebench.instance(self.config, k)`` for every k,
        as a ``datasets.Dataset`` with the benchmark's features; ``format``, ``mode`` and
        ``target`` as in ``closurebench.train.formats.to_format``.

        An index whose cell cannot carry an instance (``UnposableCell``: a category whose hop
        depth the stage's n cannot reach) is left out, never relaxed.
        """
        import datasets

        from closurebench.generation.instances import instance
        from closurebench.generation.schema import features
        from closurebench.train.formats import check_format, to_format

        check_format(format, mode, target)
        rows = []
        for k in range(self.config.size):
            try:
                rows.append(instance(self.config, k))
            except UnposableCell:
                continue
        data = datasets.Dataset.from_list(rows, features=features())
        return to_format(data, format, mode=mode, target=target)


def _released_seeds() -> set[int]:
    from closurebench.generation.release import SPLITS, split_seeds

    return {split_seeds(s).seed for s in SPLITS}


def _is_int(value: Any) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _step(name: str, i: int, step: Any, open_top: bool) -> tuple[Any, Any]:
    """One ``(min, max)`` step as ints (``max`` may be ``None`` where ``open_top``), or a
    ``ConfigError`` naming it; the ranges themselves are checked by ``Config.make``."""
    try:
        lo, hi = step
    except (TypeError, ValueError):
        lo = hi = None
    if not _is_int(lo) or not (_is_int(hi) or (open_top and hi is None)):
        top = "an integer or None" if open_top else "an integer"
        raise ConfigError(f"{name}[{i}] must be a (min, max) pair: min an integer, max {top}; "
                          f"got {step!r}")
    return lo, hi


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
    n_steps = [_step("n_steps", i, step, open_top=False) for i, step in enumerate(n_steps)]
    hops_steps = [_step("hops_steps", i, step, open_top=True) for i, step in enumerate(hops_steps)]
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
        # a stage holds the level's categories generated at its sizes (some start at 7
        # nodes, where their answers can be hidden)
        held = [c for c in CONFIGS[f"l{levels[i]}"] if get(c).n_floor <= n_max]
        if not held:
            continue
        cfg = Config.make(f"l{levels[i]}", n_min=n_min, n_max=n_max, density=density,
                          seed=stage_seed, per_category=per_category, hops_min=h_min,
                          hops_max=h_max, categories=held)
        yield Stage(index, i + j + k, levels[i], (n_min, n_max), (h_min, h_max), cfg)
        index += 1
