"""Harness logs as ``closurebench score`` input: lm-eval sample logs and inspect-ai logs.

Both harnesses record, per sample, the raw output and the document it answered; ClosureBench's
tasks put the reference fields in that document (lm-eval's ``doc``, inspect's sample
``metadata["reference"]``), so a log can be re-scored with no ``--references``:

- lm-eval: ``samples_<task>_<time>.jsonl`` written with ``--log_samples``; one line per
  document, the raw generations in ``resps``.
- inspect-ai: a ``.eval`` (or ``.json``) log, read with ``inspect_ai.log.read_eval_log``;
  epochs become samples, and each output's stop reason becomes the row's ``finish_reason``
  (so an output cut off by the token cap is no answer, as in ``closurebench run``). lm-eval
  logs no stop reason: its rows have none, and a cut-off output is scored on its text.

Returns rows in ``closurebench score``'s own prediction format, so the scoring path is one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

__all__ = ["HarnessLog", "read_harness_log"]

#: The reference fields a record needs to be scored.
_NEEDED = ("id", "answer", "answer_schema", "tolerance")


class HarnessLog:
    """Prediction rows (``id``, ``output``, ``sample``, optional ``completion_tokens`` and
    ``finish_reason``) and the reference records found in the log, by id."""

    def __init__(self, kind: str, rows: list[dict[str, Any]],
                 references: dict[str, dict[str, Any]]) -> None:
        self.kind, self.rows, self.references = kind, rows, references


def _lm_eval_line(first: str) -> bool:
    try:
        row = json.loads(first)
    except ValueError:
        return False
    return isinstance(row, dict) and "doc" in row and "resps" in row


def read_harness_log(path: str) -> HarnessLog | None:
    """The log at ``path``, or ``None`` when it is not a harness log (plain predictions).

    Raises ``ValueError`` naming the file and line for a harness log it cannot use.
    """
    if path == "-" or not Path(path).is_file():
        return None
    if path.endswith((".eval", ".json")):
        return _inspect(path)
    from closurebench.scoring.safejson import iter_lines

    with open(path, encoding="utf-8", errors="surrogateescape") as fh:
        # bounded reads: a huge file without newlines is refused, not loaded whole
        first = next((ln for _, ln in iter_lines(fh, path) if ln.strip()), "")
    return _lm_eval(path) if _lm_eval_line(first) else None


def _reference(doc: Any, where: str) -> dict[str, Any]:
    if not isinstance(doc, dict) or any(k not in doc for k in _NEEDED):
        raise ValueError(f"{where}: the logged document lacks ClosureBench reference fields "
                         f"({', '.join(_NEEDED)}); was it a ClosureBench task?")
    return doc


def _lm_eval(path: str) -> HarnessLog:
    rows: list[dict[str, Any]] = []
    refs: dict[str, dict[str, Any]] = {}
    with open(path, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            where = f"{path} line {lineno}"
            try:
                entry = json.loads(line)
            except ValueError as exc:
                raise ValueError(f"{where}: not valid JSON ({exc})") from None
            doc = _reference(entry.get("doc") if isinstance(entry, dict) else None, where)
            resps = entry.get("resps")
            if not isinstance(resps, list) or not resps or not isinstance(resps[0], list):
                raise ValueError(f"{where}: 'resps' must be a list of generation lists")
            rid = str(doc["id"])
            refs.setdefault(rid, doc)
            for sample, text in enumerate(resps[0]):
                rows.append({"id": rid, "output": text if isinstance(text, str) else "",
                             "sample": sample, "_line": lineno})
    if not rows:
        raise ValueError(f"{path}: no samples")
    return HarnessLog("lm-eval", rows, refs)


def _inspect(path: str) -> HarnessLog:
    try:
        from inspect_ai.log import read_eval_log
    except ImportError:
        raise ImportError("reading inspect logs needs inspect-ai: "
                          "pip install 'closurebench[integrations]'") from None
    try:
        log = read_eval_log(path)
    except Exception as exc:  # inspect raises its own types for unreadable logs
        raise ValueError(f"{path}: not an inspect log ({' '.join(str(exc).split())[:200]})"
                         ) from None
    rows: list[dict[str, Any]] = []
    refs: dict[str, dict[str, Any]] = {}
    for i, s in enumerate(log.samples or []):
        where = f"{path} sample {i + 1}"
        ref = _reference((s.metadata or {}).get("reference"), where)
        rid = str(ref["id"])
        refs.setdefault(rid, ref)
        usage = getattr(s.output, "usage", None) if s.output else None
        tokens = getattr(usage, "output_tokens", None)
        stop = getattr(s.output, "stop_reason", None) if s.output else None
        rows.append({"id": rid, "output": s.output.completion if s.output else "",
                     "sample": int(s.epoch or 1) - 1, "_line": i + 1,
                     "finish_reason": stop if isinstance(stop, str) else None,
                     **({"completion_tokens": tokens} if isinstance(tokens, int) else {})})
    if not rows:
        raise ValueError(f"{path}: the log holds no samples (was it run with --no-log-samples?)")
    if any("completion_tokens" not in r for r in rows):
        for r in rows:
            r.pop("completion_tokens", None)
    first: dict[str, int] = {}
    for n, r in enumerate(rows):
        first.setdefault(r["id"], n)
    rows.sort(key=lambda r: (first[r["id"]], r["sample"]))
    return HarnessLog("inspect", rows, refs)
