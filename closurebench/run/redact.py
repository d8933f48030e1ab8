"""Keep the API key out of everything a run writes or prints, whatever the server sends back.

A server may echo the ``Authorization`` header into a completion or an error message, and an
error message may end up on stderr, in ``predictions.jsonl`` and from there in the report.
Every string the run writes passes through ``redact``; the CLI also wraps stdout and stderr in
``RedactingStream`` so that nothing printed (tqdm, warnings, errors) can carry the key either.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

__all__ = ["MIN_SECRET_LENGTH", "REDACTED", "RedactingStream", "redact", "redact_obj",
           "redacted_output", "secrets"]

REDACTED = "[REDACTED]"
#: Shorter "keys" (``EMPTY``, ``x``) are placeholders for local servers; replacing them in
#: model output would corrupt answers and protect nothing.
MIN_SECRET_LENGTH = 6
_PLACEHOLDERS = frozenset({"EMPTY", "empty", "none", "None", "dummy", "sk-no-key-required"})


def secrets() -> tuple[str, ...]:
    """The strings never to write: the API key from ``OPENAI_API_KEY`` (read on every call)."""
    key = (os.environ.get("OPENAI_API_KEY") or "").strip()
    if len(key) < MIN_SECRET_LENGTH or key in _PLACEHOLDERS:
        return ()
    return (key,)


def redact(text: str, hidden: tuple[str, ...] | None = None) -> str:
    """``text`` with every secret replaced by ``[REDACTED]``."""
    for secret in secrets() if hidden is None else hidden:
        if secret in text:
            text = text.replace(secret, REDACTED)
    return text


def redact_obj(value: Any, hidden: tuple[str, ...] | None = None) -> Any:
    """A JSON-like value with every string (keys included) redacted."""
    hidden = secrets() if hidden is None else hidden
    if not hidden:
        return value
    if isinstance(value, str):
        return redact(value, hidden)
    if isinstance(value, dict):
        return {redact_obj(k, hidden): redact_obj(v, hidden) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [redact_obj(v, hidden) for v in value]
    return value


class RedactingStream:
    """A text stream that redacts what is written through it (everything else is delegated)."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(redact(text))
        return len(text)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextmanager
def redacted_output() -> Iterator[None]:
    """Route ``sys.stdout``/``sys.stderr`` through ``RedactingStream`` for the block."""
    import sys

    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = RedactingStream(saved[0]), RedactingStream(saved[1])  # type: ignore[assignment]
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved
