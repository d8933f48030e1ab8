"""Fourth held-out battery of answer styles: ``python -m benchmarks.heldout_styles4``.

Two parts over ``benchmarks.heldout_styles.records`` (fixed seed), strict verdicts, written
by an outside auditor who had not read the judge's code, tests or docs/scoring.md, with every
expected verdict (a comment per style) and every exclusion decided before the first run:

A. 19 "should credit" styles (long reasoning traces restating other values, corrections,
   verification sections, lists under headings, values with nouns, Spanish, German,
   Japanese, emoji, confidence lines): the right value credited, a wrong one never
   (credited / missed / wrong-credited), after the shared preludes naming the other value.
B. 12 "must not credit" styles (two readings answered and none chosen, a table of them, a
   question back, "either X or Y", cut off after the cue, truncated JSON or bullets, a
   refusal, "cannot determine", "probably X, but I'm not sure", a retraction, "X is wrong"):
   no strict credit whatever the value shown; over-credit is a strict credit.

First run (2026-12-07, the judge after the third battery's fixes): A 822 credited, 80 missed,
0 wrong; B 122 of 1,100 over-credited (two readings 52, a table of readings 28, "scratch
that — X is wrong" 42). Fixed then (docs/scoring.md), so from that commit on it is a
regression set: A 901, 1, 0 (the one miss: "D, F, L y Y", where the node Y is also Spanish
"and", read since the next commit: 902, 0, 0); B 0 of 1,100.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from benchmarks import _battery
from benchmarks.heldout_styles import SEED, _kind, _text, _wrong, records

PER_CATEGORY = 2
_CATEGORY: str = ""  # the record being rendered: only the nouns style reads it


# ----------------------------------------------------------------------------------------
# helpers
# ----------------------------------------------------------------------------------------

def _t(k: str, v: Any) -> str:
    return _text(k, v)


def _join(v: list[str], conj: str) -> str:
    """'A, B and C' style list with a language's conjunction."""
    if not v:
        return ""
    if len(v) == 1:
        return v[0]
    return ", ".join(v[:-1]) + f" {conj} " + v[-1]


def _lang(k: str, v: Any, yes: str, no: str, conj: str, sep: str = ", ") -> str:
    if k == "boolean":
        return yes if v else no
    if k == "labels":
        return (sep.join(v) if sep != ", " else _join(v, conj)) if v else "—"
    if k == "object":
        return sep.join(f"{key}: {str(val).lower()}" for key, val in v.items())
    return str(v)


_NOUNS = {
    "triangle_count": ("triangle", "triangles"),
    "triangle_in_subgraph": ("triangle", "triangles"),
    "degree_count": ("node", "nodes"),
    "reach_then_count": ("node", "nodes"),
    "scc_then_count": ("node", "nodes"),
    "degree_then_reach": ("node", "nodes"),
    "intersect_then_size": ("node", "nodes"),
    "kinship_complex": ("descendant", "descendants"),
}


def _long_trace(k: str, v: Any, o: Any) -> str:
    said, other = _t(k, v), _t(k, o)
    return (
        "<think>\nOkay, let me work through this carefully. First I'll list every edge "
        "given in the question, then follow them.\n\n"
        f"Going node by node. After the first three edges my running result is {other}.\n"
        f"Next edge: nothing new, so still {other}.\n"
        f"Next edge: also nothing new. Still {other}.\n"
        f"Hmm, so far {other}. Let me keep going through the rest of the list.\n"
        "The next two edges are between nodes I've already handled.\n"
        f"Wait — I skipped an edge near the top of the list. Adding it changes the result: "
        f"now it's {said}.\n"
        f"Let me re-verify from scratch. First pass: {other}. Second pass including the skipped "
        f"edge: {said}. Third pass, going in the opposite order: {said}.\n"
        f"So {said}. The second and third passes agree on {said}, and the first pass was the one "
        "that missed an edge.\n"
        "I think that's solid.\n</think>\n\n"
        f"After checking every edge, the answer is **{said}**."
    )


