"""Stage 4 of the judge: one raw output against one reference case, to a ``Verdict``.

A ``Judge`` is what a reference says (its coerced answer, schema, tolerance, source slip); a
``Case`` adds the instance's labels and query. ``judge_output`` runs the stages (``reasoning``
→ ``commit`` with ``parse``) and compares the committed answer: strictly, with the category's
one source slip (targeted lenient credit), and by the paper's literal rule; ``format_ok`` says
the output was exactly the JSON object asked for. It never raises on any output.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from closurebench.scoring.commit import NO_ANSWER, Reader, document, final, unfenced
from closurebench.scoring.labels import LabelIndex
from closurebench.scoring.parse import (
    FAIL,
    FLOAT_TOLERANCE,
    HEDGE,
    Schema,
    as_set,
    coerce_json,
    compile_schema,
    dedupe,
    freeze,
    json_key,
    remember,
)
from closurebench.scoring.reasoning import (
    MAX_OUTPUT_CHARS,
    TRUNCATED_FINISH_REASONS,
    answer_region,
    as_text,
    truncated,
)
from closurebench.scoring.surface import normalise, unfinished_agent

__all__ = [
    "SLIPS", "TRUNCATED_FINISH_REASONS", "Case", "Judge", "Verdict", "canonical_set", "compare",
    "extract_answer", "judge_output", "slip_credit",
]

SLIPS = frozenset({"none", "+1", "-1", "query"})
"""``+1``: the count with x itself (the question excludes x); ``-1``: without x (it includes
x); ``query``: the set together with the query node(s); ``none``: no lenient credit."""


@dataclass(frozen=True)
class Judge:
    """How to judge one reference: its coerced answer, schema, tolerance and source slip."""

    answer: Any
    schema: Schema
    tolerance: str
    level: int | None
    is_set: bool
    slip: str = "none"
    node_keys: tuple[str, ...] = ()
    # Verdicts on count and yes/no answers, which need no labels: value -> Verdict.
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def labels(self) -> LabelIndex:
        """The reference's own labels, for references that carry no node list."""
        if "labels" not in self.memo:
            answer = self.answer
            own = [answer] if isinstance(answer, str) else answer if type(answer) is list else []
            self.memo["labels"] = LabelIndex(v for v in own if isinstance(v, str))
        return self.memo["labels"]


_NODE_INDEXES: dict[tuple[Any, ...], LabelIndex] = {}


def _node_index(nodes: list[Any] | tuple[Any, ...]) -> LabelIndex:
    """One ``LabelIndex`` per distinct node list (samples of an instance share it)."""
    key = tuple(nodes)
    try:
        index = _NODE_INDEXES.get(key)
    except TypeError:  # unhashable labels: build it, do not keep it
        return LabelIndex(nodes)
    if index is None:
        index = LabelIndex(nodes)
        remember(_NODE_INDEXES, key, index)
    return index


class Case:
    """One reference as judged: its ``Judge`` plus the instance's graph labels and query."""

    __slots__ = ("_index", "_qnodes", "_reader", "judge", "nodes", "query")

    def __init__(self, judge: Judge, nodes: Any = None, query: Any = None) -> None:
        self.judge = judge
        self.nodes = nodes
        self.query = query
        self._index: LabelIndex | None = None
        self._qnodes: frozenset[str] | None = None
        self._reader: Reader | None = None

    def index(self) -> LabelIndex:
        """The labels of the instance's graph (else of the reference itself)."""
        if self._index is None:
            nodes = self.nodes
            if isinstance(nodes, (list, tuple)) and nodes:
                self._index = _node_index(nodes)
            else:
                try:
                    self._index = LabelIndex(list(nodes)) if nodes is not None else None
                except TypeError:
                    self._index = None
                if not self._index or not self._index.exact:
                    self._index = self.judge.labels()
        return self._index

    def canon(self, label: str) -> str:
        """The node ``label`` names (case, spaces, look-alikes, a closing full stop aside)."""
        return self.index().canonical(label)

    def names(self, label: str) -> bool:
        """Whether ``label`` names exactly one node (prose is read as labels only then)."""
        return self.index().names_one(label)

    def query_nodes(self) -> frozenset[str]:
        """The labels of the query nodes (the ``node_keys`` fields of the record's query)."""
        if self._qnodes is None:
            query = self.query
            if isinstance(query, str):
                try:
                    query = json.loads(query)
                except ValueError:
                    query = None
            out: set[str] = set()
            if isinstance(query, Mapping):
                for key in self.judge.node_keys:
                    node = query.get(key)
                    if isinstance(node, (str, int)) and not isinstance(node, bool):
                        out.add(self.canon(str(node)))
            self._qnodes = frozenset(out)
        return self._qnodes


