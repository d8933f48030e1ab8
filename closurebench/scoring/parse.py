"""Stage 3 of the judge: read a value of the asked-for type, from JSON or from loose text.

The schema decides every reading: ``"yes"`` is ``True`` only where a boolean is asked for,
``3`` is ``"3"`` only where a node label is. Text is folded first (``fold``: NFKC, every dash
and minus sign to ``-``, soft hyphens and zero-width characters dropped, smart quotes and
full-width commas to ASCII), then read the way a grader reads it:

* numbers: digits or words ("four", "minus one", via ``text2num``), after "≈", "~",
  "approximately"; "4/3 ≈ 1.33" is the value after the last ``≈`` or ``=``; a fraction is a
  number where a number is asked for ("2.33/2.83", two values, is a hedge); units and
  remarks after it are not part of it;
* booleans: yes / no / true / false followed by a pause ("Yes, it can.", "✅ Yes", "No —");
* labels: one token; sets: any list layout (JSON, ``{A, B}``, "A, B and C", one item per
  row after any bullet or enumerator of ``marks.item_marker``, bare rows, a table column,
  "only Iris", "all of them — crab, gecko and seal", none; a remark after a row's item is
  commentary unless it hedges);
* objects (``multi_query``): JSON, or ``key: value`` lines, bullets, table rows (one per field
  or one column per field), ``a = 1, b = 0``;
* tables: a count, number, yes/no or label as a markdown table row (``| reachable | yes |``,
  under a header or not): each row's last cell is its value; rows that differ are findings,
  no value; a cell that hedges is a hedge. A set's row may hold the list ("| unreachable |
  Carol, Kofi |").

A reading is ``(value, rest)``: ``rest`` is the text after the value, which the caller
(``commit``) weighs as commentary. ``HEDGE`` is a value offered with alternatives ("4 or 5",
"Yes/No", "maybe C"), ``FAIL`` no value of the type. JSON is parsed by the C scanner, else
by ``json_repair`` (smart quotes, unquoted keys, JSON5, comments, ``.5``), bounded in size
and depth, never ``eval``; ``NaN``, ``Infinity`` and integers over 100 digits are no value.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from jsonschema import Draft202012Validator

from closurebench.scoring import languages
from closurebench.scoring.marks import CLOSE, DASH, OPEN, SEP, item_marker, role, skip

__all__ = [
    "FAIL", "FLOAT_TOLERANCE", "HEDGE", "MAX_DEPTH", "MAX_INT_DIGITS", "TOLERANCES",
    "Schema",
    "as_read", "coerce", "coerce_answer", "coerce_json", "compile_schema", "fold", "freeze",
    "json_key", "label_key", "loads", "may_read", "read", "set_f1",
]

FLOAT_TOLERANCE = 0.005 + 1e-9
"""Half a unit in the second decimal, plus float slack: 2.333 and 2.335 both match 2.33."""
TOLERANCES = frozenset({"none", "count", "set"})
MAX_DEPTH = 32
"""Deepest bracket nesting handed to a JSON parser; answers need at most 3."""
MAX_INT_DIGITS = 100
"""Longer integer literals are no value (no answer is that large)."""
REPAIR_CHARS = 16_384
"""Longest text handed to ``json_repair`` (a pure-Python parser)."""
TEXT_CHARS = 4_096
"""Longest text read as an answer (an answer line, a tag, a JSON string)."""


class _Mark:
    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"<{self.name}>"


FAIL: Any = _Mark("no value")
HEDGE: Any = _Mark("hedge")

# ---- schemas ------------------------------------------------------------------------------


@dataclass(eq=False)
class Schema:
    """A compiled answer schema: the kind of value, its parts, and memoised validity."""

    key: str
    raw: dict[str, Any]
    kind: str  # integer | number | boolean | string | array | object | any
    unique: bool = False
    items: Schema | None = None
    properties: dict[str, Schema] = field(default_factory=dict)
    prop_keys: dict[str, str] = field(default_factory=dict)  # normalised spelling -> name
    spoken: re.Pattern[str] | None = None  # an object's fields said in prose (``_spoken``)
    validator: Draft202012Validator | None = None
    memo: dict[Any, Any] = field(default_factory=dict, repr=False)  # (tag, value) -> result

    def is_valid(self, value: Any) -> bool:
        """jsonschema's verdict, memoised by the value: answers repeat a lot."""
        key = json_key(value)
        try:
            key = ("valid", json.dumps(value) if key is None else key)
        except (TypeError, ValueError):
            return False
        hit = self.memo.get(key)
        if hit is None:
            try:
                hit = bool(self.validator.is_valid(value))  # type: ignore[union-attr]
            except Exception:  # a value jsonschema cannot handle is not the asked-for one
                hit = False
            remember(self.memo, key, hit)
        return hit


def remember(memo: dict[Any, Any], key: Any, value: Any) -> None:
    """Store in a memo that is emptied at 65,536 entries (hostile inputs cannot grow it)."""
    if len(memo) >= 1 << 16:
        memo.clear()
    memo[key] = value


_SCHEMAS: dict[str, Schema] = {}
_KEY_CHARS = str.maketrans("", "", " _-*`\"'")


def _build(raw: dict[str, Any], key: str) -> Schema:
    kind = raw.get("type")
    kind = kind if kind in ("integer", "number", "boolean", "string", "array", "object") else "any"
    schema = Schema(key, raw, str(kind), bool(raw.get("uniqueItems", False)))
    if kind == "array" and isinstance(raw.get("items"), dict):
        schema.items = _build(raw["items"], key + "/items")
    if kind == "object" and isinstance(raw.get("properties"), dict):
        props = {str(n): s for n, s in raw["properties"].items() if isinstance(s, dict)}
        schema.properties = {n: _build(s, f"{key}/{n}") for n, s in props.items()}
        schema.prop_keys = {n.lower().translate(_KEY_CHARS): n for n in props}
        schema.spoken = _spoken(list(props))
    Draft202012Validator.check_schema(raw)
    schema.validator = Draft202012Validator(raw)
    return schema


def _spoken(names: list[str]) -> re.Pattern[str] | None:
    """Where prose says an object's field without a separator mark: a copula ("can_reach is
    false", "in-degree equals 2") or nothing ("out-degree 1") before a value that starts like
    one (a digit, a sign, a yes/no or number word), and "and" before the last field ("…, in
    degree 2 and out degree 1"). ``_pairs`` reads them as ``field: value`` rows."""
    spelled = sorted((r"[ \t_-]?".join(map(re.escape, re.split(r"[\s_-]+", n)))
                      for n in names if n.strip(" _-")), key=len, reverse=True)
    if not spelled:
        return None
    value = rf"(?=[-+]?\d|(?:{'|'.join(('true', 'false', 'yes', 'no', *NUMBER_WORDS))})\b)"
    said = "|".join(spelled)
    return re.compile(rf"(?<![\w-])({said})(?![\w-])[ \t]*(?:(?:is|are|was|equals)[ \t]+)?"
                      rf"{value}|[ \t]+and[ \t]+(?=(?:{said})(?![\w-]))", re.I)


def compile_schema(schema: str | Mapping[str, Any]) -> Schema:
    """Compile (once per distinct schema text) an answer schema given as JSON text or dict.

    Raises ``ValueError`` for text that is not JSON or not a valid Draft 2020-12 schema.
    """
    if isinstance(schema, str):
        key = schema
    elif isinstance(schema, Mapping):
        try:
            key = json.dumps(schema, sort_keys=True, separators=(",", ":"))
        except (TypeError, ValueError) as exc:
            raise ValueError(f"answer_schema is not JSON-serialisable ({exc})") from None
    else:
        raise ValueError(
            f"answer_schema must be a JSON string or a dict, not {type(schema).__name__}"
        )
    cached = _SCHEMAS.get(key)
    if cached is not None:
        return cached
    try:
        raw = json.loads(key)
    except ValueError as exc:
        raise ValueError(f"answer_schema is not valid JSON ({exc})") from None
    if not isinstance(raw, dict):
        raise ValueError("answer_schema must be a JSON object")
    try:
        compiled = _build(raw, key)
    except Exception as exc:  # jsonschema.SchemaError and friends
        detail = str(getattr(exc, "message", exc)).splitlines()[0]
        raise ValueError(f"answer_schema is not a valid JSON Schema ({detail})") from None
    if len(_SCHEMAS) >= 10_000:
        _SCHEMAS.clear()
    _SCHEMAS[key] = compiled
    return compiled


# ---- JSON ---------------------------------------------------------------------------------


def _int(text: str) -> int:
    if len(text) > MAX_INT_DIGITS + 1:
        raise ValueError("integer literal too long")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError("non-finite number")
    return value


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not a value")


_CONFLICT = object()


