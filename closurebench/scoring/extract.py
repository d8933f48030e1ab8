"""Find the answer a model gave in its raw output, without trusting the output.

Models are asked for one JSON object with an ``answer`` field, but they wrap it in prose,
code fences, chain-of-thought, ``\\boxed{}`` or Python literals. Everything here is bounded:

* only the last ``MAX_SCAN_CHARS`` characters of an output are searched (the answer comes last;
  a 10 MB output costs the same as a 64 KiB one);
* brackets are matched in one linear pass whose string regex cannot backtrack quadratically;
* nothing nested deeper than ``MAX_DEPTH`` reaches the JSON parser (no ``RecursionError``);
* integers longer than ``MAX_INT_DIGITS`` digits, ``NaN`` and ``Infinity`` are rejected, so
  Python's int-string conversion limit and non-finite floats never come into play.

No ``eval``/``exec``/``ast.literal_eval``: Python-style literals go through a small tokenizer.
"""

from __future__ import annotations

import json
import math
import re
from bisect import bisect_left
from typing import Any

__all__ = [
    "MAX_DEPTH",
    "MAX_INT_DIGITS",
    "MAX_SCAN_CHARS",
    "extract",
    "extract_answer",
    "safe_loads",
]

MAX_SCAN_CHARS = 65_536
"""Only this many trailing characters of an output are searched for the answer."""
MAX_DEPTH = 32
"""Deepest bracket nesting handed to the JSON parser; answers need at most 3."""
MAX_INT_DIGITS = 100
"""Longer integer literals are parse failures (no answer is that large)."""
MAX_PARSE_ATTEMPTS = 32
"""Candidate objects tried per output before giving up, bounding hostile inputs."""

# Where a value came from, so coercion can be a little more forgiving with loose text.
SOURCE_OBJECT = "object"
SOURCE_BOXED = "boxed"
SOURCE_BARE = "bare"
TEXT_SOURCES = frozenset({"boxed_text", "bare_text"})


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


def _depth_bound(text: str) -> int:
    """A cheap upper bound on nesting depth: the number of opening brackets."""
    return text.count("{") + text.count("[")


def _loads(text: str) -> Any:
    """Guarded ``json.loads``; the caller has already bounded the depth."""
    try:
        return _DECODER.decode(text)
    except (ValueError, RecursionError):
        return _FAIL


# One token per double-quoted string or bracket. The closing quote is optional, so an
# unterminated string (a stray quote in prose) ends at the end of its line, and the regex never
# backtracks: each character is consumed once, keeping the scan linear on hostile input.
_STRUCT_RE = re.compile(r'"(?:[^"\\\n]|\\.)*"?|[{}\[\]]')
_ANCHOR_RE = re.compile(r"""["']answer["']""")
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


def _find_answer(obj: Any) -> Any:
    """The value of the last ``answer`` key in document order, at any depth.

    So ``{"result": {"answer": 3}}`` gives 3 and a later nested ``answer`` key overrides an
    earlier one; the value itself may be an object (``multi_query``).
    """
    if isinstance(obj, dict):
        for key, child in reversed(obj.items()):
            if isinstance(child, (dict, list)):
                found = _find_answer(child)
                if found is not _FAIL:
                    return found
            if key == "answer":
                return child
    elif isinstance(obj, list):
        for child in reversed(obj):
            if isinstance(child, (dict, list)):
                found = _find_answer(child)
                if found is not _FAIL:
                    return found
    return _FAIL


def _near_last_anchor(window: str, last: int) -> tuple[Any, int]:
    """Fast try: the object around the last ``"answer"`` key, parsed by the C scanner.

    Tries the few ``{`` just before the key (the nearest may close before it, or sit inside a
    string); an object counts only if it spans the key. The key is the last one in the text,
    so no later object can hold an answer.
    """
    pos = last
    for _ in range(3):
        pos = window.rfind("{", 0, pos)
        if pos < 0 or window.count("{", pos) + window.count("[", pos) > MAX_DEPTH:
            break
        try:
            value, end = _DECODER.raw_decode(window, pos)
        except (ValueError, RecursionError):
            continue
        if end > last:
            found = _find_answer(value)
            if found is not _FAIL:
                return found, end
    return _FAIL, -1


