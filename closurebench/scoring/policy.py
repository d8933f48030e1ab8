"""The grading policy: which candidate is the model's final, committed answer, and what
lenient credit an answer earns. The metric card's first section states the same rules.

* The last candidate counts, unless it is hedged: two different answers side by side or
  joined as alternatives ("either {…} or {…}", a list of two answer objects), an alternative
  or a withdrawal after it ("… could also be 5", "Wait, that is not right"), or a refusal.
  A later answer after a revision marker ("wait, actually {…}") is a commitment and counts.
* An answer attempt cut off after the last candidate (an unfinished answer object) means the
  final answer was cut off: no answer.
* Targeted lenient credit accepts the reference with the category's one source slip applied
  (``Category.slip``), nothing else; sentinel answers (negative) get none.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from closurebench.scoring.coerce import HEDGE, canonical_set, freeze, is_hedge_text
from closurebench.scoring.extract import JSON_SOURCES, TEXT_SOURCES, Found, candidates
from closurebench.scoring.final import answer_region, as_text
from closurebench.scoring.prefilter import Prefiltered

__all__ = ["SLIPS", "decide", "extract_answer", "slip_credit"]

SLIPS = frozenset({"none", "+1", "-1", "query"})
"""``+1``: the count with x itself (the question excludes x); ``-1``: without x (it includes
x); ``query``: the set together with the query node(s); ``none``: no lenient credit."""

_INVALID: Any = object()  # a JSON answer that does not fit the schema: committed, but wrong

# Words that make a later answer a revision of an earlier one.
_REVISE_RE = re.compile(
    r"\b(?:wait|actually|hold on|on (?:second thought|reflection)|correct(?:ion|ed|ly)?"
    r"|mistake|wrong|oops|scratch that|i mean|rather|instead|re-?(?:count|check|calculat|examin"
    r"|consider|do|vis|think)\w*|double[- ]check\w*|let me|verif\w*|final(?:ly)?|so|therefore"
    r"|thus|hence|conclusion|overall|missed|forgot|fix\w*|updat\w*|revis\w*|answer)\b",
    re.IGNORECASE,
)
# Words that join two answers as alternatives.
_ALTERNATIVE_RE = re.compile(
    r"\b(?:or|either|alternatively|maybe|possibly|perhaps|otherwise)\b", re.IGNORECASE
)
# After the last answer: it is withdrawn, refused, or an alternative is offered.
_AFTER_RE = re.compile(
    r"(?:^|[.!?:]\s+|\n)\W*(?:actually|hmm+)\b"  # sentence-initial: "Actually, …", "Hmm."
    r"|\b(?:wait|hold on|not (?:right|correct|quite)|incorrect|(?:a|my) mistake"
    r"|made an error|let me (?:re|double|check|verify|count|think)|on second thought"
    r"|scratch that|i'?m sorry|i apologi[sz]e|i (?:can ?not|can'?t|am unable|'m unable)"
    r"|unable to (?:determine|answer|solve)|alternatively|or (?:maybe|possibly|perhaps)"
    r"|(?:could|might|may) (?:also|instead) be|(?:the )?answer (?:would|could|might) (?:be|also)"
    r"|another (?:possible )?answer|or else)\b",
    re.IGNORECASE,
)
# The words every match of the two regexes above contains (see ``prefilter``).
_AFTER = Prefiltered(
    _AFTER_RE,
    (
        " actually ", " hmm", " wait ", " hold on ", " not right ", " not correct ",
        " not quite ", " incorrect ", " mistake ", " made an error ", " let me ",
        " on second thought ", " scratch that ", " sorry ", " apologise ", " apologize ",
        " i can", " unable ", " alternatively ", " or maybe ", " or possibly ", " or perhaps ",
        " also be ", " instead be ", " answer would ", " answer could ", " answer might ",
        " another ", " or else ",
    ),
)
_ALTERNATIVE = Prefiltered(
    _ALTERNATIVE_RE,
    (" or ", " either ", " alternatively ", " maybe ", " possibly ", " perhaps ", " otherwise "),
)
AFTER_CHARS = 2_000
"""Text after the last answer read for withdrawals and alternatives."""
_FILLER = " \t\r\n.,;:*_`'\"-–—()[]{}>#|"


def decide(
    found: Found,
    coerce1: Callable[[Any, str], tuple[Any, bool]],
    same: Callable[[Any, Any], bool],
) -> tuple[Any, bool]:
    """``(answer, True)`` with the committed answer of ``found``, or ``(None, False)``.

    ``coerce1(value, source)`` coerces a candidate to the question's schema; ``same`` says
    whether two coerced answers agree (sets in any order, labels by the node they name).
    """
    if found.cut >= 0:
        return None, False
    judged: list[tuple[Any, Any]] = []  # (candidate, coerced value | HEDGE | _INVALID)
    for cand in found.items:
        source = cand.source
        if source in TEXT_SOURCES and isinstance(cand.value, str) and (
            is_hedge_text(cand.value) or _AFTER.search(cand.value)
        ):
            judged.append((cand, HEDGE))  # "4 or 5", "Wait, that is not right."
            continue
        value, ok = coerce1(cand.value, source)
        if ok:
            judged.append((cand, value))
        elif source in JSON_SOURCES:
            judged.append((cand, _INVALID))
        # text and plain objects that do not fit are prose, not answers
    if not judged:
        return None, False
    last, value = judged[-1]
    if value is HEDGE or value is _INVALID:
        return None, False
    region = found.region
    run_start = last.start  # where the final run of agreeing answers starts
    for cand, other in reversed(judged[:-1]):
        if cand.end > last.start and cand.start <= last.start and cand.group < 0:
            # one candidate inside another (an answer line around a value): same statement
            if other is HEDGE or other is _INVALID or not same(other, value):
                return None, False
            continue
        if other is not HEDGE and other is not _INVALID and same(other, value):
            if cand.group >= 0 and cand.group == last.group:
                continue
            run_start = min(run_start, cand.start)
            continue
        if cand.group >= 0 and cand.group == last.group:
            return None, False  # two different answers in one document: alternatives
        between = region[cand.end : run_start]
        if not between.strip(_FILLER):
            return None, False  # two different answers side by side
        if _ALTERNATIVE.search(between) and not _REVISE_RE.search(between):
            return None, False
        break
    after = region[last.end : last.end + AFTER_CHARS]
    if after and _AFTER.search(after):
        return None, False
    return value, True


def slip_credit(
    pred: Any,
    ref: Any,
    slip: str,
    query_nodes: Iterable[str] | None,
    canon: Callable[[str], str] | None,
) -> bool:
    """Whether a (not strictly right) answer is the reference with the one source slip.

    Counts: ``+1`` accepts ``ref + 1``, ``-1`` accepts ``ref - 1``; a negative reference is a
    sentinel ("condition not met") and earns nothing. Sets: ``query`` accepts the reference
    together with one or more of the query nodes it leaves out, and nothing else.
    """
    if slip == "none":
        return False
    if type(pred) is int and type(ref) is int:
        if ref < 0:
            return False
        if slip == "+1":
            return pred == ref + 1
        if slip == "-1":
            return ref >= 1 and pred == ref - 1
        return False
    if slip == "query" and isinstance(pred, list) and isinstance(ref, list):
        if not query_nodes:
            return False
        named, wanted = canonical_set(pred, canon), set(ref)
        extra = named - wanted
        return bool(extra) and not (wanted - named) and extra <= set(query_nodes)
    return False


def _as_is(value: Any, source: str) -> tuple[Any, bool]:
    if source == "bare_text" and not _TOKEN_RE.fullmatch(value):
        return None, False  # without a schema, loose prose is not an answer
    return value, True


_TOKEN_RE = re.compile(r"""[^\s{}\[\]"'`]{1,64}""")


def _same_json(a: Any, b: Any) -> bool:
    try:
        return freeze(a) == freeze(b)
    except TypeError:
        return False


def extract_answer(output: object) -> tuple[Any, bool]:
    """``(answer, True)`` with the committed answer of a raw output, or ``(None, False)``.

    Schema-free: the value is raw JSON data (or answer text), not yet coerced, so two
    spellings of one answer ("4" and 4) count as different here; ``score`` compares them
    after coercion. For inspecting what the scorer read from an output.
    """
    text = as_text(output)
    region = None if text is None else answer_region(text)
    if region is None:
        return None, False
    return decide(candidates(region), _as_is, _same_json)
