"""The system prompts of the evaluation loop, versioned so every score names its prompt.

As in the paper (§3), the prompt describes the JSON answer format generically and shows no
per-category example: the question's own last line states the expected form, and a model must
infer the type from the wording. Changing any text here changes ``prompt_sha256`` and must
bump ``PROMPT_VERSION``; a test pins the hash so that cannot happen by accident.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

__all__ = ["MODES", "PROMPT_VERSION", "SYSTEM_PROMPTS", "build_messages", "prompt_sha256"]

PROMPT_VERSION = "1"
"""Bump on any change to the text below (recorded in run.json and the report)."""

_FORMAT = (
    'Your final answer must be a single JSON object of the form {"answer": <value>}. '
    "The value takes the type the question asks for: an integer for a count, true or false "
    "for a yes/no question, a string for a single name, a list of strings for a set of names "
    "(each name once, in any order, [] if there are none), a number for an average or ratio, "
    "or an object with the named fields when the question asks several things at once. "
    "Write names exactly as they appear in the question."
)

SYSTEM_PROMPTS: dict[str, str] = {
    "direct": (
        "You answer questions about small graphs that are described in text. "
        "Read the description and the question carefully. " + _FORMAT + " "
        "Reply with that JSON object only: no explanation, no working, no code fences."
    ),
    "cot": (
        "You answer questions about small graphs that are described in text. "
        "Reason step by step: list the facts you need from the description, then carry out "
        "the computation carefully, checking each step. " + _FORMAT + " "
        "End your reply with that JSON object on a line of its own, and write nothing after it."
    ),
}
"""Mode -> system prompt. ``direct`` answers at once; ``cot`` reasons first."""

MODES: tuple[str, ...] = tuple(SYSTEM_PROMPTS)


def build_messages(question: str, mode: str) -> list[dict[str, str]]:
    """The chat messages for one question: the mode's system prompt, then the question as is."""
    try:
        system = SYSTEM_PROMPTS[mode]
    except KeyError:
        raise ValueError(f"mode must be one of {', '.join(MODES)}, got {mode!r}") from None
    return [{"role": "system", "content": system}, {"role": "user", "content": question}]


def prompt_sha256(mode: str) -> str:
    """SHA-256 over the exact messages template of a mode, so two runs can prove equal prompts."""
    template: list[dict[str, Any]] = build_messages("{question}", mode)
    blob = json.dumps(template, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()
