"""``score``: raw model outputs plus references in, one JSON-serialisable report out.

References may be answer JSON strings (with ``categories``), dataset records (dicts carrying
``answer``, ``answer_schema``, ``tolerance``, ``level``, ``category``, ``n``, ``density``), or
records serialised as JSON strings (what the ``evaluate`` wrapper sends through Arrow). The
answer schema and tolerance come from the reference when it has them, else from
``closurebench.categories.CATEGORIES``.
"""

from __future__ import annotations

import gc
import json
import math
import operator
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from closurebench.scoring.coerce import (
    TOLERANCES,
    Schema,
    canonical_set,
    coerce,
    coerce_json,
    compare,
    compile_schema,
    freeze,
    json_key,
    set_f1,
)
from closurebench.scoring.extract import JSON_SOURCES as _JSON_SOURCES
from closurebench.scoring.extract import NO_VALUE, candidates, exact_answer
from closurebench.scoring.final import MAX_OUTPUT_CHARS, answer_region, as_text
from closurebench.scoring.labels import LabelIndex
from closurebench.scoring.policy import SLIPS, decide, slip_credit
from closurebench.scoring.stats import consensus_correct, pass_at_k

__all__ = [
    "DENSITY_BUCKET_WIDTH",
    "RECORD_FIELDS",
    "TRUNCATED_FINISH_REASONS",
    "Case",
    "Judge",
    "Verdict",
    "density_bucket",
    "format_report",
    "judge_output",
    "judge_outputs",
    "score",
    "verdicts",
]

RECORD_FIELDS = (
    "id", "category", "level", "n", "density", "answer", "answer_schema", "tolerance", "nodes",
    "query",
)
"""The record fields scoring reads; the rest (question, edges, program) can be dropped.
``nodes`` lets labels match case-insensitively; ``query`` gives the targeted lenient credit
for set answers its query nodes."""

TRUNCATED_FINISH_REASONS = frozenset({"length", "max_tokens", "max_output_tokens"})
"""``finish_reason`` values meaning the output was cut off by the token cap: no answer."""

_DEFAULT_SLIP = {"count": "+1", "set": "query", "none": "none"}

DENSITY_BUCKET_WIDTH = 0.1
"""Density breakdown buckets: ``[0.0,0.1)``, ``[0.1,0.2)``, …, ``[0.9,1.0]``."""


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


_BUCKETS: dict[float, str] = {}


def density_bucket(density: float) -> str:
    """The breakdown bucket of a density; 1.0 falls in the last, closed bucket."""
    label = _BUCKETS.get(density)
    if label is None:
        if not 0.0 <= density <= 1.0:
            label = "out_of_range"
        else:
            index = min(math.floor(density / DENSITY_BUCKET_WIDTH + 1e-9), 9)
            lo, hi = index / 10, (index + 1) / 10
            label = f"[{lo:.1f},{hi:.1f}]" if index == 9 else f"[{lo:.1f},{hi:.1f})"
        if len(_BUCKETS) < 100_000:
            _BUCKETS[density] = label
    return label


def _category_spec(category: str, where: str) -> Any:
    try:
        from closurebench.categories import CATEGORIES
    except ImportError as exc:
        raise ValueError(
            f"{where}: category {category!r} cannot be resolved because "
            f"closurebench.categories is unavailable ({exc}); pass dataset records that "
            "carry answer_schema and tolerance instead"
        ) from None
    spec = CATEGORIES.get(category)
    if spec is None:
        raise ValueError(f"{where}: unknown category {category!r}")
    return spec


def _is_record(value: Any) -> bool:
    return (
        isinstance(value, Mapping)
        and "answer" in value
        and ("answer_schema" in value or "category" in value)
    )


def _opt_int(value: Any, name: str, where: str) -> int | None:
    if value is None or type(value) is int:
        return value
    try:
        number = int(value)
        ok = number == value and not isinstance(value, (bool, str))
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise ValueError(f"{where}: {name} must be an integer, got {value!r}")
    return number


def _opt_float(value: Any, name: str, where: str) -> float | None:
    if value is None:
        return None
    try:
        number = float(value)
        ok = math.isfinite(number) and not isinstance(value, (bool, str))
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise ValueError(f"{where}: {name} must be a finite number, got {value!r}")
    return number


