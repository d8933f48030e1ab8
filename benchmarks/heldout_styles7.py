r"""A seventh held-out battery: ``python -m benchmarks.heldout_styles7 [--styles a,b]
[--per-category N] [--json FILE] [--examples N]``.

Written by an outside auditor (an assistant session briefed to audit the judge) who had not
read the judge (``closurebench/scoring/``), its tests, ``docs/scoring.md`` or the bodies of the
second to sixth batteries: only ``benchmarks/heldout_styles.py`` (whose records, seed, wrong
values and preludes this reuses), ``benchmarks/README.md``, the earlier batteries' docstrings
(to go elsewhere), the sixth battery's public signatures (its ``run_a``/``run_b`` take only its
own style names, so this has its own runner) and the public ``Verdict`` fields (``answer``,
``parsed``, ``strict``). Every style, every excluded answer type and every expected verdict (a
comment per style) was written down and committed before the first run, and nothing was tuned
after it. A style here gets the record too, so it can name the graph's own nodes and question.

This battery imitates real model families and deployment formats as closely as it can.

Part A, 26 styles that must be credited with the right value and never with the wrong one:
the Minerva / lm-eval closing a Llama-3 gives ("Final Answer: The final answer is $3$. I hope
it is correct."; a label ``I`` there reads "… is I. I hope …"); GSM8K's ``#### X``;
Gemma/Mistral markdown steps ("**Step 1:** …" … "**Conclusion:** X"); a Claude-style answer
in the first sentence ("No, there is no chain from Quinn to Nina.", "The count is **3**.")
and an explanation after it that names the rejected value; GPT-4o's "### Final
Answer\n\n**X**"; a DeepSeek-R1 ``<think>`` trace mixing Chinese and English, the final
sentence after it in English; Qwen's "Therefore, 答案是 X." in an English answer; o1's
"**Answer:** X" first and "**Reasoning:**" after (naming the rejected value); math-verify
``$\boxed{…}$`` with sets as ``\{\text{A}, \text{B}\}`` (``\emptyset`` for none) and, a
second style, bare ``$\boxed{A, B}$``; a markdown table whose last row is ``| **Answer** | X
|``; JSON mode with extra whitespace, newlines and trailing commas; JSON mode with the value
as a string (``"3"``, ``"true"``/``"yes"``, ``"1.29"``, ``"A, B"``); node names in double
quotes; code font (`` `True` ``, `` `V` ``, `` `A`, `B` ``); sets as ``A; B; C``, as
``A/B/C`` and one per line without bullets; an emoji lead-in with an arrow ("👉 **Final
answer → X**"); "Answer: X ✓ (verified)"; "Answer: X — assuming edges are one-way as
stated."; ``multi_query`` as "reach: no / in: 2 / out: 1" and as one sentence per field
("Ursula's out-degree is 1. Ursula's in-degree is 2. Ursula cannot reach Eve."); integers
with a trailing ``.0`` (numbers to two places: ``3.50``); yes/no as "No — there is no chain
from Quinn to Nina." and as "There is no chain from Quinn to Nina, so: No.".

Judgement calls decided up front (Part A): trailing commas in JSON are a model's slip, not a
different answer (credit); a string ``"3"``, ``"yes"`` or ``"A, B"`` in the answer key is the
value (credit); ``3.0`` for an integer is 3 (credit); abbreviated keys ("reach", "in", "out")
name the three fields unambiguously (credit); "Ursula cannot reach Eve." answers ``can_reach``
(credit); ``\emptyset`` is the empty set (credit); an explanation after a committed answer
that says "at first glance it looks like Y" does not unseat the answer (credit X, never Y).

Part B, 10 styles that must never be credited strictly, whatever value is shown (right or
wrong), and whose verdicts should ideally be unparsed (``parsed`` is counted, not required):
"Answer: X. Final answer: Y." on one line with no correction word (decided: a
self-contradiction, not a correction); every node marked ("Dina: qualifies, Frank: does not
qualify, …") with no set stated (decided, as the sixth battery decided for its checklist: a
survey is the working, and a judge that assembles the set does the model's last step); a
multiple-choice letter ("The correct option is (C).", a letter that is no node of the graph);
an answer of the wrong type (a count for a yes/no: "Answer: 2" / "Answer: 0"; "Answer: Yes" /
"No" for a count or an average; a count for a label or a set); two readings and "… so I cannot
give a single answer."; an unclosed ``<think>`` that loops ("Wait, … Wait, …") and is cut off
mid-sentence (judged on its text alone: no ``finish_reasons`` passed); JSON mode with the
``answer`` key twice, disagreeing; "Answer: X or Y"; "Answer: somewhere between 2 and 4";
"Answer: [to be filled]".

Excluded before the first run (``EXCLUDED``, ``EXCLUDED_B``): a label in the stringified JSON
(a label is a string already); yes/no, counts and averages in double quotes (that is the
stringified JSON); counts and averages in code font (a value in a code span was the second
battery's); every type but the set and the object for semicolons and one per line, and but the
set for slashes (one value has nothing to separate); every type but the object for the two
``multi_query`` styles; yes/no, labels and sets for the trailing ``.0``; every type but yes/no
for the two negative phrasings; the object for the wrong type (its one-field answer was the
fifth battery's); every type but the set for the node-by-node survey; every type but counts
and averages for the range. Thousands separators are not covered: every count and average of
these records is below 1,000, so ``f"{v:,}"`` would print the plain value. The
multiple-choice style skips a record (renders ``None``) whose graph uses every letter A to E
as a node name.

Preludes: the first battery's (none, or reasoning naming the other value), except for whole
outputs that cannot have one (JSON mode, an answer in the first line, a ``<think>`` trace):
``WHOLE`` lists them; those name the other value themselves where it is natural.

Before the styles were committed, only their renderings were printed (no verdict asked of the
judge) to check this code.

First run (seed 20240611, 2 per category, on the judge of commit 4eba63a; the styles were
committed unrun as 2703b9a first). Part A: 845 credited, 123 missed, 2 wrongly credited (968
right renderings; 20 of 26 styles read in full). Misses: ``claude first sentence`` 52 (every
one, unparsed: "The count is **3**." / "Yes, there is a chain from toad to koala." followed by
an explanation), ``o1 answer then reasoning`` 52 (every one: 50 unparsed, and both objects
read as the rejected value of "A quick pass gives …, but that reads one edge backwards."),
``slash set`` 13 (every set of two or more, unparsed: "Answer: Ada/Hugo/Karl"; the one-element
"Answer: Ada" credited), ``double-quoted names`` 2 (both objects, unparsed: ``Final answer:
"out_degree": 1, "in_degree": 2, "can_reach": false``), ``reach / in / out`` 2 and ``sentence
per field`` 2 (every one, unparsed). 2 of the 123 misses were read as another answer, 121
unparsed. Over-credits: ``o1 answer then reasoning`` 2 (both objects with the wrong value
after "**Answer:**": the right object named as rejected in the reasoning was credited).

Part B: 124 of 900 outputs over-credited (2 showing the right value, 122 the wrong one); 344 of
900 parsed. Over-credits: ``answer then other final`` 52 (every wrong-value rendering: "Answer:
5. Final answer: 3." credited 3, the later value; all 104 parsed), ``json answer key twice``
52 (every wrong-value rendering: ``{"answer": 5, "answer": 3}`` credited 3, the last key; all
104 parsed), ``cannot give a single answer`` 18 (the wrong-value renderings without a prelude:
the second reading, "… two-way I get 4. Both readings seem possible here, so I cannot give a
single answer.", credited; all 36 outputs without a prelude parsed as their second reading,
none of the 68 with one), ``x or y`` 2 (both objects with the right value first: "Answer:
(out_degree: 1, …) or (out_degree: 2, …)" read as the first object; the other two objects
parsed as their first, no other type parsed). Parsed without over-credit: ``every node
marked`` 28 (every one, read as the first node alone, e.g. ``['Zoe']``, a node marked "does not
qualify"), ``answer of another type`` 40 (every set and label: "Answer: 5" read as ``['5']`` or
``'5'``; yes/no, counts and averages unparsed), ``[to be filled]`` 28 (every set, read as
``['to']``). Never parsed: ``multiple-choice letter``, ``looping trace cut off``,
``somewhere between``.

Fixed in the next commit (docs/scoring.md), each as a rule over every answer type: Part A 953
credited, 15 missed, 0 wrong; Part B 52 of 900 credited, 104 parsed. Left on purpose, as the
judge's documented policy differs from this battery's verdict: a set joined by "/" is
alternatives ("Ada/Hugo" is "Ada or Hugo": no answer, never an over-credit), and a later
"Final answer:" after an "Answer:" is the revision it names ("Answer: 5. Final answer: 3."
reads 3, as "Draft: … Final: …" does). Left as a miss: an object's fields said one sentence
each in words ("Ursula's out-degree is 1. … Ursula cannot reach Eve.").
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable
from typing import Any

from benchmarks import _battery
from benchmarks.heldout_styles import KINDS, PER_CATEGORY, SEED, records

Style7 = Callable[[str, Any, Any, dict[str, Any]], "str | None"]
"""(answer type, shown value, other value, record) -> the output (or its ending, after a
prelude); None where the record has no honest rendering."""

_ORDER = ("out_degree", "in_degree", "can_reach")  # the order the multi_query question asks


def _t(kind: str, value: Any, yes: str = "Yes", no: str = "No") -> str:
    """The plain text of a value: Yes/No, the number, the name, "A, B, C" (or "none"), and an
    object's fields in the question's order."""
    if kind == "boolean":
        return yes if value else no
    if kind == "labels":
        return ", ".join(value) if value else "none"
    if kind == "object":
        return ", ".join(f"{k}: {json.dumps(value[k])}" for k in _ORDER)
    return str(value)


def _q(rec: dict[str, Any]) -> dict[str, Any]:
    return json.loads(rec["query"]) if isinstance(rec["query"], str) else dict(rec["query"])


def _claim(rec: dict[str, Any], value: bool) -> str:
    """A sentence stating a yes/no answer in the question's own terms."""
    q, cat = _q(rec), rec["category"]
    x, y = q.get("x", "the first node"), q.get("y", "the second node")
    if cat == "same_scc":
        return f"{x} and {y} can each reach the other" if value else \
            f"{x} and {y} cannot each reach the other"
    if cat == "sibling":
        return f"{x} and {y} share a parent" if value else f"{x} and {y} share no parent"
    if cat == "cousin":
        return f"{x} and {y} are first cousins" if value else f"{x} and {y} are not first cousins"
    return f"there is a chain from {x} to {y}" if value else f"there is no chain from {x} to {y}"


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _sizes(rec: dict[str, Any]) -> tuple[int, int]:
    return len(rec["nodes"]), len(rec["edges"])


