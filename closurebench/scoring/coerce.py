"""Coerce an extracted value to the answer schema, validate it, and compare it to the reference.

The schema decides every coercion, so ``"yes"`` becomes ``True`` only where a boolean is
asked for and ``3`` becomes ``"3"`` only where a node label is. After coercion the value is
validated with ``jsonschema``'s ``Draft202012Validator``; because that costs 5-40 µs per call,
verdicts are memoised per (schema, value), and compiled schemas per schema text.

Comparison rules (documented in the metric card):

* integers: equal; the paper's lenient rule adds ±1 when the tolerance is ``"count"`` and
  both values are non-negative (a negative answer such as ``-1`` is a sentinel, not a count);
* numbers: ``abs(pred - ref) <= FLOAT_TOLERANCE``: what rounds (2 decimals) to the reference;
* labels: the node the prediction names, case, spaces and a closing full stop aside
  (``labels.LabelIndex``); booleans: equal;
* sets (arrays with ``uniqueItems``): equal as sets of such labels; the paper's lenient rule
  adds a symmetric difference of one element when the tolerance is ``"set"``;
* objects: field by field under the rules above (side fields are not judged).

Loose text (answer lines, ``\\boxed{}``) is read as a grader would: "4 nodes." is 4, "Yes."
is true, "A, C" and ``\\{A, C\\}`` are sets; text that hedges ("4 or 5") is no answer.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from jsonschema import Draft202012Validator

from closurebench.scoring.extract import MAX_INT_DIGITS, TEXT_SOURCES, safe_loads
from closurebench.scoring.prefilter import Prefiltered

__all__ = [
    "FLOAT_TOLERANCE",
    "HEDGE",
    "TOLERANCES",
    "Schema",
    "canonical_set",
    "coerce",
    "coerce_answer",
    "coerce_json",
    "compare",
    "compile_schema",
    "freeze",
    "is_hedge_text",
    "json_key",
    "set_f1",
]

FLOAT_TOLERANCE = 0.005 + 1e-9
"""Half a unit in the second decimal, plus float slack: 2.333 and 2.335 both match 2.33."""
TOLERANCES = frozenset({"none", "count", "set"})

_INT_TEXT_RE = re.compile(rf"[+-]?\d{{1,{MAX_INT_DIGITS}}}(?:\.0*)?")
_NUM_TEXT_RE = re.compile(r"[+-]?(?:\d{1,100}(?:\.\d{0,100})?|\.\d{1,100})(?:[eE][+-]?\d{1,3})?")
_TRUE = frozenset({"true", "yes"})
_FALSE = frozenset({"false", "no"})
_MAX_LABEL_BITS = 400  # str(int) of anything larger is not a label (and could hit int limits)
_VALIDITY_CACHE_MAX = 1 << 16


@dataclass(eq=False)
class Schema:
    """A compiled answer schema: the kind of value, its parts, and a cached validator."""

    key: str
    raw: dict[str, Any]
    kind: str  # integer | number | boolean | string | array | object | any
    unique: bool = False
    items: Schema | None = None
    properties: dict[str, Schema] = field(default_factory=dict)
    validator: Draft202012Validator | None = None
    verdicts: dict[Any, bool] = field(default_factory=dict, repr=False)
    coerced: dict[Any, tuple[Any, bool]] = field(default_factory=dict, repr=False)
    exact: dict[Any, tuple[bool, Any, bool]] = field(default_factory=dict, repr=False)
    prop_keys: dict[str, str] = field(default_factory=dict)  # normalised spelling -> name

    def is_valid(self, value: Any) -> bool:
        """Validate with jsonschema, memoised: answers repeat a lot across predictions."""
        kind = type(value)
        try:
            # Containers by their JSON text (C-fast, type-exact); scalars by (type, value).
            if kind is list and {*map(type, value)} <= _ONLY_STR:
                key = ("labels", *value)  # type-exact already: every item is a str
            elif kind is list or kind is dict:
                key = json.dumps(value)
            else:
                key = (kind, value)
            verdict = self.verdicts.get(key)
        except (TypeError, ValueError):
            return bool(self.validator.is_valid(value))  # type: ignore[union-attr]
        if verdict is None:
            verdict = bool(self.validator.is_valid(value))  # type: ignore[union-attr]
            if len(self.verdicts) >= _VALIDITY_CACHE_MAX:
                self.verdicts.clear()
            self.verdicts[key] = verdict
        return verdict


_SCHEMAS: dict[str, Schema] = {}


def _kind(raw: Mapping[str, Any]) -> str:
    kind = raw.get("type")
    if kind in ("integer", "number", "boolean", "string", "array", "object"):
        return str(kind)
    return "any"


def _build(raw: dict[str, Any], key: str, with_validator: bool) -> Schema:
    kind = _kind(raw)
    schema = Schema(key=key, raw=raw, kind=kind, unique=bool(raw.get("uniqueItems", False)))
    if kind == "array" and isinstance(raw.get("items"), dict):
        schema.items = _build(raw["items"], key + "/items", False)
    if kind == "object" and isinstance(raw.get("properties"), dict):
        schema.properties = {
            str(name): _build(sub, f"{key}/{name}", False)
            for name, sub in raw["properties"].items()
            if isinstance(sub, dict)
        }
        schema.prop_keys = {
            name.lower().translate(_KEY_CHARS): name for name in schema.properties
        }
    if with_validator:
        Draft202012Validator.check_schema(raw)
        schema.validator = Draft202012Validator(raw)
    return schema


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
        compiled = _build(raw, key, True)
    except Exception as exc:  # jsonschema.SchemaError and friends
        detail = str(getattr(exc, "message", exc)).splitlines()[0]
        raise ValueError(f"answer_schema is not a valid JSON Schema ({detail})") from None
    if len(_SCHEMAS) >= 10_000:
        _SCHEMAS.clear()
    _SCHEMAS[key] = compiled
    return compiled


def freeze(value: Any) -> Any:
    """A hashable, type-aware key for a JSON value (``True`` and ``1`` stay distinct)."""
    if isinstance(value, list):
        return ("l", *(freeze(v) for v in value))
    if isinstance(value, dict):
        return ("d", *sorted((k, freeze(v)) for k, v in value.items()))
    return (type(value).__name__, value)


_TAIL_RE = re.compile(
    r"\s*(?:\(|\[|;|—|–|--|\s-\s|\bbecause\b|\bsince\b|\bas\b|\bwhich\b|\bwhere\b|\bwith\b"
    r"|\bfor\b|\bin\b|\bat\b|\bfrom\b)",
    re.IGNORECASE,
)
_HEDGE_TEXT_RE = re.compile(r"\b(?:or|either|maybe|possibly|perhaps|probably)\b|/|\?", re.I)
_TAIL = Prefiltered(
    _TAIL_RE,
    (
        " because ", " since ", " as ", " which ", " where ", " with ", " for ", " in ",
        " at ", " from ",
    ),
    ("(", "[", ";", "—", "–", "-"),
)
_HEDGE_TEXT = Prefiltered(
    _HEDGE_TEXT_RE,
    (" or ", " either ", " maybe ", " possibly ", " perhaps ", " probably "),
    ("/", "?"),
)
_TEXT_INT_RE = re.compile(rf"([+-]?\d{{1,{MAX_INT_DIGITS}}})(?:\.0+)?(?:\s+[A-Za-z][\w-]{{0,30}})?")
_TEXT_NUM_RE = re.compile(
    r"([+-]?(?:\d{1,100}(?:\.\d{0,100})?|\.\d{1,100})(?:[eE][+-]?\d{1,3})?)"
    r"(?:\s+[A-Za-z][\w-]{0,30})?"
)
_SET_WRAP_RE = re.compile(r"^(?:\\\{|\{|\[|\()(.*?)(?:\\\}|\}|\]|\))$", re.S)
_SET_SPLIT_RE = re.compile(r"\s*(?:,|;|\band\b|\s)\s*", re.IGNORECASE)
_EMPTY_WORDS = frozenset(
    {"none", "nothing", "empty", "the empty set", "empty set", "no nodes", "∅", "\\emptyset",
     "\\varnothing", "{}", "\\{\\}", "[]", "()", "no one", "nobody"}
)
_LATEX_TEXT_RE = re.compile(r"\\(?:text|mathrm|texttt|textbf|mathbf|operatorname)\{([^{}]*)\}")


class Hedge:
    """A text answer that offers alternatives ("4 or 5", "A/B", "maybe C"): no answer."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<hedge>"


