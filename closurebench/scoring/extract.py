"""Find every answer a model committed to in its raw output, without trusting the output.

This module only *finds*: it turns the answer region of an output (see ``final``) into
candidate answers in text order, each with its span and where it came from. Which candidate
is the model's final, committed answer is decided in ``policy`` with the question's schema.

Candidates: JSON objects with an answer key (any spelling: ``answer``, ``Answer``,
``final_answer``; the object's own top-level key wins over keys nested in side fields), plain
objects (``multi_query`` answered without the wrapper), ``\\boxed{}``, closing answer lines
("Final answer: X", "**Answer:** X", "The answer is X."), a leading "Yes."/"No," and an output
that is one bare JSON value or token. Everything is bounded:

* only the last ``MAX_SCAN_CHARS`` (1 MiB) of an output are read;
* brackets are matched in linear passes whose regexes cannot backtrack quadratically, and at
  most ``MAX_PARSE_ATTEMPTS`` objects are parsed per output;
* nothing nested deeper than ``MAX_DEPTH`` reaches the JSON parser (no ``RecursionError``);
* integers longer than ``MAX_INT_DIGITS`` digits, ``NaN`` and ``Infinity`` are rejected.

No ``eval``/``exec``/``ast.literal_eval``: Python-style literals go through a small tokenizer.
"""

from __future__ import annotations

import json
import math
import operator
import re
from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

from closurebench.scoring.final import MAX_OUTPUT_CHARS

__all__ = [
    "MAX_DEPTH",
    "MAX_INT_DIGITS",
    "MAX_SCAN_CHARS",
    "Candidate",
    "candidates",
    "safe_loads",
]

MAX_SCAN_CHARS = MAX_OUTPUT_CHARS
"""Only this many trailing characters of an output are read (1 MiB; see ``final``)."""
MAX_DEPTH = 32
"""Deepest bracket nesting handed to the JSON parser; answers need at most 3."""
MAX_INT_DIGITS = 100
"""Longer integer literals are parse failures (no answer is that large)."""
MAX_PARSE_ATTEMPTS = 6
"""Candidate objects tried per output before giving up, bounding hostile inputs."""
MAX_WALK = 4096
"""JSON nodes visited when looking for answer keys inside one object."""

# Where a value came from. JSON values are taken as typed; text is read more loosely by
# coercion (``"A, C"`` is a set where a set is asked for, "4 nodes" a count).
SOURCE_OBJECT = "object"  # the value of an answer key
SOURCE_PLAIN = "plain"  # an object without an answer key: only an object answer can be it
SOURCE_BOXED = "boxed"
SOURCE_BARE = "bare"
SOURCE_LINE = "line"
TEXT_SOURCES = frozenset({"boxed_text", "bare_text", "line_text", "lead_text"})
JSON_SOURCES = frozenset({SOURCE_OBJECT, SOURCE_BOXED, SOURCE_BARE, SOURCE_LINE})


class Candidate(NamedTuple):
    """One answer found in the text: ``value`` spans ``start:end`` of the answer region.

    ``group`` ties together the answers of one JSON document (two answer objects in one
    list are alternatives, not a revision); ``-1`` is a candidate of its own.
    """

    start: int
    end: int
    value: Any
    source: str
    group: int = -1


_new = tuple.__new__  # a NamedTuple without its Python-level __new__ (hot constructors)
_END = operator.itemgetter(1)  # Candidate.end, read in C


class _Fail:
    __slots__ = ()

    def __repr__(self) -> str:
        return "<no answer>"


_FAIL: Any = _Fail()


def _parse_int(text: str) -> int:
    if len(text) > MAX_INT_DIGITS + 1:
        raise ValueError("integer literal too long")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError("non-finite number")
    return value


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a valid answer")


_DECODER = json.JSONDecoder(
    parse_int=_parse_int, parse_float=_parse_float, parse_constant=_reject_constant
)


_SCAN = _DECODER.scan_once  # the C scanner itself: no whitespace handling, no wrapper


