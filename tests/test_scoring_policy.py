"""The grading policy as literal cases: realistic outputs and the verdict a careful grader gives.

Every row is checked on both paths: ``closurebench.score`` (and ``judge_outputs``) and the
``evaluate`` metric's ``compute``. A verdict is ``(parsed, strict, lenient, lenient_paper)``:
``lenient`` is the targeted rule (the reference with its one source slip), ``lenient_paper``
the paper's literal ±1 / ± one element rule.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_EVALUATE_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")

from closurebench.scoring import judge_outputs, score

METRIC_DIR = Path(__file__).resolve().parent.parent / "metric" / "closurebench"

RIGHT = (True, True, True, True)
SLIP = (True, False, True, True)  # the targeted slip; the paper's rule agrees
SLIP_ONLY = (True, False, True, False)  # the slip on both query nodes: a two-element difference
PAPER = (True, False, False, True)  # only the paper's literal rule gives credit
WRONG = (True, False, False, False)  # an answer, and not the reference
NONE = (False, False, False, False)  # no final committed answer

NODES = ["A", "B", "C", "D", "E"]
SERVERS = ["srv-01", "srv-02", "srv-03", "srv-04", "srv-05"]

# Reference records, as the dataset ships them (the fields scoring reads).
REFS: dict[str, dict[str, object]] = {
    "tri3": {"category": "triangle_count", "answer": "3", "nodes": NODES, "query": "{}"},
    "count4": {
        "category": "reach_then_count", "answer": "4", "nodes": NODES, "query": '{"x":"A"}'
    },
    "scc3": {"category": "scc_then_count", "answer": "3", "nodes": NODES, "query": '{"x":"A"}'},
    "cond5": {
        "category": "conditional", "answer": "5", "nodes": NODES, "query": '{"x":"A","y":"B"}'
    },
    "cond1": {
        "category": "conditional", "answer": "1", "nodes": NODES, "query": '{"x":"A","y":"B"}'
    },
    "cond-1": {
        "category": "conditional", "answer": "-1", "nodes": NODES, "query": '{"x":"A","y":"B"}'
    },
    "kin3": {"category": "kinship_complex", "answer": "3", "nodes": NODES, "query": '{"x":"A"}'},
    "yes": {
        "category": "reachability", "answer": "true", "nodes": NODES, "query": '{"x":"A","y":"B"}'
    },
    "no": {"category": "same_scc", "answer": "false", "nodes": NODES, "query": '{"x":"A","y":"B"}'},
    "srv04": {
        "category": "max_degree", "answer": '"srv-04"', "nodes": SERVERS,
        "query": '{"direction":"out"}',
    },
    "BC": {
        "category": "set_intersection", "answer": '["B","C"]', "nodes": NODES,
        "query": '{"x":"A","y":"D"}',
    },
    "B": {
        "category": "set_difference", "answer": '["B"]', "nodes": NODES,
        "query": '{"x":"A","y":"D"}',
    },
    "kinset": {
        "category": "kinship_chain", "answer": '["B","C"]', "nodes": NODES,
        "query": '{"relation":"grandparents","x":"A"}',
    },
    "mq": {
        "category": "multi_query", "answer": '{"can_reach":true,"in_degree":1,"out_degree":2}',
        "nodes": NODES, "query": '{"x":"A","y":"B"}',
    },
    "mean": {
        "category": "aggregate_over_set", "answer": "1.86", "nodes": NODES, "query": '{"x":"A"}'
    },
}

LONG_REASONING = "Step: follow each edge and note the node. " * 3000  # ~130,000 characters

# (raw model output, reference, finish_reason, verdict)
CASES: list[tuple[str, str, str | None, tuple[bool, bool, bool, bool]]] = [
    # ---- reasoning traces are not answers -------------------------------------------------
    ('<think>A-B-C, B-C-D... so {"answer": 3}. Hmm.</think>\n\nThe answer is 4.', "tri3", None,
     WRONG),
    ('<think>A-B-C, B-C-D... so {"answer": 4}.</think>\n\nThe answer is 3.', "tri3", None, RIGHT),
    ('<think>Triangles: A-B-C, B-C-D, A-C-D. So {"answer": 3}. Let me double-check B', "tri3",
     "length", NONE),
    ('<think>Triangles: A-B-C, B-C-D, A-C-D. So {"answer": 3}. Let me double-check B', "tri3",
     None, NONE),
    ('<think>Three triangles.</think>\n\n{"answer": 3}', "tri3", "length", NONE),
    ('<think>Three triangles: {"answer": 3}</think>\n\n```json\n{"answer": ', "tri3", None, NONE),
    ('Draft: {"answer": 3}\n\nFinal:\n```json\n{"answer": [', "tri3", None, NONE),
    ('<think>It is {"answer": 3}.</think>\n\nI\'m sorry, but I can\'t help with that.', "tri3",
     None, NONE),
    ('A-B-C and B-C-D, maybe {"answer": 2}.\n</think>\n\n{"answer": 3}', "tri3", None, RIGHT),
    ('So {"answer": 3}.\n</think>\n\n{"answer": 2}', "tri3", None, WRONG),
    ('<thinking>\n{"answer": 2}\n</thinking>\n{"answer": 3}', "tri3", None, RIGHT),
    ('<|begin_of_thought|>\n{"answer": 2}?\n<|end_of_thought|>\n\n<|begin_of_solution|>\n'
     '{"answer": 3}\n<|end_of_solution|>', "tri3", None, RIGHT),
    ('<|channel|>analysis<|message|>Maybe {"answer": 2}.<|end|><|start|>assistant'
     '<|channel|>final<|message|>{"answer": 3}<|return|>', "tri3", None, RIGHT),
    ("<think>Edges A->B, B->C, so A reaches B.</think>\nYes.", "yes", None, RIGHT),
    ("<think>Let me see. A->B directly.</think>\n\n**Answer:** yes", "yes", None, RIGHT),
    ("<think>I need to check whether A reaches B. A->C, C->", "yes", "length", NONE),
    # ---- hedges, withdrawals, final commitments -------------------------------------------
    ('It is either {"answer": 4} or {"answer": 3}.', "tri3", None, NONE),
    ('[{"answer": 4}, {"answer": 3}]', "tri3", None, NONE),
    ('{"answer": 4}\n{"answer": 3}', "tri3", None, NONE),
    ('{"answer": 4}. Alternatively, {"answer": 3}.', "tri3", None, NONE),
    ('{"answer": 3}\n\nWait, that is not right: B-D-E is a triangle too, so the correct answer '
     "is 4.", "tri3", None, WRONG),
    ('{"answer": 3}\n\nWait, that is not right: B-D-E is a triangle too, so the correct answer '
     "is 4.", "count4", None, RIGHT),
    ('{"answer": 3}\n\n(It could also be 4 if A-B-D counts as a triangle.)', "tri3", None, NONE),
    ('{"answer": 3}\n\nOr maybe 4, if A-B-D is a triangle.', "tri3", None, NONE),
    ('{"answer": 3}\n\nHmm, wait. Let me recount the edges of', "tri3", None, NONE),
    ('{"answer": 3}\nI apologise, I cannot determine this from the description.', "tri3", None,
     NONE),
    ('{"answer": 2}\nWait, actually {"answer": 3}', "tri3", None, RIGHT),
    ('{"answer": 2}\nWait, I missed one. {"answer": 3}', "tri3", None, RIGHT),
    ('First guess {"answer": 2}. Recounting A-B-C, B-C-D, A-C-D gives three.\n'
     '**Final answer:** {"answer": 3}', "tri3", None, RIGHT),
    ("The answer is 3 or 4.", "tri3", None, NONE),
    ("Final answer: srv-04 or srv-05", "srv04", None, NONE),
    ('{"answer": 3, "verification": {"answer": 4}}', "tri3", None, RIGHT),
    ('{"answer": 4, "verification": {"answer": 3}}', "tri3", None, WRONG),
    ('{"result": {"answer": 3}}', "tri3", None, RIGHT),
    ('{"answer": 3}\n\nThis matches the three triangles A-B-C, B-C-D and A-C-D.', "tri3", None,
     RIGHT),
    ('{"answer": 3}\n\nThere are actually three: A-B-C, B-C-D and A-C-D.', "tri3", None, RIGHT),
    ('{"answer": 3}\n\nActually, B-D-E closes a fourth one.', "tri3", None, NONE),
    ('{"answer": 3}\n\nLet me know if you need the list of triangles.', "tri3", None, RIGHT),
    ('The answer is 3.\n\n```json\n{"answer": 3}\n```', "tri3", None, RIGHT),
    # ---- any clear final format counts ------------------------------------------------------
    ('{"answer": 3}', "tri3", None, RIGHT),
    ("Final answer: 3", "tri3", None, RIGHT),
    ("Counting gives A-B-C, B-C-D and A-C-D.\n\n**Answer:** 3", "tri3", None, RIGHT),
    ("Counting gives A-B-C, B-C-D and A-C-D.\n\n**Final Answer:** 3 triangles", "tri3", None,
     RIGHT),
    ("There are three: A-B-C, B-C-D, A-C-D. The answer is 3.", "tri3", None, RIGHT),
    ("## Answer\n\n3", "tri3", None, RIGHT),
    ('{"Answer": 3}', "tri3", None, RIGHT),
    ('{"final_answer": 3}', "tri3", None, RIGHT),
    ('{"FINAL ANSWER": 3}', "tri3", None, RIGHT),
    ('```json\n{"answer": 3 /* A-B-C, B-C-D, A-C-D */}\n```', "tri3", None, RIGHT),
    ('{"answer":\u200b 3}', "tri3", None, RIGHT),
    ('\u200b{"answer": 3}\u200b', "tri3", None, RIGHT),
    ("So there are $\\boxed{3}$ triangles.", "tri3", None, RIGHT),
    ("{'answer': 3,}", "tri3", None, RIGHT),
    ('{"reasoning": "' + LONG_REASONING + '", "answer": 3}', "tri3", None, RIGHT),
    ('{"answer": 3, "reasoning": "' + LONG_REASONING + '"}', "tri3", None, RIGHT),
    (LONG_REASONING + '\n{"answer": 3}', "tri3", None, RIGHT),
    ("3", "tri3", None, RIGHT),
    ("I am not sure how many triangles there are.", "tri3", None, NONE),
    ("", "tri3", None, NONE),
    # booleans as yes/no
    ("Yes.", "yes", None, RIGHT),
    ("Yes, A reaches B through C.", "yes", None, RIGHT),
    ("No.", "yes", None, WRONG),
    ("No, A and B are not in one group.", "no", None, RIGHT),
    ("No idea.", "yes", None, NONE),
    ('{"answer": "Yes"}', "yes", None, RIGHT),
    ("The answer is yes.", "yes", None, RIGHT),
    ("\\boxed{\\text{No}}", "no", None, RIGHT),
    # labels: case, spaces, a closing full stop, when that names exactly one node
    ('{"answer": "srv-04"}', "srv04", None, RIGHT),
    ('{"answer": "SRV-04"}', "srv04", None, RIGHT),
    ('{"answer": " Srv-04 "}', "srv04", None, RIGHT),
    ('{"answer": "srv-04."}', "srv04", None, RIGHT),
    ("The answer is srv-04.", "srv04", None, RIGHT),
    ("**Answer:** `srv-04`", "srv04", None, RIGHT),
    ('{"answer": "srv-05"}', "srv04", None, WRONG),
    ('{"answer": "srv-4"}', "srv04", None, WRONG),
    # sets, as JSON or as text
    ('{"answer": ["C", "B"]}', "BC", None, RIGHT),
    ('{"answer": ["b", "c."]}', "BC", None, RIGHT),
    ('{"answer": "B, C"}', "BC", None, RIGHT),
    ('"B, C"', "BC", None, RIGHT),
    ("B, C", "BC", None, RIGHT),
    ("Final answer: B and C", "BC", None, RIGHT),
    ("\\boxed{\\{B, C\\}}", "BC", None, RIGHT),
    ("\\boxed{\\{\\text{B}, \\text{C}\\}}", "BC", None, RIGHT),
    ('{"answer": ["B", "B", "C"]}', "BC", None, RIGHT),
    ('{"answer": []}', "BC", None, WRONG),
    ("Final answer: none", "B", None, PAPER),
    # multi_query: one extra field beside the three asked for is not judged
    ('{"answer": {"out_degree": 2, "in_degree": 1, "can_reach": true}}', "mq", None, RIGHT),
    ('{"answer": {"out_degree": 2, "in_degree": 1, "can_reach": true, "path": "A->C->B"}}', "mq",
     None, RIGHT),
    ('{"answer": {"Out_Degree": 2, "in-degree": 1, "can_reach": "yes"}}', "mq", None, RIGHT),
    ('{"out_degree": 2, "in_degree": 1, "can_reach": true}', "mq", None, RIGHT),
    ('{"answer": {"out_degree": 2, "in_degree": 1}}', "mq", None, NONE),
    ('{"answer": {"out_degree": 3, "in_degree": 1, "can_reach": true}}', "mq", None, WRONG),
    # numbers round (2 decimals) to the reference
    ('{"answer": 1.86}', "mean", None, RIGHT),
    ('{"answer": 1.857142}', "mean", None, RIGHT),
    ("The mean is \\boxed{1.857}", "mean", None, RIGHT),
    ("The answer is 1.86.", "mean", None, RIGHT),
    ('{"answer": 1.87}', "mean", None, WRONG),
    # ---- targeted lenient credit --------------------------------------------------------------
    ('{"answer": 4}', "count4", None, RIGHT),
    ('{"answer": 5}', "count4", None, SLIP),  # x counted although the question excludes it
    ('{"answer": 3}', "count4", None, PAPER),  # no reading gives fewer
    ('{"answer": 6}', "count4", None, WRONG),
    ('{"answer": 2}', "scc3", None, SLIP),  # x left out although the question includes it
    ('{"answer": 4}', "scc3", None, PAPER),
    ('{"answer": 6}', "cond5", None, SLIP),
    ('{"answer": 4}', "cond5", None, PAPER),
    ('{"answer": 0}', "cond1", None, PAPER),  # 0 is impossible when x reaches y
    ('{"answer": 0}', "cond-1", None, WRONG),  # -1 is a sentinel: no lenient credit
    ('{"answer": -1}', "cond-1", None, RIGHT),
    ('{"answer": 2}', "kin3", None, PAPER),
    ('{"answer": 4}', "kin3", None, SLIP),
    ('{"answer": 4}', "tri3", None, WRONG),  # tolerance none: nothing lenient
    ('{"answer": ["B", "C", "A"]}', "BC", None, SLIP),  # the query node x listed
    ('{"answer": ["B", "C", "A", "D"]}', "BC", None, SLIP_ONLY),  # both query nodes listed
    ('{"answer": ["B", "C", "E"]}', "BC", None, PAPER),  # E is not a query node
    ('{"answer": ["B"]}', "BC", None, PAPER),
    ('{"answer": []}', "B", None, PAPER),  # [] for a one-element answer
    ('{"answer": ["B", "A"]}', "B", None, SLIP),
    ('{"answer": ["B"]}', "kinset", None, WRONG),
]


def _expected(ref: str) -> dict[str, object]:
    return dict(REFS[ref])


def _row(result: dict[str, object]) -> tuple[bool, bool, bool, bool]:
    return (
        result["parse_rate"] == 1.0,
        result["accuracy_strict"] == 1.0,
        result["accuracy_lenient"] == 1.0,
        result["accuracy_lenient_paper"] == 1.0,
    )


def _ids() -> list[str]:
    return [f"{i}-{ref}-{out[:40]!r}" for i, (out, ref, _, _) in enumerate(CASES)]


@pytest.mark.parametrize(("output", "ref", "finish", "expected"), CASES, ids=_ids())
def test_policy_table_score(output: str, ref: str, finish: str | None, expected: tuple) -> None:
    record = _expected(ref)
    finishes = None if finish is None else [finish]
    result = score(predictions=[output], references=[record], finish_reasons=finishes)
    assert _row(result) == expected
    verdict = judge_outputs([output], [record], finish_reasons=finishes)[0]
    assert (verdict.parsed, verdict.strict, verdict.lenient, verdict.lenient_paper) == expected


@pytest.fixture(scope="module")
def metric():
    evaluate = pytest.importorskip("evaluate")
    return evaluate.load(str(METRIC_DIR))


def test_policy_table_evaluate(metric) -> None:
    """The same table through ``evaluate``'s ``compute``, one prediction per call."""
    got = []
    for output, ref, finish, _ in CASES:
        kwargs = {} if finish is None else {"finish_reasons": [finish]}
        got.append(_row(metric.compute(predictions=[output], references=[_expected(ref)],
                                       **kwargs)))
    assert got == [expected for *_, expected in CASES]