HEDGE: Any = Hedge()


def is_hedge_text(text: str) -> bool:
    """Whether loose answer text hedges between alternatives."""
    return _HEDGE_TEXT.search(text) is not None


def _clean_text(text: str, keep_commas: bool) -> str:
    """Loose answer text without quotes, markdown, a closing full stop or a trailing clause."""
    if "\\" in text:  # every LaTeX wrapper starts with a backslash
        text = _LATEX_TEXT_RE.sub(r"\1", text)
    text = text.strip().strip("$").strip()
    m = _TAIL.search(text)
    if m is not None and m.start() > 0:
        text = text[: m.start()]
    if not keep_commas:
        text = text.split(",", 1)[0]
    text = text.strip().rstrip(".!:").strip().strip("\"'“”‘’").strip()
    return text


def _text_scalar(kind: str, text: str) -> tuple[Any, bool]:
    if kind == "integer":
        m = _TEXT_INT_RE.fullmatch(_clean_text(text, False))
        return (int(m.group(1)), True) if m else (None, False)
    if kind == "number":
        m = _TEXT_NUM_RE.fullmatch(_clean_text(text, False))
        if m:
            number = float(m.group(1))
            if math.isfinite(number):
                return number, True
        return None, False
    if kind == "boolean":
        word = _clean_text(text, False).lower()
        if word in _TRUE:
            return True, True
        if word in _FALSE:
            return False, True
        return None, False
    if kind == "string":
        label = _clean_text(text, False)
        if label and not any(ch.isspace() for ch in label) and len(label) <= 64:
            return label, True
        return None, False
    return None, False


