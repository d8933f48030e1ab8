"""A reward for training on ClosureBench: the metric's strict verdict, one float per completion.

``reward(completions, records)`` scores with ``closurebench.scoring.verdicts`` (exactly the
metric's parsing and strict judgement, so a trained model is rewarded for what the benchmark
counts), optionally shaped with partial credit for a parseable answer of the right type.
``grpo_reward`` has the call signature TRL's ``GRPOTrainer`` uses for a custom reward
function: keyword arguments ``prompts``, ``completions``, ``completion_ids``, then every other
dataset column as a list (one entry per completion), plus ``trainer_state`` and logging hooks,
which it ignores. A completion may be plain text or conversational: a list of messages whose
last one is scored, its ``content`` a string or a list of content parts
(``[{"type": "text", "text": ...}]``, the text parts joined).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from closurebench.errors import InputError

__all__ = ["GRPO_COLUMNS", "completion_text", "grpo_reward", "make_grpo_reward", "reward"]

#: Dataset columns the GRPO reward reads: every field the metric reads (``nodes`` matches
#: labels case-insensitively, ``query`` gives the set slip its credit), so a reward is the
#: verdict ``closurebench score`` gives. A ClosureBench dataset has them all.
GRPO_COLUMNS = ("id", "category", "level", "n", "density", "answer", "answer_schema",
                "tolerance", "nodes", "query")


def _content(content: Any) -> str | None:
    """A message's content as text: a string, or the text of its content parts."""
    if isinstance(content, str):
        return content
    if isinstance(content, Sequence) and not isinstance(content, (bytes, bytearray)):
        texts = [p["text"] for p in content if isinstance(p, Mapping)
                 and p.get("type", "text") == "text" and isinstance(p.get("text"), str)]
        return "".join(texts) if texts or not content else None
    return None


def completion_text(completion: Any) -> str:
    """The text of one completion: a string; one message; or TRL's conversational list of
    messages (the last one). A message's ``content`` may be a string or content parts
    (``[{"type": "text", "text": ...}]``); anything else is no answer (``""``), never an
    error."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, Sequence) and completion and not isinstance(
            completion, (bytes, bytearray)):
        completion = completion[-1]
    if isinstance(completion, Mapping):
        text = _content(completion.get("content"))
        if text is not None:
            return text
    return ""  # anything else is no answer: scored 0, never raised


def _record(record: Any, index: int) -> Any:
    """A record, decoded if it came as its JSON string (a bad one names its index)."""
    if not isinstance(record, str):
        return record
    try:
        return json.loads(record)
    except (ValueError, RecursionError):
        raise InputError(f"records[{index}]: not a record's JSON string "
                         f"({record[:60]!r})") from None


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

    refs = [_record(r, i) for i, r in enumerate(records)]
    flags = verdicts([completion_text(c) for c in completions], refs)
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
