"""Reading JSON and JSONL that users hand us, in bounded memory and without tracebacks.

``json`` recurses once per nesting level, so ``[[[[...]]]]`` 200,000 deep raises
``RecursionError``; a 2 GiB file without a newline is one 2 GiB "line". Both become an
``InputError`` naming the file (and line) here, after reading at most ``MAX_LINE_CHARS``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import IO, Any

from closurebench.errors import InputError

__all__ = ["MAX_FILE_BYTES", "MAX_LINE_CHARS", "iter_jsonl", "iter_lines", "load_json_file",
           "loads"]

#: Longest JSONL line read (a record with a 2,000-node graph is a few MB).
MAX_LINE_CHARS = 64 * 2**20
#: Largest whole-file JSON document read (report.json, run.json: a few KB to a few MB).
MAX_FILE_BYTES = 64 * 2**20


def loads(text: str | bytes, where: str) -> Any:
    """``json.loads`` with its failures as one-line ``InputError``s naming ``where``."""
    try:
        return json.loads(text)
    except RecursionError:
        raise InputError(f"{where}: JSON nested too deeply") from None
    except ValueError as exc:
        raise InputError(f"{where}: not valid JSON ({exc})") from None


def iter_lines(fh: IO[str], where: str, *, limit: int | None = None
               ) -> Iterator[tuple[int, str]]:
    """``(line number, line)`` of a text stream, refusing a line longer than ``limit``
    (default ``MAX_LINE_CHARS``) after reading at most that much of it."""
    limit = MAX_LINE_CHARS if limit is None else limit
    lineno = 0
    while True:
        line = fh.readline(limit + 1)
        if not line:
            return
        lineno += 1
        if len(line) > limit:
            raise InputError(f"{where} line {lineno}: longer than {limit:,} characters "
                             "(not a JSONL file?)")
        yield lineno, line


def iter_jsonl(path: str | os.PathLike[str], *, complete_only: bool = False,
               objects: bool = True) -> Iterator[tuple[int, Any]]:
    """``(line number, value)`` of a JSONL file; blank lines are skipped.

    ``complete_only`` stops at a last line without its newline (a write cut by a kill);
    ``objects`` requires every value to be a JSON object.
    """
    where = os.fspath(path)
    with open(path, encoding="utf-8", errors="surrogateescape") as fh:
        for lineno, line in iter_lines(fh, where):
            if complete_only and not line.endswith("\n"):
                return
            if not line.strip():
                continue
            value = loads(line, f"{where} line {lineno}")
            if objects and not isinstance(value, dict):
                raise InputError(f"{where} line {lineno}: expected a JSON object, "
                                 f"got a {type(value).__name__}")
            yield lineno, value


def load_json_file(path: str | os.PathLike[str], *, what: str = "file",
                   max_bytes: int = MAX_FILE_BYTES, obj: bool = True) -> Any:
    """A whole JSON document (an object unless ``obj=False``), at most ``max_bytes`` long."""
    where = os.fspath(path)
    try:
        with open(path, "rb") as fh:
            data = fh.read(max_bytes + 1)
    except FileNotFoundError:
        raise InputError(f"{what} not found: {where}") from None
    except IsADirectoryError:
        raise InputError(f"{what} {where} is a directory, not a JSON file") from None
    if len(data) > max_bytes:
        raise InputError(f"{where}: larger than {max_bytes:,} bytes (not a {what}?)")
    value = loads(data, where)
    if obj and not isinstance(value, dict):
        raise InputError(f"{where}: expected a JSON object, got a {type(value).__name__}")
    return value