# --- Part A: must credit the right value, never the wrong one ------------------------------

def _minerva(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # Llama-3 under lm-eval's Minerva prompt. Credit X (also the label "I" before "I hope").
    x = f"${v}$" if k in ("integer", "number") else _t(k, v)
    return f"Final Answer: The final answer is {x}. I hope it is correct."


def _gsm8k(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # GSM8K's answer line after the working. Credit X.
    n, m = _sizes(rec)
    return f"The graph has {n} nodes and {m} edges; I followed each of them.\n#### {_t(k, v)}"


def _gemma_steps(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # Gemma / Mistral markdown steps with counts of their own. Credit X.
    n, m = _sizes(rec)
    return (f"**Step 1:** Read the graph. There are {n} nodes and {m} edges.\n\n"
            f"**Step 2:** Follow the edges that matter for the question, one at a time.\n\n"
            f"**Step 3:** Double-check each edge against the list in Step 1.\n\n"
            f"**Conclusion:** {_t(k, v)}")


def _claude_first(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # Whole output, answer in the first sentence, explanation after naming the rejected value.
    # Credit X, never Y.
    n, m = _sizes(rec)
    first = {
        "boolean": f"{'Yes' if v else 'No'}, {_claim(rec, v)}.",
        "integer": f"The count is **{v}**.",
        "number": f"The average works out to **{v}**.",
        "label": f"It's **{v}**.",
        "labels": f"The ones that qualify are **{_t(k, v)}**.",
        "object": f"In short: {_t(k, v)}.",
    }[k]
    return (f"{first}\n\nHere's how I got there. I went through all {m} edges among the {n} "
            f"nodes and followed each one in its direction. At first glance it looks like "
            f"{_t(k, o)}, but that comes from misreading one edge's direction; with every edge "
            f"read as stated, the answer above holds.")


def _gpt4o_heading(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # GPT-4o: a solution section, then "### Final Answer" over the bold value. Credit X.
    n, m = _sizes(rec)
    return (f"### Solution\n\n1. List the {m} edges among the {n} nodes.\n"
            f"2. Follow them as the question asks.\n\n### Final Answer\n\n**{_t(k, v)}**")


def _r1_bilingual(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # Whole output: R1 <think> mixing Chinese and English, the other value proposed and
    # dropped, the final sentence after </think> in English. Credit X, never Y.
    n, m = _sizes(rec)
    return (f"<think>\n好的，我来看一下这个问题。First, the graph has {n} nodes and {m} edges.\n"
            f"嗯，从起点出发… so maybe the answer is {_t(k, o)}?\n"
            f"等等，不对，我漏掉了一条边。Let me recount carefully.\n"
            f"重新检查每一条边… 所以应该是 {_t(k, v)}。\n确认一下，就是 {_t(k, v)}。\n"
            f"</think>\n\nAfter checking all {m} edges, the answer is **{_t(k, v)}**.")


def _qwen_daan(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # Qwen's Chinese cue inside an English answer. Credit X.
    return (f"I traced every edge from the start and double-checked.\n\n"
            f"Therefore, 答案是 {_t(k, v)}.")


def _o1_answer_first(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # Whole output, o1 style: the answer first, reasoning after naming the rejected value.
    # Credit X, never Y.
    n, m = _sizes(rec)
    return (f"**Answer:** {_t(k, v)}\n\n**Reasoning:**\n- The graph has {n} nodes and {m} "
            f"edges.\n- A quick pass gives {_t(k, o)}, but that reads one edge backwards.\n"
            f"- Re-checking every edge in its direction confirms the answer above.")


def _tex_text(s: str) -> str:
    return s.replace("_", "\\_")


def _boxed_braces(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # math-verify style: $\boxed{...}$, sets as \{\text{A}, \text{B}\}, \emptyset for none.
    # Credit X.
    if k == "labels":
        inner = ("\\{" + ", ".join(f"\\text{{{x}}}" for x in v) + "\\}") if v else "\\emptyset"
    elif k == "object":
        inner = "\\{" + ", ".join(f"\\text{{{_tex_text(f)}}}: \\text{{{json.dumps(v[f])}}}"
                                  for f in _ORDER) + "\\}"
    elif k in ("boolean", "label"):
        inner = f"\\text{{{_t(k, v)}}}"
    else:
        inner = str(v)
    return f"Thus, the final answer is $\\boxed{{{inner}}}$."


def _boxed_plain(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # math-verify style with bare contents: $\boxed{A, B}$, $\boxed{V}$, $\boxed{Yes}$. Credit X.
    return f"The final answer is $\\boxed{{{_t(k, v)}}}$."


def _table_last_row(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # A summary table whose last row is the answer, bold key. Credit X.
    n, m = _sizes(rec)
    return (f"| Quantity | Value |\n|---|---|\n| Nodes | {n} |\n| Edges | {m} |\n"
            f"| **Answer** | {_t(k, v)} |")


def _json_messy(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # Whole output, JSON mode: blank lines, spaces before colons, trailing commas. Credit X.
    if k == "labels":
        body = "[\n" + "".join(f'        "{x}",\n' for x in v) + "    ]" if v else "[ ]"
    elif k == "object":
        body = "{\n" + "".join(f'        "{f}" :  {json.dumps(v[f])},\n' for f in _ORDER) + "    }"
    else:
        body = json.dumps(v)
    return f'\n\n{{\n    "answer" :   {body} ,\n}}\n\n'


def _json_strings(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # Whole output, JSON mode with the value as a string ("3", "true"/"yes", "A, B");
    # label excluded. Credit X.
    if k == "boolean":
        s = ("yes" if v else "no") if rec["category"] in ("sibling", "cousin") else \
            ("true" if v else "false")
        return json.dumps({"answer": s})
    if k == "object":
        return json.dumps({"answer": {f: str(v[f]).lower() for f in _ORDER}})
    return json.dumps({"answer": _t(k, v)})


def _quoted_names(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # Node names (and an object's keys) in double quotes; scalars excluded. Credit X.
    if k == "labels":
        x = ", ".join(f'"{n}"' for n in v) if v else "none"
    elif k == "object":
        x = ", ".join(f'"{f}": {json.dumps(v[f])}' for f in _ORDER)
    else:
        x = f'"{v}"'
    return f"Final answer: {x}"


def _code_font(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # Code font: `True`/`False`, `V`, `A`, `B`, `out_degree`: `1`, …; counts and averages
    # excluded. Credit X.
    if k == "boolean":
        x = "`True`" if v else "`False`"
    elif k == "labels":
        x = ", ".join(f"`{n}`" for n in v) if v else "none"
    elif k == "object":
        x = ", ".join(f"`{f}`: `{v[f]}`" for f in _ORDER)
    else:
        x = f"`{v}`"
    return f"**Result:** {x}"


def _semicolons(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # Sets and objects joined with semicolons. Credit X.
    if k == "object":
        return "Answer: " + "; ".join(f"{f}: {json.dumps(v[f])}" for f in _ORDER)
    return "Answer: " + ("; ".join(v) if v else "none")


def _slashes(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # Sets joined with slashes (names like srv-01 have hyphens). Credit X.
    return "Answer: " + ("/".join(v) if v else "none")


def _one_per_line(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # One element (or field) per line, no bullets. Credit X.
    if k == "object":
        return "Answer:\n" + "\n".join(f"{f}: {json.dumps(v[f])}" for f in _ORDER)
    return "Answer:\n" + ("\n".join(v) if v else "none")


def _emoji_arrow(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # Emoji lead-in, arrow, all in bold. Credit X.
    return f"👉 **Final answer → {_t(k, v)}**"


def _verified(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # A double-checked answer. Credit X.
    return f"Answer: {_t(k, v)} ✓ (verified)"


def _caveat(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # A caveat about assumptions that does not change the answer. Credit X.
    return f"Answer: {_t(k, v)} — assuming edges are one-way as stated."


def _multi_slash(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # Abbreviated keys, slash-separated, yes/no for the boolean. Credit X.
    return (f"reach: {'yes' if v['can_reach'] else 'no'} / in: {v['in_degree']} / "
            f"out: {v['out_degree']}")


def _multi_sentences(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # One sentence per field, in the question's order. Credit X.
    q = _q(rec)
    x, y = q["x"], q["y"]
    reach = f"{x} can reach {y}." if v["can_reach"] else f"{x} cannot reach {y}."
    return f"{x}'s out-degree is {v['out_degree']}. {x}'s in-degree is {v['in_degree']}. {reach}"


def _trailing_zero(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # Integers as 3.0, averages to two places (3.50), an object's counts as 2.0. Credit X.
    if k == "integer":
        x = f"{v:.1f}"
    elif k == "number":
        x = f"{v:.2f}"
    else:
        x = (f"out_degree: {v['out_degree']:.1f}, in_degree: {v['in_degree']:.1f}, "
             f"can_reach: {json.dumps(v['can_reach'])}")
    return f"Answer: {x}"


def _dash_claim(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # "No — there is no chain from Quinn to Nina." Credit X.
    return f"{'Yes' if v else 'No'} — {_claim(rec, v)}."


def _claim_so(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # "There is no chain from Quinn to Nina, so: No." Credit X.
    return f"{_cap(_claim(rec, v))}, so: {'Yes' if v else 'No'}."


SHOULD_CREDIT: dict[str, Style7] = {
    "minerva hope correct": _minerva,
    "gsm8k hashes": _gsm8k,
    "gemma step headings": _gemma_steps,
    "claude first sentence": _claude_first,
    "gpt-4o final answer heading": _gpt4o_heading,
    "r1 think zh/en": _r1_bilingual,
    "qwen 答案是 in english": _qwen_daan,
    "o1 answer then reasoning": _o1_answer_first,
    "boxed \\{\\text{}\\}": _boxed_braces,
    "boxed bare": _boxed_plain,
    "table answer row last": _table_last_row,
    "json mode trailing commas": _json_messy,
    "json mode strings": _json_strings,
    "double-quoted names": _quoted_names,
    "code font": _code_font,
    "semicolon set": _semicolons,
    "slash set": _slashes,
    "one per line": _one_per_line,
    "emoji arrow bold": _emoji_arrow,
    "verified tick": _verified,
    "assumption caveat": _caveat,
    "reach / in / out": _multi_slash,
    "sentence per field": _multi_sentences,
    "trailing .0": _trailing_zero,
    "yes/no — claim": _dash_claim,
    "claim, so: yes/no": _claim_so,
}
"""Part A (expected: the right value credited, the wrong one never)."""

EXCLUDED: dict[str, tuple[str, ...]] = {
    "json mode strings": ("label",),
    "double-quoted names": ("boolean", "integer", "number"),
    "code font": ("integer", "number"),
    "semicolon set": ("boolean", "integer", "number", "label"),
    "slash set": ("boolean", "integer", "number", "label", "object"),
    "one per line": ("boolean", "integer", "number", "label"),
    "reach / in / out": ("boolean", "integer", "number", "label", "labels"),
    "sentence per field": ("boolean", "integer", "number", "label", "labels"),
    "trailing .0": ("boolean", "label", "labels"),
    "yes/no — claim": ("integer", "number", "label", "labels", "object"),
    "claim, so: yes/no": ("integer", "number", "label", "labels", "object"),
}
"""Answer types with no honest rendering in a Part A style, decided before the first run."""


# --- Part B: must never credit strictly ------------------------------------------------------

def _b_contradiction(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # Two cued values on one line, no correction word. Must not credit.
    return f"Answer: {_t(k, v)}. Final answer: {_t(k, o)}."


def _b_every_node(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # Every node marked, no set stated (sets only). Must not credit.
    marks = ", ".join(f"{n}: {'qualifies' if n in v else 'does not qualify'}"
                      for n in rec["nodes"])
    return f"Going node by node: {marks}."


def _b_mc_letter(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str | None:
    # A multiple-choice letter that is no node's name. Must not credit; should not parse.
    letter = next((c for c in "CBDEA" if c not in rec["nodes"]), None)
    return None if letter is None else f"The correct option is ({letter})."


def _b_wrong_type(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # An answer of another type: a count for yes/no, yes/no for a count or average, a count
    # for a label (its out-degree) or a set (its size). Must not credit.
    if k == "boolean":
        return f"Answer: {2 if v else 0}"
    if k in ("integer", "number"):
        return f"Answer: {'Yes' if v > 0 else 'No'}"
    if k == "label":
        return f"Answer: {sum(1 for e in rec['edges'] if e[0] == v)}"
    return f"Answer: {len(v)}"


def _b_no_single(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # Two readings, then a refusal to choose. Must not credit.
    return (f"Reading every link as one-way I get {_t(k, v)}; reading them as two-way I get "
            f"{_t(k, o)}. Both readings seem possible here, so I cannot give a single answer.")


def _b_loop_cut(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # Whole output: an unclosed <think> that loops and is cut off; the shown value named last.
    # Must not credit.
    e = rec["edges"][0]
    return (f"<think>\nLet me count again. I get {_t(k, o)}. Wait, that's not right — "
            f"{_t(k, v)}. Wait, let me re-check the edge from {e[0]} to {e[1]}. So {_t(k, o)}. "
            f"Wait, but then {_t(k, v)}? Wait, I need to go through the edges again from the "
            f"beginning. So far it looks like {_t(k, v)}. Wait, the edge from {e[0]} goes to")


def _b_json_two_keys(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # Whole output, JSON mode with the answer key twice, disagreeing. Must not credit.
    return f'{{"answer": {json.dumps(v)}, "answer": {json.dumps(o)}}}'


def _b_or(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # "Answer: 3 or 4". Must not credit.
    if k in ("labels", "object"):
        return f"Answer: ({_t(k, v)}) or ({_t(k, o)})"
    return f"Answer: {_t(k, v)} or {_t(k, o)}"


def _b_range(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # A range holding the shown value (counts and averages only). Must not credit.
    if k == "integer":
        return f"Answer: somewhere between {v - 1} and {v + 1}"
    lo = math.floor(v)
    return f"Answer: somewhere between {lo} and {lo + 1}"


def _b_to_fill(k: str, v: Any, o: Any, rec: dict[str, Any]) -> str:
    # A placeholder. Must not credit; should not parse.
    return "Answer: [to be filled]"


MUST_NOT_CREDIT: dict[str, Style7] = {
    "answer then other final": _b_contradiction,
    "every node marked": _b_every_node,
    "multiple-choice letter": _b_mc_letter,
    "answer of another type": _b_wrong_type,
    "cannot give a single answer": _b_no_single,
    "looping trace cut off": _b_loop_cut,
    "json answer key twice": _b_json_two_keys,
    "x or y": _b_or,
    "somewhere between": _b_range,
    "[to be filled]": _b_to_fill,
}
"""Part B (expected: never a strict credit, whatever value is shown)."""

EXCLUDED_B: dict[str, tuple[str, ...]] = {
    "every node marked": ("boolean", "integer", "number", "label", "object"),
    "answer of another type": ("object",),
    "somewhere between": ("boolean", "label", "labels", "object"),
}
"""Answer types with no honest rendering in a Part B style, decided before the first run."""

WHOLE = frozenset({"claude first sentence", "r1 think zh/en", "o1 answer then reasoning",
                   "json mode trailing commas", "json mode strings", "json answer key twice",
                   "looping trace cut off"})
"""Styles that are a whole output: no prelude before them."""

SEVENTH: dict[str, Style7] = {**SHOULD_CREDIT, **MUST_NOT_CREDIT}


def _renders(name: str, style: Style7, excluded: dict[str, tuple[str, ...]],
             per_category: int, seed: int) -> list[tuple[str, bool, Any, str, dict[str, Any]]]:
    """(kind, right?, shown value, output, record) for the right and the wrong value of every
    record whose type the style renders."""
    out = []
    for rec, kind, answer, wrong, head in _battery.cases(name, records(per_category, seed),
                                                         seed):
        if kind in excluded.get(name, ()):
            continue
        for right, value, other in ((True, answer, wrong), (False, wrong, answer)):
            ending = style(kind, value, other, rec)
            if ending is None:
                continue
            prelude = "" if name in WHOLE else head.format(o=_t(kind, other))
            out.append((kind, right, value, prelude + ending, rec))
    return out


def _jsonable(x: Any) -> Any:
    return x if isinstance(x, (str, int, float, bool, list, dict, type(None))) else repr(x)


def run_a(styles: list[str] | None = None, per_category: int = PER_CATEGORY,
          seed: int = SEED) -> list[dict[str, Any]]:
    """Part A rows (credited, missed, wrong_credited, by type), every miss and over-credit
    with its output, the expected value and what was read."""
    from closurebench.scoring import judge_outputs

    rows = []
    for name in styles or list(SHOULD_CREDIT):
        items = _renders(name, SHOULD_CREDIT[name], EXCLUDED, per_category, seed)
        verdicts = judge_outputs([i[3] for i in items], [i[4] for i in items])
        row: dict[str, Any] = {"style": name, "group": "credit", "renderings": 0,
                               "credited": 0, "missed": 0, "wrong_credited": 0,
                               "missed_types": {}, "over_types": {}, "missed_examples": [],
                               "over_examples": [], "missed_parsed": 0}
        for (kind, right, value, output, _rec), verdict in zip(items, verdicts, strict=True):
            example = {"output": output, "expected": value, "read": _jsonable(verdict.answer),
                       "parsed": bool(verdict.parsed)}
            if right:
                row["renderings"] += 1
                if verdict.strict:
                    row["credited"] += 1
                else:
                    row["missed"] += 1
                    row["missed_parsed"] += bool(verdict.parsed)
                    row["missed_types"][kind] = row["missed_types"].get(kind, 0) + 1
                    row["missed_examples"].append(example)
            elif verdict.strict:
                row["wrong_credited"] += 1
                row["over_types"][kind] = row["over_types"].get(kind, 0) + 1
                row["over_examples"].append({**example, "expected": "(not credited)"})
        rows.append(row)
    return rows


def run_b(styles: list[str] | None = None, per_category: int = PER_CATEGORY,
          seed: int = SEED) -> list[dict[str, Any]]:
    """Part B rows: outputs (right and wrong value each), strict credits (``over``: must be
    0) split by the value shown, and how many verdicts were ``parsed`` at all."""
    from closurebench.scoring import judge_outputs

    rows = []
    for name in styles or list(MUST_NOT_CREDIT):
        items = _renders(name, MUST_NOT_CREDIT[name], EXCLUDED_B, per_category, seed)
        verdicts = judge_outputs([i[3] for i in items], [i[4] for i in items])
        row: dict[str, Any] = {"style": name, "outputs": len(items), "over": 0,
                               "over_right": 0, "over_wrong": 0, "parsed": 0,
                               "over_types": {}, "parsed_types": {}, "examples": []}
        for (kind, right, value, output, _rec), verdict in zip(items, verdicts, strict=True):
            _battery.tally_b(row, kind, right, verdict)
            if verdict.strict or verdict.parsed:
                row["examples"].append({"output": output, "shown": value,
                                        "right_shown": right, "strict": bool(verdict.strict),
                                        "read": _jsonable(verdict.answer)})
        rows.append(row)
    return rows


def table_a(rows: list[dict[str, Any]]) -> str:
    width = max([len(r["style"]) for r in rows] + [12])
    lines = [f"{'style':<{width}}  {'credited':>8}  {'missed':>6}  {'wrong cr.':>9}  "
             "missed by type"]
    for r in rows:
        lines.append(f"{r['style']:<{width}}  {r['credited']:>8}  {r['missed']:>6}  "
                     f"{r['wrong_credited']:>9}  {_battery.types(r['missed_types'])}")
    total = [sum(r[c] for r in rows) for c in ("credited", "missed", "wrong_credited")]
    lines.append(f"{'total credit':<{width}}  {total[0]:>8}  {total[1]:>6}  {total[2]:>9}  "
                 f"({sum(r['renderings'] for r in rows)} right renderings; "
                 f"{sum(r['missed_parsed'] for r in rows)} misses read as another answer)")
    for r in rows:
        if r["wrong_credited"]:
            lines.append(f"over-credited ({r['style']}): {r['over_types']}; e.g. "
                         f"{r['over_examples'][0]['output'][-160:]!r}")
    return "\n".join(lines)


def table_b(rows: list[dict[str, Any]]) -> str:
    width = max([len(r["style"]) for r in rows] + [16])
    lines = [f"{'style':<{width}}  {'outputs':>7}  {'over':>4}  {'(right':>6}  {'wrong)':>6}  "
             f"{'parsed':>6}  over by type"]
    for r in rows:
        lines.append(f"{r['style']:<{width}}  {r['outputs']:>7}  {r['over']:>4}  "
                     f"{r['over_right']:>6}  {r['over_wrong']:>6}  {r['parsed']:>6}  "
                     f"{_battery.types(r['over_types'])}")
    total = [sum(r[c] for r in rows)
             for c in ("outputs", "over", "over_right", "over_wrong", "parsed")]
    lines.append(f"{'total must-not':<{width}}  {total[0]:>7}  {total[1]:>4}  {total[2]:>6}  "
                 f"{total[3]:>6}  {total[4]:>6}")
    return "\n".join(lines)


def _print_examples(rows_a: list[dict[str, Any]], rows_b: list[dict[str, Any]], n: int) -> None:
    for r in rows_a:
        for tag in ("missed_examples", "over_examples"):
            for ex in r[tag][:n]:
                print(f"\n[A {r['style']} {tag.split('_')[0]}] expected {ex['expected']!r}, "
                      f"read {ex['read']!r}:\n{ex['output']}")
    for r in rows_b:
        for ex in r["examples"][:n]:
            print(f"\n[B {r['style']} {'STRICT' if ex['strict'] else 'parsed'}] shown "
                  f"{ex['shown']!r} ({'right' if ex['right_shown'] else 'wrong'}), read "
                  f"{ex['read']!r}:\n{ex['output']}")


def main(argv: list[str] | None = None) -> int:
    parser = _battery.parser("python -m benchmarks.heldout_styles7", __doc__.splitlines()[0],
                             PER_CATEGORY, examples=True)
    args = parser.parse_args(argv)
    a_names, b_names = _battery.parts(parser, _battery.plain_names(args.styles),
                                      SHOULD_CREDIT, MUST_NOT_CREDIT)
    rows_a = run_a(a_names, args.per_category) if a_names else []
    rows_b = run_b(b_names, args.per_category) if b_names else []
    print(_battery.header(SEED, args.per_category))
    if rows_a:
        print("\nPart A: must credit the right value, never the wrong one")
        print(table_a(rows_a))
    if rows_b:
        print("\nPart B: must never credit strictly (parsed: read as some answer at all)")
        print(table_b(rows_b))
    if args.examples:
        _print_examples(rows_a, rows_b, args.examples)
    if args.json:
        _battery.write_json(args.json, {"a": rows_a, "b": rows_b}, default=repr)
    return 0


assert set(KINDS) >= {k for ks in (*EXCLUDED.values(), *EXCLUDED_B.values()) for k in ks}

if __name__ == "__main__":
    sys.exit(main())
