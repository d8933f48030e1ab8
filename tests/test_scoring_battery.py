"""The pre-registered battery (``scoring_battery.py``): agreement with the hand-graded verdicts.

Issue 22's targets: at least 98% agreement with the grader and no wrong answer credited, on
both paths (``judge_outputs`` and the ``evaluate`` metric).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from scoring_battery import BATTERY, REFS

from closurebench.scoring import judge_outputs, score

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_EVALUATE_OFFLINE", "1")

METRIC_DIR = Path(__file__).resolve().parent.parent / "metric" / "closurebench"


def _verdict(parsed: bool, strict: bool) -> str:
    return "right" if strict else ("wrong" if parsed else "none")


def _judged() -> list[str]:
    outputs = [case[1] for case in BATTERY]
    refs = [REFS[case[2]] for case in BATTERY]
    finishes = [case[3] for case in BATTERY]
    return [_verdict(v.parsed, v.strict) for v in judge_outputs(outputs, refs,
                                                               finish_reasons=finishes)]


def disagreements() -> list[tuple[int, str, str, str]]:
    """``(index, output, graded, judged)`` for every case the judge grades differently."""
    return [(i, case[1], case[4], got) for i, (case, got) in enumerate(zip(BATTERY, _judged()))
            if got != case[4]]


def test_the_battery_is_large_and_varied() -> None:
    assert len(BATTERY) >= 150
    assert len({case[0] for case in BATTERY}) >= 10  # model families
    assert {case[4] for case in BATTERY} == {"right", "wrong", "none"}


def test_agreement_with_the_grader() -> None:
    missed = disagreements()
    credited = [m for m in missed if m[3] == "right"]
    assert not credited, credited  # no wrong answer, hedge or cut-off output is ever credited
    assert 1 - len(missed) / len(BATTERY) >= 0.98, missed


def test_the_metric_agrees_on_the_battery() -> None:
    evaluate = pytest.importorskip("evaluate")
    metric = evaluate.load(str(METRIC_DIR))
    outputs = [case[1] for case in BATTERY]
    refs = [REFS[case[2]] for case in BATTERY]
    finishes = [case[3] for case in BATTERY]
    assert metric.compute(predictions=outputs, references=refs, finish_reasons=finishes) == \
        score(predictions=outputs, references=refs, finish_reasons=finishes)


if __name__ == "__main__":  # python tests/test_scoring_battery.py: the disagreements, listed
    rows = disagreements()
    for i, output, graded, judged in rows:
        print(f"{i:4d} graded {graded:5s} judged {judged:5s} {output[:90]!r}")
    print(f"agreement {1 - len(rows) / len(BATTERY):.1%} over {len(BATTERY)}; "
          f"credited wrongly {sum(r[3] == 'right' for r in rows)}")
