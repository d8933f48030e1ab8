"""The scorer's shortcuts against its general path: same verdict on every benchmark output.

``judge_output`` takes shortcuts for the commonest shapes (exactly ``{"answer": v}``, one
JSON answer and nothing after it, a final answer object after prose), memoises coercions and
count / yes-no verdicts, and puts C-fast prefilters in front of slow regexes. Each must be
invisible: here the benchmark's realistic and hostile mixes go through both the real path
and a general one (every candidate through the policy, no memo, no prefilter), and every
verdict must agree exactly, answer type included.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.scoring_speed import _HOSTILE, build, build_hostile
from closurebench.scoring import coerce as coerce_mod
from closurebench.scoring import extract, policy
from closurebench.scoring import judge as judge_mod
from closurebench.scoring import references as references_mod
from closurebench.scoring import report as report_mod
from closurebench.scoring.coerce import canonical_set, coerce, compare
from closurebench.scoring.final import answer_region, as_text

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _general_verdict(output: object, case: judge_mod.Case) -> judge_mod.Verdict:
    """The verdict without any shortcut: all candidates, the policy, plain coercion."""
    text = as_text(output)
    region = None if text is None else answer_region(text)
    if region is None:
        return judge_mod._NO_ANSWER
    judge, canon = case.judge, case.canon
    schema = judge.schema
    found = extract.candidates(region)
    formatted = found.whole is not None and judge_mod._format_ok(found.whole, schema)

    def same(a: object, b: object) -> bool:
        if judge.is_set:
            return canonical_set(a, canon) == canonical_set(b, canon)
        return compare(a, b, schema, "none", canon)[0] or compare(b, a, schema, "none", canon)[0]

    value, parsed = policy.decide(found, lambda v, s: coerce(v, schema, s), same)
    if not parsed:
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
        # The general path: no final-object shortcut either, fresh cases (no memo).
        monkeypatch.setattr(extract, "_final_object_only", lambda region, lower: None)
        _, cases, _, _, _ = references_mod._prepare(predictions, references, None)
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


_PREFILTERED = [
    (policy._AFTER, policy._AFTER_RE),
    (policy._ALTERNATIVE, policy._ALTERNATIVE_RE),
    (coerce_mod._TAIL, coerce_mod._TAIL_RE),
    (coerce_mod._HEDGE_TEXT, coerce_mod._HEDGE_TEXT_RE),
]


def _span(match: re.Match[str] | None) -> tuple[int, int] | None:
    return None if match is None else match.span()


def _texts(mixes) -> list[str]:
    out: list[str] = []
    for predictions, _ in mixes[:2]:
        for p in predictions:
            text = as_text(p)
            if text:
                out.append(text)
                out.extend(text[i : i + 200] for i in range(0, min(len(text), 2_000), 97))
    return out


def test_prefilters_agree_with_their_regexes(mixes) -> None:
    for text in _texts(mixes):
        for fast, regex in _PREFILTERED:
            assert _span(fast.search(text)) == _span(regex.search(text)), (regex.pattern, text)
    assert extract._python_hints("{'a': True}") and not extract._python_hints('{"a": 1')


_WORDS = [
    "or", "Or", "OR", "either", "maybe", "possibly", "perhaps", "probably", "otherwise",
    "alternatively", "wait", "hold on", "not right", "not quite", "incorrect", "a mistake",
    "made an error", "let me re", "let me check", "on second thought", "scratch that",
    "I'm sorry", "Im sorry", "i apologise", "I can't", "i cannot", "i can not", "i am unable",
    "i 'm unable", "unable to answer", "or maybe", "could also be", "may instead be",
    "the answer would be", "answer might also", "another possible answer", "or else",
    "Actually", "hmm", "Hmmm.", "because", "since", "as", "which", "where", "with", "for",
    "in", "at", "from", "(", "[", ";", "--", " - ", "—", "–", "/", "?", "True", "None", ",}",
    "K", "ſ", "ı", "İ", "é", "_", "'", '"', ".", "!", ":", "\n", " ", "x", "4", "answer",
]
word_soup = st.lists(st.sampled_from(_WORDS), max_size=30).map("".join)


@FAST
@given(word_soup)
def test_prefilters_agree_on_keyword_soup(text: str) -> None:
    for fast, regex in _PREFILTERED:
        assert _span(fast.search(text)) == _span(regex.search(text))


def _reference_mentions(lower: str) -> tuple[list[int], list[int]]:
    """The original one-walk classification of every occurrence of "answer"."""
    keys: list[int] = []
    words: list[int] = []
    quotes = "\"'"
    quoted = '"' in lower or "'" in lower
    hi = len(lower)
    for _ in range(extract.MAX_KEY_HITS):
        if not quoted and len(words) >= extract.MAX_MENTIONS:
            break
        pos = lower.rfind("answer", 0, hi)
        if pos < 0:
            break
        hi = pos
        prev = lower[pos - 1 : pos]
        nxt = lower[pos + 6 : pos + 7]
        if nxt and nxt in quotes and re.match(r"""["']\s*:""", lower[pos + 6 :]):
            if prev and prev in quotes:
                keys.append(pos - 1)
                continue
            before = lower[max(0, pos - 7) : pos]
            if before[-6:-1] == "final" and prev in " _-" and before[:1] in ('"', "'"):
                keys.append(pos - 7)
                continue
            if before[-5:] == "final" and before[-6:-5] in ('"', "'"):
                keys.append(pos - 6)
                continue
        if len(words) < extract.MAX_MENTIONS and not (
            prev.isalnum() or prev in ('"', "'") or nxt.isalnum()
        ):
            words.append(pos)
    return keys, words


def _mentions(lower: str) -> tuple[list[int], list[int]]:
    return list(extract._key_mentions(lower)), extract._word_mentions(lower)


def test_answer_mentions_match_the_single_walk(mixes) -> None:
    texts = _texts(mixes) + [t for t in _HOSTILE if isinstance(t, str)]
    texts += ['"final answer": 1', "'final_answer': 2", '"finalanswer":3', "answer " * 200]
    for text in texts:
        lower = text.lower()
        if len(lower) == len(text):
            assert _mentions(lower) == _reference_mentions(lower), text


mention_soup = st.lists(
    st.sampled_from(
        ["answer", '"', "'", ":", " ", "final", "_", "-", "x", "Answer", "{", "}", "\n", "é"]
    ),
    max_size=60,
).map("".join)


@FAST
@given(mention_soup)
def test_answer_mentions_match_on_soup(text: str) -> None:
    assert _mentions(text) == _reference_mentions(text)