def _members(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's members; a key given twice with two values is neither (``{"answer": 5,
    "answer": 3}`` answers nothing: JSON would keep the last one silently)."""
    out = dict(pairs)
    if len(out) == len(pairs):
        return out  # the common case: no key twice
    out = {}
    for key, value in pairs:
        out[key] = _CONFLICT if key in out and out[key] != value else value
    if any(v is _CONFLICT for v in out.values()):
        return {k: v for k, v in out.items() if v is not _CONFLICT}
    return out


_DECODER = json.JSONDecoder(parse_int=_int, parse_float=_float, parse_constant=_constant,
                            object_pairs_hook=_members)
SCAN = _DECODER.scan_once
"""The C scanner: ``SCAN(text, pos) -> (value, end)``, raising on anything but JSON."""


def _sane(value: Any, depth: int = 0) -> bool:
    """No non-finite float, no integer over ``MAX_INT_DIGITS`` digits, bounded depth."""
    kind = type(value)
    if kind is float:
        return math.isfinite(value)
    if kind is int:
        return value.bit_length() <= 333
    if kind is list or kind is dict:
        items = value.values() if kind is dict else value
        return depth < MAX_DEPTH and all(_sane(v, depth + 1) for v in items)
    return True


def _strict(text: str) -> Any:
    if text[:1] == "{" and text[1:2] not in '"} \t\n\r':
        return FAIL  # "{'a'" or "{a": the C scanner would raise
    try:
        value, end = SCAN(text, 0)
    except (ValueError, RecursionError, StopIteration):
        return FAIL
    return value if end == len(text) else FAIL


def leading_json(text: str) -> tuple[Any, int]:
    """The JSON value (strict, else repaired) that ``text`` starts with, and where it ends;
    ``(FAIL, -1)`` if none."""
    if text.count("{", 0, 4096) + text.count("[", 0, 4096) <= MAX_DEPTH \
            and not (text[:1] == "{" and text[1:2] not in '"} \t\n\r'):
        try:
            value, end = SCAN(text, 0)
            return value, end
        except (ValueError, RecursionError, StopIteration):
            pass
    end = closing(text, 0)
    value = loads(text[:end]) if end > 0 else FAIL
    return value, end


def loads(text: str) -> Any:
    """One JSON value filling ``text`` (stripped): strict JSON, else ``json_repair`` on a
    bracketed text; a string holding a JSON object is decoded once more. ``FAIL`` if none."""
    text = text.strip()
    if not text or text.count("{") + text.count("[") > MAX_DEPTH:
        return FAIL
    value = _strict(text)
    if value is FAIL and not text.isascii():
        value = _strict(fold(text))  # smart quotes, full-width brackets
    if value is FAIL and text[0] + text[-1] in ("{}", "[]") and len(text) <= REPAIR_CHARS:
        value = _python(text)
        if value is FAIL:
            value = _repair(text)
    if type(value) is str and value[:1] == "{" and value[-1:] == "}" and value != text:
        inner = loads(value)  # double-encoded: "{\"answer\": 4}"
        value = value if inner is FAIL else inner
    return value


_WORDS_RE = re.compile(r"[A-Za-z0-9_]+")
_COMMENT_RE = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_PY = {"true": "true", "false": "false", "none": "null"}


def _words(text: str) -> set[str]:
    return {_PY.get(w, w) for w in _WORDS_RE.findall(text.lower())}


_PY_WORD_RE = re.compile(r'"[^"]*"|\b(True|False|None)\b|,(\s*[}\]])')
_PY_JSON = {"True": "true", "False": "false", "None": "null"}


def _python(text: str) -> Any:
    """A Python literal (``{'answer': True,}``) read by the C scanner after swapping its
    quotes and words, when that is unambiguous (no double quote, no escape); the commonest
    non-JSON output, and a fortieth of ``json_repair``'s time."""
    if '"' in text or "\\" in text or "'" not in text:
        return FAIL
    swapped = _PY_WORD_RE.sub(
        lambda m: _PY_JSON[m[1]] if m[1] else m[2] if m[2] is not None else m[0],
        text.replace("'", '"'))
    value = _strict(swapped)  # the swap keeps every word: no need to check like a repair
    return value if value is not FAIL and _sane(value) else FAIL


_TEMPLATE_RE = re.compile(r":\s*<[^<>\"]{1,40}>")


def _repair(text: str) -> Any:
    """``json_repair``'s reading of a bracketed text, kept only if it is of the bracket's
    type and drops no word outside comments (``{"answer": 3 or 4}`` is not ``3``)."""
    import json_repair

    if _TEMPLATE_RE.search(text):
        return FAIL  # a template echoed back: {"answer": <integer>}
    try:
        value = json_repair.loads(text)
        kept = _words(json.dumps(value))
    except Exception:  # json_repair on hostile text: no value, never an exception
        return FAIL
    if type(value) is not (dict if text[0] == "{" else list) or not value or not _sane(value):
        return FAIL
    return value if _words(_COMMENT_RE.sub(" ", text)) <= kept else FAIL


# ---- text ---------------------------------------------------------------------------------

_FOLD = str.maketrans({
    **dict.fromkeys("\u2010\u2011\u2012\u2013\u2212\ufe63", "-"),
    **dict.fromkeys("\u00ad\u200b\u200c\u200d\u2060\ufeff"),
    **dict.fromkeys("\u2018\u2019\u201a\u2032", "'"),
    **dict.fromkeys("\u201c\u201d\u201e\u2033", '"'),
    "\u3001": ",", "\u3002": ".", "\uff61": ".", "\u2248": "≈", "\u2243": "≈", "\u223c": "~",
    "\u066b": ".", "\u066c": ",", "\u060c": ",", "\u061b": ";", "\u0964": ".", "\u0965": ".",
})


class _Folds(dict):  # type: ignore[type-arg]
    """``_FOLD``, then by Unicode category for every other character, computed once each:
    a non-ASCII bracket of any script (``Ps`` / ``Pe``: ``【``, ``「``, ``〔``) becomes ``(``
    / ``)`` and a quotation mark (``Pi`` / ``Pf``: ``«``, ``‹``) ``"``, so that every reader
    sees one bracket and one quote, and a decimal digit of any script (``Nd``: "١", "३") its
    ASCII digit; ASCII is left as it is."""

    def __missing__(self, code: int) -> int | str:
        if code < 128:
            return code  # ASCII brackets are JSON's and markdown's: left as they are
        cat = unicodedata.category(chr(code))
        out: int | str = "(" if cat == "Ps" else ")" if cat == "Pe" else '"' if cat in (
            "Pi", "Pf") else str(unicodedata.decimal(chr(code))) if cat == "Nd" else code
        if len(self) < 1 << 16:
            self[code] = out
        return out


_FOLDS = _Folds(_FOLD)


def fold(text: str) -> str:
    """``text`` in NFKC with dashes, quotes, brackets and invisible characters folded to
    ASCII."""
    if text.isascii():
        return text
    return unicodedata.normalize("NFKC", text).translate(_FOLDS)


_LATEX_RE = re.compile(
    r"\\(?:text|mathrm|texttt|textbf|mathbf|operatorname|textsf|emph|mbox|boxed|fbox)"
    r"\s*\{([^{}]*)\}|\\d?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}"
)
_LATEX_WORDS = (("\\{", "{"), ("\\}", "}"), ("\\emptyset", "∅"), ("\\varnothing", "∅"),
                ("\\approx", "≈"), ("\\sim", "~"), ("\\left", ""), ("\\right", ""),
                ("\\,", " "), ("\\;", " "), ("\\!", ""), ("\\(", ""), ("\\)", ""),
                ("\\[", ""), ("\\]", ""), ("\\quad", " "), ("\\_", "_"), ("\\&", "&"),
                ("\\%", "%"), ("\\#", "#"))  # TeX's escaped specials: "can\_reach"
_MARKUP_RE = re.compile(r"\*\*|__|`+|\$+|~~")
_ITALIC_RE = re.compile(r"(?<![\w*])\*(?=[^\s*])|(?<=[^\s*])\*(?![\w*])")
"""A single ``*`` that opens or closes italics ("*yes*"; "2*3" is no emphasis)."""


def clean(text: str) -> str:
    """``text`` without markdown emphasis (bold, then italics), code ticks, ``$`` and LaTeX
    wrappers."""
    if "\\" in text:
        for _ in range(4):
            new = _LATEX_RE.sub(lambda m: m[1] if m[1] is not None else f"{m[2]}/{m[3]}", text)
            if new == text:
                break
            text = new
        for latex, plain in _LATEX_WORDS:
            text = text.replace(latex, plain)
    if "*" in text or "_" in text or "`" in text or "$" in text or "~" in text:
        text = _MARKUP_RE.sub("", text)
        if "*" in text:
            text = _ITALIC_RE.sub("", text)
    return text


_NUMBER = r"[+-]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d{1,3})?"
_NUM_RE = re.compile(rf"({_NUMBER})(?!\.?\d|[A-Za-z_]|-[A-Za-z0-9])")
_EXPR_RE = re.compile(rf"(?:{_NUMBER}|[\s()+*/×÷=≈~-])*")
_APPROX_RE = re.compile(
    r"(?:≈|~|about\b|approx(?:imately\b|\.)?|roughly\b|around\b|exactly\b|only\b|just\b"
    r"|a total of\b|total\b|of\b)\s*",
    re.I,
)
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
                "seventeen", "eighteen", "nineteen", "twenty", "thirty", "forty", "fifty",
                "sixty", "seventy", "eighty", "ninety", "a hundred", "hundred")
"""The words a number can start with (``text2num`` reads what follows them)."""
_WORD_NUM_RE = re.compile(rf"(minus |negative )?((?:{'|'.join(NUMBER_WORDS)})\b[a-z\s-]{{0,60}})",
                          re.I)
_LEAD_NUM_RE = re.compile(rf"{_NUMBER}(?=\W|$)")
_FRAC_RE = re.compile(r"\s*[/÷]\s*(\d+)(?!\.?\d)")
_SLASH_RE = re.compile(r"\s*/\s*[+-]?\.?\d")
_LEAD_RE = re.compile(r"(?:[\s\"'“”:=>#*—|(]|-(?![\d.]))*")


def _lead(text: str) -> str:
    """``text`` without the marks before a value: ASCII ones by one regex, any other by its
    Unicode role (``marks``: brackets, quotes, dashes, colons, arrows), never a minus sign."""
    i = _LEAD_RE.match(text).end()
    while i < len(text) and not text[i].isascii():
        j = skip(text, i, OPEN | CLOSE | SEP)
        if j == i:
            break
        i = _LEAD_RE.match(text, j).end()
    return text[i:]



def _number(text: str, integer: bool) -> tuple[Any, str]:
    """The number ``text`` starts with (digits, words, a fraction, an approximation)."""
    text = _lead(text)
    for _ in range(3):
        approx = _APPROX_RE.match(text)
        if approx is None:
            break
        text = text[approx.end() :]
    words = _WORD_NUM_RE.match(text)
    if words is not None:  # "four (4)", "minus one": the library reads the words
        from text_to_num import alpha2digit

        digits = alpha2digit(words[2], "en", threshold=0)
        lead = _LEAD_NUM_RE.match(digits)
        if lead is None:
            return FAIL, text
        text = ("-" if words[1] else "") + digits + text[words.end() :]
    expr = _EXPR_RE.match(text)[0].rstrip(" (")
    if "=" in expr or "≈" in expr:  # "7 / 3 = 2.33", "4/3 ≈ 1.33": the evaluated value
        cut = max(expr.rfind("="), expr.rfind("≈")) + 1
        return _number(text[cut:], integer)
    m = _NUM_RE.match(text)
    if m is None:
        return FAIL, text
    rest = text[m.end() :]
    frac = _FRAC_RE.match(rest)
    if frac is None and _SLASH_RE.match(rest):
        return HEDGE, rest  # "3.67/4.17": two values, not a fraction
    try:
        value = float(m[1]) if not integer or "." in m[1] or "e" in m[1].lower() else int(m[1])
        if frac is not None:  # a fraction: a number, but no count ("4/5" hedges between two)
            if integer or int(frac[1]) == 0:
                return HEDGE if integer else FAIL, rest
            value, rest = value / int(frac[1]), rest[frac.end() :]
    except (ValueError, OverflowError):
        return FAIL, text
    if type(value) is float:
        if not math.isfinite(value) or (integer and not value.is_integer()):
            return FAIL, text
        value = int(value) if integer else value
    if type(value) is int and value.bit_length() > 333:
        return FAIL, text
    return value, rest


