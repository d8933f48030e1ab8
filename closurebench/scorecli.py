"""``closurebench score`` and ``closurebench card``: the scoring commands.

``closurebench.cli`` wires them in through ``add_parsers``; handlers return the exit status,
and bad input (unreadable files, malformed lines, unknown ids) prints one ``error: ...`` line
and exits 2, without a traceback. ``python -m closurebench.scorecli`` runs them standalone.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

__all__ = ["add_parsers", "card_command", "load_predictions", "main", "score_command"]


class _InputError(ValueError):
    """Bad command-line input; reported as one line."""


def add_parsers(subparsers: Any) -> None:
    """Add ``score`` and ``card`` to an argparse subparsers object (handlers in ``func``)."""
    s = subparsers.add_parser(
        "score",
        help="score raw model outputs (JSONL) against ClosureBench records",
        description=(
            "Score PREDICTIONS.jsonl, one line per sample: "
            '{"id": ..., "output": "raw text", "completion_tokens": 123, "sample": 0, '
            '"finish_reason": "stop"}; the last three are optional ("length" means the output '
            "was cut off: no answer). References are records matched by id."
        ),
    )
    s.add_argument("predictions", help="predictions JSONL file ('-' for stdin)")
    src = s.add_mutually_exclusive_group(required=True)
    src.add_argument("--references", help="dataset records: FILE.jsonl or FILE.parquet")
    src.add_argument("--config", help="regenerate references: all, l1, l2, l3 or a category")
    s.add_argument("--seed", type=int, default=0, help="structural seed with --config")
    s.add_argument("--surface-seed", type=int, default=None, help="surface seed with --config")
    s.add_argument("--n-min", type=int, default=4, help="with --config (default 4)")
    s.add_argument("--n-max", type=int, default=10, help="with --config (default 10)")
    s.add_argument("--density-min", type=float, default=0.1, help="with --config (default 0.1)")
    s.add_argument("--density-max", type=float, default=0.5, help="with --config (default 0.5)")
    s.add_argument("--per-category", type=int, default=50, help="with --config (default 50)")
    s.add_argument("--encoding", default="nl", help="with --config (default nl)")
    s.add_argument("--json-out", help="also write the full report as JSON to this file")
    s.set_defaults(func=score_command)

    c = subparsers.add_parser(
        "card",
        help="render model-index metadata (a model card) from a score report",
    )
    c.add_argument("report", help="REPORT.json written by `closurebench score --json-out`")
    c.add_argument("--model-name", required=True, help="the model's name (or hub id)")
    c.add_argument("--dataset-name", default="ClosureBench", help="pretty dataset name")
    c.add_argument("--dataset-id", default="closurebench/closurebench", help="dataset hub id")
    c.add_argument("--dataset-config", default=None, help="dataset config name, if any")
    c.add_argument("--dataset-split", default="held_out", help="split scored (default held_out)")
    c.add_argument("--out", help="write the card here (default: stdout)")
    c.set_defaults(func=card_command)


def _guarded(handler: Any, args: argparse.Namespace) -> int:
    try:
        return int(handler(args) or 0)
    except (ValueError, OSError, ImportError) as exc:
        lines = str(exc).strip().splitlines() or [type(exc).__name__]
        print(f"error: {lines[0]}", file=sys.stderr)  # one line, never a traceback
        return 2


def _lines(path: str) -> Iterator[tuple[int, str]]:
    if path == "-":
        yield from enumerate(sys.stdin, 1)
        return
    if not Path(path).is_file():
        raise _InputError(f"predictions file not found: {path}")
    with open(path, encoding="utf-8", errors="surrogateescape") as fh:
        yield from enumerate(fh, 1)


def load_predictions(path: str) -> list[dict[str, Any]]:
    """Prediction lines, validated, sorted by sample number within each id (stable)."""
    rows: list[dict[str, Any]] = []
    for lineno, line in _lines(path):
        if not line.strip():
            continue
        where = f"{path} line {lineno}"
        try:
            row = json.loads(line)
        except ValueError as exc:
            raise _InputError(f"{where}: not valid JSON ({exc})") from None
        if not isinstance(row, dict):
            raise _InputError(f"{where}: expected a JSON object")
        if "id" not in row:
            raise _InputError(f"{where}: missing 'id'")
        if not isinstance(row.get("output"), str):
            raise _InputError(f"{where}: 'output' must be a string")
        tokens = row.get("completion_tokens")
        if tokens is not None and (
            isinstance(tokens, bool)
            or not isinstance(tokens, (int, float))
            or not math.isfinite(tokens)
            or tokens < 0
        ):
            raise _InputError(f"{where}: 'completion_tokens' must be a non-negative number")
        sample = row.get("sample")
        if sample is not None and (isinstance(sample, bool) or not isinstance(sample, int)):
            raise _InputError(f"{where}: 'sample' must be an integer")
        row["_line"] = lineno
        rows.append(row)
    if not rows:
        raise _InputError(f"{path}: no predictions")
    first_seen: dict[str, int] = {}
    for i, row in enumerate(rows):
        first_seen.setdefault(str(row["id"]), i)
    rows.sort(key=lambda r: (first_seen[str(r["id"])], r.get("sample") or 0))
    return rows


def _references(args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    if args.references:
        path = args.references
        if not Path(path).is_file():
            raise _InputError(f"references file not found: {path}")
        records = _read_records(path)
    else:
        from closurebench import generate

        records = generate(
            args.config,
            n_min=args.n_min,
            n_max=args.n_max,
            density=(args.density_min, args.density_max),
            seed=args.seed,
            surface_seed=args.surface_seed,
            per_category=args.per_category,
            encoding=args.encoding,
        )
    by_id: dict[str, dict[str, Any]] = {}
    for index, rec in enumerate(records):
        if not isinstance(rec, dict) or "id" not in rec:
            raise _InputError(f"reference {index}: not a record with an 'id'")
        rid = str(rec["id"])
        if rid in by_id:
            raise _InputError(f"reference {index}: duplicate id {rid!r}")
        by_id[rid] = rec
    return by_id


def _read_records(path: str) -> Iterator[dict[str, Any]]:
    if path.endswith(".parquet"):
        try:
            import pyarrow.parquet as pq
        except ImportError:
            raise ImportError(
                "reading Parquet needs pyarrow: pip install 'closurebench[hf]'"
            ) from None
        try:
            yield from pq.read_table(path).to_pylist()
        except Exception as exc:  # pyarrow raises its own error types for corrupt files
            raise _InputError(f"{path}: cannot read Parquet ({exc})") from None
        return
    with open(path, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if line.strip():
                try:
                    yield json.loads(line)
                except ValueError as exc:
                    raise _InputError(f"{path} line {lineno}: not valid JSON ({exc})") from None


def _score(args: argparse.Namespace) -> int:
    from closurebench.scoring import format_report, score

    rows = load_predictions(args.predictions)
    refs_by_id = _references(args)
    references = []
    for row in rows:
        rec = refs_by_id.get(str(row["id"]))
        if rec is None:
            raise _InputError(
                f"{args.predictions} line {row['_line']}: no reference record with id {row['id']!r}"
            )
        references.append(rec)
    has_tokens = any(r.get("completion_tokens") is not None for r in rows)
    if has_tokens and any(r.get("completion_tokens") is None for r in rows):
        missing = next(r for r in rows if r.get("completion_tokens") is None)
        raise _InputError(
            f"{args.predictions} line {missing['_line']}: 'completion_tokens' is missing "
            "(give it on every line or on none)"
        )
    try:
        report = score(
            predictions=[r["output"] for r in rows],
            references=references,
            token_counts=[r["completion_tokens"] for r in rows] if has_tokens else None,
            sample_ids=[str(r["id"]) for r in rows],
            finish_reasons=[r.get("finish_reason") for r in rows],  # "length": cut off
        )
    except ValueError as exc:
        raise _InputError(str(exc)) from None
    print(format_report(report))
    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as fh:
            json.dump(report, fh, indent=2)
            fh.write("\n")
    return 0


def score_command(args: argparse.Namespace) -> int:
    """Handler of ``closurebench score``."""
    return _guarded(_score, args)


def _eval_results(report: dict[str, Any], args: argparse.Namespace) -> list[Any]:
    from huggingface_hub import EvalResult

    common = {
        "task_type": "text-generation",
        "task_name": "Compositional graph reasoning",
        "dataset_type": args.dataset_id,
        "dataset_name": args.dataset_name,
        "dataset_config": args.dataset_config,
        "dataset_split": args.dataset_split,
    }
    scopes: list[tuple[str, dict[str, Any]]] = [("", report)]
    by_level = report.get("by_level") or {}
    if not isinstance(by_level, dict):
        raise _InputError("report: 'by_level' must be an object")
    scopes += [(f" (level {lv})", row) for lv, row in by_level.items()]
    results = []
    for suffix, row in scopes:
        for metric, pretty in (("accuracy_lenient", "Lenient"), ("accuracy_strict", "Strict")):
            value = row.get(metric) if isinstance(row, dict) else None
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise _InputError(f"report: missing number {metric!r}{suffix}")
            results.append(
                EvalResult(
                    **common,
                    metric_type="accuracy",
                    metric_name=f"{pretty} accuracy{suffix}",
                    metric_config=metric,
                    metric_value=round(float(value), 4),
                )
            )
    return results


def _card(args: argparse.Namespace) -> int:
    from huggingface_hub import ModelCard, ModelCardData

    try:
        with open(args.report, encoding="utf-8") as fh:
            report = json.load(fh)
    except FileNotFoundError:
        raise _InputError(f"report not found: {args.report}") from None
    except ValueError as exc:
        raise _InputError(f"{args.report}: not valid JSON ({exc})") from None
    if not isinstance(report, dict):
        raise _InputError(f"{args.report}: expected a JSON object")
    data = ModelCardData(
        model_name=args.model_name,
        eval_results=_eval_results(report, args),
        datasets=[args.dataset_id],
        metrics=["accuracy"],
    )
    lines = [
        "---",
        data.to_yaml(),
        "---",
        "",
        f"# {args.model_name} on {args.dataset_name}",
        "",
        f"Scored with `closurebench score` on {report.get('n_predictions', '?')} predictions "
        f"(split `{args.dataset_split}`). Strict accuracy is the headline; lenient accuracy "
        "also accepts ±1 on count answers and ± one element on set answers.",
        "",
        "| scope | strict | lenient | parse rate |",
        "| --- | --- | --- | --- |",
    ]
    rows = [("overall", report)] + [
        (f"level {k}", v) for k, v in (report.get("by_level") or {}).items()
    ]
    for name, row in rows:
        cells = [
            f"{100 * row[m]:.2f}%" if isinstance(row.get(m), (int, float)) else "—"
            for m in ("accuracy_strict", "accuracy_lenient", "parse_rate")
        ]
        lines.append(f"| {name} | {' | '.join(cells)} |")
    card = ModelCard("\n".join(lines) + "\n")
    text = str(card)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def card_command(args: argparse.Namespace) -> int:
    """Handler of ``closurebench card``."""
    return _guarded(_card, args)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the scoring commands on their own (``python -m closurebench.scorecli``)."""
    parser = argparse.ArgumentParser(prog="closurebench")
    add_parsers(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
