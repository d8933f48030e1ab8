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
  never credited;
* (e) a closing sentence that restates the value with a revision marker replaces the value
  before it, and the marker with no readable value withdraws it; a parenthesised group
  ending a cue's line is the line's value ("Answer (6 nodes)"), a hedge if it hedges, an
  aside if it holds no value;
* (f) stance and emphasis words before a value, an exclusivity tail or an inverted copula
  after it, and a first-person verb of saying before it keep the verdict; a verb of
  guessing, a question mark after the value and an unnamed alternative make it a hedge.
"""

from __future__ import annotations

import json
import os
import unicodedata
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import closurebench
from closurebench.scoring import judge_outputs, languages
from closurebench.scoring.commit import REVISION_QUALIFIERS
from closurebench.scoring.languages import LANGUAGES
from closurebench.scoring.marks import BULLET, REL, SEP, SIGN, role
from closurebench.scoring.parse import REVISION_ADVERBS, REVISION_MARKERS
from tests.records import one_per_category

EXAMPLES = int(os.environ.get("CLOSUREBENCH_FUZZ_EXAMPLES", "100"))  # more: fuzz runs
PROPERTY = settings(max_examples=EXAMPLES, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

class _Record(dict):  # type: ignore[type-arg]
    """A record that Hypothesis reports by its id."""

    def __repr__(self) -> str:
        return f"<{self['id']}>"


RECORDS = [_Record(r) for r in one_per_category()]
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


def _endings(ending: str) -> Iterator[tuple[dict[str, Any], bool, tuple[bool, bool], str]]:
    """``(record, right, expected verdict, output)`` for every record, its right value and a
    wrong one: ``ending`` with ``{v}`` the value given and ``{o}`` the other one."""
    for record in RECORDS:
        kind = _kind(record)
        for right in (True, False):
            value, expected = _case(right, record)
            other = _wrong(record) if right else _answer(record)
            yield record, right, expected, ending.format(v=_text(kind, value),
                                                         o=_text(kind, other))


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
    assert {"▸", "►", "☞"} <= set(SEPARATOR_CHARS) & set(BULLET_CHARS)  # a pointer is both


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


ROW_LABELS = ["Candidates", "Checked", "Longest line up", "Count so far", "Step"]


@PROPERTY
@given(records, st.sampled_from(["{cue}: {text}", "**{cue}:** {text}", "{cue} ⟶ {text}"]),
       cues, st.integers(0, 7), st.integers(0, 3), st.booleans(), st.booleans())
def test_a_cue_row_of_a_numbered_or_bulleted_block_gives_the_verdict_of_its_bare_row(
    record: dict[str, Any], form: str, cue: str, k: int, before: int, bulleted: bool,
    right: bool
) -> None:
    """"1) Candidates: A, B\n2) Longest line up: A\n3) Final: A": a list marker opens its
    row, so the cue row of a numbered (or bulleted) block reads as the same rows unmarked;
    the rows above it, with values of their own, never decide."""
    value, expected = _case(right, record)
    kind, other = _kind(record), _wrong(record) if right else _answer(record)
    rows = [f"{ROW_LABELS[i % len(ROW_LABELS)]}: {_text(kind, (other, value)[i % 2])}"
            for i in range(before)]
    rows.append(_final(form, record, value, cue))
    marks = ["•"] * len(rows) if bulleted else [_enumerators(i)[k] for i in range(len(rows))]
    marked = "\n".join(f"{m} {row}" for m, row in zip(marks, rows))
    assert _verdict(marked, record) == _verdict("\n".join(rows), record) == expected, marked


# ---- (d) classes of styles: arrows, asides, tables, qualifiers, languages ------------------

def _notes(record: dict[str, Any], notes: list[str], value: Any) -> str:
    """Reasoning before the final answer that mentions the other value (the right one when
    ``value`` is wrong): what a judge that misses the final line would wrongly credit."""
    kind = _kind(record)
    other = _wrong(record) if value == _answer(record) else _answer(record)
    said = " ".join(n.format(w=_text(kind, other), r=_text(kind, value)) for n in notes)
    return said + "\n\n" if said else ""


preludes = st.lists(st.sampled_from(REASONING), min_size=0, max_size=2)


@st.composite
def ascii_arrows(draw: st.DrawFn) -> str:
    """An ASCII arrow: a shaft of ``-``, ``=``, ``~`` (maybe none) and one or more heads,
    two characters at least (``->``, ``~>``, ``>>``, ``>>>``, ``==>``, ``-->>``)."""
    shaft = draw(st.text("-=~", max_size=3))
    heads = draw(st.integers(1 if shaft else 2, 3))
    return shaft + ">" * heads


@PROPERTY
@given(records, cues, ascii_arrows(), st.sampled_from(["", " "]), preludes, st.booleans())
def test_any_ascii_arrow_after_a_cue_gives_the_verdict_of_a_colon(
    record: dict[str, Any], cue: str, arrow: str, before: str, notes: list[str], right: bool
) -> None:
    """"ANSWER >>> 5", "Final answer ~> 5", "Result ==> 5": an arrow of any shaft and heads
    joins a cue to its value like a colon, after reasoning that mentions another value."""
    value, expected = _case(right, record)
    prelude = _notes(record, notes, value)
    text = _text(_kind(record), value)
    got = [_verdict(f"{prelude}{cue}{sep}{text}", record) for sep in (": ", before + arrow + " ")]
    assert got == [expected] * 2, (prelude, cue, arrow, text)


RELATIONS = [*_bmp(REL), "!=", ">=", "<="]
"""Every BMP character that compares (``marks.relation``: ``<``, ``≥``, ``≠``, ``~`` …)
and the ASCII spellings of ≠, ≥, ≤."""


@PROPERTY
@given(records, cues, st.sampled_from(RELATIONS), preludes, st.booleans())
def test_a_relation_after_a_cue_is_an_answer_line_without_a_value(
    record: dict[str, Any], cue: str, mark: str, notes: list[str], right: bool
) -> None:
    """"Answer ≥ 4" bounds the answer: no answer, right value or wrong, and never the value
    the reasoning mentioned before it."""
    value = _answer(record) if right else _wrong(record)
    output = f"{_notes(record, notes, value)}{cue} {mark} {_text(_kind(record), value)}"
    assert _verdict(output, record) == NONE, output


def test_the_relations_are_a_class_apart_from_separators() -> None:
    assert {"<", ">", "≤", "≥", "≠", "≪", "~", "∼", "＜", "～"} <= set(RELATIONS)
    assert not set(RELATIONS) & set(SEPARATOR_CHARS)
    assert not {"≈", "=", "→", "-", ":"} & set(RELATIONS)


ASIDES = ["therefore", "I think", "I believe", "then", "in the end", "after rechecking",
          "as computed above", "after a recount", "to be precise", "in my count",
          "having checked every edge", "counting carefully", "as it turns out"]
"""Clauses a writer puts between a cue and its copula or mark, none of them a hedge."""
HEDGED_ASIDES = ["if the start counts", "unless I misread an edge", "maybe", "possibly",
                 "perhaps", "I guess", "probably", "or so", "not sure", "if I read it right",
                 "depending on the direction", "tentatively", "I could be wrong"]
"""Clauses that hedge: an answer line holding one is a hedge."""
ASIDE_FORMS = [", {a},", " ({a})", " — {a} —", " -- {a} --", " – {a} –"]
COPULA_CUES = ["The answer", "The final answer", "My answer", "The correct answer",
               "So the answer", "The result", "The final count", "Our final answer"]
COMMENTS = ["", ".", "\n\nI hope that helps.", "\n\nI double-checked every edge."]


@PROPERTY
@given(records, st.sampled_from(COPULA_CUES), st.sampled_from(ASIDES),
       st.sampled_from(ASIDE_FORMS), st.sampled_from(["is", "was"]), preludes,
       st.sampled_from(COMMENTS), st.booleans())
def test_an_aside_between_cue_and_copula_keeps_the_verdict(
    record: dict[str, Any], cue: str, aside: str, form: str, copula: str, notes: list[str],
    comment: str, right: bool
) -> None:
    """"The answer, therefore, is X", "The final answer, I think, is X", "The answer — after
    a recount — is X": an interposed clause is no part of the answer line."""
    value, expected = _case(right, record)
    prelude, text = _notes(record, notes, value), _text(_kind(record), value)
    plain = f"{prelude}{cue} {copula} {text}{comment}"
    inserted = f"{prelude}{cue}{form.format(a=aside)} {copula} {text}{comment}"
    assert _verdict(plain, record) == expected, plain
    assert _verdict(inserted, record) == expected, inserted


@PROPERTY
@given(records, cues, st.sampled_from(ASIDES), separators(), preludes, st.booleans())
def test_a_parenthetical_after_a_cue_keeps_the_verdict(
    record: dict[str, Any], cue: str, aside: str, sep: str, notes: list[str], right: bool
) -> None:
    """"Final answer (after rechecking): X", "Final answer, after a recount: X", "## Answer
    (after a recount)" then X."""
    value, expected = _case(right, record)
    prelude, text = _notes(record, notes, value), _text(_kind(record), value)
    for output in (f"{prelude}{cue} ({aside}){sep}{text}", f"{prelude}{cue}, {aside}: {text}",
                   f"{prelude}## {cue} ({aside})\n\n{text}"):
        assert _verdict(output, record) == expected, output


@PROPERTY
@given(records, st.sampled_from(COPULA_CUES + CUES), st.sampled_from(HEDGED_ASIDES),
       st.sampled_from(ASIDE_FORMS), preludes, st.sampled_from(["", "Final answer: {r}\n\n"]),
       st.booleans())
def test_a_hedging_aside_is_never_credited(
    record: dict[str, Any], cue: str, aside: str, form: str, notes: list[str], before: str,
    right: bool
) -> None:
    """"The answer, if the start counts, is X", "Final answer (maybe): X", "Final answer, if
    the start counts: X": a hedge, also after a committed answer (an alternative to it) and
    after reasoning that names the right value."""
    kind = _kind(record)
    value = _answer(record) if right else _wrong(record)
    prelude = _notes(record, notes, value) + before.format(r=_text(kind, _wrong(record)))
    text = _text(kind, value)
    if cue in COPULA_CUES:
        output = f"{prelude}{cue}{form.format(a=aside)} is {text}"
    else:  # before a mark: in parentheses, or after a comma
        output = f"{prelude}{cue}{(' ({a})' if ',' in form else ', {a}').format(a=aside)}: {text}"
    v = judge_outputs([output], [record])[0]
    assert not v.strict and not v.lenient, output


QUALMS = [" (maybe)", ", probably", " (possibly)", ", I guess", "?", " — not sure", ", or so",
          " (perhaps)", " (I'm not sure)"]
"""A hedge said right after a value, on its line."""


@PROPERTY
@given(records, st.sampled_from([f for f in FINALS if "boxed" not in f and "##" not in f]),
       cues, st.sampled_from(QUALMS), preludes, st.booleans())
def test_a_qualm_right_after_the_value_is_never_credited(
    record: dict[str, Any], form: str, cue: str, qualm: str, notes: list[str], right: bool
) -> None:
    """"Final answer: 4 (maybe)", "**Answer:** yes, probably", '{"answer": 4}?': the value is
    offered, not committed, in every answer form (no answer, or a wrong one)."""
    value = _answer(record) if right else _wrong(record)
    output = _notes(record, notes, value) + _final(form, record, value, cue) + qualm
    v = judge_outputs([output], [record])[0]
    assert not v.strict and not v.lenient, output


def _rows(record: dict[str, Any], value: Any, style: str) -> str:
    """A set or an object one item or field per row."""
    if _kind(record) == "object":
        pairs = [(k, str(v).lower()) for k, v in value.items()]
        mark = {"bullets": "- ", "numbers": "{i}. ", "lines": ""}[style]
        return "\n".join(f"{mark.format(i=i)}{k}: {v}" for i, (k, v) in enumerate(pairs, 1))
    mark = {"bullets": "- ", "numbers": "{i}. ", "lines": ""}[style]
    return "\n".join(f"{mark.format(i=i)}{x}" for i, x in enumerate(value, 1))


@PROPERTY
@given(st.sampled_from(BY_KIND["object"] + LISTS), preludes,
       st.sampled_from(["bullets", "numbers", "lines"]), st.booleans())
def test_rows_after_reasoning_in_key_value_prose_give_their_own_verdict(
    record: dict[str, Any], notes: list[str], style: str, right: bool
) -> None:
    """A sentence that states other fields ("One candidate is can_reach: false, in_degree:
    5, …") is not a row of the answer block after it: the rows' fields decide, and when a
    block states every field twice, the later set counts."""
    value, expected = _case(right, record)
    if not value:
        return
    output = _notes(record, notes, value) + _rows(record, value, style)
    assert _verdict(output, record) == expected, output


TABLE_KEYS = ["reachable", "answer", "result", "value", "query", "Final answer", "the question"]
TABLE_HEADERS = ["", "| question | answer |\n|---|---|\n", "| query | value |\n| :--- | ---: |\n"]
TABLE_LEADS = ["", "So:\n\n", "Answer:\n\n", "Summary:\n\n", "## Answer\n\n"]


@st.composite
def tables(draw: st.DrawFn, record: dict[str, Any], value: Any) -> str:
    """The final answer as a markdown table: a key and the value in one row (under a header
    or not, the value bold or not), an object one row per field or one column per field."""
    kind = _kind(record)
    if kind == "object":
        pairs = [(k, str(v).lower()) for k, v in value.items()]
        if draw(st.booleans()):
            return "| field | value |\n|---|---|\n" + "\n".join(f"| {k} | {v} |" for k, v in pairs)
        return ("| " + " | ".join(k for k, _ in pairs) + " |\n|" + "---|" * len(pairs)
                + "\n| " + " | ".join(v for _, v in pairs) + " |")
    text = _text(kind, value)
    cell = f"**{text}**" if draw(st.booleans()) else text
    header = draw(st.sampled_from(TABLE_HEADERS))
    return f"{header}| {draw(st.sampled_from(TABLE_KEYS))} | {cell} |"


