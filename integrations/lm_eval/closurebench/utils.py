"""lm-evaluation-harness glue for ClosureBench: documents, prompts and scoring.

Every verdict comes from ``closurebench.scoring.score`` (the benchmark's own metric), and the
system prompt from ``closurebench.run.prompts`` (the versioned prompt of ``closurebench run``),
so a score here means the same as a score in a ClosureBench report.

Three sources of documents, one per task family: the Hub dataset (its id is the one setting
``closurebench.hf.hub.dataset_id()``), the released Parquet files on disk (a clone's ``splits/``
or any export, no Hub needed), and a fresh config generated on the spot. Every family orders a
level's documents round-robin over its categories (instance 0 of each category, then 1, ...),
as ``closurebench run`` and the inspect task do, so ``--limit 10`` covers ten categories.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

#: The clone this file sits in (``integrations/lm_eval/closurebench/utils.py``).
_CLONE = Path(__file__).resolve().parents[3]
#: Between the system prompt and the question when lm-eval renders plain text (no chat
#: template): lm-eval joins the description and the question with nothing in between.
SEPARATOR = "\n\n"

#: What a document keeps: what the question needs and what the metric reads.
DOC_FIELDS = ("id", "category", "level", "n", "density", "question", "answer", "answer_schema",
              "tolerance")
#: ``--metadata`` keys that shape a fresh config (everything else is ignored: lm-eval also
#: passes its model arguments and the task version through the same channel).
_AXES = ("n_min", "n_max", "per_category", "encoding", "surface_seed")


def _system_prompt(mode: str) -> str:
    from closurebench.run.prompts import SYSTEM_PROMPTS

    if mode not in SYSTEM_PROMPTS:
        raise ValueError(f"mode must be one of {', '.join(SYSTEM_PROMPTS)}, got {mode!r}")
    return SYSTEM_PROMPTS[mode]


def _doc(record: dict[str, Any], system_prompt: str) -> dict[str, Any]:
    doc = {k: record[k] for k in DOC_FIELDS}
    doc["system_prompt"] = system_prompt
    return doc


def _position(doc: dict[str, Any]) -> tuple[int, int]:
    """(index within its category, category's place in the taxonomy): round-robin order.

    The index is the ``<j>`` of the record id ``<category>-<j>-<digest>``.
    """
    from closurebench.categories import CATEGORIES

    return int(str(doc["id"]).rsplit("-", 2)[-2]), list(CATEGORIES).index(doc["category"])


def _round_robin(dataset: Any) -> Any:
    order = sorted(range(len(dataset)), key=lambda i: _position(dataset[i]))
    return dataset.select(order)


def hub_dataset(config: str = "all", data_files: Any = None, **_: Any) -> dict[str, Any]:
    """``custom_dataset`` of the ``closurebench`` and ``closurebench_cot`` tasks.

    The released splits from the Hub repository ``closurebench.hf.hub.dataset_id()`` (set
    ``CLOSUREBENCH_DATASET_ID`` for a mirror); with ``data_files`` (a task file's
    ``dataset_kwargs``), those local files instead.
    """
    import datasets

    if data_files is not None:
        return _files_dataset(data_files)
    from closurebench.hf.hub import dataset_id

    return dict(datasets.load_dataset(dataset_id(), config))


def _files_dataset(data_files: Any) -> dict[str, Any]:
    import datasets

    files = data_files if isinstance(data_files, dict) else {"held_out": data_files}
    first = next(iter(files.values()))
    first = first[0] if isinstance(first, list) else first
    kind = "json" if str(first).endswith((".jsonl", ".json")) else "parquet"
    return dict(datasets.load_dataset(kind, data_files={k: str(v) if not isinstance(v, list)
                                                        else [str(x) for x in v]
                                                        for k, v in files.items()}))


def local_dataset(**metadata: Any) -> dict[str, Any]:
    """``custom_dataset`` of the ``closurebench_local*`` tasks: released Parquet on disk.

    ``--metadata '{"root": "/path/to/clone-or-export"}'`` (default: the clone holding this
    file) reads ``<root>/splits/``, laid out so one glob selects a config; ``"split":
    "train"`` scores the train split instead; ``"data_files"`` (a Parquet/JSONL path or glob)
    reads any other export. No network: this is the released-split family for offline runs.
    """
    from closurebench.generation.release import SPLITS
    from closurebench.hf.splits import config_pattern

    split = str(metadata.get("split", "held_out"))
    if split not in SPLITS:
        raise ValueError(f"closurebench_local: split must be one of {', '.join(SPLITS)}, "
                         f"got {split!r}")
    files = metadata.get("data_files")
    if files is None:
        root = Path(str(metadata.get("root") or _CLONE))
        files = str(root / config_pattern("all", split))
        if not list(root.glob(config_pattern("all", split))):
            raise ValueError(f"closurebench_local: no released {split} files at {files}; "
                             "pass --metadata '{\"root\": \"/path/to/clone-or-export\"}'")
    loaded = _files_dataset({"held_out": files})
    system = _system_prompt(str(metadata.get("mode", "direct")))
    return {"held_out": loaded["held_out"].map(lambda d: {"system_prompt": system + SEPARATOR})}


def fresh_dataset(**metadata: Any) -> dict[str, Any]:
    """``custom_dataset`` of the ``closurebench_fresh*`` tasks: a config generated on the spot.

    ``--metadata '{"seed": 7, "n_max": 14, "per_category": 20, "mode": "cot"}'``; ``seed`` is
    required (0 is the released train split's, so pick another). Also accepted: ``config``,
    ``n_min``, ``density_min``, ``density_max``, ``encoding``, ``surface_seed``.
    """
    import datasets

    if "seed" not in metadata:
        raise ValueError(
            "closurebench_fresh needs a seed: --metadata '{\"seed\": 7}' (seed 0 is the "
            "released train split)"
        )
    kw: dict[str, Any] = {k: metadata[k] for k in _AXES if metadata.get(k) is not None}
    kw["seed"] = int(metadata["seed"])
    if "density_min" in metadata or "density_max" in metadata:
        kw["density"] = (float(metadata.get("density_min", 0.1)),
                         float(metadata.get("density_max", 0.5)))
    system = _system_prompt(str(metadata.get("mode", "direct"))) + SEPARATOR
    config = str(metadata.get("config", "all"))
    docs = [_doc(r, system) for r in _records(config, json.dumps(kw, sort_keys=True))]
    return {"test": datasets.Dataset.from_list(docs)}


@cache
def _records(config: str, kw_json: str) -> tuple[dict[str, Any], ...]:
    """One generation per config per process (the three level tasks share it)."""
    import closurebench

    kw = json.loads(kw_json)
    if "density" in kw:
        kw["density"] = tuple(kw["density"])
    return tuple(closurebench.generate(config, **kw))


def _released(level: int, mode: str) -> Callable[[Any], Any]:
    def process(dataset: Any) -> Any:
        system = _system_prompt(mode) + SEPARATOR
        keep = _round_robin(dataset.filter(lambda d: d["level"] == level))
        return keep.map(lambda d: {"system_prompt": system})

    return process


def _level(level: int) -> Callable[[Any], Any]:
    def process(dataset: Any) -> Any:
        return _round_robin(dataset.filter(lambda d: d["level"] == level))

    return process


direct_l1, direct_l2, direct_l3 = (_released(lvl, "direct") for lvl in (1, 2, 3))
cot_l1, cot_l2, cot_l3 = (_released(lvl, "cot") for lvl in (1, 2, 3))
level_1, level_2, level_3 = (_level(lvl) for lvl in (1, 2, 3))


def doc_to_text(doc: dict[str, Any]) -> str:
    """The question, verbatim (the system prompt travels as the task description, ending in
    ``SEPARATOR`` so plain-text prompts read "prompt, blank line, question")."""
    return str(doc["question"])


def doc_to_target(doc: dict[str, Any]) -> str:
    """The reference as the model is asked to give it (used only for few-shot examples)."""
    return json.dumps({"answer": json.loads(doc["answer"])})


def process_results(doc: dict[str, Any], results: list[str]) -> dict[str, float]:
    """Strict and lenient verdicts and the parse flag of one generation, by the metric, plus
    the verdicts under the document's category (``acc_strict_<category>``)."""
    from closurebench.scoring import score

    report = score([results[0] if results else ""], [doc])
    strict, lenient = float(report["accuracy_strict"]), float(report["accuracy_lenient"])
    # per-category results: lm-eval averages each metric over the documents that report it
    cat = doc["category"]
    return {
        "acc_strict": strict,
        "acc_lenient": lenient,
        "parse_rate": float(report["parse_rate"]),
        f"acc_strict_{cat}": strict,
        f"acc_lenient_{cat}": lenient,
    }
