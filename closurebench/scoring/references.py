"""References as the judge needs them: answer strings or dataset records, resolved to cases.

References may be answer JSON strings (with ``categories``), dataset records (dicts carrying
``answer``, ``answer_schema``, ``tolerance``, ``level``, ``category``, ``n``, ``density``), or
records serialised as JSON strings (what the ``evaluate`` wrapper sends through Arrow). The
answer schema and tolerance come from the reference when it has them, else from
``closurebench.categories.CATEGORIES``. Bad references raise ``ValueError`` naming the index.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

from closurebench.errors import InputError
from closurebench.scoring.judge import SLIPS, Case, Judge
from closurebench.scoring.parse import FAIL, HEDGE, TOLERANCES, coerce, compile_schema

__all__ = ["DENSITY_BUCKET_WIDTH", "RECORD_FIELDS", "density_bucket"]


RECORD_FIELDS = (
    "id", "category", "level", "n", "density", "answer", "answer_schema", "tolerance", "nodes",
    "query",
)
"""The record fields scoring reads; the rest (question, edges, program) can be dropped.
``nodes`` lets labels match case-insensitively; ``query`` gives the targeted lenient credit
for set answers its query nodes."""


DENSITY_BUCKET_WIDTH = 0.1
"""Density breakdown buckets: ``[0.0,0.1)``, ``[0.1,0.2)``, …, ``[0.9,1.0]``."""


_DEFAULT_SLIP = {"count": "+1", "set": "query", "none": "none"}

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
    coerced, _ = coerce(answer, schema)
    if coerced is FAIL or coerced is HEDGE:
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
        try:
            case, meta, rid = resolver.resolve(raw, cat, f"references[{i}]")
        except RecursionError:  # a reference (its answer, schema...) nested past Python's stack
            raise InputError(f"references[{i}]: nested too deeply to be a reference "
                             "(its answer or answer_schema)") from None
        cases.append(case)
        metas.append(meta)
        ids.append(rid)
    return preds, cases, metas, ids, finishes
