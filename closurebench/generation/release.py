"""The released splits: which seeds make them, and how a split of any config derives its seeds.

A config has two splits. ``train`` is generated from the config's own ``seed`` and
``surface_seed``; ``held_out`` from seeds *derived* from them by hashing, so a user's next seed
(``seed + 1``) never reproduces someone's held-out split, and the held-out split never shares a
structural or a surface stream with its train split. The released splits are the default
config (``seed=0``) under this rule; their exact integers are pinned below and checked by a test.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from closurebench.generation.config import Config
from closurebench.graph import seeds

__all__ = [
    "DEFAULTS", "GRALGO_PER_TASK", "GRALGO_SCALES", "HELD_OUT", "PER_CATEGORY", "SPLITS",
    "TRAIN", "SplitSeeds", "gralgo_split_configs", "held_out_seed", "split_config",
    "split_seeds",
]

#: Split names, in the order they are built and shown.
SPLITS: tuple[str, ...] = ("train", "held_out")

#: Instances per category in each released split (26 categories: 1,300 per split).
PER_CATEGORY = 50

#: The generation axes of the released splits (``Config.make`` defaults, stated once more here so
#: a change of the library defaults cannot silently change what "released" means).
DEFAULTS: dict[str, Any] = {
    "n_min": 4, "n_max": 10, "density": (0.1, 0.5), "per_category": PER_CATEGORY,
    "encoding": "nl",
}


@dataclass(frozen=True)
class SplitSeeds:
    """The structural and surface seed one split is generated from."""

    seed: int
    surface_seed: int


def held_out_seed(seed: int) -> int:
    """The held-out counterpart of a seed: a 63-bit hash, so it collides with no small seed."""
    return seeds.derive("split", "held_out", seed)


def split_seeds(split: str, seed: int = 0, surface_seed: int | None = None) -> SplitSeeds:
    """The seeds of ``split`` for a config whose (train) seeds are ``seed``/``surface_seed``."""
    surface = seed if surface_seed is None else surface_seed
    if split == "train":
        return SplitSeeds(seed, surface)
    if split == "held_out":
        return SplitSeeds(held_out_seed(seed), held_out_seed(surface))
    raise ValueError(f"split must be one of {', '.join(SPLITS)}; got {split!r}")


#: Seeds of the released train split.
TRAIN = split_seeds("train")
#: Seeds of the released held-out split (hashes of 0; pinned by ``tests/test_splits.py``).
HELD_OUT = split_seeds("held_out")


def split_config(split: str, config: str = "all", **axes: Any) -> Config:
    """The validated ``Config`` of one split; ``axes`` are ``Config.make`` keyword arguments.

    Without ``axes`` this is the released split (restricted to ``config``'s categories).
    Train keeps structural half 0 and held_out half 1, so no held_out instance is isomorphic
    (graph, query roles and parameters) to a train instance.
    """
    kw = {**DEFAULTS, **axes}
    if axes.get("mean_degree") is not None and "density" not in axes:
        del kw["density"]  # a mean degree replaces the default range (an explicit one is refused)
    s = split_seeds(split, kw.pop("seed", 0), kw.pop("surface_seed", None))
    kw.setdefault("half", SPLITS.index(split))
    return Config.make(config, seed=s.seed, surface_seed=s.surface_seed, **kw)


#: GrAlgoBench's release: the nine tasks at each of its six scales (presets, with their mean
#: degrees), 50 instances per task and scale: 2,700 rows per split.
GRALGO_SCALES: tuple[str, ...] = tuple(f"gralgo-s{i}" for i in range(1, 7))
GRALGO_PER_TASK = 50


def gralgo_split_configs(split: str, config: str = "gralgo", **axes: Any) -> list[Config]:
    """One ``Config`` per GrAlgoBench scale for a split of ``config`` (``gralgo``, a paradigm
    or a task id), in scale order. Seeds follow ``split_config``'s rule; a scale's instances
    differ from another's because the digest (hence every record id) holds the n range."""
    from closurebench.generation.presets import preset

    kw = {"per_category": GRALGO_PER_TASK, **axes}
    return [split_config(split, config, **{**preset(s), **kw}) for s in GRALGO_SCALES]
