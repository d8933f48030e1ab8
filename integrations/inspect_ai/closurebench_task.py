"""An inspect-ai task for ClosureBench: our instances, our prompt, our metric.

    inspect eval integrations/inspect_ai/closurebench_task.py --model vllm/Qwen/Qwen3-4B
    inspect eval integrations/inspect_ai/closurebench_task.py -T split=train
    inspect eval integrations/inspect_ai/closurebench_task.py -T seed=7 -T n_max=14 -T mode=cot
    inspect eval integrations/inspect_ai/closurebench_task.py -T data_files=held_out.jsonl

Instances come from ``closurebench.run.data`` (the released splits are regenerated from their
seeds, row for row the files of the Hub dataset ``closurebench.hf.hub.dataset_id()``, which the
task's metadata names; or read from a local export), the system prompt is
``closurebench run``'s versioned one,
and the scorer calls ``closurebench.scoring.score``, reporting strict and lenient accuracy
overall and grouped by level and by category.
"""

from __future__ import annotations

import json
from typing import Any

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import ChatMessageSystem, ChatMessageUser, GenerateConfig
from inspect_ai.scorer import (
    CORRECT,
    INCORRECT,
    Metric,
    Score,
    Target,
    accuracy,
    grouped,
    metric,
    scorer,
    stderr,
)
from inspect_ai.solver import TaskState, generate

from closurebench.hf.hub import dataset_id
from closurebench.run.data import Selection, load_instances, slim
from closurebench.run.prompts import PROMPT_VERSION, SYSTEM_PROMPTS

__all__ = ["closurebench", "closurebench_scorer", "record_to_sample"]


def record_to_sample(record: dict[str, Any], mode: str = "direct") -> Sample:
    """One instance as a Sample: system prompt + question in, the reference record alongside."""
    return Sample(
        id=record["id"],
        input=[ChatMessageSystem(content=SYSTEM_PROMPTS[mode]),
               ChatMessageUser(content=record["question"])],
        target=record["answer"],
        metadata={
            "level": f"L{record['level']}",
            "category": record["category"],
            "n": record["n"],
            "density": record["density"],
            "reference": slim(record),
        },
    )


@metric
def level() -> Metric:
    """Accuracy per compositional level (L1, L2, L3): the paper's main breakdown."""
    return grouped(accuracy(), "level", all=False)


@metric
def category() -> Metric:
    """Accuracy per category (26 of them)."""
    return grouped(accuracy(), "category", all=False)


def _metrics() -> list[Any]:
    return [accuracy(), stderr(), level(), category()]


@scorer(metrics={"strict": _metrics(), "lenient": _metrics()})
def closurebench_scorer() -> Any:
    """Strict and lenient verdicts from ClosureBench's own metric, per sample."""
    from closurebench.scoring import extract_answer, score

    async def run(state: TaskState, target: Target) -> Score:
        text = state.output.completion if state.output else ""
        report = score([text], [state.metadata["reference"]])
        value, parsed = extract_answer(text)
        return Score(
            value={
                "strict": CORRECT if report["accuracy_strict"] == 1.0 else INCORRECT,
                "lenient": CORRECT if report["accuracy_lenient"] == 1.0 else INCORRECT,
            },
            answer=json.dumps(value) if parsed else None,
            explanation=None if report["parse_rate"] == 1.0 else "no answer could be parsed",
        )

    return run


@task
def closurebench(
    split: str | None = "held_out",
    seed: int | None = None,
    config: str = "all",
    n_min: int = 4,
    n_max: int = 10,
    per_category: int = 50,
    mode: str = "direct",
    limit: int | None = None,
    data_files: str | None = None,
    max_tokens: int | None = None,
) -> Task:
    """ClosureBench on a released split (``split``), a fresh seed (``seed``), or an export.

    ``seed`` overrides ``split``; ``data_files`` (a JSONL or Parquet export of any split)
    overrides both. ``mode`` is ``direct`` or ``cot``; decoding is greedy as in the paper.
    """
    if mode not in SYSTEM_PROMPTS:
        raise ValueError(f"mode must be one of {', '.join(SYSTEM_PROMPTS)}, got {mode!r}")
    if data_files:
        from closurebench.generation.io import read_records

        records = list(read_records(data_files))[:limit]
        name = f"closurebench ({data_files})"
    else:
        sel = Selection(config=config, split=None if seed is not None else split,
                        fresh_seed=seed, n_min=n_min, n_max=n_max, per_category=per_category,
                        limit=limit)
        records = load_instances(sel)
        name = f"closurebench ({sel.label})"
    return Task(
        dataset=MemoryDataset([record_to_sample(r, mode) for r in records], name=name),
        solver=generate(),
        scorer=closurebench_scorer(),
        config=GenerateConfig(temperature=0.0,
                              max_tokens=max_tokens or (1024 if mode == "direct" else 8192)),
        metadata={"prompt_version": PROMPT_VERSION, "mode": mode,
                  "dataset": None if data_files else dataset_id()},
    )
