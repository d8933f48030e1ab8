"""A tenth held-out battery: ``python -m benchmarks.heldout_styles10 [--styles a,b]
[--per-category N] [--json FILE] [--examples N]``.

Written by an outside auditor (an assistant session briefed to audit the judge) who had not
read the judge (``closurebench/scoring/``), its tests, ``docs/scoring.md`` or the bodies of the
second to ninth batteries: only ``benchmarks/heldout_styles.py`` (whose records, seed, wrong
values, preludes and ``_text`` this reuses), ``benchmarks/README.md``, the earlier batteries'
docstrings and style names (to pick other names), the ninth battery's ``--help`` and smoke test
(as a model for this one's interface) and the public ``judge_outputs`` signature and ``Verdict``
fields (``answer``, ``parsed``, ``strict``). Every style, every excluded answer type and every
expected verdict was written down and committed unrun before the first run, and nothing was
tuned after it. A style gets the record too, so it can name the graph's own nodes and edges.

Theme: a mixed, realistic sample, as if 30 transcripts had been collected from different
deployments of different models answering these graph questions and each one's closing style
written down faithfully: agent frameworks, math-style boxes inside another language, chat
replies in Spanish and Japanese, terse replies, tables, bullets, JSON inside a sentence,
pleasantries after the answer.

Part A, 22 styles that must be credited with the right value and never with the wrong one: a
ReAct trace ending ``Action: finish[X]``; a LangChain trace whose ``Observation:`` lines are
followed by ``Final Answer: X``; an AutoGen message with the answer and then ``TERMINATE``; a
long Chinese explanation holding "Therefore, the answer is $\\boxed{X}$." and a closing Chinese
sentence; a Spanish chat answer "¡Listo! La respuesta es X."; a Japanese 「答え：X」 after
以上より; a terse reply of the value alone; the edges followed, then ``=> X``; a markdown table
of per-node checks and a bold conclusion line; "The answer is X. Is that what you wanted?"; the
question's wording restated ("The nodes asked for are A and B."); nested bullets with the value
in a sub-bullet under "Result"; "X (confidence: 92%)"; "The answer is X. Hope this helps!";
JSON inside a sentence ("My answer is {"answer": X}."); a ``<think>`` block naming the other
value, then the value in bold; "TL;DR: X"; the value in double quotes after "The answer is";
a double-check that confirms ("… Let me double-check: … Confirmed: X."); "In summary, X.";
a Portuguese "Resposta final: X"; a Gemini-like "**Final Answer:** The final answer is X".

Part B, 8 styles that must never be credited strictly, whatever value is shown, and whose
verdicts should ideally be unparsed (``parsed`` is counted, not required): a ReAct trace whose
last step is ``Action: search[…]`` with a tentative value and no ``finish``; an AutoGen message
that ends ``TERMINATE`` with no answer (after an observation naming a value tentatively); an
answer for each of two interpretations in a table (the shown value and the other) and a
question back, no pick; an output that only repeats the question (its question line and format
line; the same text for the right and the wrong value, both counted); a LangChain trace with a
partial value in an observation and ``Final Answer: I could not determine the answer.``; a
tentative value and "the final answer is in the attached file results.json"; a table of two
candidate values (the shown and the other) and "Answer: see the table above"; a trace naming a
value as a first pass and cut mid-word while verifying.

Judgement calls decided up front: the ReAct ``finish[X]`` and the AutoGen answer before
``TERMINATE`` commit (Part A), the ``search[…]`` step and a ``TERMINATE`` with no answer do not
(Part B); "X (confidence: 92%)" commits to X (the 92 is not a value); the question back after an
answer ("Is that what you wanted?") does not withdraw it; a table with one answer per reading
and no pick is no answer; "see the table above" over two candidates is no answer; a value that
was only a first pass before the cut is no answer.

Excluded before the first run (``EXCLUDED``): objects for the boxed answer inside Chinese (a
math-style ``\\boxed{}`` holds one value; a three-field record has no conventional boxed form).
Nothing is excluded in Part B (``EXCLUDED_B`` is empty). Objects are written as the first
battery's ``_text`` ("can_reach: false, in_degree: 2, out_degree: 1") except where the style is
JSON or a terse reply (``json.dumps`` of the object) or a ReAct ``finish[…]`` (JSON too); sets
are joined with "and" / "y" / "、" where the style is a sentence of that language.

Preludes: the first battery's (none, or reasoning naming the other value), chosen per record
and style as there, except for whole outputs (``WHOLE``: the agent traces, the terse reply, the
repeated question), which name the other value themselves where they can.

First run (seed 20240611, 2 per category, on the judge of commit 6af05f6, the commit that
added these styles unrun; nothing was changed after). Part A: 1,090 credited, 52 missed, 0
wrongly credited (1,142 right renderings; 21 of 22 styles read in full). The 52 misses: ``react
finish[X]``, every one, every type (boolean 8, integer 18, label 6, labels 14, number 4, object
2), unparsed ("…Thought: after the skipped edges I am confident.\nAction: finish[3]" read as
nothing).

Part B: 90 of 832 outputs over-credited (89 showing the right value, 1 the wrong one); 296 of
832 parsed. Over-credits: ``react search, no finish`` 52 (every right value, every type: "Thought:
a first pass gives 3, but I have not verified it.\nAction: search[edges out of srv-29]" read as
3; all 104 parsed as the shown value), ``trace cut mid-word`` 36 (right values read from "A first
pass gives X, but let me verify … edg": every output with no prelude or with the prelude "Let me
work through the edges …", and the two objects after the "Step 1: …" prelude; 72 parsed, every
one as the shown value), ``final answer: could not determine`` 2 (a label record whose answer is
the node "I", right and wrong value shown: "Final Answer: I could not determine the answer." read
as the label ``'I'``; 40 parsed, every label and set, as ``'I'`` / ``['I']``). Parsed without
over-credit: ``answer in attached file`` 40 (every label and set, "The final answer is in the
attached file results.json." read as ``'in'`` / ``['in']``), ``see the table above, two
candidates`` 40 (every label and set, "Answer: see the table above." read as ``'see'`` /
``['see']``). Never credited nor parsed: ``TERMINATE`` with no answer, the two readings with no
pick, the repeated question.

Fixed in the next commit (docs/scoring.md), each as a rule over every answer type: Part A
1,142 credited, 0 missed, 0 wrong; Part B 0 of 832 credited, 0 parsed.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from benchmarks import _battery
from benchmarks._battery import types as _types
from benchmarks.heldout_styles import (
    KINDS,
    PER_CATEGORY,
    SEED,
    _text,
    records,
)

Style = Callable[[str, Any, Any, dict], str]
"""(answer type, shown value, other value, record) -> the whole ending."""


def _and(kind: str, value: Any, conj: str = "and", none: str = "none",
         yes: str = "Yes", no: str = "No") -> str:
    """A value as a sentence writes it: sets joined with a conjunction."""
    if kind == "labels":
        if not value:
            return none
        if len(value) == 1:
            return value[0]
        return f"{', '.join(value[:-1])} {conj} {value[-1]}"
    return _text(kind, value, yes, no)


def _json(kind: str, value: Any) -> str:
    return json.dumps(value)


def _jp(kind: str, value: Any) -> str:
    if kind == "labels":
        return "、".join(value) if value else "なし"
    return _text(kind, value, "はい", "いいえ")


def _boxed(kind: str, value: Any) -> str:
    if kind == "boolean":
        return "\\text{" + _text(kind, value) + "}"
    if kind == "labels" and not value:
        return "\\text{none}"
    return _text(kind, value)


def _finish(kind: str, value: Any) -> str:
    return _json(kind, value) if kind == "object" else _text(kind, value)


def _edges(rec: dict) -> str:
    return ", ".join(f"{a} → {b}" for a, b in rec["edges"][:3])


def _node_table(kind: str, value: Any, rec: dict) -> str:
    if kind == "labels":
        others = [n for n in rec["nodes"] if n not in value][:2]
        rows = [f"| {n} | ✓ |" for n in value[:4]] + [f"| {n} | ✗ |" for n in others]
    else:
        rows = [f"| {n} | checked |" for n in rec["nodes"][:3]]
    return "| node | check |\n|---|---|\n" + "\n".join(rows)


_RESTATE = {
    "boolean": lambda v: ("Yes — what the question asks does hold." if v
                          else "No — what the question asks does not hold."),
    "integer": lambda v: f"The number asked for is {v}.",
    "number": lambda v: f"The value asked for is {v}.",
    "label": lambda v: f"The node asked for is {v}.",
}


def _restate(kind: str, value: Any) -> str:
    if kind in _RESTATE:
        return _RESTATE[kind](value)
    if kind == "labels":
        return f"The nodes asked for are {_and(kind, value)}."
    return f"The three values asked for are {_text(kind, value)}."


_ZH = ("我们先列出图中所有的边，然后从起点出发逐层扩展。第一层得到若干个节点，"
       "第二层再把它们的后继加入集合，直到集合不再变化为止。接着根据题目的要求对结果进行筛选和计数，"
       "并逐一核对每条边的方向，确保没有遗漏。\n\n")

# Part A: every one of these must be credited with the right value, never with the wrong one.
SHOULD_CREDIT: dict[str, Style] = {
    "react finish[X]": lambda k, v, o, r: (
        f"Thought: I need to follow the edges from the start node.\nAction: lookup[edges]\n"
        f"Observation: a first pass suggests {_text(k, o)}, but two edges were skipped.\n"
        f"Thought: after the skipped edges I am confident.\nAction: finish[{_finish(k, v)}]"),
    "langchain observations, final answer": lambda k, v, o, r: (
        f"Thought: I should list the edges.\nAction: graph_lookup\nAction Input: "
        f"{r['nodes'][0]}\nObservation: {r['nodes'][0]} has {len(r['edges'])} edges around it; "
        f"a partial tally gives {_text(k, o)}.\nThought: I now know the final answer\n"
        f"Final Answer: {_text(k, v)}"),
    "autogen answer then TERMINATE": lambda k, v, o, r: (
        f"assistant (to user_proxy):\n\nI followed every edge. An early draft said "
        f"{_text(k, o)}, which missed an edge.\n\nThe answer is {_text(k, v)}.\n\n"
        f"--------------------------------------------------------------------------------\n"
        f"TERMINATE"),
    "english boxed inside chinese": lambda k, v, o, r: (
        f"{_ZH}Therefore, the answer is $\\boxed{{{_boxed(k, v)}}}$.\n\n以上就是完整的推理过程。"),
    "spanish ¡listo!": lambda k, v, o, r: (
        f"¡Listo! La respuesta es {_and(k, v, 'y', 'ninguno', 'sí', 'no')}."),
    "japanese 以上より 答え": lambda k, v, o, r: f"以上より、\n答え：{_jp(k, v)}",
    "terse reply": lambda k, v, o, r: _json(k, v) if k == "object" else _text(k, v),
    "edges followed then =>": lambda k, v, o, r: (
        f"Edges followed: {_edges(r)}\n=> {_text(k, v)}"),
    "per-node table, bold conclusion": lambda k, v, o, r: (
        f"{_node_table(k, v, r)}\n\n**Conclusion: {_text(k, v)}**"),
    "is that what you wanted?": lambda k, v, o, r: (
        f"The answer is {_text(k, v)}. Is that what you wanted?"),
    "question wording restated": lambda k, v, o, r: _restate(k, v),
    "result sub-bullet": lambda k, v, o, r: (
        f"- Analysis\n  - listed every edge\n  - followed them from the start node\n"
        f"- Result\n  - {_text(k, v)}"),
    "confidence percentage": lambda k, v, o, r: f"{_text(k, v)} (confidence: 92%)",
    "answer, hope this helps!": lambda k, v, o, r: (
        f"The answer is {_text(k, v)}. Hope this helps!"),
    "json inside a sentence": lambda k, v, o, r: (
        f"My answer is {json.dumps({'answer': v})}."),
    "think block then bold": lambda k, v, o, r: (
        f"<think>\nMaybe {_text(k, o)}? Let me recheck the edges... no, one was missed.\n"
        f"</think>\n\n**{_text(k, v)}**"),
    "tl;dr line": lambda k, v, o, r: (
        f"I traced the graph edge by edge above.\n\nTL;DR: {_text(k, v)}"),
    "quoted value after copula": lambda k, v, o, r: f'The answer is "{_text(k, v)}".',
    "double-check confirms": lambda k, v, o, r: (
        f"So {_text(k, v)}. Let me double-check: following the edges again gives the same "
        f"result. Confirmed: {_text(k, v)}."),
    "in summary": lambda k, v, o, r: f"In summary, {_and(k, v)}.",
    "portuguese resposta final": lambda k, v, o, r: (
        f"Resposta final: {_and(k, v, 'e', 'nenhum', 'sim', 'não')}"),
    "gemini final answer bold": lambda k, v, o, r: (
        f"**Final Answer:** The final answer is {_text(k, v)}"),
}
# Expected: every Part A style credited with the right value, for every type not excluded,
# and never credited with the wrong one.

EXCLUDED: dict[str, tuple[str, ...]] = {
    "english boxed inside chinese": ("object",),  # a math box holds one value, not a record
}


def _question_only(k: str, v: Any, o: Any, r: dict) -> str:
    lines = r["question"].rstrip().splitlines()
    return "\n".join(lines[-2:])


# Part B: none of these may be credited (strictly), whatever value is shown.
MUST_NOT_CREDIT: dict[str, Style] = {
    "react search, no finish": lambda k, v, o, r: (
        f"Thought: a first pass gives {_text(k, v)}, but I have not verified it.\n"
        f"Action: search[edges out of {r['nodes'][0]}]"),
    "TERMINATE with no answer": lambda k, v, o, r: (
        f"assistant (to user_proxy):\n\nObservation so far: maybe {_text(k, v)}, not checked."
        f"\nI could not finish the analysis in the allotted turns.\n\n"
        f"--------------------------------------------------------------------------------\n"
        f"TERMINATE"),
    "two readings, no pick": lambda k, v, o, r: (
        f"| reading | answer |\n|---|---|\n| edges as directed | {_text(k, v)} |\n"
        f"| edges as undirected | {_text(k, o)} |\n\nWhich reading did you mean?"),
    "question repeated only": _question_only,
    "final answer: could not determine": lambda k, v, o, r: (
        f"Thought: I should count from the start node.\nAction: graph_lookup\n"
        f"Action Input: {r['nodes'][0]}\nObservation: partial result {_text(k, v)} "
        f"(incomplete)\nThought: the tool timed out.\n"
        f"Final Answer: I could not determine the answer."),
    "answer in attached file": lambda k, v, o, r: (
        f"My first estimate was {_text(k, v)}, but that was before the last edges. The final "
        f"answer is in the attached file results.json."),
    "see the table above, two candidates": lambda k, v, o, r: (
        f"| candidate | value |\n|---|---|\n| A | {_text(k, v)} |\n| B | {_text(k, o)} |\n\n"
        f"Answer: see the table above."),
    "trace cut mid-word": lambda k, v, o, r: (
        f"A first pass gives {_text(k, v)}, but let me verify by following the remaining "
        f"edg"),
}
# Expected: no Part B output credited strictly; ideally none parsed.

EXCLUDED_B: dict[str, tuple[str, ...]] = {}

TENTH: dict[str, Style] = {**SHOULD_CREDIT, **MUST_NOT_CREDIT}
WHOLE = frozenset({
    "react finish[X]", "langchain observations, final answer", "autogen answer then TERMINATE",
    "terse reply", "react search, no finish", "TERMINATE with no answer",
    "question repeated only", "final answer: could not determine",
})
"""Whole outputs: no prelude (they name the other value themselves where they can)."""


def _renderings(name: str, style: Style, excluded: dict[str, tuple[str, ...]],
                per_category: int, seed: int):
    for rec, kind, answer, wrong, prelude in _battery.cases(name, records(per_category, seed),
                                                            seed):
        if kind in excluded.get(name, ()):
            continue
        for right, value, other in ((True, answer, wrong), (False, wrong, answer)):
            head = "" if name in WHOLE else prelude.format(o=_text(kind, other))
            yield rec, kind, right, answer, head + style(kind, value, other, rec)


def run_a(names: list[str] | None = None, per_category: int = PER_CATEGORY,
          seed: int = SEED) -> list[dict[str, Any]]:
    from closurebench.scoring import judge_outputs

    rows = []
    for name in names or list(SHOULD_CREDIT):
        items = list(_renderings(name, SHOULD_CREDIT[name], EXCLUDED, per_category, seed))
        verdicts = judge_outputs([i[4] for i in items], [i[0] for i in items])
        row: dict[str, Any] = {"style": name, "part": "A", "renderings": 0, "credited": 0,
                               "missed": 0, "wrong_credited": 0, "missed_types": {},
                               "over_types": {}, "examples": []}
        for (_rec, kind, right, answer, text), verdict in zip(items, verdicts, strict=True):
            if right:
                row["renderings"] += 1
                if verdict.strict:
                    row["credited"] += 1
                    continue
                row["missed"] += 1
                row["missed_types"][kind] = row["missed_types"].get(kind, 0) + 1
            elif verdict.strict:
                row["wrong_credited"] += 1
                row["over_types"][kind] = row["over_types"].get(kind, 0) + 1
            else:
                continue
            row["examples"].append({"text": text, "kind": kind,
                                    "expected": answer if right else "not credited",
                                    "read": verdict.answer, "parsed": verdict.parsed})
        rows.append(row)
    return rows


def run_b(names: list[str] | None = None, per_category: int = PER_CATEGORY,
          seed: int = SEED) -> list[dict[str, Any]]:
    from closurebench.scoring import judge_outputs

    rows = []
    for name in names or list(MUST_NOT_CREDIT):
        items = list(_renderings(name, MUST_NOT_CREDIT[name], EXCLUDED_B, per_category, seed))
        verdicts = judge_outputs([i[4] for i in items], [i[0] for i in items])
        row: dict[str, Any] = {"style": name, "part": "B", "outputs": len(items), "over": 0,
                               "over_right": 0, "over_wrong": 0, "parsed": 0,
                               "over_types": {}, "parsed_types": {}, "examples": []}
        for (_rec, kind, right, _answer, text), verdict in zip(items, verdicts, strict=True):
            _battery.tally_b(row, kind, right, verdict)
            if verdict.parsed or verdict.strict:
                row["examples"].append({"text": text, "kind": kind, "shown": "right" if right
                                        else "wrong", "expected": "not credited, unparsed",
                                        "read": verdict.answer, "strict": verdict.strict})
        rows.append(row)
    return rows


def table_a(rows: list[dict[str, Any]]) -> str:
    width = max([len(r["style"]) for r in rows] + [14])
    lines = [f"{'must credit':<{width}}  {'renders':>7}  {'credited':>8}  {'missed':>6}  "
             f"{'wrong cr.':>9}  missed by type"]
    for r in rows:
        lines.append(f"{r['style']:<{width}}  {r['renderings']:>7}  {r['credited']:>8}  "
                     f"{r['missed']:>6}  {r['wrong_credited']:>9}  {_types(r['missed_types'])}")
    tot = [sum(r[c] for r in rows) for c in ("renderings", "credited", "missed", "wrong_credited")]
    lines.append(f"{'total credit':<{width}}  {tot[0]:>7}  {tot[1]:>8}  {tot[2]:>6}  {tot[3]:>9}")
    return "\n".join(lines)


def table_b(rows: list[dict[str, Any]]) -> str:
    width = max([len(r["style"]) for r in rows] + [14])
    lines = [f"{'must not':<{width}}  {'outputs':>7}  {'over':>5}  {'right':>5}  {'wrong':>5}  "
             f"{'parsed':>6}  over by type"]
    for r in rows:
        lines.append(f"{r['style']:<{width}}  {r['outputs']:>7}  {r['over']:>5}  "
                     f"{r['over_right']:>5}  {r['over_wrong']:>5}  {r['parsed']:>6}  "
                     f"{_types(r['over_types'])}")
    tot = [sum(r[c] for r in rows) for c in ("outputs", "over", "over_right", "over_wrong",
                                              "parsed")]
    lines.append(f"{'total must-not':<{width}}  {tot[0]:>7}  {tot[1]:>5}  {tot[2]:>5}  "
                 f"{tot[3]:>5}  {tot[4]:>6}")
    return "\n".join(lines)


def _names(spec: str) -> list[str]:
    """Comma-separated names; a piece that is no name is joined to the next (names with commas)."""
    out, acc = [], ""
    for piece in spec.split(","):
        acc = f"{acc},{piece}" if acc else piece
        if acc.strip() in TENTH:
            out.append(acc.strip())
            acc = ""
    if acc:
        out.append(acc.strip())
    return out


def main(argv: list[str] | None = None) -> int:
    parser = _battery.parser("python -m benchmarks.heldout_styles10", __doc__.splitlines()[0],
                             PER_CATEGORY, commas=True, examples=True)
    args = parser.parse_args(argv)
    names = _names(args.styles) if args.styles else None
    a_names, b_names = _battery.parts(parser, names, SHOULD_CREDIT, MUST_NOT_CREDIT)
    rows_a = run_a(a_names, args.per_category) if a_names else []
    rows_b = run_b(b_names, args.per_category) if b_names else []
    print(_battery.header(SEED, args.per_category))
    if rows_a:
        print(table_a(rows_a))
    if rows_b:
        print(table_b(rows_b))
    if args.examples:
        for r in rows_a + rows_b:
            for ex in r["examples"][:args.examples]:
                print(f"[{r['part']}] {r['style']}: {ex}")
    if args.json:
        _battery.write_json(args.json, rows_a + rows_b)
    return 0


assert set(KINDS) >= {k for ks in EXCLUDED.values() for k in ks}

if __name__ == "__main__":
    sys.exit(main())