@PROPERTY
@given(records, st.sampled_from(TABLE_LEADS), preludes,
       st.sampled_from(["", "\n\nI hope this helps."]), st.booleans(), st.data())
def test_the_final_answer_as_a_table_keeps_the_verdict(
    record: dict[str, Any], lead: str, notes: list[str], comment: str, right: bool,
    data: st.DataObject
) -> None:
    """"| reachable | yes |" as the last answer-bearing line, under a header or a cue, after
    reasoning that mentions the other value: the verdict of "Final answer: X"."""
    value, expected = _case(right, record)
    prelude = _notes(record, notes, value)
    table = data.draw(tables(record, value))
    plain = f"{prelude}Final answer: {_text(_kind(record), value)}{comment}"
    output = f"{prelude}{lead}{table}{comment}"
    assert _verdict(plain, record) == expected, plain
    assert _verdict(output, record) == expected, output


TABLE_HEDGES = ["{a} or {b}", "{a} (maybe)", "{a}/{b}", "{a} (possibly {b})", "either {a} or {b}"]


@PROPERTY
@given(st.sampled_from([r for r in RECORDS if _kind(r) != "object"]),
       st.sampled_from(TABLE_LEADS), st.sampled_from(TABLE_HEADERS),
       st.sampled_from(TABLE_KEYS), st.sampled_from(TABLE_HEDGES), preludes, st.booleans())
def test_a_hedged_table_cell_is_never_credited(
    record: dict[str, Any], lead: str, header: str, key: str, hedge: str, notes: list[str],
    right_first: bool
) -> None:
    kind = _kind(record)
    a, b = _text(kind, _answer(record)), _text(kind, _wrong(record))
    a, b = (a, b) if right_first else (b, a)
    row = f"| {key} | {hedge.format(a=a, b=b)} |"
    output = f"{_notes(record, notes, _wrong(record))}{lead}{header}{row}"
    v = judge_outputs([output], [record])[0]
    assert not v.strict and not v.lenient, output


@PROPERTY
@given(st.sampled_from([r for r in RECORDS if _kind(r) not in ("object", "labels")]),
       st.sampled_from(TABLE_LEADS), st.sampled_from(TABLE_HEADERS),
       st.sampled_from(["", "I followed every edge in its direction.\n\n"]), st.booleans())
def test_table_rows_that_differ_are_never_credited(
    record: dict[str, Any], lead: str, header: str, prelude: str, right_first: bool
) -> None:
    """Rows giving different values ("| A → B | yes |" over "| B → C | no |") are findings,
    not one answer (after an answer they are its breakdown: they neither void nor revise it)."""
    kind = _kind(record)
    a, b = _text(kind, _answer(record)), _text(kind, _wrong(record))
    a, b = (a, b) if right_first else (b, a)
    rows = f"| first check | {a} |\n| second check | {b} |"
    v = judge_outputs([f"{prelude}{lead}{header}{rows}"], [record])[0]
    assert not v.strict and not v.lenient, rows
    output = f"Final answer: {_text(kind, _answer(record))}\n\n{header}{rows}"
    assert _verdict(output, record) == RIGHT, output


LEADING_QUALMS = ["maybe ", "probably ", "possibly ", "perhaps ", "presumably "]
other_preludes = st.lists(st.sampled_from([n for n in REASONING if "{r}" not in n]), max_size=2)
"""Reasoning that names only the other value (one that names this value first, "another is
{r}", makes a later soft restatement of it agree, which is no hedge)."""


@PROPERTY
@given(records, st.sampled_from([f for f in FINALS if "boxed" not in f]), cues,
       st.sampled_from(LEADING_QUALMS), other_preludes, st.booleans())
def test_a_qualm_before_the_value_is_never_credited(
    record: dict[str, Any], form: str, cue: str, qualm: str, notes: list[str], right: bool
) -> None:
    """"Final answer: maybe srv-24", "**Answer:** probably 4", "The answer is perhaps yes":
    a value offered with a qualm is a hedge in every text form, after any reasoning."""
    value = _answer(record) if right else _wrong(record)
    kind = _kind(record)
    form = form.replace("{text}", qualm + "{text}").replace("{json}", '"' + qualm + '{text}"')
    output = _notes(record, notes, value) + _final(form, record, value, cue)
    copula = f"The answer is {qualm}{_text(kind, value)}."
    for text in (output, _notes(record, notes, value) + copula):
        v = judge_outputs([text], [record])[0]
        assert not v.strict and not v.lenient, text


@PROPERTY
@given(st.sampled_from(BY_KIND["boolean"]), st.sampled_from(FINALS), cues,
       st.sampled_from([" or ", " / ", "/", " or maybe "]), preludes, st.booleans())
def test_yes_or_no_is_never_credited(
    record: dict[str, Any], form: str, cue: str, joint: str, notes: list[str], yes_first: bool
) -> None:
    """"Answer: Yes or No", "The answer is no or yes": both values offered, a hedge."""
    pair = ("Yes", "No") if yes_first else ("No", "Yes")
    text = pair[0] + joint + pair[1].lower()
    final = form.format(cue=cue, text=text, json=json.dumps(text))
    output = _notes(record, notes, _answer(record)) + final
    v = judge_outputs([output], [record])[0]
    assert not v.strict and not v.lenient, output


FIRST = ["Final answer: {t}", "**Answer:** {t}", '{{"answer": {j}}}', "So the answer is {t}.",
         "<answer>{t}</answer>", "I get {t}.", "Answer ⟶ {t}"]
"""A first commitment, in any form."""
REVISION_LEADS = ["", "Wait, I miscounted: ", "Hmm, ", "On reflection, ", "Actually, ",
                  "Let me recount. "]
REVISIONS = ["{mod}{qual} {qty} is {t}.", "{Qual} {qty}: {t}", "**{Qual} {qty}:** {t}",
             "{mod}{qual} {qty}, after a recount, is {t}."]
QUALIFIED = ["answer", "count", "total", "number", "value", "result"]


def _revision(record: dict[str, Any], template: str, lead: str, qual: str, qty: str,
              mod: str, value: Any) -> str:
    text = template.format(mod=mod, qual=qual, Qual=qual.capitalize(), qty=qty,
                           t=_text(_kind(record), value))
    return lead + (text[0].upper() + text[1:] if not lead or lead.endswith(". ") else text)


@PROPERTY
@given(records, st.sampled_from(FIRST), st.sampled_from(REVISION_LEADS),
       st.sampled_from(REVISIONS), st.sampled_from(REVISION_QUALIFIERS),
       st.sampled_from(QUALIFIED), st.sampled_from(["the ", "my ", ""]),
       st.sampled_from(["\n\n", " "]), st.booleans())
def test_a_later_correction_with_a_qualifier_replaces_the_earlier_value(
    record: dict[str, Any], first: str, lead: str, template: str, qual: str, qty: str,
    mod: str, gap: str, right: bool
) -> None:
    """"… so 4. Wait, I miscounted: the correct total is 3.", "Answer: 4. Hmm, the actual
    count is 3.", "Corrected count: 3": a qualifier of the set makes a cue of the quantity
    it qualifies and revises the value before it, in every form of that value."""
    kind = _kind(record)
    value, expected = _case(right, record)
    other = _wrong(record) if right else _answer(record)
    earlier = first.format(t=_text(kind, other), j=json.dumps(other))
    output = earlier + gap + _revision(record, template, lead, qual, qty, mod, value)
    assert _verdict(output, record) == expected, output


HEDGED_REVISIONS = ["{mod}{qual} {qty} might be {t}.", "{mod}{qual} {qty} is {t} or {o}.",
                    "{mod}{qual} {qty} is probably {t}.", "{Qual} {qty}: {t} (maybe)",
                    "{mod}{qual} {qty}, if I read the edges right, is {t}.",
                    "If the start counts, {mod}{qual} {qty} would be {t}."]


@PROPERTY
@given(st.sampled_from([r for r in RECORDS if _kind(r) != "object"]), st.sampled_from(FIRST),
       st.sampled_from(REVISION_LEADS), st.sampled_from(HEDGED_REVISIONS),
       st.sampled_from(REVISION_QUALIFIERS), st.sampled_from(QUALIFIED),
       st.sampled_from(["the ", ""]), st.booleans())
def test_a_hedged_correction_with_a_qualifier_is_never_credited(
    record: dict[str, Any], first: str, lead: str, template: str, qual: str, qty: str,
    mod: str, right_first: bool
) -> None:
    """A correction offered as an alternative ("the correct total might be 3", "… is 3 or
    4") leaves no answer: neither the earlier value nor the hedged one is credited."""
    kind = _kind(record)
    a, b = (_answer(record), _wrong(record)) if right_first else (_wrong(record), _answer(record))
    earlier = first.format(t=_text(kind, a), j=json.dumps(a))
    text = template.replace("{o}", _text(kind, a))
    output = earlier + "\n\n" + _revision(record, text, lead, qual, qty, mod, b)
    v = judge_outputs([output], [record])[0]
    assert not v.strict and not v.lenient, output


FOREIGN = {code: lang for code, lang in LANGUAGES.items() if lang.answers}
FOREIGN_FORMS = ["{cue}: {text}", "{cue}：{text}", "{cue} : {text}", "{cue} — {text}",
                 "{cue} → {text}", "**{cue}:** {text}", "【{cue}】 {text}", "## {cue}\n\n{text}",
                 "{cue} >>> {text}"]
CASES = [str, str.capitalize, str.upper]


def _in(code: str, kind: str, value: Any) -> str:
    """The value as written in a language: its own yes and no where it has them."""
    lang = LANGUAGES[code]
    if kind == "boolean" and lang.yes:
        return (lang.yes if value else lang.no)[0]
    return _text(kind, value)


@PROPERTY
@given(records, st.sampled_from(sorted(FOREIGN)), st.data(), st.sampled_from(FOREIGN_FORMS),
       st.sampled_from(CASES), preludes, st.booleans())
def test_a_cue_of_any_language_gives_the_verdict_of_answer(
    record: dict[str, Any], code: str, data: st.DataObject, form: str, case: Any,
    notes: list[str], right: bool
) -> None:
    """"答案：5", "Antwort: ja", "Réponse : oui", "La respuesta: 3", "## Antwort" then X: the
    cue words of every language in ``languages.LANGUAGES``, with any mark, any case and an
    article or not, give the verdict "Answer: X" gives."""
    lang = FOREIGN[code]
    cue = case(data.draw(st.sampled_from(lang.answers + lang.results)))
    article = data.draw(st.sampled_from(["", *lang.articles]))
    if article and not form.startswith("{cue}"):
        article = ""  # "**La réponse:**" is rare; "La réponse : oui" is not
    cue = (article.capitalize() + " " + cue.lower()) if article else cue
    value, expected = _case(right, record)
    prelude = _notes(record, notes, value)
    output = prelude + form.format(cue=cue, text=_in(code, _kind(record), value))
    assert _verdict(prelude + f"Answer: {_text(_kind(record), value)}", record) == expected
    assert _verdict(output, record) == expected, output


@PROPERTY
@given(st.sampled_from([r for r in RECORDS if _kind(r) != "object"]), st.sampled_from(
    sorted(FOREIGN)), st.data(), st.sampled_from(FOREIGN_FORMS[:5]), preludes, st.booleans())
def test_a_hedge_in_any_language_is_never_credited(
    record: dict[str, Any], code: str, data: st.DataObject, form: str, notes: list[str],
    right_first: bool
) -> None:
    """"Antwort: ja oder nein", "Réponse : 4 ou 5", "答案：3或4", "Respuesta: quizás 3": the
    alternatives and qualms of the cue's language (English ones where it has none) hedge."""
    lang, kind = FOREIGN[code], _kind(record)
    cue = data.draw(st.sampled_from(lang.answers))
    a, b = _in(code, kind, _answer(record)), _in(code, kind, _wrong(record))
    a, b = (a, b) if right_first else (b, a)
    alternative = data.draw(st.sampled_from(lang.alternatives or ("or",)))
    qualm = data.draw(st.sampled_from(lang.qualms or ("maybe",)))
    gap = "" if languages.spaceless(alternative[0]) else " "
    lead = "" if languages.spaceless(qualm[0]) else " "
    for text in (f"{a}{gap}{alternative}{gap}{b}", f"{qualm}{lead}{a}"):
        output = _notes(record, notes, _wrong(record)) + form.format(cue=cue, text=text)
        v = judge_outputs([output], [record])[0]
        assert not v.strict and not v.lenient, output


EVERY_QUALM = sorted({q for lang in LANGUAGES.values() for q in lang.qualms})
VALUELESS = ["\n\n{q} worth double-checking later.", "\n\n{Q} worth checking the 2 edges near the "
             "start again.", "\n\n| second look | {q} |", "\n\n| second look | not sure |",
             "\n\n| second look | either way |"]


@PROPERTY
@given(records, st.sampled_from(FINALS), cues, st.sampled_from(EVERY_QUALM),
       st.sampled_from(VALUELESS), preludes, st.booleans())
def test_a_qualm_without_a_value_leaves_the_answer(
    record: dict[str, Any], form: str, cue: str, qualm: str, remark: str, notes: list[str],
    right: bool
) -> None:
    """A hedge is a value offered with a qualm or an alternative; a qualm or hedge word in any
    language with no value of the type ("Maybe worth double-checking.", "| second look | not sure
    |", "vielleicht …") is commentary: the answer before it keeps its verdict, whether the
    remark happens to hold a digit or a label elsewhere or not."""
    value, expected = _case(right, record)
    output = (_notes(record, notes, value) + _final(form, record, value, cue)
              + remark.format(q=qualm, Q=qualm[:1].upper() + qualm[1:]))
    assert _verdict(output, record) == expected, output


