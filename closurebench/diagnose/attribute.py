"""Error attribution: which wrong reading of the instance produces the model's wrong answer.

For one parsed wrong answer, every counterfactual of ``counterfactuals`` is computed and the
answer is matched against them. One matching class labels the error; several give the label
``ambiguous`` with every class listed (in the issue's order), never a silent pick. Answers no
perturbation explains are tested for accumulation drift (a number within 0.5, a count or one
set element off by one), then called ``other``; where a perturbation explains a drifted answer
too, drift is one of the ambiguous label's classes. Unparsed outputs are ``format`` errors, with the
cause: empty, truncated at the token limit, no answer found, right content in the wrong shape,
or the wrong type.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

from closurebench.diagnose.counterfactuals import MISREAD_BUDGET, all_counterfactuals
from closurebench.diagnose.problem import Problem
from closurebench.generation.records import canonical

__all__ = ["CLASSES", "CLASS_NAMES", "PERTURBATION_CLASSES", "Attribution", "attribute",
           "parsed_answer"]

#: Perturbation classes, in the order the issue lists them.
PERTURBATION_CLASSES = ("direction", "depth", "source", "misread")
#: Every label an attribution can carry (``ambiguous``: several perturbation classes match).
CLASSES = (*PERTURBATION_CLASSES, "drift", "format", "other", "ambiguous")
CLASS_NAMES = {
    "direction": "direction confusion", "depth": "depth truncation",
    "source": "source inclusion", "misread": "misread edge", "drift": "accumulation drift",
    "format": "format / type", "other": "other", "ambiguous": "ambiguous",
}
#: Matching counterfactual details kept per class (the count is always kept).
MAX_DETAILS = 5
#: An ambiguous attribution names a ``likely`` class when that class's share of matching
#: readings is at least this many times every other matching class's share.
DOMINANCE = 4.0


@dataclass(frozen=True)
class Attribution:
    """The diagnosis of one wrong answer; ``as_dict`` is its JSON form in reports."""

    label: str
    candidates: tuple[str, ...] = ()
    matches: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    n_matches: dict[str, int] = field(default_factory=dict)
    cause: str | None = None
    likely: str | None = None
    answer: Any = None
    reference: Any = None
    search: dict[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["candidates"] = list(self.candidates)
        return out


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    return {dict: "object", list: "list", str: "string"}.get(type(value), "null")


def _atoms(value: Any) -> Counter[str]:
    """The scalars inside a value (strings read as JSON where they parse), as a multiset."""
    if isinstance(value, dict):
        return sum((_atoms(v) for v in value.values()), Counter())
    if isinstance(value, list):
        return sum((_atoms(v) for v in value), Counter())
    if isinstance(value, str):
        try:
            parsed = json.loads(value)
        except ValueError:
            return Counter([canonical(value.strip())])
        if not isinstance(parsed, (dict, list, str)):
            return Counter([canonical(parsed)])
        return _atoms(parsed) if not isinstance(parsed, str) else Counter([canonical(parsed)])
    return Counter([canonical(value)])


def parsed_answer(output: Any, record: dict[str, Any]) -> tuple[str, Any, Any]:
    """``(status, value, raw)``: status ``correct``, ``wrong`` or ``unparsed``, by the metric.

    The verdict and the committed answer are the metric's own (``closurebench.scoring.
    judge_outputs``); the raw text the judge read is kept for the format causes.
    """
    from closurebench.scoring import extract_answer, judge_outputs

    v = judge_outputs([output], [record])[0]
    raw, found = extract_answer(output)
    if v.strict:
        return "correct", None, raw
    if not v.parsed:
        return "unparsed", None, raw if found else None
    return "wrong", v.answer, raw


def _format_cause(output: Any, raw: Any, reference: Any, schema: dict[str, Any],
                  finish_reason: str | None) -> str:
    if not isinstance(output, str) or not output.strip():
        return "empty output"
    if raw is None:
        if finish_reason == "length":
            return "truncated at the token limit"
        return "no answer found"
    got, want = _json_type(raw), schema.get("type", "?")
    want = "list" if want == "array" else want
    if _atoms(raw) == _atoms(reference):
        return f"right content, wrong shape ({got} for {want})"
    return f"wrong type ({got} for {want})"


def _drift(kind: str, value: Any, reference: Any) -> bool:
    try:
        if kind == "number":
            return abs(float(value) - float(reference)) <= 0.5
        if kind == "integer":
            return abs(int(value) - int(reference)) == 1
        if kind == "labels":
            return len({str(v) for v in value} ^ {str(v) for v in reference}) == 1
        if kind == "object" and isinstance(value, dict) and value.keys() == reference.keys():
            off = [k for k in reference if value[k] != reference[k]]
            return (len(off) == 1 and not isinstance(reference[off[0]], bool)
                    and isinstance(value[off[0]], int)
                    and abs(value[off[0]] - reference[off[0]]) == 1)
    except (TypeError, ValueError):
        return False
    return False


def attribute(output: Any, record: dict[str, Any], finish_reason: str | None = None,
              *, budget: int = MISREAD_BUDGET) -> Attribution | None:
    """Diagnose one model output on one record; ``None`` when the answer is right.

    ``record`` needs the graph fields (``nodes``, ``edges``, ``edges_after``, ``query``) and
    the scoring ones; ``budget`` caps the single-edge edits tried (see ``misread``).
    """
    status, value, raw = parsed_answer(output, record)
    if status == "correct":
        return None
    reference = json.loads(record["answer"])
    if status == "unparsed":
        schema = record["answer_schema"]
        schema = json.loads(schema) if isinstance(schema, str) else schema
        cause = _format_cause(output, raw, reference, schema, finish_reason)
        return Attribution("format", likely="format", cause=cause, answer=raw,
                           reference=reference)
    problem = Problem.from_record(record)
    kind = problem.category.answer
    if value is None:
        return Attribution("other", likely="other", cause="answer could not be re-read", answer=raw,
                           reference=reference)
    want = problem.key(value)
    counterfactuals, search = all_counterfactuals(problem, budget)
    matches: dict[str, list[dict[str, Any]]] = {}
    counts: Counter[str] = Counter()
    tried: Counter[str] = Counter()
    for cf in counterfactuals:
        tried[cf.cls] += 1
        if cf.answer is not None and problem.key(cf.answer) == want:
            counts[cf.cls] += 1
            kept = matches.setdefault(cf.cls, [])
            if len(kept) < MAX_DETAILS:
                kept.append(cf.detail)
    perturbed = tuple(c for c in PERTURBATION_CLASSES if c in matches)
    drift = _drift(kind, value, reference)
    # A count one off is explained as well by drift as by a misread edge: both are named.
    candidates = (*perturbed, "drift") if perturbed and drift else perturbed
    likely = None
    if len(candidates) == 1:
        label = likely = candidates[0]
    elif candidates:
        label = "ambiguous"
        likely = _dominant({c: counts[c] / tried[c] for c in perturbed})
    else:
        label = likely = "drift" if drift else "other"
    return Attribution(label, candidates, matches, dict(counts), likely=likely, answer=value,
                       reference=reference, search={**search, "tried_by_class": dict(tried)})


def _dominant(shares: dict[str, float]) -> str | None:
    """The class whose share of matching readings dominates all others (see ``DOMINANCE``).

    Under a uniform choice of reading within a class, a class's share is the chance that it
    yields this answer; a ratio of ``DOMINANCE`` is a likelihood ratio of at least that much.
    """
    ranked = sorted(shares.items(), key=lambda kv: -kv[1])
    top, rest = ranked[0], ranked[1:]
    return top[0] if all(top[1] >= DOMINANCE * s for _, s in rest) else None