def _verification(k: str, v: Any, o: Any) -> str:
    said, other = _t(k, v), _t(k, o)
    return (
        f"**Answer: {said}**\n\n"
        "## Verification\n\n"
        "Let me re-derive this a second way, starting over from the edge list rather than "
        "from the nodes.\n\n"
        "1. Write the edges out again, one per line, and mark each one as used.\n"
        "2. Follow them from the nodes named in the question, this time in reverse order.\n"
        f"3. An earlier draft had {other}, but that draft skipped one edge; with every edge "
        f"marked, the re-derivation gives {said} again.\n"
        "4. Cross-check: no edge is left unmarked, and no node was visited twice.\n\n"
        f"Both derivations agree: **{said}** ✓"
    )


def _bullets(k: str, v: Any, o: Any) -> str:
    if k == "labels":
        items = v if v else ["none"]
    elif k == "object":
        items = [f"{key}: {str(val).lower()}" for key, val in v.items()]
    else:
        items = [_t(k, v)]
    return "## Final answer\n\n" + "\n".join(f"- {x}" for x in items)


def _numbered(k: str, v: Any, o: Any) -> str | None:
    if k != "labels":
        return None
    if not v:
        return "**Final answer:** none of them"
    return "**Final answer** — the nodes that qualify:\n\n" + "\n".join(
        f"{i}. {x}" for i, x in enumerate(v, 1))


def _table_column(k: str, v: Any, o: Any) -> str | None:
    if k != "labels":
        return None
    if not v:
        return "**Final answer:** none of them"
    rows = "\n".join(f"| {i} | {x} |" for i, x in enumerate(v, 1))
    return f"**Final answer:**\n\n| # | Node |\n|---|---|\n{rows}"


def _code_block(k: str, v: Any, o: Any) -> str:
    if k == "object":
        body = "\n".join(f"{key}: {str(val).lower()}" for key, val in v.items())
    else:
        body = _t(k, v)
    return f"Final answer:\n\n```\n{body}\n```"


def _nouns(k: str, v: Any, o: Any) -> str | None:
    if k == "boolean":
        return None  # yes/no takes no unit
    if k == "integer":
        if _CATEGORY not in _NOUNS:
            return None  # "conditional": a -1 sentinel has no unit
        one, many = _NOUNS[_CATEGORY]
        return f"**Answer:** {v} {one if v == 1 else many}"
    if k == "number":
        return f"**Answer:** {v} outgoing edges per node on average"
    if k == "label":
        return f"**Answer:** node {v}"
    if k == "labels":
        if not v:
            return "**Answer:** 0 nodes (none)"
        return f"**Answer:** {len(v)} node{'s' if len(v) != 1 else ''}: {', '.join(v)}"
    od, idg, cr = v["out_degree"], v["in_degree"], str(v["can_reach"]).lower()
    return (f"**Answer:** out_degree: {od} edge{'s' if od != 1 else ''}, "
            f"in_degree: {idg} edge{'s' if idg != 1 else ''}, can_reach: {cr}")


def _summary(k: str, v: Any) -> str:
    if k == "boolean":
        return ("yes, the relation asked about holds." if v
                else "no, the relation asked about does not hold.")
    if k == "integer":
        return f"the count is {v}."
    if k == "number":
        return f"the average is {v}."
    if k == "label":
        return f"{v} is the node asked for."
    if k == "labels":
        return (f"the qualifying nodes are {', '.join(v)}." if v
                else "no node qualifies.")
    return (f"out_degree is {v['out_degree']}, in_degree is {v['in_degree']} and "
            f"can_reach is {str(v['can_reach']).lower()}.")


# ----------------------------------------------------------------------------------------
# A. should credit (right value credited, wrong value never)
# ----------------------------------------------------------------------------------------

