"""Property tests of the extractor and scorer: never raise, stay fast, find what is there."""

from __future__ import annotations

import json
import os
import time

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from closurebench.scoring import extract_answer, score
from closurebench.scoring.extract import extract

# CLOSUREBENCH_FUZZ_EXAMPLES=5000 for a long local run; the default keeps the suite fast.
EXAMPLES = int(os.environ.get("CLOSUREBENCH_FUZZ_EXAMPLES", "200"))
FAST = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW_GEN = settings(FAST, max_examples=max(1, EXAMPLES // 2))  # recursive strategies cost more
PER_CALL_SECONDS = 0.25

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
# Prose that cannot itself look like JSON or \boxed{}.
prose = st.text(
    st.characters(codec="utf-8", exclude_characters="{}[]\"'\\`", exclude_categories=("Cs",)),
    max_size=200,
)


def _has_answer_key(value: object) -> bool:
    """Nested ``answer`` keys legitimately take precedence (the last one wins)."""
    if isinstance(value, dict):
        return "answer" in value or any(_has_answer_key(v) for v in value.values())
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
    found, ok = _timed_extract(f"{before}\n{body}\n{after}")
    assert ok
    assert found == value or (isinstance(value, float) and json.loads(json.dumps(value)) == found)


@SLOW_GEN
@given(json_values, json_values)
def test_last_answer_wins(first: object, last: object) -> None:
    assume(not _has_answer_key(last))
    text = json.dumps({"answer": first}) + "\nOn reflection:\n" + json.dumps({"answer": last})
    value, source = extract(text)
    assert source is not None
    assert value == last


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
