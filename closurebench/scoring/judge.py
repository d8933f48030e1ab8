"""The judge: one raw output against one reference case, to a ``Verdict``.

A ``Judge`` is what a reference says (its coerced answer, schema, tolerance, source slip); a
``Case`` adds the instance's labels and query; ``judge_output`` reads the output's committed
answer (``final`` → ``extract`` → ``policy`` → ``coerce``) and compares it. It never raises on
any output.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from closurebench.scoring.coerce import (
    Schema,
    canonical_set,
    coerce,
    coerce_json,
    compare,
    json_key,
)
from closurebench.scoring.extract import JSON_SOURCES as _JSON_SOURCES
from closurebench.scoring.extract import NO_VALUE, candidates, exact_answer
from closurebench.scoring.final import MAX_OUTPUT_CHARS, answer_region, as_text
from closurebench.scoring.labels import LabelIndex
from closurebench.scoring.policy import decide, slip_credit

__all__ = ["TRUNCATED_FINISH_REASONS", "Case", "Judge", "Verdict", "judge_output"]


TRUNCATED_FINISH_REASONS = frozenset({"length", "max_tokens", "max_output_tokens"})
"""``finish_reason`` values meaning the output was cut off by the token cap: no answer."""




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
    memo: dict[Any, Verdict] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def labels(self) -> LabelIndex:
        """The reference's own labels, for references that carry no node list."""
        index = _REF_INDEX.get(id(self))
        if index is None or index[0] is not self:
            index = (self, LabelIndex(_labels_in(self.answer)))
            if len(_REF_INDEX) > 100_000:
                _REF_INDEX.clear()
            _REF_INDEX[id(self)] = index
        return index[1]


_REF_INDEX: dict[int, tuple[Judge, LabelIndex]] = {}