def _text_set(text: str) -> tuple[Any, bool]:
    text = _clean_text(text, True)
    m = _SET_WRAP_RE.match(text)
    if m is not None:
        text = m.group(1).strip()
    if text.lower() in _EMPTY_WORDS or not text:
        return [], True
    parts = [p.strip().strip("\"'").rstrip(".") for p in _SET_SPLIT_RE.split(text)]
    parts = [_LATEX_TEXT_RE.sub(r"\1", p) if "\\" in p else p for p in parts if p]
    if not parts or any(len(p) > 64 for p in parts):
        return None, False
    return parts, True


def _dedupe(items: list[Any]) -> list[Any]:
    try:
        return list(dict.fromkeys(items))
    except TypeError:
        return items


def _coerce(value: Any, schema: Schema, text_source: bool) -> tuple[Any, bool]:
    kind = schema.kind
    if text_source and isinstance(value, str) and kind in _SCALARS:
        return _text_scalar(kind, value)
    if kind == "integer":
        if type(value) is int:
            return value, True
        if type(value) is float:
            if math.isfinite(value) and value.is_integer():
                return int(value), True
            return None, False
        if isinstance(value, str):
            text = value.strip()
            if _INT_TEXT_RE.fullmatch(text):
                return int(text.split(".", 1)[0]), True
        return None, False
    if kind == "number":
        if type(value) is int or (type(value) is float and math.isfinite(value)):
            return value, True
        if isinstance(value, str):
            text = value.strip()
            if _NUM_TEXT_RE.fullmatch(text):
                number = float(text)
                if math.isfinite(number):
                    return number, True
        return None, False
    if kind == "boolean":
        if type(value) is bool:
            return value, True
        if isinstance(value, str):
            text = value.strip().lower().rstrip(".!")
            if text in _TRUE:
                return True, True
            if text in _FALSE:
                return False, True
        return None, False
    if kind == "string":
        if isinstance(value, str):
            return value.strip(), True
        if type(value) is int and value.bit_length() <= _MAX_LABEL_BITS:
            return str(value), True  # some encodings use integer node ids
        return None, False
    if kind == "array":
        if isinstance(value, str):
            text = value.strip()
            if text.startswith("["):
                value, ok = safe_loads(text)
                if not ok or not isinstance(value, list):
                    return None, False
            elif not text:
                return None, False
            elif text_source or "," in text:
                value, ok = _text_set(text)  # "A, C": labels never hold commas
                if not ok:
                    return None, False
            else:
                value = [text]  # a bare label where a set is asked for: a one-element set
        if not isinstance(value, list):
            return None, False
        item_schema = schema.items
        if item_schema is None:
            return value, True
        if item_schema.kind == "string" and {*map(type, value)} <= _ONLY_STR:
            out = [v.strip() for v in value]  # what _coerce does to each label, in one pass
            return (_dedupe(out) if schema.unique else out), True
        out = []
        for item in value:
            item, ok = _coerce(item, item_schema, False)
            if not ok:
                return None, False
            out.append(item)
        return (_dedupe(out) if schema.unique else out), True
    if kind == "object":
        if isinstance(value, str) and value.strip().startswith("{"):
            value, ok = safe_loads(value.strip())
            if not ok:
                return None, False
        if not isinstance(value, dict):
            return None, False
        props = schema.properties
        if not props:
            return value, True
        out_obj = {}
        for name, item in value.items():
            sub = props.get(name) if type(name) is str else None
            if sub is None and type(name) is str:
                canon = schema.prop_keys.get(name.lower().translate(_KEY_CHARS))
                sub = props.get(canon) if canon is not None else None
                name = canon if canon is not None else name
            if sub is None:
                continue  # a side field next to the asked-for ones: not judged
            if name in out_obj:
                return None, False  # the same field twice under two spellings
            item, ok = _coerce(item, sub, False)
            if not ok:
                return None, False
            out_obj[name] = item
        return out_obj, True
    return value, True