_BOOLS = languages.yes_no()
"""Yes and no of every language (``languages.LANGUAGES``): "ja", "oui", "sí", "是", "нет"."""


def _words_re(words: tuple[str, ...]) -> str:
    """An alternation of words: bounded by non-letters, except in scripts without spaces."""
    spaced = [re.escape(w) for w in words if not languages.spaceless(w[0])]
    bare = [re.escape(w) for w in words if languages.spaceless(w[0])]
    return "(?:" + "|".join([rf"(?<!\w)(?:{'|'.join(spaced)})(?!\w)", *bare]) + ")"
    # (lookarounds, not \b: a word may end in a combining mark, "या", which \w is not)


_ALTERNATIVE = _words_re(languages.alternatives())
_ALTERNATIVE_RE = re.compile(rf"\s*(?-i:{_ALTERNATIVE})\s*(?=\S)", re.I)
"""Two values joined as alternatives, in any language: "4 oder 5", "oui ou non", "3或4"
(lower case only: "O" may be a node)."""
_BOOL_WORDS = "|".join(sorted(map(re.escape, _BOOLS), key=len, reverse=True))
_BOOL_RE = re.compile(
    rf"({_BOOL_WORDS})"
    rf"(?=\s*(?:[.,;:!?)(/—\"'。-]|$)|(?-i:\s+[A-Z])|\s+or\b|\s*(?-i:{_ALTERNATIVE})"
    r"|\s*[\u2190-\u2bff\U0001f000-\U0001faff])", re.I)  # or a symbol: "Yes ✅", "No 👍"
_BOOL_HINT_RE = re.compile(
    rf"(?:{_BOOL_WORDS})(?:(?![^\W_])|"
    rf"{'|'.join(re.escape(w) for w in languages.alternatives() if languages.spaceless(w[0]))})")
"""``_BOOL_RE`` anywhere, on lower-case text (``_lowered``): a yes/no word then what may
follow it there (a pause, which a letter or digit never is; the end of a cell or row; an
alternative of a script without spaces, "是或否"). A necessary condition for ``_boolean``."""
_REMARK_THEN_OR_RE = re.compile(
    rf"[ \t]*\([^()\n]{{0,80}}\)[ \t]*,?[ \t]*(?:or\b|(?-i:{_ALTERNATIVE}))", re.I)
"""A value's remark, then an alternative: "16 (if we count the loop) or 17 (if not)"."""
_BOOL_OR_RE = re.compile(rf"\s*(?:/|or\b|(?-i:{_ALTERNATIVE}))", re.I)
_TICKS = "✅✔✓☑❌❎✖✗✘ \t\n"


def _boolean(text: str) -> tuple[Any, str]:
    text = _lead(text).lstrip(_TICKS)
    m = _BOOL_RE.match(text)
    if m is None:
        return FAIL, text
    rest, value = text[m.end() :], _BOOLS.get(m[1].lower())
    if value is None:
        return FAIL, text  # a case-free match whose lower case is no word ("SİM", Turkish İ)
    return (HEDGE if _BOOL_OR_RE.match(rest) else value), rest


REVISION_MARKERS = ("actually", "in fact", "in reality", "on second thought", "on reflection",
                    "correction", "correcting", "re-checking", "rechecking", "recounting",
                    "re-counting")
"""Words that revise wherever they stand in a sentence after a value ("On second thought I
missed an edge; the count is actually 6."): the sentence's value replaces the one before it,
and a sentence holding one without a readable value leaves no answer (``_DOUBT``). Like every
opener, they are no part of the value they stand before ("Actually, 6.", "Re-checking: 6")."""
REVISION_ADVERBS = ("actually", "in fact", "in reality", "rather", "instead", "really")
"""Revision adverbs that may stand between a copula and its value ("the count is actually 6",
"it is, in fact, 6", "it is rather 6"): skipped there, like an opener at a sentence start.
"rather" and "instead" revise only as a sentence's first word ("Rather, 6."; "rather dense" is
no revision) or with a value after them (``_CONCLUDE``)."""
REVISING = "|".join(w.replace(" ", "[ \t]+") for w in REVISION_MARKERS)
"""``REVISION_MARKERS`` and ``REVISION_ADVERBS`` as patterns (a space: any run of blanks)."""
ADVERBS = "|".join(w.replace(" ", "[ \t]+") for w in REVISION_ADVERBS)
CLOSING_ADVERB_RE = re.compile(
    rf"[ \t]*,[ \t]*(?:{ADVERBS}|{REVISING})[ \t]*(?:[.!]+|$|(?=\n))", re.I)
"""A revision adverb or marker that closes its value's own sentence ("It is 6, actually.",
"It is 6, on second thought.", "Answer: A, B, actually."): part of that statement, not a
revision after it, and no item of a set's list."""


_HEAD_RE = re.compile(rf"(?:\d+|{'|'.join(NUMBER_WORDS)})[ \t]+[^:\n\[{{]{{1,30}}?:[ \t]+(?=\S)",
                      re.I)
"""A count and what it counts before a list's colon ("3 nodes: ", "three hosts: ")."""
PRONOUN_RE = re.compile(rf"I(?:[ \t]+(?!(?:and|or|plus|nor|{'|'.join(languages.conjunctions())})\b)"
                        r"(?!(?!was\b)[a-z]*[^s\W]s\b)[a-z]|['’][a-z])")
"""In prose, "I" before a lower-case word is the pronoun, even where a node is called I
("Overall, I am confident in this.", "I'd say 4"); not before "and", "or", another language's
"and" (a list) or a verb of the third person ("I is the node", "I reaches A": the node I).
After a cue too: "Final Answer: I could not determine the answer." is no node I."""
_FOREIGN_AND_RE = re.compile(rf"[ \t]+({'|'.join(languages.conjunctions())})[ \t]+")
"""Another language's "and" between a list's last two items (lower case: "Bea, Gus und Vic")."""
_REJECTING_RE = re.compile(r"[ \t]*,?[ \t]*(?:but[ \t]+)?not\b", re.I)
"""A list's end at a rejected alternative after it ("A, B, not C", "A and B but not C")."""
_DECIMAL_COMMA_RE = re.compile(r"\A([+-]?\d+),(\d{1,2}|\d{4,})(?![\d,])")
"""A number written with a decimal comma (Polish, German, French: "1,29"); three digits after
the comma are thousands ("1,000")."""
_NUMBER_LABEL_RE = re.compile(r"[+-]?\d+(?:\.\d+)?")
_FINDING_RE = re.compile(r":[ \t]+[^\W\d_]")
"""A node then ":" and words: the key of a finding about it, not a set's item."""
_ITEM_REMARK_RE = re.compile(r"[ \t]*\([^()\n]{1,60}\)")
_TOKEN_RE = re.compile(
    r"[\"'`]*([\w][\w.-]*?)[\"'`]*(?=[\s,;:!?()\[\]{}|/—]|[^\w\x00-\u1fff]|\.?$|\.\s)")
"""A label token; it ends at a space, a separator or a symbol from U+2000 on ("Sven🎉",
"Bea✓"); Latin-1's signs do not end one (mojibake such as "Ã¢â‚¬" is no label)."""
_EMPTY = r"(?:none|nothing|nobody|no ?one|empty|the empty set|∅|\{\s*\}|\[\s*\]|no [a-z]+)"
_EMPTY_RE = re.compile(_EMPTY + r"(?![\w-])", re.I)
_EMPTY_HINT_RE = re.compile(_EMPTY)
"""``_EMPTY_RE`` anywhere, on lower-case text (``_lowered``): a necessary condition for an
empty set in prose (``may_read``)."""
_ALL_RE = re.compile(r"(?:(?:all of them|all|only|just|these|the following|they are)\b\s*"
                     r"[:—-]?\s*)+", re.I)
_SEP_RE = re.compile(r"\s*(?:[,;]\s*(?:and|&|plus)\b|,|;|&|\band\b|\bplus\b)\s*", re.I)
_HEDGE_RE = re.compile(r"\s*(?:\bor\b|/|\bmaybe\b|\bpossibly\b|\bperhaps\b"
                       rf"|(?-i:{_ALTERNATIVE}))", re.I)
_PAUSE = " .,;:!)"
Names = Callable[[str], bool]
_CLAUSE_END_RE = re.compile(r"[.,;:!?()]")
_JOINED_RE = re.compile(rf"\s*(?:,|\bor\b|\band\b|/|&|(?-i:{_ALTERNATIVE}))\s*", re.I)
_OTHER_RE = re.compile(
    r"(?:(?:maybe|perhaps|possibly|else)[ \t]+)?(?:some(?:one|body|thing)|any(?:one|body|thing)"
    r"|another|(?:some|an|the)[ \t]+other|other|a[ \t]+different)\b", re.I)
"""*An unnamed alternative is an alternative*: a value joined by "or" to someone or something
not named ("wolf or someone else", "Either wolf or another person.") is a hedge, as "4 or
5" is; every other type reads any word after "or" as an alternative already."""
_AND_RE = re.compile(r"\s*(?:,\s*)?(?:and|&)\b", re.I)
_PIECE_SPLIT_RE = re.compile(r"(?:[,;]|[ \t]/[ \t])(?![^()]*\))")


