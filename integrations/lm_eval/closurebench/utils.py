"""lm-evaluation-harness glue for ClosureBench: documents, prompts and scoring.

Every verdict comes from ``closurebench.scoring.score`` (the benchmark's own metric), and the
system prompt from ``closurebench.run.prompts`` (the versioned prompt of ``closurebench run``),
so a score here means the same as a score in a ClosureBench report.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

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
    system = _system_prompt(str(metadata.get("mode", "direct")))
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
        system = _system_prompt(mode)
        keep = dataset.filter(lambda d: d["level"] == level)
        return keep.map(lambda d: {"system_prompt": system})

    return process


def _level(level: int) -> Callable[[Any], Any]:
    def process(dataset: Any) -> Any:
        return dataset.filter(lambda d: d["level"] == level)

    return process


direct_l1, direct_l2, direct_l3 = (_released(lvl, "direct") for lvl in (1, 2, 3))
cot_l1, cot_l2, cot_l3 = (_released(lvl, "cot") for lvl in (1, 2, 3))
level_1, level_2, level_3 = (_level(lvl) for lvl in (1, 2, 3))


def doc_to_text(doc: dict[str, Any]) -> str:
    """The question, verbatim (the system prompt travels as the task description)."""
    return str(doc["question"])


def doc_to_target(doc: dict[str, Any]) -> str:
    """The reference as the model is asked to give it (used only for few-shot examples)."""
    return json.dumps({"answer": json.loads(doc["answer"])})


def process_results(doc: dict[str, Any], results: list[str]) -> dict[str, float]:
    """Strict and lenient verdicts and the parse flag of one generation, by the metric."""
    from closurebench.scoring import score

    report = score([results[0] if results else ""], [doc])
    return {
        "acc_strict": float(report["accuracy_strict"]),
        "acc_lenient": float(report["accuracy_lenient"]),
        "parse_rate": float(report["parse_rate"]),
    }
