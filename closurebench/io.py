"""Writing records: JSONL (the canonical byte stream) or Parquet, streamed, never all in memory.

JSONL lines keep the record's field order and compact separators, so the same records always
give the same bytes (the golden fingerprints hash this stream).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Iterator
from itertools import islice
from typing import Any

__all__ = ["dumps_record", "read_records", "write_records"]


def dumps_record(rec: dict[str, Any]) -> str:
    """One JSONL line (without the newline)."""
    return json.dumps(rec, ensure_ascii=False, separators=(",", ":"))


def write_records(records: Iterable[dict[str, Any]], out: str, *, batch: int = 1000) -> int:
    """Stream records to ``out`` (``-`` for stdout, ``*.jsonl`` or ``*.parquet``); the count."""
    if out.endswith(".parquet"):
        return _write_parquet(records, out, batch)
    count = 0
    fh = sys.stdout if out == "-" else open(out, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
    try:
        for rec in records:
            fh.write(dumps_record(rec) + "\n")
            count += 1
    finally:
        if fh is not sys.stdout:
            fh.close()
    return count


def _write_parquet(records: Iterable[dict[str, Any]], out: str, batch: int) -> int:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise ImportError(
            "writing Parquet needs pyarrow: pip install 'closurebench[hf]'") from None
    from closurebench.schema import arrow_schema

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
