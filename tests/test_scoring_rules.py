"""Each rule of the judge's stages as a metamorphic property over every answer type.

The marks are generated from their Unicode property (``closurebench.scoring.marks``), not
listed: every separator of the BMP (dashes, colons, equals signs, arrows), every bracket pair
whose closing bracket follows its opening one, markdown emphasis and headers. Over real
records of every category (count, number, yes/no, label, set, ``multi_query``), for the
right value and a wrong one:

* (a) replacing the separator after a cue by any other keeps the verdict; so does wrapping the
  cue in any bracket pair, with or without a separator after it;
* (b) a list answer inline, bulleted (any bullet or enumerator), one per line under a heading,
  or in a table keeps the verdict;
* (c) every cue word gets the verdict; reasoning before the final answer that mentions other
  values never changes it; a wrong restatement after it revises it (parsed, wrong), is a
  hedge when offered as an alternative (no answer), and is no answer beside it;
* over-crediting: a different value after the marker is wrong; a hedge between two values is
  never credited.
"""

from __future__ import annotations

import json
import os
import unicodedata
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import closurebench
from closurebench.scoring import judge_outputs
from closurebench.scoring.marks import BULLET, SEP, role

EXAMPLES = int(os.environ.get("CLOSUREBENCH_FUZZ_EXAMPLES", "200"))
PROPERTY = settings(max_examples=EXAMPLES, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

class _Record(dict):  # type: ignore[type-arg]
    """A record that Hypothesis reports by its id."""

    def __repr__(self) -> str:
        return f"<{self['id']}>"


RECORDS = [_Record(r) for seed in (3, 4)
           for r in closurebench.generate("all", per_category=1, seed=seed)]
KINDS = ("integer", "boolean", "label", "labels", "number", "object")


def _kind(record: dict[str, Any]) -> str:
    kind = json.loads(record["answer_schema"])["type"]
    return {"array": "labels", "string": "label"}.get(kind, kind)


BY_KIND = {k: [r for r in RECORDS if _kind(r) == k] for k in KINDS}
LISTS = [r for r in BY_KIND["labels"] if json.loads(r["answer"])]


def test_every_answer_type_is_covered() -> None:
    assert all(BY_KIND[k] for k in KINDS), {k: len(v) for k, v in BY_KIND.items()}
    assert len(LISTS) >= 3


def _answer(record: dict[str, Any]) -> Any:
    return json.loads(record["answer"])


def _wrong(record: dict[str, Any]) -> Any:
    """A plausible wrong answer of the same type."""
    answer, nodes, kind = _answer(record), record["nodes"], _kind(record)
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


def _text(kind: str, value: Any) -> str:
    """The value as written after a cue."""
    if kind == "boolean":
        return "Yes" if value else "No"
    if kind == "labels":
        return ", ".join(value) if value else "none"
    if kind == "object":
        return ", ".join(f"{k}: {str(v).lower()}" for k, v in value.items())
    return str(value)


RIGHT, WRONG, NONE = (True, True), (True, False), (False, False)


def _verdict(output: str, record: dict[str, Any]) -> tuple[bool, bool]:
    v = judge_outputs([output], [record])[0]
    return v.parsed, v.strict


def _case(right: bool, record: dict[str, Any]) -> tuple[Any, tuple[bool, bool]]:
    return (_answer(record), RIGHT) if right else (_wrong(record), WRONG)


# ---- the generated classes of marks -----------------------------------------------------

def _bmp(want: int, without: int = 0) -> list[str]:
    return [c for c in map(chr, range(0x21, 0x10000)) if not c.isspace()
            and unicodedata.category(c)[0] != "C" and role(c) & want and not role(c) & without]


SEPARATOR_CHARS = _bmp(SEP)
"""Every BMP character whose Unicode property makes it a separator (several hundred)."""
BULLET_CHARS = _bmp(BULLET)
BRACKETS = [(c, chr(ord(c) + 1)) for c in map(chr, range(0x21, 0x10000))
            if c != "{" and unicodedata.category(c) in ("Ps", "Pi")
            and unicodedata.category(chr(ord(c) + 1)) in ("Pe", "Pf")]
SCRIPT_BRACKETS = [*BRACKETS, ("[", "]")]
"""Every bracket pair of any script whose closing bracket follows its opening one."""
BRACKETS = [*SCRIPT_BRACKETS, ("**", "**"), ("__", "__"), ("*", "*"), ("## ", ""), ("### ", ""),
            ("> ", ""), ("> **", "**"), ("**[", "]**")]
"""Those and markdown's emphasis, headers and quotes."""
VALUE_BRACKETS = [(a, b) for a, b in SCRIPT_BRACKETS
                  if unicodedata.normalize("NFKC", a) not in ("[", "{")]


def test_the_classes_are_large_and_of_every_script() -> None:
    assert len(SEPARATOR_CHARS) > 300  # dashes, colons, equals signs, arrows
    assert {"-", "–", "—", ":", "：", "=", "→", "⟶", "⇒", "➔", "〜"} <= set(SEPARATOR_CHARS)
    assert not {"↛", ".", ",", ";", "≈", "∅", "~"} & set(SEPARATOR_CHARS)
    pairs = set(BRACKETS)
    assert {("【", "】"), ("「", "」"), ("『", "』"), ("〔", "〕"), ("(", ")"), ("（", "）"),
            ("“", "”")} <= pairs
    assert {"•", "◦", "▪", "‣", "–", "►", "✓", "*", "+"} <= set(BULLET_CHARS)


@st.composite
def separators(draw: st.DrawFn) -> str:
    """One to three separator characters with optional spaces around them, or an ASCII
    arrow; a dash is followed by a space (right before a digit it is a minus sign)."""
    marks = draw(st.lists(st.sampled_from(SEPARATOR_CHARS), min_size=1, max_size=3))
    if draw(st.booleans()):
        marks = [draw(st.sampled_from(["->", "=>", "-->", ":=", "::", ":-"]))]
    before = draw(st.sampled_from(["", " "]))
    return before + "".join(marks) + " "


CUES = ["Answer", "answer", "ANSWER", "Final answer", "The final answer", "My answer",
        "The correct answer", "Result", "Final result", "Conclusion", "Verdict", "Solution",
        "Outcome", "Final tally", "Tally", "Final count", "Final total", "Overall total",
        "Final", "FINAL ANSWER", "Final Answer", "Short answer"]
cues = st.sampled_from(CUES)
records = st.sampled_from(RECORDS)


# ---- (a) what joins a cue to its value ----------------------------------------------------

@PROPERTY
@given(records, cues, separators(), separators(), st.booleans())
def test_any_separator_after_a_cue_gives_one_verdict(
    record: dict[str, Any], cue: str, one: str, other: str, right: bool
) -> None:
    value, expected = _case(right, record)
    text = _text(_kind(record), value)
    got = [_verdict(cue + sep + text, record) for sep in (": ", one, other)]
    assert got == [expected] * 3, (cue, one, other, text)


@PROPERTY
@given(records, cues, st.sampled_from(BRACKETS), st.sampled_from([" ", ": ", " — ", "：", " → "]),
       st.booleans())
def test_any_bracket_around_a_cue_gives_one_verdict(
    record: dict[str, Any], cue: str, pair: tuple[str, str], sep: str, right: bool
) -> None:
    opening, closing = pair
    if not closing and not sep.strip():
        sep = ": "  # "## Answer 4" is a header naming nothing: the mark is the separator
    value, expected = _case(right, record)
    text = _text(_kind(record), value)
    output = f"{opening}{cue}{closing}{sep}{text}"
    assert _verdict(output, record) == expected, output


@PROPERTY
@given(records, cues, st.sampled_from(BRACKETS), st.sampled_from(["\n", "\n\n"]),
       st.booleans())
def test_a_cue_heading_takes_the_value_below_it(
    record: dict[str, Any], cue: str, pair: tuple[str, str], gap: str, right: bool
) -> None:
    value, expected = _case(right, record)
    output = f"{pair[0]}{cue}{pair[1]}{gap}{_text(_kind(record), value)}"
    assert _verdict(output, record) == expected, output


@PROPERTY
@given(records, cues, st.sampled_from(VALUE_BRACKETS), st.booleans())
def test_any_bracket_around_the_value_gives_one_verdict(
    record: dict[str, Any], cue: str, pair: tuple[str, str], right: bool
) -> None:
    """"Answer: 【srv-24】": a bracket of any script around a value is no part of it (those
    that fold to ``[`` aside: "[4]" is a JSON list)."""
    if _kind(record) == "object":
        return
    value, expected = _case(right, record)
    output = f"{cue}: {pair[0]}{_text(_kind(record), value)}{pair[1]}"
    assert _verdict(output, record) == expected, output


@pytest.mark.parametrize("mark", ["≥", "≤", "≠", "↛", "<", ">", "~"])
def test_a_relation_is_no_separator(mark: str) -> None:
    """"Answer ≥ 4" bounds the answer; it does not give it."""
    for record in BY_KIND["integer"] + BY_KIND["number"]:
        assert _verdict(f"Answer {mark} {_answer(record)}", record) == NONE


# ---- (b) how a list answer is read --------------------------------------------------------

def _enumerators(i: int) -> list[str]:
    roman = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"][i % 12]
    letter = "abcdefghijklmnopqrstuvwxyz"[i % 26]
    return [f"{i + 1}.", f"{i + 1})", f"({i + 1})", f"{letter})", f"({letter})", f"{roman}.",
            f"({roman})", f"{letter.upper()}."]


HEADINGS = ["The unreachable ones are:", "The nodes are:", "Answer:", "**Answer:**",
            "## Answer", "Final answer:", "These are the nodes:", "Result:",
            "【Conclusion】", "Here they are:", "They are:"]
REMARKS = ["", " (no path)", " — not reached", " (checked)"]


@st.composite
def list_layouts(draw: st.DrawFn, items: list[str]) -> str:
    heading = draw(st.sampled_from(HEADINGS))
    style = draw(st.sampled_from(["bullet", "enumerator", "lines", "table", "numbered table",
                                  "inline", "and", "oxford", "bracketed"]))
    rows = None
    if style == "bullet":
        mark, remark = draw(st.sampled_from(BULLET_CHARS)), draw(st.sampled_from(REMARKS))
        rows = [f"{mark} {x}{remark}" for x in items]
    elif style == "enumerator":
        k = draw(st.integers(0, 7))
        rows = [f"{_enumerators(i)[k]} {x}" for i, x in enumerate(items)]
    elif style == "lines":
        rows = items
    elif style == "table":
        rows = ["| node |", "| --- |", *(f"| {x} |" for x in items)]
    elif style == "numbered table":
        rows = ["| # | node |", "|---|---|", *(f"| {i} | {x} |" for i, x in enumerate(items, 1))]
    if rows is not None:  # one item per row under the heading
        return heading + draw(st.sampled_from(["\n", "\n\n"])) + "\n".join(rows)
    if heading[-1] not in ":】":
        heading += ":"  # "## Answer: A, B" inline; "## Answer" alone heads a block
    if style == "inline":
        return f"{heading} {', '.join(items)}"
    if style == "oxford" and len(items) > 2:
        return f"{heading} {', '.join(items[:-1])}, and {items[-1]}."
    if style == "bracketed":
        opening, closing = draw(st.sampled_from(SCRIPT_BRACKETS))
        return f"{heading} {opening}{', '.join(items)}{closing}"
    joined = items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
    return f"{heading} {joined}."


@PROPERTY
@given(st.sampled_from(LISTS), st.booleans(), st.data())
def test_every_list_layout_gives_one_verdict(
    record: dict[str, Any], right: bool, data: st.DataObject
) -> None:
    value, expected = _case(right, record)
    if not value:
        return
    output = data.draw(list_layouts(value))
    prelude = data.draw(st.sampled_from(["", "I followed every edge in its direction.\n\n"]))
    assert _verdict(prelude + output, record) == expected, output


@pytest.mark.parametrize("remark", [" (or maybe not)", " (if the edge counts)",
                                    " (possibly)", " — not sure"])
def test_a_hedged_row_leaves_the_list_no_answer(remark: str) -> None:
    for record in LISTS:
        items = _answer(record)
        rows = "\n".join(f"- {x}" + (remark if i == 0 else "") for i, x in enumerate(items))
        assert _verdict("The nodes are:\n" + rows, record) == NONE


# ---- (c) where the final answer sits ------------------------------------------------------

FINALS = ["{cue}: {text}", "**{cue}:** {text}", "【{cue}】 {text}", "{cue} ⟶ {text}",
          "## {cue}\n\n{text}", '{{"answer": {json}}}', "<answer>{text}</answer>",
          "\\boxed{{{text}}}"]
REASONING = [
    "At first I thought it might be {w}, but let me work through the edges.",
    "One candidate is {w}; another is {r}. I check each edge.",
    "If I misread the direction I would get {w}, so I go slowly.",
    "A quick guess gives {w}. That is a guess, not a count.",
    "Starting from the query node, the frontier holds {w} after one step.",
]


def _final(form: str, record: dict[str, Any], value: Any, cue: str) -> str:
    kind = _kind(record)
    if form.startswith("\\boxed") and kind == "object":
        form = FINALS[0]
    return form.format(cue=cue, text=_text(kind, value), json=json.dumps(value))


@PROPERTY
@given(records, st.sampled_from(FINALS), cues,
       st.lists(st.sampled_from(REASONING), min_size=1, max_size=3), st.booleans())
def test_reasoning_that_mentions_other_values_never_changes_the_verdict(
    record: dict[str, Any], form: str, cue: str, notes: list[str], right: bool
) -> None:
    kind = _kind(record)
    value, expected = _case(right, record)
    other = _wrong(record) if right else _answer(record)
    final = _final(form, record, value, cue)
    prelude = " ".join(n.format(w=_text(kind, other), r=_text(kind, value)) for n in notes)
    assert _verdict(final, record) == expected, final
    assert _verdict(prelude + "\n\n" + final, record) == expected, prelude + final


RESTATEMENTS = [  # (template, verdict): the documented policy, rule 4-6 of the metric card
    ("\n\nWait, actually it is {w}.", WRONG),  # a revision: the later value commits
    ("\n\nCorrection: {w}.", WRONG),
    ("\n\nHmm, no — {w}.", WRONG),
    ("\n\nOn second thought, the answer is {w}.", WRONG),
    ("\n\nOr maybe {w}.", NONE),  # an alternative: a hedge
    ("\n\nIt could also be {w}.", NONE),
    ("\n\nFinal answer: {w}", NONE),  # two different explicit answers side by side
    ("\n\nSo the answer is {r}.", RIGHT),  # the same value again: still the answer
    ("\n\nI double-checked every edge.", RIGHT),  # commentary: no competing value
]


@PROPERTY
@given(records, st.sampled_from(FINALS), cues, st.sampled_from(RESTATEMENTS))
def test_a_restatement_after_the_answer_acts_by_the_policy(
    record: dict[str, Any], form: str, cue: str, restatement: tuple[str, tuple[bool, bool]]
) -> None:
    kind = _kind(record)
    template, expected = restatement
    final = _final(form, record, _answer(record), cue)
    tail = template.format(w=_text(kind, _wrong(record)), r=_text(kind, _answer(record)))
    assert _verdict(final + tail, record) == expected, final + tail


# ---- never over-credit --------------------------------------------------------------------

@PROPERTY
@given(records, cues, separators(), st.sampled_from(BRACKETS))
def test_a_different_value_after_the_marker_is_wrong(
    record: dict[str, Any], cue: str, sep: str, pair: tuple[str, str]
) -> None:
    text = _text(_kind(record), _wrong(record))
    for output in (cue + sep + text, f"{pair[0]}{cue}{pair[1]}{sep}{text}"):
        v = judge_outputs([output], [record])[0]
        assert not v.strict and not (v.parsed and v.answer == _answer(record)), output


HEDGES = ["{cue}: {a} or {b}", "{cue}: either {a} or {b}", "{cue} ⟶ {a}/{b}",
          "【{cue}】 {a}, or possibly {b}", "{cue}: {a} (maybe {b})",
          "{cue}: {a}\n\nIt could also be {b}."]


@PROPERTY
@given(st.sampled_from([r for r in RECORDS if _kind(r) != "object"]), cues,
       st.sampled_from(HEDGES), st.booleans())
def test_a_hedge_between_two_values_is_never_credited(
    record: dict[str, Any], cue: str, hedge: str, right_first: bool
) -> None:
    kind = _kind(record)
    a, b = _text(kind, _answer(record)), _text(kind, _wrong(record))
    a, b = (a, b) if right_first else (b, a)
    output = hedge.format(cue=cue, a=a, b=b)
    v = judge_outputs([output], [record])[0]
    assert not v.strict and not v.lenient, output


@PROPERTY
@given(records, st.sampled_from(["Solution", "Result", "Answer", "Conclusion"]),
       st.sampled_from(FINALS), cues, st.booleans())
def test_a_cue_over_numbered_steps_reads_no_step_number(
    record: dict[str, Any], heading: str, form: str, cue: str, right: bool
) -> None:
    """"Solution:\\n1. Start at A\\n2. …": the enumerators of steps are no value; the final
    answer after the steps decides."""
    value, expected = _case(right, record)
    steps = f"{heading}:\n1. Start at the query node.\n2. Follow every edge.\n\n"
    final = _final(form, record, value, cue)
    assert _verdict(steps + final, record) == expected, steps + final
