"""A fifth held-out battery: ``python -m benchmarks.heldout_styles5 [--styles a,b]
[--per-category N] [--json FILE]``.

Written by an outside auditor (an assistant session briefed to audit the judge) who had not
read the judge (``closurebench/scoring/``), its tests, ``docs/scoring.md`` or the bodies of
the second to fourth batteries; only ``benchmarks/heldout_styles.py`` (whose records, seed,
wrong values, preludes and table this reuses) and ``benchmarks/README.md``. Every style, every
excluded answer type and every expected verdict was written down before the first run, and
nothing was tuned after it.

Part A, 26 styles that must be credited with the right value and never with the wrong one:
tool and function calls (an OpenAI ``arguments`` string holding JSON, a Hermes ``<tool_call>``
block), a block YAML document, a fenced TOML table, a one-cell markdown table, a fence labelled
``answer``, ``Result -> X``, counts in words, sets joined with "and", sets in braces, a bullet
list after a cue, a Python ``repr`` of the answer dict (``True``, single quotes), "Affirmative" /
"Negative", Italian, Portuguese and Russian, ``TL;DR:`` after a rule, the final answer said
twice, a postscript question to the user, a "Wait," self-correction trace, a GitHub callout,
``\\(\\boxed{X}\\)`` in inline math with no think tags, ``Answer = X``, a Q/A ``A: X`` line,
``<p>…<strong>X</strong></p>`` and the answer nested in JSON (``{"result": {"answer": X}}``).
Judgement calls decided up front: "Affirmative"/"Negative" answer a yes/no question and must
be credited; a "Wait," trace whose last statement is "confirmed: the answer is X" commits to
X (and with the wrong value last, to the wrong one, even though the right one came first).

Part B, 11 styles that must never be credited strictly, whatever value they show (right or
wrong): an answer to a different question, a plan never carried out, a placeholder
``<answer>``, ``[your answer here]``, the instructions' JSON template echoed with its
placeholders, one sub-answer of a ``multi_query`` object only, two different final-answer lines
never resolved, "I don't know, maybe X or Y", two guesses, someone else's answer quoted
without endorsement, and a tool call that sends the value to a verifier instead of answering.

First run (seed 20240611, 2 per category, on the judge of commit 7b7d759):
Part A: 1,140 credited, 24 missed, 0 wrongly credited (1,164 right renderings; 23 of 26
styles read in full). Misses: ``one-cell table`` 14 (every set: ``| Answer |`` over
``| A, B, C |`` is not read), ``affirmative/negative`` 8 (every one: "Final answer:
Affirmative." is not read as yes), ``inline math boxed`` 2 (both objects: ``\\text{can\\_reach:
false, …}`` inside ``\\boxed{}`` is not read). Part B: 2 of 1,044 outputs over-credited, both in
``someone else's answer`` (objects with the right value: "another assistant's reply … said
can_reach: false, in_degree: 2, out_degree: 1. I have not checked it …" is credited; its
scalar and set renderings are not). Not over-credits, but seen in the same run's verdicts:
28 ``Answer: [your answer here]`` outputs parse as the set ``['your']`` and 34 echoed
templates parse (sets as ``['names>']``, labels as ``'<name>'``), so they count as answered,
wrongly, not as unparsed.

Fixed in the next commit (docs/scoring.md), each as a rule over every answer type, so from
then on this is a regression set: Part A 1,164 credited, 0 missed, 0 wrong; Part B 0 of 1,044;
placeholders unparsed.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from benchmarks import _battery
from benchmarks.heldout_styles import (
    PER_CATEGORY,
    SEED,
    Style,
    _text,
    records,
    table,
)

# --- helpers -----------------------------------------------------------------------------

_ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
         "eighteen", "nineteen"]
_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def _words(n: int) -> str:
    """An integer in English words (digits past ±999, which never occur here)."""
    if n < 0:
        return "minus " + _words(-n)
    if n < 20:
        return _ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + (f"-{_ONES[ones]}" if ones else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return f"{_ONES[hundreds]} hundred" + (f" and {_words(rest)}" if rest else "")
    return str(n)


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return items[0] if items else "none"
    if len(items) == 2:
        return f"{items[0]} and {items[1]}"
    return ", ".join(items[:-1]) + f", and {items[-1]}"


def _yaml(kind: str, value: Any) -> str:
    if kind == "boolean":
        return "answer: " + ("true" if value else "false")
    if kind == "labels":
        return "answer:\n" + "".join(f"  - {x}\n" for x in value) if value else "answer: []"
    if kind == "object":
        return "answer:\n" + "".join(f"  {k}: {json.dumps(v)}\n" for k, v in value.items())
    return f"answer: {value}"


def _toml(kind: str, value: Any) -> str:
    if kind == "object":
        body = "".join(f"{k} = {json.dumps(v)}\n" for k, v in value.items())
        return f"```toml\n[result.answer]\n{body}```"
    return f"```toml\n[result]\nanswer = {json.dumps(value)}\n```"


def _one_cell(kind: str, value: Any) -> str:
    if kind == "object":
        head = " | ".join(value)
        cells = " | ".join(str(v).lower() for v in value.values())
        rule = "|".join("---" for _ in value)
        return f"| {head} |\n|{rule}|\n| {cells} |"
    return f"| Answer |\n|:------:|\n| {_text(kind, value)} |"


def _latex(kind: str, value: Any) -> str:
    if kind in ("integer", "number"):
        inner = str(value)
    elif kind == "object":
        inner = r"\text{" + _text(kind, value).replace("_", r"\_") + "}"
    else:
        inner = r"\text{" + _text(kind, value) + "}"
    return f"So the answer is \\(\\boxed{{{inner}}}\\)."


def _equals(kind: str, value: Any) -> str:
    if kind == "object":
        return "Answer = " + ", ".join(f"{k} = {str(v).lower()}" for k, v in value.items())
    return f"Answer = {_text(kind, value)}"


def _number_words(kind: str, value: Any) -> str:
    if kind == "object":
        parts = [f"{k}: {str(v).lower() if isinstance(v, bool) else _words(v)}"
                 for k, v in value.items()]
        return "**Final answer:** " + ", ".join(parts)
    return f"**Final answer:** {_words(value)}"


def _bullets(kind: str, value: Any) -> str:
    if kind == "object":
        items = [f"{k}: {str(v).lower()}" for k, v in value.items()]
    else:
        items = list(value) or ["none"]
    return "The final answer:\n\n" + "\n".join(f"- {x}" for x in items)


def _braces(kind: str, value: Any) -> str:
    return "Final answer: " + ("{" + ", ".join(value) + "}" if value else "∅")


def _wait(kind: str, value: Any, other: Any) -> str:
    return (f"So the answer is {_text(kind, other)}.\n\n"
            "Wait, that's not right — I skipped an edge. Let me recount from the start node.\n\n"
            "Wait, actually, let me double-check that edge once more. Hmm, it is there, so the "
            "earlier total was off.\n\n"
            f"Okay, confirmed: the answer is {_text(kind, value)}.")


# --- part A: must be credited with the right value, never with the wrong one -------------

SHOULD_CREDIT: dict[str, Style] = {
    "function call (string args)": lambda k, v, o: json.dumps(
        {"name": "submit_answer", "arguments": json.dumps({"answer": v})}),
    "hermes tool_call": lambda k, v, o: (
        "<tool_call>\n" + json.dumps({"name": "final_answer", "arguments": {"answer": v}})
        + "\n</tool_call>"),
    "yaml document": lambda k, v, o: "---\n" + _yaml(k, v),
    "toml fence": lambda k, v, o: _toml(k, v),
    "one-cell table": lambda k, v, o: _one_cell(k, v),
    "answer fence": lambda k, v, o: f"```answer\n{_text(k, v)}\n```",
    "result arrow": lambda k, v, o: f"Result -> {_text(k, v)}",
    "number words": lambda k, v, o: _number_words(k, v),
    "set with and": lambda k, v, o: f"Final answer: {_and(list(v))}.",
    "set in braces": lambda k, v, o: _braces(k, v),
    "bullets after cue": lambda k, v, o: _bullets(k, v),
    "python dict repr": lambda k, v, o: repr({"answer": v}),
    "affirmative/negative": lambda k, v, o: (
        f"Final answer: {'Affirmative' if v else 'Negative'}."),
    "italian copula": lambda k, v, o: f"Quindi la risposta è {_text(k, v, 'sì', 'no')}.",
    "portuguese cue": lambda k, v, o: f"Resposta final: {_text(k, v, 'sim', 'não')}",
    "russian cue": lambda k, v, o: f"Ответ: {_text(k, v, 'да', 'нет')}",
    "tl;dr after rule": lambda k, v, o: f"---\nTL;DR: {_text(k, v)}",
    "repeated final answer": lambda k, v, o: (
        f"**Final answer:** {_text(k, v)}\n\n**Final answer:** {_text(k, v)}"),
    "postscript question": lambda k, v, o: (
        f"The answer is {_text(k, v)}.\n\n"
        "Would you like me to list the paths that support this?"),
    "wait self-corrections": _wait,
    "github callout": lambda k, v, o: f"> [!TIP] Answer\n> {_text(k, v)}",
    "inline math boxed": lambda k, v, o: _latex(k, v),
    "answer equals": lambda k, v, o: _equals(k, v),
    "q/a line": lambda k, v, o: f"A: {_text(k, v)}",
    "html p strong": lambda k, v, o: f"<p>The answer is <strong>{_text(k, v)}</strong>.</p>",
    "nested json result": lambda k, v, o: json.dumps(
        {"status": "done", "result": {"answer": v, "confidence": "high"}}),
}

EXCLUDED: dict[str, dict[str, str]] = {
    "number words": {
        "boolean": "no number to write in words",
        "number": "two-decimal averages are not written in words",
        "label": "no number to write in words",
        "labels": "no number to write in words",
    },
    "set with and": {k: "not a set" for k in ("boolean", "integer", "number", "label",
                                              "object")},
    "set in braces": {k: "not a set" for k in ("boolean", "integer", "number", "label",
                                               "object")},
    "bullets after cue": {k: "a one-item bullet list is no natural form of a scalar"
                          for k in ("boolean", "integer", "number", "label")},
    "affirmative/negative": {k: "not a yes/no answer" for k in ("integer", "number", "label",
                                                                "labels", "object")},
}
"""Answer types a style has no honest rendering of, decided before the first run; they are
not rendered (not counted)."""


# --- part B: must never be credited strictly, whatever value is shown -------------------

_TEMPLATES = {
    "boolean": '{"answer": <true or false>}',
    "integer": '{"answer": <integer>}',
    "number": '{"answer": <number>}',
    "label": '{"answer": "<name>"}',
    "labels": '{"answer": [<names>]}',
    "object": '{"answer": {"out_degree": <integer>, "in_degree": <integer>, '
              '"can_reach": <true or false>}}',
}


def _other_question(kind: str, value: Any) -> str:
    shown = _text(kind, value)
    return {
        "boolean": f"If the question asked about the reverse direction instead, the answer "
                   f"would be {shown}.",
        "integer": f"If the question were about in-degree instead, it would be {shown}.",
        "number": f"If the question asked for the maximum rather than the average, it would "
                  f"be {shown}.",
        "label": f"If the question were about the other end of the path, it would be {shown}.",
        "labels": f"If the question were about the reverse direction, the set would be "
                  f"{shown}.",
        "object": f"If the question were about the target node rather than the source, the "
                  f"answers would be {shown}.",
    }[kind]


MUST_NOT_CREDIT: dict[str, Style] = {
    "different question": lambda k, v, o: _other_question(k, v),
    "plan only": lambda k, v, o: (
        "Here is how I would solve it: first compute the set of nodes reachable from the "
        "start node, then apply the condition in the question, and finally read off the "
        "result. I'll carry out these steps next."),
    "placeholder <answer>": lambda k, v, o: "Final answer: <answer>",
    "your answer here": lambda k, v, o: "Answer: [your answer here]",
    "echoed template": lambda k, v, o: _TEMPLATES[k],
    "sub-question only": lambda k, v, o: (
        f"out_degree: {v['out_degree']}. I haven't worked out in_degree or can_reach yet."),
    "two final lines": lambda k, v, o: (
        f"Final answer: {_text(k, v)}\nFinal answer: {_text(k, o)}"),
    "don't know, maybe": lambda k, v, o: (
        f"I don't know, maybe {_text(k, v)} or {_text(k, o)}."),
    "two guesses": lambda k, v, o: (
        f"I can't pin this down, so I'll guess. Guess 1: {_text(k, v)}. "
        f"Guess 2: {_text(k, o)}."),
    "someone else's answer": lambda k, v, o: (
        f"For reference, another assistant's reply to this question said {_text(k, v)}. "
        "I have not checked it and can't vouch for it."),
    "verify tool call": lambda k, v, o: (
        "Before answering, let me check my candidate with the verifier.\n<tool_call>\n"
        + json.dumps({"name": "verify_candidate", "arguments": {"candidate": v}})
        + "\n</tool_call>"),
}

EXCLUDED_B: dict[str, dict[str, str]] = {
    "sub-question only": {k: "a single question has no sub-answer to give alone"
                          for k in ("boolean", "integer", "number", "label", "labels")},
}

FIFTH = {**SHOULD_CREDIT, **MUST_NOT_CREDIT}
STYLES_A: dict[str, tuple[str, Style]] = {n: ("credit", f) for n, f in SHOULD_CREDIT.items()}
STYLES_B: dict[str, tuple[str, Style]] = {n: ("no-credit", f) for n, f in MUST_NOT_CREDIT.items()}


def _outputs(name: str, style: Style, excluded: dict[str, str], recs: list[dict[str, Any]],
             seed: int) -> tuple[list[str], list[dict[str, Any]], list[tuple[str, bool, Any]]]:
    """The harness's rendering: per record, the right value then the wrong one, after one
    prelude (drawn per style) naming the other value or none."""
    outputs, refs, tags = [], [], []
    for rec, kind, answer, wrong, prelude in _battery.cases(name, recs, seed):
        for right, value, other in ((True, answer, wrong), (False, wrong, answer)):
            if kind in excluded:
                continue
            ending = style(kind, value, other)
            if ending is None:
                continue
            outputs.append(prelude.format(o=_text(kind, other)) + ending)
            refs.append(rec)
            tags.append((kind, right, answer))
    return outputs, refs, tags


def run_a(styles: list[str] | None = None, per_category: int = PER_CATEGORY,
          seed: int = SEED) -> list[dict[str, Any]]:
    """Part A rows in the harness's shape (credited, missed, wrong_credited, by type), with
    examples of misses and over-credits."""
    from closurebench.scoring import judge_outputs

    recs = records(per_category, seed)
    rows = []
    for name in styles or list(SHOULD_CREDIT):
        outputs, refs, tags = _outputs(name, SHOULD_CREDIT[name], EXCLUDED.get(name, {}),
                                       recs, seed)
        verdicts = judge_outputs(outputs, refs)
        row: dict[str, Any] = {"style": name, "group": "credit", "credited": 0, "missed": 0,
                               "wrong_credited": 0, "missed_types": {}, "over_types": {},
                               "missed_examples": [], "over_examples": []}
        for (kind, right, answer), verdict, output in zip(tags, verdicts, outputs,
                                                          strict=True):
            if right and verdict.strict:
                row["credited"] += 1
            elif right:
                row["missed"] += 1
                row["missed_types"][kind] = row["missed_types"].get(kind, 0) + 1
                row["missed_examples"].append(
                    {"output": output, "expected": answer, "read": verdict.answer,
                     "parsed": verdict.parsed, "kind": kind})
            elif verdict.strict:
                row["wrong_credited"] += 1
                row["over_types"][kind] = row["over_types"].get(kind, 0) + 1
                row["over_examples"].append(output[-160:])
        rows.append(row)
    return rows


def run_b(styles: list[str] | None = None, per_category: int = PER_CATEGORY,
          seed: int = SEED) -> list[dict[str, Any]]:
    """Part B rows: outputs rendered (right value and wrong value each), and how many were
    credited strictly (``over``: must be 0), split by which value was shown."""
    from closurebench.scoring import judge_outputs

    recs = records(per_category, seed)
    rows = []
    for name in styles or list(MUST_NOT_CREDIT):
        outputs, refs, tags = _outputs(name, MUST_NOT_CREDIT[name], EXCLUDED_B.get(name, {}),
                                       recs, seed)
        verdicts = judge_outputs(outputs, refs)
        row: dict[str, Any] = {"style": name, "outputs": len(outputs), "over": 0,
                               "over_right": 0, "over_wrong": 0, "over_types": {},
                               "examples": []}
        for (kind, right, answer), verdict, output in zip(tags, verdicts, outputs,
                                                          strict=True):
            if verdict.strict:
                row["over"] += 1
                row["over_right" if right else "over_wrong"] += 1
                row["over_types"][kind] = row["over_types"].get(kind, 0) + 1
                row["examples"].append({"output": output, "expected": answer,
                                        "read": verdict.answer, "kind": kind,
                                        "shown": "right" if right else "wrong"})
        rows.append(row)
    return rows


def table_b(rows: list[dict[str, Any]]) -> str:
    width = max([len(r["style"]) for r in rows] + [len("total must-not")])
    lines = [f"{'style':<{width}}  {'outputs':>7}  {'over':>5}  {'right':>5}  {'wrong':>5}  "
             "over by type"]
    for r in rows:
        lines.append(f"{r['style']:<{width}}  {r['outputs']:>7}  {r['over']:>5}  "
                     f"{r['over_right']:>5}  {r['over_wrong']:>5}  "
                     f"{_battery.types(r['over_types'])}")
    total = [sum(r[c] for r in rows) for c in ("outputs", "over", "over_right", "over_wrong")]
    lines.append(f"{'total must-not':<{width}}  {total[0]:>7}  {total[1]:>5}  {total[2]:>5}  "
                 f"{total[3]:>5}")
    for r in rows:
        if r["examples"]:
            lines.append(f"over-credited ({r['style']}): e.g. "
                         f"{r['examples'][0]['output'][-160:]!r}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = _battery.parser("python -m benchmarks.heldout_styles5",
                             (__doc__ or "").splitlines()[0], PER_CATEGORY)
    args = parser.parse_args(argv)
    a_names, b_names = _battery.parts(parser, _battery.plain_names(args.styles),
                                      SHOULD_CREDIT, MUST_NOT_CREDIT)
    print(_battery.header(SEED, args.per_category))
    rows_a = run_a(a_names, args.per_category) if a_names else []
    rows_b = run_b(b_names, args.per_category) if b_names else []
    if rows_a:
        print("Part A: must be credited (right value), never the wrong value")
        print(table(rows_a))
    if rows_b:
        print("\nPart B: must not be credited, whatever value is shown "
              "(over = strictly credited)")
        print(table_b(rows_b))
    if args.json:
        _battery.write_json(args.json, {"a": rows_a, "b": rows_b})
    return 0


if __name__ == "__main__":
    sys.exit(main())
