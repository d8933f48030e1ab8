"""The ``datasets`` builder, in the package, so it runs on every ``datasets`` version.

``datasets`` >= 4 refuses loading scripts, so ``closurebench.load_dataset`` instantiates this
builder directly; the root ``closurebench.py`` (for ``datasets`` < 4) only subclasses it. Both
paths therefore give the same rows.

Splits: ``train`` is generated from the config's ``seed``/``surface_seed``; ``held_out`` from
seeds derived from them by hashing (``closurebench.generation.release.split_seeds``), so the
two never share a structural or surface stream. With default arguments a config reproduces the
released splits; any other axis or seed is a fresh config with the same two-split rule.

The cache key includes a SHA-256 of the package's own source, so editing the generator never
serves rows cached by the old code, and the ``datasets`` major.minor version, because each
version writes its own ``dataset_info.json`` into the cache (5.x's ``List`` feature type makes
3.6 fail with ``Feature type 'List' not found``): two venvs may share one ``HF_HOME``.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import datasets

from closurebench import __version__
from closurebench.categories import CATEGORIES, CONFIGS
from closurebench.errors import ConfigError
from closurebench.generation.config import Config
from closurebench.generation.release import (
    DEFAULTS,
    PER_CATEGORY,
    SPLITS,
    gralgo_split_configs,
    split_config,
)

#: GrAlgoBench's nine tasks as one builder config: six scales per split (their presets).
GRALGO = "gralgo"

__all__ = [
    "BUILDER_CONFIGS", "CITATION", "DESCRIPTION", "HOMEPAGE", "LICENSE", "TEST_ALIAS",
    "ClosureBench", "ClosureBenchConfig", "builder_info", "datasets_version", "load_dataset",
    "source_hash", "tree_hash",
]

HOMEPAGE = "https://github.com/egolabs-ai/closurebench"
LICENSE = "apache-2.0"
DESCRIPTION = (
    "ClosureBench: compositional graph-reasoning questions (26 categories, three levels) whose "
    "reference answers are computed by a tensor-logic program and cross-checked by an "
    "independent NetworkX program. Structural and surface seeds are independent; any seed or "
    "axis setting gives a fresh, contamination-free config."
)
CITATION = """\
@misc{closurebench2025,
  title  = {ClosureBench: A Constructive Benchmark for Compositional Graph Reasoning},
  author = {{ClosureBench contributors}},
  year   = {2025},
  url    = {https://github.com/egolabs-ai/closurebench}
}
"""

#: Accepted by ``load_dataset(split=...)`` for ``held_out``: the split nobody trains on.
TEST_ALIAS = "test"

#: Instances per ``datasets`` shard: ``num_proc`` workers split the list of index ranges.
SHARD_SIZE = 64


def tree_hash(root: str | Path) -> str:
    """SHA-256 over the ``.py`` files under ``root`` (relative path and bytes) and the version."""
    base = Path(root)
    h = hashlib.sha256(f"closurebench {__version__}\n".encode())
    for path in sorted(base.rglob("*.py")):
        h.update(path.relative_to(base).as_posix().encode() + b"\0")
        h.update(path.read_bytes() + b"\0")
    return h.hexdigest()


@cache
def source_hash() -> str:
    """``tree_hash`` of the installed package: part of every builder's cache key.

    Any edit anywhere in the package changes it; over-invalidating a cache is cheap, serving
    rows from old generator code is not.
    """
    return tree_hash(Path(__file__).resolve().parents[1])


def datasets_version() -> str:
    """``datasets`` major.minor: versions differ in how they write cached feature types."""
    return ".".join(datasets.__version__.split(".")[:2])


def _keep_locks_out_of_the_package() -> None:
    """datasets < 4 locks ``<module dir>/../<name>.lock`` of a builder's module: for this module
    that is ``closurebench.lock`` beside the installed package (a checkout or site-packages).

    Redirect that one lock into the datasets cache; every other builder keeps its own lock.
    """
    import datasets.streaming as streaming

    original = getattr(streaming, "lock_importable_file", None)
    if original is None or getattr(original, "_closurebench", False):
        return
    package = Path(__file__).resolve().parents[1]

    def lock_importable_file(importable_local_file: str) -> Any:
        if Path(importable_local_file).resolve().is_relative_to(package):
            from datasets import config
            from filelock import FileLock

            root = Path(config.HF_DATASETS_CACHE)
            root.mkdir(parents=True, exist_ok=True)
            return FileLock(str(root / "closurebench-package.lock"))
        return original(importable_local_file)

    lock_importable_file._closurebench = True  # type: ignore[attr-defined]
    streaming.lock_importable_file = lock_importable_file


if int(datasets.__version__.split(".")[0]) < 4:
    _keep_locks_out_of_the_package()


def builder_info(weighted: bool = False) -> datasets.DatasetInfo:
    """The builder's ``DatasetInfo`` (the same for every config of the 26 categories; the
    card is generated from it). ``weighted``: the ``gralgo`` config's, with weight columns."""
    from closurebench.generation.schema import features

    return datasets.DatasetInfo(
        description=DESCRIPTION, features=features(weighted), homepage=HOMEPAGE,
        license=LICENSE, citation=CITATION,
    )