def test_table_as_one_batch_on_both_paths(metric) -> None:
    outputs = [c[0] for c in CASES]
    refs = [_expected(c[1]) for c in CASES]
    finishes = [c[2] for c in CASES]
    plain = score(predictions=outputs, references=refs, finish_reasons=finishes)
    via = metric.compute(predictions=outputs, references=refs, finish_reasons=finishes)
    assert via == plain
    assert plain["n_correct_strict"] == sum(c[3][1] for c in CASES)
    assert plain["n_correct_lenient"] == sum(c[3][2] for c in CASES)
    assert plain["n_correct_lenient_paper"] == sum(c[3][3] for c in CASES)


@pytest.mark.parametrize(
    ("output", "ok"),
    [
        ('{"answer": 3}', True),
        ('  {"answer": 3}\n', True),
        ('<think>three</think>\n{"answer": 3}', True),
        ('{"answer": "3"}', False),  # right after coercion, but not the asked-for type
        ('{"Answer": 3}', False),
        ('```json\n{"answer": 3}\n```', False),
        ('Three. {"answer": 3}', False),
        ('{"answer": 3, "reasoning": "A-B-C"}', False),
        ("Final answer: 3", False),
        ('{"answer": 4}', True),  # the format rate does not judge the content
    ],
)
def test_format_rate_is_the_exact_object(output: str, ok: bool) -> None:
    result = score(predictions=[output], references=[_expected("tri3")])
    assert result["format_rate"] == (1.0 if ok else 0.0)


def test_dummy_constant_answers_gain_little_from_lenient_credit() -> None:
    """One constant per category: the targeted rule adds far less than the paper's rule."""
    refs = [_expected(k) for k in ("count4", "scc3", "cond5", "cond1", "cond-1", "kin3", "BC",
                                   "B")]
    constant = {"reach_then_count": 3, "scc_then_count": 4, "conditional": 0,
                "kinship_complex": 2, "set_intersection": ["B"], "set_difference": []}
    outputs = [json.dumps({"answer": constant[str(r["category"])]}) for r in refs]
    result = score(predictions=outputs, references=refs)
    assert result["accuracy_lenient"] == 0.0
    assert result["accuracy_lenient_paper"] > 0.5
