"""The ``closurebench`` command line.

Each command's parser and handler live with the code they drive; this module only wires them.
Bad input prints one ``error: ...`` line and exits 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import import_module
from typing import Any, NoReturn

__all__ = ["main"]

#: Modules that add further commands with ``add_parsers(subparsers)``.
EXTENSIONS: tuple[str, ...] = (
    "closurebench.scoring.cli",
    "closurebench.audit.cli",
    "closurebench.hf.cli",
    "closurebench.run.cli",
    "closurebench.train.sft",
)


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

    from closurebench.generation.cli import add_parsers as add_generation

    add_generation(sub)
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
    """argparse with the config spelled one way and a did-you-mean that stays in its command.

    Every parser of the command line is one (subparsers take their parent's class), so each
    merges ``CONFIG`` and its ``--config`` alias itself. A mistyped option is matched only
    against the options of the command it was given to: the root parser reports unknown
    options, so it remembers the namespace it parsed to find that command. A mistyped command
    or choice uses argparse's own ``suggest_on_error`` where the Python version has it.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if sys.version_info >= (3, 14):
            kwargs.setdefault("suggest_on_error", True)
        super().__init__(*args, **kwargs)
        self._parsed: argparse.Namespace | None = None

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        from closurebench.generation.cli import resolve_config

        parsed, extras = super().parse_known_args(args, namespace)
        self._parsed = parsed
        resolve_config(self, parsed)
        return parsed, extras

    def error(self, message: str) -> NoReturn:
        import difflib
        import re

        hint = ""
        bad = re.search(r"invalid choice: '([^']*)'", message)
        if bad and "maybe you meant" not in message:
            pool = [c for a in self._actions if a.choices for c in a.choices]
            hint = _did_you_mean(difflib, bad.group(1), pool)
        elif "unrecognized arguments:" in message:
            pool = [o for a in self._command()._actions for o in a.option_strings]
            for word in message.split("unrecognized arguments:", 1)[1].split():
                # options share their "--": a closer match is needed than for choices, or
                # score's --limit (a run flag) would be offered score's --split
                hint = _did_you_mean(difflib, word.split("=", 1)[0], pool, cutoff=0.75)
                if hint:
                    break
        super().error(message + hint)

    def _command(self) -> argparse.ArgumentParser:
        """The (sub)command the last parse chose: its parser holds the options to suggest."""
        parser: argparse.ArgumentParser = self
        while True:
            sub = next((a for a in parser._actions
                        if isinstance(a, argparse._SubParsersAction)), None)
            chosen = getattr(self._parsed, sub.dest, None) if sub and self._parsed else None
            if chosen not in (sub.choices if sub else {}):
                return parser
            parser = sub.choices[chosen]


def _did_you_mean(difflib: Any, word: str, pool: list[str], cutoff: float = 0.6) -> str:
    close = difflib.get_close_matches(word, [p for p in pool if p != word], n=1, cutoff=cutoff)
    return f" (did you mean {close[0]}?)" if close else ""


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit status (2 for bad input, 1 for an internal error).

    Whatever goes wrong, the user sees one ``error: ...`` line, never a traceback (set
    ``CLOSUREBENCH_DEBUG=1`` to get the traceback of an internal error), and nothing printed
    carries the API key.
    """
    import os

    from closurebench.errors import ClosureBenchError, ConfigError, as_flags, install_hint
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
            message = as_flags(str(exc))
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