def _scan_at(text: str, pos: int) -> tuple[Any, int]:
    """The JSON value starting at ``pos`` and where it ends, or ``(_FAIL, -1)``.

    Scans a slice: a decode error's message counts lines from the start of the string it
    was given, which on a long output would cost a pass over everything before ``pos``.
    """
    try:
        value, end = _SCAN(text[pos:] if pos else text, 0)
    except (ValueError, RecursionError, StopIteration):
        return _FAIL, -1
    return value, pos + end


def _depth_bound(text: str) -> int:
    """A cheap upper bound on nesting depth: the number of opening brackets."""
    return text.count("{") + text.count("[")


_JSON_WS = " \t\n\r"  # what json.decoder's WHITESPACE skips around a document


def _loads(text: str) -> Any:
    """Guarded ``json.loads``; the caller has already bounded the depth.

    Text with no JSON whitespace at either end (callers strip it) goes straight to the C
    scanner, which is what ``decode`` does after its two whitespace regexes and its wrapper.
    """
    if text and text[0] not in _JSON_WS and text[-1] not in _JSON_WS:
        try:
            value, end = _SCAN(text, 0)
        except (ValueError, RecursionError, StopIteration):
            return _FAIL
        return value if end == len(text) else _FAIL
    try:
        return _DECODER.decode(text)
    except (ValueError, RecursionError):
        return _FAIL


# One token per double-quoted string or bracket. The closing quote is optional, so an
# unterminated string (a stray quote in prose) ends at the end of its line, and the regex never
# backtracks: each character is consumed once, keeping the scan linear on hostile input.
_STRUCT_RE = re.compile(r'"(?:[^"\\\n]|\\.)*"?|[{}\[\]]')
_OPENER_FOR = {"}": "{", "]": "["}


def _too_deep(text: str) -> bool:
    """Whether brackets outside double-quoted strings nest deeper than ``MAX_DEPTH``.

    One linear pass that stops as soon as the limit is crossed.
    """
    depth = 0
    for match in _STRUCT_RE.finditer(text):
        ch = match.group()[0]
        if ch in "{[":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif ch in "}]" and depth:
            depth -= 1
    return False


def safe_loads(text: str) -> tuple[Any, bool]:
    """Parse untrusted JSON (or Python-literal) text, bounded in depth and size; never raises."""
    if len(text) > MAX_SCAN_CHARS:
        return None, False
    if _depth_bound(text) > MAX_DEPTH and _too_deep(text):
        return None, False
    value = _loads(text)
    if value is _FAIL:
        value = _repair_loads(text)
    return (None, False) if value is _FAIL else (value, True)


def _object_spans(window: str) -> list[tuple[int, int, int]]:
    """Balanced ``{...}`` spans as (start, end, height), in order of their end.

    Unmatched brackets (prose such as ``[1]`` or a lone ``(see [``) are dropped when a closer
    finds its opener further down the stack; their height still counts towards the
    enclosing span, because the JSON parser would descend into them too.
    """
    stack: list[list[Any]] = []  # [opener, start, height]
    open_count = {"{": 0, "[": 0}
    spans: list[tuple[int, int, int]] = []
    for match in _STRUCT_RE.finditer(window):
        ch = match.group()[0]
        if ch == '"':
            continue
        if ch in "{[":
            stack.append([ch, match.start(), 0])
            open_count[ch] += 1
            continue
        want = _OPENER_FOR[ch]
        if not open_count[want]:
            continue  # a closer with no opener at all: prose, ignore it
        carried = 0
        while True:
            opener, start, height = stack.pop()
            open_count[opener] -= 1
            height = max(height, carried) + 1
            if opener == want:
                break
            carried = height  # an unmatched opener nested inside: keep its depth
        if stack and height > stack[-1][2]:
            stack[-1][2] = height
        if want == "{":
            spans.append((start, match.end(), height))
    return spans