A_STYLES: dict[str, Any] = {
    # Expected: credit. R1-style <think> trace restating the other value 6x and the final
    # value 5x, closed, then "the answer is **X**". Only the post-</think> value counts.
    "long r1 trace": _long_trace,
    # Expected: credit. "the answer is O" then "Hmm, let me recount... so it's actually X" as
    # the LAST statement: the correction overrides the earlier cue-marked answer.
    "hmm recount actually": lambda k, v, o: (
        f"So the answer is {_t(k, o)}.\n\nHmm, let me recount... I skipped the last edge in "
        f"the list. Including it changes things, so it's actually {_t(k, v)}."),
    # Expected: credit. Correction in the middle, more reasoning, then "Final answer: X".
    "mid-trace correction": lambda k, v, o: (
        f"First pass: {_t(k, o)}.\n\nHmm, wait, let me recount. I double-counted one edge, "
        f"so it's actually {_t(k, v)}.\n\nThe remaining nodes add nothing new.\n\n"
        f"Final answer: {_t(k, v)}"),
    # Expected: credit. Same value at the top and the bottom, reasoning in between that
    # mentions (and discards) the other value.
    "top and bottom": lambda k, v, o: (
        f"**Answer: {_t(k, v)}**\n\nReasoning:\n1. I listed every edge in the question.\n"
        f"2. I followed them from the nodes asked about; a quick first guess of {_t(k, o)} "
        "did not survive this.\n3. Every remaining edge was checked.\n\n"
        f"Final answer: {_t(k, v)}"),
    # Expected: credit. Markdown bullet list under "## Final answer" (one bullet per label;
    # a single bullet for scalars; one bullet per field for objects).
    "bullets under heading": _bullets,
    # Expected: credit (labels only: a one-item numbered list "1. 4" is ambiguous for
    # integers, so other kinds are excluded).
    "numbered list": _numbered,
    # Expected: credit (labels only; "#" column holds row numbers, "Node" column the set).
    "table column": _table_column,
    # Expected: credit. Plain ``` block (no language, no JSON) after "Final answer:".
    "plain code block": _code_block,
    # Expected: credit. Horizontal rule, then "The answer: X".
    "hr the answer": lambda k, v, o: (
        f"That covers every edge in the list.\n\n---\n\nThe answer: {_t(k, v)}"),
    # Expected: credit. Answer first, then a long "Verification" section re-deriving the
    # same value (naming the rejected other value once).
    "verification section": _verification,
    # Expected: credit. A bold value alone on the last line after reasoning, no cue word.
    "bold value alone": lambda k, v, o: (
        f"Putting all of that together:\n\n**{_t(k, v)}**"),
    # Expected: credit. Value followed by a noun/unit ("4 triangles", "3 nodes: A, B, C",
    # "node V", "1.29 outgoing edges per node on average"). Excluded: boolean (no unit) and
    # the "conditional" category (its -1 sentinel takes no unit).
    "value with noun": _nouns,
    # Expected: credit. Indian-English "comes out to be".
    "comes out to be": lambda k, v, o: (
        f"Hence, the answer comes out to be {_t(k, v)}."),
    # Expected: credit. Spanish final line; sí/no; labels joined with "y".
    "spanish final": lambda k, v, o: (
        f"**Respuesta final:** {_lang(k, v, 'Sí', 'No', 'y')}"),
    # Expected: credit. German final line; ja/nein; labels joined with "und"; decimal POINT
    # kept (a decimal comma "1,29" would be genuinely ambiguous with a list, so not used).
    "german final": lambda k, v, o: (
        f"**Endgültige Antwort:** {_lang(k, v, 'Ja', 'Nein', 'und')}"),
    # Expected: credit. Japanese final line, full-width colon; はい/いいえ; labels joined
    # with the ideographic comma.
    "japanese final": lambda k, v, o: (
        f"したがって、最終的な答え：{_lang(k, v, 'はい', 'いいえ', '', sep='、')}"),
    # Expected: credit. Emoji everywhere around the committed value.
    "emoji laden": lambda k, v, o: (
        f"🔍 Traced every edge… 🧠💡\n\n✅ The answer is 👉 **{_t(k, v)}** 👈 🎉🎉"),
    # Expected: credit. Committed answer, then confidence lines.
    "confidence high": lambda k, v, o: (
        f"Final answer: {_t(k, v)}\nConfidence: high\n"
        "Why: every edge was checked twice and both passes agreed."),
    # Expected: credit. Claude-style bold label, then a one-line summary restating it.
    "claude final summary": lambda k, v, o: (
        f"**Final answer:** {_t(k, v)}\n\nIn one line: {_summary(k, v)}"),
}

# ----------------------------------------------------------------------------------------
# B. must NOT credit, whatever the value (v = the value shown, o = the other one)
# ----------------------------------------------------------------------------------------

