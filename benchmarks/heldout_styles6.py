"""A sixth held-out battery: ``python -m benchmarks.heldout_styles6 [--styles a,b]
[--per-category N] [--json FILE]``.

Written by an outside auditor (an assistant session briefed to audit the judge) who had not
read the judge (``closurebench/scoring/``), its tests, ``docs/scoring.md`` or the bodies of the
second to fifth batteries: only ``benchmarks/heldout_styles.py`` (whose records, seed, wrong
values, preludes and Part A table this reuses), ``benchmarks/README.md``, the earlier
batteries' docstrings and style names (to go elsewhere), and the fifth battery's public
interface (its ``run_b`` takes only its own styles, so this has its own runner). Every style,
every excluded answer type and every expected verdict (a comment per style) was written down
before the first run, and nothing was tuned after it. A style here also gets the record, so
a rendering can name the graph's own nodes, edges and question.

Part A, 25 styles that must be credited with the right value and never with the wrong one: a
long R1-style ``<think>`` trace (30+ lines of node names with digits, degrees, edge checks, the
other value proposed and corrected) closed by a sentence ("Putting it all together, the total
comes to 3 triangles."); a Python block whose ``Output:`` fence holds the value, concluded by
"The script's output above is my final answer." (no value repeated); elements annotated in
parentheses ("Dina (direct), Grace (reachable via Zoe)", "V (ahead of U)"); a numbered list
with a reason per item; ``**X**`` inside a closing paragraph; a ``## Summary`` with bold keys
(an "Edges checked: 20" bullet before the answer); "∴ X ∎" after a tally line of other
numbers; the value alone as a ``### X`` heading under a rule; a ``csv`` fence; ``<final>X
</final>`` (decided: credit); "X — reason" ("Yes — toad can reach koala via shrew."); "The
answer is: **Yes**, because …"; the Oxford comma; "1) A 2) B 3) C"; bullets with bold keys;
an object with its fields in words ("can reach = no; in-degree = 2; out-degree = 1", decided:
credit); a two-row table (keys over values; for scalars an ``answer`` column beside node and
edge counts); German "Somit lautet das Endergebnis: **Ja**.", French "En définitive, la bonne
réponse est oui." (``can_reach : non``), Chinese "综上所述，最终答案为是。" (、 and ：，);
the answer and then an "Explanation:" full of other numbers; a gloss ("Answer: 3 (three)",
"1.29 (about 1)", "A, B (2 nodes)"); the question quoted back before the answer; a footnote
marker ("Answer: 3[^1]"); a ``<details><summary>Final answer</summary>`` block.

Part B, 13 styles that must never be credited strictly, whatever value is shown (right or
wrong), and whose verdicts should ideally be unparsed (``parsed`` is counted, not required):
the first sub-step only; a ✓/✗ per node for a set question, never concluded (decided: a
checklist is working, not a commitment); "either X or Y, depending on whether …"; "I'd need
more information … it could be X, but I can't commit"; a trace cut after "So the answer is";
``Answer: TBD``; ``Answer: N/A``; a question back about edge direction with a conditional
value; the answer for another node ("For Zoe the answer would be …; I didn't compute it for
Frank."); the value only in a comment of an unfinished code block; ``{"answer": null}``; a
refusal citing policy (no value; only the prelude may name one); "Answer: see above." after
two readings.

Excluded before the first run (``EXCLUDED``, ``EXCLUDED_B``): scalars in the numbered list
with reasons, the Oxford comma and "1) 2)" numbering (nothing to list); every type but the
object in the spaced keys; every type but the set in the per-node checklist.

First run (seed 20240611, 2 per category, on the judge of commit a8d1356; the styles were
committed unrun as f200775 first). Part A: 853 credited, 289 missed, 0 wrongly credited (1,142
right renderings; 12 of 25 styles read in full). Misses: ``code then output block`` 52 (every
one; sets and labels read as the word "The" of the closing line, the rest unparsed),
``chinese 综上所述`` 52 (every one, unparsed), ``french en définitive`` 51 (all but a one-node
set; sets read as their last element only, "… Rupert et Sven" as ``['Sven']``), ``therefore
sign after a tally`` 42 (every count, number, label and set: "Tally: 7 edges checked over 9
nodes." read as the answer 7, "∴ 3 ∎" ignored; yes/no and objects credited), ``question
restated`` 21 (yes/no 8, label 2, objects 2 unparsed; sets 9, six read without their first
element: "Those are Ada, Hugo and Karl." as ``['Hugo', 'Karl']``), ``inline 1) 2) numbering``
15 (sets 13, objects 2, unparsed), ``answer is: bold, because`` 14 (every set, read with an
extra element ``'because'``), ``annotated elements`` 13 (every set of two or more, read as
its first element only), ``r1 trace, answer in a sentence`` 10 (yes/no 8, objects 2,
unparsed), ``footnote marker`` 8 (every yes/no: "Answer: Yes[^1]" unparsed), ``value —
reason`` 6 (every label: "V — it beats every other candidate." unparsed), ``value (gloss)``
3 (numbers: "Answer: 1.29 (about 1)" unparsed), ``csv block`` 2 (objects, unparsed). 108 of the
289 misses were read as some other answer (parsed), 181 unparsed.

Part B: 150 of 1,276 outputs over-credited (149 showing the right value, 1 the wrong one);
444 of 1,276 parsed. Over-credits: ``asks about direction`` 52 (every right value: "If in
their direction, I'd say 3 — but please confirm so I can give a final answer." read as 3),
``value in an unfinished code comment`` 52 (every right value: ``# answer = 3  (to be
checked)`` in a fence cut off mid-line), ``answer for another node`` 38 (every type but sets:
"For the graph with every edge reversed the answer would be 3; I didn't compute it for the
graph as given."), ``first hop only`` 6 (labels 4, numbers 2: "After the first hop the
front-runner is V. I still have to follow the later hops before I can answer."),
``per-node marks, no conclusion`` 2 (the only wrong-value over-credit: a checklist "- L: ✓ -
D: ✓ - F: ✓ - Y: ✗" read as ``['D', 'F', 'L', 'Y']``, ✗ included; every checklist parses as
all its nodes). Parsed without over-credit: ``Answer: TBD`` 40 (sets ``['TBD']``, labels
``'TBD'``), ``Answer: see above`` 40 (``['see']``, ``'see'``), ``either, depending`` 28 (sets
as ``['either']``), ``Answer: N/A`` 12 (labels as ``'N'``); ``need more information``, the cut
"So the answer is", ``{"answer": null}`` and the policy refusal: 0 parsed.

Fixed in the next commit (docs/scoring.md), each as a rule over every answer type, so from
then on this is a regression set: Part A 1,142 credited, 0 missed, 0 wrong; Part B 0 of 1,276
credited and 0 parsed.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from benchmarks import _battery
from benchmarks.heldout_styles import KINDS, _text, records, table

SEED = 20_240_611
PER_CATEGORY = 2

Style6 = Callable[[str, Any, Any, dict[str, Any]], "str | None"]
"""(answer type, value shown, other value, record) -> the output's ending. Unlike the first
battery's ``Style`` it also gets the record, so that a rendering can name the graph's own
nodes, edges and question. None where the style has no honest rendering of that type
(declared in ``EXCLUDED`` / ``EXCLUDED_B`` before the first run)."""


# ---------------------------------------------------------------------------------------
# Helpers: honest renderings of a value in prose
# ---------------------------------------------------------------------------------------

_ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
         "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
         "seventeen", "eighteen", "nineteen"]
_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def _words(n: int) -> str:
    """An integer in English words (-999 … 999)."""
    if n < 0:
        return "minus " + _words(-n)
    if n < 20:
        return _ONES[n]
    if n < 100:
        return _TENS[n // 10] + ("" if n % 10 == 0 else "-" + _ONES[n % 10])
    rest = n % 100
    return _ONES[n // 100] + " hundred" + ("" if rest == 0 else " and " + _words(rest))


def _join(items: list[str], conj: str = "and", oxford: bool = False, empty: str = "none") -> str:
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return f"{items[0]} {conj} {items[1]}"
    return ", ".join(items[:-1]) + ("," if oxford else "") + f" {conj} {items[-1]}"


def _obj(value: dict[str, Any], sep: str = ": ", joiner: str = ", ",
         yes: str = "true", no: str = "false") -> str:
    def cell(v: Any) -> str:
        return (yes if v else no) if isinstance(v, bool) else str(v)
    return joiner.join(f"{k}{sep}{cell(v)}" for k, v in value.items())


def _query(rec: dict[str, Any]) -> dict[str, Any]:
    return json.loads(rec["query"]) if isinstance(rec["query"], str) else dict(rec["query"])


def _other_node(rec: dict[str, Any], *avoid: Any) -> str:
    return next(n for n in rec["nodes"] if n not in avoid)


def _claim(rec: dict[str, Any], value: bool) -> str:
    """A yes/no answer said as a statement about the record's own nodes."""
    q, cat = _query(rec), rec["category"]
    x, y = q.get("x"), q.get("y")
    if cat == "reachability":
        return f"{x} can reach {y}" if value else f"{x} cannot reach {y}"
    if cat == "same_scc":
        return (f"{x} and {y} can each reach the other" if value
                else f"{x} and {y} cannot each reach the other")
    if cat == "sibling":
        return f"{x} and {y} are siblings" if value else f"{x} and {y} are not siblings"
    if cat == "cousin":
        return (f"{x} and {y} are first cousins" if value
                else f"{x} and {y} are not first cousins")
    return "the condition holds" if value else "the condition does not hold"