_PY_TOKEN_RE = re.compile(
    r"""(?P<ws>\s+)
    |(?P<dq>"(?:[^"\\\n]|\\.)*")
    |(?P<sq>'(?:[^'\\\n]|\\.)*')
    |(?P<num>-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)
    |(?P<word>[A-Za-z_]\w*)
    |(?P<punct>[{}\[\]:,])""",
    re.VERBOSE,
)
_WORDS = {
    "true": "true",
    "True": "true",
    "false": "false",
    "False": "false",
    "null": "null",
    "None": "null",
}
_SQ_ESCAPE_RE = re.compile(r"""\\.|\"""")


def _sq_fix(match: re.Match[str]) -> str:
    text = match.group()
    if text == '"':
        return '\\"'
    return "'" if text == "\\'" else text


def _repair_loads(text: str) -> Any:
    """Parse Python-ish literals: single quotes, True/False/None, trailing commas.

    Tokens are matched one after another from the start (never retried from every offset), so
    this is linear; anything outside the small grammar is a failure, never a guess.
    """
    out: list[str] = []
    pos, end = 0, len(text)
    match_at = _PY_TOKEN_RE.match
    while pos < end:
        m = match_at(text, pos)
        if m is None:
            return _FAIL
        pos = m.end()
        kind = m.lastgroup
        tok = m.group()
        if kind == "ws":
            continue
        if kind == "sq":
            out.append('"' + _SQ_ESCAPE_RE.sub(_sq_fix, tok[1:-1]) + '"')
        elif kind == "word":
            word = _WORDS.get(tok)
            if word is None:
                return _FAIL
            out.append(word)
        elif kind == "punct" and tok in "}]" and out and out[-1] == ",":
            out[-1] = tok  # drop a trailing comma
        else:
            out.append(tok)
    return _loads("".join(out)) if out else _FAIL




_KEY_CHARS = str.maketrans("", "", " _-")
_ANSWER_KEYS = {"answer": 1, "finalanswer": 2}  # a final_answer key outranks a plain one


def _answer_rank(key: Any) -> int:
    if key == "answer":
        return 1
    if type(key) is not str or len(key) > 16:
        return 0
    return _ANSWER_KEYS.get(key.lower().translate(_KEY_CHARS), 0)


def _answers(value: Any) -> list[Any]:
    """The answer values of a parsed document, shallowest answer keys first.

    An object's own answer key wins over keys nested in its side fields
    (``{"answer": 4, "check": {"answer": 3}}`` is 4); with no top-level key, the shallowest
    nested ones count (``{"result": {"answer": 3}}`` is 3). Several at that depth (a list of
    two answer objects) are all returned: the policy treats them as alternatives.
    """
    level = [value]
    seen = 0
    while level:
        found: list[Any] = []
        nxt: list[Any] = []
        for node in level:
            seen += 1
            if seen > MAX_WALK:
                return []
            if type(node) is dict:
                best, rank = None, 0
                for key, child in node.items():
                    r = 1 if key == "answer" else _answer_rank(key)
                    if r > rank:
                        best, rank = child, r
                    elif type(child) is dict or type(child) is list:
                        nxt.append(child)
                if rank:
                    found.append(best)
            elif type(node) is list:
                nxt.extend(c for c in node if type(c) is dict or type(c) is list)
        if found:
            return found
        level = nxt
    return []


_ZERO_WIDTH_RE = re.compile("[\u200b\u200c\u200d\u2060\ufeff\u00ad]")
_COMMENT_RE = re.compile(r"/\*.*?\*/", re.S)


def _parse_span(text: str) -> Any:
    """One object's text as JSON, else as a Python literal, else without ``/* comments */``."""
    value = _loads(text)
    if value is _FAIL:
        value = _repair_loads(text)
        if value is _FAIL and "/*" in text:
            cleaned = _COMMENT_RE.sub("", text)
            value = _loads(cleaned)
            if value is _FAIL:
                value = _repair_loads(cleaned)
    return value


MAX_KEY_HITS = 128
"""Occurrences of "answer" examined for answer keys, from the last backwards."""
_KEY_AFTER_RE = re.compile(r"""["']\s*:""")
_QUOTES = frozenset("\"'")
SLOW_WINDOW = 1_024
"""Python-literal objects (the slow path) are looked for this far either side of their key."""
MAX_SLOW = 1
LITERAL_CHARS = 16_384
"""An output up to this long that is one Python-style literal is parsed whole."""
_PY_HINT_RE = re.compile(r"\b(?:True|False|None)\b|,\s*[}\]]")
_OBJECT_SECOND = frozenset('"} \t\n\r')
"""What may follow the ``{`` of a JSON object (a key, its end, or JSON whitespace)."""