# ---- never over-credit: a closing statement without a readable value -----------------------

SIGNS = _bmp(SIGN)
"""Every BMP conclusion sign (``marks.SIGN``: ``∴``, ``⇒``, ``→``, ``⟹``, ``➔`` …)."""
CONCLUSION_WORDS = ["So", "So,", "Therefore,", "Thus", "Hence,", "Finally,", "Overall,",
                    "In total,", "In conclusion,"]
STATED = ["we end up with", "it comes to", "we have", "the result stands at", ""]
TRAILING = ["is the answer", "is my final answer", "is the final result", "— that's my answer",
            "is the correct count"]
JUNK = st.text(alphabet="<>/[](){}*_~`'\"|#=:;,.!?-–—«»【】 \t", max_size=4)


@st.composite
def closing_statements(draw: st.DrawFn) -> str:
    """A closing statement by class, with ``{v}`` where its value goes: a cue word of any
    language (with any separator or none), a conclusion word, any conclusion sign, or a
    copula and a cue after the value."""
    shape = draw(st.sampled_from(["cue", "foreign", "word", "sign", "trailing"]))
    if shape == "cue":
        return draw(cues) + draw(st.just(" ") | separators()) + "{v}"
    if shape == "foreign":
        lang = FOREIGN[draw(st.sampled_from(sorted(FOREIGN)))]
        return draw(st.sampled_from(lang.answers)) + draw(separators()) + "{v}"
    if shape == "word":
        return f"{draw(st.sampled_from(CONCLUSION_WORDS))} {draw(st.sampled_from(STATED))} {{v}}."
    if shape == "sign":
        return draw(st.sampled_from(SIGNS)) + " {v}"
    return "{v} " + draw(st.sampled_from(TRAILING)) + "."


@PROPERTY
@given(records, closing_statements(), JUNK, JUNK, st.lists(
    st.sampled_from(REASONING), min_size=1, max_size=2), st.booleans())
def test_a_closing_statement_never_credits_a_value_of_the_reasoning(
    record: dict[str, Any], statement: str, before: str, after: str, notes: list[str],
    placeholder: bool
) -> None:
    """For every answer type: after reasoning that names the right value, a closing statement
    (a cue word of any language, a conclusion word or sign at its start, or a copula and cue
    after its value) holding a wrong value in any layout (marks of any kind around it, so that
    it may or may not be read) is never credited; holding no value at all ("..."), it
    leaves no answer. Whatever the judge cannot read in the final statement, it never falls
    back to a value named earlier."""
    kind = _kind(record)
    # a dash before a wrong count is a minus sign: "-" + "1" states -1, maybe the right value
    assume(not (kind in ("integer", "number") and before.endswith(("-", "–", "—"))))
    prelude = _notes(record, notes, _wrong(record))  # names the right value
    value = "..." if placeholder else before + _text(kind, _wrong(record)) + after
    output = prelude + statement.format(v=value)
    v = judge_outputs([output], [record])[0]
    assert not v.strict and not v.lenient, output
    if placeholder:
        assert not v.parsed, output


# ---- layouts read by class: one rule each, the verdict of "Answer: X" -----------------------

@PROPERTY
@given(records, cues, st.sampled_from(["=", "-"]), st.integers(2, 30), st.sampled_from(
    ["\n", "\n\n"]), preludes, st.booleans())
def test_a_setext_header_takes_the_value_below_it(
    record: dict[str, Any], cue: str, mark: str, width: int, gap: str, notes: list[str],
    right: bool
) -> None:
    """"Final answer" underlined by ``===`` or ``---`` (a setext header) is a header like
    "## Final answer": the block below it is the value, after reasoning naming another."""
    value, expected = _case(right, record)
    prelude = _notes(record, notes, value)
    text = _text(_kind(record), value)
    assert _verdict(f"{prelude}{cue}\n{mark * width}{gap}{text}", record) == expected


HTML_EMPHASIS = [("<b>", "</b>", "**"), ("<strong>", "</strong>", "**"), ("<B>", "</B>", "**"),
                 ("<i>", "</i>", "*"), ("<em>", "</em>", "*")]


@PROPERTY
@given(records, cues, st.sampled_from(HTML_EMPHASIS), st.booleans(), preludes, st.booleans())
def test_html_emphasis_gives_the_verdict_of_markdown_emphasis(
    record: dict[str, Any], cue: str, tags: tuple[str, str, str], on_value: bool,
    notes: list[str], right: bool
) -> None:
    """``<b>Answer:</b> X``, ``Answer: <em>X</em>``: HTML emphasis around the cue or the value
    gives the verdict of markdown's (``**Answer:** X``, ``Answer: *X*``)."""
    value, expected = _case(right, record)
    prelude = _notes(record, notes, value)
    text = _text(_kind(record), value)
    open_, close, md = tags
    if on_value:
        html, markdown = f"{cue}: {open_}{text}{close}", f"{cue}: {md}{text}{md}"
    else:
        html, markdown = f"{open_}{cue}:{close} {text}", f"{md}{cue}:{md} {text}"
    assert _verdict(prelude + markdown, record) == expected, markdown
    assert _verdict(prelude + html, record) == expected, html


@PROPERTY
@given(records, st.sampled_from(SIGNS), preludes, st.booleans())
def test_a_conclusion_sign_gives_the_verdict_of_a_cue_and_colon(
    record: dict[str, Any], sign: str, notes: list[str], right: bool
) -> None:
    """"∴ X", "⇒ X", "⟹ X", "➔ X": every conclusion sign (``marks.SIGN``, an arrow or
    THEREFORE of category Sm/So) opening the final line gives the verdict "Answer: X" gives,
    after reasoning naming another value."""
    value, expected = _case(right, record)
    prelude = _notes(record, notes, value)
    text = _text(_kind(record), value)
    assert _verdict(f"{prelude}Answer: {text}", record) == expected
    assert _verdict(f"{prelude}{sign} {text}", record) == expected, sign


@PROPERTY
@given(st.sampled_from(BY_KIND["object"]), separators(), preludes, st.booleans(),
       st.sampled_from(["", "Final answer:\n"]))
def test_any_separator_between_a_field_and_its_value_gives_one_verdict(
    record: dict[str, Any], sep: str, notes: list[str], right: bool, head: str
) -> None:
    """An object's rows ``can_reach → yes``, ``in_degree ⟶ 1``, ``out_degree = 2``: the mark
    between a field and its value is any separator of ``marks`` (the class that joins a cue
    to its value), with the verdict of ``field: value``."""
    value, expected = _case(right, record)
    prelude = _notes(record, notes, value)
    rows = [(k, str(v).lower()) for k, v in value.items()]
    colon = "\n".join(f"{k}: {v}" for k, v in rows)
    other = "\n".join(f"{k}{sep}{v}" for k, v in rows)
    assert _verdict(prelude + head + colon, record) == expected
    assert _verdict(prelude + head + other, record) == expected, other


VALUE_FIRST = ["{v} is the answer.", "{v} is my final answer.", "So {v} is the final answer.",
               "Therefore, {v} is the answer.", "{v} — that's my final answer",
               "{v}, which is the final result.", "I checked it. {v} is the correct count."]


@PROPERTY
@given(records, st.sampled_from(VALUE_FIRST), preludes, st.booleans())
def test_a_value_then_its_cue_gives_the_verdict_of_answer(
    record: dict[str, Any], form: str, notes: list[str], right: bool
) -> None:
    """"5 is the answer.", "B — that's my final answer": a value, a copula, a modifier and a
    cue ending the line give the verdict "Answer: X" gives."""
    value, expected = _case(right, record)
    prelude = _notes(record, notes, value)
    text = _text(_kind(record), value)
    assert _verdict(prelude + form.format(v=text), record) == expected, form


@PROPERTY
@given(records, st.sampled_from(sorted(c for c, lang in FOREIGN.items() if lang.copulas)),
       st.data(), preludes, st.booleans())
def test_a_copula_of_any_language_gives_the_verdict_of_answer(
    record: dict[str, Any], code: str, data: st.DataObject, notes: list[str], right: bool
) -> None:
    """"La respuesta es 3", "Die Antwort ist ja", "La réponse est oui", "最终答案为3。": a cue of
    a language, its article and its copula (``languages``) give the verdict "Answer: X"
    gives; in a script without spaces, with none between them and no article."""
    lang = FOREIGN[code]
    cue = data.draw(st.sampled_from(lang.answers))
    copula = data.draw(st.sampled_from(lang.copulas))
    value, expected = _case(right, record)
    prelude = _notes(record, notes, value)
    said = _in(code, _kind(record), value)
    if languages.spaceless(copula[0]):
        output = f"{prelude}{cue}{copula}{said}。"
    else:
        article = data.draw(st.sampled_from(lang.articles)) if lang.articles else ""
        output = f"{prelude}{article.capitalize()} {cue} {copula} {said}.".replace("  ", " ")
        output = output if article else f"{prelude}{cue.capitalize()} {copula} {said}."
    assert _verdict(output, record) == expected, output


POINTING_BACK = ["Overall, I am confident in this.", "So that's it.", "Hence the value above.",
                 "This is my final answer.", "Therefore, I double-checked that result.",
                 "The answer above accounts for every edge."]


@PROPERTY
@given(records, st.sampled_from(POINTING_BACK), st.sampled_from(["\n", "\n\n"]), st.booleans())
def test_a_closing_remark_that_points_back_keeps_the_value(
    record: dict[str, Any], remark: str, gap: str, right: bool
) -> None:
    """A value standing alone, then a remark that opens like a final statement but points
    back at it (a demonstrative or "above": "Overall, I am confident in this.") keeps the
    value's verdict: only a final statement that offers a value of its own replaces it."""
    value, expected = _case(right, record)
    text = _text(_kind(record), value)
    assert _verdict(text, record) == expected
    assert _verdict(f"{text}.{gap}{remark}", record) == expected, remark


# ---- a revision in the closing prose; the group after a cue ---------------------------------

FIRSTS = [*FIRST, "Step 1 ... I get {t}.", "Verdict: {t}."]
MARKED_REVISIONS = [
    "On second thought I missed an edge; the count is {adv} {t}.",
    "{Marker}, the count is {t}.", "{Marker}: {t}", "{Marker}, {t}.",
    "I missed an edge. The count is {adv} {t}.", "Hmm, the count is, {adv}, {t}.",
    "{Marker} — it is {adv} {t}.", "It is {adv} {t}, {marker}.", "The answer is {adv} {t}.",
]
"""A closing sentence restating the value with a revision marker (``REVISION_MARKERS``) at
its start, or a revision adverb (``REVISION_ADVERBS``) between its copula and its value."""


@PROPERTY
@given(records, st.sampled_from(FIRSTS), st.sampled_from(MARKED_REVISIONS),
       st.sampled_from(REVISION_MARKERS), st.sampled_from(REVISION_ADVERBS),
       st.sampled_from(["\n", "\n\n", " "]), st.booleans())
def test_a_closing_revision_with_a_marker_replaces_the_earlier_value(
    record: dict[str, Any], first: str, template: str, marker: str, adverb: str, gap: str,
    right: bool
) -> None:
    """"Step 1 … I get 7.\\nOn second thought I missed an edge; the count is actually 6.":
    after a value in any form, a closing sentence that restates the value with a revision
    marker (at its start, or an adverb between the copula and the value) gives the verdict of
    its own value, right or wrong."""
    kind = _kind(record)
    value, expected = _case(right, record)
    other = _wrong(record) if right else _answer(record)
    earlier = first.format(t=_text(kind, other), j=json.dumps(other))
    later = template.format(Marker=marker.capitalize(), marker=marker, adv=adverb,
                            t=_text(kind, value))
    output = earlier + gap + later
    assert _verdict(output, record) == expected, output


EMPTY_REVISIONS = ["On second thought I missed an edge; the count is {adv} ...",
                   "{Marker}, I missed an edge.", "{Marker}: the count is {adv} unclear.",
                   "Hmm, {marker}, let me see."]


@PROPERTY
@given(records, st.sampled_from(FIRSTS), st.sampled_from(EMPTY_REVISIONS),
       st.sampled_from(REVISION_MARKERS), st.sampled_from(REVISION_ADVERBS),
       st.sampled_from(["\n", "\n\n", " "]))
def test_a_revision_marker_without_a_value_never_credits_the_earlier_one(
    record: dict[str, Any], first: str, template: str, marker: str, adverb: str, gap: str
) -> None:
    """The same markers followed by no readable value withdraw the value before them: the
    right value, then "On second thought I missed an edge; the count is actually ...", is
    never credited."""
    kind, value = _kind(record), _answer(record)
    earlier = first.format(t=_text(kind, value), j=json.dumps(value))
    later = template.format(Marker=marker.capitalize(), marker=marker, adv=adverb)
    output = earlier + gap + later
    v = judge_outputs([output], [record])[0]
    assert not v.strict and not v.lenient, output


GROUP_BRACKETS = [(a, b) for a, b in SCRIPT_BRACKETS
                  if unicodedata.category(a) == "Ps"
                  and unicodedata.normalize("NFKC", a) not in ("[", "{")]
"""Every bracket pair of any script that may hold a value after a cue (not ``[``, ``{``:
JSON)."""
UNIT_WORDS = {"integer": ["{t}", "{t} nodes", "{t} in total"], "number": ["{t}", "{t} on average"],
              "boolean": ["{t}"], "label": ["{t}", "node {t}", "node: {t}"],
              "labels": ["{t}", "nodes: {t}"], "object": ["{t}"]}


@PROPERTY
@given(records, cues, st.sampled_from(GROUP_BRACKETS), st.data(),
       st.sampled_from(["", ".", "**"]), preludes, st.booleans())
