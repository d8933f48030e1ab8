"""Writing records: JSONL (the canonical byte stream) or Parquet, streamed, never all in memory.

JSONL lines keep the record's field order and compact separators, so the same records always
give the same bytes (the golden fingerprints hash this stream).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable, Iterator
from itertools import islice
from pathlib import Path
from typing import IO, Any

from closurebench.errors import ConfigError

__all__ = ["check_out", "dumps_record", "out_format", "read_records", "write_records"]


def dumps_record(rec: dict[str, Any]) -> str:
    """One JSONL line (without the newline)."""
    return json.dumps(rec, ensure_ascii=False, separators=(",", ":"))


#: File name endings ``write_records`` knows, and the format each one gets.
FORMATS = {".jsonl": "jsonl", ".parquet": "parquet"}


def out_format(out: str) -> str:
    """``jsonl`` or ``parquet`` for an output path; devices and pipes (``/dev/stdout``) get
    JSONL; any other ending is refused rather than silently written as JSONL."""
    if out == "-":
        return "jsonl"
    if Path(out).is_dir():
        raise ConfigError(f"--out {out} is a directory; give a file name such as "
                          f"{Path(out) / 'records.jsonl'}")
    for ending, fmt in FORMATS.items():
        if out.endswith(ending):
            return fmt
    p = Path(out)
    if p.exists() and not p.is_file() and not p.is_dir():
        return "jsonl"
    raise ConfigError(f"--out must end in .jsonl or .parquet (or be - for stdout), got {out!r}")


def check_out(out: str, *, force: bool = False) -> str:
    """Refuse an ``--out`` that cannot be written or would overwrite a file; its format."""
    fmt = out_format(out)
    if out == "-":
        return fmt
    p = Path(out)
    parent = p.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        raise ConfigError(f"--out {out}: {parent} is a file, not a directory")
    if p.is_file() and not force:
        raise ConfigError(f"--out {out} already exists; pass --force to overwrite it")
    return fmt


def write_records(records: Iterable[dict[str, Any]], out: str, *, batch: int = 1000) -> int:
    """Stream records to ``out`` (``-`` for stdout, ``*.jsonl`` or ``*.parquet``); the count.

    A regular file is written under a temporary name and renamed when complete, so a failed
    or interrupted write leaves no half file (and an existing file intact until the end).
    """
    fmt = out_format(out)
    if out == "-":
        return _write_jsonl(records, sys.stdout)
    p = Path(out)
    if p.exists() and not p.is_file():  # a device or a pipe: write in place
        with open(out, "w", encoding="utf-8", newline="\n") as fh:
            return _write_jsonl(records, fh)
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_name(f".{p.name}.partial")
    try:
        if fmt == "parquet":
            count = _write_parquet(records, str(tmp), batch)
        else:
            with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
                count = _write_jsonl(records, fh)
        os.replace(tmp, p)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return count


def _write_jsonl(records: Iterable[dict[str, Any]], fh: IO[str]) -> int:
    count = 0
    for rec in records:
        fh.write(dumps_record(rec) + "\n")
        count += 1
    fh.flush()
    return count


def _write_parquet(records: Iterable[dict[str, Any]], out: str, batch: int) -> int:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise ImportError(
            "writing Parquet needs pyarrow: pip install 'closurebench[hf]'") from None
    from closurebench.generation.schema import arrow_schema

    schema = arrow_schema()
    it = iter(records)
    count = 0
    with pq.ParquetWriter(out, schema) as writer:
        while chunk := list(islice(it, batch)):
            writer.write_table(pa.Table.from_pylist(chunk, schema=schema))
            count += len(chunk)
    return count


def read_records(path: str) -> Iterator[dict[str, Any]]:
    """Records from a JSONL or Parquet file."""
    if path.endswith(".parquet"):
        import pyarrow.parquet as pq

        yield from pq.read_table(path).to_pylist()
        return
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)