def _py(kind: str, value: Any) -> str:
    """What ``print(answer)`` shows in Python."""
    if kind == "labels":
        return repr(list(value))
    if kind == "object":
        return repr(dict(value))
    return str(value)


def _question(rec: dict[str, Any]) -> str:
    lines = [ln for ln in rec["question"].strip().split("\n") if ln.strip()]
    idx = next(i for i, ln in enumerate(lines) if ln.startswith("Answer with"))
    return lines[idx - 1].strip()


def _degrees(rec: dict[str, Any]) -> tuple[dict[str, int], dict[str, int]]:
    out = {n: 0 for n in rec["nodes"]}
    inn = {n: 0 for n in rec["nodes"]}
    for a, b in rec["edges"]:
        out[a] = out.get(a, 0) + 1
        inn[b] = inn.get(b, 0) + 1
    return out, inn


# ---------------------------------------------------------------------------------------
# Part A: must credit the right value, never the wrong one
# ---------------------------------------------------------------------------------------

def _r1_close(kind: str, v: Any, rec: dict[str, Any]) -> str:
    if kind == "integer":
        noun = " triangles" if rec["category"].startswith("triangle") else ""
        return f"Putting it all together, the total comes to {v}{noun}."
    if kind == "number":
        return f"Putting it all together, the average comes to {v}."
    if kind == "boolean":
        return f"Putting it all together, {'yes' if v else 'no'}: {_claim(rec, v)}."
    if kind == "label":
        return f"Putting it all together, the node asked for is {v}."
    if kind == "labels":
        if not v:
            return "Putting it all together, no node qualifies."
        return f"Putting it all together, the nodes asked for are {_join(list(v))}."
    return ("Putting it all together, "
            + _join([f"{k} is {str(x).lower()}" for k, x in v.items()]) + ".")