def test_a_group_after_a_cue_gives_the_verdict_of_a_colon(
    record: dict[str, Any], cue: str, pair: tuple[str, str], data: st.DataObject, end: str,
    notes: list[str], right: bool
) -> None:
    """"Answer (6 nodes)", "Final answer (yes)", "Answer (nodes: A, B)", "Answer 【srv-24】":
    a parenthesised group (any bracket pair of any script) ending the cue's line is its
    value, with the usual unit words, and gives the verdict "Answer: X" gives, after
    reasoning naming another value."""
    kind = _kind(record)
    value, expected = _case(right, record)
    prelude = _notes(record, notes, value)
    text = data.draw(st.sampled_from(UNIT_WORDS[kind])).format(t=_text(kind, value))
    bold = end == "**"
    line = f"**{cue}** {pair[0]}{text}{pair[1]}" if bold else f"{cue} {pair[0]}{text}{pair[1]}{end}"
    assert _verdict(f"{prelude}{cue}: {_text(kind, value)}", record) == expected
    assert _verdict(prelude + line, record) == expected, line


GROUP_HEDGES = ["({t}, probably)", "(maybe {t})", "({t}?)", "({t} if the start counts)",
                "({t} or {o})", "(I guess {t})"]
GROUP_ASIDES = ["corrected", "after a recount", "see below", "in my count", "final", "as asked"]


@PROPERTY
@given(records, cues, st.sampled_from(GROUP_HEDGES), st.sampled_from(GROUP_ASIDES), preludes,
       st.booleans())
def test_a_group_that_hedges_or_holds_no_value_is_never_credited(
    record: dict[str, Any], cue: str, hedge: str, aside: str, notes: list[str], right: bool
) -> None:
    """A group that hedges ("Final answer (6, probably)") is never credited; one that holds
    no value ("Final answer (corrected)") is an aside: alone it leaves no answer (never the
    value of the reasoning before it), over a block the block is the value."""
    kind = _kind(record)
    value, expected = _case(right, record)
    a, b = _text(kind, _answer(record)), _text(kind, _wrong(record))
    hedged = f"{cue} {hedge.format(t=a, o=b)}"
    v = judge_outputs([_notes(record, notes, _wrong(record)) + hedged], [record])[0]
    assert not v.strict and not v.lenient, hedged
    alone = f"{_notes(record, notes, _wrong(record))}{cue} ({aside})"
    v = judge_outputs([alone], [record])[0]
    assert not v.strict and not v.lenient, alone
    header = f"{_notes(record, notes, value)}{cue} ({aside})\n\n{_text(kind, value)}"
    assert _verdict(header, record) == expected, header


def test_an_aside_before_a_closing_remark_keeps_the_answer() -> None:
    """Found by the neutral-commentary property (present from 0.3.0 to 0.3.2): without the
    full stop the aside was read as the subject of "… is my final answer"."""
    rec = next(r for r in closurebench.generate("all", per_category=1, seed=3)
               if r["category"] == "negative_reachability")
    answer = json.dumps({"answer": json.loads(rec["answer"])})
    for aside in ("(see above)", "(see above)."):
        output = answer + f"\n\n{aside} This is my final answer."
        assert judge_outputs([output], [rec])[0].strict, output


BRACKETED_ASIDES = ["(see above)", "(as computed)", "[as shown]", "【see above】", "(checked)",
                    "(as shown above)", "(see above).", "[as shown]."]
NEUTRAL_REMARKS = ["This is my final answer.", "That is my final answer.", "This is the answer.",
                   "I double-checked every edge.", "I hope that helps.",
                   "Overall, I am confident in this.", "So that's it."]


@PROPERTY
@given(records, st.sampled_from([*FIRST, "{t}"]), st.sampled_from(BRACKETED_ASIDES),
       st.sampled_from(NEUTRAL_REMARKS), st.sampled_from(["\n\n", "\n", " "]), st.booleans())
def test_a_bracketed_aside_opening_a_closing_remark_never_changes_the_verdict(
    record: dict[str, Any], first: str, aside: str, remark: str, gap: str, right: bool
) -> None:
    """"{…}\n\n(see above) This is my final answer.", "I get 4. [as shown] That is my final
    answer.": a bracketed group opening a remark is an aside (``commit._aside``), no
    statement and no subject, so the remark keeps the verdict it has without the aside."""
    kind = _kind(record)
    value, expected = _case(right, record)
    answer = first.format(t=_text(kind, value), j=json.dumps(value))
    if gap == " " and answer[-1] not in ".}>":
        gap = "\n\n"  # a remark on the value's own line is part of that line
    plain = f"{answer}{gap}{remark}"
    assert _verdict(plain, record) == expected, plain
    output = f"{answer}{gap}{aside} {remark}"
    assert _verdict(output, record) == expected, output


# ---- a labelled value in prose; the remark after a value ----------------------------------

LABEL_PHRASES = ["Busiest node", "Node with the most edges", "Reachable set", "Count",
                 "Nodes found", "What I get"]
"""Short names opening a sentence, none of them a cue word (``commit.CUE_NOUNS``)."""
VALUE_REMARKS = ["", " (tied with nobody)", " (checked twice)", " (see the edges above)",
                 " (no ties)", " 【as listed】", "."]
"""Remarks after a value that give no value of its own ("nobody", "no ties" would read as an
empty set or a "no" if they were read as one)."""


@PROPERTY
@given(records, st.sampled_from(LABEL_PHRASES), separators(), st.sampled_from(VALUE_REMARKS),
       preludes, st.booleans())
def test_a_labelled_value_gives_the_verdict_of_answer(
    record: dict[str, Any], phrase: str, sep: str, remark: str, notes: list[str], right: bool
) -> None:
    """"Busiest node → T (tied with nobody)": a short name opening a sentence, any separator
    (``marks.SEP``: the arrow as the colon) and a value give the verdict "Answer: T" gives; a
    bracketed remark after the value is no value of its own, and a group right after a cue
    is still the value ("The answer is (7)")."""
    kind = _kind(record)
    value, expected = _case(right, record)
    prelude, text = _notes(record, notes, value), _text(kind, value)
    assert _verdict(f"{prelude}Answer: {text}", record) == expected
    output = f"{prelude}{phrase}{sep}{text}{remark}"
    assert _verdict(output, record) == expected, output
    if kind != "object":
        grouped = f"{prelude}The answer is ({text}){remark}"
        assert _verdict(grouped, record) == expected, grouped


def test_a_dash_right_after_a_label_is_a_separator_after_prose() -> None:
    """Found by CLOSUREBENCH_FUZZ_RANDOM=1 after 0.3.8: "Count- Yara" was read alone but not
    as the closing line after prose, where a short line of a set answer is a bare item row:
    a row that is a labelled value (a name, then a separator) is none."""
    rec = next(r for r in RECORDS if _kind(r) == "labels" and len(_answer(r)) == 1)
    text = _text("labels", _answer(rec))
    assert _verdict(f"Count- {text}", rec) == RIGHT
    assert _verdict(f"I checked every edge.\n\nCount- {text}", rec) == RIGHT


@pytest.mark.parametrize("kind", ["integer", "boolean", "label", "labels", "object"])
def test_a_revision_adverb_closing_its_own_sentence_is_part_of_it(kind: str) -> None:
    """Found by CLOSUREBENCH_FUZZ_RANDOM=1 after 0.3.8: "It is actually can_reach: …,
    out_degree: 2, actually." gave no answer, since an object's fields leave ", actually." as
    commentary, read as a revision with no value. An adverb closing the value's own sentence
    belongs to that statement, for every answer type (a set's list no longer takes it for one
    more item: "Answer: Hana, Kofi, Priya, actually."); one opening a new sentence still
    withdraws ("Answer: 4. Actually, …")."""
    rec = BY_KIND[kind][0]
    first, other = _text(kind, _answer(rec)), _text(kind, _wrong(rec))
    for adverb in ("actually", "in fact", "really", "on second thought", "on reflection"):
        output = f"So the answer is {first}. It is actually {other}, {adverb}."
        assert _verdict(output, rec) == WRONG, output
        for close in (".", "", "\nI checked every edge."):  # a line's end closes it too
            assert _verdict(f"Answer: {first}, {adverb}{close}", rec) == RIGHT, adverb


@pytest.mark.parametrize("ending", [
    "--- {t}", ": {t}", " → {t}",  # no full stop: a labelled line is finished without one
    " - {t} 【as listed】", " - {t} 「as listed」", " - {t} (as listed)",  # any script's bracket
])
def test_a_long_closing_labelled_value_is_a_finished_sentence(ending: str) -> None:
    """Found by CLOSUREBENCH_FUZZ_RANDOM=1 after 0.3.8: after a prelude that offers values, a
    closing labelled value longer than a short piece gave no answer when it ended without a
    full stop ("Busiest node--- Carol, …, Zaid") or with a bracket of another script ("…
    srv-15 【as listed】"): it counted as a cut fragment. A line that opens with a name and a
    separator is finished without a full stop, and every closing bracket or final quote of
    any script ends a sentence."""
    notes = ["At first I thought it might be {w}, but let me work through the edges.",
             "One candidate is {w}; another is {r}. I check each edge."]
    for record in RECORDS:
        kind = _kind(record)
        for right in (True, False):
            value, expected = _case(right, record)
            prelude, text = _notes(record, notes, value), _text(kind, value)
            output = f"{prelude}Busiest node{ending.format(t=text)}"
            assert _verdict(output, record) == expected, output


@pytest.mark.parametrize("kind", ["integer", "boolean", "label", "labels", "object"])
def test_a_sentence_after_the_cue_and_a_cue_inside_a_sentence_state_the_value(kind: str) -> None:
    """Found by ten outputs in new styles, written with their verdicts decided first (after
    0.3.8): "Answer: There are 4 triangles." gave no answer (the cue's text was read as a
    value or nothing, not as a sentence), nor did "I first said yes, but after following the
    edges I conclude no." (a first-person cue opened only a sentence). The cue's text is now
    weighed as prose when it is no value itself, and a first-person cue anywhere in a
    sentence is where a value may start, like a copula."""
    rec = BY_KIND[kind][0]
    for right in (True, False):
        value, expected = _case(right, rec)
        text = _text(kind, value)
        other = _text(kind, _wrong(rec) if right else _answer(rec))
        for output in (f"**Final Answer:** The result is {text}.",
                       f"I first said {other}, but after checking every edge I conclude {text}.",
                       f"At first {other}; after tracing each edge, we get {text}."):
            assert _verdict(output, rec) == expected, output
        for said in ("It is", "They are", "That's", "There are"):  # a sentence after the cue
            assert _verdict(f"Answer: {said} {text}.", rec) == expected, said
        for said in ("It might be", "It could be", "They may be"):  # a qualm stays one
            assert _verdict(f"Answer: {said} {text}.", rec) == NONE, said


@pytest.mark.parametrize("symbol", ["✅", "✔", "✔️", "👍", "⭐", "☑"])
def test_a_symbol_after_a_yes_or_no_is_decoration(symbol: str) -> None:
    """Found by a battery of common closing styles after 0.3.8: "Result: Yes ✅" gave no
    answer, since a yes/no word had to be followed by a pause, a capital or the end; a symbol
    (arrows, dingbats, emoji) after it ends the word too, as it does after a count."""
    for rec in BY_KIND["boolean"][:2]:
        for right in (True, False):
            value, expected = _case(right, rec)
            text = _text("boolean", value)
            for form in ("Result: {t} {s}", "Answer: {t}{s}", "{t} {s}"):
                output = form.format(t=text, s=symbol)
                assert _verdict(output, rec) == expected, output


@PROPERTY
@given(st.sampled_from([r for r in RECORDS if _kind(r) != "object"]),
       st.sampled_from(LABEL_PHRASES), separators(),
       st.sampled_from([" (or {o})", " (maybe {o})", " (actually {o})"]),
       st.booleans())
def test_a_remark_that_hedges_or_revises_is_weighed(
    record: dict[str, Any], phrase: str, sep: str, remark: str, right_first: bool
) -> None:
    """A bracketed remark after a labelled value is skipped only when it is neutral: one
    that offers another value ("T (or U)", "T (maybe U)") is never credited, and one that
    revises ("T (actually U)") is never credited with the value it replaces."""
    kind = _kind(record)
    a, b = (_answer(record), _wrong(record)) if right_first else (_wrong(record), _answer(record))
    output = f"{phrase}{sep}{_text(kind, a)}{remark.format(o=_text(kind, b))}"
    v = judge_outputs([output], [record])[0]
    if "actually" in remark:
        assert v.strict is (not right_first), output
    else:
        assert not v.strict and not v.lenient, output


def test_a_questioned_value_in_a_remark_is_never_credited() -> None:
    """Found by the remark property (present since 0.3.0): "Count: 6 (4?)" read 4."""
    rec = next(r for r in RECORDS if _kind(r) == "integer")
    a, b = _answer(rec) + 2, _answer(rec)
    output = f"Count: {a} ({b}?)"
    v = judge_outputs([output], [rec])[0]
    assert not v.strict and not v.lenient, output


def test_either_a_value_or_an_unnamed_other_is_a_hedge() -> None:
    """Found by a new-style output after 0.3.3: "either X or someone else" was credited."""
    rec = next(r for r in RECORDS if _kind(r) == "label")
    output = f"It is either {_answer(rec)} or someone else, I cannot tell."
    v = judge_outputs([output], [rec])[0]
    assert not v.strict and not v.lenient, output


# ---- stance, emphasis, first-person cues, questions ----------------------------------------

STANCE = ["clearly", "definitely", "simply", "exactly", "therefore", "certainly", "surely",
          "indeed", "obviously", "just", "only", "of course", "undoubtedly", "honestly",
          "precisely", "unquestionably"]
"""Stance, emphasis and discourse words (``parse.STANCE_WORDS``), and ``-ly`` adverbs that
no list names (``undoubtedly``, ``honestly``, ``unquestionably``): recognised by shape."""
STANCE_FORMS = ["{S} {v}.", "{S}, {v}.", "The answer is {s} {v}.", "The final answer is {s} {v}.",
                "Answer: {s} {v}", "**Answer:** {S} {v}", "It is {s} {v}.", "So {s} {v}."]


