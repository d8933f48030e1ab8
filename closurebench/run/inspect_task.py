"""An inspect-ai task for ClosureBench: our instances, our prompt, our metric.

    inspect eval closurebench/closurebench --model vllm/Qwen/Qwen3-4B
    inspect eval closurebench/closurebench -T split=train
    inspect eval closurebench/closurebench -T seed=7 -T n_max=14 -T mode=cot
    inspect eval closurebench/closurebench -T data_files=held_out.jsonl

The package registers this module as its inspect extension (the ``inspect_ai`` entry point in
``pyproject.toml``), so an installed ClosureBench needs no task file: inspect finds the task
by its registry name (package/task), closurebench/closurebench; ``inspect eval`` on this
file's path works too.

Instances come from ``closurebench.run.data`` (the released splits are regenerated from their
seeds, row for row the files of the Hub dataset ``closurebench.hf.hub.dataset_id()``, which the
task's metadata names; or read from a local export), the system prompt is
``closurebench run``'s versioned one,
and the scorer calls ``closurebench.scoring.judge_outputs`` with the model's stop reason, as
``closurebench run`` does, so an output cut off by the token cap is no answer on both routes;
it reports strict and lenient accuracy overall and grouped by level and by category.
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
    SampleScore,
    Score,
    Target,
    Value,
    accuracy,
    grouped,
    metric,
    scorer,
    stderr,
    value_to_float,
)
from inspect_ai.solver import TaskState, generate

from closurebench.hf.hub import dataset_id
from closurebench.run.data import RELEASED_AXES, Selection, load_instances, slim
from closurebench.run.prompts import MAX_TOKENS, PROMPT_VERSION, SYSTEM_PROMPTS

__all__ = ["closurebench", "closurebench_scorer", "record_to_sample"]


def record_to_sample(record: dict[str, Any], mode: str = "direct",
                     floored: bool = False) -> Sample:
    """One instance as a Sample: system prompt + question in, the reference record alongside;
    ``floored``: the record is from the released axes, so the release's learned floor of its
    category applies (``closurebench.audit.floors``)."""
    from closurebench.audit.floors import release_floor

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
            "learned_floor": release_floor(record["category"]) if floored else None,
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


@metric
def chance_corrected() -> Metric:
    """(accuracy - learned floor) / (1 - learned floor) per category, averaged over the
    categories overall (``chance_corrected_all``) and per level (``chance_corrected_L1`` ..): the
    figure to compare across levels, where raw accuracy mixes reasoning with answer-space size.
    Only samples carrying a floor count (released axes).
    """
    from closurebench.audit.floors import chance_corrected as corrected

    to_float = value_to_float()

    def compute(scores: list[SampleScore]) -> Value:
        by_cat: dict[str, list[float]] = {}
        floor: dict[str, float] = {}
        level: dict[str, str] = {}
        for s in scores:
            meta = s.sample_metadata or {}
            if meta.get("learned_floor") is None:
                continue
            cat = str(meta["category"])
            by_cat.setdefault(cat, []).append(to_float(s.score.value))
            floor[cat], level[cat] = float(meta["learned_floor"]), str(meta["level"])
        per_cat = {c: corrected(sum(v) / len(v), floor[c]) for c, v in by_cat.items()}
        kept = {c: v for c, v in per_cat.items() if v is not None}
        out: dict[str, float] = {}
        if kept:
            out["all"] = sum(kept.values()) / len(kept)
        for lvl in sorted(set(level.values())):
            vals = [v for c, v in kept.items() if level[c] == lvl]
            if vals:
                out[lvl] = sum(vals) / len(vals)
        return out

    return compute


def _metrics() -> list[Any]:
    return [accuracy(), stderr(), level(), category()]


# chance correction uses the strict floor, so it is a strict figure only
@scorer(metrics={"strict": [*_metrics(), chance_corrected()], "lenient": _metrics()})
def closurebench_scorer() -> Any:
    """Strict and lenient verdicts from ClosureBench's own metric, per sample.

    The stop reason goes to the judge beside the text, as ``closurebench run`` hands it the
    finish reason: an output cut off by the token cap (inspect's ``max_tokens``) is no answer.
    """
    from closurebench.scoring import judge_outputs

    async def run(state: TaskState, target: Target) -> Score:
        text = state.output.completion if state.output else ""
        stop = state.output.stop_reason if state.output else None
        (verdict,) = judge_outputs([text], [state.metadata["reference"]],
                                   finish_reasons=[stop])
        return Score(
            value={
                "strict": CORRECT if verdict.strict else INCORRECT,
                "lenient": CORRECT if verdict.lenient else INCORRECT,
            },
            answer=json.dumps(verdict.answer, default=str) if verdict.parsed else None,
            explanation=None if verdict.parsed else (
                f"no answer (stop reason: {stop})" if stop not in (None, "stop")
                else "no answer could be parsed"),
            metadata={"stop_reason": stop},
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
    # an export's axes are unknown; a split or seed at the released sizes has the release's
    floored = not data_files and (n_min, n_max) == (RELEASED_AXES["n_min"],
                                                    RELEASED_AXES["n_max"])
    return Task(
        dataset=MemoryDataset([record_to_sample(r, mode, floored) for r in records], name=name),
        solver=generate(),
        scorer=closurebench_scorer(),
        config=GenerateConfig(temperature=0.0,
                              max_tokens=max_tokens or MAX_TOKENS[mode]),
        metadata={"prompt_version": PROMPT_VERSION, "mode": mode,
                  "dataset": None if data_files else dataset_id()},
    )