def _python_hints(window: str) -> bool:
    """``_PY_HINT_RE.search(window)``, skipped (C-fast ``in`` tests) when none of its
    literals is there: the regex costs ~20 µs per KiB, the tests a few hundred ns."""
    if (
        "True" in window
        or "False" in window
        or "None" in window
        or ("," in window and ("}" in window or "]" in window))
    ):
        return _PY_HINT_RE.search(window) is not None
    return False


def _key_at(lower: str, pos: int) -> int:
    """Where the answer key whose word "answer" starts at ``pos`` opens (its quote), or -1:
    ``"answer":``, ``"final answer":`` / ``"final_answer":`` / ``"final-answer":``,
    ``"finalanswer":``."""
    if lower[pos + 6 : pos + 7] not in _QUOTES or not _KEY_AFTER_RE.match(lower, pos + 6):
        return -1
    prev = lower[pos - 1 : pos]
    if prev in _QUOTES:
        return pos - 1
    before = lower[max(0, pos - 7) : pos]
    if before[-6:-1] == "final" and prev in " _-" and before[:1] in _QUOTES:
        return pos - 7
    if before[-5:] == "final" and before[-6:-5] in _QUOTES:
        return pos - 6
    return -1


def _occurrences(lower: str) -> Iterator[int]:
    """The last ``MAX_KEY_HITS`` occurrences of "answer", last first (lazy: each reader
    stops when it has what it needs)."""
    hi = len(lower)
    for _ in range(MAX_KEY_HITS):
        pos = lower.rfind("answer", 0, hi)
        if pos < 0:
            return
        hi = pos
        yield pos


def _key_mentions(lower: str) -> Iterator[int]:
    """Answer keys among the last ``MAX_KEY_HITS`` occurrences of "answer", last first (the
    position of each key's opening quote). Lazy: ``_Objects.collect`` stops after a few
    parse attempts, so a flood of keys is not classified to its end."""
    if '"' not in lower and "'" not in lower:
        return  # without quotes there are no keys to find
    for pos in _occurrences(lower):
        key = _key_at(lower, pos)
        if key >= 0:
            yield key


def _word_mentions(lower: str) -> list[int]:
    """The last ``MAX_MENTIONS`` occurrences of "answer" as a word (not a key, not part of a
    longer word) among the last ``MAX_KEY_HITS`` occurrences, last first; for answer lines.

    A quote or a letter before the word rules it out before any key test, so a key flood
    costs one ``rfind`` and one slice per occurrence, and none at all when every occurrence
    follows a quote (C-fast counts, for more than ``MAX_MENTIONS``).
    """
    total = lower.count("answer")
    if not total or (
        total > MAX_MENTIONS and total == lower.count('"answer') + lower.count("'answer")
    ):
        return []
    words: list[int] = []
    for pos in _occurrences(lower):
        prev = lower[pos - 1 : pos]
        if prev in _QUOTES or prev.isalnum():
            continue
        nxt = lower[pos + 6 : pos + 7]
        if nxt.isalnum() or (nxt in _QUOTES and _key_at(lower, pos) >= 0):
            continue
        words.append(pos)
        if len(words) >= MAX_MENTIONS:
            break
    return words