@PROPERTY
@given(records, st.sampled_from(STANCE), st.sampled_from(STANCE_FORMS), preludes, st.booleans())
def test_stance_and_emphasis_are_transparent(
    record: dict[str, Any], word: str, form: str, notes: list[str], right: bool
) -> None:
    """"Clearly 4.", "The answer is simply 4.", "Answer: definitely wolf": a stance, emphasis
    or discourse word opening the value (a closed list, or any ``-ly`` adverb that does not
    hedge) says how firmly it is stated, never which value: the verdict "Answer: X" gives."""
    value, expected = _case(right, record)
    prelude, text = _notes(record, notes, value), _text(_kind(record), value)
    assert _verdict(f"{prelude}Answer: {text}", record) == expected
    output = prelude + form.format(S=word.capitalize(), s=word, v=text)
    assert _verdict(output, record) == expected, output


TAILS = ["{v} alone.", "It is {v} and no one else.", "{v}, nothing else.", "{v} and nothing else.",
         "It is {v}, nobody else.", "Answer: {v} alone.", "So {v}, and no one else.", "{v} it is.",
         "Final answer: {v}, nothing else.", "{v}, I'd say.", "{v}, I think."]


@PROPERTY
@given(records, st.sampled_from(TAILS), preludes, st.booleans())
def test_an_exclusivity_tail_or_an_inverted_copula_is_transparent(
    record: dict[str, Any], form: str, notes: list[str], right: bool
) -> None:
    """"4 alone.", "It is wolf and no one else.", "wolf, nothing else.", "No it is.": a tail
    saying the value is the whole answer, or an inverted copula, keeps the verdict "Answer:
    X" gives ("no one" is never read as a value of its own: "one", an empty set, a "no")."""
    value, expected = _case(right, record)
    prelude, text = _notes(record, notes, value), _text(_kind(record), value)
    output = prelude + form.format(v=text)
    assert _verdict(output, record) == expected, output


MID_TAILS = ["It is {v} and no one else, I am sure.", "{v}, nobody else, as shown above.",
             "So {v} and nothing else; I checked it twice.", "{v} alone, as I showed."]


@PROPERTY
@given(records, st.sampled_from(MID_TAILS), st.booleans())
def test_an_exclusivity_tail_inside_a_sentence_gives_no_value_of_its_own(
    record: dict[str, Any], form: str, right: bool
) -> None:
    """"It is 4 and no one else, I am sure." never reads "one" (1), an empty set or a "no"
    from the tail (``commit._remark``): the right value is never read as another one, and a
    wrong one is never credited. (Without reasoning before it: where the sentence gives no
    value, "If I misread an edge I would get X" before it still counts, a known misreading.)"""
    value, expected = _case(right, record)
    output = form.format(v=_text(_kind(record), value))
    assert _verdict(output, record) in (expected, NONE), output


def test_a_guess_in_the_reasoning_is_no_fallback_for_an_unnamed_alternative() -> None:
    """Found by CLOSUREBENCH_FUZZ_RANDOM=1 after 0.3.8: a guess the reasoning named ("A quick
    guess gives …", a noun of guessing outside "my guess is") was the fallback when the
    closing sentence offered an unnamed alternative."""
    for kind in ("integer", "labels"):
        rec = BY_KIND[kind][0]
        right = _text(kind, _answer(rec))
        output = (f"A quick guess gives {right}. That is a guess, not a count.\n\n"
                  f"It is {_text(kind, _wrong(rec))} or something else.")
        got = judge_outputs([output], [rec])[0]
        assert not got.strict and not got.lenient, output


COUNTERFACTUALS = ["If I misread the direction I would get {v}, so I go slowly.",
                   "I would get {v} if I ignored the direction.",
                   "If the last edge counted, the answer would be {v}."]


@pytest.mark.parametrize("kind", ["integer", "boolean", "label", "labels", "object"])
def test_a_conditional_value_of_the_reasoning_is_never_the_fallback(kind: str) -> None:
    """Found while adding the exclusivity-tail rule (judge6; an xfail until 0.3.9): a value
    of a counterfactual ("if …, I would get 5") counted when the closing sentence gave no
    readable value. It is offered like a qualm's: never the answer on its own, a hedge
    against a different committed value, and a marked answer after it still commits."""
    rec = BY_KIND[kind][0]
    right, wrong = _text(kind, _answer(rec)), _text(kind, _wrong(rec))
    for template in COUNTERFACTUALS:
        for v in (right, wrong):
            said = template.format(v=v)
            for output in (said, f"{said}\n\nIt is {wrong} and no one else, I am sure."):
                got = judge_outputs([output], [rec])[0]
                assert not got.strict and not got.lenient, output
            assert _verdict(f"{said}\n\nAnswer: {right}", rec) == RIGHT, said
            assert _verdict(f"{said}\n\nAnswer: {wrong}", rec) == WRONG, said
    for saying in ("If you ask me, I would say {v}.", "I would say {v}, if asked."):
        assert _verdict(saying.format(v=right), rec) == RIGHT, saying


SAYING = ["I'd say {v}.", "I conclude {v}.", "I would say {v}.", "We get {v}.", "I make it {v}.",
          "I'll go with {v}.", "I think {v}.", "So I conclude {v}.", "I'd say clearly {v}."]
GUESSING = ["I guess {v}.", "My guess is {v}.", "I'd guess {v}.", "My best guess is {v}.",
            "A quick guess gives {v}.", "Guessing, {v}."]


@PROPERTY
@given(records, st.sampled_from(SAYING), st.sampled_from(GUESSING), preludes, st.booleans())
def test_a_first_person_verb_of_saying_is_a_cue_and_of_guessing_a_hedge(
    record: dict[str, Any], saying: str, guessing: str, notes: list[str], right: bool
) -> None:
    """"I'd say 4.", "I conclude wolf.", "I make it 1.5": a first-person verb of saying or
    concluding (``commit.SAYING_VERBS``) gives the verdict "Answer: X" gives; a verb or noun
    of guessing ("I guess 4.", "My guess is 4.") offers the value: never credited."""
    value, expected = _case(right, record)
    prelude, text = _notes(record, notes, value), _text(_kind(record), value)
    output = prelude + saying.format(v=text)
    assert _verdict(output, record) == expected, output
    hedged = prelude + guessing.format(v=text)
    v = judge_outputs([hedged], [record])[0]
    assert not v.strict and not v.lenient, hedged


QUESTIONS = ["{v}?", "Count: {v}?", "Count: {v} (is that right?)", "Answer: {v} (is that right?)",
             "Count: {o} ({v}?)", "The count is {o} ({v}?).", "So is it {v}?", "Count: {v} ({o}?)",
             "Answer: {v}. Or is it {o}?", "It might be {o}. Is it {v}?", "Is it {v}?"]
UNNAMED = ["It is either {v} or someone else, I cannot tell.", "Either {v} or another one.",
           "It is {v} or something else.", "Answer: {v} or someone else",
           "Either {v} or some other node."]


@PROPERTY
@given(st.sampled_from([r for r in RECORDS if _kind(r) != "object"]),
       st.sampled_from(QUESTIONS + UNNAMED), preludes, st.booleans())
def test_a_question_or_an_unnamed_alternative_is_never_credited(
    record: dict[str, Any], form: str, notes: list[str], right: bool
) -> None:
    """*A question is not a commitment*: a value a question mark follows ("4?", "Count: 6
    (4?)", "Count: 4 (is that right?)", "Is it 4?") is offered, never stated, and a value
    joined by "or" to an unnamed other ("either wolf or someone else") is a hedge."""
    kind = _kind(record)
    value, _ = _case(right, record)
    other = _wrong(record) if right else _answer(record)
    prelude = _notes(record, notes, value)
    output = prelude + form.format(v=_text(kind, value), o=_text(kind, other))
    v = judge_outputs([output], [record])[0]
    assert not v.strict and not v.lenient, output


def test_a_label_shaped_like_a_stance_word_is_the_value() -> None:
    """"Lily", "Holly": a node's label ending in "-ly" names the node, never a stance word."""
    rec = next(r for r in RECORDS if _kind(r) == "label")
    nodes = ["Lily", "Holly", *[n for n in rec["nodes"] if n not in ("Lily", "Holly")]]
    for answer, other in (("Lily", "Holly"), ("Holly", "Lily")):
        lily = _Record({**rec, "nodes": nodes, "answer": json.dumps(answer)})
        for form in ["{v}.", "Answer: {v}", "Clearly {v}.", "It is {v}.", "{v} alone.",
                     "The answer is {v}."]:
            assert _verdict(form.format(v=answer), lily) == RIGHT, form
            assert _verdict(form.format(v=other), lily) == WRONG, form


def test_no_then_a_comma_and_it_is_reads_no() -> None:
    """Policy (docs/scoring.md, known misreadings): "No, it is." reads No, like the inverted
    copula "No it is."; the comma alone would have to tell the opposite reading apart."""
    rec = next(r for r in RECORDS if _kind(r) == "boolean")
    for form in ["No, it is.", "No it is."]:
        assert judge_outputs([form], [rec])[0].answer is False, form


def test_a_bracketed_one_letter_set_item_is_the_value() -> None:
    """Found by the labelled-value property (present before judge6): "(G)" of "The answer is
    (G) (no ties)" was read as an enumerator, and the remark after it as an empty list. A
    bracketed marker that names a node, with no item after it, is the node."""
    base = next(r for r in LISTS if any(len(n) == 1 for n in r["nodes"]))  # letter labels
    letter = next(n for n in base["nodes"] if len(n) == 1)
    rec = _Record({**base, "answer": json.dumps([letter])})
    for remark in VALUE_REMARKS:
        output = f"The answer is ({_answer(rec)[0]}){remark}"
        assert _verdict(output, rec) == RIGHT, output


# ---- a revision without a marker word ------------------------------------------------------

AMENDMENTS = ["My count was {a}, but {why}, which leaves {b}.",
              "My count was {a}, but {why}, which gives {b}.",
              "The first reading was {a}; however, {why}, which makes {b}.",
              "I had {a}, but {why}, leaving {b}.",
              "My count was {a}, yet {why}, which yields {b}.",
              "But {why}, which leaves {b}.",
              # a verb of arriving at a value is a consequence too (0.3.8)
              "I first wrote {a}, though on a second pass I land on {b}.",
              "My count was {a}, but {why}, and I end up with {b}.",
              "I had {a}; however, {why}, and I arrive at {b}.",
              "My count was {a}, yet {why}, so I settled on {b}.",
              "The first reading was {a}, but {why}, which comes to {b}."]
"""A contrast and a consequence (``commit.CONTRASTS``, ``commit.CONSEQUENCES``): no marker."""
REASONS = ["I counted an edge twice", "I misread the direction of an edge",
           "the start node does not belong", "one edge points the other way"]


@PROPERTY
@given(records, st.sampled_from(["", *FIRST]), st.sampled_from(AMENDMENTS),
       st.sampled_from(REASONS), st.sampled_from(["\n\n", " "]), st.booleans())
def test_a_contrast_then_a_consequence_revises_to_its_value(
    record: dict[str, Any], first: str, template: str, why: str, gap: str, right: bool
) -> None:
    """"My count was 8, but I counted S twice, which leaves 7." reads 7: a value A, a contrast
    and a consequence giving B of the same type revise A to B, alone or after A committed in
    any form, right or wrong; never A, never no answer."""
    kind = _kind(record)
    value, expected = _case(right, record)
    other = _wrong(record) if right else _answer(record)
    if not first and template.startswith("But"):
        template = "I had {a}. " + template  # the bare contrast needs a value before it
    earlier = first.format(t=_text(kind, other), j=json.dumps(other))
    if gap == " " and earlier[-1:] not in ".}>":
        gap = "\n\n"  # a sentence on the value's own line is part of that line
    earlier = earlier + gap if first else ""
    output = earlier + template.format(a=_text(kind, other), why=why, b=_text(kind, value))
    assert _verdict(output, record) == expected, output


@PROPERTY
@given(st.sampled_from([r for r in RECORDS if _kind(r) != "object"]), st.sampled_from(FIRST),
       st.sampled_from(["which leaves", "which gives", "leaving", "which comes to",
                        "ending up with"]), st.booleans())
def test_a_consequence_without_a_contrast_or_with_a_hedge_is_no_revision(
    record: dict[str, Any], first: str, consequence: str, right: bool
) -> None:
    """A consequence alone is commentary ("Answer: 4. Removing the loop, which leaves 3
    edges, changes nothing." keeps 4's verdict); a contrast whose reason hedges ("but maybe
    …, which leaves B") is never credited."""
    kind = _kind(record)
    value, expected = _case(right, record)
    other = _wrong(record) if right else _answer(record)
    earlier = first.format(t=_text(kind, value), j=json.dumps(value))
    plain = f"{earlier}\n\nI checked the reversed edge, {consequence} the graph as it was."
    assert _verdict(plain, record) == expected, plain
    hedged = (f"{earlier}\n\nMy count was {_text(kind, value)}, but maybe I counted an edge "
              f"twice, {consequence} {_text(kind, other)}.")
    v = judge_outputs([hedged], [record])[0]
    assert not v.strict and not v.lenient, hedged


# ---- a negated value is no commitment -----------------------------------------------------

NEGATED = ["It is not {t}.", "Not {t}.", "I can't say {t}.", "I don't think {t}.",
           "Surely not {t}.", "The answer is not {t}.", "It isn't {t}.", "It's not {t}.",
           "Answer: not {t}", "Definitely not {t}.", "I wouldn't say {t}.", "Never {t}.",
           "It is no longer {t}.", "I do not believe {t}.", "That is not {t}.",
           "I don't think it's {t}.", "I doubt it's {t}.", "The answer isn't {t}.", "NOT {t}.",
           "**Not {t}**", "It's definitely not {t}.", "We can't conclude that it is {t}."]
