"""GrAlgoBench's metrics in the scoring room: cons@k where unparsed answers vote, the exact
McNemar test, the normalised score, outcome efficiency and per-instance outcomes."""

from __future__ import annotations

import json
import math

import pytest

from closurebench.scoring import consensus_correct, instance_outcomes, parse_metric, score
from closurebench.scoring.efficiency import first_correct_end, outcome_efficiency, segments
from closurebench.scoring.stats import mcnemar_exact, normalised_scores


def record(answer: str, category: str = "triangle_count", **kw: object) -> dict[str, object]:
    from closurebench.categories import CATEGORIES

    spec = CATEGORIES[category]
    rec: dict[str, object] = {
        "id": kw.pop("id", f"{category}-{answer}"), "category": category, "level": spec.level,
        "n": 8, "density": 0.25, "answer": answer, "answer_schema": json.dumps(spec.schema),
        "tolerance": spec.tolerance,
    }
    rec.update(kw)
    return rec


# ---- cons@k: who votes -----------------------------------------------------------------


def test_unparsed_samples_vote_for_no_answer_only_under_gralgo_rule() -> None:
    ballot = [None, None, ("4", True)]
    assert consensus_correct(ballot) is True  # failures abstain: the one answer wins
    assert consensus_correct(ballot, unparsed_votes=True) is False  # "no answer" 2 to 1


def test_no_answer_ties_go_to_first_seen_like_any_answer() -> None:
    assert consensus_correct([None, ("4", True)], unparsed_votes=True) is False
    assert consensus_correct([("4", True), None], unparsed_votes=True) is True
    assert consensus_correct([None, None], unparsed_votes=True) is False


def test_score_reports_cons_all_beside_cons_only_on_request() -> None:
    outputs = ["junk", "no idea", "???", '{"answer": 3}', '{"answer": 3}',  # a: 3 unparsed
               '{"answer": 3}', "junk", '{"answer": 5}', "junk", "junk"]  # b: right first
    refs = [record("3", id="a")] * 5 + [record("3", id="b")] * 5
    plain = score(outputs, refs, k_values=[1, 5])
    assert "cons_all@5" not in plain
    r = score(outputs, refs, k_values=[1, 5], unparsed_votes=True)
    assert {k: v for k, v in r.items() if k != "cons_all@5" and k != "cons_all@1"} == plain
    # a: parsed votes 3,3 -> right; all vote: no answer 3 to 2 -> wrong.
    # b: parsed votes 3,5 tie -> 3 first -> right; all vote: no answer 3 to 1 -> wrong.
    assert r["cons@5"] == 1.0 and r["cons_all@5"] == 0.0
    assert r["cons@1"] == r["cons_all@1"] == 0.5  # one vote: the first sample either way


def test_unparsed_votes_must_be_a_bool() -> None:
    with pytest.raises(ValueError, match="unparsed_votes must be True or False"):
        score(['{"answer": 3}'], [record("3")], unparsed_votes="yes")  # type: ignore[arg-type]


# ---- per-instance outcomes -------------------------------------------------------------


def test_instance_outcomes_follow_each_metric() -> None:
    outputs = ["junk", '{"answer": 3}', "junk", '{"answer": 4}', '{"answer": 4}', "x"]
    refs = [record("3", id="a")] * 3 + [record("3", id="b")] * 3
    ids = ["a"] * 3 + ["b"] * 3
    assert instance_outcomes(outputs, refs, ids, "accuracy") == {"a": False, "b": False}
    assert instance_outcomes(outputs, refs, ids, "pass@2") == {"a": True, "b": False}
    assert instance_outcomes(outputs, refs, ids, "cons@3") == {"a": True, "b": False}
    assert instance_outcomes(outputs, refs, ids, "cons_all@3") == {"a": False, "b": False}
    assert instance_outcomes(outputs, refs, ids, "pass@4") == {}  # too few samples


@pytest.mark.parametrize("bad", ["acc", "pass@0", "cons@", "cons_any@2", "pass@x"])
def test_parse_metric_rejects_other_spellings(bad: str) -> None:
    with pytest.raises(ValueError, match="metric must be accuracy"):
        parse_metric(bad)


# ---- exact McNemar ---------------------------------------------------------------------


@pytest.mark.parametrize(("b", "c", "expected"), [
    (8, 1, 2 * (1 + 9) / 2**9),
    (0, 6, 2 / 2**6),
    (5, 5, 1.0),
    (0, 0, 1.0),
    (3, 10, 2 * sum(math.comb(13, i) for i in range(4)) / 2**13),
])
def test_mcnemar_exact_hand_worked(b: int, c: int, expected: float) -> None:
    assert mcnemar_exact(b, c) == pytest.approx(expected, rel=1e-12)
    assert mcnemar_exact(c, b) == mcnemar_exact(b, c)


