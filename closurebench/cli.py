"""The ``closurebench`` command line.

Each command's parser and handler live with the code they drive; this module only wires them.
Bad input prints one ``error: ...`` line and exits 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from importlib import import_module
from typing import Any

__all__ = ["main"]

#: Modules that add further commands with ``add_parsers(subparsers)``.
EXTENSIONS: tuple[str, ...] = (
    "closurebench.scorecli",
    "closurebench.hf.cli",
    "closurebench.run.cli",
    "closurebench.sft",
)


def _shard(text: str) -> tuple[int, int]:
    try:
        i, n = (int(p) for p in text.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"--shard must look like I/N, got {text!r}") from None
    if not (n >= 1 and 0 <= i < n):
        raise argparse.ArgumentTypeError(f"--shard I/N needs 0 <= I < N, got {text!r}")
    return i, n


def add_config_arguments(p: argparse.ArgumentParser) -> None:
    """The generation config flags, shared by every command that generates instances."""
    p.add_argument("config", help="all, l1, l2, l3 or a category id")
    p.add_argument("--n-min", type=int, default=None, help="smallest graph (2..2000, default 4)")
    p.add_argument("--n-max", type=int, default=None,
                   help="largest graph (n-min..2000, default 10)")
    p.add_argument("--preset", default=None,
                   help="a named size sweep (paper-size-sweep, gralgo-s1 .. gralgo-s6); "
                        "--n-min/--n-max override it")
    p.add_argument("--density-min", type=float, default=0.1, help="in (0, 1], default 0.1")
    p.add_argument("--density-max", type=float, default=0.5, help="in (0, 1], default 0.5")
    p.add_argument("--seed", type=int, default=0, help="structural seed (default 0)")
    p.add_argument("--surface-seed", type=int, default=None, help="surface seed (default: seed)")
    p.add_argument("--per-category", type=int, default=50, help="instances per category")
    p.add_argument("--categories", default=None, help="comma-separated subset of the config")
    p.add_argument("--encoding", default="nl",
                   help="nl, json, adjacency, adjacency_list, markdown or numeric")


def config_kwargs(args: argparse.Namespace) -> dict[str, Any]:
    """``generate`` keyword arguments from the shared flags (a preset fills unset sizes)."""
    from closurebench.presets import preset

    sizes = preset(args.preset) if getattr(args, "preset", None) else {}
    n_min = args.n_min if args.n_min is not None else sizes.get("n_min", 4)
    n_max = args.n_max if args.n_max is not None else sizes.get("n_max", 10)
    return {
        "n_min": n_min, "n_max": n_max,
        "density": (args.density_min, args.density_max), "seed": args.seed,
        "surface_seed": args.surface_seed, "per_category": args.per_category,
        "categories": args.categories.split(",") if args.categories else None,
        "encoding": args.encoding,
    }


def _records(args: argparse.Namespace) -> Iterator[dict[str, Any]]:
    from closurebench.config import Config
    from closurebench.parallel import generate_parallel, shard_range

    kw = config_kwargs(args)
    cfg = Config.make(args.config, **kw)
    start, stop = shard_range(cfg.size, *args.shard) if args.shard else (0, cfg.size)
    return generate_parallel(cfg, start, stop, workers=args.workers,
                             cross_check=not args.no_cross_check)


def _generate(args: argparse.Namespace) -> int:
    from closurebench.io import write_records

    out = args.out or "-"
    count = write_records(_records(args), out)
    if out != "-":
        print(f"wrote {count} records to {out}", file=sys.stderr)
    return 0


def _categories(args: argparse.Namespace) -> int:
    from closurebench.categories import CATEGORIES

    rows = [("id", "level", "answer", "tolerance", "min n", "primitives")]
    rows += [(c.id, f"L{c.level}", c.answer, c.tolerance, str(c.min_n), " → ".join(c.primitives))
             for c in CATEGORIES.values()]
    if args.json:
        print(json.dumps([dict(zip(rows[0], r)) for r in rows[1:]], indent=2))
        return 0
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="closurebench",
        description="ClosureBench: compositional graph-reasoning questions with computed answers.",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    g = sub.add_parser("generate", help="generate instances as JSONL (stdout) or Parquet")
    add_config_arguments(g)
    g.add_argument("--out", default=None, help="FILE.jsonl or FILE.parquet (default: stdout)")
    g.add_argument("--workers", type=int, default=1, help="processes (output is identical)")
    g.add_argument("--shard", type=_shard, default=None, help="I/N: only the I-th of N slices")
    g.add_argument("--no-cross-check", action="store_true",
                   help="skip the NetworkX twin (faster; the tensor engine still answers)")
    g.set_defaults(func=_generate)

    c = sub.add_parser("categories", help="print the category taxonomy")
    c.add_argument("--json", action="store_true", help="as JSON")
    c.set_defaults(func=_categories)

    for name in EXTENSIONS:
        import_module(name).add_parsers(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit status (2 for bad input)."""
    from closurebench.errors import ClosureBenchError

    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except (ClosureBenchError, ValueError, FileNotFoundError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `closurebench generate all | head`
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