HEDGED_LEADS = ["Likely {t}.", "Nearly {t}.", "The answer is likely {t}.", "It's likely {t}.",
                "Answer: likely {t}", "Apparently {t}.", "Most likely {t}."]


@PROPERTY
@given(records, st.sampled_from(NEGATED + HEDGED_LEADS), st.sampled_from(["", *REASONING]),
       st.booleans())
def test_a_negated_or_likely_value_is_never_credited(
    record: dict[str, Any], template: str, note: str, right: bool
) -> None:
    """*A negated value is no commitment* (``parse.NEGATORS``): "It is not X.", "Not X.", "I
    don't think X.", "The answer is not X." never credit X, strict or lenient, for any
    answer type, right or wrong (a yes/no answer too: "not Yes" is no answer, never No).
    *A likely or approximate value is a hedge* (``parse.HEDGING_ADVERBS``): "Likely X.",
    "Nearly X." credit nothing either, for every type alike. Reasoning before that named the
    same value is no fallback: the closing sentence withdraws it (``Reader._withdraws``)."""
    kind = _kind(record)
    value = _answer(record) if right else _wrong(record)
    said = note.format(w=_text(kind, value), r=_text(kind, value))  # reasoning naming it
    output = (said + "\n\n" if said else "") + template.format(t=_text(kind, value))
    v = judge_outputs([output], [record])[0]
    assert not v.strict and not v.lenient, output


CORRECTIONS = ["Not {w} but {t}.", "It is not {w}, it is {t}.", "Not {w}. It is {t}.",
               "No, it is {t}.", "{t}, not {w}.", "It is {t}, not {w}.",
               "I don't think it's {w}; it's {t}.", "The answer is not {w} but {t}."]


@PROPERTY
@given(st.sampled_from([r for r in RECORDS if _kind(r) in ("integer", "number", "labels")]),
       st.sampled_from(CORRECTIONS), st.booleans())
def test_a_negated_value_then_the_committed_one_reads_the_committed_one(
    record: dict[str, Any], template: str, right: bool
) -> None:
    """A correction ("Not 5 but 4.", "It is not 5, it is 4.", "4, not 5.") commits to the value
    that is not negated: the negator withdraws only the value it opens, the judge reads on."""
    kind = _kind(record)
    if kind == "labels" and ", not" in template:
        return  # "A, B, not A": a list and its negated tail joined by a comma are one list
    value, expected = _case(right, record)
    other = _wrong(record) if right else _answer(record)
    output = template.format(t=_text(kind, value), w=_text(kind, other))
    assert _verdict(output, record) == expected, output


@pytest.mark.parametrize("output", [
    "The nodes that are not reachable are {t}.", "Nodes Ivan cannot reach: {t}",
    "Not reachable: {t}.", "Ivan cannot reach {t}.", "The hosts it does not reach are {t}."])
def test_a_set_defined_with_not_is_no_negated_value(output: str) -> None:
    """negative_reachability asks which nodes x can NOT reach: a "not" in the definition of
    the set, not opening its value, never withdraws it (``parse.negated`` is anchored)."""
    for record in LISTS:
        text = output.format(t=_text("labels", _answer(record)))
        assert _verdict(text, record) == RIGHT, text


@pytest.mark.parametrize("output,kind,expected", [
    ("None.", "labels", WRONG), ("Answer: none", "labels", WRONG),
    ("No, it is not reachable.", "boolean", RIGHT), ("No. It is not reachable.", "boolean", RIGHT),
    ("No, it is {t}.", "integer", RIGHT), ("No, it is {t}.", "label", RIGHT)])
def test_no_and_none_are_values_never_negators(
    output: str, kind: str, expected: tuple[bool, bool]
) -> None:
    """"None", "No, it is 4", "No, it is not reachable." are answers: "no" alone is no
    negator (``parse.NEGATORS`` holds "no longer", never "no"), "none" an empty set."""
    record = next(r for r in BY_KIND[kind] if kind != "boolean" or _answer(r) is False)
    if kind == "labels":
        record = LISTS[0]  # a set that is not empty: "None." is read, and wrong
    text = output.format(t=_text(kind, _answer(record)))
    assert _verdict(text, record) == expected, text



def test_an_object_revised_on_the_line_it_was_committed_reads_the_revision() -> None:
    """Found by CLOSUREBENCH_FUZZ_RANDOM=1 on 0.3.8 (8 of 128 object cases of every revision
    template): a sentence of fields after another one's, in one comma-separated run, lost its
    first field to the piece before it, so the sets mixed."""
    from closurebench.scoring.parse import _at_fields

    rec = next(r for r in RECORDS if r["category"] == "multi_query")
    a = _answer(rec)
    said = f"can_reach: {str(a['can_reach']).lower()}, in_degree: {a['in_degree']}, out_degree: "
    output = (f"So the answer is {said}{a['out_degree']}. My count was {said}{a['out_degree']}, "
              f"but I counted an edge twice, which leaves {said}{a['out_degree'] + 1}.")
    assert judge_outputs([output], [rec])[0].answer == {**a, "out_degree": a["out_degree"] + 1}
    for label in ("St. Louis", "Dr. Ada"):  # a sentence naming no field stays in the value
        assert _at_fields(f" hub: {label}", {"hub": "hub"}) == [f" hub: {label}"]
    assert _at_fields(" hub: St. Louis. Then hub: Lyon", {"hub": "hub"}) == [
        " hub: St. Louis. ", "Then hub: Lyon"]


@pytest.mark.parametrize("kind", ["integer", "boolean", "label", "labels", "object"])
def test_values_named_as_candidates_are_offered_not_committed(kind: str) -> None:
    """Found by CLOSUREBENCH_FUZZ_RANDOM=1 on 0.3.8 (an xfail until 0.3.9): two values named
    candidates, then a closing question, read the later one. A noun naming a value one of
    several is a qualm like "maybe": the values are offered, and a question commits nothing,
    while a marked answer after them still does."""
    rec = next(r for r in RECORDS if _kind(r) == kind)
    a, w = _text(kind, _answer(rec)), _text(kind, _wrong(rec))
    for prelude in (f"One candidate is {w}; another is {a}.", f"One possibility is {w}, "
                    f"another {a}.", f"The candidates are {w} and {a}."):
        for tail in ("", f" I check each edge.\n\nSo is it {a}?", f"\n\nIs it {a}?"):
            assert _verdict(prelude + tail, rec) == NONE, prelude + tail
        assert _verdict(f"{prelude}\n\nAnswer: {a}", rec) == RIGHT, prelude
        assert _verdict(f"{prelude}\n\nAnswer: {w}", rec) == WRONG, prelude


def test_a_revision_by_a_verb_of_arriving_reads_the_new_value() -> None:
    """Found by ten new-style outputs after 0.3.4 (an xfail until 0.3.8); every answer type
    and verb is ``test_a_contrast_then_a_consequence_revises_to_its_value``'s."""
    rec = next(r for r in RECORDS if _kind(r) == "integer")
    a = _answer(rec)
    output = f"I first wrote {a + 1}, though on a second pass I land on {a}."
    assert judge_outputs([output], [rec])[0].strict, output


@pytest.mark.parametrize("ending", [
    "Answer: {v}\n\nNote: if the edges were read as undirected, the answer would be {o} instead.",
    "**Answer:** {v}\n\n*Note:* had ties been broken alphabetically, it would be {o}.",
    "**Answer: {v}**\n\nExplanation: it is tempting to say {o}, but that overlooks one edge.",
    "Final answer: {v} (not {o}, which is what I first got)",
    "Answer: ~~{o}~~ {v}",
    "Answer: ~~{o}~~ **{v}**",
])
def test_a_value_set_aside_beside_the_answer_leaves_it_standing(ending: str) -> None:
    """Found by an outside battery (``benchmarks.heldout_styles3``), for every answer type: a
    value that the answer's own text sets aside does not compete with it. Contrary to fact
    ("if the edges *were* undirected, it would be …"; an open condition, "if the start counts,
    it would be …", still leaves no answer), named as a temptation after it, rejected in a
    parenthesis, or struck through."""
    for record, _, expected, output in _endings(ending):
        assert _verdict(output, record) == expected, output


@pytest.mark.parametrize("say", [
    "{k}: {v}", "{k} is {v}", "{k} equals {v}", "{k} {v}", "{k} = {v}"])
@pytest.mark.parametrize("join", [", ", "; ", " and "])
def test_an_object_s_fields_said_in_prose_are_read_in_any_order(say: str, join: str) -> None:
    """Found by ``benchmarks.heldout_styles3``: "Therefore, can_reach is false, in_degree is 2
    and out_degree is 1." gave no answer, as did "in_degree: 2 and out_degree: 1" and
    "out-degree 1". A field is said with a separator mark, a copula or nothing before its
    value, and "and" may join the last one; the order of the fields does not matter, and a
    wrong field is never credited."""
    for record in BY_KIND["object"]:
        for right in (True, False):
            value, expected = _case(right, record)
            for order in (list(value), list(value)[::-1]):
                spoken = [say.format(k=k.replace("_", " ") if say == "{k} {v}" else k,
                                     v=json.dumps(value[k])) for k in order]
                body = ", ".join(spoken[:-1]) + join + spoken[-1]
                for output in (f"Therefore, {body}.", f"Final answer: {body}"):
                    assert _verdict(output, record) == expected, output


@pytest.mark.parametrize("ending", [
    "[ANSWER] {v} [/ANSWER]", "[answer]Answer: {v}[/answer]", "<answer>Answer: {v}</answer>",
    "<result>The answer is {v}.</result>", "Final answer: Answer: {v}",
])
def test_a_tag_or_a_cue_around_an_answer_line_is_read_through(ending: str) -> None:
    """Found with ``benchmarks.heldout_styles2``'s "bbcode tag" (a yes/no in ``[ANSWER] …
    [/ANSWER]`` gave no answer) and the cases around it: BBCode's square tags are tags like
    markup's, an answer line inside a tag ends at the closing tag (a set in "<result>The
    answer is A, B, C.</result>" lost its last item), and a payload that opens with a cue of
    its own is read from that cue on (a label in "<answer>Answer: V</answer>" read as
    "Answer"). For every answer type, and never crediting the wrong value."""
    for record in RECORDS:
        kind = _kind(record)
        for right in (True, False):
            value, expected = _case(right, record)
            output = _notes(record, ["It could be {w} at first glance."], value) + ending.format(
                v=_text(kind, value))
            assert _verdict(output, record) == expected, output


@pytest.mark.parametrize("ending", ["Answer: {v}, not {o}.", "Answer: {v} (not {o}).",
                                    "Answer: {v} but not {o}"])
def test_a_rejected_alternative_after_the_answer_is_never_credited(ending: str) -> None:
    """Found while fixing the third battery: "Answer: {fields}, not {other fields}." credited
    the *rejected* object (a second full set of fields was read as a later answer), and a set
    took "not" for an item. A field or item after "not" ends the statement: the answer before
    it stands, for every answer type."""
    for record, _, expected, output in _endings(ending):
        if "but" in ending and _kind(record) != "labels":
            continue  # "A and B but not C" is a set's phrase ("No but not Yes" is no English)
        assert _verdict(output, record) == expected, output


@pytest.mark.parametrize("ending", ["{v}, not {o}.", "So {v}, not {o}.", "Not {o} but {v}.",
                                    "It is not {o} but {v}."])
def test_a_value_and_its_rejected_alternative_in_prose_give_the_values_verdict(
        ending: str) -> None:
    """"Clara, not Noor." and "Not No but Yes." gave no answer (judge7's known misreadings)
    where "3, not 5." and "Not 5 but 3." read 3: a rejected alternative beside a value in a
    closing sentence leaves the value standing alone, for every answer type but an object,
    whose two sets of fields on one line have no honest form."""
    for record, _, expected, output in _endings(ending):
        if _kind(record) != "object":
            assert _verdict(output, record) == expected, output


def test_a_value_called_wrong_is_never_credited() -> None:
    """Found with a fourth outside battery (2026-12-07): "The answer is 3. Scratch that — 3 is
    wrong." credited 3, and "Final answer: 3. 5 is wrong." credited *5* (the "wrong" made its
    sentence a revision, and 5 the revised value). A clause that calls a value wrong rejects
    it: the committed value is withdrawn if that is the one, and a rejected other value is
    neither stated nor offered. For every answer type."""
    for record in RECORDS:
        kind = _kind(record)
        for right in (True, False):
            value, expected = _case(right, record)
            v = _text(kind, value)
            o = _text(kind, _wrong(record) if right else _answer(record))
            for output in (f"The answer is {v}. Scratch that — {v} is wrong; I'd need to redo it.",
                           f"The answer is {v}. Actually no, {v} is wrong."):
                assert _verdict(output, record) == NONE, output
            for output in (f"Final answer: {v}. {o} is wrong.",
                           f"Final answer: {v}.\n\n{o} is wrong.",
                           f"Final answer: {v}. Note: {o} is wrong; {v} is right."):
                if kind == "object" and "\n" not in output:
                    continue  # two objects' fields run together on one line: no honest form
                assert _verdict(output, record) == expected, output


def _lettered(record: dict[str, Any]) -> dict[str, Any]:
    """The record with its nodes renamed to one capital letter each (as the letter pool
    names them): a node's label is then also an enumerator's shape ("P.")."""
    letters = dict(zip(record["nodes"], "PUAFQZOBCDEGHJ", strict=False))
    answer = _answer(record)
    return _Record({**record, "nodes": [letters[n] for n in record["nodes"]],
                    "query": "{}", "answer": json.dumps(
                        [letters[n] for n in answer] if type(answer) is list
                        else letters.get(answer, answer))})