def _last_answer_object(window: str) -> tuple[Any, int]:
    """The answer of the last ``answer`` key in a parseable object, and that object's end."""
    last = max(window.rfind('"answer'), window.rfind("'answer"))
    if last < 0:
        return _FAIL, -1
    value, end = _near_last_anchor(window, last)
    if value is not _FAIL:
        return value, end
    anchors = [m.start() for m in _ANCHOR_RE.finditer(window)]
    if not anchors:
        return _FAIL, -1
    attempts = 0
    covered_start = covered_end = -1  # last span that parsed (its insides were considered)
    for start, end, height in reversed(_object_spans(window)):
        if covered_start <= start and end <= covered_end:
            continue
        i = bisect_left(anchors, start)
        if i == len(anchors) or anchors[i] >= end or height > MAX_DEPTH:
            continue
        attempts += 1
        if attempts > MAX_PARSE_ATTEMPTS:
            break
        text = window[start:end]
        value = _loads(text)
        if value is _FAIL:
            value = _repair_loads(text)
            if value is _FAIL:
                continue
        covered_start, covered_end = start, end
        found = _find_answer(value)
        if found is not _FAIL:
            return found, end
    return _FAIL, -1


_BOXED = "\\boxed{"
_WRAPPER_RE = re.compile(r"^\\(?:text|mathrm|texttt|textbf|mathbf|operatorname)\{(.*)\}$", re.S)
_BARE_TOKEN_RE = re.compile(r"""[^\s{}\[\]"'`]{1,64}""")
_BRACE_RE = re.compile(r"[{}]")


def _boxed(window: str, pos: int) -> tuple[Any, str]:
    """The content of the ``\\boxed{`` at ``pos``: JSON if it parses, else loose text."""
    depth = 1
    body_start = pos + len(_BOXED)
    for match in _BRACE_RE.finditer(window, body_start, body_start + 4096):
        depth += 1 if match.group() == "{" else -1
        if depth == 0:
            body = window[body_start : match.start()].strip().strip("$").strip()
            break
    else:
        return _FAIL, ""
    for _ in range(4):  # unwrap \text{...} and friends
        m = _WRAPPER_RE.match(body)
        if m is None:
            break
        body = m.group(1).strip()
    if not body:
        return _FAIL, ""
    value, ok = safe_loads(body)
    if ok:
        if isinstance(value, dict) and "answer" in value:
            value = _find_answer(value)
        return value, SOURCE_BOXED
    return body, "boxed_text"


_FENCE_RE = re.compile(r"^```[\w+-]*[ \t]*\n?(.*?)\n?```$", re.S)


def _bare(text: str) -> tuple[Any, str]:
    """The whole (stripped) output as one JSON value, possibly fenced, or one bare token."""
    m = _FENCE_RE.match(text)
    if m is not None:
        text = m.group(1).strip()
    if not text:
        return _FAIL, ""
    value, ok = safe_loads(text)
    if ok:
        return value, SOURCE_BARE
    if _BARE_TOKEN_RE.fullmatch(text):
        return text, "bare_text"
    return _FAIL, ""


def extract(text: object) -> tuple[Any, str | None]:
    """Return ``(value, source)``; ``source`` is None when nothing usable was found.

    Precedence: the value of the last ``answer`` key in a parseable object, unless a
    ``\\boxed{}`` starts after that object ends; failing both, the whole output as one bare
    JSON value or bare token. ``source`` tells coercion whether the value was JSON or text.
    """
    if isinstance(text, (bytes, bytearray)):
        text = bytes(text[-MAX_SCAN_CHARS * 4 :]).decode("utf-8", errors="replace")
    if not isinstance(text, str):
        return None, None
    window = text[-MAX_SCAN_CHARS:] if len(text) > MAX_SCAN_CHARS else text

    # Fast path: the output is exactly the requested object.
    stripped = window.strip()
    if stripped[:1] == "{" and stripped[-1:] == "}" and _depth_bound(stripped) <= MAX_DEPTH:
        try:
            value, end = _SCAN(stripped, 0)
        except (ValueError, RecursionError, StopIteration):
            end = -1
        if end == len(stripped):
            found = _find_answer(value)
            if found is not _FAIL:
                return found, SOURCE_OBJECT

    value, obj_end = _last_answer_object(window)
    boxed_at = window.rfind(_BOXED)
    if boxed_at > obj_end:
        boxed_value, source = _boxed(window, boxed_at)
        if boxed_value is not _FAIL:
            return boxed_value, source
    if value is not _FAIL:
        return value, SOURCE_OBJECT
    value, source = _bare(stripped)
    if value is not _FAIL:
        return value, source
    return None, None


def extract_answer(text: object) -> tuple[Any, bool]:
    """Return ``(value, True)`` with the answer found in a raw output, or ``(None, False)``.

    The value is raw JSON data, not yet coerced to the question's answer schema.
    """
    value, source = extract(text)
    return (value, True) if source is not None else (None, False)
