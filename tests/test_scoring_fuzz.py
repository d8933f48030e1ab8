"""Property tests of the extractor and scorer on both paths (``score`` and ``evaluate``):
never raise, stay fast, find what is there, and follow the grading policy's invariants."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from closurebench.scoring import extract_answer, judge_outputs, score
from closurebench.scoring.parse import answer_rank as _answer_rank
from closurebench.scoring.reasoning import REASONING_CLOSE, REASONING_OPEN

MARKERS = REASONING_CLOSE + REASONING_OPEN


def _no_markers(text: str) -> bool:
    """Reasoning markers inside an answer's own text would (rightly) end or open a trace."""
    return not any(m in text for m in MARKERS)

# CLOSUREBENCH_FUZZ_EXAMPLES=5000 for a long local run; the default keeps the suite fast.
EXAMPLES = int(os.environ.get("CLOSUREBENCH_FUZZ_EXAMPLES", "100"))  # more: fuzz runs
FAST = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW_GEN = settings(FAST, max_examples=max(1, EXAMPLES // 2))  # recursive strategies cost more
# A hang guard, not a speed goal: inputs here are under 1 KB and take microseconds, so only
# catastrophic backtracking could reach it even on a loaded CI machine. Speed goals live in
# ``python -m benchmarks``.
PER_CALL_SECONDS = 5.0

# Any code point, lone surrogates and control characters included.
any_text = st.text(st.characters(codec=None, exclude_categories=()), max_size=400)
# Text made of the characters the extractor cares about, to reach its corner cases.
structural = st.text(
    st.sampled_from(list("{}[]\"':,\\ \nanswer0123.-eETrueFalsNn`boxed$")), max_size=400
)
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
# Neutral prose: no brackets, quotes, digits or words, so it cannot itself be an answer (a
# bare number after the answer would compete with it), a reasoning marker, a hedge or a
# withdrawal.
prose = st.text(st.sampled_from(list("xyz qv.,;:-\n\t")), max_size=200)


def _has_answer_key(value: object) -> bool:
    """Values holding answer keys of their own are judged by their own rules."""
    if isinstance(value, dict):
        return any(_answer_rank(k) for k in value) or any(
            _has_answer_key(v) for v in value.values()
        )
    if isinstance(value, list):
        return any(_has_answer_key(v) for v in value)
    return False


def _timed_extract(text: object) -> tuple[object, bool]:
    start = time.perf_counter()
    result = extract_answer(text)
    assert time.perf_counter() - start < PER_CALL_SECONDS
    assert isinstance(result, tuple) and len(result) == 2 and isinstance(result[1], bool)
    return result


@FAST
@given(any_text)
def test_extract_never_raises_on_any_text(text: str) -> None:
    _timed_extract(text)


@FAST
@given(structural)
def test_extract_never_raises_on_structural_noise(text: str) -> None:
    _timed_extract(text)


@FAST
@given(st.binary(max_size=400))
def test_extract_never_raises_on_bytes(data: bytes) -> None:
    _timed_extract(data)


@FAST
@given(structural, st.integers(min_value=1, max_value=40))
def test_extract_bounded_on_repeated_noise(chunk: str, times: int) -> None:
    _timed_extract(chunk * times * 50)


@SLOW_GEN
@given(json_values, prose, prose, st.sampled_from(["plain", "fenced", "indented"]))
def test_extract_finds_the_answer_object(
    value: object, before: str, after: str, style: str
) -> None:
    assume(not _has_answer_key(value))
    obj = json.dumps({"answer": value}, indent=2 if style == "indented" else None)
    body = f"```json\n{obj}\n```" if style == "fenced" else obj
    assume(_no_markers(body))
    found, ok = _timed_extract(f"{before}\n{body}\n{after}")
    assert ok
    assert found == value or (isinstance(value, float) and json.loads(json.dumps(value)) == found)


@SLOW_GEN
@given(json_values, json_values)
def test_revised_answer_wins(first: object, last: object) -> None:
    assume(not _has_answer_key(last) and not _has_answer_key(first))
    text = json.dumps({"answer": first}) + "\nWait, on reflection:\n" + json.dumps({"answer": last})
    assume(_no_markers(text))
    value, ok = extract_answer(text)
    assert ok
    assert value == last or (isinstance(last, float) and json.loads(json.dumps(last)) == value)


@SLOW_GEN
@given(
    st.lists(any_text, min_size=1, max_size=8),
    st.sampled_from(
        [
            "triangle_count",
            "reachability",
            "max_degree",
            "set_intersection",
            "multi_query",
            "aggregate_over_set",
            "conditional",
        ]
    ),
)
def test_score_never_raises_on_outputs(outputs: list[str], category: str) -> None:
    answer = {
        "triangle_count": "3",
        "reachability": "true",
        "max_degree": '"A"',
        "set_intersection": '["A","C"]',
        "aggregate_over_set": "2.33",
        "conditional": "-1",
        "multi_query": '{"can_reach":true,"in_degree":1,"out_degree":2}',
    }[category]
    r = score(
        predictions=outputs,
        references=[answer] * len(outputs),
        categories=[category] * len(outputs),
    )
    assert 0.0 <= r["accuracy_strict"] <= r["accuracy_lenient"] <= 1.0
    assert r["n_parsed"] + r["n_parse_failures"] == len(outputs)
    assert r["accuracy_lenient"] <= r["parse_rate"]
    assert r["accuracy_strict"] <= r["accuracy_lenient_paper"] <= r["parse_rate"]
    assert 0.0 <= r["format_rate"] <= 1.0


# ---- any prediction object, on both paths ------------------------------------------------

REFERENCES = {
    "triangle_count": {"category": "triangle_count", "answer": "3", "nodes": ["A", "B", "C"]},
    "reach_then_count": {
        "category": "reach_then_count", "answer": "2", "nodes": ["A", "B", "C"],
        "query": '{"x":"A"}',
    },
    "set_intersection": {
        "category": "set_intersection", "answer": '["B"]', "nodes": ["A", "B", "C"],
        "query": '{"x":"A","y":"C"}',
    },
    "max_degree": {"category": "max_degree", "answer": '"B"', "nodes": ["A", "B", "C"]},
    "multi_query": {
        "category": "multi_query", "answer": '{"can_reach":true,"in_degree":1,"out_degree":2}',
        "nodes": ["A", "B", "C"], "query": '{"x":"A","y":"B"}',
    },
}
# None from a failed API call, numbers, dicts, bytes, lone surrogates, str subclasses...
any_object = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.binary(max_size=200),
    any_text,
    structural,
    json_values,
    st.lists(any_text, max_size=3),
    st.dictionaries(st.text(max_size=5), any_text, max_size=3),
    st.builds(lambda t: t + "\ud83d", any_text),  # an emoji cut by the token cap
)


@SLOW_GEN
@given(st.lists(any_object, min_size=1, max_size=6), st.sampled_from(sorted(REFERENCES)))
def test_score_never_raises_on_any_object(outputs: list[object], key: str) -> None:
    refs = [REFERENCES[key]] * len(outputs)
    start = time.perf_counter()
    r = score(predictions=outputs, references=refs)
    assert time.perf_counter() - start < PER_CALL_SECONDS * len(outputs)
    assert r["n_parsed"] + r["n_parse_failures"] == len(outputs)
    verdicts = judge_outputs(outputs, refs)
    assert [v.parsed for v in verdicts].count(True) == r["n_parsed"]


METRIC_DIR = Path(__file__).resolve().parent.parent / "metric" / "closurebench"


@pytest.fixture(scope="module")
def metric():
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("HF_EVALUATE_OFFLINE", "1")
    evaluate = pytest.importorskip("evaluate")
    return evaluate.load(str(METRIC_DIR))


@settings(FAST, max_examples=max(1, EXAMPLES // 8))
@given(st.lists(any_object, min_size=1, max_size=6), st.sampled_from(sorted(REFERENCES)))
def test_evaluate_compute_never_raises_and_agrees(metric, outputs: list[object], key: str) -> None:
    refs = [REFERENCES[key]] * len(outputs)
    assert metric.compute(predictions=outputs, references=refs) == score(
        predictions=outputs, references=refs
    )


# ---- invariants of the policy --------------------------------------------------------------

finals = st.one_of(
    json_values.map(lambda v: json.dumps({"answer": v})),
    st.sampled_from(["Final answer: 3", "The answer is 2.", "Yes.", "B, C", "\\boxed{B}",
                     '{"answer": ["B"]}', '{"answer": {"out_degree": 2, "in_degree": 1, '
                     '"can_reach": true}}', "**Answer:** B"]),
    structural,
)
reasoning = st.one_of(any_text, structural).filter(
    lambda t: "<" not in t and "◁" not in t
)


@SLOW_GEN
@given(reasoning, finals, st.sampled_from(sorted(REFERENCES)),
       st.sampled_from(["<think>{}</think>\n\n", "{}</think>\n", "<thinking>{}</thinking>"]))
def test_reasoning_never_changes_the_verdict(
    thought: str, final: str, key: str, wrap: str
) -> None:
    assume("<" not in final and "◁" not in final)
    ref = REFERENCES[key]
    with_trace = judge_outputs([wrap.format(thought) + final], [ref])[0]
    without = judge_outputs([final], [ref])[0]
    assert with_trace[1:5] == without[1:5]


@SLOW_GEN
@given(reasoning, st.sampled_from(sorted(REFERENCES)))
def test_output_stopping_inside_reasoning_has_no_answer(thought: str, key: str) -> None:
    for output in (f"<think>{thought}", f"<think>x</think>y<think>{thought}"):
        assert not judge_outputs([output], [REFERENCES[key]])[0].parsed


@SLOW_GEN
@given(finals, st.sampled_from(sorted(REFERENCES)))
def test_token_cap_means_no_answer(final: str, key: str) -> None:
    verdict = judge_outputs([final], [REFERENCES[key]], finish_reasons=["length"])[0]
    assert not verdict.parsed and not verdict.strict


@SLOW_GEN
@given(finals, st.sampled_from(sorted(REFERENCES)),
       st.sampled_from(["\n\nWait, that is not right.", "\nHmm, let me recount.",
                        "\n\nI'm sorry, I cannot solve this."]))
def test_withdrawn_answer_is_no_answer(final: str, key: str, withdrawal: str) -> None:
    assert not judge_outputs([final + withdrawal], [REFERENCES[key]])[0].parsed