@pytest.mark.parametrize("ending", ["Final answer: {v}. Note: {o} is wrong; {v} is right.",
                                    "Final answer: {v}. {o} is wrong.",
                                    "Final answer: {v}. I checked every edge."])
def test_a_one_letter_node_before_a_full_stop_is_the_node(ending: str) -> None:
    """"Final answer: P. Note: U, A is wrong; P is right." read the set {Note}: "P." was taken
    for an enumerator and "Note" for the item it numbers. After a cue, one enumerator whose
    item names no node is the node itself, for node and set answers."""
    for record in BY_KIND["label"] + LISTS:
        if len(record["nodes"]) > 14:
            continue
        record = _lettered(record)
        kind = _kind(record)
        for right in (True, False):
            value, expected = _case(right, record)
            other = _wrong(record) if right else _answer(record)
            output = ending.format(v=_text(kind, value), o=_text(kind, other))
            assert _verdict(output, record) == expected, output


@pytest.mark.parametrize("conj", languages.conjunctions())
def test_another_languages_and_joins_items_even_where_a_node_bears_its_name(conj: str) -> None:
    """"D, F, L y Y" read {D, F, L}: "y" names the node Y, so it was never taken for Spanish
    "and". Between two nodes it is the conjunction (no list puts two nodes side by side),
    wherever the node so named stands in the list, right value or wrong."""
    for record in LISTS:
        record = _lettered(record)
        answer = _answer(record)
        if len(answer) < 2:
            continue
        named = conj.capitalize()  # the node that bears the conjunction's name
        for at in (0, -1):
            renamed = {answer[at]: named}
            nodes = [renamed.get(n, n) for n in record["nodes"]]
            items = [renamed.get(n, n) for n in answer]
            case = _Record({**record, "nodes": nodes, "answer": json.dumps(items)})
            for value, expected in ((items, RIGHT), (items[:-1], WRONG)):
                if len(value) < 2:
                    continue
                output = f"Final answer: {', '.join(value[:-1])} {conj} {value[-1]}"
                assert _verdict(output, case) == expected, output


def test_a_clause_calling_an_earlier_attempt_wrong_keeps_or_revises_the_answer() -> None:
    """"Final answer: 3. My first count was wrong; 3 is right." was no answer: "wrong" read as
    doubt about the answer just given. A clause that calls an *earlier* attempt wrong names
    what the answer corrects: the answer stands, a different value after it is the
    correction, and a clause calling the answer itself wrong still withdraws it. For every
    answer type, with the right value and a wrong one."""
    for record, right, expected, _ in _endings(""):
        kind = _kind(record)
        value, _ = _case(right, record)
        v = _text(kind, value)
        o = _text(kind, _wrong(record) if right else _answer(record))
        for output in (f"Final answer: {v}. My first count was wrong.",
                       f"Final answer: {v}. My first count was wrong; {v} is right.",
                       f"Final answer: {v}. I was wrong at first, but {v} is right.",
                       f"Final answer: {v}\n\nMy earlier attempt was incorrect."):
            assert _verdict(output, record) == expected, output
        for output in (f"Final answer: {o}. My first count was wrong; it is {v}.",):
            assert _verdict(output, record) == expected, output
        for output in (f"Final answer: {v}. That is wrong.",
                       f"Final answer: {v}. Wait, my first count was wrong, let me recount."):
            assert _verdict(output, record) == NONE, output


@pytest.mark.parametrize("ending,chosen", [
    ("If the edges are read as written, the answer is {v}. If they are read as two-way, the "
     "answer is {o}. The question does not say which, so I give both.", False),
    ("Under reading A the answer is {v}; under reading B it is {o}.", False),
    ("| Reading | Answer |\n|---|---|\n| one-way | {v} |\n| two-way | {o} |\n\nIt depends.",
     False),
    ("If the edges were two-way, the answer would be {o}. If they are read as written, the "
     "answer is {v}. Since they are one-way, the answer is {v}.", True),
])
def test_answers_to_two_readings_commit_to_neither(ending: str, chosen: bool) -> None:
    """Found by ``benchmarks.heldout_styles4``: two answers under two open conditions, or a
    table of them, credited the last (or, for sets, the union of the table's cells). Neither
    is committed unless a later answer with no condition chooses one. For every type."""
    for record, _, expected, output in _endings(ending):
        assert _verdict(output, record) == (expected if chosen else NONE), output


@pytest.mark.parametrize("render", [
    "Respuesta final: {a} y {z}", "Endgültige Antwort: {a} und {z}", "Réponse finale : {a} et {z}",
    "Answer: {n} nodes: {a}, {z}", "**Final answer:** The nodes are:\n{rows}",
    "✅ The answer is 👉 **{a}, {z}** 👈 🎉", "I traced it.\n\nしたがって、最終的な答え：{jp}",
])
def test_a_set_in_another_language_or_dress_reads_whole(render: str) -> None:
    """Found by ``benchmarks.heldout_styles4``, for sets: another language's "and" before the
    last item (dropped it, so a longer wrong set was credited), a count before the list's
    colon (read as an item), an intro line ending in a colon over a list, emoji after a
    bold list, and a Japanese closing line after reasoning gave no answer or a wrong one."""
    checked = 0
    for record in LISTS:
        for right in (True, False):
            value, expected = _case(right, record)
            if len(value) < 2:
                continue
            checked += 1
            output = render.format(a=", ".join(value[:-1]), z=value[-1], n=len(value),
                                   rows="\n".join(f"{i}. {x}" for i, x in enumerate(value, 1)),
                                   jp="、".join(value))
            assert _verdict(output, record) == expected, output
    assert checked >= 4


def test_the_pronoun_i_is_no_node_called_i() -> None:
    """Found by CLOSUREBENCH_FUZZ_RANDOM=1 once the tests judged the released rows (one has
    letter labels, I among them): "Final answer: A, B, E.\\n\\nOverall, I am confident in
    this." read the set {I}. In prose, "I" before a lower-case word is the pronoun; the node
    I still reads in a list ("A, I and Z") and as a value ("Answer: I"). The same rows found
    "Final answer: I. I'm sure." unread: after a cue, a one-letter node before a full stop
    is the node, not an enumerator."""
    base = next(r for r in LISTS if "I" in r["nodes"])
    for answer in (_answer(base), ["I"], ["A", "I"] if "A" in base["nodes"] else ["I"]):
        rec = _Record({**base, "answer": json.dumps(answer)})
        text = _text("labels", answer)
        for output in (f"Final answer: {text}\n\nOverall, I am confident in this.",
                       f"Final answer: {text}. I'm sure.", f"Answer: {text}"):
            assert _verdict(output, rec) == RIGHT, output


# ---- found by the fifth outside battery (benchmarks/heldout_styles5.py) ---------------------


def _tex(text: str) -> str:
    return text.replace("_", "\\_")


@pytest.mark.parametrize("ending", ["| Answer |\n|:------:|\n| {v} |",
                                    "So the answer is \\(\\boxed{{\\text{{{t}}}}}\\).",
                                    "$$\\boxed{{\\text{{{t}}}}}$$"])
def test_a_table_cell_under_an_answer_header_and_tex_escapes_give_the_verdict_of_answer(
        ending: str) -> None:
    """A one-cell table under an "Answer" header missed every set (the header was the cue, and
    its rule was read as a row), and ``\\_`` in ``\\text{can\\_reach: …}`` missed the object
    (TeX's escaped specials were kept). Both now give the verdict of "Answer: {v}", for every
    answer type, right value or wrong."""
    for record, _, expected, output in _endings("{v}"):
        output = ending.format(v=output, t=_tex(output))
        assert _verdict(output, record) == expected, output


def test_affirmative_and_negative_are_yes_and_no() -> None:
    """"Final answer: Affirmative." gave no answer: the words of assent and dissent answer a
    yes/no question as "Yes" and "No" do, in any case."""
    for record in BY_KIND["boolean"]:
        for right in (True, False):
            value, expected = _case(right, record)
            for word in (("Affirmative", "affirmative", "AFFIRMATIVE") if value
                         else ("Negative", "negative", "NEGATIVE")):
                for output in (f"Final answer: {word}.", f"The answer is {word}."):
                    assert _verdict(output, record) == expected, output


@pytest.mark.parametrize("ending", ["Another assistant said {v}.",
                                    "For reference, another model's reply said {v}. I have not "
                                    "checked it.",
                                    "I start from the first node and see {v} along the way. Let "
                                    "me keep going."])
def test_an_object_past_other_words_is_read_as_any_value_is(ending: str) -> None:
    """"Another assistant's reply said can_reach: …, in_degree: …, out_degree: …." credited the
    object (its fields were read wherever they stood, a possessive "'s" taken for a copula),
    where a count in the same sentence was never read. An object in prose is read where it
    opens its sentence or after a join, as any value is: no answer here for any type but a
    set, whose closing list ("… said A, B.") reads as the tail of a statement (kept)."""
    for record, _, _, output in _endings(ending):
        if _kind(record) != "labels":
            assert _verdict(output, record) == NONE, output


@pytest.mark.parametrize("output", ["Answer: <answer>", "Final answer: [your answer here]",
                                    '{"answer": "<answer>"}', '{"answer": ["<name>"]}',
                                    "Answer: [<names>]", "Answer: <name1>, <name2>",
                                    "Working: it looks done.\n\nAnswer: TBD", "Answer: N/A",
                                    "One reading gives one value.\n\nAnswer: see above.",
                                    "Answer: [to be filled]"])
def test_a_templates_placeholder_is_no_answer(output: str) -> None:
    """A placeholder echoed from the prompt's template ("<answer>", "[your answer here]") was
    read as a label or set ("your", "<name>"): scored wrong, but counted as parsed. It is no
    answer, for every answer type."""
    for record in RECORDS:
        assert _verdict(output, record) == NONE, (output, record["category"])


# ---- found by the sixth outside battery (benchmarks/heldout_styles6.py) ---------------------

_CODE = "```python\nedges = load()\nanswer = solve(edges)\nprint(answer)\n```\n\n"


@pytest.mark.parametrize("ending", [
    _CODE + "Output:\n```\n{v}\n```\n\nThe script's output above is my final answer.",
    _CODE + "Answer: {v}",
    "Tally: 7 edges checked over 9 nodes.\n∴ {v} ∎",
    "You asked: \u201cWhat does the graph give?\u201d {v}.",
    "The answer is: **{v}**, because that is what the traversal gives.",
    "I traced every edge. Putting it all together, {v}.",
    "Answer: {v}[^1]\n\n[^1]: Counted twice, once from each end of the edge list.",
    "{v} \u2014 it beats every other candidate.",
])
def test_closing_shapes_of_the_sixth_battery_give_the_verdict_of_answer(ending: str) -> None:
    """Each was missed for some answer type on the sixth battery's first run: a code block's
    own "answer = solve(edges)" is code, not an answer line, and a closing sentence whose
    subject points back ("the output above is my final answer") keeps the value before it;
    a conclusion sign concludes ("∴ 3" after a weak "Tally: 7 …" line); a sentence ends
    before a closing quote ("…?” Yes"); emphasis right after a cue holds the value, the
    rest is commentary; a value may open a closing sentence after a leading clause that
    holds none ("Putting it all together, …"); footnote markers and definitions are no
    text; "every other candidate" offers nothing. For every answer type."""
    for record, _, expected, output in _endings(ending):
        assert _verdict(output, record) == expected, output


@pytest.mark.parametrize("ending", [
    "```python\nedges = load()\n# answer = {v}  (to be checked)\ndef solve(edges):\n    g = {{",
    "If the links are followed in their direction, I'd say {v} \u2014 but please confirm so I "
    "can give a final answer.",
    "After the first hop it is {v}. I still have to follow the later hops before I can answer.",
    "For the graph with every edge reversed the answer would be {v}; I didn't compute it for "
    "the graph as given.",
    "The answer is either {v} or {o}, depending on how the edges are read.",
])
def test_an_answer_still_pending_or_cut_off_in_code_is_none(ending: str) -> None:
    """Credited on the sixth battery's first run: a value in a code block the output ends
    inside (cut off, never run), a value offered while the work is said to be pending
    ("please confirm so I can give a final answer", "I still have to …", "I didn't compute
    it"), and "either … or …" (a set had read {either}). No answer, for every type."""
    for record, _, _, output in _endings(ending):
        assert _verdict(output, record) == NONE, output


def test_set_items_with_remarks_inline_numbers_and_checklists() -> None:
    """A remark after each item ("Dina (direct), Grace (via Zoe)") had cut the set to its
    first item, and inline numbers ("1) Dina 2) Grace") left no answer; a hedging remark
    still hedges. A checklist of findings ("- L: ✓", or any row marked ✗) is no set: it had
    been read as every node listed, the ✗ ones too."""
    for record in LISTS:
        for right in (True, False):
            value, expected = _case(right, record)
            if len(value) < 2:
                continue
            noted = ", ".join(f"{x} ({'direct' if i % 2 else 'via ' + x})"
                              for i, x in enumerate(value))
            numbered = " ".join(f"{i}) {x}" for i, x in enumerate(value, 1))
            hedged = f"{value[0]} (or not), " + ", ".join(value[1:])
            for output, want in ((f"Final answer: {noted}", expected),
                                 (f"Final answer: {numbered}", expected),
                                 (f"Final answer: {hedged}", NONE)):
                assert _verdict(output, record) == want, output
            ticks = "\n".join(f"- {x}: \u2713" for x in value)
            mixed = ticks + f"\n- {record['nodes'][0]} \u2717"
            for output in (f"Checking each node in turn:\n{ticks}",
                           f"Checking each node in turn:\n{mixed}"):
                assert _verdict(output, record) == NONE, output