def _description(name: str) -> str:
    if name == GRALGO:
        return ("GrAlgoBench's nine tasks (enumeration, exploration, intuition) at its six "
                "scales, 8 to 160 nodes: 2,700 rows per split.")
    if name == "all":
        return "All 26 categories (L1, L2 and L3)."
    if name in ("l1", "l2", "l3"):
        return f"The {len(CONFIGS[name])} level-{name[1]} categories."
    return CATEGORIES[name].summary


@dataclass
class ClosureBenchConfig(datasets.BuilderConfig):
    """A named config plus the generation axes; defaults reproduce the released splits.

    ``density`` may also be set as one number or a ``(min, max)`` pair (it sets both fields);
    ``categories`` may be a comma-separated string. ``hops_min``/``hops_max`` bound the hop
    depth of closure answers, as in ``generate``; ``half`` keeps one structural half in both
    splits (``None``, the default: train keeps half 0 and held_out half 1, as released).
    ``verbosity``, ``labels`` and ``source`` are the surface and source axes of ``generate``
    (rows keep the dataset's columns: a verbosity shows as ``label_pool`` ``"words"``).
    """

    n_min: int = DEFAULTS["n_min"]
    n_max: int = DEFAULTS["n_max"]
    density_min: float = DEFAULTS["density"][0]
    density_max: float = DEFAULTS["density"][1]
    seed: int = 0
    surface_seed: int | None = None
    per_category: int = PER_CATEGORY
    categories: tuple[str, ...] | list[str] | str | None = None
    encoding: str = DEFAULTS["encoding"]
    hops_min: int = 1
    hops_max: int | None = None
    half: int | None = None
    verbosity: int = 0
    labels: str | None = None
    source: str = "synthetic"

    @property
    def density(self) -> tuple[float, float]:
        return (self.density_min, self.density_max)

    @density.setter
    def density(self, value: float | tuple[float, float]) -> None:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = (value, value)
        if not (isinstance(value, (tuple, list)) and len(value) == 2):
            raise ConfigError(
                f"density must be a number or a (min, max) pair in (0, 1], got {value!r}")
        self.density_min, self.density_max = value  # ranges are checked by Config.make

    def axes(self) -> dict[str, Any]:
        """``Config.make`` keyword arguments (without the split's seeds)."""
        cats = self.categories
        if isinstance(cats, str):
            cats = [c.strip() for c in cats.split(",") if c.strip()]
        axes = {
            "n_min": self.n_min, "n_max": self.n_max, "density": self.density,
            "seed": self.seed, "surface_seed": self.surface_seed,
            "per_category": self.per_category, "categories": cats, "encoding": self.encoding,
            "hops_min": self.hops_min, "hops_max": self.hops_max,
        }
        if self.half is not None:  # unset: each split keeps its own half (split_config)
            axes["half"] = self.half
        for name, default in (("verbosity", 0), ("labels", None), ("source", "synthetic")):
            if getattr(self, name) != default:
                axes[name] = getattr(self, name)
        return axes

    def split_config(self, split: str) -> Config:
        """The validated generation config of one split (raises ``ConfigError``)."""
        return split_config(split, self.name, **self.axes())

    def split_configs(self, split: str) -> list[Config]:
        """Every generation config of one split: one, or for ``gralgo`` one per scale (its
        sizes and mean degrees are the presets'; seeds, counts, tasks and encoding apply)."""
        if self.name != GRALGO:
            return [self.split_config(split)]
        preset_axes = {"n_min": (self.n_min, DEFAULTS["n_min"]),
                       "n_max": (self.n_max, DEFAULTS["n_max"]),
                       "density": (self.density, tuple(DEFAULTS["density"]))}
        given = [f"{k}={v!r}" for k, (v, default) in preset_axes.items() if v != default]
        if given:  # the presets would silently win over them
            raise ConfigError(
                f"{', '.join(given)} and config {GRALGO!r} both set the graph sizes or "
                f"density: {GRALGO!r} takes n_min, n_max and a mean degree from the presets "
                f"gralgo-s1 .. gralgo-s6, one per scale; leave them unset (for other sizes, "
                f"use closurebench.generate without a gralgo-s* preset)")
        # every other axis applies at each scale (hops, verbosity, labels, source)
        axes = {k: v for k, v in self.axes().items() if k not in preset_axes}
        return gralgo_split_configs(split, GRALGO, **axes)


BUILDER_CONFIGS = [
    ClosureBenchConfig(name=name, version=datasets.Version(__version__),
                       description=_description(name))
    for name in (*CONFIGS, GRALGO)
]