class Verdict(NamedTuple):
    """How one raw output was judged (see the metric card for every rule).

    ``answer`` is the committed answer coerced to the schema (None without one); ``parsed``
    says there was one; ``strict`` is the headline verdict; ``lenient`` adds the targeted
    slip; ``lenient_paper`` is the paper's literal ±1 / ± one element rule; ``format_ok``
    says the output (after any reasoning block) was exactly the JSON object asked for.
    """

    answer: Any
    parsed: bool
    strict: bool
    lenient: bool
    lenient_paper: bool
    format_ok: bool


_new = tuple.__new__  # a NamedTuple without its Python-level __new__: one per prediction
_NO_ANSWER = Verdict(None, False, False, False, False, False)


def canonical_set(pred: list[Any], canon: Callable[[str], str] | None) -> set[Any]:
    """A predicted set with every label mapped to the node it names."""
    if canon is None:
        return as_set(pred)
    return as_set([canon(p) if type(p) is str else p for p in pred])


def compare(pred: Any, ref: Any, schema: Schema, tolerance: str,
            canon: Callable[[str], str] | None = None) -> tuple[bool, bool]:
    """``(strict, lenient by the paper's literal rule)`` for a read prediction.

    Counts: equal; the paper adds ±1 between non-negative values on ``count`` answers.
    Numbers: within ``FLOAT_TOLERANCE`` (what rounds to the reference). Labels: the node the
    prediction names. Sets: equal as sets of such labels; the paper adds a symmetric
    difference of one element on ``set`` answers. Objects: field by field.
    """
    kind = schema.kind
    if kind == "integer":
        near = tolerance == "count" and pred >= 0 and ref >= 0 and abs(pred - ref) == 1
        return pred == ref, pred == ref or near
    if kind == "number":
        ok = abs(pred - ref) <= FLOAT_TOLERANCE
        return ok, ok
    if kind == "string":
        ok = type(pred) is str and (pred == ref or (canon is not None and canon(pred) == ref))
        return ok, ok
    if kind == "array" and isinstance(pred, list) and isinstance(ref, list):
        if not schema.unique:
            ok = len(pred) == len(ref) and all(
                compare(p, r, schema.items, tolerance, canon)[0] if schema.items else p == r
                for p, r in zip(pred, ref, strict=True))
            return ok, ok
        pred_set, ref_set = as_set(pred), as_set(ref)
        if pred_set != ref_set and canon is not None:
            pred_set = canonical_set(pred, canon)
        diff = len(pred_set ^ ref_set)
        return diff == 0, diff == 0 or (tolerance == "set" and diff == 1)
    if kind == "object" and isinstance(pred, dict) and isinstance(ref, dict):
        if pred.keys() != ref.keys():
            return False, False
        strict = lenient = True
        for name, ref_item in ref.items():
            sub = schema.properties.get(name)
            s, l_ = compare(pred[name], ref_item, sub, tolerance, canon) if sub else (
                (pred[name] == ref_item,) * 2)
            strict, lenient = strict and s, lenient and l_
        return strict, lenient
    ok = pred == ref and type(pred) is type(ref)
    return ok, ok


def slip_credit(pred: Any, ref: Any, slip: str, query_nodes: Iterable[str] | None,
                canon: Callable[[str], str] | None) -> bool:
    """Whether a (not strictly right) answer is the reference with the one source slip.

    Counts: ``+1`` accepts ``ref + 1``, ``-1`` accepts ``ref - 1``; a negative reference is a
    sentinel ("condition not met") and earns nothing. Sets: ``query`` accepts the reference
    together with one or more of the query nodes it leaves out, and nothing else.
    """
    if slip == "none":
        return False
    if type(pred) is int and type(ref) is int:
        if ref < 0:
            return False
        return pred == ref + 1 if slip == "+1" else slip == "-1" and ref >= 1 and pred == ref - 1
    if slip == "query" and isinstance(pred, list) and isinstance(ref, list) and query_nodes:
        named, wanted = canonical_set(pred, canon), set(ref)
        extra = named - wanted
        return bool(extra) and not (wanted - named) and extra <= set(query_nodes)
    return False


def reader_for(case: Case) -> Reader:
    """The stage-2 reader of one case: its schema, its labels, its notion of one answer;
    one per (reference, label set), since the samples of an instance share both."""
    if case._reader is None:
        judge, index = case.judge, case.index()
        hit = _READERS.get((id(judge), id(index)))
        if hit is None or hit[0] is not judge or hit[1] is not index:
            hit = (judge, index, _reader(judge, index))
            remember(_READERS, (id(judge), id(index)), hit)
        case._reader = hit[2]
    return case._reader


_READERS: dict[tuple[int, int], tuple[Judge, LabelIndex, Reader]] = {}


