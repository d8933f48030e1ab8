"""Held-out answer styles: ``python -m benchmarks.heldout_styles [--styles a,b] [--json FILE]``.

Renders a fixed set of answer styles for every answer type (yes/no, count, number, label,
set of labels, ``multi_query`` object) from generated records (fixed seed), each with the
right value and with a wrong one, after reasoning that names the other value or none, and
counts per style: right answers credited, right answers missed, wrong answers credited (the
judge must never over-credit: that column must be 0). Strict verdicts throughout.

Two groups of styles. ``known`` are the five styles the judge was generalised for (arrows
after a cue, an aside before the copula, a table row, a prose correction with a qualifier,
an answer cue of another language); ``invented`` were written down after those fixes were
finished and before this script was first run, and the judge was not tuned on them: they
measure how far the generalisations carry, not how well the examples were learnt. Running
this is not part of the test suite (``tests/test_heldout_styles.py`` only checks that it
runs, on two styles).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from benchmarks._battery import cases, types, write_json

KINDS = ("boolean", "integer", "number", "label", "labels", "object")
SEED = 20_240_611
PER_CATEGORY = 2


def _kind(record: dict[str, Any]) -> str:
    kind = json.loads(record["answer_schema"])["type"]
    return {"array": "labels", "string": "label"}.get(kind, kind)


def _wrong(record: dict[str, Any], answer: Any) -> Any:
    """A plausible wrong answer of the same type, never within the lenient slip."""
    kind, nodes = _kind(record), record["nodes"]
    if kind == "boolean":
        return not answer
    if kind == "integer":
        return answer + 2
    if kind == "number":
        return round(answer + 0.5, 2)
    if kind == "label":
        return next(n for n in nodes if n != answer)
    if kind == "labels":
        return answer[:-1] if len(answer) > 1 else [n for n in nodes if n not in answer][:2]
    return {**answer, "out_degree": answer["out_degree"] + 1}


def _text(kind: str, value: Any, yes: str = "Yes", no: str = "No") -> str:
    if kind == "boolean":
        return yes if value else no
    if kind == "labels":
        return ", ".join(value) if value else "none"
    if kind == "object":
        return ", ".join(f"{k}: {str(v).lower()}" for k, v in value.items())
    return str(value)


Style = Callable[[str, Any, Any], "str | None"]
"""(answer type, value, other value) -> the output's ending; None where the style has no
honest rendering of that answer type, which is then not counted."""


def _table(kind: str, value: Any, other: Any) -> str:
    if kind == "object":
        rows = "\n".join(f"| {k} | {str(v).lower()} |" for k, v in value.items())
        return f"| field | value |\n|---|---|\n{rows}"
    return f"| question | answer |\n|---|---|\n| asked query | {_text(kind, value)} |"


KNOWN: dict[str, Style] = {
    "arrow >>>": lambda k, v, o: f"ANSWER >>> {_text(k, v)}",
    "aside before copula": lambda k, v, o: f"The answer, therefore, is {_text(k, v)}.",
    "table row": _table,
    "correct total": lambda k, v, o: (
        f"So {_text(k, o)}. Wait, I miscounted: the correct total is {_text(k, v)}."),
    "答案 / Antwort": lambda k, v, o: (
        f"答案：{_text(k, v, '是', '否')}" if k in ("integer", "boolean")
        else f"Antwort: {_text(k, v, 'ja', 'nein')}"),
}
"""The styles the judge was generalised for (tuned on: expected to be credited)."""

# Written down after the fixes, before the first run of this script; not tuned on.
INVENTED: dict[str, Style] = {
    "blockquote": lambda k, v, o: f"> **Final answer:** {_text(k, v)}",
    "emoji lead": lambda k, v, o: f"🎯 Answer: {_text(k, v)}",
    "remark after": lambda k, v, o: f"Answer: {_text(k, v)} (after checking every edge)",
    "bold dash italic": lambda k, v, o: f"**Answer** — *{_text(k, v)}*",
    "value then cue": lambda k, v, o: f"Therefore, {_text(k, v)} is the answer.",
    "yaml fence": lambda k, v, o: f"```yaml\nanswer: {_text(k, v)}\n```",
    "therefore sign": lambda k, v, o: f"∴ {_text(k, v)}",
    "html bold": lambda k, v, o: f"<b>Answer:</b> {_text(k, v)}",
    "foreign copula": lambda k, v, o: f"La respuesta es {_text(k, v, 'sí', 'no')}.",
    "setext header": lambda k, v, o: f"FINAL ANSWER\n============\n\n{_text(k, v)}",
    "confidence line": lambda k, v, o: f"Answer: {_text(k, v)}\nConfidence: 90%",
    "numbered summary": lambda k, v, o: (
        f"Summary:\n1. I listed every edge.\n2. Final answer: {_text(k, v)}"),
}
"""Styles invented after the fixes (held out: how far the generalisations carry)."""

STYLES: dict[str, tuple[str, Style]] = {
    **{name: ("known", fn) for name, fn in KNOWN.items()},
    **{name: ("invented", fn) for name, fn in INVENTED.items()},
}
PRELUDES = (
    "",
    "Let me work through the edges one by one. One candidate is {o}, but I still have to "
    "check the remaining edges.\n\n",
    "Step 1: list the edges. Step 2: follow them from the start node. A first pass "
    "suggested {o}.\n\n",
)
"""Reasoning before the final answer: none, or one naming the other value (the right one
when the rendered value is wrong, which a judge that misses the final line would credit)."""


def records(per_category: int = PER_CATEGORY, seed: int = SEED) -> list[dict[str, Any]]:
    """Generated records of every category (every answer type), fixed seed."""
    import closurebench

    out = list(closurebench.generate("all", per_category=per_category, seed=seed))
    kinds = {_kind(r) for r in out}
    assert kinds == set(KINDS), kinds
    return out


def run(styles: list[str] | None = None, per_category: int = PER_CATEGORY,
        seed: int = SEED, catalogue: dict[str, tuple[str, Style]] | None = None,
        ) -> list[dict[str, Any]]:
    """One row per style of ``catalogue`` (default: ``STYLES``): renders, right credited,
    right missed, wrong credited, by type."""
    from closurebench.scoring import judge_outputs

    catalogue = STYLES if catalogue is None else catalogue
    recs = records(per_category, seed)
    rows = []
    for name in styles or list(catalogue):
        group, style = catalogue[name]
        outputs, refs, tags = [], [], []
        for rec, kind, answer, wrong, prelude in cases(name, recs, seed):
            for right, value, other in ((True, answer, wrong), (False, wrong, answer)):
                ending = style(kind, value, other)
                if ending is None:
                    continue  # a style with no honest rendering of this answer type
                outputs.append(prelude.format(o=_text(kind, other)) + ending)
                refs.append(rec)
                tags.append((kind, right))
        verdicts = judge_outputs(outputs, refs)
        row: dict[str, Any] = {"style": name, "group": group, "credited": 0, "missed": 0,
                               "wrong_credited": 0, "missed_types": {}, "over_types": {}}
        for (kind, right), verdict, output in zip(tags, verdicts, outputs, strict=True):
            if right and verdict.strict:
                row["credited"] += 1
            elif right:
                row["missed"] += 1
                row["missed_types"][kind] = row["missed_types"].get(kind, 0) + 1
            elif verdict.strict:
                row["wrong_credited"] += 1
                row["over_types"][kind] = row["over_types"].get(kind, 0) + 1
                row.setdefault("over_examples", []).append(output[-160:])
        rows.append(row)
    return rows


def table(rows: list[dict[str, Any]]) -> str:
    width = max(len(r["style"]) for r in rows)
    lines = [f"{'style':<{width}}  {'group':<8}  {'credited':>8}  {'missed':>6}  "
             f"{'wrong cr.':>9}  missed by type"]
    for group in dict.fromkeys(r["group"] for r in rows):
        part = [r for r in rows if r["group"] == group]
        for r in part:
            lines.append(f"{r['style']:<{width}}  {group:<8}  {r['credited']:>8}  "
                         f"{r['missed']:>6}  {r['wrong_credited']:>9}  "
                         f"{types(r['missed_types'])}")
        if part:
            total = [sum(r[c] for r in part) for c in ("credited", "missed", "wrong_credited")]
            lines.append(f"{'total ' + group:<{width}}  {'':<8}  {total[0]:>8}  {total[1]:>6}  "
                         f"{total[2]:>9}")
    over = [r for r in rows if r["wrong_credited"]]
    for r in over:
        lines.append(f"over-credited ({r['style']}): {r['over_types']}; e.g. "
                     f"{r['over_examples'][0]!r}")
    return "\n".join(lines)


def main(argv: list[str] | None = None,
         catalogue: dict[str, tuple[str, Style]] | None = None,
         prog: str = "python -m benchmarks.heldout_styles", doc: str | None = None) -> int:
    """The command line over ``catalogue`` (default: ``STYLES``)."""
    catalogue = STYLES if catalogue is None else catalogue
    parser = argparse.ArgumentParser(prog=prog, description=(doc or __doc__).splitlines()[0])
    parser.add_argument("--styles", help="comma-separated style names (default: all)")
    parser.add_argument("--per-category", type=int, default=PER_CATEGORY)
    parser.add_argument("--json", help="also write the rows to this file")
    args = parser.parse_args(argv)
    names = [s.strip() for s in args.styles.split(",")] if args.styles else None
    unknown = [n for n in names or [] if n not in catalogue]
    if unknown:
        parser.error(f"unknown styles {unknown}; known: {', '.join(catalogue)}")
    rows = run(names, args.per_category, catalogue=catalogue)
    print(f"seed {SEED}, {args.per_category} per category, right and wrong value per record; "
          "strict verdicts")
    print(table(rows))
    if args.json:
        write_json(args.json, rows, default=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