class _Objects:
    """Answer objects of a region, found from the last answer key backwards."""

    def __init__(self, region: str) -> None:
        self.region = region
        self.found: list[Candidate] = []
        self.unparsed_anchor = -1  # the last answer key after every parsed object
        self.group = 0
        self.slow = 0

    def _near(self, anchor: int) -> tuple[int, int, Any]:
        """The object around ``anchor`` via the C scanner: the nearest few ``{`` before it."""
        region = self.region
        pos = anchor
        for _ in range(3):
            pos = region.rfind("{", 0, pos)
            if pos < 0:
                break
            if region.count("{", pos, anchor) + region.count("[", pos, anchor) > MAX_DEPTH:
                break
            if region[pos + 1 : pos + 2] not in _OBJECT_SECOND:
                continue  # "{'" or "{a": the C scanner would raise; skip building its error
            value, end = _scan_at(region, pos)
            if end > anchor:
                return pos, end, value
        return -1, -1, _FAIL

    def _spanning(self, anchor: int) -> tuple[int, int, Any]:
        """Slow path (Python literals, comments): the outermost parseable span holding it.

        Bracket matching is a Python loop, so it runs at most ``MAX_SLOW`` times per output,
        on ``SLOW_WINDOW`` characters either side of the key.
        """
        self.slow += 1
        if self.slow > MAX_SLOW:
            return -1, -1, _FAIL
        lo = max(0, anchor - SLOW_WINDOW)
        window = self.region[lo : anchor + SLOW_WINDOW]
        if self.region[anchor] != "'" and "/*" not in window and not _python_hints(window):
            return -1, -1, _FAIL  # plain JSON that the C scanner rejected: nothing to repair
        if "}" not in window:
            return -1, -1, _FAIL  # no closing brace: _object_spans would find no span
        at = anchor - lo
        best: tuple[int, int, Any] = (-1, -1, _FAIL)
        tries = 0
        for start, end, height in reversed(_object_spans(window)):
            if not (start < at < end) or height > MAX_DEPTH:
                continue
            tries += 1
            if tries > 4:
                break
            value = _parse_span(window[start:end])
            if value is not _FAIL:
                best = (lo + start, lo + end, value)  # keep climbing: the outermost wins
        return best

    def collect(self, anchors: Iterable[int]) -> None:
        """Parse the objects around ``anchors`` (answer keys, last first)."""
        covered = len(self.region) + 1  # start of the earliest object parsed so far
        attempts = 0
        for anchor in anchors:
            if anchor >= covered:
                continue  # inside an object already taken
            attempts += 1
            if attempts > MAX_PARSE_ATTEMPTS:
                break
            start, end, value = self._near(anchor)
            if value is _FAIL or start < 0:
                start, end, value = self._spanning(anchor)
            if value is _FAIL:
                if not self.found and self.unparsed_anchor < 0:
                    self.unparsed_anchor = anchor
                continue
            while self.found and start <= self.found[-1].start and self.found[-1].end <= end:
                self.found.pop()  # nested in this object: its own answer key wins
            if self.found and end > self.found[-1].start:
                continue  # overlaps a later object: already considered
            answers = _answers(value)
            if not answers:
                continue
            self.group += 1
            group = self.group if len(answers) > 1 else -1
            for answer in reversed(answers):
                self.found.append(_new(Candidate, (start, end, answer, SOURCE_OBJECT, group)))
            covered = start
        self.found.reverse()


_BOXED = "\\boxed{"
_WRAPPER_RE = re.compile(
    r"^\\(?:text|mathrm|texttt|textbf|mathbf|operatorname|textsf|emph)\{(.*)\}$", re.S
)
_BARE_TOKEN_RE = re.compile(r"""[^\s{}\[\]"'`]{1,64}""")
_BRACE_RE = re.compile(r"[{}]")
MAX_BOXED = 4
MAX_BARE_TEXT = 200
"""A one-line output up to this long with no other candidate is read as answer text."""


def _unwrap(body: str) -> str:
    body = body.strip().strip("$").strip()
    for _ in range(4):  # \text{...} and friends
        m = _WRAPPER_RE.match(body)
        if m is None:
            break
        body = m.group(1).strip()
    return body


def _text_value(body: str, text_source: str, json_source: str) -> tuple[Any, str]:
    """Loose text as JSON when it is JSON (an answer object gives its answer), else text."""
    if body[:1] in "{[" or body[:1].isdigit() or body in ("true", "false"):
        value, ok = safe_loads(body)
        if ok:
            if type(value) is dict:
                answers = _answers(value)
                if len(answers) == 1:
                    return answers[0], json_source
            return value, json_source
    return body, text_source


