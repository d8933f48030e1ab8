"""ClosureBench as a reasoning-gym procedural dataset (``reasoning_gym.create_dataset``).

Importing this module registers the dataset as ``"closurebench"``. Entry ``idx`` is instance
``idx`` of a ClosureBench config in category-interleaved order (so any prefix covers every
category), computed on its own from (config, seed, idx) like every ClosureBench instance. The
entry's ``answer`` is the canonical JSON answer; ``score_answer`` is the metric's strict
verdict (``closurebench.reward``), so a bare ``3``, ``["A", "B"]`` in any order or the
question's own ``{"answer": ...}`` object score exactly as they do in the benchmark. Pass it
what reasoning-gym's ``extract_answer`` finds between ``<answer>`` tags.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from reasoning_gym.dataset import ProceduralDataset
from reasoning_gym.factory import DATASETS, register_dataset

from closurebench.categories import CONFIGS
from closurebench.generation.config import Config

__all__ = ["DATASET_NAME", "METADATA_FIELDS", "ClosureBenchConfig", "ClosureBenchDataset"]

DATASET_NAME = "closurebench"
#: Record fields kept in each entry's metadata (what scoring and diagnosis read).
METADATA_FIELDS = (
    "id", "category", "level", "n", "density", "edge_density", "hops", "answer_schema",
    "tolerance", "nodes", "edges", "edges_after", "query",
)


@dataclass
class ClosureBenchConfig:
    """The ClosureBench axes, as reasoning-gym configs are: a dataclass with ``size`` and
    ``seed`` (``None``: reasoning-gym picks one)."""

    config: str = "all"
    categories: tuple[str, ...] | None = None
    n_min: int = 4
    n_max: int = 10
    density_min: float = 0.1
    density_max: float = 0.5
    hops_min: int = 1
    hops_max: int | None = None
    encoding: str = "nl"
    size: int = 500
    seed: int | None = None

    def closurebench_config(self, seed: int) -> Config:
        """The validated ``closurebench.Config`` behind entries (a ``ConfigError`` names a bad
        field)."""
        cats = list(self.categories) if self.categories else None
        n_cats = len(cats) if cats else len(CONFIGS.get(self.config, ("",)))
        return Config.make(
            self.config, n_min=self.n_min, n_max=self.n_max,
            density=(self.density_min, self.density_max), seed=seed,
            per_category=max(1, math.ceil(self.size / n_cats)), categories=cats,
            encoding=self.encoding, hops_min=self.hops_min, hops_max=self.hops_max)

    def validate(self) -> None:
        from closurebench.errors import ConfigError

        if isinstance(self.size, bool) or not isinstance(self.size, int) or self.size < 1:
            raise ConfigError(f"size must be a positive integer, got {self.size!r}")
        self.closurebench_config(0 if self.seed is None else self.seed)


class ClosureBenchDataset(ProceduralDataset):
    """ClosureBench questions with computed answers, scored by the ClosureBench metric."""

    def __init__(self, config: ClosureBenchConfig) -> None:
        super().__init__(config=config, seed=config.seed, size=config.size)
        self._cfg = config.closurebench_config(self.seed)

    def record(self, idx: int) -> dict[str, Any]:
        """The full ClosureBench record behind entry ``idx``."""
        from closurebench.generation.instances import instance

        if isinstance(idx, bool) or not isinstance(idx, int) or not 0 <= idx < self.size:
            raise IndexError(f"index must be in 0..{self.size - 1}, got {idx!r}")
        cats = len(self._cfg.categories)
        k = (idx % cats) * self._cfg.per_category + idx // cats
        return instance(self._cfg, k)

    def __getitem__(self, idx: int) -> dict[str, Any]:
        rec = self.record(idx)
        return {
            "question": rec["question"],
            "answer": rec["answer"],
            "metadata": {
                "source_dataset": DATASET_NAME,
                "source_index": idx,
                **{k: rec[k] for k in METADATA_FIELDS},
                "difficulty": {"level": rec["level"], "n": rec["n"], "hops": rec["hops"]},
            },
        }

    def score_answer(self, answer: str | None, entry: dict[str, Any]) -> float:
        """1.0 when the metric judges ``answer`` strictly right, else 0.0 (never raises)."""
        from closurebench.train.rewards import reward

        if not isinstance(answer, str):
            return 0.0
        meta = entry.get("metadata") or {}
        record = {k: meta[k] for k in ("answer_schema", "tolerance", "category", "level")
                  if k in meta}
        record["answer"] = entry["answer"]
        return reward([answer], [record])[0]


if DATASET_NAME not in DATASETS:
    register_dataset(DATASET_NAME, ClosureBenchDataset, ClosureBenchConfig)
