"""The evaluation loop of the paper (§3): a question in, a JSON answer out, scored and reported.

``run`` asks a model (any OpenAI-compatible chat server, or a built-in baseline) every question
of a split or fresh seed and appends its answers to ``predictions.jsonl``; ``build_report``
scores them with ``closurebench.scoring`` and writes the report, plots and model card;
``gap_report`` compares a seen run with a fresh one. Optional dependencies (openai, matplotlib,
huggingface_hub) are imported only when used: ``pip install 'closurebench[run]'``. The same
questions, prompts and grading reach the harnesses through ``inspect_task`` (the package's
inspect-ai extension) and ``lm_eval_tasks`` (lm-eval's task files and their module).

>>> from closurebench.run import SPLIT_SEEDS
>>> SPLIT_SEEDS["train"]
0
"""

from __future__ import annotations

from closurebench.run.client import Completion, OpenAIBackend, RetryPolicy, RunError
from closurebench.run.data import RELEASED_AXES, SPLIT_SEEDS, Selection, load_instances
from closurebench.run.prompts import PROMPT_VERSION, SYSTEM_PROMPTS, build_messages
from closurebench.run.report import build_report, format_gap, gap_report
from closurebench.run.runner import RunResult, RunSettings, run

__all__ = [
    "PROMPT_VERSION",
    "RELEASED_AXES",
    "SPLIT_SEEDS",
    "SYSTEM_PROMPTS",
    "Completion",
    "OpenAIBackend",
    "RetryPolicy",
    "RunError",
    "RunResult",
    "RunSettings",
    "Selection",
    "build_messages",
    "build_report",
    "format_gap",
    "gap_report",
    "load_instances",
    "run",
]
