"""A ninth held-out battery: ``python -m benchmarks.heldout_styles9 [--styles a,b]
[--per-category N] [--json FILE] [--examples N]``.

Written by an outside auditor (an assistant session briefed to audit the judge) who had not
read the judge (``closurebench/scoring/``), its tests, ``docs/scoring.md`` or the bodies of the
second to eighth batteries: only ``benchmarks/heldout_styles.py`` (whose records, seed, wrong
values, preludes and ``_text`` this reuses), ``benchmarks/README.md``, the earlier batteries'
docstrings and style names (to go elsewhere), the eighth battery's ``--help`` and smoke test (as
a model for this one's interface) and the public ``judge_outputs`` signature and ``Verdict``
fields (``answer``, ``parsed``, ``strict``). Every style, every excluded answer type and every
expected verdict (a comment per style) was written down and committed unrun before the first
run, and nothing was tuned after it. A style gets the record too, so it can name the graph's
own nodes.

Theme: over-credit traps. A judge that credits a wrong answer is worse than one that misses a
right one, so most of this battery is Part B: outputs that show a value, often the right one,
without committing to it. Part A holds near-identical controls that do commit, so a judge
cannot pass Part B by reading nothing.

Part B, 20 styles that must never be credited strictly, whatever value is shown (right or
wrong), and whose verdicts should ideally be unparsed (``parsed`` is counted, not required):
the value only as the question's premise ("You are asking me to check whether the answer is X.
That is the question; I have not checked it yet."); the value as an intermediate step ("Step 1
(first layer only) gives X. Step 2 would expand the next layer from there.") and no conclusion;
a rhetorical question ("Could it be X? Let's see.") and nothing after; a list of rejected
options ("Not O, not X, not T …") ending without a pick; the value attributed to the user ("You
suggested X. I haven't verified that yet."); the value in a quoted format example from the
instructions ("The required format is, for example, ``{"answer": X}``; I still have to work out
the actual value."); a hypothetical ("If there were one more edge, the answer would be X. But
there is no such edge.") and nothing after; a conditional whose condition is false ("If A
pointed to B directly, the answer would be X; it doesn't.", A and B two nodes with no edge
A → B); "Answer: X?" with a question mark; an answer withdrawn at once in French ("Answer: X.
Non, attendez — je retire cette réponse, je ne suis pas sûr(e)."); the value in a code block
marked wrong (``# wrong: X``); a final answer line that names a variable, not a value
("Tentatively X, pending the last edges.\\nFinal answer: n_reach"); a table of candidates with
equal scores and no pick; "The answer is not X." as the last statement; "I'm 50/50 between X and
O."; "X (low confidence) — actually, I don't know."; the value as the answer to the previous
turn's question ("Re your previous question (the earlier graph): the answer there was X. For
this graph I'm still working on it."); a model grading another model ("Grading the student's
submission: the student's answer, X, is correct. Score: 1/1."); "Expected output: X" inside a
test-case description; a placeholder sentence after a draft note ("Draft note: replace [ANSWER]
with the value once checked (currently unverified: X).\\n\\nThe answer is [ANSWER].").

Part A, 11 controls that must be credited with the right value and never with the wrong one,
each a Part B sentence with a genuine commitment added (O the other value, named first as the
trap): the premise then a check ("You ask whether the answer is O. I checked every edge: it is
not. The answer is X."); the intermediate step then a conclusion; the rhetorical question then
an answer; rejected options then a pick; the user's suggestion corrected; the format example
with O then the real JSON with X; the false conditional with O, then "So the answer is X."; an
answer confirmed in French ("Oui, j'en suis sûr(e) — c'est ma réponse finale."); "The answer is
not O; it is X."; the student's answer O marked incorrect, then "My answer: X."; "O (low
confidence) — actually, I rechecked every edge. Final answer: X."

Judgement calls decided up front: a model grading "the student's answer, X" as correct has not
answered the question itself (Part B: role confusion, not an answer); "Answer: X?" is a
question, not a commitment (Part B); a JSON object quoted as a format example is not an answer
(Part B); a final line naming a variable that is bound nowhere is no answer, even after a
tentative value (Part B); a table of candidates with equal scores picks none (Part B); the
French withdrawal withdraws (Part B) and the French confirmation confirms (Part A).

Excluded before the first run (``EXCLUDED_B``): yes/no for "The answer is not X." (with two
values, "not Yes" names No: a commitment to the other value, not a must-not). Nothing is
excluded in Part A (``EXCLUDED`` is empty). The rejected-options list names a third value
where one exists that is neither the right nor the wrong one (counts, numbers, labels) and only
the two values otherwise (yes/no, sets, objects).

Preludes: the first battery's (none, or reasoning naming the other value tentatively), chosen
per record and style as there, in both parts; with the wrong value shown, a prelude names the
right value only tentatively, so crediting it is an over-credit too.

Before the styles were committed, only their renderings were printed (the judge's module was
blocked from import) to check this code.

First run (seed 20240611, 2 per category, on the judge of commit d241a32; the styles were
committed unrun as da81f9c first, and nothing was changed after). Part A: 570 credited, 2
missed, 0 wrongly credited (572 right renderings; 10 of 11 controls read in full). The two
misses: ``not O; it is X``, both objects, unparsed ("The answer is not can_reach: false,
in_degree: 2, out_degree: 2; it is can_reach: false, in_degree: 2, out_degree: 1.").

Part B: 238 of 2,064 outputs over-credited (232 showing the right value, 6 the wrong one); 538
of 2,064 parsed. Over-credits: ``premise restated`` 52 (every right value, every type: "You
are asking me to check whether the answer is 3. That is the question; I have not checked it
yet." read as 3; all 104 parsed as the shown value), ``withdrawn in french`` 52 (every right
value: "Answer: 3. Non, attendez — je retire cette réponse, je ne suis pas sûr(e)." read as 3;
all 104 parsed), ``low confidence, don't know`` 52 (every right value: "3 (low confidence) —
actually, I don't know." read as 3; all 104 parsed), ``previous turn's answer`` 52 (every right
value: "Re your previous question (the earlier graph): the answer there was 3. For this graph
I'm still working on it." read as 3; all 104 parsed), ``intermediate step only`` 16 (every
right value in the outputs with no prelude: integer 9, label 2, labels 2, number 2, yes/no 1,
"Step 1 (first layer only) gives 1. Step 2 would expand the next layer from there." read as 1;
32 parsed, exactly the outputs with no prelude; none after a prelude), ``50/50`` 10 (sets only,
5 right and 5 wrong shown: "I'm 50/50 between Ada, Hugo and Ada, Hugo, Karl." read as the
union, ``['Ada', 'Hugo', 'Karl']``, the right set; 10 parsed, sets only), ``grading a student``
2 (numbers: "… the student's answer, 1.5, is correct. Score: 1/1." read as 1.0 from "1/1",
which credited the right 1.0 and the wrong 1.5 once each; 8 parsed, every number, as 1.0),
``expected output in a test case`` 2 (objects, right value: "Expected output: can_reach:
false, in_degree: 2, out_degree: 1" read as that object; 4 parsed, objects only). Parsed without
over-credit: ``final answer is a variable`` 40 (every label and set, the variable read as a
node: "Final answer: best_node" as ``'best_node'``, "reach_set" as ``['reach_set']``),
``placeholder after draft note`` 28 (every set, "The answer is [ANSWER]." as ``['ANSWER']``).
Never credited nor parsed: the rhetorical question, rejected options, the user's suggestion,
the quoted format example, the hypothetical, the false conditional, "Answer: X?", the code
block marked wrong, the candidate table, "The answer is not X.".

One fix to this script's own code after the first run, which changes no style, verdict or
figure: ``--styles`` split names at every comma, so a name holding one ("not X, last") was
refused as unknown; pieces are now joined until they make a known name (the full run, which
names no style, was not affected; a second full run printed the same tables).

Fixed in the next commit (docs/scoring.md), each as a rule over every answer type: Part A 570
credited, 2 missed, 0 wrong; Part B 20 of 2,064 credited, 44 parsed (left: ``intermediate step
only`` 16, ``grading a student`` 2, ``expected output in a test case`` 2).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from benchmarks import _battery
from benchmarks._battery import types as _types
from benchmarks.heldout_styles import KINDS, PER_CATEGORY, SEED, _text

Style = Callable[[dict[str, Any], str, Any, Any], "str | None"]
"""(record, answer type, shown value, other value) -> the output's ending after the prelude;
None where the style has no honest rendering of that answer type."""


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _third(rec: dict[str, Any], kind: str, v: Any, o: Any) -> Any:
    """A third value, neither v nor o, for counts, numbers and labels; None otherwise."""
    if kind == "integer":
        return max(v, o) + 1
    if kind == "number":
        return round(max(v, o) + 0.25, 2)
    if kind == "label":
        return next((n for n in rec["nodes"] if n not in (v, o)), None)
    return None


def _non_edge(rec: dict[str, Any]) -> tuple[str, str]:
    """Two nodes a, b of the record with no edge a -> b."""
    edges = {tuple(e) for e in rec["edges"]}
    nodes = rec["nodes"]
    for a in nodes:
        for b in nodes:
            if a != b and (a, b) not in edges:
                return a, b
    return nodes[0], nodes[-1]


_VAR = {"boolean": "reach_ok", "integer": "n_reach", "number": "avg_deg", "label": "best_node",
        "labels": "reach_set", "object": "result_obj"}


# ---------------------------------------------------------------- Part B: must not credit
# Expected verdict for every style below: never strict, whatever value is shown.

def _b_premise(rec, kind, v, o):
    # The value only as the question's premise. Expected: not credited.
    return (f"You are asking me to check whether the answer is {_text(kind, v)}. "
            "That is the question; I have not checked it yet.")


def _b_intermediate(rec, kind, v, o):
    # An intermediate step, no conclusion. Expected: not credited.
    return (f"Step 1 (first layer only) gives {_text(kind, v)}. "
            "Step 2 would expand the next layer from there.")


def _b_rhetorical(rec, kind, v, o):
    # A rhetorical question, then nothing. Expected: not credited.
    return f"Could it be {_text(kind, v)}? Let's see."


def _b_rejected(rec, kind, v, o):
    # Every listed option rejected, no pick. Expected: not credited.
    t = _third(rec, kind, v, o)
    parts = [_text(kind, o), _text(kind, v)] + ([] if t is None else [_text(kind, t)])
    return "N" + ", ".join(f"not {p}" for p in parts)[1:] + " …"


def _b_user_suggested(rec, kind, v, o):
    # The value attributed to the user. Expected: not credited.
    return f"You suggested {_text(kind, v)}. I haven't verified that yet."


def _b_format_example(rec, kind, v, o):
    # The value in a quoted format example. Expected: not credited.
    return ('The required format is, for example, `{"answer": ' + _json(v) + '}`; '
            "I still have to work out the actual value.")


def _b_hypothetical(rec, kind, v, o):
    # A counterfactual, nothing after. Expected: not credited.
    return (f"If there were one more edge, the answer would be {_text(kind, v)}. "
            "But there is no such edge.")


def _b_false_conditional(rec, kind, v, o):
    # A conditional answer whose condition is false. Expected: not credited.
    a, b = _non_edge(rec)
    return f"If {a} pointed to {b} directly, the answer would be {_text(kind, v)}; it doesn't."


def _b_question_mark(rec, kind, v, o):
    # "Answer: X?" Expected: not credited.
    return f"Answer: {_text(kind, v)}?"


def _b_withdrawn_french(rec, kind, v, o):
    # An answer withdrawn at once in French. Expected: not credited.
    return (f"Answer: {_text(kind, v)}. Non, attendez — je retire cette réponse, "
            "je ne suis pas sûr(e).")


def _b_code_wrong(rec, kind, v, o):
    # The value only in a code block marked wrong. Expected: not credited.
    return (f"```python\n# wrong: {_text(kind, v)}\n```\n"
            "That one was wrong; I have not found the right one yet.")


def _b_variable_final(rec, kind, v, o):
    # A final answer line naming an unbound variable. Expected: not credited.
    return f"Tentatively {_text(kind, v)}, pending the last edges.\nFinal answer: {_VAR[kind]}"


def _b_candidate_table(rec, kind, v, o):
    # Candidates with equal scores, no pick; the shown value last. Expected: not credited.
    return ("Candidates:\n\n| candidate | score |\n|---|---|\n"
            f"| {_text(kind, o)} | 0.50 |\n| {_text(kind, v)} | 0.50 |")


def _b_not_last(rec, kind, v, o):
    # "The answer is not X." last. Expected: not credited. Excluded: boolean.
    if kind == "boolean":
        return None
    return f"I went through the edges twice. The answer is not {_text(kind, v)}."


def _b_fifty_fifty(rec, kind, v, o):
    # Undecided between two values, the shown one first. Expected: not credited.
    return f"I'm 50/50 between {_text(kind, v)} and {_text(kind, o)}."


def _b_low_confidence(rec, kind, v, o):
    # A value then "I don't know". Expected: not credited.
    return f"{_text(kind, v)} (low confidence) — actually, I don't know."


def _b_previous_turn(rec, kind, v, o):
    # The value answers the previous turn's question. Expected: not credited.
    return (f"Re your previous question (the earlier graph): the answer there was "
            f"{_text(kind, v)}. For this graph I'm still working on it.")


def _b_grading(rec, kind, v, o):
    # A grade of another model's answer. Expected: not credited.
    return (f"Grading the student's submission: the student's answer, {_text(kind, v)}, "
            "is correct. Score: 1/1.")


def _b_test_case(rec, kind, v, o):
    # "Expected output: X" in a test-case description. Expected: not credited.
    return ("Test case 1:\nInput: the graph above\n"
            f"Expected output: {_text(kind, v)}\n(I'll write the solver next.)")


def _b_placeholder(rec, kind, v, o):
    # A placeholder sentence after a draft note. Expected: not credited.
    return (f"Draft note: replace [ANSWER] with the value once checked (currently unverified: "
            f"{_text(kind, v)}).\n\nThe answer is [ANSWER].")


MUST_NOT_CREDIT: dict[str, Style] = {
    "premise restated": _b_premise,
    "intermediate step only": _b_intermediate,
    "rhetorical question only": _b_rhetorical,
    "rejected options, no pick": _b_rejected,
    "user's suggestion": _b_user_suggested,
    "format example quoted": _b_format_example,
    "hypothetical only": _b_hypothetical,
    "false conditional": _b_false_conditional,
    "Answer: X?": _b_question_mark,
    "withdrawn in french": _b_withdrawn_french,
    "code block marked wrong": _b_code_wrong,
    "final answer is a variable": _b_variable_final,
    "candidate table, equal scores": _b_candidate_table,
    "not X, last": _b_not_last,
    "50/50": _b_fifty_fifty,
    "low confidence, don't know": _b_low_confidence,
    "previous turn's answer": _b_previous_turn,
    "grading a student": _b_grading,
    "expected output in a test case": _b_test_case,
    "placeholder after draft note": _b_placeholder,
}
EXCLUDED_B: dict[str, tuple[str, ...]] = {
    "not X, last": ("boolean",),  # "not Yes" names No: a commitment, not a must-not
}


# ---------------------------------------------------------------- Part A: must credit
# Expected verdict for every style below: the right value credited, a wrong one never.

def _a_premise(rec, kind, v, o):
    return (f"You ask whether the answer is {_text(kind, o)}. I checked every edge: it is not. "
            f"The answer is {_text(kind, v)}.")


def _a_intermediate(rec, kind, v, o):
    return (f"Step 1 (first layer only) gives {_text(kind, o)}. Step 2 expands the next layer. "
            f"So the final answer is {_text(kind, v)}.")


def _a_rhetorical(rec, kind, v, o):
    return (f"Could it be {_text(kind, o)}? Let's see. After checking every edge, the answer "
            f"is {_text(kind, v)}.")


def _a_rejected(rec, kind, v, o):
    t = _third(rec, kind, v, o)
    parts = [_text(kind, o)] + ([] if t is None else [_text(kind, t)])
    nots = "N" + ", ".join(f"not {p}" for p in parts)[1:]
    return f"{nots} … it is {_text(kind, v)}. Final answer: {_text(kind, v)}"


def _a_user_corrected(rec, kind, v, o):
    return (f"You suggested {_text(kind, o)}. I checked, and that is not right: the answer is "
            f"{_text(kind, v)}.")


def _a_format_then_json(rec, kind, v, o):
    return ('The required format is, for example, `{"answer": ' + _json(o) + '}`. Here is '
            'mine:\n{"answer": ' + _json(v) + "}")


def _a_false_conditional_so(rec, kind, v, o):
    a, b = _non_edge(rec)
    return (f"If {a} pointed to {b} directly, the answer would be {_text(kind, o)}; it doesn't. "
            f"So the answer is {_text(kind, v)}.")


def _a_confirmed_french(rec, kind, v, o):
    return (f"Answer: {_text(kind, v)}. Oui, j'en suis sûr(e) — c'est ma réponse finale.")


def _a_not_o_but_v(rec, kind, v, o):
    return f"The answer is not {_text(kind, o)}; it is {_text(kind, v)}."


def _a_grading_then_mine(rec, kind, v, o):
    return (f"The student's answer, {_text(kind, o)}, is incorrect. My answer: "
            f"{_text(kind, v)}.")


def _a_low_confidence_rechecked(rec, kind, v, o):
    return (f"{_text(kind, o)} (low confidence) — actually, I rechecked every edge. "
            f"Final answer: {_text(kind, v)}.")


SHOULD_CREDIT: dict[str, Style] = {
    "premise, then checked": _a_premise,
    "intermediate, then concluded": _a_intermediate,
    "rhetorical, then answered": _a_rhetorical,
    "rejected options, then a pick": _a_rejected,
    "user's suggestion corrected": _a_user_corrected,
    "format example, then json": _a_format_then_json,
    "false conditional, so X": _a_false_conditional_so,
    "confirmed in french": _a_confirmed_french,
    "not O; it is X": _a_not_o_but_v,
    "student wrong, my answer": _a_grading_then_mine,
    "low confidence, rechecked": _a_low_confidence_rechecked,
}
EXCLUDED: dict[str, tuple[str, ...]] = {}

NINTH: dict[str, Style] = {**SHOULD_CREDIT, **MUST_NOT_CREDIT}


# ---------------------------------------------------------------- runner

def _render(name: str, style: Style, per_category: int, seed: int,
            ) -> list[tuple[str, dict[str, Any], str, bool, Any]]:
    """(output, record, kind, right shown, shown value) for every record, right then wrong."""
    from benchmarks.heldout_styles import records

    out = []
    for rec, kind, answer, wrong, prelude in _battery.cases(name, records(per_category, seed),
                                                            seed):
        for right, value, other in ((True, answer, wrong), (False, wrong, answer)):
            ending = style(rec, kind, value, other)
            if ending is None:
                continue
            out.append((prelude.format(o=_text(kind, other)) + ending, rec, kind, right, value))
    return out


def run_a(styles: list[str] | None = None, per_category: int = PER_CATEGORY,
          seed: int = SEED) -> list[dict[str, Any]]:
    """Part A rows: right credited, right missed, wrong credited, with examples."""
    from closurebench.scoring import judge_outputs

    rows = []
    for name in styles or list(SHOULD_CREDIT):
        rendered = _render(name, SHOULD_CREDIT[name], per_category, seed)
        verdicts = judge_outputs([r[0] for r in rendered], [r[1] for r in rendered])
        row: dict[str, Any] = {"style": name, "renderings": sum(r[3] for r in rendered),
                               "credited": 0, "missed": 0, "wrong_credited": 0,
                               "missed_types": {}, "over_types": {}, "examples": []}
        for (output, _rec, kind, right, value), verdict in zip(rendered, verdicts, strict=True):
            if right and verdict.strict:
                row["credited"] += 1
                continue
            if right:
                row["missed"] += 1
                row["missed_types"][kind] = row["missed_types"].get(kind, 0) + 1
                what = "missed"
            elif verdict.strict:
                row["wrong_credited"] += 1
                row["over_types"][kind] = row["over_types"].get(kind, 0) + 1
                what = "wrong credited"
            else:
                continue
            row["examples"].append({"what": what, "kind": kind, "output": output,
                                    "shown": value, "read": verdict.answer,
                                    "parsed": verdict.parsed})
        rows.append(row)
    return rows


def run_b(styles: list[str] | None = None, per_category: int = PER_CATEGORY,
          seed: int = SEED) -> list[dict[str, Any]]:
    """Part B rows: outputs, over-credited (right shown / wrong shown), parsed, examples."""
    from closurebench.scoring import judge_outputs

    rows = []
    for name in styles or list(MUST_NOT_CREDIT):
        rendered = _render(name, MUST_NOT_CREDIT[name], per_category, seed)
        verdicts = judge_outputs([r[0] for r in rendered], [r[1] for r in rendered])
        row: dict[str, Any] = {"style": name, "outputs": len(rendered), "over": 0,
                               "over_right": 0, "over_wrong": 0, "parsed": 0,
                               "over_types": {}, "parsed_types": {}, "examples": []}
        for (output, _rec, kind, right, value), verdict in zip(rendered, verdicts, strict=True):
            _battery.tally_b(row, kind, right, verdict)
            if verdict.strict or verdict.parsed:
                row["examples"].append({
                    "what": "over-credited" if verdict.strict else "parsed", "kind": kind,
                    "right_shown": right, "output": output, "shown": value,
                    "read": verdict.answer})
        rows.append(row)
    return rows


def table_a(rows: list[dict[str, Any]]) -> str:
    width = max([len(r["style"]) for r in rows] + [12])
    lines = [f"{'style':<{width}}  {'credited':>8}  {'missed':>6}  {'wrong cr.':>9}  "
             "missed by type"]
    for r in rows:
        lines.append(f"{r['style']:<{width}}  {r['credited']:>8}  {r['missed']:>6}  "
                     f"{r['wrong_credited']:>9}  {_types(r['missed_types'])}")
    tot = [sum(r[c] for r in rows) for c in ("credited", "missed", "wrong_credited")]
    lines.append(f"{'total credit':<{width}}  {tot[0]:>8}  {tot[1]:>6}  {tot[2]:>9}")
    return "\n".join(lines)


def table_b(rows: list[dict[str, Any]]) -> str:
    width = max([len(r["style"]) for r in rows] + [15])
    lines = [f"{'style':<{width}}  {'outputs':>7}  {'over':>4}  {'(right/wrong)':>13}  "
             f"{'parsed':>6}  over by type"]
    for r in rows:
        rw = f"{r['over_right']}/{r['over_wrong']}"
        lines.append(f"{r['style']:<{width}}  {r['outputs']:>7}  {r['over']:>4}  {rw:>13}  "
                     f"{r['parsed']:>6}  {_types(r['over_types'])}")
    tot = [sum(r[c] for r in rows) for c in ("outputs", "over", "over_right", "over_wrong",
                                             "parsed")]
    rw = f"{tot[2]}/{tot[3]}"
    lines.append(f"{'total must-not':<{width}}  {tot[0]:>7}  {tot[1]:>4}  {rw:>13}  "
                 f"{tot[4]:>6}")
    return "\n".join(lines)


def _examples(rows: list[dict[str, Any]], n: int) -> str:
    lines = []
    for r in rows:
        for ex in r["examples"][:n]:
            lines.append(f"[{r['style']}] {ex['what']} ({ex['kind']}): shown {ex['shown']!r}, "
                         f"read {ex['read']!r}\n    {ex['output']!r}")
    return "\n".join(lines)


def _split_styles(arg: str) -> list[str]:
    """Comma-separated style names, where a name may itself hold commas ("not X, last"):
    pieces are joined until they make a known name."""
    names, piece = [], ""
    for part in arg.split(","):
        piece = f"{piece},{part}" if piece else part
        if piece.strip() in NINTH:
            names.append(piece.strip())
            piece = ""
    if piece.strip():
        names.append(piece.strip())  # unknown: reported by the caller
    return names


def main(argv: list[str] | None = None) -> int:
    parser = _battery.parser("python -m benchmarks.heldout_styles9", __doc__.splitlines()[0],
                             PER_CATEGORY, commas=True, examples=True)
    args = parser.parse_args(argv)
    names = _split_styles(args.styles) if args.styles else None
    a_names, b_names = _battery.parts(parser, names, SHOULD_CREDIT, MUST_NOT_CREDIT)
    a_rows = run_a(a_names, args.per_category) if a_names else []
    b_rows = run_b(b_names, args.per_category) if b_names else []
    print(_battery.header(SEED, args.per_category))
    if a_rows:
        print("\nPart A: must credit the right value, never the wrong one")
        print(table_a(a_rows))
    if b_rows:
        print("\nPart B: must not credit, whatever value is shown")
        print(table_b(b_rows))
    if args.examples:
        ex = _examples(a_rows + b_rows, args.examples)
        if ex:
            print("\nExamples\n" + ex)
    if args.json:
        _battery.write_json(args.json, {"a": a_rows, "b": b_rows})
    return 0


assert set(KINDS) >= {k for ks in EXCLUDED_B.values() for k in ks}

if __name__ == "__main__":
    sys.exit(main())