def _label(text: str, names: Names | None, weak: bool) -> tuple[Any, str]:
    """One label; a second one joined to it ("A or B", "A and B") makes it a hedge."""
    text = _lead(text)
    m = _TOKEN_RE.match(text)
    if m is None or (weak and (names is None or not names(m[1].rstrip(".")))) or (
            weak and PRONOUN_RE.match(text)):
        return FAIL, text
    label, rest = m[1].rstrip("."), text[m.end() :]
    if names is not None and (_NUMBER_LABEL_RE.fullmatch(label) or "_" in label) and not names(
            label):
        return FAIL, text  # "Answer: 5" to "which node": a number of another type, no label;
        # "Final answer: best_node": a variable's name
    if names is not None and not weak and not names(label):
        for other in _TOKEN_RE.finditer(text, 0, min(len(text), 80)):  # "node srv-24"
            if _CLAUSE_END_RE.search(text, 0, other.start()):
                break
            if names(other[1].rstrip(".")):
                label, rest = other[1].rstrip("."), text[other.end() :]
                break
    joined = _JOINED_RE.match(rest)
    if joined is not None:
        after = _TOKEN_RE.match(rest, joined.end())
        if after is not None and (names(after[1].rstrip(".")) if names else True):
            return HEDGE, rest
        if _OTHER_RE.match(rest, joined.end()) and not _AND_RE.match(rest):
            return HEDGE, rest  # "wolf or someone else": an alternative left unnamed
    return label, rest


def _items(text: str, names: Names | None, weak: bool) -> tuple[Any, str]:
    """A set as one line of items: ``A, B and C``, ``{A, B}``, ``[A, B]``, "none"; their count
    before a colon is no item ("3 nodes: A, B, C")."""
    text = _lead(text)
    head = _HEAD_RE.match(text)
    if head is not None and names is not None and not any(
            names(t[1].rstrip(".")) for t in _TOKEN_RE.finditer(head[0])):
        text = _lead(text[head.end() :])
    every = _ALL_RE.match(text)
    text = _lead(text[every.end() :]) if every else text
    if text[:1] == "[":
        value, end = leading_json(text)
        if type(value) is list and not (weak and not all(
                names and type(v) in (str, int) and names(str(v)) for v in value)):
            return value, text[end:]  # in prose, "[1]" is a footnote unless 1 is a node
    empty = _EMPTY_RE.match(text)
    if empty is not None:
        rest = text[empty.end() :]  # in prose, only "none" standing alone ("None, since …")
        return ([], rest) if not weak or rest.lstrip(" ")[:1] in ",.;:!)—-" else (FAIL, text)
    wrapped = text[:1] in "{("
    pos, out = (1 if wrapped else 0), []
    while True:
        m = _TOKEN_RE.match(text, pos)
        if m is None or (weak and not (names and names(m[1].rstrip(".")))) or (
                weak and PRONOUN_RE.match(text, m.start())):
            break
        token = m[1].rstrip(".")
        if names is not None and (_NUMBER_LABEL_RE.fullmatch(token) or "_" in token) and not (
                names(token)):
            return FAIL, text  # "Answer: 5" to "which nodes": a count, no set of labels;
            # "Final answer: reach_set": a variable's name
        if not out and text[m.end() : m.end() + 1] == ":" and _FINDING_RE.match(text, m.end()):
            return FAIL, text  # "Zoe: does not qualify, Rupert: qualifies": keys of findings
        out.append(m[1].rstrip("."))
        end = m.end()
        if CLOSING_ADVERB_RE.match(text, end) or _REJECTING_RE.match(text, end):
            pos = end
            break  # "A, B, actually.", "A, B, not C": the statement ends, no more items
        remark = _ITEM_REMARK_RE.match(text, end)  # "Dina (direct), Grace (via Zoe)": a
        if remark is not None and _SEP_RE.match(text, remark.end()):  # remark on its item
            if _REMARK_HEDGE_RE.search(remark[0]):
                return HEDGE, text[end:]  # "A (or B), C"
            end = remark.end()
        sep = _SEP_RE.match(text, end)
        if sep is None:  # "Bea, Gus y Vic": another language's "and"; where it is also a
            # node ("D, L y Y"), only between two nodes (no list puts nodes side by side)
            sep = _FOREIGN_AND_RE.match(text, end)
            if sep is not None and names is not None and names(sep[1]):
                after = _TOKEN_RE.match(text, sep.end())
                sep = sep if after is not None and names(after[1].rstrip(".")) else None
        pos = m.end() if sep is None else sep.end()
        if _HEDGE_RE.match(text, end) or (sep is not None and _HEDGE_RE.match(text, pos)):
            return HEDGE, text[pos:]  # "A or B", "A, B and maybe C"
        if sep is None or sep.end() == end:
            break
    if not out:
        return FAIL, text
    rest = text[pos:]
    return out, (rest.lstrip(" })") if wrapped else rest)


_STRUCT_RE = re.compile(r'"(?:[^"\\\n]|\\.)*"?|(?<!\w)\'(?:[^\'\\\n]|\\.)*\'?|[{}\[\]]')


def closing(text: str, start: int) -> int:
    """End of the brackets opened at ``start`` (quoted strings respected, at most
    ``REPAIR_CHARS`` on), or -1: one linear pass of a regex that cannot backtrack."""
    depth = 0
    for m in _STRUCT_RE.finditer(text, start, start + REPAIR_CHARS):
        ch = m[0][0]
        if ch in "{[":
            depth += 1
            if depth > MAX_DEPTH:
                return -1
        elif ch in "}]":
            depth -= 1
            if depth == 0:
                return m.end()
    return -1


_PIPE_RE = re.compile(r"^\s*\|\s*")
_TABLE_RULE_RE = re.compile(r"^\s*\|?[\s:|-]*-{3,}[\s:|-]*$")
_REMARK_HEDGE_RE = re.compile(
    r"\b(?:or|either|maybe|possibly|perhaps|probably|if|unless|might|could|not sure|unsure)\b",
    re.I)


def _hedges(text: str, value: Any, reading: Callable[[str], Any]) -> bool:
    """Whether a table cell or row that reads as ``value`` hedges: a hedge word in it, and a
    value of the type read at its start or right after such a word ("4 (maybe 5)", "either
    4 or 5"). A hedge is always offered with a value: "not sure" alone is none."""
    hedges = _REMARK_HEDGE_RE.finditer(text)
    if value is not FAIL:
        return next(hedges, None) is not None
    return any(reading(text[m.end() :]) is not FAIL for m in islice(hedges, 8))


def lines(text: str) -> list[str]:
    """The rows of a block: each row's list marker dropped (``marks.item_marker``: any
    bullet, dash, symbol or enumerator), a markdown table's header and rule dropped (the rule
    alone where the header was an answer cue) and its outer pipes removed."""
    rows = [r for r in text.strip().splitlines() if r.strip()]
    if len(rows) > 2 and _TABLE_RULE_RE.match(rows[1]):
        rows = rows[2:]
    elif len(rows) > 1 and _TABLE_RULE_RE.match(rows[0]):
        rows = rows[1:]  # "| Answer |" was the cue: its rule, then the rows
    out = []
    for item in (r for row in rows for r in _inline_rows(row)):
        k = item_marker(item)
        item = item[k:] if k else _PIPE_RE.sub("", item, count=1)
        out.append(item.strip().rstrip("|").strip())
    return out


_INLINE_ENUM_RE = re.compile(r"(?:^|(?<=\s))(\d{1,2})[.)][ \t]+")


def _inline_rows(row: str) -> list[str]:
    """A row numbered inline ("1) Dina 2) Grace 3) Hana") as one row per item: enumerators
    1, 2, 3, … in order on one line are rows run together."""
    if ") " not in row and ". " not in row:
        return [row]
    marks = list(_INLINE_ENUM_RE.finditer(row))
    if len(marks) < 2 or marks[0].start() != len(row) - len(row.lstrip()) or any(
            int(m[1]) != i + 1 for i, m in enumerate(marks)):
        return [row]
    return [row[a.start() : b.start() if b else len(row)].strip()
            for a, b in zip(marks, [*marks[1:], None])]


def _cell(row: str, names: Names | None) -> str:
    """A table row's cell that names a node (a "#" column before it aside), else the last
    cell that starts with one or says none (a key, then the set: "| unreachable | Carol,
    Kofi |"), else its first."""
    cells = row.split("|")
    if len(cells) > 1 and names is not None:
        for cell in cells:
            if names(cell.strip().strip("*_`")):
                return cell
        for cell in reversed(cells):
            head = _TOKEN_RE.match(_lead(cell.strip()))
            if (head is not None and names(head[1].rstrip("."))) or _EMPTY_RE.fullmatch(
                    cell.strip().strip("*_` .")):
                return cell
    return cells[0]


def decoration(text: str) -> bool:
    """Whether ``text`` is symbols only (emoji, dingbats, their joiners and variation
    selectors: categories ``So``, ``Sk``, ``Mn``, ``Cf``; the end-of-proof sign ``∎``) and
    spaces: no remark."""
    return all(ch.isspace() or ch == "\u220e" or unicodedata.category(ch) in (
        "So", "Sk", "Mn", "Cf") for ch in text)


_NEGATIVE_MARKS = frozenset("✗✘❌❎☒⨯✖🚫")
"""Marks that say "no" of the row they end."""


def _block(text: str, names: Names | None, weak: bool) -> tuple[Any, str]:
    """A set given one item per row (bullets, numbers, a table's first column); a remark
    after a row's items ("- Carol (no path)", "- Kofi — unreachable") is commentary, unless
    it hedges ("- Kofi (or Jana)"), which makes the whole block a hedge. A hedge is always
    offered with a value: a row without an item is no value, whatever its words. Table rows
    that each hold a list ("| one-way | Bea, Gus |", "| two-way | Vic |") are findings, as
    rows that differ are for a count: no value."""
    out, tabled, widest = [], 0, 0
    for row in lines(text):
        item, rest = _items(_cell(row, names), names, weak)
        if "|" in row and type(item) is list:
            tabled, widest = tabled + 1, max(widest, len(item))
        if "|" in row and item is not HEDGE and _hedges(
                row, item, lambda t: _items(t, names, weak)[0]):
            return HEDGE, text  # a table row that hedges: "| reachable | A (or B) |"
        if item is FAIL or item is HEDGE:
            return item, text
        tail = rest.strip(_PAUSE + "|")
        if tail and decoration(tail) and (rest.lstrip(" \t")[:1] in ":=" or any(
                ch in _NEGATIVE_MARKS for ch in tail)):
            return FAIL, text  # "- L: ✓", "- Y ✗": a checklist of findings, no set
        if tail and not decoration(tail):  # "- Carol ✅ 🎉" ends with symbols only
            if rest.lstrip(" ")[:1] not in "(—-–:" or (names is None and weak):
                return FAIL, text
            if _REMARK_HEDGE_RE.search(tail):
                return HEDGE, text
        out += item
    if tabled > 1 and widest > 1:
        return FAIL, text  # a set in each of a table's rows: findings, not one set's items
    return out, ""


