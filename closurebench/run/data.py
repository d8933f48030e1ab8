"""Which instances a run evaluates: a released split or a fresh seed, with the config axes.

The released splits are pure functions of (config, split seeds) under the released axes, so the
runner regenerates them instead of downloading them. Which seeds make ``train`` and
``held_out`` is decided in one place, ``closurebench.generation.release`` (train: seed 0;
held_out: a hash of 0); ``SPLIT_SEEDS`` and ``RELEASED_AXES`` below are read from there, never
restated.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from closurebench.generation.release import DEFAULTS, SPLITS, split_config, split_seeds

__all__ = [
    "REFERENCE_FIELDS",
    "RELEASED_AXES",
    "SPLIT_SEEDS",
    "Selection",
    "interleave",
    "load_instances",
    "read_jsonl",
    "slim",
]

SPLIT_SEEDS: dict[str, int] = {name: split_seeds(name).seed for name in SPLITS}
"""Structural seed of each released split (from ``closurebench.generation.release``)."""

RELEASED_AXES: dict[str, Any] = dict(DEFAULTS)
"""The axes of the released splits (1,300 instances per split for ``all``)."""

REFERENCE_FIELDS = (
    "id", "category", "level", "n", "density", "answer", "answer_schema", "tolerance", "nodes",
    "hops", "edges", "edges_after", "query", "paradigm",
)
"""What a run keeps of each instance: enough to score it, run the baselines again and
attribute its errors (the graph and query); ``paradigm`` (GrAlgoBench's tasks) groups
``closurebench compare``. Fields a record lacks are left out."""


@dataclass(frozen=True)
class Selection:
    """The instances of one run: a config, a split or fresh seed, the axes, and a limit.

    ``limit`` takes the first instances in category-interleaved order, so a quick run still
    covers every category (and level) instead of only the first category.
    """

    config: str = "all"
    split: str | None = "held_out"
    fresh_seed: int | None = None
    n_min: int = 4
    n_max: int = 10
    density: tuple[float, float] = (0.1, 0.5)
    per_category: int = 50
    categories: tuple[str, ...] | None = None
    encoding: str = "nl"
    surface_seed: int | None = None
    limit: int | None = None

    def __post_init__(self) -> None:
        if (self.split is None) == (self.fresh_seed is None):
            raise ValueError("give exactly one of split (train, held_out) or fresh_seed")
        if self.split is not None and self.split not in SPLIT_SEEDS:
            raise ValueError(f"split must be train or held_out, got {self.split!r}")
        from closurebench.run.checks import check_int

        ints = {"fresh_seed": (0, 2**63 - 1), "surface_seed": (0, 2**63 - 1),
                "per_category": (1, 10**9), "limit": (1, 10**9), "n_min": (2, 2000),
                "n_max": (2, 2000)}
        for name, (lo, hi) in ints.items():
            value = getattr(self, name)
            if value is not None:  # numpy integers become ints, so run.json can hold them
                object.__setattr__(self, name, check_int(name, value, lo, hi))

    @property
    def seed(self) -> int:
        """The structural seed: the split's (``generation.release``), or the fresh one."""
        return self.config_object().seed

    @property
    def released(self) -> bool:
        """True when this is exactly a released split (its seed under the released axes)."""
        axes = {"n_min": self.n_min, "n_max": self.n_max, "density": tuple(self.density),
                "per_category": self.per_category, "encoding": self.encoding}
        return (self.split is not None and self.categories is None
                and self.surface_seed is None and axes == RELEASED_AXES)

    @property
    def label(self) -> str:
        """Short name for reports: ``held_out``, ``train`` or ``fresh-seed-S``."""
        return self.split if self.split is not None else f"fresh-seed-{self.fresh_seed}"

    def config_object(self) -> Any:
        """The validated ``closurebench.Config``: a split's seeds come from the release rule
        (``--surface-seed`` is then hashed like the seed), a fresh seed is used as given."""
        from closurebench.generation.config import Config

        axes: dict[str, Any] = {
            "n_min": self.n_min, "n_max": self.n_max, "density": tuple(self.density),
            "per_category": self.per_category,
            "categories": list(self.categories) if self.categories else None,
            "encoding": self.encoding,
        }
        if self.split is not None:
            return split_config(self.split, self.config, surface_seed=self.surface_seed,
                                **axes)
        return Config.make(self.config, seed=int(self.fresh_seed or 0),
                           surface_seed=self.surface_seed, **axes)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form for run.json (with the derived seed and released flag)."""
        out = asdict(self)
        out["density"] = list(self.density)
        out["categories"] = list(self.categories) if self.categories else None
        out.update(seed=self.seed, released=self.released)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Selection:
        """Inverse of ``as_dict`` (derived keys are ignored)."""
        keys = {f for f in cls.__dataclass_fields__}
        kw = {k: v for k, v in data.items() if k in keys}
        kw["density"] = tuple(kw.get("density", (0.1, 0.5)))
        if kw.get("categories"):
            kw["categories"] = tuple(kw["categories"])
        return cls(**kw)


def interleave(per_category: int, n_categories: int) -> Iterator[int]:
    """Config indices in round-robin category order: instance 0 of each category, then 1, …"""
    for j in range(per_category):
        for c in range(n_categories):
            yield c * per_category + j


def load_instances(sel: Selection, *, cross_check: bool | None = None,
                   ids: Iterable[str] | None = None) -> list[dict[str, Any]]:
    """Generate the selected records (full records, with question and program), in the
    selection's order; with ``ids``, only the selected records with those ids, each
    regenerated on its own (a report rebuilding a few prompts does not rebuild the config).

    ``cross_check`` defaults to on for anything but a released split: those were checked by
    both engines when they were released (and by the split tests), so regenerating them for a
    run need not pay for the NetworkX twin again; a fresh seed has been checked by no one.
    """
    from closurebench.generation.instances import instance

    cfg = sel.config_object()
    if cross_check is None:
        cross_check = not sel.released
    pc, nc = cfg.per_category, len(cfg.categories)

    def place(k: int) -> int:  # k = c * pc + j stands at j * nc + c in ``interleave``
        return (k % pc) * nc + k // pc

    if ids is None:
        order: Iterable[int] = interleave(pc, nc)
    else:
        wanted = {k for k in map(cfg.index, ids) if k is not None}
        order = sorted((k for k in wanted if sel.limit is None or place(k) < sel.limit),
                       key=place)
    committed = {} if cross_check else _committed(sel, cfg)
    out: list[dict[str, Any]] = []
    for k in order:
        if sel.limit is not None and len(out) >= sel.limit:
            break
        row = committed.get(k)
        out.append(row if row is not None else instance(cfg, k, cross_check=cross_check))
    return out


def _committed(sel: Selection, cfg: Any) -> dict[int, dict[str, Any]]:
    """A released split's rows by config index, read from this checkout's split files when
    they are there and match their manifest (milliseconds, where regenerating 1,300
    instances takes about half a minute); else nothing, and the rows are regenerated. Equal
    either way: ``build-splits --check`` and the split tests hold the files to the code."""
    from closurebench.hf.splits import MANIFEST, DriftError, released_rows

    root = Path(__file__).resolve().parents[2]
    if not sel.released or not (root / MANIFEST).is_file():
        return {}
    try:
        rows = released_rows(root, str(sel.split), sel.config)
    except (DriftError, OSError, ValueError, KeyError):
        return {}
    return {k: row for row in rows if (k := cfg.index(row["id"])) is not None}


def slim(record: dict[str, Any]) -> dict[str, Any]:
    """The reference part of a record (``REFERENCE_FIELDS``), as stored in references.jsonl."""
    return {k: record[k] for k in REFERENCE_FIELDS if k in record}


def read_jsonl(path: str, *, complete_only: bool = True) -> list[dict[str, Any]]:
    """Rows of a JSONL file; a torn last line (no newline, e.g. after a kill) is skipped.

    A malformed line, a line that is not an object, or one longer than
    ``closurebench.scoring.safejson.MAX_LINE_CHARS`` raises ``InputError`` naming the file and line.
    """
    from closurebench.scoring.safejson import iter_jsonl

    return [row for _, row in iter_jsonl(path, complete_only=complete_only)]
