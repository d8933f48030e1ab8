"""The judge's shortcuts against its general path: same verdict on every benchmark output.

``judge_output`` takes shortcuts: the exact ``{"answer": v}`` object skips the search for a
commitment, so does a final answer object after prose (``commit.sole_final_object``),
readings and count / yes-no verdicts are memoised, and a cheap necessary
condition (``Reader._may_hold``) keeps prose that cannot hold a value of the type away from
the readers. Each must be invisible: the benchmark's realistic and hostile mixes go through
the real path and a general one (the whole pipeline, no memo, no prefilter), and every
verdict must agree exactly, answer type included.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from benchmarks.scoring_speed import _HOSTILE, build, build_hostile
from closurebench.scoring import commit, languages
from closurebench.scoring import judge as judge_mod
from closurebench.scoring import references as references_mod
from closurebench.scoring import report as report_mod
from closurebench.scoring.commit import NO_ANSWER, Reader, document, final
from closurebench.scoring.parse import as_read
from closurebench.scoring.reasoning import answer_region, as_text

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _general_verdict(output: object, case: judge_mod.Case) -> judge_mod.Verdict:
    """The verdict without any shortcut: the whole pipeline, no memo, no prefilter."""
    text = as_text(output)
    region = None if text is None else answer_region(text)
    if region is None:
        return judge_mod._NO_ANSWER
    whole = document(region)
    formatted = (type(whole) is dict and len(whole) == 1 and "answer" in whole
                 and case.judge.schema.is_valid(whole["answer"]))
    value = final(region, judge_mod.reader_for(case))
    if value is NO_ANSWER:
        return judge_mod.Verdict(None, False, False, False, False, formatted)
    return judge_mod._judged(value, formatted, case)


def _mixes() -> list[tuple[list[object], list[dict]]]:
    outputs, records = build(3_000, seed=11)
    hostile, hostile_refs = build_hostile(480)
    # Every hostile output against a record of every category (every schema and slip).
    base = records[:208]
    crossed = [(h, r) for r in base for h in _HOSTILE]
    return [
        (outputs, records),
        (hostile, hostile_refs),
        ([h for h, _ in crossed], [r for _, r in crossed]),
    ]


@pytest.fixture(scope="module")
def mixes() -> list[tuple[list[object], list[dict]]]:
    return _mixes()


def test_shortcuts_give_the_general_verdict(mixes, monkeypatch) -> None:
    for predictions, references in mixes:
        fast = report_mod.judge_outputs(predictions, references)
        monkeypatch.setattr(Reader, "_may_hold", lambda self, lower: True)
        monkeypatch.setattr(commit, "sole_final_object", lambda region: None)
        _, cases, _, _, _ = references_mod._prepare(predictions, references, None)  # fresh memos
        general = [_general_verdict(p, c) for p, c in zip(predictions, cases, strict=True)]
        monkeypatch.undo()
        assert len(fast) == len(general)
        for i, (a, b) in enumerate(zip(fast, general, strict=True)):
            assert repr(a) == repr(b), (i, predictions[i], a, b)


def test_memoised_list_answers_are_never_shared(mixes) -> None:
    outputs, records = mixes[0]
    # Every output twice: the second copy of each hits the memos the first one filled.
    verdicts = report_mod.judge_outputs(outputs * 2, records * 2)
    seen: set[int] = set()
    for v in verdicts:
        if type(v.answer) is list and not v.strict:  # strict ones are the reference itself
            assert id(v.answer) not in seen
            seen.add(id(v.answer))
    assert len(seen) > 100


_WORDS = [
    "Yes", "no", "No,", "true", "False", "four", "Three", "minus one", "zero", "4", "2.33",
    "≈", "~", "1/3", "A", "B", "srv-04", "Iris", "Carol", "none", "∅", "[]", "{A, B}", "and",
    "or", "if", "so", "wait", "the answer is", "are", "is", ":", "=", ",", ".", " ", "\n",
    "**", "- ", "1. ", "| ", "out_degree", "in_degree", "can_reach", "x", "é", "K",
]
_DATA_WORDS = sorted({w for lang in languages.LANGUAGES.values() for field in lang for w in field})
"""Every word of every language the stages read (answers, results, articles, yes, no,
alternatives, qualms): the prefilter must know each one that can give or hedge a value."""
_GLUE = [
    "either", "unless", "might", "not sure", "unsure", "probably", "about ", "approximately ",
    "-", "_", ".", "\t", "?", "|", " |", "---", "{}", "[", "]", "[ ]", "$", "`", "~~", "'", '"',
    "⟶", "【", "】", "•", "▪", "✓", "->", "=>", "：", "。", "—", "(", ")", "/", "noone",
    "\\emptyset", "\\text{", "}", "e\u0301", "\u0307", "İ", "ı", "SİM", "٣", "４", "Ｃａｒｏｌ",
    "v1.2", '{"answer": "zz"}', '{"x": {"answer": 1}, "y": {"answer": 2}}',
]
"""Marks of any script, markup, look-alikes and glue between words (a hyphen, a dotted label,
a combining mark, Turkish İ), and JSON, which is read by its keys."""
soup = st.lists(st.sampled_from(_WORDS), max_size=24).map("".join)
data_soup = st.lists(st.sampled_from(_WORDS + _DATA_WORDS + _GLUE), max_size=24).map("".join)
framed = st.tuples(st.sampled_from(["", "| ", "- ", "1. ", "**", "Answer: ", "so "]), data_soup,
                   st.sampled_from(["", " |", ".", "**", "\n"])).map("".join)
"""A soup as a table row, a list row, bold, an answer line or a conclusion: the layouts whose
readers reach past a value's first words (cells, rows)."""
texts = st.one_of(soup, data_soup, framed)
_FOUND = [("- | or", "array"), ("| or", "integer"), ("| count | not sure |", "boolean"),
          ("也许", "object"), ("maybe", "integer"), ("no?", "boolean"), ("No\t,", "boolean"),
          ("no。", "boolean"), ("-A", "string"), ("v1.2", "array"), ("noone", "array"),
          ("⟶{}", "array"), ("可能A】", "array"), ("SİM", "boolean"),
          ('{"answer": "zz"}', "string"), ("可能{}", "object")]