def _judge(
    answer_field: Any,
    from_text: bool,
    schema_src: Any,
    tolerance: Any,
    level: int | None,
    category: str | None,
    where: str,
) -> Judge:
    if from_text:
        try:
            answer = json.loads(answer_field)
        except ValueError as exc:
            raise ValueError(f"{where}: reference answer is not valid JSON ({exc})") from None
    else:
        answer = answer_field  # already decoded by the caller
    spec = None
    if category is not None and (
        schema_src is None or tolerance is None or level is None or _has_categories()
    ):
        spec = _category_spec(category, where)
    if schema_src is None or tolerance is None or level is None:
        if category is None:
            if schema_src is None or tolerance is None:
                raise ValueError(
                    f"{where}: no answer_schema/tolerance and no category to look them up; "
                    "pass categories=[...] or dataset records"
                )
        else:
            schema_src = spec.schema if schema_src is None else schema_src
            tolerance = spec.tolerance if tolerance is None else tolerance
            level = int(spec.level) if level is None else level
    if tolerance not in TOLERANCES:
        raise ValueError(
            f"{where}: tolerance must be one of {sorted(TOLERANCES)}, got {tolerance!r}"
        )
    try:
        schema = compile_schema(schema_src)
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}") from None
    coerced, ok = coerce(answer, schema)
    if not ok:
        raise ValueError(f"{where}: reference answer {answer!r} does not match its answer_schema")
    is_set = schema.kind == "array" and schema.unique
    slip = "none" if tolerance == "none" else _DEFAULT_SLIP[tolerance]
    node_keys: tuple[str, ...] = ()
    if spec is not None:
        node_keys = tuple(getattr(spec, "node_keys", ()))
        if tolerance != "none":
            slip = str(getattr(spec, "slip", slip) or slip)
    if slip not in SLIPS:
        slip = "none"
    return Judge(coerced, schema, str(tolerance), level, is_set, slip, node_keys)


def _has_categories() -> bool:
    try:
        import closurebench.categories  # noqa: F401
    except ImportError:
        return False
    return True


Meta = tuple  # (level, category, n, density bucket), any of them None


class _References:
    """Resolves references to (judge, meta, instance id), caching what repeats."""

    def __init__(self) -> None:
        self.judges: dict[Any, Judge] = {}
        self.strings: dict[tuple[str, str | None], tuple[Case, Meta, str | None]] = {}
        self.shared: dict[int, Case] = {}  # judge id -> its Case without nodes or query

    def _case(self, judge: Judge, nodes: Any = None, query: Any = None) -> Case:
        if nodes is None and query is None:
            case = self.shared.get(id(judge))
            if case is None or case.judge is not judge:
                case = self.shared[id(judge)] = Case(judge)
            return case
        return Case(judge, nodes, query)

    def resolve(self, raw: Any, category: str | None, where: str) -> tuple[Case, Meta, Any]:
        if type(raw) is dict:  # a dataset record: skip the Mapping ABC check
            if "answer" not in raw:
                raise ValueError(f"{where}: reference record has no 'answer' field")
            return self._resolve_record(raw, category, where)
        if isinstance(raw, str):
            key = (raw, category)
            hit = self.strings.get(key)
            if hit is None:
                hit = self._resolve_text(raw, category, where)
                if len(self.strings) < 1_000_000:
                    self.strings[key] = hit
            return hit
        if isinstance(raw, Mapping):
            if "answer" not in raw:
                raise ValueError(f"{where}: reference record has no 'answer' field")
            return self._resolve_record(raw, category, where)
        raise ValueError(
            f"{where}: reference must be an answer JSON string or a dataset record, "
            f"not {type(raw).__name__}"
        )

    def _resolve_text(self, raw: str, category: str | None, where: str) -> tuple[Case, Meta, Any]:
        try:
            parsed = json.loads(raw)
        except ValueError as exc:
            raise ValueError(f"{where}: reference is not valid JSON ({exc})") from None
        if _is_record(parsed):
            return self._resolve_record(parsed, category, where)
        judge = _judge(parsed, False, None, None, None, category, where)
        return self._case(judge), (judge.level, category, None, None), None

    def _resolve_record(
        self, record: Mapping[str, Any], category: str | None, where: str
    ) -> tuple[Case, Meta, Any]:
        rec_category = record.get("category")
        if rec_category is not None:
            if category is not None and rec_category != category:
                raise ValueError(
                    f"{where}: categories says {category!r} but the record says {rec_category!r}"
                )
            category = str(rec_category)
        answer = record["answer"]
        schema_src = record.get("answer_schema")
        tolerance = record.get("tolerance")
        level = record.get("level")
        if level is not None and type(level) is not int:
            level = _opt_int(level, "level", where)
        key: Any = (type(answer), answer, schema_src, tolerance, level, category)
        try:
            judge = self.judges.get(key)
        except TypeError:  # an unhashable, already-decoded answer or schema
            judge, key = None, None
        if judge is None:
            judge = _judge(
                answer, isinstance(answer, str), schema_src, tolerance, level, category, where
            )
            if key is not None and len(self.judges) < 1_000_000:
                self.judges[key] = judge
        n = record.get("n")
        if n is not None and type(n) is not int:
            n = _opt_int(n, "n", where)
        density = record.get("density")
        bucket = None
        if density is not None:
            bucket = _BUCKETS.get(density) if type(density) is float else None
            if bucket is None:
                bucket = density_bucket(_opt_float(density, "density", where))
        rid = record.get("id")
        nodes, query = record.get("nodes"), record.get("query")
        case = self._case(judge) if nodes is None and query is None else Case(judge, nodes, query)
        return case, (judge.level, category, n, bucket), (None if rid is None else str(rid))


