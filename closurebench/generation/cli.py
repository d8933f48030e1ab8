"""``closurebench generate`` and ``closurebench categories``, and the config flags every
command that generates instances shares (``add_config_arguments``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import Any

__all__ = [
    "CONFIG_HELP", "add_config_argument", "add_config_arguments", "add_parsers", "config_kwargs",
    "resolve_config",
]


def _shard(text: str) -> tuple[int, int]:
    try:
        i, n = (int(p) for p in text.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"--shard must look like I/N, got {text!r}") from None
    if not (n >= 1 and 0 <= i < n):
        raise argparse.ArgumentTypeError(f"--shard I/N needs 0 <= I < N, got {text!r}")
    return i, n


#: What ``CONFIG`` may be, in every command's help.
CONFIG_HELP = ("all, l1, l2, l3 or a category id; gralgo, gralgo-<paradigm> or a GrAlgoBench "
               "task id")


def add_config_argument(p: argparse.ArgumentParser, *, default: str | None = None,
                        required: bool = True, help: str = CONFIG_HELP) -> None:
    """The config, spelled one way in every command: the positional ``CONFIG``.

    ``--config CONFIG`` is accepted as an alias (``run`` and ``score`` took it so before
    0.3); the command line's parser merges the two (``resolve_config``). ``default`` fills an
    unset config; without one, a ``required`` config that is missing is a usage error.
    """
    p.add_argument("config", nargs="?", default=None, metavar="CONFIG", help=help)
    p.add_argument("--config", dest="config_alias", default=None, metavar="CONFIG",
                   help="the same as CONFIG")
    p.set_defaults(config_default=default, config_required=required)


def resolve_config(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Merge ``CONFIG`` and ``--config`` into ``args.config`` (a usage error if they differ,
    or if a required config is missing)."""
    if not hasattr(args, "config_alias"):
        return
    pos, alias = args.config, args.config_alias
    if pos is not None and alias is not None and pos != alias:
        parser.error(f"CONFIG given twice: {pos!r} and --config {alias!r}")
    args.config = pos if pos is not None else alias if alias is not None else args.config_default
    if args.config is None and args.config_required:
        parser.error("the following arguments are required: CONFIG")
    for name in ("config_alias", "config_default", "config_required"):
        delattr(args, name)


def add_config_arguments(p: argparse.ArgumentParser) -> None:
    """The generation config flags, shared by every command that generates instances."""
    add_config_argument(p)
    p.add_argument("--n-min", type=int, default=None, help="smallest graph (2..2000, default 4)")
    p.add_argument("--n-max", type=int, default=None,
                   help="largest graph (n-min..2000, default 10)")
    p.add_argument("--preset", default=None,
                   help="a named size sweep (paper-size-sweep, gralgo-s1 .. gralgo-s6, "
                        "gralgo-length, gralgo-length-directed); --n-min/--n-max override "
                        "its sizes, --density-min/--density-max its density; gralgo-s1 .. "
                        "gralgo-s6 set GrAlgoBench's mean degree instead, for every config, "
                        "and refuse a density flag")
    p.add_argument("--mean-degree", type=float, default=None,
                   help="hold the mean degree at every n instead of a density range (the "
                        "gralgo-s1 .. gralgo-s6 presets set GrAlgoBench's; exclusive with "
                        "--density-min/--density-max)")
    p.add_argument("--density-min", type=float, default=None, help="in (0, 1], default 0.1")
    p.add_argument("--density-max", type=float, default=None, help="in (0, 1], default 0.5")
    p.add_argument("--seed", type=int, default=0, help="structural seed (default 0)")
    p.add_argument("--surface-seed", type=int, default=None, help="surface seed (default: seed)")
    p.add_argument("--per-category", type=int, default=50, help="instances per category")
    p.add_argument("--categories", default=None, help="comma-separated subset of the config")
    p.add_argument("--encoding", default="nl",
                   help="nl, json, adjacency, adjacency_list, markdown or numeric")
    p.add_argument("--hops-min", type=int, default=1,
                   help="least hop depth of closure-category answers (default 1)")
    p.add_argument("--hops-max", type=int, default=None,
                   help="largest hop depth of closure-category answers (default: what n allows)")
    p.add_argument("--half", type=int, default=None, choices=(0, 1),
                   help="keep one structural half (0: the train split's, 1: held_out's), so "
                   "a config holds no relabelled twin of the other half's instances")
    p.add_argument("--verbosity", type=int, default=0,
                   help="words per node name (0: the usual labels; same graphs and answers at "
                        "every verbosity)")
    p.add_argument("--labels", default=None, choices=("airports", "cities", "lesmis"),
                   help="name nodes from a real-name pool (airports and cities need "
                        "closurebench[real])")
    p.add_argument("--source", default="synthetic", choices=("synthetic", "real"),
                   help="real: sample each graph from a NetworkX real network (undirected "
                        "categories, n <= 77)")