B_STYLES: dict[str, Any] = {
    # Expected: no credit, all kinds. Two readings, two answers, no choice made.
    "two interpretations": lambda k, v, o: (
        f"If the edges are read exactly as written (one-way), the answer is {_t(k, v)}. "
        f"If they are read as two-way, the answer is {_t(k, o)}. The question doesn't say "
        "which reading is intended, so I've given both."),
    # Expected: no credit, all kinds. Same, as a table, ending "It depends".
    "interpretation table": lambda k, v, o: (
        "| Reading | Answer |\n|---|---|\n"
        f"| one-way edges | {_t(k, v)} |\n| two-way edges | {_t(k, o)} |\n\n"
        "It depends on which reading you intend."),
    # Expected: no credit, all kinds. A candidate, then a clarifying question, no answer.
    "question back": lambda k, v, o: (
        f"So far it looks like {_t(k, v)}, but before I commit to an answer: should I treat "
        "the links as one-way or two-way?"),
    # Expected: no credit, all kinds. "either X or Y" as the final answer.
    "either or": lambda k, v, o: (
        f"Final answer: either {_t(k, v)} or {_t(k, o)}; the edge list supports both."),
    # Expected: no credit, all kinds. Cut off right after the cue; the value before it is
    # only a running candidate.
    "cut after cue": lambda k, v, o: (
        f"Running result after the first pass: {_t(k, v)}. Let me check the remaining "
        "edges before answering.\n\nFinal answer: "),
    # Expected: no credit; labels and object only (a number cut off after its last digit
    # could be complete, so scalar kinds are excluded). JSON cut mid-element.
    "truncated json": lambda k, v, o: (
        None if k not in ("labels", "object") else
        ("```json\n{\"answer\": [" + "".join(f'"{x}", ' for x in v) + '"'
         if k == "labels" else
         "```json\n{\"answer\": {\"out_degree\": " + str(v["out_degree"])
         + ", \"in_degree\": " + str(v["in_degree"]) + ", \"can_re")),
    # Expected: no credit; labels only. Prose bullet list ending on an empty bullet.
    "truncated bullets": lambda k, v, o: (
        None if k != "labels" else
        "The nodes that qualify are:\n" + "".join(f"- {x}\n" for x in v) + "- "),
    # Expected: no credit, all kinds. A first-pass candidate, then a refusal.
    "refusal after candidate": lambda k, v, o: (
        f"Step 1: list the edges. Step 2: follow them. A first pass suggested {_t(k, v)}.\n\n"
        "I'm sorry, but I can't help with this request."),
    # Expected: no credit, all kinds. Candidate listed, then "I cannot determine this".
    "cannot determine": lambda k, v, o: (
        f"Tracing the edges, one candidate is {_t(k, v)}. However, the description is "
        "ambiguous about edge direction, so I cannot determine the answer from the "
        "information given."),
    # Expected: no credit, all kinds. Explicitly hedged final answer.
    "hedged probably": lambda k, v, o: (
        f"Final answer: probably {_t(k, v)}, but I'm not sure."),
    # Expected: no credit, all kinds. Answer then an explicit retraction, nothing after.
    "retracted at end": lambda k, v, o: (
        f"The answer is {_t(k, v)}.\n\n... Actually, I'm not sure that's right."),
    # Expected: no credit, all kinds. Answer declared wrong, no replacement given.
    "scratch that": lambda k, v, o: (
        f"The answer is {_t(k, v)}. Scratch that — {_t(k, v)} is wrong; I'd need to redo "
        "the whole count, and I haven't."),
}


# ----------------------------------------------------------------------------------------
# loops
# ----------------------------------------------------------------------------------------