def _as_list(name: str, values: Any) -> list[Any]:
    if values is None:
        raise ValueError(f"{name} is required")
    if isinstance(values, (str, bytes)):
        raise ValueError(f"{name} must be a list, not a single {type(values).__name__}")
    if isinstance(values, Mapping):
        # A dict of columns, e.g. ``ds[:]``: turn it into rows.
        columns = {k: list(v) for k, v in values.items()}
        lengths = {len(v) for v in columns.values()}
        if len(lengths) > 1:
            raise ValueError(f"{name}: columns have different lengths {sorted(lengths)}")
        count = lengths.pop() if lengths else 0
        return [{k: v[i] for k, v in columns.items()} for i in range(count)]
    try:
        return list(values)
    except TypeError:
        raise ValueError(f"{name} must be a sequence, not {type(values).__name__}") from None


def _optional_list(name: str, values: Any, expected: int) -> list[Any] | None:
    if values is None:
        return None
    out = _as_list(name, values)
    if len(out) != expected:
        raise ValueError(f"{name} has {len(out)} items but predictions has {expected}")
    return out


def _rates(
    n: int, parsed: int, strict: int, lenient: int, paper: int, formatted: int
) -> dict[str, Any]:
    return {
        "n": n,
        "accuracy_strict": strict / n,
        "accuracy_lenient": lenient / n,
        "accuracy_lenient_paper": paper / n,
        "parse_rate": parsed / n,
        "format_rate": formatted / n,
    }


_FLAGS = operator.itemgetter(1, 2, 3, 4, 5)  # parsed, strict, lenient, paper, format_ok


def _tally(verdict_list: list[Verdict], metas: list[Meta]) -> dict[Meta, list[int]]:
    """Per breakdown cell (meta) the counts of ``_TALLY``: one C-level ``Counter`` pass over
    (meta, flags) pairs, then one small loop over the few distinct pairs."""
    cells: dict[Meta, list[int]] = {}
    for (meta, flags), count in Counter(zip(metas, map(_FLAGS, verdict_list))).items():
        cell = cells.get(meta)
        if cell is None:
            cell = cells[meta] = [0] * _TALLY
        cell[0] += count
        for j, flag in enumerate(flags, 1):
            if flag:
                cell[j] += count
    return cells


def _bucket_sort_key(key: str) -> tuple[int, float, str]:
    try:
        return (0, float(key.strip("[]()").split(",")[0]), key)
    except ValueError:
        return (1, 0.0, key)