def _boxed_candidates(region: str) -> tuple[list[Candidate], int]:
    """The last few ``\\boxed{...}``; and where an unclosed one starts (a cut), or -1."""
    out: list[Candidate] = []
    unclosed = -1
    pos = len(region)
    for _ in range(MAX_BOXED):
        pos = region.rfind(_BOXED, 0, pos)
        if pos < 0:
            break
        depth = 1
        body_start = pos + len(_BOXED)
        for match in _BRACE_RE.finditer(region, body_start, body_start + 4096):
            depth += 1 if match.group() == "{" else -1
            if depth == 0:
                body = _unwrap(region[body_start : match.start()])
                if body:
                    value, source = _text_value(body, "boxed_text", SOURCE_BOXED)
                    out.append(_new(Candidate, (pos, match.end(), value, source, -1)))
                break
        else:
            if not out and unclosed < 0:
                unclosed = pos
    out.reverse()
    return out, unclosed


# Closing answer lines: "Answer: X" / "**Final answer:** X" / "## Answer" + the next line
# (the word starts its line, after markdown), and "... the (final|correct) answer is X".
# Both are matched at each occurrence of the word "answer", found with str methods.
_PREFIX_RE = re.compile(r"[ \t>#*_]*(?:final[ \t]+)?", re.IGNORECASE)
_COLON_RE = re.compile(
    r"[ \t]*(?:\*\*|__)?[ \t]*(?:[:：][ \t]*(?:\*\*|__)?[ \t]*(?P<a>[^\n]{0,200})|(?P<h>(?=\n)))"
)
_IS_RE = re.compile(r"[ \t]+is[ \t]*[:：]?[ \t]*(?P<b>[^\n]{1,200})", re.IGNORECASE)
_NEXT_LINE_RE = re.compile(r"\n[ \t]*\n?[ \t]*(?P<v>[^\n]{1,200})")
_MD_RE = re.compile(r"\*\*|__|`")
_LEAD_RE = re.compile(
    r"\s*(?:\*\*)?(yes|no|true|false)(?:\*\*)?\s*(?:[.!,;:]|$|[-—])", re.IGNORECASE
)
_JSON_FIRST = frozenset('{["-0123456789tfnTFN')
_LEAD_FIRST = frozenset("YyNnTtFf* \t\n")
MAX_LINES = 4
LINE_SCAN_CHARS = 32_768
"""Closing answer lines are looked for in this many trailing characters of the region."""
MAX_MENTIONS = 8
"""Occurrences of the word "answer" examined, from the last backwards."""


def _line_at(region: str, pos: int) -> tuple[int, int, str] | None:
    """The answer line whose word "answer" starts at ``pos``: ``(start, end, raw value)``."""
    after = pos + 6
    m = _IS_RE.match(region, after)
    if m is not None:
        return pos, m.end(), m.group("b")
    line_start = region.rfind("\n", 0, pos) + 1
    if pos - line_start > 40:
        return None
    prefix = _PREFIX_RE.match(region, line_start, pos)
    if prefix is None or prefix.end() != pos:
        return None
    m = _COLON_RE.match(region, after)
    if m is None:
        return None
    if m.group("a") is not None and m.group("a").strip(" \t*_:"):
        return line_start, m.end(), m.group("a")
    nxt = _NEXT_LINE_RE.match(region, m.end())
    if nxt is None:
        return None
    return line_start, nxt.end(), nxt.group("v")


def _line_candidates(region: str, words: list[int]) -> list[Candidate]:
    """Answer lines at the word "answer" (``words``, last first) in the region's tail."""
    out: list[Candidate] = []
    start = max(0, len(region) - LINE_SCAN_CHARS)
    for at in words[:MAX_MENTIONS]:
        if at < start:
            break
        line = _line_at(region, at)
        if line is None:
            continue
        begin, end, raw = line
        if raw.lstrip().startswith("```"):
            continue  # a fenced block follows: its object is the candidate
        body = _unwrap(_MD_RE.sub("", raw).strip())
        if body.startswith("\\boxed{"):
            continue  # the \boxed{} candidate is the same answer
        if not body or (body[:1] == "{" and "nswer" in body.lower()):
            continue  # the object itself is a candidate
        value, source = _text_value(body, "line_text", SOURCE_LINE)
        out.append(_new(Candidate, (begin, end, value, source, -1)))
        if len(out) >= MAX_LINES:
            break
    out.reverse()
    return out


