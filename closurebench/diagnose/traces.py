"""Reasoning traces: how much of a chain of thought comes after the answer, and what
self-verification ("wait", "let me double-check", ...) does to the answer.

The answer a trace holds at any point is read with the metric's own parser: the answer the
judge would score if the output stopped at that line, or an explicit "the answer is X" phrase.
So "the final answer first appears" is the earliest such point holding the final committed
answer (GrAlgoBench's outcome efficiency, measured in characters and, with token counts,
tokens), and a verification segment changes the answer when the answer held before its marker
differs from the next one held after it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from closurebench.diagnose.problem import answer_key

__all__ = ["VERIFY_MARKERS", "analyse_trace", "format_traces", "trace_table"]

#: Phrases that open a self-verification segment (case-insensitive, whole words).
VERIFY_MARKERS = re.compile(
    r"\b(?:wait|hold on|hmm+|on second thought|let me (?:double[- ]?check|re-?check|verify|"
    r"re-?examine|reconsider|re-?verify|check again)|double[- ]?check(?:ing)?|"
    r"re-?checking|to verify|actually)\b",
    re.IGNORECASE,
)
_STATED = re.compile(
    r"(?:final answer|the answer|answer)\s*(?:is|:|=)\s*\**\s*([^\n]+?)\s*\**(?:\.\s|\.$|\n|$)",
    re.IGNORECASE,
)


def _kind(record: dict[str, Any]) -> str:
    from closurebench.categories import CATEGORIES

    cat = CATEGORIES.get(record["category"])
    return cat.answer if cat is not None else "label"


def _read(text: str, record: dict[str, Any], kind: str) -> str | None:
    """The comparable committed answer the judge reads in ``text``, or ``None``."""
    from closurebench.scoring import judge_outputs

    v = judge_outputs([text], [record])[0]
    return answer_key(kind, v.answer) if v.parsed else None


def _holdings(text: str, record: dict[str, Any], kind: str) -> list[tuple[int, str]]:
    """``(position, answer)`` wherever the trace holds an answer: each line end read by the
    judge, and each stated "answer is X"."""
    points: list[tuple[int, str]] = []
    ends = [m.end() for m in re.finditer(r"\n", text)] + [len(text)]
    for end in ends:
        got = _read(text[:end], record, kind)
        if got is not None:
            points.append((end, got))
    for m in _STATED.finditer(text):
        got = _read(m.group(1).strip().strip("`$"), record, kind)
        if got is not None:
            points.append((m.end(1), got))
    return sorted(points)


def analyse_trace(output: Any, record: dict[str, Any]) -> dict[str, Any] | None:
    """Figures for one output: share after the final answer first appears, verification
    segments and what they did. ``None`` when no final answer can be read."""
    if not isinstance(output, str) or not output.strip():
        return None
    kind = _kind(record)
    final = _read(output, record, kind)
    if final is None:
        return None
    ref = answer_key(kind, json.loads(record["answer"]))
    points = _holdings(output, record, kind)
    first = next((pos for pos, got in points if got == final), len(output))
    segments: list[dict[str, Any]] = []
    segment_end = -1
    for m in VERIFY_MARKERS.finditer(output):
        before = [got for pos, got in points if pos <= m.start()]
        later = [pos for pos, _ in points if pos > m.end()]
        if not before or m.start() < segment_end:
            continue  # nothing held yet, or the same segment ("wait, let me double-check")
        segment_end = later[0] if later else len(output)
        after = [got for pos, got in points if pos > m.end()]
        old, new = before[-1], (after[0] if after else final)
        segments.append({"at": m.start(), "marker": m.group(0).lower(),
                         "changed": old != new, "to_right": old != ref and new == ref,
                         "to_wrong": old == ref and new != ref})
    return {
        "chars": len(output),
        "first_answer_at": first,
        "share_after_answer": (len(output) - first) / len(output),
        "correct": final == ref,
        "verifications": segments,
    }


def trace_table(references: Sequence[dict[str, Any]], outputs: Sequence[Any],
                tokens: Sequence[int | None] | None = None) -> dict[str, Any]:
    """Per level: mean share of the trace after the answer first appears (characters, and
    tokens when counted), verification segments per trace, how often they change the answer
    and whether the change was right."""
    toks = list(tokens) if tokens is not None else [None] * len(outputs)
    levels: dict[str, dict[str, Any]] = {}
    for ref, out, tok in zip(references, outputs, toks, strict=True):
        t = analyse_trace(out, ref)
        if t is None:
            continue
        s = levels.setdefault(str(ref["level"]), {
            "traces": 0, "share_sum": 0.0, "tokens_after": 0.0, "tokens_counted": 0,
            "segments": 0, "changed": 0, "to_right": 0, "to_wrong": 0, "with_verification": 0})
        s["traces"] += 1
        s["share_sum"] += t["share_after_answer"]
        if tok is not None:
            s["tokens_after"] += t["share_after_answer"] * tok
            s["tokens_counted"] += 1
        segs = t["verifications"]
        s["segments"] += len(segs)
        s["with_verification"] += bool(segs)
        s["changed"] += sum(v["changed"] for v in segs)
        s["to_right"] += sum(v["to_right"] for v in segs)
        s["to_wrong"] += sum(v["to_wrong"] for v in segs)
    out: dict[str, Any] = {}
    for lvl, s in sorted(levels.items()):
        out[lvl] = {
            "traces": s["traces"],
            "share_after_answer": s["share_sum"] / s["traces"],
            "tokens_after_answer": (s["tokens_after"] / s["tokens_counted"]
                                    if s["tokens_counted"] else None),
            "verification_segments": s["segments"],
            "traces_with_verification": s["with_verification"],
            "segments_changing_answer": s["changed"],
            "changes_to_right": s["to_right"],
            "changes_to_wrong": s["to_wrong"],
        }
    return {"note": ("share of each output after the final answer first appears "
                     "(characters), and self-verification segments: how often they change "
                     "the answer held before them, to the reference or away from it"),
            "by_level": out}


def format_traces(table: dict[str, Any]) -> list[str]:
    """report.md's "Reasoning traces" section."""
    rows = table["by_level"]
    if not rows:
        return []
    lines = ["", "## Reasoning traces", "",
             "Share after answer: how much of an output follows the first point where it "
             "already holds its final answer. Verification segments open with \"wait\", "
             "\"let me double-check\", …; a change is to the right or the wrong answer.", "",
             "| level | traces | share after answer | tokens after answer | verification "
             "segments | traces with one | changed answer | → right | → wrong |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for lvl, r in rows.items():
        tok = "—" if r["tokens_after_answer"] is None else f"{r['tokens_after_answer']:.1f}"
        lines.append(
            f"| L{lvl} | {r['traces']} | {100 * r['share_after_answer']:.1f}% | {tok} | "
            f"{r['verification_segments']} | {r['traces_with_verification']} | "
            f"{r['segments_changing_answer']} | {r['changes_to_right']} | "
            f"{r['changes_to_wrong']} |")
    return lines
