"""``python -m closurebench.tl PROGRAM.tl`` (or ``-`` for stdin): print ``{"answer": ...}``.

Errors go to stderr as one line naming line and column; the exit status is then 1.
"""

from __future__ import annotations

import sys
from pathlib import Path

from closurebench.tl import TLError, format_answer, run


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m closurebench.tl PROGRAM.tl (or - for stdin)", file=sys.stderr)
        return 2
    try:
        source = sys.stdin.read() if args[0] == "-" else Path(args[0]).read_text("utf-8")
    except OSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        print(format_answer(run(source)))
    except TLError as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