"""Texts that once told the prefilter and the readers apart (the first one failed CI)."""


def _found(*more: object):
    def add(test):
        for text, kind in _FOUND:
            test = example(text, kind, *more)(test)
        return test
    return add
KINDS = {
    "integer": ("3", "triangle_count"), "number": ("2.33", "aggregate_over_set"),
    "boolean": ("true", "reachability"), "string": ('"B"', "max_degree"),
    "array": ('["A","B"]', "set_intersection"),
    "object": ('{"can_reach":true,"in_degree":1,"out_degree":2}', "multi_query"),
}


NODES = ["A", "B", "C", "srv-04", "Iris", "Carol", "v1.2"]


def _readers(text: str, kind: str) -> tuple[Reader, Reader]:
    answer, category = KINDS[kind]
    ref = {"category": category, "answer": answer, "nodes": NODES}
    _, cases, _, _, _ = references_mod._prepare([text], [ref], None)
    reader = judge_mod.reader_for(cases[0])
    return reader, _Unfiltered(reader.schema, reader.names, reader.same, reader.keys)


@FAST
@_found()
@given(texts, st.sampled_from(sorted(KINDS)))
def test_the_prefilter_is_a_necessary_condition(text: str, kind: str) -> None:
    """Whatever the readers find in prose, a value or a hedge (which is always offered with
    a value: "maybe 4", "| count | 4 or 5 |"), the prefilter lets through: it is asked about
    the text as ``read`` reads it (``as_read``: folded, without markup), as ``values`` asks.
    Bold values are read before it, each from its own text ("Yes**A**" holds "A", while
    without markup it reads "YesA"), so a piece that gives one is not asked about."""
    reader, unfiltered = _readers(text, kind)
    found = unfiltered.values(text, False)
    if found and not unfiltered.bold(text)[0]:
        assert reader._may_hold(as_read(text)), found


@FAST
@_found(2)
@given(texts, st.sampled_from(sorted(KINDS)), st.sampled_from([0, 1, 2]))
def test_the_prefilter_is_invisible_at_every_call(text: str, kind: str, stated: int) -> None:
    """Every place the prefilter is asked (the whole piece, a value standing alone, the text
    after a copula or a colon, the clause after a condition) skips only what gives nothing:
    the values of a piece, at every level of ``stated``, are those read without it."""
    reader, unfiltered = _readers(text, kind)
    assert repr(reader.values(text, False, stated)) == repr(
        unfiltered.values(text, False, stated))


class _Unfiltered(Reader):
    def _may_hold(self, lower: str) -> bool:
        return True


_CUE_WORDS = [
    "wait", "Wait", "hold on", "hmm", "Hmm, no", "no —", "No, wait", "not right", "incorrect",
    "wrong", "mistake", "made an error", "scratch that", "on second thought", "oops", "actually",
    "correction", "re-count", "recount", "recheck", "redo", "let me re", "let me verify",
    "missed", "forgot", "I'm sorry", "i am sorry", "I apologize", "unable to", "I can't help",
    "i cannot answer", "~~", "so", "So", "therefore", "thus", "hence", "finally", "in total",
    "overall", "answer", "result", "again", "instead", "rather", "or", "either",
    "alternatively", "otherwise", "unless", "if", "would", "could be", "might also be",
    "in which case", "depending", "maybe", "possibly", "perhaps", "probably", "not sure",
    " ", ",", ".", "\n", "x", "4", "é", "K", "ſ", "İ", "-", "_", "'",
]
cue_soup = st.lists(st.sampled_from(_CUE_WORDS), max_size=24).map("".join)


@FAST
@given(cue_soup)
def test_cue_stems_are_a_necessary_condition(text: str) -> None:
    lower = text.lower()
    for cue in commit.CUES:
        fast, full = cue.search(lower), cue.regex.search(lower)
        assert (fast and fast.span()) == (full and full.span()), (cue.regex.pattern, text)
