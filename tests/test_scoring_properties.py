"""The grading policy as metamorphic properties over real records of every category.

Built from ``closurebench.generate`` (every answer type: count, number, yes/no, label, set,
``multi_query`` object), each property changes an output in a way that must not change its
verdict, or must change it in one known way:

* a right final answer followed by neutral commentary (a bank of sentences) stays right;
* a withdrawn draft placed before the final form never changes the verdict;
* every rendering of one value (JSON, fenced, tag, box, answer lines, bullets, a table,
  number words, Unicode look-alikes, yes/no forms, key/value lines) gets the same verdict;
* a competing value appended as an alternative leaves no answer;
* every spelling of a cut-off finish reason leaves no answer.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from closurebench.scoring import judge_outputs, score
from tests.records import one_per_category

EXAMPLES = int(os.environ.get("CLOSUREBENCH_FUZZ_EXAMPLES", "100"))  # more: fuzz runs
PROPERTY = settings(max_examples=EXAMPLES, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
METRIC_DIR = Path(__file__).resolve().parent.parent / "metric" / "closurebench"

RECORDS = one_per_category()


def _kind(record: dict[str, Any]) -> str:
    schema = json.loads(record["answer_schema"])
    kind = schema["type"]
    return {"array": "labels", "string": "label"}.get(kind, kind)


def _answer(record: dict[str, Any]) -> Any:
    return json.loads(record["answer"])


def _wrong(record: dict[str, Any]) -> Any:
    """A plausible wrong answer of the same type (another node, a count off by two...)."""
    answer, nodes = _answer(record), record["nodes"]
    kind = _kind(record)
    if kind == "boolean":
        return not answer
    if kind == "integer":
        return answer + 2
    if kind == "number":
        return round(answer + 0.5, 2)
    if kind == "label":
        return next(n for n in nodes if n != answer)
    if kind == "labels":
        return answer[:-1] if answer else [nodes[0]]
    return {**answer, "out_degree": answer["out_degree"] + 1}


_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
          "eighteen", "nineteen", "twenty"]


def _words(n: int) -> str:
    return ("minus " + _WORDS[-n]) if n < 0 else _WORDS[n] if n < len(_WORDS) else str(n)


def _plain(kind: str, value: Any) -> str:
    """The value as a grader writes it in a sentence."""
    if kind == "boolean":
        return "Yes" if value else "No"
    if kind == "labels":
        return ", ".join(value) if value else "none"
    if kind == "object":
        return ", ".join(f"{k}: {str(v).lower()}" for k, v in value.items())
    return str(value)


def _renderings(kind: str, value: Any) -> dict[str, str]:
    """Every way of writing one value as a final answer, by the answer's type."""
    text = _plain(kind, value)
    obj = json.dumps({"answer": value})
    out = {
        "json": obj,
        "fenced": f"```json\n{obj}\n```",
        "after prose": f"Following every edge in its direction.\n\n{obj}",
        "python": obj.replace('"', "'").replace("true", "True").replace("false", "False"),
        "json5": obj.replace('"answer"', "answer"),
        "tool call": json.dumps({"name": "submit_answer", "arguments": obj}),
        "tag": f"<answer>{text}</answer>",
        "final line": f"Final answer: {text}",
        "bold line": f"**Answer:** {text}",
        "header": f"## Answer\n\n{text}",
        "think": f"<think>\nWorking it out.\n</think>\n\n{obj}",
    }
    if kind != "object":
        out["box"] = f"The answer is $\\boxed{{{text}}}$."
    if kind == "integer":
        out["words"] = f"Final answer: {_words(value)}"
        out["words and digits"] = f"**Answer:** {_words(value)} ({value})"
        out["bold value"] = f"So the count is **{value}**."
    elif kind == "number":
        out["approximately"] = f"The answer is approximately {value}."
        out["about"] = f"Final answer: ≈ {value}"
        out["tilde"] = json.dumps({"answer": f"~{value}"})
    elif kind == "boolean":
        out["ticks"] = f"**Answer:** {'✅ Yes' if value else '❌ No'}"
        out["sentence"] = f"{'Yes, it can.' if value else 'No, it cannot.'}"
        out["json string"] = json.dumps({"answer": "yes, it can" if value else "no, it cannot"})
    elif kind == "label":
        out["non-breaking hyphen"] = json.dumps({"answer": value.replace("-", "\u2011")},
                                                ensure_ascii=False)
        out["full width"] = json.dumps({"answer": "".join(
            chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in value)}, ensure_ascii=False)
        out["bold value"] = f"The node is **{value}**."
    elif kind == "labels" and value:
        out["bullets"] = "The nodes are:\n\n" + "\n".join(f"- {v}" for v in value)
        out["numbered"] = "\n".join(f"{i}. {v}" for i, v in enumerate(value, 1))
        out["table"] = "| node |\n| --- |\n" + "\n".join(f"| {v} |" for v in value)
        out["latex"] = "\\(\\{" + ", ".join(f"\\text{{{v}}}" for v in value) + "\\}\\)"
        out["full-width commas"] = "Final answer: " + "，".join(value)
        out["and"] = "Answer: " + (" and ".join(value) if len(value) < 3
                                   else ", ".join(value[:-1]) + " and " + value[-1])
    elif kind == "labels":
        out["empty words"] = "Final answer: none of them"
        out["empty set"] = "Final answer: ∅"
    elif kind == "object":
        pairs = [(k, str(v).lower()) for k, v in value.items()]
        out["lines"] = "\n".join(f"{k}: {v}" for k, v in pairs)
        out["bullets"] = "\n".join(f"- **{k}**: {v}" for k, v in pairs)
        out["assignments"] = ", ".join(f"{k} = {v.capitalize() if v in ('true', 'false') else v}"
                                       for k, v in pairs)
    return out