def test_mcnemar_exact_rejects_negative_counts() -> None:
    with pytest.raises(ValueError, match="non-negative integer counts"):
        mcnemar_exact(-1, 2)


# ---- normalised score ------------------------------------------------------------------


def test_normalised_score_is_min_max_of_the_z_scores() -> None:
    table = {"a": {"t": 0.2, "u": 0.9}, "b": {"t": 0.6, "u": 0.9}, "c": {"t": 0.5, "u": 0.3}}
    s = normalised_scores(table)
    assert (s["a"]["t"], s["b"]["t"], s["c"]["t"]) == (0.0, 100.0, pytest.approx(75.0))
    assert (s["a"]["u"], s["b"]["u"], s["c"]["u"]) == (100.0, 100.0, 0.0)


def test_normalised_score_is_undefined_without_spread() -> None:
    s = normalised_scores({"a": {"t": 0.5, "u": 0.1}, "b": {"t": 0.5}})
    assert s["a"]["t"] is None and s["b"]["t"] is None
    assert s["a"]["u"] is None  # one model only


# ---- outcome efficiency ----------------------------------------------------------------


def test_segments_are_blank_line_paragraphs() -> None:
    assert segments("a\n\n  \nb c\n") == [(0, 1), (6, 9)]
    assert segments("one\ntwo") == [(0, 7)]


def test_answer_in_the_middle_ends_at_its_segment() -> None:
    text = 'Count them.\n\nSo there are 4.\n\nLet me restate it.\n\n{"answer": 4}'
    assert first_correct_end(text, "4", "triangle_count") == (28, len(text))


def test_a_wrong_or_cut_off_response_has_no_outcome_efficiency() -> None:
    assert first_correct_end('So 4.\n\n{"answer": 5}', "4", "triangle_count") is None
    assert first_correct_end('{"answer": 4}', "4", "triangle_count", "length") is None


def test_answer_reached_inside_reasoning_counts_where_it_is_reached() -> None:
    text = ('<think>\nThe triangles are abc, abd, acd, bcd.\n\nSo the answer is 4.\n\n'
            'Wait, let me double-check each one.\n\nYes.\n</think>\n\n{"answer": 4}')
    end, total = first_correct_end(text, "4", "triangle_count")
    assert text[:end].endswith("So the answer is 4.") and total == len(text)


def test_a_segment_counts_when_the_judge_would_score_it_as_the_whole_output() -> None:
    # The rule is the judge's, not a reader of intent: "the running count is 4." stated as a
    # sentence would score 4 if the response ended there, so the answer has appeared there.
    steps = "\n\n".join(f"Step {i}: the running count is {i}." for i in range(1, 9))
    text = f"{steps}\n\nSo the answer is 4.\n\n{{\"answer\": 4}}"
    end, _ = first_correct_end(text, "4", "triangle_count")
    assert text[:end].endswith("Step 4: the running count is 4.")
    text = text.replace("count is 4.", "count is 3 plus one more.")
    end, _ = first_correct_end(text, "4", "triangle_count")
    assert text[:end].endswith("So the answer is 4.")


@pytest.mark.parametrize("tail", ["", "\n\nDone.", "\n\nI counted each triple once.\n\nOK."])
def test_commentary_after_the_answer_lowers_efficiency_by_its_share(tail: str) -> None:
    text = '{"answer": 4}' + tail
    end, total = first_correct_end(text, "4", "triangle_count")
    assert end == len('{"answer": 4}') and total == len(text)


def test_outcome_efficiency_averages_correct_responses_only() -> None:
    a = 'So the answer is 4.\n\nChecking again: abc, abd, acd, bcd.\n\n{"answer": 4}'
    b = '{"answer": 4}'
    wrong = 'So 5.\n\n{"answer": 5}'
    refs = [record("4", id="x"), record("4", id="y"), record("4", id="z", level=2)]
    got = outcome_efficiency([a, b, wrong], refs)
    share_a = len("So the answer is 4.") / len(a)
    assert got["unit"] == "characters" and got["n_correct"] == 2
    assert got["outcome_efficiency"] == pytest.approx((share_a + 1.0) / 2)
    assert got["by_level"] == {"1": {"outcome_efficiency": pytest.approx((share_a + 1) / 2),
                                     "n_correct": 2}}
    assert outcome_efficiency([wrong], refs[:1])["outcome_efficiency"] is None
