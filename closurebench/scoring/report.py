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

__all__ = ["DENSITY_BUCKET_WIDTH", "density_bucket", "format_report", "score"]

DENSITY_BUCKET_WIDTH = 0.1
"""Density breakdown buckets: ``[0.0,0.1)``, ``[0.1,0.2)``, …, ``[0.9,1.0]``."""


@dataclass(frozen=True)
class Reference:
    """One normalised reference: the coerced answer and how to judge it."""

    answer: Any
    schema: Schema
    tolerance: str
    level: int | None = None
    category: str | None = None
    n: int | None = None
    density: float | None = None
    instance_id: str | None = None


def density_bucket(density: float) -> str:
    """The breakdown bucket of a density; 1.0 falls in the last, closed bucket."""
    if not 0.0 <= density <= 1.0:
        return "out_of_range"
    index = min(math.floor(density / DENSITY_BUCKET_WIDTH + 1e-9), 9)
    lo, hi = index / 10, (index + 1) / 10
    return f"[{lo:.1f},{hi:.1f}]" if index == 9 else f"[{lo:.1f},{hi:.1f})"


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
    if value is None:
        return None
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ValueError(f"{where}: {name} must be an integer, got {value!r}") from None
    if number != value:
        raise ValueError(f"{where}: {name} must be an integer, got {value!r}")
    return number


def _opt_float(value: Any, name: str, where: str) -> float | None:
    if value is None:
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{where}: {name} must be a number, got {value!r}") from None
    if not math.isfinite(number):
        raise ValueError(f"{where}: {name} must be finite, got {value!r}")
    return number


def _build_reference(raw: Any, category: str | None, where: str) -> Reference:
    record: Mapping[str, Any] | None = None
    if isinstance(raw, str):
        try:
            parsed = json.loads(raw)
        except ValueError as exc:
            raise ValueError(f"{where}: reference is not valid JSON ({exc})") from None
        if _is_record(parsed):
            record = parsed
        else:
            answer = parsed
    elif isinstance(raw, Mapping):
        if "answer" not in raw:
            raise ValueError(f"{where}: reference record has no 'answer' field")
        record = raw
    else:
        raise ValueError(
            f"{where}: reference must be an answer JSON string or a dataset record, "
            f"not {type(raw).__name__}"
        )

    level = n = density = instance_id = None
    schema_src: Any = None
    tolerance: Any = None
    if record is not None:
        rec_category = record.get("category")
        if rec_category is not None and category is not None and rec_category != category:
            raise ValueError(
                f"{where}: categories says {category!r} but the record says {rec_category!r}"
            )
        category = rec_category if rec_category is not None else category
        answer_field = record["answer"]
        if isinstance(answer_field, str):
            try:
                answer = json.loads(answer_field)
            except ValueError as exc:
                raise ValueError(f"{where}: reference answer is not valid JSON ({exc})") from None
        else:
            answer = answer_field  # already decoded by the caller
        schema_src = record.get("answer_schema")
        tolerance = record.get("tolerance")
        level = _opt_int(record.get("level"), "level", where)
        n = _opt_int(record.get("n"), "n", where)
        density = _opt_float(record.get("density"), "density", where)
        rid = record.get("id")
        instance_id = None if rid is None else str(rid)

    if schema_src is None or tolerance is None or level is None:
        if category is None:
            if schema_src is None or tolerance is None:
                raise ValueError(
                    f"{where}: no answer_schema/tolerance and no category to look them up; "
                    "pass categories=[...] or dataset records"
                )
        else:
            spec = _category_spec(str(category), where)
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
    return Reference(
        answer=coerced,
        schema=schema,
        tolerance=str(tolerance),
        level=level,
        category=None if category is None else str(category),
        n=n,
        density=density,
        instance_id=instance_id,
    )


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


class _Tally:
    __slots__ = ("lenient", "n", "parsed", "strict")

    def __init__(self) -> None:
        self.n = self.parsed = self.strict = self.lenient = 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "accuracy_strict": self.strict / self.n,
            "accuracy_lenient": self.lenient / self.n,
            "parse_rate": self.parsed / self.n,
        }