def _plain_object(region: str) -> Candidate | None:
    """The region's last complete object with no answer key (``multi_query`` unwrapped)."""
    close = region.rfind("}")
    if close < 0:
        return None
    pos = close
    for _ in range(3):
        pos = region.rfind("{", 0, pos)
        if pos < 0:
            return None
        if region.count("{", pos, close) + region.count("[", pos, close) > MAX_DEPTH:
            return None
        value, end = _scan_at(region, pos)
        if end == close + 1 and type(value) is dict and value:
            return Candidate(pos, end, value, SOURCE_PLAIN)
    return None


_FENCE_RE = re.compile(r"^```[\w+-]*[ \t]*\n?(.*?)\n?```$", re.S)


class Found(NamedTuple):
    """What ``candidates`` found: the candidates in text order, and the region they are in.

    ``cut`` is where an answer attempt starts that never completes after the last candidate
    (an answer object or ``\\boxed{`` cut by the token cap), or -1. ``whole`` is the region
    parsed as one JSON document when it is exactly that (for the format rate), else None.
    """

    region: str
    items: tuple[Candidate, ...]
    cut: int
    whole: Any


NO_VALUE: Any = _FAIL
"""What ``exact_answer`` returns when the region is not exactly one answer object."""


def exact_answer(region: str) -> tuple[Any, Any]:
    """``(v, whole)``: ``v`` when the stripped region is exactly ``{"answer": v}`` (else
    ``NO_VALUE``), and the region parsed as one JSON document (else ``NO_VALUE``).

    The commonest output of all, and the format the questions ask for: one C-scanner call.
    """
    value = _whole(region)
    if type(value) is dict and len(value) == 1 and "answer" in value:
        return value["answer"], value
    return _FAIL, value


def _whole(region: str) -> Any:
    """The region as exactly one JSON document (no fences, no prose), or ``_FAIL``."""
    if (
        region[:1] not in "{["
        or region[-1:] not in "}]"
        or region.count("{") + region.count("[") > MAX_DEPTH  # _depth_bound, inlined
    ):
        return _FAIL
    if region[:1] == "{" and region[1:2] not in _OBJECT_SECOND:
        return _FAIL  # "{'answer': …" (a Python literal): the C scanner would raise
    try:
        value, end = _SCAN(region, 0)
    except (ValueError, RecursionError, StopIteration):
        return _FAIL
    return value if end == len(region) else _FAIL