_TOTAL_ROW_RE = re.compile(r"(?:final|overall|total|sum|answer|result)\b", re.I)


def _table(text: str, schema: Schema, names: Names | None, weak: bool) -> tuple[Any, str]:
    """A count, number, yes/no or label given in a markdown table: each row's last cell is
    its value, the cells before it its key ("| reachable | yes |"); a header and its rule are
    dropped. Rows that agree give their value, and so does a last row keyed as the answer
    ("| **Total** | 5 |"); rows that differ are a table of findings, no value; a value cell
    that hedges ("| reachable | yes (probably) |", "| count | 4 or 5 |") makes it a hedge; a
    cell without a value ("| count | not sure |") is none, whatever its words."""
    found: list[tuple[Any, str]] = []
    for i, row in enumerate(lines(text)):
        cells = [c.strip() for c in row.split("|")]
        cells = [c for c in cells if c.strip("*_` ")]
        if not cells:
            continue
        value, rest = _text(cells[-1], schema, names, weak)
        if value is not HEDGE and _hedges(
                cells[-1], value, lambda t: _text(t, schema, names, weak)[0]):
            return HEDGE, ""  # "| reachable | yes or no |", "| count | either 4 or 5 |"
        tail, header = rest.strip(_PAUSE + "|"), value is FAIL
        if value is not FAIL and value is not HEDGE and tail and (
                rest.lstrip(" ")[:1] not in "(—-–:"):
            value = FAIL  # "| count | 4 edges out of 6 |": more than a value
        if value is HEDGE:
            return HEDGE, ""
        if value is FAIL:
            if i == 0 and header:
                continue  # a header row without its rule: "| question | answer |"
            return FAIL, text
        found.append((value, cells[0] if len(cells) > 1 else ""))
    if not found:
        return FAIL, text
    if len(found) > 1 and _TOTAL_ROW_RE.match(found[-1][1].strip("*_` ")):
        return found[-1][0], ""  # a breakdown, then its total
    first = json_key(found[0][0])
    if first is None or any(json_key(v) != first for v, _ in found[1:]):
        return (found[0][0], "") if len(found) == 1 else (FAIL, text)
    return found[0][0], ""


_PAIR_RE = re.compile(r"(\w(?:[\w-]*\w)?)(?:[ \t]+(\w(?:[\w-]*\w)?))?[ \t]*(?=[^\w\s])")
"""A field's name (a word or two) and where the mark after it starts; the mark is a
separator of ``marks`` (``pair_end``)."""


def pair_end(text: str, at: int) -> int:
    """The end of the mark between a field and its value at ``at``, or -1: ``|`` (a table
    row) or a run of separators of any script (``marks.SEP``: ``:``, ``=``, ``：``, dashes,
    arrows such as ``→`` and ``->``; a minus sign before a digit and a hyphen inside a word
    are none), and the spaces after it."""
    end = at + 1 if text[at : at + 1] == "|" else skip(text, at, SEP)
    if end == at or (end == at + 1 and at > 0 and text[at - 1].isalnum()
                     and text[end : end + 1].isalnum() and role(text[at]) & DASH):
        return -1  # no separator, or a hyphen inside a word ("Self-check"; "can_reach:否" is
        # a pair, as text without spaces writes it)
    while end < len(text) and text[end] in " \t":
        end += 1
    return end


def _wide(text: str, schema: Schema) -> str:
    """``text`` with each table of one column per field and one row of values ("| can_reach
    | in_degree |" over its rule and "| false | 5 |") as ``key: value`` lines."""
    rows = text.split("\n")
    for i in range(len(rows) - 3, -1, -1):
        if rows[i].count("|") < 2 or not _TABLE_RULE_RE.match(rows[i + 1]) or (
                i + 3 < len(rows) and rows[i + 3].strip()[:1] == "|"):
            continue  # not a header over its rule and one row of values
        keys = [c.strip().strip("*_` ") for c in rows[i].strip().strip("|").split("|")]
        values = [c.strip() for c in rows[i + 2].strip().strip("|").split("|")]
        if len(keys) == len(values) and all(
                k.lower().translate(_KEY_CHARS) in schema.prop_keys for k in keys):
            rows[i : i + 3] = [f"{k}: {v}" for k, v in zip(keys, values, strict=True)]
    return "\n".join(rows)


_OR_NEXT_RE = re.compile(r"[ \t)\]}]*or\b", re.I)
_ALT_GROUPS_RE = re.compile(r"[)\]}][ \t]*\bor\b[ \t]*[(\[{]", re.I)
_QUOTED_KEY_RE = re.compile(r'"([A-Za-z_][\w -]{0,30})"(?=[ \t]*[:=])')


def _csv(text: str, schema: Schema) -> str:
    """``text`` with a CSV header of the fields over one row of values ("can_reach,in_degree"
    over "false,2") as ``key: value`` lines, as ``_wide`` does for a markdown table."""
    rows = text.strip().split("\n")
    for i in range(len(rows) - 2, -1, -1):
        keys = [c.strip().strip("\"'") for c in rows[i].split(",")]
        values = [c.strip() for c in rows[i + 1].split(",")]
        if len(keys) > 1 and len(keys) == len(values) and all(
                k.lower().translate(_KEY_CHARS) in schema.prop_keys for k in keys):
            rows[i : i + 2] = [f"{k}: {v}" for k, v in zip(keys, values, strict=True)]
    return "\n".join(rows)


_SENTENCE_GAP_RE = re.compile(r"(?<=[.!?])[ \t]+")


def _field_of(m: re.Match[str], keys: dict[str, str]) -> str | None:
    """The schema field a ``_PAIR_RE`` match names (its last word or two), or None."""
    said = (f"{m[1]}{m[2] or ''}", m[2] or "", m[1])
    hit = next((keys[k] for k in (w.lower().translate(_KEY_CHARS) for w in said)
                if k in keys), None)
    if hit is None and m[2] is None:  # "reach: no / in: 2 / out: 1"
        hit = _part_owner(m[1], keys)
    return hit


def _part_owner(word: str, keys: dict[str, str]) -> str | None:
    """The one field whose name has ``word`` as a word ("reach" of can_reach, "in" of
    in_degree) and no other field's name has (so "degree" names none)."""
    word = word.lower()
    if len(word) < 2:
        return None
    owners = {f for f in keys.values() if word in f.lower().replace("-", "_").split("_")}
    return owners.pop() if len(owners) == 1 else None


def names_field(key: str, schema: Schema) -> bool:
    """Whether ``key`` (a row's name, bullet and markup around it) is one of an object
    schema's fields, spelled as ``_pairs`` compares them."""
    key = key.strip(" \t-*•+")
    return key.lower().translate(_KEY_CHARS) in schema.prop_keys or (
        " " not in key and _part_owner(key, schema.prop_keys) is not None)


_WORDS_RE = re.compile(r"[\w-]+(?:[ \t]+[\w-]+)?")


def opens_with_field(text: str, schema: Schema) -> bool:
    """Whether ``text`` opens with one of an object schema's fields (its first word or two,
    as ``_pairs`` spells them) or an object's bracket: in prose an object is read where it
    opens its sentence or after a join, as any value is, never past other words ("Another
    assistant said can_reach: …")."""
    body = _lead(transparent(_lead(text)))  # "Clearly can_reach: …": stance is transparent
    if body[:1] in ("{", "[", "|"):
        return True
    m = _WORDS_RE.match(body)
    if m is None:
        return False
    words = m[0].split()
    return names_field(words[0], schema) or names_field(" ".join(words), schema)


def _at_fields(piece: str, keys: dict[str, str]) -> list[str]:
    """``piece`` cut where a sentence ends and the next one names a field ("out_degree: 1.
    My count was can_reach: false"): each field is read from its own piece, so a sentence
    of fields after another one's is a set of its own. A sentence naming no field stays
    joined ("hub: St. Louis")."""
    cuts = [0]
    gaps = list(_SENTENCE_GAP_RE.finditer(piece))
    for m, after in zip(gaps, [*gaps[1:], None]):
        nxt = piece[m.end() : None if after is None else after.start()]  # that sentence
        if any(pair_end(nxt, f.end()) >= 0 and _field_of(f, keys) is not None
               for f in islice(_PAIR_RE.finditer(nxt), 3)):
            cuts.append(m.end())
    return [piece[a:b] for a, b in zip(cuts, [*cuts[1:], len(piece)])]