def _bucket_sort_key(key: str) -> tuple[int, float, str]:
    try:
        return (0, float(key.strip("[]()").split(",")[0]), key)
    except ValueError:
        return (1, 0.0, key)


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
    preds = _as_list("predictions", predictions)
    refs_raw = _as_list("references", references)
    total = len(preds)
    if len(refs_raw) != total:
        raise ValueError(f"predictions has {total} items but references has {len(refs_raw)}")
    if total == 0:
        raise ValueError("predictions is empty: nothing to score")
    cats = _optional_list("categories", categories, total)
    tokens = _optional_list("token_counts", token_counts, total)
    samples = _optional_list("sample_ids", sample_ids, total)

    ref_cache: dict[tuple[str, str | None], Reference] = {}
    refs: list[Reference] = []
    for i, raw in enumerate(refs_raw):
        cat = None if cats is None else cats[i]
        if cat is not None and not isinstance(cat, str):
            raise ValueError(f"categories[{i}] must be a string, got {cat!r}")
        if isinstance(raw, str):
            key = (raw, cat)
            ref = ref_cache.get(key)
            if ref is None:
                ref = _build_reference(raw, cat, f"references[{i}]")
                ref_cache[key] = ref
        else:
            ref = _build_reference(raw, cat, f"references[{i}]")
        refs.append(ref)

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

    overall = _Tally()
    by_level: dict[str, _Tally] = {}
    by_category: dict[str, _Tally] = {}
    by_n: dict[str, _Tally] = {}
    by_density: dict[str, _Tally] = {}
    f1_sum = 0.0
    f1_count = 0
    votes: list[tuple[Hashable, bool] | None] = []
    strict_flags: list[bool] = []
    group_ids: list[Any] | None = samples
    if group_ids is None and all(r.instance_id is not None for r in refs):
        group_ids = [r.instance_id for r in refs]

    for pred, ref in zip(preds, refs, strict=True):
        schema = ref.schema
        value, source = extract(pred)
        parsed = strict = lenient = False
        if source is not None:
            value, parsed = coerce(value, schema, source)
            if parsed:
                strict, lenient = compare(value, ref.answer, schema, ref.tolerance)
        if schema.kind == "array" and schema.unique:
            f1_sum += set_f1(value if parsed else None, ref.answer)
            f1_count += 1
        if group_ids is not None:
            strict_flags.append(strict)
            if parsed:
                try:
                    vote_key = freeze(sorted(value, key=repr) if schema.unique else value)
                    hash(vote_key)
                except TypeError:
                    vote_key = repr(value)
                votes.append((vote_key, strict))
            else:
                votes.append(None)
        tallies = [overall]
        if ref.level is not None:
            tallies.append(by_level.setdefault(str(ref.level), _Tally()))
        if ref.category is not None:
            tallies.append(by_category.setdefault(ref.category, _Tally()))
        if ref.n is not None:
            tallies.append(by_n.setdefault(str(ref.n), _Tally()))
        if ref.density is not None:
            tallies.append(by_density.setdefault(density_bucket(ref.density), _Tally()))
        for tally in tallies:
            tally.n += 1
            tally.parsed += parsed
            tally.strict += strict
            tally.lenient += lenient

    report: dict[str, Any] = {
        "accuracy_strict": overall.strict / total,
        "accuracy_lenient": overall.lenient / total,
        "parse_rate": overall.parsed / total,
        "n_predictions": total,
        "n_parsed": overall.parsed,
        "n_parse_failures": total - overall.parsed,
        "n_correct_strict": overall.strict,
        "n_correct_lenient": overall.lenient,
        "set_f1": f1_sum / f1_count if f1_count else None,
        "n_set_answers": f1_count,
        "by_level": {k: by_level[k].as_dict() for k in sorted(by_level, key=int)},
        "by_category": {k: by_category[k].as_dict() for k in sorted(by_category)},
        "by_n": {k: by_n[k].as_dict() for k in sorted(by_n, key=int)},
        "by_density": {
            k: by_density[k].as_dict() for k in sorted(by_density, key=_bucket_sort_key)
        },
    }
    if tokens is not None:
        report["total_tokens"] = int(total_tokens) if total_tokens.is_integer() else total_tokens
        report["tokens_per_correct"] = total_tokens / overall.strict if overall.strict else None
    if group_ids is not None:
        report.update(
            _sampling(group_ids, refs, strict_flags, votes, k_values, samples is not None)
        )
    return report


def _sampling(
    ids: list[Any],
    refs: list[Reference],
    strict_flags: list[bool],
    votes: list[tuple[Hashable, bool] | None],
    k_values: Iterable[int] | None,
    explicit: bool,
) -> dict[str, Any]:
    """pass@k and cons@k over instances; empty when no instance has two samples (and the
    grouping came from record ids rather than explicit ``sample_ids``)."""
    groups: dict[Any, list[int]] = {}
    for i, sid in enumerate(ids):
        try:
            groups.setdefault(sid, []).append(i)
        except TypeError:
            raise ValueError(f"sample_ids[{i}] must be hashable, got {sid!r}") from None
    for sid, members in groups.items():
        first = refs[members[0]]
        for i in members[1:]:
            if refs[i].answer != first.answer or refs[i].schema is not first.schema:
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
    out: dict[str, Any] = {"n_instances": len(groups), "samples_per_instance_min": smallest}
    for k in sorted(ks):
        passes = cons = 0.0
        for members in groups.values():
            correct = sum(strict_flags[i] for i in members)
            passes += pass_at_k(len(members), correct, k)
            cons += consensus_correct([votes[i] for i in members[:k]])
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
    for key in sorted(k for k in report if k.startswith(("pass@", "cons@"))):
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
