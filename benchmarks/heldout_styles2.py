"""Second held-out set of answer styles: ``python -m benchmarks.heldout_styles2 [--styles a,b]
[--per-category N] [--json FILE]``.

The machinery of ``benchmarks.heldout_styles`` (same records, seed, wrong values, reasoning
preludes naming the other value, strict verdicts, same table), over ten styles in one group,
``unseen``. They were written down before the judge3b changes (reading setext headers, HTML
bold, conclusion signs, arrow separators in objects, value-then-cue lines; never crediting an
earlier value after an unread final line) were started, by someone who had not read the
judge's code for them, and the judge was not tuned on them: none is in either group of
``heldout_styles``. They measure how far those changes carry, and the over-credit column
must stay 0 on them too. The last style, a conclusion with no cue at all, is there to be
missed: what it tests is that the value in the reasoning before it is not credited instead.
"""

from __future__ import annotations

import sys

from benchmarks.heldout_styles import Style, _text
from benchmarks.heldout_styles import main as _main

UNSEEN: dict[str, Style] = {
    "double colon": lambda k, v, o: f"Final Answer :: {_text(k, v)}",
    "bbcode tag": lambda k, v, o: f"[ANSWER] {_text(k, v)} [/ANSWER]",
    "code span value": lambda k, v, o: f"**Answer:** `{_text(k, v)}`",
    "quoted copula": lambda k, v, o: f'My final answer is "{_text(k, v)}".',
    "checkmark lead": lambda k, v, o: f"✅ Final answer: {_text(k, v)}",
    "caps copula": lambda k, v, o: f"THE ANSWER IS {_text(k, v).upper()}.",
    "parenthesised line": lambda k, v, o: f"(Final answer: {_text(k, v)})",
    "sign-off after": lambda k, v, o: (
        f"Answer: {_text(k, v)}\n\nLet me know if you would like the full derivation!"),
    "bold header block": lambda k, v, o: f"**Final Answer**\n\n{_text(k, v)}",
    "cue-less conclusion": lambda k, v, o: f"So we end up with {_text(k, v)}.",
}
"""Ten styles written down before the judge3b fixes; not tuned on."""

STYLES: dict[str, tuple[str, Style]] = {name: ("unseen", fn) for name, fn in UNSEEN.items()}


def main(argv: list[str] | None = None) -> int:
    return _main(argv, catalogue=STYLES, prog="python -m benchmarks.heldout_styles2",
                 doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