def _breakdown(cells: dict[tuple[Any, ...], list[int]], field: int, sort_key: Any) -> dict:
    table: dict[Any, list[int]] = {}
    for meta, tally in cells.items():
        key = meta[field]
        if key is None:
            continue
        row = table.setdefault(key, [0] * _TALLY)
        for j in range(_TALLY):
            row[j] += tally[j]
    return {str(k): _rates(*table[k]) for k in sorted(table, key=sort_key)}


def _prepare(
    predictions: Any, references: Any, categories: Any, finish_reasons: Any = None
) -> tuple[list[Any], list[Case], list[Meta], list[Any], list[Any] | None]:
    """Validate inputs and resolve every reference to its case, breakdown keys and id."""
    preds = _as_list("predictions", predictions)
    refs_raw = _as_list("references", references)
    total = len(preds)
    if len(refs_raw) != total:
        raise ValueError(f"predictions has {total} items but references has {len(refs_raw)}")
    if total == 0:
        raise ValueError("predictions is empty: nothing to score")
    cats = _optional_list("categories", categories, total)
    finishes = _optional_list("finish_reasons", finish_reasons, total)
    resolver = _References()
    cases: list[Case] = []
    metas: list[Meta] = []
    ids: list[Any] = []
    for i, raw in enumerate(refs_raw):
        cat = None
        if cats is not None:
            cat = cats[i]
            if not isinstance(cat, str):
                raise ValueError(f"categories[{i}] must be a string, got {cat!r}")
        case, meta, rid = resolver.resolve(raw, cat, f"references[{i}]")
        cases.append(case)
        metas.append(meta)
        ids.append(rid)
    return preds, cases, metas, ids, finishes


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
_TALLY = 6  # n, parsed, strict, lenient, lenient_paper, format_ok


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