def _pairs(text: str, schema: Schema, names: Names | None) -> tuple[Any, str]:
    """An object as ``key: value`` lines, bullets, table rows (one per field, or one column
    per field) or ``a = 1, b = 0``."""
    out: dict[str, Any] = {}
    if " or " in text and _ALT_GROUPS_RE.search(text):
        return HEDGE, text  # "(can_reach: false, …) or (can_reach: true, …)"
    if '"' in text:  # '"out_degree": 1, "in_degree": 2': JSON's members without braces
        text = _QUOTED_KEY_RE.sub(r"\1", text)
    tabled = "|" in text
    if tabled:
        text = _wide(text, schema)
    elif "\n" in text and "," in text:
        text = _csv(text, schema)
    if text.count(")") > text.count("("):
        text = text.rstrip(" .)")  # the end of a remark whose "(" was read past
    if schema.spoken is not None:  # "can_reach is false, in degree 2 and out degree 1"
        text = schema.spoken.sub(lambda m: f"{m[1]}: " if m[1] else ", ", text)
    keys, size = schema.prop_keys, len(schema.properties)
    pieces = [q for row in lines(text) for p in _PIECE_SPLIT_RE.split(row)
              for q in _at_fields(p, keys)]
    last, tail, done = -1, "", None
    for i, piece in enumerate(pieces):
        # The key: the last word or two before ":" ("can reach"), after any label before it
        # ("Correction: out_degree: 2").
        m, name = None, None
        for m in islice(_PAIR_RE.finditer(piece), 3):
            if pair_end(piece, m.end()) < 0:
                m = None
                continue  # "in_degree (1)", "x ≥ 2": no separator after the name
            name = _field_of(m, keys)
            if name is not None:
                break
        if m is None or name is None:
            continue
        key = m.start(2) if m[2] and keys.get(
            m[2].lower().translate(_KEY_CHARS)) == name else m.start(1)
        if not out and done is None and m.start() and (m[2] or m[1]).isascii():
            before = "".join(f"{p}, " for p in pieces[:i]) + piece[:key]
            if negated_before(before):
                return FAIL, text  # "It is not can_reach: …": a negated value commits nothing
            if hedged_before(before):
                return HEDGE, text  # "The answer is likely can_reach: …"
        if name in out:
            if len(out) < size:
                continue  # a field said twice before the others: the first counts
            if negated_before(piece[:key]):
                break  # "…, out_degree: 1, not can_reach: …": a rejected set, commentary
            if tabled and "|" in piece:
                return FAIL, text  # a set in each of a table's rows: findings, no value
            done, out = (out, last, tail), {}  # every field, then another set: the later one
        value, said = _text(piece[pair_end(piece, m.end()) :].strip(" |"),
                            schema.properties[name], names, False)
        if value is FAIL or value is HEDGE:
            return value, text
        if " or " in said and _OR_NEXT_RE.match(said):
            return HEDGE, text  # "(can_reach: false, …) or (can_reach: true, …)"
        out[name], last, tail = value, i, said
    if len(out) < size:
        if done is None:
            return FAIL, text
        out, last, tail = done  # a later set left incomplete: commentary on the earlier one
    return out, ", ".join([tail, *pieces[last + 1 :]])  # what follows the fields: commentary


def _text(text: str, schema: Schema, names: Names | None, weak: bool) -> tuple[Any, str]:
    """Loose text as the schema's type (not yet validated)."""
    kind = schema.kind
    if len(text) > TEXT_CHARS:
        return FAIL, ""
    body = transparent(clean(fold(text)).strip(), names if kind in ("string", "array") else None)
    lead = (negated(body) or hedged(body, kind)) if kind != "any" else 0
    if lead:  # "not 4", "I don't think wolf", "likely A, B": never a commitment to the value
        value, rest = _text(body[abs(lead) :], schema, names, weak)
        if value is FAIL:
            return FAIL, text  # "Not reachable: A, B": the "not" opens no value of the type
        return (FAIL, rest) if lead > 0 else (HEDGE, rest)
    soft = _SOFT_LEAD_RE.match(body)
    if soft is not None:  # "maybe 4", "probably srv-24": offered, not given
        value, rest = _text(body[soft.end() :], schema, names, weak)
        if value is not HEDGE and (value is FAIL or not schema.is_valid(
                dedupe(value) if type(value) is list and schema.unique else value)):
            return FAIL, text  # "Maybe I misread an edge": no value offered, no hedge
        return HEDGE, rest
    if kind == "array" and ("\n" in body or item_marker(body) or body[:1] == "|"):
        value, rest = _block(body, names, weak)
        k = item_marker(body) if "\n" not in body and names else 0
        if k and (value is FAIL or value == [] or (type(value) is list and not all(
                map(names, map(str, value))))) and names(body[:k].strip(" \t.()")) and (
                not weak or (body[:1] == "(" and body[k:].lstrip()[:1] in ("(", ""))):
            # "(G) (no ties)", and after a cue "B. I'm sure." or "P. Note: U is wrong.": no
            # enumerator of a list whose items name no node, but the node (in prose only "(G)"
            # with a remark or none)
            return _items(body, names, weak)
        return value, rest
    if kind != "object" and "\n" in body and item_marker(body):
        return FAIL, ""  # a list of steps ("1. Start at A\n2. …"): its "1." is no value
    if body[:1] == "{" or (body[:1] == "[" and kind == "array" and not weak):
        value, end = leading_json(body)
        if value is not FAIL:
            if type(value) is dict and kind != "object":
                value = answer_of(value)
            return _json(value, schema, names), body[end:]
    if body[:1] == "|" and kind in ("integer", "number", "boolean", "string"):
        return _table(body, schema, names, weak)
    if kind == "number" and "," in body[:24]:
        body = _DECIMAL_COMMA_RE.sub(r"\1.\2", body, count=1)  # "1,29": a decimal comma
    if kind == "integer" or kind == "number":
        value, rest = _number(body, kind == "integer")
        if value is not FAIL and value is not HEDGE and _ALTERNATIVE_RE.match(rest):
            return HEDGE, rest  # "4 oder 5", "3 o 4"
        return value, rest
    if kind == "boolean":
        return _boolean(body)
    if kind == "string":
        return _label(body, names, weak)
    if kind == "array":
        return _items(body, names, weak)
    if kind == "object":
        return _pairs(body, schema, names)
    if weak and not _BARE_RE.fullmatch(body):
        return FAIL, ""  # without a schema, only a bare token is an answer in prose
    return (body, "") if body else (FAIL, "")


STANCE_WORDS = ("just", "only", "simply", "exactly", "precisely", "therefore", "thus", "hence",
                "indeed", "certainly", "surely", "clearly", "definitely", "obviously", "of course",
                "for sure", "no doubt", "without doubt", "then", "so")
"""Stance, emphasis and discourse words that may open a value ("Clearly 4.", "Just No.",
"The answer is simply 4.", "The final answer is therefore 4."): *stance and emphasis are
transparent*, they say how firmly a value is stated, never which value. Beside this short
closed list, any ``-ly`` adverb is one by its shape ("Honestly, wolf.", "Undoubtedly yes"),
except the ``HEDGING_ADVERBS``."""
HEDGING_ADVERBS = ("likely", "unlikely", "apparently", "seemingly", "supposedly", "arguably",
                   "allegedly", "reportedly", "conceivably", "potentially", "hopefully",
                   "tentatively", "roughly", "approximately", "nearly", "hardly", "barely",
                   "scarcely", "partly", "partially")
"""``-ly`` words that are no stance word: they hedge ("likely 4") or approximate ("nearly 4",
which ``_number`` reads or not by its own rule), or are words of another class; with the
qualms of every language (``languages.qualms``: "probably", "possibly"), which hedge."""
_STANCE_LEAD_RE = re.compile(
    rf"(?:(?:{'|'.join(w.replace(' ', '[ ]+') for w in STANCE_WORDS)}"
    rf"|(?!(?:{'|'.join((*HEDGING_ADVERBS, *languages.qualms()))})\b)[a-z]{{2,}}ly)"
    r"\b[ \t]*(?:[,:—]|-(?![\d.]))?[ \t]*)(?=\S)", re.I)  # never a minus sign: "Clearly -1"
EXCLUSIVE_TAILS = ("alone", "only", "exclusively", "and no one else", "and nobody else",
                   "and nothing else", "and none else", "and no other", "no one else",
                   "nobody else", "nothing else", "none else")
"""*Exclusivity tails* ("4 alone.", "It is wolf and no one else.", "wolf, nothing else."):
they restate that the value is the whole answer, never give one ("no one" is no "one", no
empty set, no "no"); after a value anywhere in its sentence they are no part of what follows
it (``commit._remark``)."""
STATING_TAILS = ("it is", "i'd say", "i would say", "i think", "i believe", "i reckon",
                 "i conclude", "we conclude")
"""What else may close a sentence after its value without changing it: an *inverted copula*
("wolf it is.", "No it is.") and a first-person verb of saying ("wolf, I'd say.":
``commit.SAYING_VERBS`` before the value)."""
_TAILS = EXCLUSIVE_TAILS + STATING_TAILS
_TAIL_WORDS = frozenset(t.rsplit(" ", 1)[-1] for t in _TAILS)
_TAIL_RE = re.compile(
    rf"(?<=[^\s,—-])(?:[ \t]*[,—-][ \t]*|[ \t]+)"
    rf"(?:{'|'.join(t.replace(' ', '[ ]+') for t in _TAILS)})"
    r"[ \t]*[.!]*[ \t]*\Z", re.I)


def transparent(body: str, names: Names | None = None) -> str:
    """``body`` (folded, clean, stripped) without what is transparent around its value: the
    stance and emphasis words that open it (``STANCE_WORDS``, ``-ly`` adverbs) and an
    exclusivity tail, inverted copula or verb of saying that closes it (``EXCLUSIVE_TAILS``,
    ``STATING_TAILS``). A word that
    names a node (``names``: "Lily", "Holly") is a value, never a stance word; nothing is
    taken from a body that would be left empty. Cheap: one anchored match, and the tail
    regex only when the last word is a tail's."""
    for _ in range(3):  # "So clearly just 4"
        lead = _STANCE_LEAD_RE.match(body) if body[:1].isalpha() else None
        if lead is None or (names is not None and names(lead[0].strip(" \t,:—-"))):
            break
        body = body[lead.end() :]
    end = len(body.rstrip(" \t.!"))
    word = body[body.rfind(" ", 0, end) + 1 : end]  # the last word: a tail's, or no tail
    if word.lower() in _TAIL_WORDS and not (names is not None and names(word)):
        tail = _TAIL_RE.search(body, max(0, end - 40))
        if tail is not None:
            body = body[: tail.start()]
    return body


NEGATORS = ("not", "no longer", "never", "isn't", "wasn't", "aren't", "ain't")
"""Words that withdraw the value right after them: *a negated value is no commitment*. "It
is not 4.", "Not wolf.", "Surely not A, B.", "The answer is not Yes." state what the answer
is not, never what it is, so they give no value of any type (a yes/no answer too: "not Yes"
is read as no answer, not as No, since it negates the answer's token rather than stating
one, and a reader that guessed its opposite would credit a garbled or quoted option).
A first-person verb of saying or thinking negated ("I don't think 4.", "I can't say
wolf.": ``NEGATED_SAYING``) withdraws it too. Only the value the negator *opens* is
withdrawn: "Ivan cannot reach Carol and Kofi.", "the nodes that are not reachable are A,
B", "Not reachable: A, B" state a set whose definition has a "not" in it, and "4, not
5" / "Not 5 but 4" / "No, it is 4." commit to 4 (``commit.Reader.values`` reads on)."""
NEGATED_SAYING = ("say", "think", "believe", "reckon", "conclude", "claim", "get", "know",
                  "agree", "see")
