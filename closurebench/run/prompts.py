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

__all__ = [
    "MAX_TOKENS", "MODES", "PROGRAM_PROMPTS", "PROMPT_VERSION", "RUN_MODES", "SYSTEM_PROMPTS",
    "build_messages", "prompt_key", "prompt_sha256",
]

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

_PROGRAM = (
    "You answer questions about small graphs that are described in text by writing a program "
    "whose run prints the answer; the program is executed and its output is scored. "
    "Write down the graph exactly as the description gives it (every node, every edge, in "
    "its stated direction), then the computation the question asks for. "
)

PROGRAM_PROMPTS: dict[str, str] = {
    "tl": _PROGRAM + (
        "Write it in TL, the tensor-logic language specified below; its answer statement "
        "prints the JSON answer. Reply with the program only, in one ```tl code block.\n\n"
    ),
    "python": _PROGRAM + (
        "Write it in Python 3 with networkx (no other third-party library; no files, network "
        "or subprocesses). " + _FORMAT + " Print that JSON object as the program's last "
        "line of output. Reply with the program only, in one ```python code block."
    ),
}
"""Language -> system prompt of program mode (TL's ends with the language spec, appended)."""

RUN_MODES: tuple[str, ...] = (*MODES, "program")
"""What ``closurebench run --mode`` accepts: the answer modes and ``program``."""

MAX_TOKENS: dict[str, int] = {"direct": 1024, "cot": 8192, "program": 2048}
"""Run mode -> default output cap, the same in ``closurebench run``, the inspect task and the
lm-eval task files (a test holds the YAML to these numbers)."""


def prompt_key(mode: str, language: str | None = None) -> str:
    """The prompt a run uses: its mode, or ``program-LANGUAGE`` in program mode."""
    if mode == "program":
        if language not in PROGRAM_PROMPTS:
            raise ValueError(f"--mode program needs --language tl or python, got {language!r}")
        return f"program-{language}"
    if language is not None:
        raise ValueError(f"--language is for --mode program only (mode is {mode!r})")
    return mode


def _system(mode: str) -> str:
    if mode.startswith("program-") and mode[8:] in PROGRAM_PROMPTS:
        text = PROGRAM_PROMPTS[mode[8:]]
        if mode == "program-tl":
            from closurebench.tl import SPEC

            text += SPEC
        return text
    try:
        return SYSTEM_PROMPTS[mode]
    except KeyError:
        keys = [*MODES, *(f"program-{k}" for k in PROGRAM_PROMPTS)]
        raise ValueError(f"mode must be one of {', '.join(keys)}, got {mode!r}") from None


def build_messages(question: str, mode: str) -> list[dict[str, str]]:
    """The chat messages for one question: the mode's system prompt, then the question as is.

    ``mode`` is ``direct``, ``cot`` or a program prompt (``program-tl``, ``program-python``).
    """
    system = _system(mode)
    return [{"role": "system", "content": system}, {"role": "user", "content": question}]


def prompt_sha256(mode: str) -> str:
    """SHA-256 over the exact messages template of a mode, so two runs can prove equal prompts."""
    template: list[dict[str, Any]] = build_messages("{question}", mode)
    blob = json.dumps(template, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()