def _labels_in(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [v for v in value if isinstance(v, str)]
    return []


_NODE_INDEXES: dict[tuple[Any, ...], LabelIndex] = {}


def _node_index(nodes: list[Any] | tuple[Any, ...]) -> LabelIndex:
    """One ``LabelIndex`` per distinct node list (samples of an instance share it)."""
    key = tuple(nodes)
    try:
        index = _NODE_INDEXES.get(key)
    except TypeError:  # unhashable labels: build it, do not keep it
        return LabelIndex(nodes)
    if index is None:
        if len(_NODE_INDEXES) >= 100_000:
            _NODE_INDEXES.clear()
        index = _NODE_INDEXES[key] = LabelIndex(nodes)
    return index


class Case:
    """One reference as judged: its ``Judge`` plus the instance's graph labels and query."""

    __slots__ = ("_index", "_qnodes", "judge", "nodes", "query")

    def __init__(self, judge: Judge, nodes: Any = None, query: Any = None) -> None:
        self.judge = judge
        self.nodes = nodes
        self.query = query
        self._index: LabelIndex | None = None
        self._qnodes: frozenset[str] | None = None

    def canon(self, label: str) -> str:
        """The node ``label`` names (case, spaces, a closing full stop aside)."""
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
        return self._index.canonical(label)

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


_FENCE_TAIL = " \t\r\n`"  # what may follow the last answer object: its closing fence


_NO_ANSWER = Verdict(None, False, False, False, False, False)


def _format_ok(whole: Any, schema: Schema) -> bool:
    """Whether the region was exactly ``{"answer": <value of the asked-for type>}``."""
    if type(whole) is not dict or len(whole) != 1 or "answer" not in whole:
        return False
    return _format_value(whole["answer"], schema)


def _exact_parts(exact: Any, schema: Schema) -> tuple[bool, Any, bool]:
    """``(format ok, coerced value, parsed)`` of the value of an exact ``{"answer": v}``,
    memoised per schema for the values answers repeat (see ``coerce_json``); lists come back
    as fresh copies."""
    key = json_key(exact)
    hit = None if key is None else schema.exact.get(key)
    if hit is None:
        value, parsed = coerce_json(exact, schema)
        hit = (_format_value(exact, schema), value, parsed)
        if key is not None:
            if len(schema.exact) >= 1 << 16:
                schema.exact.clear()
            schema.exact[key] = hit
    formatted, value, parsed = hit
    return formatted, (list(value) if type(value) is list else value), parsed


def _format_value(value: Any, schema: Schema) -> bool:
    try:
        return schema.is_valid(value)
    except Exception:  # jsonschema on a value it cannot handle: not the asked-for format
        return False


def _canonical(value: Any, schema: Schema, canon: Any) -> Any:
    if schema.kind == "string" and type(value) is str:
        return canon(value)
    if schema.kind == "array" and schema.unique and isinstance(value, list):
        return _dedupe_list([canon(v) if type(v) is str else v for v in value])
    return value


def _dedupe_list(items: list[Any]) -> list[Any]:
    try:
        return list(dict.fromkeys(items))
    except TypeError:
        return items


def judge_output(output: Any, case: Case, finish_reason: Any = None) -> Verdict:
    """The verdict on one raw output; never raises on any ``output``."""
    if isinstance(finish_reason, str) and finish_reason in TRUNCATED_FINISH_REASONS:
        return _NO_ANSWER  # cut off by the token cap: its final answer is not there
    if type(output) is str and len(output) <= MAX_OUTPUT_CHARS and output.isascii():
        text = output  # what as_text gives back for short ASCII text
    else:
        text = as_text(output)
        if text is None:
            return _NO_ANSWER
    if "<" in text or "◁" in text:
        region = answer_region(text)
        if region is None:
            return _NO_ANSWER
    else:
        region = text.rstrip()  # no reasoning marker, no chat trailer: answer_region's result
    judge = case.judge
    schema = judge.schema
    canon = case.canon
    if region[:1] != "{":
        region = region.lstrip()
    exact, whole = exact_answer(region)
    if exact is not NO_VALUE:  # exactly {"answer": v}: nothing else to weigh
        formatted, value, parsed = _exact_parts(exact, schema)
        return _verdict(value, parsed, formatted, case)
    found = candidates(region, whole)
    formatted = found.whole is not None and _format_ok(found.whole, schema)
    items = found.items
    if (
        len(items) == 1
        and found.cut < 0
        and not found.region[items[0].end :].strip(_FENCE_TAIL)
        and items[0].source in _JSON_SOURCES
    ):
        # One JSON answer and nothing after it: the policy has nothing else to weigh.
        value, parsed = coerce_json(items[0].value, schema)  # JSON sources: not loose text
    else:

        def coerce1(value: Any, source: str) -> tuple[Any, bool]:
            return coerce(value, schema, source)

        def same(a: Any, b: Any) -> bool:
            if judge.is_set:
                return canonical_set(a, canon) == canonical_set(b, canon)
            return (
                compare(a, b, schema, "none", canon)[0]
                or compare(b, a, schema, "none", canon)[0]
            )

        value, parsed = decide(found, coerce1, same)
    return _verdict(value, parsed, formatted, case)


def _verdict(value: Any, parsed: bool, formatted: bool, case: Case) -> Verdict:
    """Judge a committed (coerced) answer against the case's reference."""
    if not parsed:
        return _new(Verdict, (None, False, False, False, False, formatted))
    judge = case.judge
    schema = judge.schema
    if schema.kind in _UNLABELLED and judge.slip != "query":
        # An int or a bool: the verdict depends on the value alone, not on the case's labels.
        key = (value, formatted)
        verdict = judge.memo.get(key)
        if verdict is None:
            verdict = _judged(value, formatted, case)
            if len(judge.memo) < 4096:
                judge.memo[key] = verdict
        return verdict
    return _judged(value, formatted, case)


_UNLABELLED = frozenset({"integer", "boolean"})


def _judged(value: Any, formatted: bool, case: Case) -> Verdict:
    """The verdict on a parsed answer: strict, both lenient rules, canonical labels."""
    judge = case.judge
    schema = judge.schema
    canon = case.canon
    strict, paper = compare(value, judge.answer, schema, judge.tolerance, canon)
    # Labels as the nodes they name, so "SRV-04" and "srv-04" vote together in cons@k.
    value = judge.answer if strict else _canonical(value, schema, canon)
    slip = judge.slip
    lenient = strict or (
        slip != "none"
        and slip_credit(
            value, judge.answer, slip, case.query_nodes() if slip == "query" else None, canon
        )
    )
    return _new(Verdict, (value, True, strict, lenient, paper, formatted))
