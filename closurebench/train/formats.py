"""Training columns for a ClosureBench dataset: ``grpo`` (a prompt and the reward's columns)
or ``sft`` (a whole conversation), with the prompts ``closurebench run`` sends.

``closurebench.load_dataset(..., format="grpo")`` and ``Stage.dataset(format=...)`` map their
rows through here, so a model trained on these prompts is asked its evaluation questions the
same way:

- ``grpo``: ``prompt`` (the system prompt of ``mode`` and the question, as chat messages: TRL's
  conversational prompt format) beside ``GRPO_COLUMNS``, the fields ``grpo_reward`` reads.
  TRL's ``GRPOTrainer`` passes the extra columns to the reward function as keyword arguments.
- ``sft``: ``messages`` (system, user, assistant) and ``id``, ``category``, ``level``, as
  ``closurebench export sft`` writes them; ``target`` chooses the assistant turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from closurebench.errors import ConfigError
from closurebench.train.rewards import GRPO_COLUMNS

__all__ = ["FORMATS", "check_format", "grpo_example", "to_format"]

#: What ``format=`` accepts (``None``: the records as they are).
FORMATS: tuple[str, ...] = ("grpo", "sft")


def check_format(format: Any, mode: Any = "direct", target: Any = "answer") -> None:
    """Raise ``ConfigError`` naming a bad ``format``, ``mode`` or ``target``."""
    from closurebench.run.prompts import MODES
    from closurebench.train.sft import TARGETS

    if format is not None and format not in FORMATS:
        raise ConfigError(f"format must be one of {', '.join(FORMATS)} or None, got {format!r}")
    if mode not in MODES:
        raise ConfigError(f"mode must be one of {', '.join(MODES)}, got {mode!r}")
    if target not in TARGETS:
        raise ConfigError(f"target must be one of {', '.join(TARGETS)}, got {target!r}")
    if format == "sft" and target != "answer" and mode != "direct":
        raise ConfigError("mode applies to target='answer' only; program targets use the "
                          "program prompt")


def grpo_example(record: dict[str, Any], mode: str = "direct") -> dict[str, Any]:
    """One GRPO row: the runner's prompt for the question, and the reward's columns."""
    from closurebench.run.prompts import build_messages

    return {"prompt": build_messages(record["question"], mode),
            **{k: record[k] for k in GRPO_COLUMNS}}


def _row(format: str, mode: str, target: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    if format == "grpo":
        return lambda record: grpo_example(record, mode)
    from closurebench.train.sft import sft_example

    answer_mode = mode if target == "answer" else None
    return lambda record: sft_example(record, target, answer_mode)


def to_format(dataset: Any, format: str | None, *, mode: str = "direct",
              target: str = "answer") -> Any:
    """``dataset`` (a ``Dataset``, ``IterableDataset`` or a dict of them) in ``format``.

    The rows keep only the format's columns. ``mode`` is the answer prompt (``direct`` or
    ``cot``); ``target`` the SFT assistant turn (``answer``, ``tl`` or ``python``).
    """
    check_format(format, mode, target)
    if format is None:
        return dataset
    if isinstance(dataset, dict):  # a DatasetDict or IterableDatasetDict: each split
        return type(dataset)({name: to_format(part, format, mode=mode, target=target)
                              for name, part in dataset.items()})
    return dataset.map(_row(format, mode, target), remove_columns=dataset.column_names)