def run_a(per_category: int = PER_CATEGORY, seed: int = SEED) -> list[dict[str, Any]]:
    """Same protocol as benchmarks.heldout_styles.run (preludes, rng per style)."""
    global _CATEGORY
    from closurebench.scoring import judge_outputs

    recs = records(per_category, seed)
    rows = []
    for name, style in A_STYLES.items():
        outputs, refs, tags = [], [], []
        for rec, kind, answer, wrong, prelude in _battery.cases(name, recs, seed):
            _CATEGORY = rec["category"]
            for right, value, other in ((True, answer, wrong), (False, wrong, answer)):
                ending = style(kind, value, other)
                if ending is None:
                    continue
                outputs.append(prelude.format(o=_text(kind, other)) + ending)
                refs.append(rec)
                tags.append((kind, right, value))
        verdicts = judge_outputs(outputs, refs)
        row: dict[str, Any] = {"style": name, "credited": 0, "missed": 0, "wrong_credited": 0,
                               "missed_types": {}, "over_types": {}, "examples": []}
        for (kind, right, value), vd, out in zip(tags, verdicts, outputs, strict=True):
            if right and vd.strict:
                row["credited"] += 1
            elif right:
                row["missed"] += 1
                row["missed_types"][kind] = row["missed_types"].get(kind, 0) + 1
                row["examples"].append(("MISS", kind, value, vd.answer, out))
            elif vd.strict:
                row["wrong_credited"] += 1
                row["over_types"][kind] = row["over_types"].get(kind, 0) + 1
                row["examples"].append(("OVER", kind, value, vd.answer, out))
        rows.append(row)
    return rows


def run_b(per_category: int = PER_CATEGORY, seed: int = SEED) -> list[dict[str, Any]]:
    """Each style with the right value shown and with a wrong one; over = strict credit."""
    from closurebench.scoring import judge_outputs

    recs = records(per_category, seed)
    rows = []
    for name, style in B_STYLES.items():
        outputs, refs, tags = [], [], []
        for rec in recs:
            kind = _kind(rec)
            answer = json.loads(rec["answer"])
            wrong = _wrong(rec, answer)
            for right, value, other in ((True, answer, wrong), (False, wrong, answer)):
                out = style(kind, value, other)
                if out is None:
                    continue
                outputs.append(out)
                refs.append(rec)
                tags.append((kind, right))
        verdicts = judge_outputs(outputs, refs)
        row: dict[str, Any] = {"style": name, "n": len(outputs), "over": 0, "over_types": {},
                               "n_types": {}, "examples": []}
        for (kind, right), vd, out in zip(tags, verdicts, outputs, strict=True):
            row["n_types"][kind] = row["n_types"].get(kind, 0) + 1
            if vd.strict:
                row["over"] += 1
                row["over_types"][kind] = row["over_types"].get(kind, 0) + 1
                row["examples"].append((kind, right, vd.answer, out))
        rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> int:
    del argv  # no options: the battery is fixed
    print(f"seed {SEED}, {PER_CATEGORY} per category; strict verdicts\n")
    print("A. should credit")
    a = run_a()
    w = max(len(r["style"]) for r in a)
    print(f"{'style':<{w}}  credited  missed  wrong-cr  missed by type / over by type")
    for r in a:
        print(f"{r['style']:<{w}}  {r['credited']:>8}  {r['missed']:>6}  "
              f"{r['wrong_credited']:>8}  {r['missed_types'] or ''} {r['over_types'] or ''}")
    tot = [sum(r[c] for r in a) for c in ("credited", "missed", "wrong_credited")]
    print(f"{'total':<{w}}  {tot[0]:>8}  {tot[1]:>6}  {tot[2]:>8}")
    print("\nB. must not credit (over = strict credit given)")
    b = run_b()
    w = max(len(r["style"]) for r in b)
    print(f"{'style':<{w}}  {'over':>4}/{'n':<4}  over by type")
    for r in b:
        print(f"{r['style']:<{w}}  {r['over']:>4}/{r['n']:<4}  {r['over_types'] or ''}")
    print(f"{'total':<{w}}  {sum(r['over'] for r in b):>4}/{sum(r['n'] for r in b):<4}")
    print("\nExamples of failures (first 2 per style and kind):")
    for r in a:
        seen: dict[tuple[str, str], int] = {}
        for tag, kind, value, got, out in r["examples"]:
            key = (tag, kind)
            seen[key] = seen.get(key, 0) + 1
            if seen[key] <= 2:
                print(f"[A {r['style']}] {tag} {kind} value={value!r} judge read={got!r}\n"
                      f"    ...{out[-220:]!r}")
    for r in b:
        seen = {}
        for kind, right, got, out in r["examples"]:
            seen[kind] = seen.get(kind, 0) + 1
            if seen[kind] <= 2:
                print(f"[B {r['style']}] {kind} right_shown={right} judge read={got!r}\n"
                      f"    {out[-220:]!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