def _verdicts(outputs: list[str], record: dict[str, Any],
              finish: str | None = None) -> list[tuple[bool, bool]]:
    finishes = None if finish is None else [finish] * len(outputs)
    return [(v.parsed, v.strict)
            for v in judge_outputs(outputs, [record] * len(outputs), finish_reasons=finishes)]


RIGHT, NONE = (True, True), (False, False)


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r["category"])
def test_every_rendering_of_one_value_gets_one_verdict(record: dict[str, Any]) -> None:
    kind = _kind(record)
    for value, expected in ((_answer(record), RIGHT), (_wrong(record), (True, False))):
        shapes = _renderings(kind, value)
        got = dict(zip(shapes, _verdicts(list(shapes.values()), record), strict=True))
        assert {name: v for name, v in got.items() if v != expected} == {}, (value, shapes)


def _queried(record: dict[str, Any]) -> tuple[str, str]:
    query = json.loads(record["query"] or "{}")
    nodes = [query[k] for k in ("x", "y") if isinstance(query.get(k), str)]
    return (nodes + record["nodes"] * 2)[0], (nodes[1:] + record["nodes"][1:] * 2)[0]


# Sentences that follow an answer and offer no competing value.
COMMENTARY: list[Callable[[str, str], str]] = [
    lambda x, y: f"I cannot find any path from {x} to {y}.",
    lambda x, y: "However, I cannot guarantee this is correct.",
    lambda x, y: "I hope this helps! Let me know if anything is unclear.",
    lambda x, y: '(Format: {"answer": <integer>})',
    lambda x, y: "This follows from the edges listed in the question.",
    lambda x, y: f"I followed every edge out of {x} in its direction.",
    lambda x, y: "Hmm, that matches what I found above.",
    lambda x, y: "I double-checked every edge.",
    lambda x, y: "Each edge was followed in its direction only.",
    lambda x, y: "No cycles were needed for this.",
    lambda x, y: f"Note that edges are one-way: {y} does not point back to {x}.",
    lambda x, y: "Let me know if you want the full derivation.",
    lambda x, y: "The reasoning is given above.",
    lambda x, y: f"{x} was treated as the starting point.",
    lambda x, y: "This is my final answer.",
    lambda x, y: "Thanks for the interesting question!",
]
ANSWER_FORMS = ["json", "fenced", "tag", "final line", "bold line", "think"]


@PROPERTY
@given(st.sampled_from(RECORDS), st.sampled_from(ANSWER_FORMS),
       st.lists(st.sampled_from(COMMENTARY), min_size=1, max_size=3),
       st.sampled_from(["\n\n", " ", "\n"]))
def test_neutral_commentary_keeps_a_right_answer_right(
    record: dict[str, Any], form: str, sentences: list[Callable[[str, str], str]], gap: str
) -> None:
    x, y = _queried(record)
    final = _renderings(_kind(record), _answer(record))[form]
    tail = " ".join(s(x, y) for s in sentences)
    # "Final answer: No dingo was treated as …" on one line is a sentence of its own (a
    # negated subject), not "No" and a remark: found by CLOSUREBENCH_FUZZ_RANDOM=1
    assume(not (_kind(record) == "boolean" and gap == " " and tail[:1].islower()))
    assert _verdicts([final + gap + tail], record) == [RIGHT]


DRAFTS = [
    "Draft: {draft}\nWait, that is not right. Let me recount.\n\n",
    "My first guess was {draft}, but I made a mistake.\n\n",
    "Initial attempt {draft}. Hmm, no, let me redo this carefully.\n\n",
    "{draft}\n\nActually, scratch that: I missed an edge.\n\n",
]


