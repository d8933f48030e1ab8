"""Record k of a config, computed on its own: the structural half posed, then the surface.

``instance`` is the one place the two halves meet (``pose`` never sees labels; ``records``
never draws structure), so a record is a pure function of (config, k).
"""

from __future__ import annotations

from collections.abc import Iterator
from copy import deepcopy
from dataclasses import replace
from functools import lru_cache
from typing import Any

from closurebench.categories import get
from closurebench.generation import pose as posing
from closurebench.generation.config import Config
from closurebench.generation.pose import Posed, pose, strata, structural_seed, surface_seed
from closurebench.generation.records import build_record

__all__ = ["generate", "instance"]


#: Largest n whose posed instances are memoised (``_posed``): their adjacency matrices are a
#: few hundred bytes; at n = 2,000 one is 4 MB.
MEMO_N = 20


@lru_cache(maxsize=8192)
def _posed(config: Config, k: int, settings: tuple[Any, ...]) -> Posed:
    """The structural half of record ``k``, memoised: built blind, it costs milliseconds
    (``pose._blind``), and one process often asks for the same records again (the release
    audit, the card, the baselines' train answers). ``settings`` (``pose.settings()``) is part
    of the key, so a memo never outlives a change of them. Pure: the same arguments build the
    same structure, so the memo changes no output."""
    cat_id, j = config.locate(k)
    sseed = structural_seed(config.seed, cat_id, j)
    side = bool(sseed & 1) if get(cat_id).balance is not None else None
    return pose(cat_id, sseed, config.n_range(cat_id), config.density,
                (config.hops_min, config.hops_max), config.half,
                strata(config.seed, cat_id, j, side), config.source, config.mean_degree)


def instance(config: Config, k: int, *, cross_check: bool = True) -> dict[str, Any]:
    """Record ``k`` of a config, computed on its own (no dependence on other instances)."""
    cat_id, j = config.locate(k)
    sseed = structural_seed(config.seed, cat_id, j)
    if config.n_max <= MEMO_N:
        posed = _posed(config, k, posing.settings())
        posed = replace(posed, query=dict(posed.query), answer=deepcopy(posed.answer))
    else:
        posed = _posed.__wrapped__(config, k, ())
    return build_record(
        posed,
        record_id=f"{cat_id}-{j:05d}-{config.digest}",
        structural_seed=sseed,
        surface_seed=surface_seed(config.surface_seed, cat_id, j),
        encoding=config.encoding,
        cross_check=cross_check,
        verbosity=config.verbosity,
        labels=config.labels,
    )


def generate(
    config: str = "all",
    *,
    n_min: int = 4,
    n_max: int = 10,
    density: float | tuple[float, float] | None = None,
    seed: int = 0,
    surface_seed: int | None = None,
    per_category: int = 50,
    categories: list[str] | tuple[str, ...] | str | None = None,
    encoding: str = "nl",
    hops_min: int = 1,
    hops_max: int | None = None,
    half: int | None = None,
    verbosity: int = 0,
    labels: str | None = None,
    source: str = "synthetic",
    mean_degree: float | None = None,
    cross_check: bool = True,
    start: int = 0,
    stop: int | None = None,
) -> Iterator[dict[str, Any]]:
    """Yield the records of a config, category by category (taxonomy order).

    Arguments are validated up front (a ``ConfigError`` names the bad one). ``start``/``stop``
    select an index range, so shards of one config concatenate to the whole.
    Every record is solved by both engines unless ``cross_check=False``.

    >>> rec = next(generate("reachability", per_category=1))
    >>> rec["category"], rec["answer"] in ("true", "false")
    ('reachability', True)
    """
    cfg = Config.make(
        config, n_min=n_min, n_max=n_max, density=density, seed=seed,
        surface_seed=surface_seed, per_category=per_category, categories=categories,
        encoding=encoding, hops_min=hops_min, hops_max=hops_max, half=half,
        verbosity=verbosity, labels=labels, source=source, mean_degree=mean_degree,
    )
    return _iterate(cfg, start, cfg.size if stop is None else min(stop, cfg.size), cross_check)


def _iterate(cfg: Config, start: int, stop: int, cross_check: bool) -> Iterator[dict[str, Any]]:
    for k in range(max(start, 0), stop):
        yield instance(cfg, k, cross_check=cross_check)
