"""Cheap necessary conditions in front of the scorer's keyword regexes.

Python's ``re`` spends 50-200 ns per character on a case-insensitive alternation of words
between ``\\b``: a withdrawal check on 2,000 characters of prose costs more than scoring a
whole answer. Every match of such a regex contains one of a few literal words, so on ASCII
text the words are first looked for with C-fast ``in`` tests, in the text lowered with each
non-word character turned into a space (so ``" or "`` is the word "or" between ``\\b``).
Only when one is there does the regex run; on non-ASCII text (where case folding has
exceptions such as the Kelvin sign) it always runs. The regex decides every match, so a
verdict never depends on the filter, only the time does.
"""

from __future__ import annotations

import re

__all__ = ["Prefiltered", "words_view"]

_SPACES = str.maketrans(
    {chr(c): " " for c in range(128) if not (chr(c).isalnum() or chr(c) == "_")}
)


def words_view(text: str) -> str | None:
    """``text`` lowered, every ASCII non-word character a space, padded with a space each
    side; ``None`` for non-ASCII text. A word ``w`` between ``\\b`` in ``text`` (any case)
    is ``" w "`` in the view."""
    if not text.isascii():
        return None
    return " " + text.lower().translate(_SPACES) + " "


class Prefiltered:
    """A compiled regex behind a necessary condition: ``raw`` substrings of the text, or
    ``words`` (space-padded, lower case) of its :func:`words_view`."""

    __slots__ = ("raw", "regex", "words")

    def __init__(self, regex: re.Pattern[str], words: tuple[str, ...], raw: tuple[str, ...] = ()):
        self.regex = regex
        self.words = words
        self.raw = raw

    def possible(self, text: str) -> bool:
        """False only when the regex cannot match ``text``."""
        if any(map(text.__contains__, self.raw)):  # map: no Python frame per needle
            return True
        view = words_view(text)
        return view is None or any(map(view.__contains__, self.words))

    def search(self, text: str) -> re.Match[str] | None:
        """``regex.search(text)``, without running it where it cannot match."""
        return self.regex.search(text) if self.possible(text) else None