def _r1_trace(kind: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    """A long reasoning-model trace (30+ lines: node names, degrees, edge checks, the other
    value proposed and then corrected), then a short final paragraph that says the answer
    inside a sentence. Verdict: credit the value of the final sentence."""
    out, inn = _degrees(rec)
    nodes, edges = rec["nodes"], rec["edges"]
    lines = ["<think>",
             "Okay, let me restate the problem carefully before doing anything.",
             f"There are {len(nodes)} nodes: {', '.join(nodes)}.",
             f"And {len(edges)} edges. Let me write them down as I read them:"]
    lines += [f"- {a} -> {b}" for a, b in edges[:12]]
    lines.append("Now the degrees, node by node.")
    lines += [f"{n}: {out[n]} outgoing, {inn[n]} incoming." for n in nodes[:8]]
    lines += [f"Hmm, so a first guess would be {_text(kind, o)}.",
              "Wait, that doesn't look right — I think I skipped an edge. Let me recount.",
              f"Edge 1: {edges[0][0]} -> {edges[0][1]}, fine.",
              f"Edge 2: {edges[1][0]} -> {edges[1][1]}, fine." if len(edges) > 1
              else "There is no second edge to check.",
              f"So is it {_text(kind, o)} after all? No — I double-counted one of them.",
              "Let me go through the start node's neighbours once more.",
              "First the direct neighbours, then their neighbours, and so on.",
              "I'll keep a visited set so that nothing is counted twice.",
              "Also re-read the question: it says one or more steps, so the start itself",
              "is not included unless the question says otherwise.",
              "Actually, step back: the question only asks about the paths that exist,",
              "so I should not add anything that the edge list does not give me.",
              f"Rechecking carefully gives {_text(kind, v)}.",
              "That is consistent with every edge I listed above.",
              "</think>", "",
              f"I traced every edge from the relevant nodes. {_r1_close(kind, v, rec)}"]
    assert len(lines) >= 30, len(lines)
    return "\n".join(lines)


def _code_output(kind: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    """A Python block that computes the answer, its output in a bare fence, and a one-line
    conclusion that refers to the output without repeating the value. Verdict: credit the
    value printed under "Output:"."""
    edges = ", ".join(f"({a!r}, {b!r})" for a, b in rec["edges"][:10])
    code = ("```python\nfrom collections import defaultdict\n\n"
            f"edges = [{edges}]\ngraph = defaultdict(set)\nfor a, b in edges:\n"
            "    graph[a].add(b)\n\nanswer = solve(graph)\nprint(answer)\n```")
    return (f"{code}\n\nOutput:\n```\n{_py(kind, v)}\n```\n\n"
            "The script's output above is my final answer.")


def _annotated(kind: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    """Each element annotated in parentheses ("Bea (direct), Vic (reachable via Gus)").
    Verdict: credit."""
    if kind == "labels":
        if not v:
            return "Final answer: none"
        parts = [f"{n} (direct)" if i % 2 == 0
                 else f"{n} (reachable via {_other_node(rec, n)})" for i, n in enumerate(v)]
        return "Final answer: " + ", ".join(parts)
    if kind == "label":
        return f"Final answer: {v} (ahead of {o})"
    if kind == "boolean":
        return f"Final answer: {'Yes' if v else 'No'} ({_claim(rec, v)})"
    if kind == "integer":
        return f"Final answer: {v} (each counted once)"
    if kind == "number":
        return f"Final answer: {v} (rounded to two decimals)"
    notes = {"can_reach": "a chain exists" if v["can_reach"] else "no chain",
             "in_degree": "incoming", "out_degree": "outgoing"}
    return "Final answer: " + ", ".join(
        f"{k}: {str(x).lower()} ({notes.get(k, 'counted')})" for k, x in v.items())


def _numbered_reasons(kind: str, v: Any, o: Any, rec: dict[str, Any]) -> str | None:
    """A numbered final list, one element per item, each with an explanation. Verdict:
    credit. Scalars excluded (a one-item numbered list is no honest rendering)."""
    if kind == "labels":
        if not v:
            return "Final answer: none of the nodes qualifies."
        reasons = ("meets every condition in the question", "checked against the edge list")
        return "Final answer:\n" + "\n".join(
            f"{i}. {n} — {reasons[i % 2]}." for i, n in enumerate(v, 1))
    if kind == "object":
        notes = {"can_reach": "no chain leads there" if not v["can_reach"]
                 else "a chain leads there", "in_degree": "incoming links counted",
                 "out_degree": "outgoing links counted"}
        return "Final answer:\n" + "\n".join(
            f"{i}. {k}: {str(x).lower()} — {notes.get(k, 'counted')}."
            for i, (k, x) in enumerate(v.items(), 1))
    return None


def _oxford(kind: str, v: Any, o: Any, rec: dict[str, Any]) -> str | None:
    """A set said with the Oxford comma ("A, B, and C"); an object likewise. Verdict:
    credit. Scalars excluded (nothing to join)."""
    if kind == "labels":
        if not v:
            return "So no node qualifies."
        if len(v) == 1:
            return f"So the only node that qualifies is {v[0]}."
        return f"So the nodes that qualify are {_join(list(v), oxford=True)}."
    if kind == "object":
        return "So " + _join([f"{k} is {str(x).lower()}" for k, x in v.items()],
                             oxford=True) + "."
    return None


def _inline_numbering(kind: str, v: Any, o: Any, rec: dict[str, Any]) -> str | None:
    """ "Final answer: 1) A 2) B 3) C". Verdict: credit. Scalars excluded (no list)."""
    if kind == "labels":
        return "Final answer: " + (" ".join(f"{i}) {n}" for i, n in enumerate(v, 1))
                                   if v else "none")
    if kind == "object":
        return "Final answer: " + " ".join(
            f"{i}) {k}: {str(x).lower()}" for i, (k, x) in enumerate(v.items(), 1))
    return None


def _bold_bullets(kind: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    """A bullet list with bold keys; an object's fields as its keys, a scalar or set under
    the key ``answer`` after a ``method`` bullet. Verdict: credit."""
    if kind == "object":
        return "Result:\n" + "\n".join(f"- **{k}**: {str(x).lower()}" for k, x in v.items())
    return f"Result:\n- **method**: breadth-first search\n- **answer**: {_text(kind, v)}"


def _spaced_keys(kind: str, v: Any, o: Any, rec: dict[str, Any]) -> str | None:
    """An object with its field names in words ("can reach = yes; in-degree = 2;
    out-degree = 1"). Verdict: credit. Only objects (the style is about field names)."""
    if kind != "object":
        return None
    words = {"can_reach": "can reach", "in_degree": "in-degree", "out_degree": "out-degree"}
    return "Final answer: " + "; ".join(
        f"{words.get(k, k)} = {('yes' if x else 'no') if isinstance(x, bool) else x}"
        for k, x in v.items())


def _two_row_table(kind: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    """A table of one header row and one row of values: an object's keys over its values; a
    scalar or set in an ``answer`` column beside other counts (nodes, edges). Verdict:
    credit the ``answer`` column (or the object's columns)."""
    if kind == "object":
        keys = list(v)
        return ("| " + " | ".join(keys) + " |\n|" + "---|" * len(keys) + "\n| "
                + " | ".join(str(x).lower() for x in v.values()) + " |")
    return (f"| nodes | edges | answer |\n|---|---|---|\n"
            f"| {len(rec['nodes'])} | {len(rec['edges'])} | {_text(kind, v)} |")


def _german(kind: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    """German closing "Somit lautet das Endergebnis: **X**." (Ja/Nein, "A, B und C").
    Verdict: credit."""
    if kind == "boolean":
        s = "Ja" if v else "Nein"
    elif kind == "labels":
        s = _join(list(v), "und", empty="keine")
    elif kind == "object":
        s = _obj(v, yes="ja", no="nein")
    else:
        s = str(v)
    return f"Somit lautet das Endergebnis: **{s}**."


def _french(kind: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    """French closing "En définitive, la bonne réponse est X." (oui/non, "A, B et C",
    French spacing before colons in objects). Verdict: credit."""
    if kind == "boolean":
        s = "oui" if v else "non"
    elif kind == "labels":
        s = _join(list(v), "et", empty="aucun")
    elif kind == "object":
        s = _obj(v, sep=" : ", yes="oui", no="non")
    else:
        s = str(v)
    return f"En définitive, la bonne réponse est {s}."


def _chinese(kind: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    """Chinese closing "综上所述，最终答案为X。" (是/否, sets joined with 、, full-width
    punctuation in objects, no spaces). Verdict: credit."""
    if kind == "boolean":
        s = "是" if v else "否"
    elif kind == "labels":
        s = "、".join(v) if v else "无"
    elif kind == "object":
        s = _obj(v, sep="：", joiner="，", yes="是", no="否")
    else:
        s = str(v)
    return f"综上所述，最终答案为{s}。"


def _explanation(kind: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    """The answer first, then a long "Explanation:" section full of other numbers (node and
    edge counts, rounds, degrees, step numbers). Verdict: credit the answer line."""
    out, _ = _degrees(rec)
    a, b = rec["nodes"][0], rec["nodes"][1]
    start = _query(rec).get("x", a)
    return (f"Answer: {_text(kind, v)}\n\nExplanation:\n"
            f"The graph has {len(rec['nodes'])} nodes and {len(rec['edges'])} edges. I started "
            f"from {start} and ran a breadth-first search; it took 3 rounds before no new node "
            f"appeared. Along the way {a} had {out[a]} outgoing links and {b} had {out[b]}. "
            f"Step 2 went over the {len(rec['edges'])} edges again in reverse order, and "
            "step 3 confirmed every count.")


def _value_words(kind: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    """ "Answer: 4 (four)": the value followed by a gloss in parentheses (a count in words,
    a rounding, the size of a set). Verdict: credit."""
    gloss = {"integer": lambda: _words(v), "number": lambda: f"about {round(v)}",
             "boolean": lambda: "true" if v else "false", "label": lambda: "a single node",
             "labels": lambda: f"{len(v)} nodes", "object": lambda: "all three fields"}[kind]()
    return f"Answer: {_text(kind, v)} ({gloss})"


def _restated(kind: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    """A chat answer that first quotes the question back, then answers in a sentence.
    Verdict: credit."""
    if kind == "boolean":
        s = f"{'Yes' if v else 'No'}, {_claim(rec, v)}."
    elif kind == "label":
        s = f"That is {v}."
    elif kind == "labels":
        s = f"Those are {_join(list(v))}." if v else "There are none."
    elif kind == "object":
        s = f"In short — {_text(kind, v)}."
    else:
        s = f"That comes to {v}."
    return f"You asked: “{_question(rec)}” {s}"


def _footnote(kind: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    """ "Answer: X[^1]" with the footnote below. Verdict: credit X (not the marker's 1)."""
    return (f"Answer: {_text(kind, v)}[^1]\n\n"
            "[^1]: Counted twice, once from each end of the edge list.")


def _value_reason(kind: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    """The value, an em dash, and a reason ("Yes — toad can reach koala via eagle.").
    Verdict: credit."""
    if kind == "boolean":
        q = _query(rec)
        via = ""
        if v and rec["category"] == "reachability":
            via = f" via {_other_node(rec, q.get('x'), q.get('y'))}"
        return f"{'Yes' if v else 'No'} — {_claim(rec, v)}{via}."
    reason = {"integer": "each one counted once, from the edge list.",
              "number": "the mean over the group, rounded to two decimals.",
              "label": "it beats every other candidate.",
              "labels": "each one meets every condition.",
              "object": "read off the edge list."}[kind]
    shown = _join(list(v)) if kind == "labels" else _text(kind, v)
    return f"{shown} — {reason}"


def _answer_is_bold_because(kind: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    """ "The answer is: **Yes**, because …". Verdict: credit."""
    because = _claim(rec, v) if kind == "boolean" else "that is what the traversal gives"
    return f"The answer is: **{_text(kind, v)}**, because {because}."


SHOULD_CREDIT: dict[str, Style6] = {
    # A long <think> trace (30+ lines, node names with digits, degrees, the other value
    # proposed and corrected), then "Putting it all together, the total comes to 4." —
    # credit the final sentence's value.
    "r1 trace, answer in a sentence": _r1_trace,
    # ```python … print(answer)```, "Output:" over a bare fence holding the value, then
    # "The script's output above is my final answer." — credit the printed value.
    "code then output block": _code_output,
    # "Final answer: Bea (direct), Vic (reachable via Gus)"; a label "X (ahead of Y)" where
    # Y is the other value — credit X.
    "annotated elements": _annotated,
    # "Final answer:\n1. Bea — meets every condition …\n2. …" — credit.
    "numbered list with reasons": _numbered_reasons,
    # "… I'm confident that **X** is correct here; the degree counts … agree …" — credit.
    "bold inside closing paragraph": lambda k, v, o, r: (
        "Having checked each edge twice and ruled out the alternatives, I'm confident that "
        f"**{_text(k, v)}** is correct here; the degree counts noted above agree with it, "
        "and no edge was left out."),
    # "## Summary" with bold-keyed bullets: Method, Edges checked: 14, Final answer: X,
    # Confidence — credit X.
    "summary section, bold keys": lambda k, v, o, r: (
        "## Summary\n\n- **Method:** breadth-first search from each relevant node\n"
        f"- **Edges checked:** {len(r['edges'])}\n- **Final answer:** {_text(k, v)}\n"
        "- **Confidence:** high"),
    # A tally line with other numbers, then "∴ X ∎" — credit X.
    "therefore sign after a tally": lambda k, v, o, r: (
        f"Tally: {len(r['edges'])} edges checked over {len(r['nodes'])} nodes.\n"
        f"∴ {_text(k, v)} ∎"),
    # A horizontal rule then the value alone as a heading, "### X" — credit.
    "bare value heading": lambda k, v, o, r: f"---\n\n### {_text(k, v)}",
    # ```csv\nanswer\nX\n``` (a set one element per row; an object keys over values) — credit.
    "csv block": lambda k, v, o, r: "```csv\n" + (
        ",".join(v) + "\n" + ",".join(str(x).lower() for x in v.values()) if k == "object"
        else "answer\n" + ("\n".join(v) if k == "labels" and v else
                           ("true" if v else "false") if k == "boolean" else
                           "none" if k == "labels" else str(v))) + "\n```",
    # "<final>X</final>" — decided: a tag named "final" is an answer tag; credit.
    "final tag": lambda k, v, o, r: f"<final>{_text(k, v)}</final>",
    # "Yes — toad can reach koala via eagle." / "4 — each one counted once …" — credit.
    "value — reason": _value_reason,
    # "The answer is: **Yes**, because toad can reach koala." — credit.
    "answer is: bold, because": _answer_is_bold_because,
    # "So the nodes that qualify are A, B, and C." — credit.
    "oxford comma": _oxford,
    # "Final answer: 1) A 2) B 3) C" — credit.
    "inline 1) 2) numbering": _inline_numbering,
    # "Result:\n- **can_reach**: false\n- **in_degree**: 2 …" / "- **answer**: X" — credit.
    "bold-key bullets": _bold_bullets,
    # "Final answer: can reach = no; in-degree = 2; out-degree = 1" — decided: these are the
    # object's fields named in words; credit.
    "spaced keys with =": _spaced_keys,
    # "| nodes | edges | answer |" over "| 9 | 14 | 4 |"; an object's keys over its values —
    # credit the answer column.
    "two-row key table": _two_row_table,
    # "Somit lautet das Endergebnis: **Ja**." — credit.
    "german endergebnis": _german,
    # "En définitive, la bonne réponse est oui." — credit.
    "french en définitive": _french,
    # "综上所述，最终答案为是。" — credit.
    "chinese 综上所述": _chinese,
    # "Answer: X" then a long "Explanation:" naming node/edge counts, degrees, steps — credit X.
    "explanation with numbers": _explanation,
    # "Answer: 4 (four)", "Answer: 1.29 (about 1)", "Answer: A, B, C (3 nodes)" — credit.
    "value (gloss)": _value_words,
    # "You asked: “How many …?” That comes to 4." — credit.
    "question restated": _restated,
    # "Answer: X[^1]\n\n[^1]: Counted twice …" — credit X.
    "footnote marker": _footnote,
    # "<details>\n<summary>Final answer</summary>\n\nX\n\n</details>" — credit.
    "details/summary block": lambda k, v, o, r: (
        f"<details>\n<summary>Final answer</summary>\n\n{_text(k, v)}\n\n</details>"),
}
"""Part A: the right value must be credited strictly, the wrong one never."""

EXCLUDED: dict[str, dict[str, str]] = {
    "numbered list with reasons": {
        k: "a one-item numbered list is no honest rendering of a single value"
        for k in ("boolean", "integer", "number", "label")},
    "oxford comma": {k: "nothing to join with an Oxford comma"
                     for k in ("boolean", "integer", "number", "label")},
    "inline 1) 2) numbering": {k: "nothing to number"
                               for k in ("boolean", "integer", "number", "label")},
    "spaced keys with =": {k: "the style is about an object's field names"
                           for k in ("boolean", "integer", "number", "label", "labels")},
}
"""Answer types with no honest rendering in a Part A style (decided before the first run)."""


# ---------------------------------------------------------------------------------------
# Part B: must never be credited strictly, whatever value is shown
# ---------------------------------------------------------------------------------------

def _first_hop(kind: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    """Only the first sub-step is answered; no final answer. Verdict: no credit (ideally
    unparsed)."""
    x = _query(rec).get("x", "the start node")
    tail = " I still have to follow the later hops before I can answer."
    if kind == "labels":
        return f"The first hop from {x} reaches {_join(list(v))}.{tail}"
    if kind == "integer":
        return f"The first hop from {x} reaches {v} nodes.{tail}"
    if kind == "number":
        return f"Over the first hop alone the average is {v}.{tail}"
    if kind == "boolean":
        return f"Looking at the first hop only, {'yes' if v else 'no'} so far.{tail}"
    if kind == "label":
        return f"After the first hop the front-runner is {v}.{tail}"
    return (f"First sub-step: out_degree comes to {v['out_degree']} on a first pass; "
            "in_degree and can_reach are still to be worked out.")


def _marks(kind: str, v: Any, o: Any, rec: dict[str, Any]) -> str | None:
    """A set question answered with a ✓/✗ per node and never concluded. Decided: a
    checklist is working, not a committed answer — no credit. Only sets."""
    if kind != "labels":
        return None
    q = _query(rec)
    nodes = [n for n in rec["nodes"] if n not in (q.get("x"), q.get("y"))]
    return "Checking each node in turn:\n" + "\n".join(
        f"- {n}: {'✓' if n in v else '✗'}" for n in nodes)


def _either(kind: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    """ "The answer is either X or Y, depending on whether …". No credit."""
    def s(x: Any) -> str:
        return _join(list(x)) if kind == "labels" else _text(kind, x)
    return (f"The answer is either {s(v)} or {s(o)}, depending on whether the links are "
            "read in their direction or both ways.")


def _unfinished_code(kind: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    """The value only in a code comment of an unfinished code block. No credit."""
    edges = ", ".join(f"({a!r}, {b!r})" for a, b in rec["edges"][:6])
    return (f"```python\nedges = [{edges}]\n# answer = {_py(kind, v)}  (to be checked)\n"
            "def solve(edges):\n    graph = {}\n    for a, b in edges:\n        graph.setdefault(")


def _another_node(kind: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    """The answer for a node other than the one asked about. No credit."""
    q = _query(rec)
    if "x" in q:
        z = _other_node(rec, q.get("x"), q.get("y"), q.get("z"))
        return (f"For {z} the answer would be {_text(kind, v)}; I didn't compute it for "
                f"{q['x']}.")
    return (f"For the graph with every edge reversed the answer would be {_text(kind, v)}; "
            "I didn't compute it for the graph as given.")


MUST_NOT_CREDIT: dict[str, Style6] = {
    # "The first hop from Frank reaches Dina and Hana. I still have to follow …" — no
    # credit, expected unparsed.
    "first hop only": _first_hop,
    # "Checking each node in turn:\n- Dina: ✓\n- Zoe: ✗ …" and nothing after — no credit
    # (decided: a checklist is not a commitment), expected unparsed.
    "per-node marks, no conclusion": _marks,
    # "The answer is either 3 or 5, depending on whether …" — no credit, expected unparsed.
    "either, depending": _either,
    # "I'd need more information … it could be X, but I can't commit to that." — no credit.
    "need more information": lambda k, v, o, r: (
        "I'd need more information to answer this reliably — the edge list might be "
        f"incomplete. Based on what's given it could be {_text(k, v)}, but I can't commit "
        "to that."),
    # A trace with X "so far", then "So the answer is" and nothing — no credit.
    "stops after 'So the answer is'": lambda k, v, o, r: (
        f"Let me count again from the start. I get {_text(k, v)} so far, but I haven't "
        "checked the last few edges yet.\n\nSo the answer is"),
    # "X looks likely but I haven't verified it.\n\nAnswer: TBD" — no credit, unparsed.
    "Answer: TBD": lambda k, v, o, r: (
        f"Working: {_text(k, v)} looks likely, but I haven't verified it.\n\nAnswer: TBD"),
    # "… X was one reading.\n\nAnswer: N/A" — no credit, expected unparsed.
    "Answer: N/A": lambda k, v, o, r: (
        f"Working: the links are ambiguous to me; {_text(k, v)} was one reading.\n\n"
        "Answer: N/A"),
    # A question back about edge direction, with a conditional value — no credit.
    "asks about direction": lambda k, v, o, r: (
        "Quick question before I answer: should the links be followed in their direction, "
        f"or both ways? If in their direction, I'd say {_text(k, v)} — but please confirm "
        "so I can give a final answer."),
    # "For Bea the answer would be 3; I didn't compute it for Gus." — no credit.
    "answer for another node": _another_node,
    # ```python … # answer = 4  (to be checked) … (cut, no closing fence) — no credit.
    "value in an unfinished code comment": _unfinished_code,
    # "I could not settle …, so I'm leaving it open:" ```json {"answer": null}``` — no credit.
    "json answer null": lambda k, v, o, r: (
        f"I could not settle between {_text(k, v)} and the alternatives, so I'm leaving it "
        'open:\n```json\n{"answer": null}\n```'),
    # A refusal citing policy, no value (the prelude may name one) — no credit.
    "policy refusal": lambda k, v, o, r: (
        "I'm sorry, but I can't help with this request. Analysing these relationships could "
        "be used to profile real people, which goes against my usage policy."),
    # "One reading gives X; another gives Y.\n\nAnswer: see above." — no credit.
    "Answer: see above": lambda k, v, o, r: (
        f"One reading gives {_text(k, v)}; another gives {_text(k, o)}.\n\n"
        "Answer: see above."),
}
"""Part B: never a strict credit, whatever value is shown; ``parsed`` counted too."""

EXCLUDED_B: dict[str, dict[str, str]] = {
    "per-node marks, no conclusion": {
        k: "only a set question has a per-node ✓/✗ checklist"
        for k in ("boolean", "integer", "number", "label", "object")},
}
"""Answer types with no honest rendering in a Part B style (decided before the first run)."""

SIXTH: dict[str, Style6] = {**SHOULD_CREDIT, **MUST_NOT_CREDIT}


# ---------------------------------------------------------------------------------------
# Runner
# ---------------------------------------------------------------------------------------

def _outputs(name: str, style: Style6, excluded: dict[str, str], recs: list[dict[str, Any]],
             seed: int) -> tuple[list[str], list[dict[str, Any]], list[tuple[str, bool, Any]]]:
    """Per record, one prelude (drawn per style, as in the first battery) then the right
    value's rendering and the wrong value's; excluded types are skipped."""
    outputs, refs, tags = [], [], []
    for rec, kind, answer, wrong, prelude in _battery.cases(name, recs, seed):
        if kind in excluded:
            continue
        for right, value, other in ((True, answer, wrong), (False, wrong, answer)):
            ending = style(kind, value, other, rec)
            if ending is None:
                raise AssertionError(f"{name}: no rendering of {kind} but not excluded")
            outputs.append(prelude.format(o=_text(kind, other)) + ending)
            refs.append(rec)
            tags.append((kind, right, value))
    return outputs, refs, tags


def _jsonable(x: Any) -> Any:
    try:
        json.dumps(x)
        return x
    except TypeError:
        return repr(x)


def run_a(styles: list[str] | None = None, per_category: int = PER_CATEGORY,
          seed: int = SEED) -> list[dict[str, Any]]:
    """Part A rows in the first battery's shape (credited, missed, wrong_credited, by type),
    with every miss and over-credit as an example (output, expected, read)."""
    from closurebench.scoring import judge_outputs

    recs = records(per_category, seed)
    rows = []
    for name in styles or list(SHOULD_CREDIT):
        outputs, refs, tags = _outputs(name, SHOULD_CREDIT[name], EXCLUDED.get(name, {}),
                                       recs, seed)
        verdicts = judge_outputs(outputs, refs)
        row: dict[str, Any] = {"style": name, "group": "credit", "credited": 0, "missed": 0,
                               "wrong_credited": 0, "missed_types": {}, "over_types": {},
                               "renderings": len(outputs) // 2, "miss_examples": []}
        for (kind, right, value), verdict, output in zip(tags, verdicts, outputs, strict=True):
            example = {"output": output, "kind": kind, "shown": value,
                       "read": _jsonable(verdict.answer), "parsed": verdict.parsed}
            if right and verdict.strict:
                row["credited"] += 1
            elif right:
                row["missed"] += 1
                row["missed_types"][kind] = row["missed_types"].get(kind, 0) + 1
                row["miss_examples"].append(example)
            elif verdict.strict:
                row["wrong_credited"] += 1
                row["over_types"][kind] = row["over_types"].get(kind, 0) + 1
                row.setdefault("over_examples", []).append(output[-160:])
                row.setdefault("over_full", []).append(example)
        rows.append(row)
    return rows


def run_b(styles: list[str] | None = None, per_category: int = PER_CATEGORY,
          seed: int = SEED) -> list[dict[str, Any]]:
    """Part B rows: outputs (right and wrong value each), strict credits (``over``: must be
    0) split by the value shown, and how many verdicts were ``parsed`` at all."""
    from closurebench.scoring import judge_outputs

    recs = records(per_category, seed)
    rows = []
    for name in styles or list(MUST_NOT_CREDIT):
        outputs, refs, tags = _outputs(name, MUST_NOT_CREDIT[name], EXCLUDED_B.get(name, {}),
                                       recs, seed)
        verdicts = judge_outputs(outputs, refs)
        row: dict[str, Any] = {"style": name, "outputs": len(outputs), "over": 0,
                               "over_right": 0, "over_wrong": 0, "parsed": 0,
                               "over_types": {}, "parsed_types": {}, "over_examples": [],
                               "parsed_examples": []}
        for (kind, right, value), verdict, output in zip(tags, verdicts, outputs, strict=True):
            example = {"output": output, "kind": kind, "shown": value, "right_shown": right,
                       "read": _jsonable(verdict.answer), "strict": verdict.strict}
            _battery.tally_b(row, kind, right, verdict)
            if verdict.parsed:
                row["parsed_examples"].append(example)
            if verdict.strict:
                row["over_examples"].append(example)
        rows.append(row)
    return rows


def table_b(rows: list[dict[str, Any]]) -> str:
    width = max([len(r["style"]) for r in rows] + [len("total must-not")])
    lines = [f"{'style':<{width}}  {'outputs':>7}  {'over':>4}  {'right':>5}  {'wrong':>5}  "
             f"{'parsed':>6}  parsed by type"]
    for r in rows:
        lines.append(f"{r['style']:<{width}}  {r['outputs']:>7}  {r['over']:>4}  "
                     f"{r['over_right']:>5}  {r['over_wrong']:>5}  {r['parsed']:>6}  "
                     f"{_battery.types(r['parsed_types'])}")
    total = [sum(r[c] for r in rows)
             for c in ("outputs", "over", "over_right", "over_wrong", "parsed")]
    lines.append(f"{'total must-not':<{width}}  {total[0]:>7}  {total[1]:>4}  {total[2]:>5}  "
                 f"{total[3]:>5}  {total[4]:>6}")
    for r in rows:
        if r["over"]:
            ex = r["over_examples"][0]
            lines.append(f"over-credited ({r['style']}): {r['over_types']}; e.g. "
                         f"{ex['output'][-160:]!r} read as {ex['read']!r}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = _battery.parser("python -m benchmarks.heldout_styles6", __doc__.splitlines()[0],
                             PER_CATEGORY)
    args = parser.parse_args(argv)
    a_names, b_names = _battery.parts(parser, _battery.plain_names(args.styles),
                                      SHOULD_CREDIT, MUST_NOT_CREDIT)
    print(_battery.header(SEED, args.per_category))
    rows_a = run_a(a_names, args.per_category) if a_names else []
    rows_b = run_b(b_names, args.per_category) if b_names else []
    if rows_a:
        print("\nPart A: must credit the right value, never the wrong one")
        print(table(rows_a))
        for r in rows_a:
            if r["missed"]:
                ex = r["miss_examples"][0]
                print(f"missed ({r['style']}): {r['missed_types']}; e.g. "
                      f"{ex['output'][-160:]!r} read as {ex['read']!r}")
    if rows_b:
        print("\nPart B: must never credit (over = strict credits; parsed = any answer read)")
        print(table_b(rows_b))
    if args.json:
        _battery.write_json(args.json, {"a": rows_a, "b": rows_b}, default=None)
    return 0


assert set(KINDS) == {"boolean", "integer", "number", "label", "labels", "object"}

if __name__ == "__main__":
    sys.exit(main())
