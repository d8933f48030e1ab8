"""lm-evaluation-harness glue for ClosureBench: documents, prompts and scoring.

Every verdict comes from ``closurebench.scoring.score`` (the benchmark's own metric), and the
system prompt from ``closurebench.run.prompts`` (the versioned prompt of ``closurebench run``),
so a score here means the same as a score in a ClosureBench report.

Three sources of documents, one per task family: the Hub dataset (its id is the one setting
``closurebench.hf.hub.dataset_id()``), the released Parquet files on disk (a clone's ``splits/``
or any export, no Hub needed), and a fresh config generated on the spot. Every family orders a
level's documents round-robin over its categories (instance 0 of each category, then 1, ...),
as ``closurebench run`` and the inspect task do, so ``--limit 10`` covers ten categories.

lm-eval hands a task the generated text only, never the stop reason, so an output cut off at
``max_gen_toks`` is scored on the text it holds, where ``closurebench run`` and the inspect task
score it as no answer. The chain-of-thought families therefore cap generations at
``closurebench.run.prompts.MAX_TOKENS["cot"]`` (8,192), as ``run`` does.

The task files beside this module load it through ``utils.py`` (lm-eval imports a task
folder's ``utils.py`` by path); importing it as a package module keeps one generation cache per
process for the three level tasks of a family.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from closurebench.scoring.references import RECORD_FIELDS

__all__ = [
    "DOC_FIELDS", "SEPARATOR", "cot_l1", "cot_l2", "cot_l3", "direct_l1", "direct_l2",
    "direct_l3", "doc_to_target", "doc_to_text", "fresh_cot_dataset", "fresh_dataset",
    "hub_dataset", "level_1", "level_2", "level_3", "local_cot_dataset", "local_dataset",
    "process_results",
]

#: The clone this module sits in (``closurebench/run/lm_eval_tasks/tasks.py``); in an installed
#: wheel this is no clone, and ``closurebench_local`` then needs ``--metadata '{"root": ...}'``.
_CLONE = Path(__file__).resolve().parents[3]
#: Between the system prompt and the question when lm-eval renders plain text (no chat
#: template): lm-eval joins the description and the question with nothing in between.
SEPARATOR = "\n\n"

#: What a document keeps: the question, and every field the metric reads (``nodes`` and
#: ``query`` included: without them lenient credit differs from ``closurebench score``'s).
DOC_FIELDS = ("question", *RECORD_FIELDS)
#: ``--metadata`` keys that shape a fresh config (everything else is ignored: lm-eval also
#: passes its model arguments and the task version through the same channel).
_AXES = ("n_min", "n_max", "per_category", "encoding", "surface_seed", "hops_min", "hops_max")


def _system_prompt(mode: str) -> str:
    from closurebench.run.prompts import SYSTEM_PROMPTS

    if mode not in SYSTEM_PROMPTS:
        raise ValueError(f"mode must be one of {', '.join(SYSTEM_PROMPTS)}, got {mode!r}")
    return SYSTEM_PROMPTS[mode]


def _doc(record: dict[str, Any], system_prompt: str, floored: bool) -> dict[str, Any]:
    doc = {k: record[k] for k in DOC_FIELDS}
    doc["system_prompt"] = system_prompt
    doc["learned_floor"] = _floor(record["category"]) if floored else None
    return doc


def _floor(category: str) -> float | None:
    """The release's learned floor of a category (``closurebench.audit.floors``): it applies
    to the released splits and to fresh seeds at the released axes, the config the audit
    measured; any other axes get none rather than a floor measured elsewhere."""
    from closurebench.audit.floors import release_floor

    return release_floor(category)


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


def _mode(metadata: dict[str, Any], family: str, cot: bool) -> str:
    """The answer mode of a family: ``cot`` for the ``*_cot`` tasks, else ``direct``.

    ``"mode"`` in ``--metadata`` may only repeat it: a chain-of-thought prompt under a direct
    task would keep the direct cap (1,024 tokens), so it is refused with the task to use.
    """
    mode = str(metadata.get("mode") or ("cot" if cot else "direct"))
    _system_prompt(mode)  # an unknown mode is named
    if mode != ("cot" if cot else "direct"):
        other = family if cot else f"{family}_cot"
        raise ValueError(
            f"{family}{'_cot' if cot else ''}: the {mode} prompt is the {other} task (its "
            f"output cap is {_cap(mode):,} tokens, as in closurebench run); drop \"mode\" "
            f"from --metadata and run --tasks {other}")
    return mode


def _cap(mode: str) -> int:
    from closurebench.run.prompts import MAX_TOKENS

    return MAX_TOKENS[mode]


def _local(metadata: dict[str, Any], cot: bool) -> dict[str, Any]:
    from closurebench.generation.release import SPLITS
    from closurebench.hf.splits import config_pattern

    system = _system_prompt(_mode(metadata, "closurebench_local", cot))
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
    return {"held_out": loaded["held_out"].map(
        lambda d: {"system_prompt": system + SEPARATOR, "learned_floor": _floor(d["category"])})}


def local_dataset(**metadata: Any) -> dict[str, Any]:
    """``custom_dataset`` of the ``closurebench_local*`` tasks: released Parquet on disk.

    ``--metadata '{"root": "/path/to/clone-or-export"}'`` (default: the clone holding this
    file) reads ``<root>/splits/``, laid out so one glob selects a config; ``"split":
    "train"`` scores the train split instead; ``"data_files"`` (a Parquet/JSONL path or glob)
    reads any other export. No network: this is the released-split family for offline runs.
    """
    return _local(metadata, cot=False)


def local_cot_dataset(**metadata: Any) -> dict[str, Any]:
    """``custom_dataset`` of the ``closurebench_local_cot*`` tasks: as ``local_dataset``, with
    the chain-of-thought prompt."""
    return _local(metadata, cot=True)


def _fresh(metadata: dict[str, Any], cot: bool) -> dict[str, Any]:
    import datasets

    system = _system_prompt(_mode(metadata, "closurebench_fresh", cot)) + SEPARATOR
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
    config = str(metadata.get("config", "all"))
    # the release's floors hold where the axes are the released ones (seed and size only vary)
    floored = set(kw) <= {"seed", "per_category"}
    docs = [_doc(r, system, floored) for r in _records(config, json.dumps(kw, sort_keys=True))]
    return {"test": datasets.Dataset.from_list(docs)}


def fresh_dataset(**metadata: Any) -> dict[str, Any]:
    """``custom_dataset`` of the ``closurebench_fresh*`` tasks: a config generated on the spot.

    ``--metadata '{"seed": 7, "n_max": 14, "per_category": 20}'``; ``seed`` is required (0 is
    the released train split's, so pick another). Also accepted: ``config``, ``n_min``,
    ``density_min``, ``density_max``, ``encoding``, ``surface_seed``, ``hops_min``,
    ``hops_max``.
    """
    return _fresh(metadata, cot=False)


def fresh_cot_dataset(**metadata: Any) -> dict[str, Any]:
    """``custom_dataset`` of the ``closurebench_fresh_cot*`` tasks: as ``fresh_dataset``, with
    the chain-of-thought prompt."""
    return _fresh(metadata, cot=True)


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
        return keep.map(lambda d: {"system_prompt": system,
                                   "learned_floor": _floor(d["category"])})

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
    the verdicts under the document's category (``acc_strict_<category>``).

    Where the document carries a learned floor f (released splits, fresh seeds at the released
    axes), also ``(strict - f) / (1 - f)``: the map is linear, so lm-eval's mean over a
    category's documents is that category's chance-corrected accuracy, and over a level task's
    documents (equal per category, round-robin) the level's mean over its categories.
    """
    from closurebench.audit.floors import chance_corrected
    from closurebench.scoring import score

    report = score([results[0] if results else ""], [doc])
    strict, lenient = float(report["accuracy_strict"]), float(report["accuracy_lenient"])
    # per-category results: lm-eval averages each metric over the documents that report it
    cat = doc["category"]
    out = {
        "acc_strict": strict,
        "acc_lenient": lenient,
        "parse_rate": float(report["parse_rate"]),
        f"acc_strict_{cat}": strict,
        f"acc_lenient_{cat}": lenient,
    }
    corrected = chance_corrected(strict, doc.get("learned_floor"))
    if corrected is not None:
        out["acc_chance_corrected"] = corrected
        out[f"acc_chance_corrected_{cat}"] = corrected
    return out