def config_kwargs(args: argparse.Namespace) -> dict[str, Any]:
    """``generate`` keyword arguments from the shared flags (a preset fills unset sizes).

    A mean degree (``--mean-degree``, or a ``gralgo-s*`` preset's) replaces the density axis,
    for every config; ``--density-min``/``--density-max`` given with one is a ``ConfigError``
    naming both, so neither silently wins.
    """
    from closurebench.errors import ConfigError
    from closurebench.generation.presets import preset

    name = getattr(args, "preset", None)
    sizes = preset(name) if name else {}
    n_min = args.n_min if args.n_min is not None else sizes.get("n_min", 4)
    n_max = args.n_max if args.n_max is not None else sizes.get("n_max", 10)
    flag_degree = getattr(args, "mean_degree", None)
    degree = flag_degree if flag_degree is not None else sizes.get("mean_degree")
    given = [f"--{f.replace('_', '-')} {v}" for f in ("density_min", "density_max")
             if (v := getattr(args, f)) is not None]
    if degree is not None and given:
        by = f"--mean-degree {flag_degree}" if flag_degree is not None else f"--preset {name}"
        hint = "" if flag_degree is not None else (
            "; for the preset's sizes at a density range, give --n-min/--n-max instead")
        raise ConfigError(
            f"{' '.join(given)} and {by} both set the density axis ({by} holds the mean degree "
            f"at {degree} for every config, so each instance's ρ is {degree} / (n - 1)): give "
            f"only one{hint}")
    axis: dict[str, Any] = {"mean_degree": degree}
    if degree is None:
        lo, hi = _pair(sizes.get("density", (0.1, 0.5)))
        axis = {"density": (lo if args.density_min is None else args.density_min,
                            hi if args.density_max is None else args.density_max)}
    return {
        "n_min": n_min, "n_max": n_max, **axis, "seed": args.seed,
        "surface_seed": args.surface_seed, "per_category": args.per_category,
        "categories": args.categories.split(",") if args.categories else None,
        "encoding": args.encoding,
        "hops_min": args.hops_min, "hops_max": args.hops_max, "half": args.half,
        "verbosity": args.verbosity, "labels": args.labels, "source": args.source,
    }


def _pair(density: Any) -> tuple[float, float]:
    return (density, density) if isinstance(density, (int, float)) else tuple(density)


def _records(args: argparse.Namespace) -> Iterator[dict[str, Any]]:
    from closurebench.generation.config import Config
    from closurebench.generation.parallel import generate_parallel, shard_range

    kw = config_kwargs(args)
    if getattr(args, "tokens", None) is not None:
        args.verbosity = kw["verbosity"] = _verbosity_for(args, kw)
    cfg = Config.make(args.config, **kw)
    start, stop = shard_range(cfg.size, *args.shard) if args.shard else (0, cfg.size)
    return generate_parallel(cfg, start, stop, workers=args.workers,
                             cross_check=not args.no_cross_check)