_SCALARS = frozenset({"integer", "number", "boolean", "string"})
_KEY_CHARS = str.maketrans("", "", " _-")


def coerce(value: Any, schema: Schema, source: str | None = None) -> tuple[Any, bool]:
    """Coerce ``value`` to ``schema`` and validate it; ``(None, False)`` on any failure.

    ``source`` is the extractor's tag: loose text (an answer line, ``\\boxed{A, C}``, a bare
    token) is read as text ("4 nodes.", "Yes.", "A, C"); JSON values are taken as typed.
    """
    value, ok = _coerce(value, schema, source in TEXT_SOURCES)
    if not ok or not schema.is_valid(value):
        return None, False
    return value, True


def json_key(value: Any) -> Any:
    """A type-exact memo key for the JSON values answers repeat most (labels, counts,
    booleans, sets of labels), else None. Floats are left out (``-0.0 == 0.0``), and so are
    long texts, so a memo never holds a megabyte-long hostile "answer"."""
    kind = type(value)
    if kind is int or kind is bool:
        return (kind, value)
    if kind is str:
        return (kind, value) if len(value) <= _MEMO_CHARS else None
    if (
        kind is list
        and len(value) <= 64
        and {*map(type, value)} <= _ONLY_STR
        and (not value or max(map(len, value)) <= _MEMO_CHARS)
    ):
        return ("labels", *value)
    return None


_MEMO_CHARS = 256
_ONLY_STR = frozenset({str})  # {*map(type, xs)} <= _ONLY_STR: every item a str, in C


