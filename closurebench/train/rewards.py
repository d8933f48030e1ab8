"""A reward for training on ClosureBench: the metric's strict verdict, one float per completion.

``reward(completions, records)`` scores with ``closurebench.scoring.verdicts`` (exactly the
metric's parsing and strict judgement, so a trained model is rewarded for what the benchmark
counts), optionally shaped with partial credit for a parseable answer of the right type.
``grpo_reward`` has the call signature TRL's ``GRPOTrainer`` uses for a custom reward
function: keyword arguments ``prompts``, ``completions``, ``completion_ids``, then every other
dataset column as a list (one entry per completion), plus ``trainer_state`` and logging hooks,
which it ignores.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = ["GRPO_COLUMNS", "grpo_reward", "make_grpo_reward", "reward"]

#: Dataset columns the GRPO reward reads (a ClosureBench dataset has them all).
GRPO_COLUMNS = ("answer", "answer_schema", "tolerance", "category", "level")


def _text(completion: Any) -> str:
    """The text of one completion: a string, or TRL's conversational list of messages (the
    last message's ``content``)."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, Sequence) and completion:
        last = completion[-1]
        if isinstance(last, Mapping) and isinstance(last.get("content"), str):
            return last["content"]
    if isinstance(completion, Mapping) and isinstance(completion.get("content"), str):
        return completion["content"]
    return ""  # anything else is no answer: scored 0, never raised


def reward(completions: Sequence[Any], records: Sequence[Mapping[str, Any] | str], *,
           format_credit: float = 0.0) -> list[float]:
    """1.0 per strictly correct completion, ``format_credit`` per parsed wrong one, else 0.

    ``records`` are dataset records (or their JSON strings), one per completion; a bad record
    raises ``ValueError`` naming its index, a bad completion only scores 0.
    """
    if not 0.0 <= float(format_credit) < 1.0:
        raise ValueError(f"format_credit must be in [0, 1), got {format_credit!r}")
    if len(completions) != len(records):
        raise ValueError(f"completions has {len(completions)} items but records has "
                         f"{len(records)}")
    if not completions:
        return []
    from closurebench.scoring import verdicts

    refs = [json.loads(r) if isinstance(r, str) else r for r in records]
    flags = verdicts([_text(c) for c in completions], refs)
    return [1.0 if strict else (float(format_credit) if parsed else 0.0)
            for parsed, strict, _ in flags]


def make_grpo_reward(format_credit: float = 0.0) -> Callable[..., list[float]]:
    """A TRL GRPO reward function (``reward_funcs=[make_grpo_reward()]``)."""
    if not 0.0 <= float(format_credit) < 1.0:
        raise ValueError(f"format_credit must be in [0, 1), got {format_credit!r}")

    def closurebench_reward(prompts: Sequence[Any] | None = None,
                            completions: Sequence[Any] | None = None,
                            completion_ids: Sequence[Any] | None = None,
                            **columns: Any) -> list[float]:
        if completions is None:
            raise ValueError("completions is required")
        missing = [c for c in ("answer", "answer_schema") if c not in columns]
        if missing:
            raise ValueError(f"the training dataset needs the columns {', '.join(missing)} "
                             "(ClosureBench records carry them)")
        n = len(completions)
        records = [{k: columns[k][i] for k in GRPO_COLUMNS if k in columns and
                    columns[k] is not None} for i in range(n)]
        return reward(completions, records, format_credit=format_credit)

    closurebench_reward.__doc__ = (
        "ClosureBench strict verdict per completion" + (
            f", {format_credit} for a parsed wrong answer" if format_credit else ""))
    return closurebench_reward


grpo_reward = make_grpo_reward()
"""The unshaped GRPO reward: 1.0 for a strictly correct completion, else 0.0."""