def _generate(args: argparse.Namespace) -> int:
    from closurebench.errors import ConfigError
    from closurebench.generation.io import check_out, write_records

    out = args.out or "-"
    check_out(out, force=args.force)
    records = _records(args)
    if out != "-" and not args.no_progress:
        records = _progress(records, total=_size(args), desc=f"generate {out}")
    try:
        count = write_records(records, out)
    except OSError as exc:
        if out == "-":
            raise
        raise ConfigError(f"--out {out}: cannot write ({exc.strerror or exc})") from None
    if out != "-":
        print(f"wrote {count} records to {out}", file=sys.stderr)
    return 0


def _verbosity_for(args: argparse.Namespace, kw: dict[str, Any]) -> int:
    """``--tokens T``: the verbosity whose questions (the first ten) average closest to T."""
    from closurebench.errors import ConfigError
    from closurebench.generation.instances import generate
    from closurebench.generation.length import pick_verbosity
    from closurebench.generation.tokens import counter

    if args.verbosity:
        raise ConfigError(f"--tokens and --verbosity are exclusive, got --verbosity "
                          f"{args.verbosity}")
    if args.tokens < 1:
        raise ConfigError(f"--tokens must be a positive token count, got {args.tokens}")
    count, name = counter()

    def questions(v: int) -> list[str]:
        return [r["question"] for r in generate(
            args.config, **{**kw, "verbosity": v}, cross_check=False, stop=10)]

    v, tokens = pick_verbosity(questions, args.tokens, count=count)
    print(f"--tokens {args.tokens}: verbosity {v} (first {len(tokens)} questions average "
          f"{sum(tokens) / len(tokens):,.0f} tokens by {name})", file=sys.stderr)
    return v


def _size(args: argparse.Namespace) -> int:
    from closurebench.generation.config import Config
    from closurebench.generation.parallel import shard_range

    size = Config.make(args.config, **config_kwargs(args)).size
    if args.shard:
        start, stop = shard_range(size, *args.shard)
        return stop - start
    return size


def _progress(items: Iterator[Any], total: int, desc: str) -> Iterator[Any]:
    """A tqdm bar on stderr (tqdm comes with ``[run]``); without tqdm, the items as they are."""
    try:
        from tqdm import tqdm
    except ImportError:
        return items
    return iter(tqdm(items, total=total, desc=desc, unit="record", file=sys.stderr,
                     dynamic_ncols=True, leave=False))


def _categories(args: argparse.Namespace) -> int:
    from closurebench.categories import CATEGORIES

    rows = [("id", "level", "answer", "tolerance", "min n", "generated n", "primitives")]
    rows += [(c.id, f"L{c.level}", c.answer, c.tolerance, str(c.min_n), f"{c.n_floor}+",
              " → ".join(c.primitives))
             for c in CATEGORIES.values()]
    if args.json:
        print(json.dumps([dict(zip(rows[0], r)) for r in rows[1:]], indent=2))
        return 0
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
    return 0


def add_parsers(sub: Any) -> None:
    """Add ``generate`` and ``categories`` to the command line's subparsers."""
    g = sub.add_parser("generate", help="generate instances as JSONL (stdout) or Parquet")
    add_config_arguments(g)
    g.add_argument("--out", default=None, help="FILE.jsonl or FILE.parquet (default: stdout)")
    g.add_argument("--workers", type=int, default=1, help="processes (output is identical)")
    g.add_argument("--shard", type=_shard, default=None, help="I/N: only the I-th of N slices")
    g.add_argument("--no-cross-check", action="store_true",
                   help="skip the NetworkX twin (faster; the tensor engine still answers)")
    g.add_argument("--force", action="store_true", help="overwrite an existing --out file")
    g.add_argument("--tokens", type=int, default=None,
                   help="pick the verbosity whose questions average about this many tokens "
                        "(o200k_base with closurebench[real], else estimated as chars/3.45)")
    g.add_argument("--no-progress", action="store_true",
                   help="no progress bar on stderr when writing a file")
    g.set_defaults(func=_generate)

    c = sub.add_parser("categories", help="print the category taxonomy")
    c.add_argument("--json", action="store_true", help="as JSON")
    c.set_defaults(func=_categories)