def coerce_json(value: Any, schema: Schema) -> tuple[Any, bool]:
    """:func:`coerce` of a JSON value (not loose text), memoised per schema: the same few
    answers recur across predictions. Lists come back as fresh copies, so no verdict
    shares a mutable answer with another."""
    key = json_key(value)
    if key is None:
        return coerce(value, schema)
    hit = schema.coerced.get(key)
    if hit is None:
        hit = coerce(value, schema)
        if len(schema.coerced) >= _VALIDITY_CACHE_MAX:
            schema.coerced.clear()
        schema.coerced[key] = hit
    out, ok = hit
    return (list(out) if type(out) is list else out), ok


def coerce_answer(value: Any, schema: str | Mapping[str, Any]) -> tuple[Any, bool]:
    """Public form of :func:`coerce` taking a schema as JSON text or dict."""
    return coerce(value, compile_schema(schema))


def _as_set(values: list[Any]) -> set[Any]:
    try:
        return set(values)
    except TypeError:
        return {freeze(v) for v in values}


def canonical_set(pred: list[Any], canon: Callable[[str], str] | None) -> set[Any]:
    """A predicted set with every label mapped to the node it names."""
    if canon is None:
        return _as_set(pred)
    return _as_set([canon(p) if type(p) is str else p for p in pred])


def compare(
    pred: Any,
    ref: Any,
    schema: Schema,
    tolerance: str,
    canon: Callable[[str], str] | None = None,
) -> tuple[bool, bool]:
    """``(strict, lenient by the paper's literal rule)`` for a coerced prediction.

    ``canon`` maps a label to the node it names (case, spaces and a full stop aside). The
    paper's rule: ±1 on ``count`` answers between non-negative values, and a symmetric
    difference of one element on ``set`` answers. The targeted rule is ``policy.slip_credit``.
    """
    kind = schema.kind
    if kind == "integer":
        if pred == ref:
            return True, True
        near = tolerance == "count" and pred >= 0 and ref >= 0 and abs(pred - ref) == 1
        return False, near
    if kind == "number":
        ok = abs(pred - ref) <= FLOAT_TOLERANCE
        return ok, ok
    if kind == "string":
        ok = type(pred) is str and (pred == ref or (canon is not None and canon(pred) == ref))
        return ok, ok
    if kind == "array" and isinstance(pred, list) and isinstance(ref, list):
        if not schema.unique:
            ok = len(pred) == len(ref) and all(
                compare(p, r, schema.items, tolerance, canon)[0] if schema.items else p == r
                for p, r in zip(pred, ref, strict=True)
            )
            return ok, ok
        try:  # _as_set, inlined: sets of labels are the commonest answer
            ref_set = set(ref)
        except TypeError:
            ref_set = {freeze(v) for v in ref}
        try:
            pred_set = set(pred)
        except TypeError:
            pred_set = {freeze(v) for v in pred}
        if pred_set != ref_set and canon is not None:
            pred_set = canonical_set(pred, canon)
        diff = len(pred_set ^ ref_set)
        return diff == 0, diff == 0 or (tolerance == "set" and diff == 1)
    if kind == "object" and isinstance(pred, dict) and isinstance(ref, dict):
        if pred.keys() != ref.keys():
            return False, False
        strict = lenient = True
        for name, ref_item in ref.items():
            sub = schema.properties.get(name)
            if sub is None:
                s = l_ = pred[name] == ref_item
            else:
                s, l_ = compare(pred[name], ref_item, sub, tolerance, canon)
            strict &= s
            lenient &= l_
        return strict, lenient
    ok = pred == ref and type(pred) is type(ref)
    return ok, ok


def set_f1(pred: list[Any] | None, ref: list[Any]) -> float:
    """F1 of a predicted set against the reference set: partial credit, reported apart."""
    if pred is None:
        return 0.0
    p, r = _as_set(pred), _as_set(ref)
    if not p and not r:
        return 1.0
    return 2 * len(p & r) / (len(p) + len(r))