_NEGATOR = (
    r"(?:(?:it|that|this|which|they|the[ \t]+answer|the[ \t]+result)"
    r"(?:'s|[ \t]+(?:is|was|are|would[ \t]+be))?[ \t]+)?"
    r"(?:(?:is|was|are)n't|ain't|not|no[ \t]+longer|never)"
    r"|(?:(?:i|we)[ \t]+(?:(?:do|did|would|could|should|ca|wo)n't|cannot"
    r"|(?:do|did|would|could|can|will)[ \t]+not)[ \t]+"
    rf"(?:{'|'.join(NEGATED_SAYING)})"
    r"|(?:i|we)[ \t]+doubt)"
    r"(?:(?:[ \t]+that)?[ \t]+(?:it(?:'s|[ \t]+(?:is|was|would[ \t]+be))"
    r"|the[ \t]+(?:answer|result)[ \t]+(?:is|was|would[ \t]+be)))?")
_NEGATED_RE = re.compile(  # never a minus sign: "It is not -1"
    rf"(?:{_NEGATOR})\b(?:[ \t]+that\b)?[ \t]*(?:[,:—]|-(?![\d.]))?[ \t]*(?=\S)", re.I)
_NEGATED_TAIL_RE = re.compile(rf"(?<![\w'])(?:{_NEGATOR})\b[ \t]*[,:—-]?[ \t]*\Z", re.I)
_DEGREE = r"(?:(?:most|very|quite|highly|more|less|fairly|pretty)[ \t]+)?"  # "most likely"
_HEDGING_LEAD_RE = re.compile(
    rf"{_DEGREE}(?:{'|'.join(HEDGING_ADVERBS)})\b(?:[ \t]+(?:be|is))?[ \t]*[,:—]?[ \t]*(?=\S)",
    re.I)
_HEDGED_TAIL_RE = re.compile(
    rf"\b(?:{'|'.join(HEDGING_ADVERBS)})\b(?:[ \t]+(?:be|is))?[ \t]*[,:—]?[ \t]*\Z", re.I)
_NEGATED_FIRST = frozenset("itwanITWAN")  # the letters ``_NEGATOR`` can start with
_HEDGED_STARTS = (*HEDGING_ADVERBS, "most ", "very ", "quite ", "highly ", "more ", "less ",
                  "fairly ", "pretty ")  # the words ``_HEDGING_LEAD_RE`` can start with
_HEDGED_FIRST = frozenset(c for w in _HEDGED_STARTS for c in (w[0], w[0].upper()))
_NUMBER_APPROX_SET = frozenset(("roughly", "approximately"))  # ``_APPROX_RE`` reads them


_NEGATION_HINTS = ("not", "n't", "never", "no longer", "doubt")


def may_negate(low: str) -> bool:
    """A necessary condition, on lower-case text, for a negator (``_NEGATOR``) in it."""
    return any(h in low for h in _NEGATION_HINTS)


def negated(body: str) -> int:
    """The length of a negator (``NEGATORS``, ``NEGATED_SAYING``) that opens ``body``, or 0:
    *a negated value is no commitment*, the caller reads the value after it (to skip it) and
    never gives it. One rule for every type. Cheap: one anchored match, only after a letter."""
    if body[:1] not in _NEGATED_FIRST or not may_negate(body[:90].lower()):
        return 0
    m = _NEGATED_RE.match(body)
    return 0 if m is None else m.end()


def hedged(body: str, kind: str = "any") -> int:
    """Minus the length of a hedging or approximating adverb that opens ``body``
    (``HEDGING_ADVERBS``: "Likely wolf.", "Nearly A, B."), or 0: *a likely or approximate
    value is a hedge*, for every type. A number keeps its own reading of "roughly" and
    "approximately" (``_APPROX_RE``: "approximately 1.5" is 1.5)."""
    if body[:1] not in _HEDGED_FIRST or not body[:12].lower().startswith(_HEDGED_STARTS):
        return 0
    m = _HEDGING_LEAD_RE.match(body)
    if m is None or (kind in ("integer", "number")
                     and not _NUMBER_APPROX_SET.isdisjoint(m[0].lower().split())):
        return 0
    return -m.end()


def negated_before(prefix: str) -> bool:
    """Whether ``prefix`` ends with a negator over what follows it ("The answer is not …",
    "I don't think …"): a list that ends a sentence after it is withdrawn, not stated."""
    return may_negate(prefix[-60:].lower()) and _NEGATED_TAIL_RE.search(
        prefix[-60:]) is not None


def hedged_before(prefix: str) -> bool:
    """Whether ``prefix`` ends with a hedging adverb over what follows it ("The answer is
    likely …"): an object's fields after it are offered, not stated (``hedged``)."""
    low = prefix[-40:].lower()
    return "ly" in low and _HEDGED_TAIL_RE.search(prefix[-40:]) is not None


_SOFT_LEAD_RE = re.compile(rf"(?:[\s*_\"'(]*{_words_re((*languages.qualms(), 'either'))})+",
                           re.I)
"""Qualms before a value, in any language: "maybe 4", "vielleicht ja", "也许是", and "either"
opening alternatives ("either A, B or C, depending on …"); a hedge only if a value of the
type follows them."""
_BARE_RE = re.compile(r"[^\s{}\[\]\"'`]{1,64}")


def _json(value: Any, schema: Schema, names: Names | None) -> Any:
    """A JSON value as the schema's type (its strings read as text), not yet validated."""
    kind, kind_of = schema.kind, type(value)
    if value is HEDGE or value is FAIL:
        return value
    if kind_of is str:
        return _string(value, schema, names)[0]
    if kind == "integer":
        return int(value) if kind_of is int or (kind_of is float and value.is_integer()) else FAIL
    if kind == "number":
        return value if kind_of in (int, float) and math.isfinite(value) else FAIL
    if kind == "boolean":
        return value if kind_of is bool else FAIL
    if kind == "string":
        return str(value) if kind_of is int and value.bit_length() <= 333 else FAIL
    if kind == "array" and kind_of is list:
        if schema.items is None:
            return list(value)
        out = [_json(item, schema.items, names) for item in value]
        return next((o for o in out if o is FAIL or o is HEDGE), out)
    if kind == "object" and kind_of is dict:
        if not schema.properties:
            return value
        fields: dict[str, Any] = {}
        for name, item in value.items():
            key = schema.prop_keys.get(str(name).lower().translate(_KEY_CHARS))
            if key is None:
                continue  # a side field next to the asked-for ones: not judged
            item = _json(item, schema.properties[key], names)
            if item is FAIL or item is HEDGE or key in fields:
                return HEDGE if item is HEDGE else FAIL  # a field twice: no answer either
            fields[key] = item
        return fields
    return value if kind == "any" else FAIL


_PLAIN_RE = re.compile(r"\s*([\w][\w-]{0,63})\s*")


def _string(value: str, schema: Schema, names: Names | None) -> tuple[Any, str]:
    """A JSON string as the schema's type: read as text; where a label is asked for, a
    string that holds no token is the label as written (and simply wrong)."""
    plain = _PLAIN_RE.fullmatch(value) if value.isascii() else None
    if plain is not None:  # the commonest strings: a label, a count, a yes
        word, kind = plain[1], schema.kind
        if kind == "string" or kind == "array":
            return ([word] if kind == "array" else word), ""
        if kind == "integer" and word.isdigit() and len(word) <= MAX_INT_DIGITS:
            return int(word), ""
        if kind == "boolean" and word.lower() in _BOOLS:
            return _BOOLS[word.lower()], ""
    out, rest = _text(value, schema, names, False)
    if out is FAIL and schema.kind == "string" and value.strip() and len(value) <= TEXT_CHARS:
        return fold(value).strip(), ""
    return out, rest


def read(payload: Any, schema: Schema, names: Names | None = None, text: bool = False,
         weak: bool = False) -> tuple[Any, str]:
    """``(value | FAIL | HEDGE, rest)``: ``payload`` read as the schema's type and validated.

    ``text``: ``payload`` is loose text (an answer line, a tag, a sentence), else a JSON value
    (whose strings are still read as text). ``weak``: the text is prose that is an answer only
    if it reads as one, so labels must name a node (``names``). ``rest`` is what follows the
    value in the text, for the caller to weigh as commentary.
    """
    if type(payload) is str and ((("<" in payload or "[" in payload) and (
            _PLACEHOLDER_RE.fullmatch(payload))) or (len(payload) < 24 and (
            _NOT_GIVEN_RE.fullmatch(payload)))):
        return FAIL, ""  # "<answer>", "[your answer here]": the template, not an answer;
        # "TBD", "N/A", "see above": none given
    if text:
        value, rest = _text(payload, schema, names, weak) if type(payload) is str else (FAIL, "")
        if value is not FAIL and value is not HEDGE and "(" in rest[:2] and (
                _REMARK_THEN_OR_RE.match(rest)):
            return HEDGE, rest  # "16 (if the loop counts) or 17 (if not)": two answers
    elif schema.kind == "any":
        value, rest = payload, ""  # no schema: the JSON value as it is
    elif type(payload) is str:
        value, rest = _string(payload, schema, names)
    else:
        value, rest = _json(payload, schema, names), ""
    if value is FAIL or value is HEDGE:
        return value, rest
    if type(value) is list and schema.unique:
        value = dedupe(value)
    if schema.kind in ("string", "array") and any(
            type(v) is str and ">" in v and _PLACEHOLDER_RE.fullmatch(v)
            for v in (value if type(value) is list else [value])):
        return FAIL, rest  # {"answer": ["<names>"]}: the template's slot echoed
    return (value if schema.is_valid(value) else FAIL), rest


