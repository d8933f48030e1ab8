"""``score``: raw model outputs plus references in, one JSON-serialisable report out.

Each output is judged (``judge``) against its resolved reference (``references``); the report
tallies strict, lenient, parse and format rates overall and by level, category, n and density,
with pass@k and cons@k when instances have several samples (and, on request, ``cons_all@k``:
cons@k by GrAlgoBench's rule, under which unparsed answers vote too).
"""

from __future__ import annotations

import gc
import math
import operator
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from closurebench.scoring.judge import Judge, Verdict, judge_output
from closurebench.scoring.parse import freeze, set_f1
from closurebench.scoring.references import Meta, _optional_list, _prepare
from closurebench.scoring.stats import consensus_correct, pass_at_k

__all__ = ["format_report", "instance_outcomes", "judge_outputs", "parse_metric", "score",
           "verdicts"]




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


_TALLY = 6  # n, parsed, strict, lenient, lenient_paper, format_ok


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
    unparsed_votes: bool = False,
) -> dict[str, Any]:
    """Score raw model outputs against references; see the metric card for every rule.

    ``finish_reasons`` (as the runner records them) marks outputs cut off by the token cap
    (``"length"``): they have no answer. ``sample_ids`` groups several samples of one
    instance (in the given order) for ``pass@k`` and ``cons@k``; without it, records' ``id``
    fields group them. ``k_values`` defaults to 1, 2, 4, … up to the smallest sample count,
    plus that count. ``cons@k`` lets parsed answers alone vote (a sample without one abstains);
    ``unparsed_votes=True`` adds ``cons_all@k`` beside it, GrAlgoBench's rule: every sample
    votes, one without a parsed answer for "no answer" (never correct), so three unparsed
    samples and two right ones are wrong by ``cons_all@5`` and right by ``cons@5``. Bad inputs
    raise ``ValueError`` naming the index; bad model outputs (of any type) are scored wrong,
    never raised.
    """
    if not isinstance(unparsed_votes, bool):
        raise ValueError(f"unparsed_votes must be True or False, got {unparsed_votes!r}")
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
            _sampling(group_ids, cased, strict_flags, values, k_values, samples is not None,
                      unparsed_votes)
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
    unparsed_votes: bool = False,
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
        if k == 1:  # one vote: right exactly when the first sample is, by either rule
            cons = cons_all = sum(strict_flags[m[0]] for m in groups.values())
        else:
            ballots = [[vote(i) for i in m[:k]] for m in groups.values()]
            cons = sum(map(consensus_correct, ballots))
            cons_all = sum(consensus_correct(b, unparsed_votes=True) for b in ballots) if (
                unparsed_votes) else 0
        out[f"pass@{k}"] = passes / len(groups)
        out[f"cons@{k}"] = cons / len(groups)
        if unparsed_votes:
            out[f"cons_all@{k}"] = cons_all / len(groups)
    return out


def parse_metric(metric: str) -> tuple[str, int]:
    """``(kind, k)`` of a per-instance metric name: ``accuracy`` (the first sample, k = 1),
    ``pass@K``, ``cons@K`` or ``cons_all@K``; a ``ValueError`` names the valid spellings.

    >>> parse_metric("cons_all@4")
    ('cons_all', 4)
    """
    if metric == "accuracy":
        return "accuracy", 1
    kind, _, k = str(metric).partition("@")
    if kind in ("pass", "cons", "cons_all") and k.isdigit() and int(k) >= 1:
        return kind, int(k)
    raise ValueError(f"metric must be accuracy, pass@K, cons@K or cons_all@K (K >= 1), "
                     f"got {metric!r}")


def instance_outcomes(
    predictions: Sequence[Any],
    references: Sequence[str | Mapping[str, Any]],
    sample_ids: Sequence[Hashable],
    metric: str = "accuracy",
    finish_reasons: Sequence[str | None] | None = None,
) -> dict[Hashable, bool]:
    """Whether each instance is right by ``metric`` (:func:`parse_metric`), judged as
    :func:`score` judges; for paired tests between runs, which need one outcome per instance.

    Samples of an instance are taken in the given order: ``accuracy`` is its first sample's
    strict verdict; ``pass@K`` whether any of its first K is right (GrAlgoBench's pass@k; the
    report's unbiased pass@k equals its mean when K is the sample count); ``cons@K`` and
    ``cons_all@K`` the majority vote of the first K, as :func:`score` votes. An instance
    with fewer than K samples is left out.
    """
    kind, k = parse_metric(metric)
    ids = list(sample_ids)
    if len(ids) != len(predictions):
        raise ValueError(f"sample_ids ({len(ids)}) must match predictions ({len(predictions)})")
    _, cases, _, _, _ = _prepare(list(predictions), references, None, finish_reasons)
    judged = judge_outputs(predictions, references, None, finish_reasons)
    groups: dict[Hashable, list[int]] = {}
    for i, sid in enumerate(ids):
        groups.setdefault(sid, []).append(i)
    out: dict[Hashable, bool] = {}
    for sid, members in groups.items():
        if len(members) < k:
            continue
        first = members[:k]
        if kind in ("accuracy", "pass"):
            out[sid] = any(judged[i].strict for i in first)
            continue
        votes = [(_vote_key(judged[i].answer, cases[i].judge.is_set), judged[i].strict)
                 if judged[i].parsed else None for i in first]
        out[sid] = consensus_correct(votes, unparsed_votes=kind == "cons_all")
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
    sampled = [k for k in report if k.startswith(("pass@", "cons@", "cons_all@"))]
    for key in sorted(sampled, key=lambda k: (k.split("@")[0], int(k.split("@")[1]))):
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
