"""The marks around an answer, by Unicode property: one rule each, shared by every stage.

A cue ("Final answer", "【Conclusion】", "**Result**") and its value are joined by marks, and
a list answer's rows start with one. Each kind of mark is a Unicode property, not a list of
characters, so a mark of any script counts:

* **open** (before a cue): white space, an opening bracket or quote (categories ``Ps``, ``Pi``:
  ``(``, ``[``, ``【``, ``「``, ``『``, ``〔``, ``《``, ``“``), a bullet, markdown ``* _ # > |``;
* **close** (right after a cue): a closing bracket or quote (``Pe``, ``Pf``), markdown
  ``* _ |`` (``**Answer**``, ``【Conclusion】``);
* **separator** (between a cue and its value): a dash (``Pd``: ``-``, ``–``, ``—``, ``〜``), a
  colon (``:``, ``：``), an equals sign (``=``, ``≔``), any arrow (``→``, ``⟶``, ``⇒``,
  ``➔``; an arrow with a stroke negates and is none), any ASCII arrow (``arrow``: shafts
  ``-`` ``=`` ``~`` and heads ``>``, two characters at least: ``->``, ``=>``, ``~>``,
  ``>>>``), any symbol pointing right (``▸``, ``►``, ``☞``). A dash right before a digit is a
  minus sign, not a separator;
* **conclusion sign** (``SIGN``: a symbol, ``Sm`` or ``So``, that concludes: any arrow and
  THEREFORE by name, ``∴``, ``⇒``, ``→``, ``⟹``, ``➔``): a separator like a colon ("∴ 4" is
  ": 4" after an implied cue), a bullet, and a mark that a line states its conclusion;
* **relation** (a bound, not a value: "Answer ≥ 4"): a mathematical symbol that compares
  (``Sm`` with "THAN", "NOT EQUAL" or "TILDE" in its name: ``<``, ``>``, ``≤``, ``≠``, ``≪``,
  ``~``), ``!=``; a lone ``>`` and ``>=`` are relations, ``>>`` an arrow;
* **bullet** (the start of a list row): a dash, a bullet (``•``, ``‣``, ``◦``), any symbol of
  category ``So`` (``▪``, ``■``, ``►``, ``✓``), an arrow, ``*`` or ``+``, followed by a space;
  or an enumerator: 1–3 digits, one letter or a roman numeral, closed by ``.`` or ``)`` or
  wrapped in ``( )`` (``1.``, ``2)``, ``a)``, ``(iii)``).

``{`` opens JSON, never a cue; a character that folds (NFKC) to a letter or digit is no mark.
Roles are computed once per character and kept.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = [
    "BULLET", "CLOSE", "DASH", "OPEN", "REL", "SEP", "SIGN", "arrow", "group_end", "item_marker",
    "relation", "role", "skip", "skip_back",
]

OPEN, CLOSE, SEP, BULLET, DASH, REL, SIGN = 1, 2, 4, 8, 16, 32, 64
_SPACE = OPEN | CLOSE | SEP

_ROLES: dict[str, int] = {
    " ": _SPACE, "\t": _SPACE, "*": OPEN | CLOSE | BULLET, "_": OPEN | CLOSE, "#": OPEN,
    ">": OPEN | REL, "|": OPEN | CLOSE, "+": BULLET, "{": 0, "`": OPEN | CLOSE,
}
"""Markdown's marks (ASCII by definition) and ``{``; every other character by its property."""


def _compute(ch: str) -> int:
    if ch.isspace():
        return 0 if ch in "\n\r" else _SPACE
    cat = unicodedata.category(ch)
    name = unicodedata.name(ch, "")
    norm = unicodedata.normalize("NFKC", ch)
    if any(c.isalnum() for c in norm):
        return 0  # a letter or digit once folded (the radical "⻳" is "龟"): no mark
    out = 0
    if cat in ("Ps", "Pi"):
        out |= OPEN
    elif cat in ("Pe", "Pf"):
        out |= CLOSE
    arrow = "ARROW" in name and "STROKE" not in name
    if cat in ("Sm", "So") and (arrow or "THEREFORE" in name):
        out |= SIGN | SEP | BULLET  # a conclusion sign: "∴ 4", "⇒ 4", "⟹ yes"
    if cat == "Pd":
        out |= SEP | BULLET | OPEN | DASH
    if arrow or (cat == "So" and ("RIGHT-POINTING" in name or "RIGHT POINTING" in name)):
        out |= SEP | BULLET  # a pointer too ("▸", "►", "☞", "👉"): "Verdict ▸ no"
    if norm == ":" or ("COLON" in name and "SEMICOLON" not in name and cat != "Pd"):
        out |= SEP
    if norm == "=" or "EQUALS SIGN" in name or name == "COLON EQUALS":
        out |= SEP
    if "BULLET" in name or cat == "So":
        out |= BULLET | OPEN
    if cat == "Sm" and not out & SEP and ("THAN" in name or "NOT EQUAL" in name
                                          or "TILDE" in name):
        out |= REL
    return out