@PROPERTY
@given(st.sampled_from(RECORDS), st.sampled_from([*ANSWER_FORMS, "box", "words"]),
       st.sampled_from(DRAFTS), st.sampled_from(["json", "final line", "bold line"]),
       st.booleans())
def test_a_withdrawn_draft_never_changes_the_verdict(
    record: dict[str, Any], form: str, draft: str, draft_form: str, right: bool
) -> None:
    kind = _kind(record)
    value = _answer(record) if right else _wrong(record)
    final = _renderings(kind, value).get(form, _renderings(kind, value)["json"])
    old = _renderings(kind, _wrong(record) if right else _answer(record))[draft_form]
    alone, with_draft = _verdicts([final, draft.format(draft=old) + final], record)
    assert with_draft == alone


ALTERNATIVES = [
    " (Note: if the start counts too, it would be {other}.)",
    "\n\nOr maybe {other}, if I misread an edge.",
    "\n\nP.S. If one edge is read the other way, {other}.",
    "\n\nIt could also be {other}.",
]


@PROPERTY
@given(st.sampled_from(RECORDS), st.sampled_from(ANSWER_FORMS), st.sampled_from(ALTERNATIVES))
def test_a_competing_alternative_leaves_no_answer(
    record: dict[str, Any], form: str, alternative: str
) -> None:
    kind = _kind(record)
    other = _plain(kind, _wrong(record))
    final = _renderings(kind, _answer(record))[form]
    assert _verdicts([final + alternative.format(other=other)], record) == [NONE]


class _Enum:
    """An SDK enum member: ``name`` and a repr like ``<FinishReason.MAX_TOKENS: 2>``."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __str__(self) -> str:
        return f"FinishReason.{self.name}"


CUT_OFF = ["length", "LENGTH", "Length", "max_tokens", "MAX_TOKENS", "MaxTokens",
           "max_output_tokens", "model_length", "FinishReason.MAX_TOKENS",
           "<FinishReason.LENGTH: 2>", "<FinishReason.MAX_TOKENS: 'MAX_TOKENS'>",
           _Enum("MAX_TOKENS"), _Enum("LENGTH")]
NOT_CUT = [None, "stop", "STOP", "end_turn", "FinishReason.STOP", "tool_calls",
           "content_filter", _Enum("STOP"), 3, object()]


@pytest.mark.parametrize("finish", CUT_OFF, ids=str)
def test_every_spelling_of_a_cut_off_leaves_no_answer(finish: object) -> None:
    for record in RECORDS[:26]:
        shapes = list(_renderings(_kind(record), _answer(record)).values())
        assert set(_verdicts(shapes, record, finish)) == {NONE}


@pytest.mark.parametrize("finish", NOT_CUT,  # a bare object's str holds its address
                         ids=lambda f: "object" if type(f) is object else str(f))
def test_other_finish_reasons_leave_the_answer(finish: object) -> None:
    record = RECORDS[0]
    outputs = [json.dumps({"answer": _answer(record)})]
    got = judge_outputs(outputs, [record], finish_reasons=[finish])[0]
    assert (got.parsed, got.strict) == RIGHT


def test_both_paths_agree_on_every_rendering() -> None:
    evaluate = pytest.importorskip("evaluate")
    outputs, refs = [], []
    for record in RECORDS:
        for value in (_answer(record), _wrong(record)):
            shapes = _renderings(_kind(record), value).values()
            outputs += shapes
            refs += [record] * len(shapes)
    metric = evaluate.load(str(METRIC_DIR))
    assert metric.compute(predictions=outputs, references=refs) == score(outputs, refs)


PROSE_FINALS = ["Final answer: {text}", "So the answer is {text}.", "**Answer:** {text}",
                "<answer>{text}</answer>"]


@PROPERTY
@given(st.sampled_from(RECORDS), st.sampled_from(PROSE_FINALS), st.sampled_from(
    ["\n\nWait, let me recount.\n\n", "\n\nHmm, actually:\n\n", "\n\nOn reflection, "]))
def test_the_reward_never_pays_a_json_draft_before_a_prose_answer(
    record: dict[str, Any], final: str, revision: str
) -> None:
    """GRPO's reward (``train.rewards``, by ``scoring.verdicts``) pays the final answer only:
    a right JSON draft followed by a wrong prose answer earns nothing, and the reverse pays."""
    from closurebench.train.rewards import reward

    kind = _kind(record)
    right, wrong = _answer(record), _wrong(record)
    draft_right = json.dumps({"answer": right}) + revision + final.format(
        text=_plain(kind, wrong))
    draft_wrong = json.dumps({"answer": wrong}) + revision + final.format(
        text=_plain(kind, right))
    assert reward([draft_right, draft_wrong], [record, record]) == [0.0, 1.0]