_PLACEHOLDER_RE = re.compile(
    r"\s*[\"']?(?:<[^<>\n]{1,40}>?|[\w-]*>|\[[^\[\]\n]{0,40}\b(?:your|here|insert|fill|filled"
    r"|to be)\b"
    r"[^\[\]\n]{0,40}\]|\[(?-i:ANSWER|VALUE|RESULT|NODES?|NAMES?|COUNT|NUMBER|LABELS?)\])"
    r"[\"']?\s*[.!]?\s*", re.I)
"""A template's slot where a value should be: "<answer>", "<name>", "[your answer here]"
(and the tail "names>" a list reading leaves of "<names>"); no label has angle brackets."""
_NOT_GIVEN_RE = re.compile(r"[\s*_]*(?:TB[DAC]|N/A|see (?:above|below)|to be determined)"
                           r"[\s*_]*[.!]?\s*", re.I)
"""The standard words for a value not given ("TBD", "N/A", "see above"): no answer."""


def as_read(text: str) -> str:
    """``text`` as ``read`` reads loose text: folded (``fold``), without markup (``clean``)."""
    return clean(fold(text))


_DIGIT_RE = re.compile(r"\d")
_RE_I = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})


def _lowered(text: str) -> str:
    """``text`` in lower case, with the four letters that ``re.I`` matches to ASCII ones (İ,
    ı, ſ, K) made those: a word a case-free reader regex finds is a substring of it. The
    hints search it with plain, case-sensitive tests (a case-free alternation of words costs
    a hundred times more)."""
    return (text if text.isascii() else text.translate(_RE_I)).lower()

_TOKEN_RUN_RE = re.compile(r"[\w.-]*[\w-]")
"""A run of ``_TOKEN_RE``'s characters without its trailing full stops."""


def label_key(label: str) -> str:
    """The folded, case- and whitespace-free form of a label, without a trailing full stop
    (``labels.LabelIndex`` keys labels by it)."""
    key = "".join(fold(label).split()).casefold()
    if key.endswith(".") and len(key) > 1:
        key = key[:-1]
    return key


def _label_keys(text: str) -> list[str]:
    r"""The ``label_key`` of every token ``_TOKEN_RE`` can read in ``text`` as prose: a token
    is made of ``[\w.-]`` and starts where a run of them does, after a ``-``, ``.`` or ``_``
    that ``_lead``, a reversed tail or an opener strip drops, or after a word of a script
    without spaces ("可能A": a qualm then a label); its trailing full stops are no part of it."""
    if text.isascii():
        runs = _TOKEN_RUN_RE.findall(text.lower())
        if "".join(runs).isalnum():
            return runs  # no run holds a "-", "." or "_": each is one token
        out = runs[:]
        for run in runs:
            if not run.isalnum():
                out += [run[i + 1 :] for i, ch in enumerate(run) if ch in "-._"]
        return out  # an ASCII token's label_key is itself in lower case
    out = []
    for run in _TOKEN_RUN_RE.findall(text):
        out.append(run)
        out += [run[i + 1 :] for i, ch in enumerate(run)
                if ch in "-._" or languages.spaceless(ch)]
    return [label_key(t) for t in out if t]


def may_read(text: str, schema: Schema, keys: Any = None) -> bool:
    """A cheap necessary condition for ``read`` to find a value of the schema's type, or a
    hedge, in prose (``weak``) anywhere in ``text`` (``as_read``'s output), derived from what
    each reader matches, never from a list of its own:

    * a JSON object (``{`` … ``}``: a parser reads only closed ones) gives a value by an
      answer key (``_ANSWER_KEYS``, as ``answer_rank`` compares them) or, for an object, by
      its fields; any key may be written with escapes (``\\``);
    * a number: a digit (``_NUM_RE``) or a number word (``NUMBER_WORDS``, ``_WORD_NUM_RE``);
    * a yes/no: a yes/no word of any language with what may follow it (``_BOOL_HINT_RE``);
    * a label or a set's item: a token whose ``label_key`` is one of ``keys`` (``None``:
      any token may name a node); a set also
      ``[`` (JSON) or an empty-set word (``_EMPTY_HINT_RE``);
    * an object: a field's name, as ``_pairs`` compares them (``_KEY_CHARS`` and tabs out);
    * no schema: any text.

    A hedge is always offered with a value of the type ("maybe 4", "| count | 4 or 5 |",
    "A or B"): qualms and alternatives alone are no value, so they need no hint of their own."""
    if "{" in text and "}" in text and ("\\" in text or any(map(
            _lowered(text).translate(_KEY_CHARS).__contains__, _ANSWER_KEYS))):
        return True
    kind = schema.kind
    if kind in ("integer", "number"):
        if _DIGIT_RE.search(text) is not None:
            return True
        lower = _lowered(text)
        return any(map(lower.__contains__, NUMBER_WORDS))
    if kind == "boolean":
        return _BOOL_HINT_RE.search(_lowered(text)) is not None
    if kind in ("string", "array"):
        if keys is None or not keys.isdisjoint(_label_keys(text)):
            return True
        return kind == "array" and (
            "[" in text or _EMPTY_HINT_RE.search(_lowered(text)) is not None)
    if kind == "object":
        squeezed = text.lower().translate(_KEY_CHARS).replace("\t", "")
        return any(map(squeezed.__contains__, schema.prop_keys))
    return bool(text.strip())


def coerce(value: Any, schema: Schema, names: Names | None = None) -> tuple[Any, str]:
    """:func:`read` of a JSON value."""
    return read(value, schema, names)


def dedupe(items: list[Any]) -> list[Any]:
    """The items once each, in order (as they are if unhashable)."""
    try:
        return list(dict.fromkeys(items))
    except TypeError:
        return items


_ANSWER_KEYS = {"answer": 2, "finalanswer": 3, "result": 1}
"""Answer-like keys (lower case, without spaces, ``_`` and ``-``) and their rank."""


def answer_rank(key: Any) -> int:
    """How answer-like an object key is: ``final_answer`` > ``answer`` > ``result`` > 0."""
    if key == "answer":
        return 2
    if type(key) is not str or len(key) > 16:
        return 0
    return _ANSWER_KEYS.get(key.lower().translate(_KEY_CHARS), 0)


def answers(value: Any, budget: int = 4096) -> list[Any]:
    """The answer values of a parsed document, shallowest answer keys first.

    An object's own answer key wins over keys nested in its side fields; with none at the
    top, the shallowest nested ones count (``{"result": {"answer": 3}}``, a tool call's
    ``arguments``, even as a JSON string). Several at one depth are all returned: the
    caller treats them as alternatives. Placeholder values (``"<integer>"``) are no answer.
    """
    level = [value]
    while level and budget > 0:
        found, deeper = [], []
        for node in level:
            budget -= 1
            if type(node) is str and node[:1] == "{" and node[-1:] == "}":
                node = loads(node)  # a tool call's arguments string
            if type(node) is dict:
                best, rank = FAIL, 0
                for key, child in node.items():
                    r = answer_rank(key)
                    if r > rank:
                        best, rank = child, r
                    elif type(child) in (dict, list, str):
                        deeper.append(child)
                if rank and not (type(best) is str and best[:1] == "<" and best[-1:] == ">"):
                    inner = answers(best, budget // 2) if rank == 1 and type(best) is dict else []
                    found += inner or [best]  # {"result": {"answer": 3}} answers 3
            elif type(node) is list:
                deeper += [c for c in node if type(c) in (dict, list)]
        if found:
            return found
        level = deeper
    return []


def answer_of(value: Any) -> Any:
    """The one answer of a document (a dict without one is itself the value)."""
    found = answers(value)
    return found[0] if len(found) == 1 else (HEDGE if found else value)


# ---- the public reading, memos, partial credit -----------------------------------------------


def freeze(value: Any) -> Any:
    """A hashable, type-aware key for a JSON value (``True`` and ``1`` stay distinct)."""
    if isinstance(value, list):
        return ("l", *(freeze(v) for v in value))
    if isinstance(value, dict):
        return ("d", *sorted((k, freeze(v)) for k, v in value.items()))
    return (type(value).__name__, value)


_ONLY_STR = frozenset({str})


def json_key(value: Any) -> Any:
    """A type-exact memo key for the JSON values answers repeat most (labels, counts,
    booleans, sets of labels), else None: no float (``-0.0 == 0.0``), nothing long."""
    kind = type(value)
    if kind is int or kind is bool:
        return (kind, value)
    if kind is str:
        return (kind, value) if len(value) <= 256 else None
    if kind is list and len(value) <= 64 and {*map(type, value)} <= _ONLY_STR \
            and (not value or max(map(len, value)) <= 256):
        return ("labels", *value)
    return None


def coerce_json(value: Any, schema: Schema, names: Names | None = None) -> tuple[Any, str]:
    """:func:`coerce`, memoised per schema for the values answers repeat; lists come back
    as fresh copies, so no verdict shares a mutable answer with another. The memo is used
    only when no label reading is involved (``names`` changes nothing for these values)."""
    key = json_key(value)
    if key is None or (schema.kind in ("string", "array") and type(value) in (str, list)
                       and not all(map(_PLAIN_RE.fullmatch, [value] if type(value) is str
                                       else value))):
        return coerce(value, schema, names)  # a reading that may depend on the labels
    hit = schema.memo.get(key)
    if hit is None:
        hit = coerce(value, schema, names)
        remember(schema.memo, key, hit)
    out, rest = hit
    return (list(out) if type(out) is list else out), rest


def coerce_answer(value: Any, schema: str | Mapping[str, Any]) -> tuple[Any, bool]:
    """``(value coerced to the schema, True)``, or ``(None, False)`` when it does not fit."""
    out, _ = coerce(value, compile_schema(schema))
    return (None, False) if out is FAIL or out is HEDGE else (out, True)


def as_set(values: list[Any]) -> set[Any]:
    try:
        return set(values)
    except TypeError:
        return {freeze(v) for v in values}


def set_f1(pred: list[Any] | None, ref: list[Any]) -> float:
    """F1 of a predicted set against the reference set: partial credit, reported apart."""
    if pred is None:
        return 0.0
    p, r = as_set(pred), as_set(ref)
    if not p and not r:
        return 1.0
    return 2 * len(p & r) / (len(p) + len(r))