def _reader(judge: Judge, index: LabelIndex) -> Reader:
    schema, canon = judge.schema, index.canonical

    def same(a: Any, b: Any) -> bool:
        if judge.is_set:
            return canonical_set(a, canon) == canonical_set(b, canon)
        return compare(a, b, schema, "none", canon)[0] or compare(b, a, schema, "none", canon)[0]

    return Reader(schema, index.names_one, same, index.by_key.keys())


def _region(output: Any) -> str | None:
    if type(output) is str and len(output) <= MAX_OUTPUT_CHARS:
        output = normalise(output)  # stage 0: transport's encodings undone
        if unfinished_agent(output):
            return None  # an agent's trace that ends on a tool call has not answered
        if output.isascii():
            if "<" not in output and "[" not in output and output[:1] not in "Ha \t\r\n":
                return output.strip()  # no marker can be there: answer_region's result
            return answer_region(output)  # what as_text gives back for short ASCII text
    text = as_text(output)
    if text is None:
        return None
    text = normalise(text)
    return None if unfinished_agent(text) else answer_region(text)


def judge_output(output: Any, case: Case, finish_reason: Any = None) -> Verdict:
    """The verdict on one raw output; never raises on any ``output``."""
    if finish_reason is not None and truncated(finish_reason):
        return _NO_ANSWER  # cut off by the token cap: its final answer is not there
    region = _region(output)
    if region is None:
        return _NO_ANSWER
    schema = case.judge.schema
    body = unfenced(region)
    whole = document(body)
    if type(whole) is dict and len(whole) == 1 and "answer" in whole:  # the asked-for form
        exact = whole["answer"]
        key = json_key(exact)
        hit = None if key is None else schema.memo.get(("exact", key))
        if hit is None:
            value, rest = coerce_json(exact, schema, case.names)
            hit = (schema.is_valid(exact), value, rest)  # the asked-for type as it stands
            if key is not None and not (type(exact) is str and schema.kind in ("string", "array")):
                remember(schema.memo, ("exact", key), hit)
        formatted, value, rest = hit
        formatted = formatted and body is region  # fenced is not the exact object
        if rest.strip(" .") and value is not FAIL and value is not HEDGE:
            value = reader_for(case).decide(value, True, rest)
        value = list(value) if type(value) is list else value
    else:
        formatted, value = False, final(region, reader_for(case), whole)
    if value is NO_ANSWER or value is FAIL or value is HEDGE:
        return _new(Verdict, (None, False, False, False, False, formatted))
    return _verdict(value, formatted, case)


def _verdict(value: Any, formatted: bool, case: Case) -> Verdict:
    """Judge a committed answer against the case's reference (memoised for counts and
    yes/no answers, whose verdict depends on the value alone)."""
    judge = case.judge
    if judge.schema.kind in ("integer", "boolean") and judge.slip != "query":
        key = (value, formatted)
        verdict = judge.memo.get(key)
        if verdict is None:
            verdict = _judged(value, formatted, case)
            if len(judge.memo) < 4096:
                judge.memo[key] = verdict
        return verdict
    return _judged(value, formatted, case)


def _judged(value: Any, formatted: bool, case: Case) -> Verdict:
    """The verdict on a read answer: strict, both lenient rules, canonical labels."""
    judge = case.judge
    schema, canon = judge.schema, case.canon
    strict, paper = compare(value, judge.answer, schema, judge.tolerance, canon)
    # Labels as the nodes they name, so "SRV-04" and "srv-04" vote together in cons@k.
    if strict:
        value = judge.answer
    elif schema.kind == "string" and type(value) is str:
        value = canon(value)
    elif schema.kind == "array" and schema.unique and isinstance(value, list):
        value = dedupe([canon(v) if type(v) is str else v for v in value])
    slip = judge.slip
    lenient = strict or (slip != "none" and slip_credit(
        value, judge.answer, slip, case.query_nodes() if slip == "query" else None, canon))
    return _new(Verdict, (value, True, strict, lenient, paper, formatted))


_ANY = compile_schema("{}")


def extract_answer(output: object) -> tuple[Any, bool]:
    """``(answer, True)`` with the committed answer of a raw output, or ``(None, False)``.

    Schema-free: the value is raw JSON data (or answer text), not yet read as a type, so two
    spellings of one answer ("4" and 4) count as different here; ``score`` compares them
    after reading. For inspecting what the scorer read from an output.
    """
    text = as_text(output)
    region = None if text is None else answer_region(normalise(text))
    if region is None:
        return None, False

    def same(a: Any, b: Any) -> bool:
        try:
            return freeze(a) == freeze(b)
        except TypeError:
            return False

    value = final(region, Reader(_ANY, None, same))
    return (None, False) if value is NO_ANSWER or value is HEDGE else (value, True)