def candidates(region: str, whole: Any = None) -> Found:
    """Every candidate answer of an answer region (see ``final.answer_region``).

    ``whole`` is ``_whole(region)`` when the caller has already computed it.
    """
    if whole is None:
        region = region.strip()
        whole = _whole(region)
    if whole is not _FAIL:  # fast path: the output is one JSON document
        return _new(Found, (region, _document(whole, 0, len(region)), -1, whole))
    if not region.isascii() and _ZERO_WIDTH_RE.search(region):
        region = _ZERO_WIDTH_RE.sub("", region).strip()
        value = _whole(region)
        if value is not _FAIL:
            return Found(region, _document(value, 0, len(region)), -1, None)
    if (
        region[:1] == "{"
        and region[-1:] == "}"
        and len(region) <= LITERAL_CHARS
        and _depth_bound(region) <= MAX_DEPTH
    ):
        value = _repair_loads(region)  # the whole output as one Python-style literal
        if value is not _FAIL:
            return Found(region, _document(value, 0, len(region)), -1, None)
    fenced = _FENCE_RE.match(region) if region[:3] == "```" else None
    if fenced is not None:
        inner = fenced.group(1).strip()
        value, ok = safe_loads(inner)
        if not ok and "/*" in inner:
            value = _parse_span(inner)
            ok = value is not _FAIL
        if ok:
            return Found(region, _document(value, 0, len(region)), -1, None)
    items: list[Candidate] = []
    lower = region.lower()
    if len(lower) != len(region):  # a character whose lower case is longer: keep positions
        lower = region
    fast = _final_object_only(region, lower)
    if fast is not None:
        return fast
    objects = _Objects(region)
    objects.collect(_key_mentions(lower))
    words = _word_mentions(lower)
    items.extend(objects.found)
    unclosed = -1
    if "\\" in region and _BOXED in region:  # one memchr before the substring search
        boxed, unclosed = _boxed_candidates(region)
        items.extend(boxed)
    if words:
        items.extend(_line_candidates(region, words))
    lead = _LEAD_RE.match(region) if region[:1] in _LEAD_FIRST else None
    if lead is not None:
        items.append(Candidate(lead.start(1), lead.end(1), lead.group(1), "lead_text"))
    if not objects.found and '"' in region and ('":' in region or '" :' in region):
        plain = _plain_object(region)
        if plain is not None:
            items.append(plain)
    if not items:
        value, ok = (
            safe_loads(region)
            if len(region) <= 4096 and region[:1] in _JSON_FIRST and region[:1] != "{"
            else (None, False)
        )
        if ok:
            items.extend(_document(value, 0, len(region)))
        elif region and (
            (len(region) <= 64 and _BARE_TOKEN_RE.fullmatch(region))
            or (len(region) <= MAX_BARE_TEXT and "\n" not in region)
        ):
            items.append(Candidate(0, len(region), region, "bare_text"))
    items.sort(key=lambda c: (c.start, -c.end))
    last_end = max(map(_END, items), default=-1)
    cut = -1
    for at in (objects.unparsed_anchor, unclosed):
        if at > last_end:
            cut = max(cut, at)
    return _new(Found, (region, tuple(items), cut, None))


_HEADER_RE = re.compile(
    r"answer[ \t]*(?:\*\*|__)?[ \t]*[:：]?[ \t]*(?:\*\*|__)?\s*(?:```[\w+-]*)?\s*"
)


def _final_object_only(region: str, lower: str) -> Found | None:
    """The commonest chat-model shape, decided without the general search: prose, perhaps a
    "Final answer:" header, then one answer object (perhaps fenced) that ends the output.

    ``None`` unless that object is the only candidate there can be: no other mention of
    "answer" in the prose, no ``\\boxed{}``, no leading yes/no.
    """
    body_end = len(region.rstrip(" \t\r\n`"))
    if region[body_end - 1 : body_end] != "}":
        return None
    k = lower.rfind("answer", 0, body_end)
    if k < 1 or lower[k - 1] != '"':
        return None
    start, end, value = _Objects(region)._near(k - 1)
    if value is _FAIL or end != body_end:
        return None
    answers = _answers(value)
    if len(answers) != 1:
        return None
    j = lower.rfind("answer", 0, start)
    if j >= 0 and (
        _HEADER_RE.fullmatch(lower, j, start) is None or lower.rfind("answer", 0, j) >= 0
    ):
        return None
    if ("\\" in region and _BOXED in region) or (
        region[:1] in _LEAD_FIRST and _LEAD_RE.match(region)
    ):
        return None
    item = _new(Candidate, (start, end, answers[0], SOURCE_OBJECT, -1))
    return _new(Found, (region, (item,), -1, None))


def _document(value: Any, start: int, end: int) -> tuple[Candidate, ...]:
    """The candidates of a region that is one JSON document."""
    if type(value) is dict or type(value) is list:
        answers = _answers(value)
        if len(answers) == 1:
            return (_new(Candidate, (start, end, answers[0], SOURCE_OBJECT, -1)),)
        if answers:
            return tuple(Candidate(start, end, a, SOURCE_OBJECT, 1) for a in answers)
        if type(value) is dict:
            return (Candidate(start, end, value, SOURCE_PLAIN),)
    return (Candidate(start, end, value, SOURCE_BARE),)