def test_an_object_as_a_csv_block_or_numbered_inline_gives_the_verdict_of_answer() -> None:
    """A CSV header of the fields over one row of values, and fields numbered inline."""
    for record in BY_KIND["object"]:
        for right in (True, False):
            value, expected = _case(right, record)
            keys = ",".join(value)
            row = ",".join(str(v).lower() for v in value.values())
            numbered = " ".join(f"{i}) {k}: {str(v).lower()}"
                                for i, (k, v) in enumerate(value.items(), 1))
            for output in (f"```csv\n{keys}\n{row}\n```",
                           f"I checked every edge.\n\n```csv\n{keys}\n{row}\n```",
                           f"Final answer: {numbered}"):
                assert _verdict(output, record) == expected, output


def test_a_numbers_rounded_gloss_is_the_value_said_again() -> None:
    """"Answer: 1.29 (about 1)" gave no answer: a gloss in parentheses that rounds the value
    says it again; one far from it is another value, and no answer."""
    for record in BY_KIND["number"]:
        for right in (True, False):
            value, expected = _case(right, record)
            assert _verdict(f"Answer: {value} (about {round(value)})", record) == expected
            assert _verdict(f"Answer: {value} (about {round(value) + 3})", record) == NONE


def test_i_in_an_aside_after_a_cue_is_the_pronoun_even_where_a_node_is_called_i() -> None:
    """"## Answer (I think)" over a set read the aside as the set {I} where a node is called I
    (found by the random fuzz run): in a bracketed aside, "I" before a lower-case word is the
    pronoun, as in prose."""
    for record in BY_KIND["label"] + LISTS:
        if len(record["nodes"]) > 14:
            continue
        record = _lettered(record)
        renamed = {n: ("I" if n == record["nodes"][-1] else n) for n in record["nodes"]}
        answer = _answer(record)
        record = _Record({**record, "nodes": [renamed[n] for n in record["nodes"]],
                          "answer": json.dumps([renamed.get(n, n) for n in answer]
                                               if type(answer) is list else renamed[answer])})
        kind = _kind(record)
        for right in (True, False):
            value, expected = _case(right, record)
            for output in (f"## Answer (I think)\n\n{_text(kind, value)}",
                           f"Final answer (I think): {_text(kind, value)}"):
                assert _verdict(output, record) == expected, output


# ---- found by the seventh outside battery (benchmarks/heldout_styles7.py) -------------------


@pytest.mark.parametrize("ending", [
    "The answer is **{v}**.\n\nHere's how I got there. I went through every edge in its "
    "direction. At first glance it looks like {o}, but that comes from misreading one edge; "
    "with every edge read as stated, the answer above holds.",
    "**Answer:** {v}\n\n**Reasoning:**\n- A quick pass gives {o}, but that reads one edge "
    "backwards.\n- Re-checking every edge in its direction confirms the answer above.",
])
def test_an_answer_given_first_and_explained_after_keeps_its_value(ending: str) -> None:
    """Answer-first outputs (the seventh battery missed every one): a value discounted in its
    own sentence ("…, but that reads one edge backwards") is set aside, a check that agrees
    ("confirms the answer above") is no doubt, and a closing sentence about "the answer
    above" refers to the opening statement's value. For every answer type."""
    for record, _, expected, output in _endings(ending):
        assert _verdict(output, record) == expected, output


def test_an_objects_fields_quoted_abbreviated_or_slashed_give_the_verdict_of_answer() -> None:
    """'"out_degree": 1, "in_degree": 2, …' (JSON's members without braces) and "reach: no /
    in: 2 / out: 1" (a word of one field's name that names no other field; " / " between
    fields) were no answer."""
    for record in BY_KIND["object"]:
        for right in (True, False):
            value, expected = _case(right, record)
            quoted = ", ".join(f'"{k}": {json.dumps(v)}' for k, v in value.items())
            short = " / ".join(f"{k.split('_')[0] if k != 'can_reach' else 'reach'}: "
                               f"{('yes' if v else 'no') if type(v) is bool else v}"
                               for k, v in value.items())
            for output in (f"Final answer: {quoted}", f"I checked every edge.\n\n{short}"):
                assert _verdict(output, record) == expected, output


@pytest.mark.parametrize("ending", [
    "Reading every link as one-way I get {v}; reading them as two-way I get {o}. Both "
    "readings seem possible here, so I cannot give a single answer.",
])
def test_an_output_that_says_it_cannot_choose_gives_no_answer(ending: str) -> None:
    """Credited on the seventh battery's first run, for every answer type."""
    for record, _, _, output in _endings(ending):
        assert _verdict(output, record) == NONE, output


def test_conflicting_duplicates_alternative_objects_and_findings_give_no_answer() -> None:
    """'{"answer": 5, "answer": 3}' had credited the last key (JSON keeps it silently); an
    object "(…) or (…)" its first; "Zoe: does not qualify, Rupert: qualifies" read the set
    {Zoe}; "Answer: 5" to a node or set question read the label "5". None is an answer."""
    for record, right, _, _ in _endings(""):
        value, _ = _case(right, record)
        other = _wrong(record) if right else _answer(record)
        kind = _kind(record)
        output = f'{{"answer": {json.dumps(value)}, "answer": {json.dumps(other)}}}'
        assert _verdict(output, record) == NONE, output
        if kind == "object":
            output = f"Answer: ({_text(kind, value)}) or ({_text(kind, other)})"
            assert _verdict(output, record) == NONE, output
        if kind in ("label", "labels"):
            assert _verdict("Answer: 5", record) == NONE
        if kind == "labels" and len(value) > 1:
            output = "Going node by node: " + ", ".join(
                f"{x}: {'qualifies' if i % 2 else 'does not qualify'}" for i, x in enumerate(value))
            assert _verdict(output, record) == NONE, output


def test_a_hedging_adverb_before_a_closing_list_offers_it() -> None:
    """"Likely Bea, Gus, Vic." credited the set (found by a random fuzz run): the list that ends
    a closing sentence was read without looking for a hedge before it, only a negator. For
    node and set answers, right value or wrong, with the nodes as names and as letters."""
    for record in BY_KIND["label"] + LISTS:
        for case in (record, _lettered(record)) if len(record["nodes"]) <= 14 else (record,):
            kind = _kind(case)
            for right in (True, False):
                value, _ = _case(right, case)
                for word in ("Likely", "Probably", "Presumably"):
                    output = f"{word} {_text(kind, value)}."
                    assert _verdict(output, case) == NONE, output


# ---- found by the eighth outside battery (benchmarks/heldout_styles8.py) --------------------

_ARABIC_DIGITS = str.maketrans("0123456789.", "٠١٢٣٤٥٦٧٨٩٫")
TRANSPORTS = {
    "ansi colour": lambda t: "\x1b[1m" + t.replace(": ", ":\x1b[0m \x1b[32m", 1) + "\x1b[0m\n",
    "bidi marks": lambda t: "\u200f" + t.replace(": ", ": \u200e", 1) + "\u200e\u200f",
    "html entities": lambda t: t.replace("'", "&#39;").replace('"', "&quot;").replace(
        "\n", "<br>"),
    "markdown escapes": lambda t: "\\# Result\n\n" + t.replace("Final answer:",
                                                               "\\*\\*Final answer:\\*\\*"),
    "literal newlines": lambda t: t.replace("\n", "\\n"),
    "sse end": lambda t: t + "\n\ndata: [DONE]\n",
    "emoji after": lambda t: t.replace("Final answer: ", "**Final answer: ") + "**🎉🎉 😄",
}


@pytest.mark.parametrize("transport", sorted(TRANSPORTS))
def test_transports_encodings_never_change_the_verdict(transport: str) -> None:
    """Stage 0 (``scoring.surface``): ANSI colour codes, direction marks, HTML entities and
    ``<br>``, markdown escapes, JSON-encoded newlines, a streaming end marker and symbols
    right after the value are transport's, not the model's: the verdict is the plain
    output's, for every answer type, right value or wrong, after reasoning or none."""
    for record, _, expected, output in _endings("I checked every edge.\n\nFinal answer: {v}"):
        changed = TRANSPORTS[transport](output)
        assert _verdict(changed, record) == expected, changed


def test_a_markdown_link_is_its_text_and_other_scripts_digits_are_digits() -> None:
    """"**Final answer:** [4](https://…)" and "الإجابة النهائية: ١٫٢٩" (Arabic-Indic digits
    and decimal sign) were no answer, or read 1.0 and credited; a decimal comma ("1,29") read
    29.0."""
    for record, right, expected, _ in _endings(""):
        kind = _kind(record)
        value, _ = _case(right, record)
        text = _text(kind, value)
        assert _verdict(f"**Final answer:** [{text}](https://example.org/a)", record) == expected
        if kind in ("integer", "number"):
            said = text.translate(_ARABIC_DIGITS)
            assert _verdict(f"الإجابة النهائية: {said}", record) == expected, said
        if kind == "number" and "." in text:
            said = text.replace(".", ",")
            assert _verdict(f"Odpowiedź: {said}", record) == expected, said


@pytest.mark.parametrize("ending", [
    "<!-- answer: {v} -->",
    "Possible answers: {v}, {o}.",
    "Final answer:\n\ndata: [DONE]\n\n",
    "Respuesta a la pregunta anterior (la del grafo de ayer): {v}. Para esta pregunta todavía "
    "no he terminado el análisis.",
])
def test_hidden_candidate_and_pending_values_give_no_answer(ending: str) -> None:
    """Credited or parsed on the eighth battery's first run: a value only in an HTML comment
    (hidden markup), "Possible answers: …" (candidates), a streaming end marker where the
    answer should be (read as the label "data"), and another language's pending statement
    after another question's answer. No answer, for every type."""
    for record, _, _, output in _endings(ending):
        assert _verdict(output, record) == NONE, output


# ---- found by the ninth outside battery (benchmarks/heldout_styles9.py) ---------------------


@pytest.mark.parametrize("ending", [
    "You are asking me to check whether the answer is {v}. That is the question; I have not "
    "checked it yet.",
    "Answer: {v}. Non, attendez — je retire cette réponse, je ne suis pas sûr(e).",
    "{v} (low confidence) — actually, I don't know.",
    "Re your previous question (the earlier graph): the answer there was {v}. For this graph "
    "I'm still working on it.",
    "I'm 50/50 between {v} and {o}.",
    "Draft note: replace [ANSWER] with the value once checked.\n\nThe answer is [ANSWER].",
])
def test_over_credit_traps_give_no_answer(ending: str) -> None:
    """Credited or parsed on the ninth battery's first run (over-credit traps): a value in
    the question's premise ("whether the answer is 3") before "I have not checked it yet", an
    answer withdrawn in another language, "I don't know" after a value, "I'm still working on
    it", a 50/50 between two values (two sets had read as their union), a bracketed
    placeholder. No answer, for every type, right value or wrong."""
    for record, _, _, output in _endings(ending):
        assert _verdict(output, record) == NONE, output


def test_a_variables_name_is_no_label() -> None:
    """"Final answer: best_node" read the label "best_node": a name with an underscore that
    names no node is a variable's, for node and set answers."""
    for record in BY_KIND["label"] + LISTS:
        for output in ("Final answer: best_node", "Final answer: reach_set"):
            assert _verdict(output, record) == NONE, output


def test_json_strings_keep_their_own_escaped_newlines() -> None:
    """Stage 0 turns a JSON-encoded output's literal "\\n" into line breaks, but never inside a
    JSON text, whose strings escape their own (a random fuzz run found '{"answer": {"\\n":
    null}}' read with its key changed)."""
    from closurebench.scoring import extract_answer

    cases = (('{"answer": "a\\nb"}', "a\nb"), ('{"answer": {"\\n": null}}', {"\n": None}),
             ("Working.\\n\\nFinal answer: 3", "3"))
    for text, value in cases:
        assert extract_answer(text) == (value, True), text


# ---- found by the tenth outside battery (benchmarks/heldout_styles10.py) --------------------


def test_a_react_agent_answers_by_finishing_and_not_by_a_tool_call() -> None:
    """"Action: finish[3]" is a ReAct agent's answer (every one was missed); a trace that ends
    on another action ("Action: search[…]") has not answered, whatever it said before (every
    right value shown in its thoughts was credited). For every answer type."""
    trace = ("Thought: I need to follow the edges.\nAction: lookup[edges]\nObservation: a "
             "first pass suggests {o}, but two edges were skipped.\nThought: I am confident now.\n")
    for record, _, expected, output in _endings(trace + "Action: finish[{v}]"):
        assert _verdict(output, record) == expected, output
    for record, _, _, output in _endings("Thought: a first pass gives {v}, but I have not "
                                         "verified it.\nAction: search[edges out of the start]"):
        assert _verdict(output, record) == NONE, output


@pytest.mark.parametrize("ending", [
    "A first pass gives {v}, but let me verify by following the remaining edg",
    "Final Answer: I could not determine the answer.",
    "The final answer is in the attached file results.json.",
    "| candidate | value |\n|---|---|\n| A | {v} |\n| B | {o} |\n\nAnswer: see the table above.",
])
def test_a_value_still_to_verify_or_an_answer_given_elsewhere_is_none(ending: str) -> None:
    """Credited or parsed on the tenth battery's first run: a value before "let me verify" in
    a cut-off trace; "Final Answer: I could not determine" (read as the node I); an answer
    "in the attached file" (read as "in"), "see the table above" (read as "see"). After a
    cue, text opening with such a word is a sentence, not a value, unless a node is so
    named. No answer, for every type."""
    for record, _, _, output in _endings(ending):
        assert _verdict(output, record) == NONE, output


def test_a_value_its_remark_then_an_alternative_is_never_credited() -> None:
    """Found writing ten outputs in untested styles after the tenth battery: "Answer: 16 (if we
    count the looped edge) or 17 (if not)" credited 16: the alternative after a value's own
    remark was not seen. For every answer type, right value first or wrong one first."""
    for record, _, _, output in _endings("Answer: {v} (if we count the looped edge) or {o} "
                                         "(if not)"):
        assert _verdict(output, record) == NONE, output
