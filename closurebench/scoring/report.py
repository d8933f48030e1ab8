"""``score``: raw model outputs plus references in, one JSON-serialisable report out.

References may be answer JSON strings (with ``categories``), dataset records (dicts carrying
``answer``, ``answer_schema``, ``tolerance``, ``level``, ``category``, ``n``, ``density``), or
records serialised as JSON strings (what the ``evaluate`` wrapper sends through Arrow). The
answer schema and tolerance come from the reference when it has them, else from
``closurebench.categories.CATEGORIES``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from closurebench.scoring.coerce import (
    TOLERANCES,
    Schema,
    coerce,
    compare,
    compile_schema,
    freeze,
    set_f1,
)
from closurebench.scoring.extract import extract
from closurebench.scoring.stats import consensus_correct, pass_at_k

__all__ = [
    "DENSITY_BUCKET_WIDTH",
    "RECORD_FIELDS",
    "Judge",
    "density_bucket",
    "format_report",
    "score",
    "verdicts",
]

RECORD_FIELDS = ("id", "category", "level", "n", "density", "answer", "answer_schema", "tolerance")
"""The record fields scoring reads; the rest (question, edges, program) can be dropped."""

DENSITY_BUCKET_WIDTH = 0.1
"""Density breakdown buckets: ``[0.0,0.1)``, ``[0.1,0.2)``, …, ``[0.9,1.0]``."""


@dataclass(frozen=True)
class Judge:
    """How to judge one reference: its coerced answer, schema and tolerance."""

    answer: Any
    schema: Schema
    tolerance: str
    level: int | None
    is_set: bool


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
    if schema_src is None or tolerance is None or level is None:
        if category is None:
            if schema_src is None or tolerance is None:
                raise ValueError(
                    f"{where}: no answer_schema/tolerance and no category to look them up; "
                    "pass categories=[...] or dataset records"
                )
        else:
            spec = _category_spec(category, where)
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
    return Judge(coerced, schema, str(tolerance), level, is_set)


Meta = tuple  # (level, category, n, density bucket), any of them None


class _References:
    """Resolves references to (judge, meta, instance id), caching what repeats."""

    def __init__(self) -> None:
        self.judges: dict[Any, Judge] = {}
        self.strings: dict[tuple[str, str | None], tuple[Judge, Meta, str | None]] = {}

    def resolve(self, raw: Any, category: str | None, where: str) -> tuple[Judge, Meta, Any]:
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

    def _resolve_text(self, raw: str, category: str | None, where: str) -> tuple[Judge, Meta, Any]:
        try:
            parsed = json.loads(raw)
        except ValueError as exc:
            raise ValueError(f"{where}: reference is not valid JSON ({exc})") from None
        if _is_record(parsed):
            return self._resolve_record(parsed, category, where)
        judge = _judge(parsed, False, None, None, None, category, where)
        return judge, (judge.level, category, None, None), None

    def _resolve_record(
        self, record: Mapping[str, Any], category: str | None, where: str
    ) -> tuple[Judge, Meta, Any]:
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
        return judge, (judge.level, category, n, bucket), (None if rid is None else str(rid))


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


def _rates(n: int, parsed: int, strict: int, lenient: int) -> dict[str, Any]:
    return {
        "n": n,
        "accuracy_strict": strict / n,
        "accuracy_lenient": lenient / n,
        "parse_rate": parsed / n,
    }


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
        row = table.setdefault(key, [0, 0, 0, 0])
        for j in range(4):
            row[j] += tally[j]
    return {str(k): _rates(*table[k]) for k in sorted(table, key=sort_key)}


def _prepare(
    predictions: Any, references: Any, categories: Any
) -> tuple[list[Any], list[Judge], list[Meta], list[Any]]:
    """Validate inputs and resolve every reference to its judge, breakdown keys and id."""
    preds = _as_list("predictions", predictions)
    refs_raw = _as_list("references", references)
    total = len(preds)
    if len(refs_raw) != total:
        raise ValueError(f"predictions has {total} items but references has {len(refs_raw)}")
    if total == 0:
        raise ValueError("predictions is empty: nothing to score")
    cats = _optional_list("categories", categories, total)
    resolver = _References()
    judges: list[Judge] = []
    metas: list[Meta] = []
    ids: list[Any] = []
    for i, raw in enumerate(refs_raw):
        cat = None
        if cats is not None:
            cat = cats[i]
            if not isinstance(cat, str):
                raise ValueError(f"categories[{i}] must be a string, got {cat!r}")
        judge, meta, rid = resolver.resolve(raw, cat, f"references[{i}]")
        judges.append(judge)
        metas.append(meta)
        ids.append(rid)
    return preds, judges, metas, ids


def _judge_output(output: Any, judge: Judge) -> tuple[Any, bool, bool, bool]:
    """``(coerced value, parsed, strict, lenient)`` of one raw output."""
    schema = judge.schema
    value, source = extract(output)
    if source is None:
        return None, False, False, False
    value, parsed = coerce(value, schema, source)
    if not parsed:
        return None, False, False, False
    strict, lenient = compare(value, judge.answer, schema, judge.tolerance)
    return value, True, strict, lenient


def verdicts(
    predictions: Sequence[str] | None = None,
    references: Sequence[str | Mapping[str, Any]] | Any = None,
    categories: Sequence[str] | None = None,
) -> list[tuple[bool, bool, bool]]:
    """``(parsed, strict, lenient)`` per prediction, by exactly the rules of :func:`score`.

    For per-instance statistics (confidence intervals, the memorisation gap) without calling
    ``score`` once per prediction.
    """
    preds, judges, _, _ = _prepare(predictions, references, categories)
    return [_judge_output(p, j)[1:] for p, j in zip(preds, judges, strict=True)]


def score(
    predictions: Sequence[str] | None = None,
    references: Sequence[str | Mapping[str, Any]] | Any = None,
    categories: Sequence[str] | None = None,
    token_counts: Sequence[int | float] | None = None,
    sample_ids: Sequence[Hashable] | None = None,
    k_values: Iterable[int] | None = None,
) -> dict[str, Any]:
    """Score raw model outputs against references; see the metric card for every rule.

    ``sample_ids`` groups several samples of one instance (in the given order) for ``pass@k``
    and ``cons@k``; without it, records' ``id`` fields group them. ``k_values`` defaults to
    1, 2, 4, … up to the smallest sample count, plus that count. Bad inputs raise
    ``ValueError`` naming the index; bad model outputs are scored wrong, never raised.
    """
    preds, judges, metas, ids = _prepare(predictions, references, categories)
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
    cells: dict[tuple[Any, ...], list[int]] = {}  # meta -> [n, parsed, strict, lenient]
    f1_sum = 0.0
    f1_count = 0

    for pred, judge, meta in zip(preds, judges, metas, strict=True):
        value, parsed, strict, lenient = _judge_output(pred, judge)
        if judge.is_set:
            f1_sum += set_f1(value if parsed else None, judge.answer)
            f1_count += 1
        if group_ids is not None:
            strict_flags.append(strict)
            values.append(value if parsed else _NO_VOTE)
        cell = cells.get(meta)
        if cell is None:
            cell = cells[meta] = [0, 0, 0, 0]
        cell[0] += 1
        cell[1] += parsed
        cell[2] += strict
        cell[3] += lenient

    n_parsed = sum(c[1] for c in cells.values())
    n_strict = sum(c[2] for c in cells.values())
    n_lenient = sum(c[3] for c in cells.values())
    report: dict[str, Any] = {
        "accuracy_strict": n_strict / total,
        "accuracy_lenient": n_lenient / total,
        "parse_rate": n_parsed / total,
        "n_predictions": total,
        "n_parsed": n_parsed,
        "n_parse_failures": total - n_parsed,
        "n_correct_strict": n_strict,
        "n_correct_lenient": n_lenient,
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
        report.update(
            _sampling(group_ids, judges, strict_flags, values, k_values, samples is not None)
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

    counts = [(len(m), sum(strict_flags[i] for i in m)) for m in groups.values()]
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
        f"accuracy (strict)  {_pct(report['accuracy_strict'])}",
        f"accuracy (lenient) {_pct(report['accuracy_lenient'])}",
        f"parse rate         {_pct(report['parse_rate'])}  ({report['n_parse_failures']} failures)",
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