@contextmanager
def _no_gc_pauses() -> Any:
    """Pause the cyclic garbage collector while verdicts are made: scoring creates many
    small objects and no reference cycles, and collections scanning every live object (all
    the references and outputs) cost a fifth of the time on large batches."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def judge_outputs(
    predictions: Sequence[Any] | None = None,
    references: Sequence[str | Mapping[str, Any]] | Any = None,
    categories: Sequence[str] | None = None,
    finish_reasons: Sequence[str | None] | None = None,
) -> list[Verdict]:
    """One :class:`Verdict` per prediction, by exactly the rules of :func:`score`.

    For per-instance statistics and reward functions (``v.strict`` as a 0/1 reward).
    """
    preds, cases, _, _, finishes = _prepare(predictions, references, categories, finish_reasons)
    with _no_gc_pauses():
        if finishes is None:
            return [judge_output(p, c) for p, c in zip(preds, cases, strict=True)]
        return [judge_output(p, c, f) for p, c, f in zip(preds, cases, finishes, strict=True)]


def verdicts(
    predictions: Sequence[Any] | None = None,
    references: Sequence[str | Mapping[str, Any]] | Any = None,
    categories: Sequence[str] | None = None,
    finish_reasons: Sequence[str | None] | None = None,
) -> list[tuple[bool, bool, bool]]:
    """``(parsed, strict, lenient)`` per prediction, by exactly the rules of :func:`score`.

    For per-instance statistics (confidence intervals, the memorisation gap) without calling
    ``score`` once per prediction; :func:`judge_outputs` gives every field.
    """
    return [
        (v.parsed, v.strict, v.lenient)
        for v in judge_outputs(predictions, references, categories, finish_reasons)
    ]


def score(
    predictions: Sequence[Any] | None = None,
    references: Sequence[str | Mapping[str, Any]] | Any = None,
    categories: Sequence[str] | None = None,
    token_counts: Sequence[int | float] | None = None,
    sample_ids: Sequence[Hashable] | None = None,
    k_values: Iterable[int] | None = None,
    finish_reasons: Sequence[str | None] | None = None,
) -> dict[str, Any]:
    """Score raw model outputs against references; see the metric card for every rule.

    ``finish_reasons`` (as the runner records them) marks outputs cut off by the token cap
    (``"length"``): they have no answer. ``sample_ids`` groups several samples of one
    instance (in the given order) for ``pass@k`` and ``cons@k``; without it, records' ``id``
    fields group them. ``k_values`` defaults to 1, 2, 4, … up to the smallest sample count,
    plus that count. Bad inputs raise ``ValueError`` naming the index; bad model outputs (of
    any type) are scored wrong, never raised.
    """
    with _no_gc_pauses():
        preds, cases, metas, ids, finishes = _prepare(
            predictions, references, categories, finish_reasons
        )
    total = len(preds)
    tokens = _optional_list("token_counts", token_counts, total)
    samples = _optional_list("sample_ids", sample_ids, total)

    total_tokens = 0.0
    if tokens is not None:
        for i, count in enumerate(tokens):
            if isinstance(count, bool) or not isinstance(count, (int, float)):
                try:
                    count = float(count)
                except (TypeError, ValueError):
                    raise ValueError(f"token_counts[{i}] must be a number, got {count!r}") from None
            if not math.isfinite(count) or count < 0:
                raise ValueError(f"token_counts[{i}] must be a non-negative number, got {count!r}")
            total_tokens += count

    group_ids: list[Any] | None = samples
    if group_ids is None and None not in ids:
        group_ids = ids
    values: list[Any] = []
    strict_flags: list[bool] = []
    f1_sum = 0.0
    f1_count = 0

    with _no_gc_pauses():
        verdict_list = [
            judge_output(p, c, None if finishes is None else finishes[i])
            for i, (p, c) in enumerate(zip(preds, cases, strict=True))
        ]
    for v, case in zip(verdict_list, cases, strict=True):
        if case.judge.is_set:
            f1_sum += set_f1(v.answer if v.parsed else None, case.judge.answer)  # canonical
            f1_count += 1
    if group_ids is not None:
        strict_flags = [v.strict for v in verdict_list]
        values = [v.answer if v.parsed else _NO_VOTE for v in verdict_list]
    cells = _tally(verdict_list, metas)

    n_parsed, n_strict, n_lenient, n_paper, n_format = (
        sum(c[j] for c in cells.values()) for j in range(1, _TALLY)
    )
    report: dict[str, Any] = {
        "accuracy_strict": n_strict / total,
        "accuracy_lenient": n_lenient / total,
        "accuracy_lenient_paper": n_paper / total,
        "parse_rate": n_parsed / total,
        "format_rate": n_format / total,
        "n_predictions": total,
        "n_parsed": n_parsed,
        "n_parse_failures": total - n_parsed,
        "n_correct_strict": n_strict,
        "n_correct_lenient": n_lenient,
        "n_correct_lenient_paper": n_paper,
        "n_format_ok": n_format,
        "set_f1": f1_sum / f1_count if f1_count else None,
        "n_set_answers": f1_count,
        "by_level": _breakdown(cells, 0, int),
        "by_category": _breakdown(cells, 1, str),
        "by_n": _breakdown(cells, 2, int),
        "by_density": _breakdown(cells, 3, _bucket_sort_key),
    }
    if tokens is not None:
        report["total_tokens"] = int(total_tokens) if total_tokens.is_integer() else total_tokens
        report["tokens_per_correct"] = total_tokens / n_strict if n_strict else None
    if group_ids is not None:
        cased = [c.judge for c in cases]
        report.update(
            _sampling(group_ids, cased, strict_flags, values, k_values, samples is not None)
        )
    return report


_NO_VOTE: Any = object()


def _vote_key(value: Any, is_set: bool) -> Hashable:
    """Answers that vote together: sets in any order, numbers and labels by value."""
    try:
        key = freeze(sorted(value, key=repr) if is_set else value)
        hash(key)
    except TypeError:
        key = repr(value)
    return key


def _sampling(
    ids: list[Any],
    judges: list[Judge],
    strict_flags: list[bool],
    values: list[Any],
    k_values: Iterable[int] | None,
    explicit: bool,
) -> dict[str, Any]:
    """pass@k and cons@k over instances; empty when no instance has two samples (and the
    grouping came from record ids rather than explicit ``sample_ids``)."""
    if not explicit:
        try:
            if len(set(ids)) == len(ids):
                return {}  # one sample per instance: pass@1 is just accuracy
        except TypeError:
            pass
    groups: dict[Any, list[int]] = {}
    for i, sid in enumerate(ids):
        try:
            groups.setdefault(sid, []).append(i)
        except TypeError:
            raise ValueError(f"sample_ids[{i}] must be hashable, got {sid!r}") from None
    for sid, members in groups.items():
        first = judges[members[0]]
        for i in members[1:]:
            if judges[i] is not first and (
                judges[i].answer != first.answer or judges[i].schema is not first.schema
            ):
                raise ValueError(
                    f"references[{i}]: sample id {sid!r} has a different reference than "
                    f"references[{members[0]}]"
                )
    smallest = min(len(m) for m in groups.values())
    largest = max(len(m) for m in groups.values())
    if not explicit and largest < 2:
        return {}
    if k_values is None:
        ks = {1, smallest}
        power = 2
        while power <= smallest:
            ks.add(power)
            power *= 2
    else:
        ks = set()
        for k in k_values:
            if isinstance(k, bool) or not isinstance(k, int) or k < 1:
                raise ValueError(f"k_values must hold positive integers, got {k!r}")
            if k > smallest:
                raise ValueError(
                    f"k={k} exceeds the {smallest} samples of the smallest instance; "
                    "pass@k needs k <= samples for every instance"
                )
            ks.add(k)
    votes: dict[int, tuple[Hashable, bool] | None] = {}

    def vote(i: int) -> tuple[Hashable, bool] | None:
        if i not in votes:
            value = values[i]
            votes[i] = (
                None if value is _NO_VOTE else (_vote_key(value, judges[i].is_set), strict_flags[i])
            )
        return votes[i]

    counts = [(len(m), sum(map(strict_flags.__getitem__, m))) for m in groups.values()]
    out: dict[str, Any] = {"n_instances": len(groups), "samples_per_instance_min": smallest}
    for k in sorted(ks):
        passes = sum(pass_at_k(n, c, k) for n, c in counts)
        if k == 1:
            cons = sum(strict_flags[m[0]] for m in groups.values())
        else:
            cons = sum(consensus_correct([vote(i) for i in m[:k]]) for m in groups.values())
        out[f"pass@{k}"] = passes / len(groups)
        out[f"cons@{k}"] = cons / len(groups)
    return out


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:6.2f}%"


def format_report(report: Mapping[str, Any]) -> str:
    """Render a report as plain-text tables for a terminal."""
    lines = [
        f"predictions        {report['n_predictions']}",
        f"strict accuracy    {_pct(report['accuracy_strict'])}  (headline)",
        f"lenient (targeted) {_pct(report['accuracy_lenient'])}",
        f"lenient (paper)    {_pct(report['accuracy_lenient_paper'])}",
        f"parse rate         {_pct(report['parse_rate'])}  ({report['n_parse_failures']} failures)",
        f"format rate        {_pct(report['format_rate'])}  (exactly the JSON object asked for)",
    ]
    if report.get("set_f1") is not None:
        lines.append(f"set F1 (partial)   {_pct(report['set_f1'])}  over {report['n_set_answers']}")
    if report.get("tokens_per_correct") is not None:
        lines.append(f"tokens / correct   {report['tokens_per_correct']:.1f}")
    sampled = [k for k in report if k.startswith(("pass@", "cons@"))]
    for key in sorted(sampled, key=lambda k: (k[:5], int(k[5:]))):
        lines.append(f"{key:<18} {_pct(report[key])}")
    for title, field_name in (
        ("level", "by_level"),
        ("category", "by_category"),
        ("n", "by_n"),
        ("density", "by_density"),
    ):
        table = report.get(field_name) or {}
        if not table:
            continue
        width = max(len(title), *(len(k) for k in table))
        lines.append("")
        lines.append(
            f"{title:<{width}}  {'count':>6}  {'strict':>7}  {'lenient':>7}  {'parsed':>7}"
        )
        for key, row in table.items():
            lines.append(
                f"{key:<{width}}  {row['n']:>6}  {_pct(row['accuracy_strict']):>7}  "
                f"{_pct(row['accuracy_lenient']):>7}  {_pct(row['parse_rate']):>7}"
            )
    return "\n".join(lines)