class ClosureBench(datasets.GeneratorBasedBuilder):
    """ClosureBench as a ``datasets`` builder: every row is generated, none downloaded."""

    BUILDER_CONFIG_CLASS = ClosureBenchConfig
    BUILDER_CONFIGS = BUILDER_CONFIGS
    DEFAULT_CONFIG_NAME = "all"
    VERSION = datasets.Version(__version__)

    def __init__(self, *args: Any, hash: str | None = None, **kwargs: Any) -> None:
        # The loading script's own hash (datasets < 4) says nothing about the package it
        # imports, so the package source joins the cache key on both paths; so does the
        # datasets version, whose cached infos another version may not read.
        key = hashlib.sha256(
            f"{hash}\0{source_hash()}\0{datasets_version()}".encode()).hexdigest()[:16]
        super().__init__(*args, hash=key, **kwargs)
        try:
            for split in SPLITS:
                self.config.split_configs(split)
        except (TypeError, ValueError) as exc:
            raise ConfigError(f"{exc}") from None
        if self.config.split_configs(SPLITS[0])[0].size == 0:  # datasets cannot hold no rows
            raise ConfigError(f"per_category must be at least 1 for a dataset (a split without "
                              f"rows cannot be built), got {self.config.per_category!r}")

    def get_exported_dataset_info(self) -> datasets.DatasetInfo:
        """Ignore recorded infos (datasets < 4 reads them next to the script).

        They describe the released files; a fresh config must not be checked against them.
        """
        return datasets.DatasetInfo()

    def _info(self) -> datasets.DatasetInfo:
        return builder_info(weighted=self.config.name == GRALGO)

    def _split_generators(self, dl_manager: Any) -> list[datasets.SplitGenerator]:
        out = []
        sizes = datasets.SplitDict(dataset_name=self.dataset_name)
        for split in SPLITS:
            cfgs = self.config.split_configs(split)
            parts = [(c, a, min(a + SHARD_SIZE, c.size)) for c in cfgs
                     for a in range(0, c.size, SHARD_SIZE)]
            out.append(datasets.SplitGenerator(name=split, gen_kwargs={"parts": parts}))
            sizes.add(datasets.SplitInfo(name=split, num_examples=sum(c.size for c in cfgs),
                                         dataset_name=self.dataset_name))
        # Declared sizes: the progress bar gets its total, and datasets' split check
        # (verification_mode="basic_checks") confirms every declared row was generated.
        self.info.splits = sizes
        return out

    def _generate_examples(  # type: ignore[override]
        self, parts: list[tuple[Config, int, int]]
    ) -> Iterator[tuple[str, dict[str, Any]]]:
        from closurebench.generation.instances import instance

        for config, start, stop in parts:
            for k in range(start, stop):
                rec = instance(config, k)
                rec.pop("verbosity", None)  # not a column; label_pool "words" tells it
                yield rec["id"], rec


def _check_cache_dir(cache_dir: str | os.PathLike[str] | None) -> None:
    """A cache folder that is a file, or lies under one, is named here (datasets would raise
    a bare ``FileExistsError`` or ``NotADirectoryError`` from deep inside)."""
    if cache_dir is None:
        return
    path = Path(cache_dir).expanduser()
    for where in (path, *path.parents):
        if where.exists():
            if not where.is_dir():
                raise ConfigError(f"cache_dir must be a folder (or a path to create one), but "
                                  f"{where} is a file; got {os.fspath(cache_dir)!r}")
            return


def load_dataset(
    name: str = "all",
    split: str | None = None,
    *,
    num_proc: int | None = None,
    streaming: bool = False,
    cache_dir: str | None = None,
    **config_kwargs: Any,
) -> Any:
    """See ``closurebench.hf.load_dataset``."""
    if name not in CONFIGS and name != GRALGO:
        raise ConfigError(
            f"config must be one of all, l1, l2, l3, a category id or gralgo; got {name!r}")
    if split == TEST_ALIAS:  # evaluation tools expect a test split: held_out is it
        split = "held_out"
    if split is not None and split not in SPLITS:
        raise ConfigError(f"split must be one of {', '.join(SPLITS)} (or {TEST_ALIAS!r}, an "
                          f"alias of held_out) or None; got {split!r}")
    if config_kwargs.get("categories") is not None and not isinstance(
            config_kwargs["categories"], str):
        config_kwargs["categories"] = tuple(config_kwargs["categories"])
    if isinstance(config_kwargs.get("density"), list):
        config_kwargs["density"] = tuple(config_kwargs["density"])
    _check_cache_dir(cache_dir)
    builder = ClosureBench(cache_dir=cache_dir, config_name=name,
                           dataset_name="closurebench", **config_kwargs)
    if streaming:
        return builder.as_streaming_dataset(split=split)
    builder.download_and_prepare(num_proc=num_proc)
    return builder.as_dataset(split=split)
