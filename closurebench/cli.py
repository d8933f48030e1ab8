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
from typing import Any, NoReturn

__all__ = ["main"]

#: Modules that add further commands with ``add_parsers(subparsers)``.
EXTENSIONS: tuple[str, ...] = (
    "closurebench.scorecli",
    "closurebench.auditcli",
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
    p.add_argument("--hops-min", type=int, default=1,
                   help="least hop depth of closure-category answers (default 1)")
    p.add_argument("--hops-max", type=int, default=None,
                   help="largest hop depth of closure-category answers (default: what n allows)")
    p.add_argument("--half", type=int, default=None, choices=(0, 1),
                   help="keep one structural half (0: the train split's, 1: held_out's), so "
                   "a config holds no relabelled twin of the other half's instances")


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
        "hops_min": args.hops_min, "hops_max": args.hops_max, "half": args.half,
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
    from closurebench.errors import ConfigError
    from closurebench.io import check_out, write_records

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


def _size(args: argparse.Namespace) -> int:
    from closurebench.config import Config
    from closurebench.parallel import shard_range

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


def build_parser() -> argparse.ArgumentParser:
    from closurebench import __version__

    maintainer: list[tuple[str, str]] = []
    parser = _Parser(
        prog="closurebench",
        description="ClosureBench: compositional graph-reasoning questions with computed answers.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"closurebench {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                title="user commands")

    g = sub.add_parser("generate", help="generate instances as JSONL (stdout) or Parquet")
    add_config_arguments(g)
    g.add_argument("--out", default=None, help="FILE.jsonl or FILE.parquet (default: stdout)")
    g.add_argument("--workers", type=int, default=1, help="processes (output is identical)")
    g.add_argument("--shard", type=_shard, default=None, help="I/N: only the I-th of N slices")
    g.add_argument("--no-cross-check", action="store_true",
                   help="skip the NetworkX twin (faster; the tensor engine still answers)")
    g.add_argument("--force", action="store_true", help="overwrite an existing --out file")
    g.add_argument("--no-progress", action="store_true",
                   help="no progress bar on stderr when writing a file")
    g.set_defaults(func=_generate)

    c = sub.add_parser("categories", help="print the category taxonomy")
    c.add_argument("--json", action="store_true", help="as JSON")
    c.set_defaults(func=_categories)

    for name in EXTENSIONS:
        import_module(name).add_parsers(_Subcommands(sub, maintainer))
    if maintainer:
        width = max(len(n) for n, _ in maintainer)
        parser.epilog = "maintainer commands (releasing and publishing the dataset):\n" + "\n".join(
            f"  {n:<{width}}  {h}" for n, h in maintainer)
    return parser


#: Commands for those who release the dataset; ``--help`` lists them apart from the rest.
MAINTAINER_COMMANDS = frozenset({"build-splits", "build-card", "publish"})


class _Subcommands:
    """The subparsers action as handed to extensions: maintainer commands are left out of the
    command list (argparse lists a subcommand only when it has ``help``) and go to the epilog."""

    def __init__(self, sub: Any, maintainer: list[tuple[str, str]]) -> None:
        self._sub, self._maintainer = sub, maintainer

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser:
        if name in MAINTAINER_COMMANDS:
            text = kwargs.pop("help", "") or ""
            kwargs.setdefault("description", text)
            self._maintainer.append((name, text))
        return self._sub.add_parser(name, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sub, name)


class _Parser(argparse.ArgumentParser):
    """argparse with a did-you-mean for a mistyped command or option."""

    def error(self, message: str) -> NoReturn:
        import difflib
        import re

        hint = ""
        bad = re.search(r"invalid choice: '([^']*)'", message)
        words = (bad.group(1),) if bad else ()
        pool: list[str] = []
        if bad:
            pool = [c for a in self._actions if a.choices for c in a.choices]
        elif "unrecognized arguments:" in message:
            words = tuple(message.split("unrecognized arguments:", 1)[1].split())
            pool = [o for a in self._all_actions() for o in a.option_strings]
        for word in words:
            close = difflib.get_close_matches(word.split("=", 1)[0], pool, n=1, cutoff=0.6)
            if close:
                hint = f" (did you mean {close[0]}?)"
                break
        super().error(message + hint)

    def _all_actions(self) -> list[argparse.Action]:
        """This parser's options and, after a command, that command's."""
        actions = list(self._actions)
        for a in self._actions:
            if isinstance(a, argparse._SubParsersAction):
                for p in a.choices.values():
                    actions += p._actions
        return actions


#: Optional packages and the extra that installs them (for the one-line install hint).
EXTRAS = {
    "datasets": "hf", "huggingface_hub": "hf", "pyarrow": "hf", "evaluate": "hf",
    "openai": "run", "matplotlib": "run", "tqdm": "run",
    "lm_eval": "integrations", "inspect_ai": "integrations",
}
#: Python argument names in ``ConfigError`` messages and the flags that set them.
_FLAGS = ("n_min", "n_max", "density_min", "density_max", "surface_seed", "seed",
          "per_category", "categories", "encoding", "limit", "samples", "fresh_seed")


def install_hint(exc: ImportError) -> str | None:
    """``pip install 'closurebench[EXTRA]'`` for a missing optional package, else ``None``."""
    top = (getattr(exc, "name", None) or "").split(".")[0]
    extra = EXTRAS.get(top)
    if extra is None:
        return None
    return f"this needs the {top!r} package: pip install 'closurebench[{extra}]'"


def _flagged(message: str) -> str:
    """A ``ConfigError`` message with its leading argument name spelled as the CLI flag."""
    for name in _FLAGS:
        if message.startswith(name + " "):
            return "--" + name.replace("_", "-") + message[len(name):]
    return message


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit status (2 for bad input, 1 for an internal error).

    Whatever goes wrong, the user sees one ``error: ...`` line, never a traceback (set
    ``CLOSUREBENCH_DEBUG=1`` to get the traceback of an internal error), and nothing printed
    carries the API key.
    """
    import os

    from closurebench.errors import ClosureBenchError, ConfigError
    from closurebench.run.redact import redact, redacted_output

    with redacted_output():
        args = build_parser().parse_args(argv)
        try:
            return int(args.func(args) or 0)
        except BrokenPipeError:  # e.g. `closurebench generate all | head`
            sys.stderr.close()
            return 0
        except ImportError as exc:
            message = install_hint(exc) or str(exc)
        except ConfigError as exc:
            message = _flagged(str(exc))
        except (ClosureBenchError, ValueError) as exc:
            message = str(exc)
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            message = f"{where}{exc.strerror or exc}"
        except RecursionError:
            message = "input nested too deeply"
        except MemoryError:
            message = "out of memory (an input far larger than expected?)"
        except KeyboardInterrupt:
            print("\ninterrupted", file=sys.stderr)
            return 130
        except Exception as exc:
            if os.environ.get("CLOSUREBENCH_DEBUG"):
                raise
            print(f"internal error: {type(exc).__name__}: {redact(str(exc))} (a bug: please "
                  "report it; CLOSUREBENCH_DEBUG=1 shows the traceback)", file=sys.stderr)
            return 1
        lines = message.strip().splitlines() or ["failed"]
        print(f"error: {lines[0]}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