def role(ch: str) -> int:
    """The roles of one character (a bit set of ``OPEN``, ``CLOSE``, ``SEP``, ``BULLET``,
    ``DASH``, ``REL``, ``SIGN``)."""
    hit = _ROLES.get(ch)
    if hit is None:
        hit = _compute(ch)
        if len(_ROLES) < 1 << 16:
            _ROLES[ch] = hit
    return hit


def relation(text: str, i: int) -> bool:
    """Whether a relation starts at ``i``: a mathematical symbol that compares (``<``,
    ``>``, ``≤``, ``≥``, ``≠``, ``≪``, ``~``, ``∼``: "THAN", "NOT EQUAL" or "TILDE" in its
    name, and no separator), or ``!=``, ``<=``, ``>=``. "Answer ≥ 4" bounds the answer; it
    does not give it. An ASCII arrow (``arrow``) is no relation."""
    if i >= len(text) or arrow(text, i, i) > i:
        return False
    return bool(role(text[i]) & REL) or text.startswith("!=", i)


def _sign(text: str, i: int) -> bool:
    """A dash at ``i`` that is a minus sign: right before a digit or a decimal point."""
    nxt = text[i + 1 : i + 2]
    return nxt.isdigit() or (nxt == "." and text[i + 2 : i + 3].isdigit())


_ARROW_RE = re.compile(r"[-=~]*>+(?!=)")
_SHAFTS = "-=~"


def arrow(text: str, i: int, pos: int = 0) -> int:
    """The end of the ASCII arrow whose head or shaft is at ``i`` (its shaft may start
    before ``i``, not before ``pos``), or ``i``: shafts ``-``, ``=``, ``~`` and heads ``>``,
    two characters at least (``->``, ``=>``, ``~>``, ``>>``, ``>>>``, ``==>``, ``-->>``). A lone
    ``>`` and ``>=`` are relations, not arrows."""
    j = i
    while j > pos and text[j - 1] in _SHAFTS:
        j -= 1
    m = _ARROW_RE.match(text, j)
    return m.end() if m is not None and m.end() - j >= 2 and m.end() > i else i


def skip(text: str, pos: int, mask: int, stop: int = -1) -> int:
    """The end of the run of characters with a role in ``mask`` from ``pos``: a minus sign
    before a digit ends it; ``>`` and ``~`` are separators only inside an ASCII arrow
    (``arrow``: ``->``, ``=>``, ``~>``, ``>>>``)."""
    stop = len(text) if stop < 0 else stop
    i = pos
    while i < stop:
        ch = text[i]
        r = role(ch)
        if not r & mask:
            if (ch == ">" or ch == "~") and mask & SEP:
                end = arrow(text, i, pos)
                if end > i:
                    i = min(end, stop)  # an ASCII arrow: "->", "=>", ">>>"
                    continue
            break
        if r & DASH and _sign(text, i):
            break
        i += 1
    return i


def skip_back(text: str, pos: int, mask: int, start: int = 0) -> int:
    """The start of the run of characters with a role in ``mask`` that ends at ``pos``."""
    i = pos
    while i > start and role(text[i - 1]) & mask:
        i -= 1
    return i


def group_end(text: str, i: int, stop: int = -1) -> int:
    """The end (past its closing bracket) of the bracketed group that opens at ``i``, or -1:
    an opening bracket of any script (``Ps``: ``(``, ``[``, ``【``, ``（``) and the closing one
    (``Pe``) that brings the nesting back to zero before ``stop``. One rule for every stage
    that tells a group from the text around it (the value after a cue, an aside)."""
    stop = len(text) if stop < 0 else min(stop, len(text))
    if i >= stop or unicodedata.category(text[i]) != "Ps":
        return -1
    depth = 0
    for j in range(i, stop):
        cat = unicodedata.category(text[j])
        depth += (cat == "Ps") - (cat == "Pe")
        if depth == 0:
            return j + 1
    return -1


_ENUM_RE = re.compile(r"[ \t]*(?:\(?(?:\d{1,3}|[A-Za-z]|[ivxlc]{2,5})[.)]|\((?:\d{1,3}|[A-Za-z]"
                      r"|[ivxlc]{2,5})\))[ \t]+(?=\S)")


def item_marker(row: str) -> int:
    """The length of a list row's marker (bullet or enumerator, with the spaces after it)
    when the row has text after it, else 0."""
    i = 0
    while i < len(row) and row[i] in " \t":
        i += 1
    if i < len(row) and role(row[i]) & BULLET and not _sign(row, i):
        j = i + 1
        if j < len(row) and row[j] in " \t":
            while j < len(row) and row[j] in " \t":
                j += 1
            return j if j < len(row) else 0
    m = _ENUM_RE.match(row)
    return m.end() if m else 0
