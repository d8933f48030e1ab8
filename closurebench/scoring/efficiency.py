"""Outcome efficiency: how much of a correct response came before its correct answer.

GrAlgoBench (§4, after Chen et al. 2024) defines it over the ``N`` responses that hold the
correct answer as ``(1/N) * sum(T_hat_i / T_i)``: ``T_i`` the response's length, ``T_hat_i``
its length up to the first correct answer. GrAlgoBench splits a response at blank lines and
asks an LLM which segment first holds the correct answer. Here the judge decides, by its own
four stages: a segment holds the correct answer when the judge, reading that segment (with
the one before it, so a "## Answer" header above its value counts) as if it were a whole
output, scores it strictly correct. Reasoning markers (``<think>`` ...) are taken out of that
window first, so an answer reached inside the reasoning counts where it is reached. ``T_hat``
runs to the end of that segment; with no earlier segment, to the end (``T_hat = T``).

Only responses the judge scores strictly correct count (a wrong response has no correct
answer to find), so the figure is ``None`` for a run without one.

Lengths are in characters: a run records one completion-token count per response, not the
token offset of each segment, and no tokenizer is available offline; the share in characters
equals the share in tokens whenever a response's characters per token are even along it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from closurebench.scoring.reasoning import REASONING_CLOSE, REASONING_OPEN, as_text

__all__ = ["EFFICIENCY_NOTE", "first_correct_end", "outcome_efficiency", "segments"]

EFFICIENCY_NOTE = (
    "outcome efficiency (GrAlgoBench): mean over strictly correct responses of the share of "
    "the response, in characters, up to the end of the first blank-line segment the judge "
    "already scores correct (read with the segment before it)"
)

_BREAK_RE = re.compile(r"\n[ \t\r]*\n")
_MARKER_RE = re.compile("|".join(
    re.escape(m) for m in sorted({*REASONING_OPEN, *REASONING_CLOSE}, key=len, reverse=True)
    if m[:1] in "<◁["))  # bracketed markers only: "analysis" and friends are prose too


def segments(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each blank-line-separated segment holding more than whitespace.

    >>> segments("a\\n\\n  \\nb c\\n")
    [(0, 1), (6, 9)]
    """
    spans, start = [], 0
    for m in _BREAK_RE.finditer(text):
        spans.append((start, m.start()))
        start = m.end()
    spans.append((start, len(text)))
    out = []
    for lo, hi in spans:
        piece = text[lo:hi]
        if piece.strip():
            lead = len(piece) - len(piece.lstrip())
            out.append((lo + lead, lo + len(piece.rstrip())))
    return out


def _windows(text: str, spans: list[tuple[int, int]]) -> list[str]:
    """Each segment but the last with the one before it, reasoning markers blanked."""
    return [_MARKER_RE.sub(" ", text[spans[max(0, i - 1)][0] : spans[i][1]])
            for i in range(len(spans) - 1)]


def first_correct_end(output: Any, reference: str | Mapping[str, Any],
                      category: str | None = None,
                      finish_reason: Any = None) -> tuple[int, int] | None:
    """``(T_hat, T)`` in characters for a strictly correct output, else ``None``.

    ``T`` is the output's length without trailing whitespace; ``T_hat`` the end of the first
    segment where the correct answer appears (see the module docstring).

    >>> text = 'Count them.\\n\\nSo there are 4.\\n\\n{"answer": 4}'
    >>> first_correct_end(text, "4", "triangle_count")
    (28, 43)
    >>> first_correct_end('{"answer": 5}', "4", "triangle_count") is None
    True
    """
    found = _first_ends([output], [reference], None if category is None else [category],
                        [finish_reason])
    return found[0]


def _first_ends(outputs: Sequence[Any], references: Sequence[Any],
                categories: Sequence[str] | None,
                finishes: Sequence[Any]) -> list[tuple[int, int] | None]:
    from closurebench.scoring.report import judge_outputs

    cats = list(categories) if categories is not None else [None] * len(outputs)
    verdicts = judge_outputs(list(outputs), list(references),
                             None if categories is None else cats, list(finishes))
    out: list[tuple[int, int] | None] = []
    for output, ref, cat, v in zip(outputs, references, cats, verdicts, strict=True):
        text = as_text(output) if v.strict else None
        if text is None:
            out.append(None)
            continue
        spans = segments(text)
        total = spans[-1][1] if spans else len(text)
        windows = _windows(text, spans)
        end = total
        if windows:
            same = [ref] * len(windows)
            for i, w in enumerate(judge_outputs(
                    windows, same, None if cat is None else [cat] * len(windows))):
                if w.strict:
                    end = spans[i][1]
                    break
        out.append((end, total) if total else None)
    return out


def outcome_efficiency(predictions: Sequence[Any], references: Sequence[Any],
                       categories: Sequence[str] | None = None,
                       finish_reasons: Sequence[Any] | None = None) -> dict[str, Any]:
    """Outcome efficiency overall and by level and category (records' ``level`` and
    ``category`` fields; references without them count overall only). ``references`` and
    ``categories`` are what :func:`closurebench.scoring.score` takes.

    Returns ``{"note", "unit", "outcome_efficiency", "n_correct", "by_level",
    "by_category"}``, each breakdown row ``{"outcome_efficiency", "n_correct"}``; the figure
    is ``None`` where no response is correct.
    """
    if len(predictions) != len(references):
        raise ValueError(f"predictions ({len(predictions)}) and references "
                         f"({len(references)}) must have the same length")
    finishes = list(finish_reasons) if finish_reasons is not None else [None] * len(predictions)
    if len(finishes) != len(predictions):
        raise ValueError(f"finish_reasons ({len(finishes)}) must match predictions "
                         f"({len(predictions)})")
    ends = _first_ends(predictions, references, categories, finishes)
    sums: dict[tuple[str, str], list[float]] = {}
    for ref, got in zip(references, ends, strict=True):
        if got is None:
            continue
        share = got[0] / got[1]
        keys = [("all", "")]
        if isinstance(ref, Mapping):
            if ref.get("level") is not None:
                keys.append(("by_level", str(ref["level"])))
            if ref.get("category") is not None:
                keys.append(("by_category", str(ref["category"])))
        for key in keys:
            slot = sums.setdefault(key, [0.0, 0])
            slot[0] += share
            slot[1] += 1

    def row(key: tuple[str, str]) -> dict[str, Any]:
        total, n = sums.get(key, (0.0, 0))
        return {"outcome_efficiency": total / n if n else None, "n_correct": int(n)}

    overall = row(("all", ""))

    def table(name: str) -> dict[str, Any]:
        keys = sorted((k for t, k in sums if t == name),
                      key=lambda k: (0, int(k), k) if k.isdigit() else (1, 0, k))
        return {k: row((name, k)) for k in keys}

    return {"note": EFFICIENCY_NOTE, "unit": "characters", **overall,
            "by_level": table("by_level"), "by_category": table("by_category")}
