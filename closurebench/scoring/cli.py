"""``closurebench score``: the scoring command.

``closurebench.cli`` wires them in through ``add_parsers``; handlers return the exit status,
and bad input (unreadable files, malformed lines, unknown ids) prints one ``error: ...`` line
and exits 2, without a traceback. ``python -m closurebench.scoring.cli`` runs it standalone.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from closurebench.scoring.safejson import iter_jsonl, iter_lines, loads

__all__ = ["add_parsers", "load_predictions", "main", "score_command"]


class _InputError(ValueError):
    """Bad command-line input; reported as one line."""


def add_parsers(subparsers: Any) -> None:
    """Add ``score`` to an argparse subparsers object (its handler in ``func``)."""
    from closurebench.generation.cli import add_config_argument
    from closurebench.generation.release import SPLITS

    s = subparsers.add_parser(
        "score",
        help="score raw model outputs (JSONL) against ClosureBench records",
        description=(
            "Score PREDICTIONS.jsonl, one line per sample: "
            '{"id": ..., "output": "raw text", "completion_tokens": 123, "sample": 0, '
            '"finish_reason": "stop"}; the last three are optional ("length" means the output '
            "was cut off: no answer). References are records matched by id. An lm-eval "
            "sample log (samples_*.jsonl from --log_samples) or an inspect-ai log (.eval) "
            "is read directly, with the references it logged."
        ),
    )
    s.add_argument("predictions", help="predictions JSONL file ('-' for stdin), an lm-eval "
                   "samples_*.jsonl, or an inspect .eval log")
    s.add_argument("--references", help="dataset records: FILE.jsonl or FILE.parquet")
    add_config_argument(s, required=False,
                        help="regenerate the references instead: all, l1, l2, l3 or a category")
    s.add_argument("--split", choices=SPLITS, default=None,
                   help="regenerate a split's references, as `run --split` asks them: the "
                   "released split under the default axes (CONFIG defaults to all); --seed "
                   "and the axes flags give that split of another config")
    s.add_argument("--seed", type=int, default=0, help="structural seed with --config")
    s.add_argument("--surface-seed", type=int, default=None, help="surface seed with --config")
    s.add_argument("--n-min", type=int, default=4, help="with --config (default 4)")
    s.add_argument("--n-max", type=int, default=10, help="with --config (default 10)")
    s.add_argument("--density-min", type=float, default=0.1, help="with --config (default 0.1)")
    s.add_argument("--density-max", type=float, default=0.5, help="with --config (default 0.5)")
    s.add_argument("--per-category", type=int, default=50, help="with --config (default 50)")
    s.add_argument("--encoding", default="nl", help="with --config (default nl)")
    s.add_argument("--unparsed-votes", action="store_true",
                   help="also report cons_all@k, cons@k by GrAlgoBench's rule: every sample "
                   "votes, one without a parsed answer for 'no answer' (cons@k lets only "
                   "parsed answers vote)")
    s.add_argument("--json-out", help="also write the full report as JSON to this file")
    s.add_argument("--force", action="store_true", help="overwrite an existing --json-out file")
    s.set_defaults(func=score_command)


def _guarded(handler: Any, args: argparse.Namespace) -> int:
    try:
        return int(handler(args) or 0)
    except RecursionError:
        print("error: input nested too deeply", file=sys.stderr)
        return 2
    except ImportError as exc:
        from closurebench.errors import install_hint

        print(f"error: {install_hint(exc) or exc}", file=sys.stderr)
        return 2
    except (ValueError, OSError) as exc:
        from closurebench.errors import ConfigError, as_flags

        text = as_flags(str(exc)) if isinstance(exc, ConfigError) else str(exc)
        lines = text.strip().splitlines() or [type(exc).__name__]
        print(f"error: {lines[0]}", file=sys.stderr)  # one line, never a traceback
        return 2


def _lines(path: str) -> Iterator[tuple[int, str]]:
    if path == "-":
        yield from iter_lines(sys.stdin, "stdin")
        return
    if not Path(path).is_file():
        raise _InputError(f"predictions file not found: {path}")
    with open(path, encoding="utf-8", errors="surrogateescape") as fh:
        yield from iter_lines(fh, path)


def load_predictions(path: str) -> list[dict[str, Any]]:
    """Prediction lines, validated, sorted by sample number within each id (stable)."""
    rows: list[dict[str, Any]] = []
    for lineno, line in _lines(path):
        if not line.strip():
            continue
        where = f"{path} line {lineno}"
        row = loads(line, where)
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


def _references(args: argparse.Namespace, ids: list[str]) -> dict[str, dict[str, Any]]:
    """References by id: the ``--references`` file's, or the config's records that ``ids``
    name, each regenerated on its own (``instance``), not the whole config."""
    if args.references:
        path = args.references
        if not Path(path).is_file():
            raise _InputError(f"references file not found: {path}")
        records = _read_records(path)
    else:
        from closurebench.generation.instances import instance

        cfg = _config(args, args.split)
        wanted = {cfg.index(rid) for rid in ids} - {None}
        records = (instance(cfg, k) for k in sorted(wanted))
    by_id: dict[str, dict[str, Any]] = {}
    for index, rec in enumerate(records):
        if not isinstance(rec, dict) or "id" not in rec:
            raise _InputError(f"reference {index}: not a record with an 'id'")
        rid = str(rec["id"])
        if rid in by_id:
            raise _InputError(f"reference {index}: duplicate id {rid!r}")
        by_id[rid] = rec
    return by_id


def _config(args: argparse.Namespace, split: str | None) -> Any:
    """The config the references are regenerated from: ``split``'s (seeds derived from
    ``--seed`` as ``run --split`` derives them), or ``--seed`` as given."""
    from closurebench.generation.config import Config
    from closurebench.generation.release import split_config

    axes = {"n_min": args.n_min, "n_max": args.n_max, "per_category": args.per_category,
            "density": (args.density_min, args.density_max), "encoding": args.encoding,
            "seed": args.seed, "surface_seed": args.surface_seed}
    if split is not None:
        return split_config(split, args.config, **axes)
    return Config.make(args.config, **axes)


def _split_hint(args: argparse.Namespace, rid: str) -> str:
    """`` (... pass --split S)`` when ``rid`` is an id of split S of the same config."""
    from closurebench.generation.release import SPLITS

    if args.references or not args.config:
        return ""
    digest = rid.rsplit("-", 1)[-1]
    for split in SPLITS:
        if split != args.split and _config(args, split).digest == digest:
            return f"; it is an id of the {split} split: pass --split {split}"
    return ""


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
    for _, rec in iter_jsonl(path, objects=False):
        yield rec


def _score(args: argparse.Namespace) -> int:
    from closurebench.scoring import format_report, score
    from closurebench.scoring.harness_logs import read_harness_log

    if args.json_out:
        _check_json_out(args.json_out, args.force)
    harness = read_harness_log(args.predictions)  # lm-eval samples / inspect log, or None
    rows = harness.rows if harness else load_predictions(args.predictions)
    if args.split and args.references:
        raise _InputError("--split regenerates the references: give it or --references FILE, "
                          "not both")
    if args.split and not args.config:
        args.config = "all"
    if args.references and args.config:
        raise _InputError("give --references FILE or CONFIG, not both")
    if args.references or args.config:
        refs_by_id = _references(args, [str(r["id"]) for r in rows])
    elif harness:
        refs_by_id = harness.references  # the references the harness logged with each sample
    else:
        raise _InputError("give --references FILE or a CONFIG to regenerate them (only "
                          "harness logs carry their references)")
    references = []
    for row in rows:
        rec = refs_by_id.get(str(row["id"]))
        if rec is None:
            raise _InputError(
                f"{args.predictions} line {row['_line']}: no reference record with id "
                f"{row['id']!r}{_split_hint(args, str(row['id']))}"
            )
        references.append(rec)
    has_tokens = any(r.get("completion_tokens") is not None for r in rows)
    if has_tokens and any(r.get("completion_tokens") is None for r in rows):
        # e.g. a run's refused requests: no usage. `closurebench report` then leaves cost out
        # too, so a re-score agrees with the run's own report.
        missing = next(r for r in rows if r.get("completion_tokens") is None)
        print(f"note: {args.predictions} line {missing['_line']} has no 'completion_tokens'; "
              "token costs are left out (give them on every line or on none)", file=sys.stderr)
        has_tokens = False
    try:
        report = score(
            predictions=[r["output"] for r in rows],
            references=references,
            token_counts=[r["completion_tokens"] for r in rows] if has_tokens else None,
            sample_ids=[str(r["id"]) for r in rows],
            finish_reasons=[r.get("finish_reason") for r in rows],  # "length": cut off
            unparsed_votes=bool(getattr(args, "unparsed_votes", False)),
        )
    except ValueError as exc:
        raise _InputError(str(exc)) from None
    print(format_report(report))
    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as fh:
            json.dump(report, fh, indent=2)
            fh.write("\n")
    return 0


def _check_json_out(path: str, force: bool, flag: str = "--json-out") -> None:
    """Refuse to write over a user's file (unless ``--force``) or into what is no folder."""
    p = Path(path)
    if p.is_dir():
        raise _InputError(f"{flag} {path} is a directory; give a file name")
    if p.is_file() and not force:  # a device or a pipe (/dev/stdout) is no user's file
        raise _InputError(f"{flag} {path} already exists; pass --force to overwrite it")
    if not p.parent.is_dir():
        raise _InputError(f"{flag} {path}: {p.parent} is not a directory")


def score_command(args: argparse.Namespace) -> int:
    """Handler of ``closurebench score``."""
    return _guarded(_score, args)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the scoring command on its own (``python -m closurebench.scoring.cli``)."""
    from closurebench.generation.cli import resolve_config

    parser = argparse.ArgumentParser(prog="closurebench")
    add_parsers(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    resolve_config(parser, args)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
