"""Stage 2 of the judge: the final commitment of an answer region, read as the asked-for type.

The last answer-bearing unit counts. Units, strongest first:

* *explicit*: an object with an answer-like key (``answer``, ``final_answer``, ``result``,
  in a tool call's ``arguments`` too), an ``<answer>`` / ``<final_answer>`` tag, a
  ``\\boxed{}``, an answer line: a cue word (``CUE_NOUNS``, ``CUE_QUALIFIERS``,
  ``REVISION_QUALIFIERS`` before a quantity: "the correct total") with the
  marks around it (``marks``: any bracket, separator, arrow, markdown) and its value ("Final
  answer: X", "【Conclusion】 X", "Final tally ⟶ X", "ANSWER >>> X", "## Answer" then X, "The
  answer, therefore, is X", "Answer (X)"); if the last one that names the answer cannot be
  read ("Answer ≥ 4") there is no answer, never an earlier draft;
* *closing*: what follows the last explicit unit (or, without one, the prose itself) is read
  sentence by sentence: a bold value, a value alone on its line or sentence, a list or table
  block (a table row "| reachable | yes |" too), a leading yes/no, or a value after a copula
  ("There are four triangles.").

After the commitment, a different value counts only after a revision marker ("wait",
"correcting", "no —", "so", "actually", "in fact", ``~~struck~~``; ``REVISION_MARKERS``,
also between a copula and its value: "the count is actually 6") or a contrast then a
consequence ("but I counted S twice, which leaves 7": ``CONTRASTS``, ``CONSEQUENCES``), which
makes it the commitment; offered as an
alternative ("if …", "or", "would be", "could also be") it makes the answer a hedge: no
answer. A withdrawal ("Wait, that is not right.", a refusal) with no value after it leaves no
answer. Commentary that offers no competing value ("I cannot find any path from A to B.")
never voids the answer. Two different explicit answers side by side, or joined as
alternatives ("either {…} or {…}"), are a hedge too.

A first-person verb of saying or concluding opens a value like "it is" ("I'd say 4.", "I
conclude wolf.": ``SAYING_VERBS``), a verb of guessing offers one ("I guess 4."); a question
is not a commitment ("4?", "Count: 6 (4?)", "Is it 4?": ``Reader.values``). Stance words and
exclusivity tails around a value are the reader's (``parse.transparent``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from itertools import islice
from typing import Any, NamedTuple

from closurebench.scoring import languages
from closurebench.scoring.marks import (
    CLOSE,
    DASH,
    OPEN,
    SEP,
    SIGN,
    arrow,
    group_end,
    item_marker,
    relation,
    role,
    skip,
    skip_back,
)
from closurebench.scoring.parse import (
    ADVERBS,
    CLOSING_ADVERB_RE,
    EXCLUSIVE_TAILS,
    FAIL,
    HEDGE,
    MAX_DEPTH,
    PRONOUN_RE,
    REVISING,
    REVISION_ADVERBS,
    SCAN,
    TEXT_CHARS,
    Names,
    Schema,
    answers,
    as_read,
    clean,
    closing,
    coerce_json,
    decoration,
    fold,
    hedged_before,
    loads,
    may_negate,
    may_read,
    names_field,
    negated,
    negated_before,
    opens_with_field,
    pair_end,
    read,
    transparent,
)

__all__ = ["NO_ANSWER", "Reader", "Unit", "document", "final", "unfenced", "units"]

NO_ANSWER: Any = FAIL
LINE_SCAN_CHARS = 32_768
"""Answer lines and closing sentences are looked for in this many trailing characters."""
MAX_ANCHORS = 6
"""Occurrences of an answer-like key examined, from the last backwards."""
MAX_SENTENCES = 3
"""Closing sentences read (the last ones) when there is no explicit unit..."""
CLOSING_CHARS = 480
"""... within this many trailing characters."""
ALONE_CHARS = 64
"""A piece longer than this holds no value standing alone (only one inside a sentence)."""
MAX_NEGATIONS = 3
"""Negated values skipped in a row in one piece of prose ("Not 5, not 6, but 4."), no more:
the reader never recurses deeper on any output."""


class Unit(NamedTuple):
    """An explicit answer at ``start:end`` of the region: a JSON value or text to read.

    ``group`` ties the answers of one JSON document together (two answer objects in one
    list are alternatives, not a revision); ``-1`` is a unit of its own.
    """

    start: int
    end: int
    payload: Any
    text: bool
    group: int = -1
    readable_only: bool = False  # "Result: …": a unit only if it reads as a value
    copula: bool = False  # "the answer is …": also not if it reads as a hedge (prose then)
    revises: bool = False  # "the answer is actually …": it replaces an earlier value
    bracketed: bool = False  # "Answer (6 nodes)": the group after a cue (``Reader.explicit``)


# ---- explicit units --------------------------------------------------------------------------

_KEY_RE = re.compile(r"""(\\?["']|\b)(?:final[ _-]?)?(?:answer|result)(?:\\?["'])?\s*:""", re.I)


def _objects(region: str, lower: str) -> tuple[list[Unit], int]:
    """Objects holding an answer-like key, found from the last key backwards; and where an
    answer object starts that never closes after them (a cut), or -1. Bounded: at most
    ``MAX_ANCHORS`` keys, one repair, nothing inside brackets left open ``MAX_DEPTH`` deep."""
    out: list[Unit] = []
    cut, hi, group, repairs = -1, len(region), 0, [1]
    for _ in range(MAX_ANCHORS):
        pos = max(lower.rfind("answer", 0, hi), lower.rfind("result", 0, hi))
        if pos < 0:
            break
        hi = pos
        if out and pos >= out[0].start:
            continue  # inside an object already read
        key = _KEY_RE.search(region, max(0, pos - 8), pos + 10)
        if key is None or not key.start() <= pos < key.end():
            continue
        before = region[max(0, key.start() - 64) : key.start()].rstrip()
        if before[-1:] not in ("{", ",", "\\") and not before.endswith(('{\\"', ',\\"')):
            continue  # not a key of an object: "Final answer: 3" is a line
        if region.find("}", pos) < 0:
            if key[1] and not out and cut < 0:
                cut = pos  # a quoted key whose object never closes: cut off
            continue
        window = region[max(0, pos - 2048) : pos]
        if window.count("{") + window.count("[") - window.count("}") - window.count("]") \
                > MAX_DEPTH:
            continue  # nested deeper than any answer: hostile, not an answer
        start, end, value = _enclosing(region, key.start(), repairs)
        if value is FAIL:
            continue
        while out and start <= out[0].start and out[0].end <= end:
            out.pop(0)  # nested in this object: its own answer key wins
        found = answers(value)
        group += len(found) > 1
        out[:0] = [Unit(start, end, a, False, group if len(found) > 1 else -1) for a in found]
    return out, cut


def _enclosing(region: str, at: int, repairs: list[int]) -> tuple[int, int, Any]:
    """The object around position ``at``: the nearest few ``{`` before it parsed by the C
    scanner, else (while ``repairs`` lasts) the nearest balanced span that ``loads`` reads
    with repair, if it holds what a repair fixes (single quotes, comments, bare keys)."""
    pos, first = at, -1
    for _ in range(3):
        pos = region.rfind("{", 0, pos)
        if pos < 0 or region.count("{", pos, at) + region.count("[", pos, at) > MAX_DEPTH:
            break
        first = pos if first < 0 else first
        if region[pos + 1 : pos + 2] not in '"} \t\n\r':
            continue  # "{'" or "{a": the C scanner would raise
        try:
            value, end = SCAN(region, pos)
        except (ValueError, RecursionError, StopIteration):
            continue
        if end > at and type(value) is dict:
            return pos, end, value
    if first < 0 or repairs[0] <= 0:
        return -1, -1, FAIL
    repairs[0] -= 1
    end = closing(region, first)
    value = loads(region[first:end]) if end > at else FAIL
    return (first, end, value) if type(value) is dict else (-1, -1, FAIL)


_BRACE_RE = re.compile(r"\s*\{")
_BOLD_LABEL_RE = re.compile(r"\*\*[ \t]*(?:final[ \t]+)?answer[ \t]*:", re.I)
_TAGS = ("answer", "final_answer", "final", "result")
_BOXES = ("\\boxed", "\\fbox")


def _tags(region: str, lower: str) -> tuple[list[Unit], int]:
    """The last ``<answer>…</answer>`` (and its synonyms), in markup's angle brackets or
    BBCode's square ones (``[answer]…[/answer]``), and an opened tag never closed."""
    out, cut = [], -1
    for name in _TAGS:
        for left, right in ("<>", "[]"):
            tag = f"{left}{name}{right}"
            close = lower.rfind(f"{left}/{name}{right}")
            opened = lower.rfind(tag)
            if opened > close and left == "<":  # "[answer]" alone is a cue, not a tag
                cut = max(cut, opened)
            if close >= 0:
                opened = lower.rfind(tag, 0, close)
                if opened >= 0:
                    inner = opened + len(tag)
                    out.append(Unit(opened, close + len(tag) + 1, region[inner:close], True))
    return out, cut


def _boxes(region: str) -> tuple[list[Unit], int]:
    """The last few ``\\boxed{…}``; and where an unclosed one starts (a cut), or -1."""
    out, cut = [], -1
    for name in _BOXES:
        hi = len(region)
        for _ in range(4):
            pos = region.rfind(name, 0, hi)
            if pos < 0:
                break
            hi = pos
            brace = _BRACE_RE.match(region, pos + len(name))
            end = -1 if brace is None else closing(region, brace.end() - 1)
            if end > 0:
                out.append(Unit(pos, end, region[brace.end() : end - 1], True))
            elif brace is not None and not out:
                cut = max(cut, pos)  # "\boxed{" never closed
    return out, cut


CUE_NOUNS = ("answer", "result", "conclusion", "verdict", "solution", "tally", "outcome")
"""Words that name the answer: each is a cue ("Result: 4", "【Conclusion】 Yes")."""
CUE_QUALIFIERS = ("final", "overall")
"""Words that are a cue alone ("Final: 4") or with the quantity they qualify."""
REVISION_QUALIFIERS = ("correct", "corrected", "actual", "right", "revised", "updated")
"""Words that make a cue of the quantity they qualify, and never stand alone ("the correct
total is 3", "Actual count: 3", "the right number is 3"): a revision's own cue, so later in
the prose they revise the value before them like "wait" does."""
CONTRASTS = ("but", "however", "yet", "though")
CONSEQUENCES = ("leaves", "leaving", "gives", "giving", "makes", "making", "yields", "yielding",
                *(f"{verb} {prep}" for verbs, prep in (
                    (("land", "lands", "landed", "landing"), "on"),
                    (("settle", "settles", "settled", "settling"), "on"),
                    (("arrive", "arrives", "arrived", "arriving"), "at"),
                    (("end", "ends", "ended", "ending"), "up with"),
                    (("come", "comes", "came", "coming"), "to"))
                  for verb in verbs))
"""A revision without a marker word is a contrast, then a consequence that gives a value:
"My count was 8, but I counted S twice, which leaves 7." revises 8 to 7 (``_CONCLUDE``), as
"so 7" would; so does a verb of arriving at a value ("I first wrote 5, though on a second
pass I land on 4"). The consequence words also introduce a value in a sentence (``_CUE_RE``); one
without a contrast before it is commentary ("Answer: 4. That leaves 3 edges unused.")."""
_AMENDING = (rf"(?:{'|'.join(CONTRASTS)})\b[^.;!?\n]*?\b(?:{'|'.join(CONSEQUENCES)})")
_SLOT_RE = re.compile(
    rf"(?:(?:[ \t,—–]|-(?![\d.]))*(?:{ADVERBS})\b(?:[ \t,:;—–]|-(?![\d.]))*)+", re.I)
"""Revision adverbs between a copula and its value (``REVISION_ADVERBS``), with their pauses."""
QUANTITIES = ("count", "total", "number", "sum", "value", "tally", "figure")
"""What a qualifier can qualify: "Final count ⟶ 5", "Overall total = 5", "the correct total"."""
FOREIGN_ANSWERS = languages.answers()
FOREIGN_CUES = languages.cues()
"""The answer cues of other languages (``languages.LANGUAGES``): "Antwort: ja", "Réponse :
oui", "答案：5", "Respuesta: 3"; those naming a result are weak like "Result"."""
MODIFIERS = ("the", "my", "our", "your", "short", *REVISION_QUALIFIERS, *CUE_QUALIFIERS,
             *languages.modifiers())
"""Words that may stand before a cue word ("The final answer", "My answer", "La réponse")."""
_STEMS = CUE_NOUNS + CUE_QUALIFIERS + REVISION_QUALIFIERS[::-1]  # "corrected" before "correct"
_FOREIGN_STEMS = tuple(dict.fromkeys(FOREIGN_CUES))
_ASCII_FOREIGN_STEMS = tuple(w for w in _FOREIGN_STEMS if w.isascii())
_FUNCTION_WORD_RE = re.compile(
    r"[\s*_`]*(in|at|on|of|for|from|with|within|inside|under|see|shown|given|listed|attached"
    r"|available|provided|unknown|undetermined|described|as)[ \t]", re.I)
"""A cue's text that opens with a preposition or such a word ("in the attached file", "see
the table above"): a sentence about where the answer is, no value, unless a node is so named."""
_SUBJECT_RE = re.compile(r"[\s*_`]*(?:it|they|that|this|these|those|there)(?:[ \t]+(?:is|are|was"
                         r"|were|must|might|may|could|should|would|seems?)|['’](?:s|re))\b",
                         re.I)
"""A cue's text that opens as a sentence, a pronoun and its verb ("It is …", "They're …",
"It might be …"): no value of its own, whatever words follow it."""
_ARTICLELESS = languages.articleless_cues()
_WHETHER_RE = re.compile(r"\b(?:whether|if)[ \t]+\Z")
_CUE_AT_START_RE = re.compile(rf"[\s*_`\"'#>-]*(?:{'|'.join(MODIFIERS + _STEMS)})\b", re.I)
"""A payload that may open with a cue of its own ("<answer>Answer: V</answer>"): a cheap test
before looking for its units."""
_QUALIFIED = rf"(?:{'|'.join(CUE_NOUNS + QUANTITIES)})"
_CUE_AT_RE = re.compile(
    rf"(?:(?:{'|'.join(CUE_QUALIFIERS)})(?:[ \t]+{_QUALIFIED})?"
    rf"|(?:{'|'.join(REVISION_QUALIFIERS)})[ \t]+{_QUALIFIED}"
    rf"|(?:{'|'.join(CUE_NOUNS)}))s?(?![^\W_])|(?:{'|'.join(FOREIGN_CUES)})"
    r"(?:(?![^\W_])|(?<=[\u2e80-\u9fff\uf900-\ufaff])(?=[\u2e80-\u9fff\uf900-\ufaff]))", re.I)
"""A cue word; one of a script without spaces may run into the next word ("最终答案为3")."""


_REVISED_RE = re.compile(
    rf"[\W_]*(?:(?:the|my|our)[ \t]+)?(?:{'|'.join(REVISION_QUALIFIERS)})[ \t]+{_QUALIFIED}",
    re.I)
_MODS_RE = re.compile(rf"(?:(?<![^\W_])(?:{'|'.join(MODIFIERS)})[ \t]+)+\Z", re.I)
_COPULA_RE_AFTER = re.compile(
    rf"[ \t]+(?:is|are|was|equals|{'|'.join(languages.copulas())})\b[ \t]*:?[ \t]*"
    rf"|[ \t]*(?:{'|'.join(languages.spaceless_copulas())})[ \t]*[:：]?[ \t]*", re.I)
"""The copula after a cue, in any language ("the answer is", "la respuesta es")."""
_ASIDE_RE = re.compile(
    r"[ \t]*(?:,[ \t]*[^,;:：.!?()\n]{1,60}?[ \t]*(?:,|(?P<mark>(?=[ \t]*[:：])))"
    r"|(?P<paren>\([^()\n]{1,60}\))|(?:—|–|--)[ \t]*[^—–,;:：.!?()\n-]{1,60}?[ \t]*(?:—|–|--))")
"""An aside between a cue and what joins it to its value: one clause between commas, dashes
or parentheses before a copula ("The answer, therefore, is", "The final answer, I think,
is", "The answer — after a recount — is"), or in parentheses or after a comma before a mark
("Final answer (corrected):", "Final answer, after a recount:")."""
_ASIDE_OPENERS = frozenset(" \t,(—–-")
_BOUNDARY = ".!?:;"
MAX_LINES = 8
MAX_CUES_PER_LINE = 4


def _cue(region: str, lower: str, pos: int, start: int, stop: int) -> tuple[bool, Unit] | None:
    """The answer line whose cue word is at ``pos`` (on the line ``start:stop``), as
    ``(anchored, unit)``, or None. Three shapes, one rule each:

    * *marked*: open marks, the cue, close marks and at least one separator or close mark,
      the value ("**Final answer:** 4", "【Conclusion】 Yes", "Final tally ⟶ 5"); the cue
      starts its line (``anchored``) or a sentence;
    * *header*: a line holding only the cue and its marks ("## Answer"): the block below;
    * *copula*: a modifier, the cue, "is" ("So the final answer is 4."), anywhere, a unit
      only if it reads as a value.

    An aside may stand between the cue and its copula or mark (``_ASIDE_RE``: "The answer,
    therefore, is 4", "Final answer (corrected): 4"); one that hedges (``_hedges``: "if",
    "maybe", "I guess") makes the line a hedge. A relation instead of a mark ("Answer ≥ 4")
    makes it a line without a value.
    """
    if pos > start and (lower[pos - 1].isalnum() or (
            lower[pos - 1] == "_" and lower[pos - 2 : pos - 1].isalnum())) and not (
            languages.spaceless(lower[pos])):
        return None  # inside a word: "final_answer", "unanswered" (not "__Answer__")
    m = _CUE_AT_RE.match(lower, pos, stop)
    if m is None:
        return None
    if not _WORD_RE.search(region, m.end(), stop):  # the cue ends its line: "5 is the answer."
        before = _value_first(region, lower, pos, start, stop)
        if before is not None:
            return False, before
    end = m.end()  # the cue's end, after any aside
    aside = _ASIDE_RE.match(lower, end, stop) if lower[end : end + 1] in _ASIDE_OPENERS else None
    cop = _COPULA_RE_AFTER.match(lower, aside.end() if aside else end, stop)
    if aside is not None and (aside["paren"] is not None
                              or (cop is not None) is (aside["mark"] is None)):
        end = aside.end()  # "The answer, therefore, is", "Final answer (corrected):"
    else:
        aside = None
    if end < stop and not role(region[end]) & (CLOSE | SEP) and arrow(region, end, end) == end \
            and _group(region, m.end(), stop) is None and not (
                cop is not None and languages.spaceless(m[0][0])):
        return None  # a mark or a space follows a cue ('"answer":' is a JSON key; "最终答案为
        # 3": a copula of a script without spaces)
    mods = _MODS_RE.search(lower, max(start, pos - 48), pos)
    first = mods.start() if mods else pos
    strong = m[0].startswith(("answer", *CUE_QUALIFIERS, *REVISION_QUALIFIERS)) or (
        "answer" in m[0]) or m[0] in FOREIGN_ANSWERS or (mods is not None and any(
            q in mods[0] for q in CUE_QUALIFIERS + REVISION_QUALIFIERS))
    hedged = aside is not None and _hedges(aside[0])  # "The answer, if …, is 4": a hedge
    revises = aside is not None and _DOUBT.search(aside[0]) is not None  # "(on reflection)"
    if cop is not None:
        if _WHETHER_RE.search(lower, max(start, first - 24), first):
            return None  # "check whether the answer is 3": the question's premise, no answer
        if mods is None and not languages.spaceless(m[0][0]) and m[0] not in _ARTICLELESS:
            return None  # "answer is" without "the": prose about an answer (a script
            # without spaces has no article: "最终答案为3")
        if hedged:
            return False, Unit(first, stop, HEDGE, False)
        at, slot = cop.end(), _SLOT_RE.match(lower, cop.end(), stop)
        if slot is not None:
            at = slot.end()  # "the answer is actually 4": a revision adverb, then the value
        cap = min(stop, at + TEXT_CHARS + 1)  # longer is no value: read no further
        return False, Unit(first, stop, region[at:cap], True, -1, True, True,
                           revises or slot is not None)
    lead = skip_back(region, first, OPEN, start)
    marker = start + item_marker(region[start:stop])  # a list row opens after its marker
    anchored = lead == start or (start < marker <= first  # "3) Final: 4", "(b) Answer: yes"
                                 and skip_back(region, first, OPEN, marker) == marker)
    if not anchored and region[lead - 1] not in _BOUNDARY and not role(region[lead - 1]) & DASH:
        return None  # mid-sentence: "…give the final answer below"
    group = _group(region, m.end(), stop)
    if group is not None:  # "Answer (6 nodes)", "Final answer (yes)", "Answer (nodes: A, B)"
        inside = Unit(first, stop, region[group[0] : group[1]], True, -1, True, bracketed=True)
        if hedged or _hedges(inside.payload):  # "Final answer (6 if Z counts)": a hedge
            return anchored, Unit(first, stop, HEDGE, False)
        payload, below = _below(region, stop) if anchored else ("", stop)
        if not payload:
            return anchored, inside
        return anchored, (Unit(first, below, payload, True, -1, not strong), inside)
    after = skip(region, end, CLOSE | SEP, stop)
    if stop - after <= ALONE_CHARS and not region[after:stop].strip(" \t\r*_#:"):
        if not anchored:
            return None
        payload, below = _below(region, stop)  # a header: the block below it
        if payload and hedged:
            return True, Unit(first, below, HEDGE, False)
        return (True, Unit(first, below, payload, True, -1, not strong)) if payload else None
    if anchored and stop - after <= ALONE_CHARS and region[after:stop].rstrip(
            " \t\r*_").endswith(":") and not hedged:
        payload, below = _below(region, stop)  # "Final answer: The nodes are:" over a list
        if payload.strip():
            return True, Unit(first, below, payload, True, -1, not strong)
    if not region[end:after].strip():
        if anchored and relation(region, after):
            return True, Unit(first, stop, "", True)  # "Answer ≥ 4": an answer line, no value
        return None  # no mark between the cue and the value: "answer the question"
    payload, end = region[after : min(stop, after + TEXT_CHARS + 1)], stop
    if region[lead : lead + 1] == "|" and payload.rstrip()[-1:] == "|":
        payload = payload.rstrip()[:-1]  # a table row: "| Final answer | yes |"
    later = _BOLD_LABEL_RE.search(payload)
    if later:
        payload, end = payload[: later.start()], after + later.start()
    if hedged:
        return anchored, Unit(first, end, HEDGE, False)  # "Final answer (maybe): 4"
    return anchored, Unit(first, end, payload, True, -1, not strong, revises=revises)


_WORD_RE = re.compile(r"[^\W_]")
_LINE_END = " \t\r.!*_"


def _group(region: str, at: int, stop: int) -> tuple[int, int] | None:
    """The inside (``start, end``) of a parenthesised group right after a cue ending at
    ``at`` (after its close marks) that ends the line ("Answer (6 nodes)", "**Final
    answer** (yes)", "Answer （A, B）"): an opening bracket of any script (``Ps``; not ``[``
    or ``{``, which open JSON), its matching closing bracket (``Pe``), then only a full stop
    or emphasis. None if a separator follows the group ("Final answer (corrected): 4"
    is an aside before the value)."""
    i = skip(region, at, CLOSE, stop)
    if i >= stop or unicodedata.normalize("NFKC", region[i]) in ("[", "{"):
        return None
    end = group_end(region, i, min(stop, i + TEXT_CHARS))
    if end < 0 or region[end:stop].strip(_LINE_END) or end == i + 2:
        return None
    return i + 1, end - 1


def _aside(text: str, i: int = 0) -> int:
    """Where a statement starts after the bracketed aside that opens it at ``i`` ("(see
    above) This is my final answer.", "[as shown] …", "【see above】 …"), or ``i`` if none
    opens it: a group (``marks.group_end``; not ``{``, which opens JSON) followed by more of
    the statement is a remark, like an opener, never the statement's value or subject. A
    group with nothing after it is left alone: it may be the value ("(7) is the answer")."""
    j = i
    while j < len(text) and text[j] in " \t":
        j += 1
    end = group_end(text, j) if text[j : j + 1] != "{" else -1
    if end < 0:
        return i
    while end < len(text) and text[end] in " \t":
        end += 1
    return end if text[end:].strip(_FILLER) else i


def _aside_only(piece: str) -> bool:
    """Whether a piece of prose is only a bracketed aside ("(see above).", "[as shown]"):
    no statement, so a remark after it still speaks of the statement before it."""
    body = piece.strip()
    j = group_end(body, 0) if body[:1] != "{" else -1
    return j > 0 and not body[j:].strip(_FILLER)


_COPULA_BEFORE_RE = re.compile(
    rf"(?:'s|[ \t]+(?:is|are|was|{'|'.join(languages.copulas())}))[ \t]+\Z", re.I)
_BACKREF_TAIL_RE = re.compile(r"[ \t]*(?:[—–-]+|[,:;])?[ \t]*(?:that|this|it|which)\Z", re.I)
_SENTENCE_BREAK_RE = re.compile(r".*[.!?][ \t]+", re.S)


def _value_first(region: str, lower: str, pos: int, start: int, stop: int) -> Unit | None:
    """The *value-first* shape of an answer line: the value, a copula, a modifier and the
    cue ending the line ("5 is the answer.", "Therefore, yes is the answer.", "B — that's my
    final answer"): the value is the sentence before the copula, after its open marks and
    conclusion words, without a pointer back to it ("— that"). A unit only if it reads as a
    value (``readable_only``, ``copula``), like the copula shape it mirrors."""
    mods = _MODS_RE.search(lower, max(start, pos - 48), pos)
    if mods is None:
        return None  # "5 is answer": no determiner, prose
    cop = _COPULA_BEFORE_RE.search(lower, max(start, mods.start() - 16), mods.start())
    if cop is None:
        return None
    brk = _SENTENCE_BREAK_RE.match(region, start, cop.start())
    lo = brk.end() if brk else start
    subject = region[_aside(region[: cop.start()], lo) : cop.start()]  # "(see above) This"
    subject = _BACKREF_TAIL_RE.sub("", subject)
    lead = skip(subject, 0, OPEN)
    opener = _OPENER_BOOL_RE.match(subject, lead)
    subject = subject[opener.end() if opener else lead :]
    if not subject.strip() or len(subject) > TEXT_CHARS or _POINTER_RE.search(subject):
        return None  # "The script's output above is my final answer.": it points back
    return Unit(lo, stop, subject, True, -1, True, True)


_CLOSING_TAG_RE = re.compile(r"</\w+>|\[/\w+\]")
"""A closing tag of markup or BBCode: the end of an answer line inside the tag."""


def _lines(region: str, lower: str, stems: list[str]) -> list[Unit]:
    """Answer lines on the last few lines holding a cue word in the region's tail; on each
    line the first anchored cue, else the last one. A header line takes the block below
    it. A line ends where another bold answer label starts ("**Answer: 5** … Correcting:
    **Answer: 4**"). ``stems``: the cue words the region holds."""
    floor = max(0, len(region) - LINE_SCAN_CHARS)
    starts: set[int] = set()
    for stem in stems:
        hi, seen = len(region), 0
        for _ in range(MAX_LINES * 4):
            pos = lower.rfind(stem, floor, hi)
            if pos < 0:
                break
            if not _may_cue(lower, pos, pos + len(stem)):
                hi = pos  # a JSON key or part of a word: look further back on the line
                continue
            hi = region.rfind("\n", 0, pos) + 1
            starts.add(hi)
            seen += 1
            if seen >= MAX_LINES:
                break
    out: list[Unit] = []
    for start in sorted(starts, reverse=True)[: MAX_LINES * 2]:
        if len(out) >= MAX_LINES:
            break
        lo = max(start, floor)
        stop = region.find("\n", lo)
        stop = len(region) if stop < 0 else stop
        shut = _CLOSING_TAG_RE.search(region, lo, stop)  # "<r>The answer is A, B.</r>"
        stop = stop if shut is None else shut.start()
        cands = sorted({p for stem in stems for p in _finds(lower, stem, lo, stop)})
        best = None
        for pos in cands[:2]:  # only a line's first cue words can start it ("Final answer")
            hit = _cue(region, lower, pos, start, stop)
            if hit is not None and hit[0]:
                best = hit[1]  # the first cue that starts its line takes the line
                break
        for pos in reversed(cands[-MAX_CUES_PER_LINE:]) if best is None else ():
            hit = _cue(region, lower, pos, start, stop)
            if hit is not None:
                best = hit[1]  # else the last cue on it
                break
        for unit in best if type(best) is tuple else () if best is None else (best,):
            head = unit.payload.lstrip(" \t*_$\\([") if unit.text else ""
            if head.startswith(("```", "boxed", "fbox", "<answer", "<final")) or (
                head[:1] == "{" and _KEY_RE.search(head)
            ):
                continue  # the box, object or tag below is the unit itself
            out.append(unit)
    return out


def _may_cue(lower: str, pos: int, end: int) -> bool:
    """A cheap necessary condition for a cue word at ``pos:end``: no letter, digit or quote
    touches it (``"answer":`` is a JSON key, "unanswered" a word)."""
    prev = lower[pos - 1 : pos]
    if prev and (prev.isalnum() or prev in "\"'") and not languages.spaceless(lower[pos]):
        return False
    nxt = lower[end : end + 1]
    if nxt in ("s", "_"):  # "answers", "__Answer__" (but not "final_answer")
        nxt = lower[end + 1 : end + 2] or " "
    return not nxt or not (nxt.isalnum() or nxt in "\"'") or (
        languages.spaceless(lower[end - 1]) and languages.spaceless(nxt))  # "答案为3"


def _finds(lower: str, stem: str, start: int, stop: int) -> set[int]:
    """Where ``stem`` occurs first (twice) and last (``MAX_CUES_PER_LINE`` times) in
    ``lower[start:stop]``: a line's anchored cue starts it, else its last cue counts."""
    out, pos, n = set(), lower.find(stem, start, stop), len(stem)
    for _ in range(2):
        if pos < 0:
            return out
        if _may_cue(lower, pos, pos + n):
            out.add(pos)
        pos = lower.find(stem, pos + 1, stop)
    hi = stop
    for _ in range(MAX_CUES_PER_LINE):
        pos = lower.rfind(stem, start, hi)
        if pos < 0 or pos in out:
            break
        if _may_cue(lower, pos, pos + n):
            out.add(pos)
        hi = pos
    return out


_UNDERLINE_RE = re.compile(r"[ \t]*(?:=+|-{2,})[ \t]*(?:\r?\n|\Z)")


def _below(region: str, stop: int) -> tuple[str, int]:
    """The block under a header line ending at ``stop``: its next lines up to a blank one
    (one blank line between header and block allowed). A line of ``=`` or ``-`` right under
    the header is its setext underline, part of the header."""
    start = stop + 1
    underline = _UNDERLINE_RE.match(region, start)
    if underline is not None:
        start = underline.end()  # a setext header: "Final answer" over "====" or "----"
    while start < len(region) and region[start] in " \t\r":
        start += 1
    if region[start : start + 1] == "\n":
        start += 1
    end = region.find("\n\n", start, start + 4096)
    end = min(len(region), start + 4096) if end < 0 else end
    return region[start:end], end


def units(region: str) -> tuple[list[Unit], int]:
    """The explicit units of a region in text order, and where a cut-off attempt starts
    after the last of them (-1 if none)."""
    lower = region.lower()
    if len(lower) != len(region):
        lower = region  # a character whose lower case is longer: keep positions
    found, cut = [], -1
    if "answer" in lower or "result" in lower:
        objects, cut = _objects(region, lower)
        found += objects
    tail = lower if len(lower) <= LINE_SCAN_CHARS else lower[-LINE_SCAN_CHARS:]
    stems = [stem for stem in _STEMS if stem in tail]  # answer lines are looked for there
    stems += [stem for stem in (_ASCII_FOREIGN_STEMS if tail.isascii() else _FOREIGN_STEMS)
              if stem in tail]
    if stems:
        lines = _lines(region, lower, stems)
        if found and lines:  # a line inside an answer object is that object's text
            spans = [(u.start, u.end) for u in found]
            lines = [u for u in lines if not any(a <= u.start and u.end <= b for a, b in spans)]
        found += lines
    if "[/" in region or (
            "<" in region and ("</" in region or "<a" in lower or "<f" in lower or "<r" in lower)):
        tags, tag_cut = _tags(region, lower)
        found += tags
        cut = max(cut, tag_cut)
    if "\\" in region:
        boxes, box_cut = _boxes(region)
        found += boxes
        cut = max(cut, box_cut)
    found.sort(key=lambda u: (u.start, -u.end))
    last = max((u.end for u in found), default=-1)
    return found, (cut if cut > last else -1)


def document(region: str) -> Any:
    """The region as exactly one strict JSON document, or ``FAIL``."""
    if region[:1] not in "{[\"" or region.count("{") + region.count("[") > MAX_DEPTH:
        return FAIL
    if region[:1] == "{" and region[1:2] not in '"} \t\n\r':
        return FAIL  # "{'answer'": the C scanner would raise
    try:
        value, end = SCAN(region, 0)
    except (ValueError, RecursionError, StopIteration):
        return FAIL
    return value if end == len(region) else FAIL


_FENCE_RE = re.compile(r"```[\w+-]*[ \t]*\n?(.*?)\n?```", re.S)


def unfenced(region: str) -> str:
    """The inside of a region that is one fenced code block (else the region)."""
    fenced = _FENCE_RE.fullmatch(region) if region[:3] == "```" else None
    return region if fenced is None else fenced[1].strip()


def _whole(region: str, value: Any = FAIL) -> list[Unit]:
    """The units of a region that is one JSON document (strict, fenced, or repaired: a
    Python literal, JSON5): its answers, or the document itself when it has none."""
    body = unfenced(region)
    if value is FAIL:
        value = document(body)
    if value is FAIL and body[:1] + body[-1:] in ("{}", "[]"):
        value = loads(body)
    if value is FAIL:
        if body is not region and not _code_fence(region):  # "```csv\n…\n```": one block
            return [Unit(0, len(region), body, True, -1, True)]  # of text, read as one
        return []
    found = answers(value)
    group = 0 if len(found) > 1 else -1
    return [Unit(0, len(region), v, False, group) for v in found or [value]]


# ---- closing sentences and the commentary after a commitment --------------------------------

class _Cue:
    """A cue-word regex behind C-fast substring tests: every match contains one of
    ``stems``, so on text (lower case) holding none the regex is not run. Case-insensitive
    alternations of words between ``\\b`` cost 20-80 µs per KiB; the tests, a few hundred ns."""

    __slots__ = ("regex", "stems")

    def __init__(self, pattern: str, stems: str) -> None:
        self.regex, self.stems = re.compile(pattern), tuple(stems.split("|"))

    def search(self, lower: str) -> re.Match[str] | None:
        if any(map(lower.__contains__, self.stems)):
            return self.regex.search(lower)
        return None


_PENDING = (
    r"before i (?:can )?(?:answer|give|say|commit|decide|finali[sz]e)"
    r"|so (?:that )?i can (?:answer|give|say|finali[sz]e)|(?:please|can you|could you) confirm"
    r"|i still (?:have|need) to\b|(?:still|yet) to be (?:done|checked|computed|worked out)"
    r"|i (?:didn'?t|did not|haven'?t|have not) (?:yet )?(?:comput|work(?:ed)? (?:it )?out|solv"
    r"|calculat|finish)|to be (?:checked|confirmed|verified|continued|determined)"
    r"|not (?:yet )?final\b|still working|working on it|i don'?t know|i do not know|no idea"
    r"|(?:low|little|no) confidence|50/50|fifty-fifty|torn between"
    r"|not (?:\w+ )?(?:checked|verified|confirmed) (?:it |this |that )?yet"
    r"|i (?:withdraw|retract|take back)|let me (?:verify|double[- ]check|check|confirm)"
    r"|i (?:could ?not|couldn'?t) (?:determine|find|decide|compute|answer)|"
    + "|".join(map(re.escape, languages.pending())))
"""*An answer still pending is none*: a sentence saying the work is not done or not the
answer yet ("I still have to follow the later hops before I can answer.", "I didn't compute it
for the graph as given.", "— but please confirm so I can give a final answer."). Its own
values are offered, not stated (``_SOFT``), and after a value it withdraws it (``_DOUBT``)."""
_PENDING_STEMS = ("before i|so i can|so that i can|confirm|i still|still to be|yet to be"
                  "|didn|did not|haven|have not|to be |not final|not yet final|still working"
                  "|working on it|know|no idea|confidence|50/50|fifty-fifty|torn between|yet"
                  "|withdraw|retract|take back|let me|could|"
                  + "|".join(languages.pending()))

_DOUBT = _Cue(
    r"\b(?:wait|hold on|hmm+,? no|(?<!\w )no ?(?:[—:,-]|wait)|not (?:right|correct|quite)|incorrect"
    rf"|wrong|mistake|made an error|scratch that|{REVISING}|oops"
    r"|correct(?:ion|ing)|double[- ]count|re-?(?:count|check|calculat|comput|examin"
    r"|consider|think|visit)|redo|let me (?:re|double[- ]check|check|verify|count)|missed"
    r"|forgot|overlooked|i'?m sorry|i am sorry|i apologi[sz]e|unable to|i (?:can ?not|can'?t"
    r"|am unable to|'m unable to) (?:help|answer|determine|solve|assist|provide|do|give|choose"
    r"|pick|commit|decide|settle))|~~"
    rf"|^[\W_]*(?:rather|instead)[ \t]*[,:;—–-]|{_PENDING}",  # "Rather, …", not "Instead of"
    f"{_PENDING_STEMS}|"
    "wait|hold on|hmm|no—|no —|no:|no :|no,|no ,|no-|no -|no wait|not right|not quite|correct"
    "|wrong|mistake|error|scratch|second thought|reflection|oops|actually|double|re-|recount"
    "|recheck|recalc|recomput|reexamin|reconsider|rethink|revisit|redo|let me|missed|forgot"
    "|overlooked|sorry|apologi|unable|i can|~~|in fact|in reality|rather|instead",
)
_PENDING_CUE = _Cue(_PENDING, _PENDING_STEMS)
_CONCLUDE = _Cue(
    r"\b(?:so|therefore|thus|hence|final(?:ly)?|in (?:total|conclusion|summary)|overall"
    rf"|answer|result|again|{ADVERBS}|(?:{'|'.join(REVISION_QUALIFIERS)})\s+{_QUALIFIED}"
    rf"|{_AMENDING})\b",
    "so|therefore|thus|hence|final|in total|in conclusion|in summary|overall|answer|result"
    "|again|" + "|".join(REVISION_ADVERBS + REVISION_QUALIFIERS + CONTRASTS),
)
_ALT = _Cue(
    r"\b(?:or|either|alternatively|otherwise|unless|if|would|could|might|in which case"
    r"|depending|maybe|possibly|perhaps|probably)\b",
    "or|either|alternatively|otherwise|unless|if|would|could|might|in which case|depending"
    "|maybe|possibly|perhaps|probably",
)
_WRONG_RE = re.compile(r"\b(?:is|was|are|were)[ \t]+(?:wrong|incorrect|mistaken|a mistake"
                       r"|not[ \t]+(?:right|correct))\b|['’]s[ \t]+(?:wrong|incorrect)\b")
"""A sentence that calls its value wrong ("Scratch that — 3 is wrong."): said of the value
committed, and of no other, it withdraws it."""
_EARLIER_RE = re.compile(r"\b(?:first|earlier|previous|prior|initial|original|initially"
                         r"|previously|before|at first)\b")
"""A clause calling an *earlier* attempt wrong ("My first count was wrong", "I was wrong
before") names what the answer corrects, not the answer: no withdrawal, but a revision mark,
so a different value after it is the correction."""
_CONDITION_RE = re.compile(r"[\W_]*(?:if|under|assuming|supposing|depending on|in case)\b",
                           re.I)
"""A clause opened by an open condition ("If they are read as two-way, …", "Under reading B
…")."""
_CONDITION_STEMS = ("if", "under", "assum", "suppos", "depending", "in case")
_BUT_RE = re.compile(r"[ \t]*,?[ \t]+but\b", re.I)
_REJECTION_TAIL_RE = re.compile(r"[ \t]*,[ \t]*(?:but[ \t]+)?not\b|[ \t]+but[ \t]+not\b",
                                re.I)
"""A value's rejected alternative after it ("Clara, not Noor.", "4 but not 6"): the value
before it stands alone, as before a full stop."""
_CLAUSES_RE = re.compile(r"(?<=[.;!?])(?=\s)|(?<=\n)")
_CLAUSE_RE = re.compile(r"(?<=[;—–])|(?=\bbut\b)", re.I)
"""Where a sentence's clauses meet (kept with the clause before, or before "but")."""
_SOFT = _Cue(r"\b(?:maybe|possibly|perhaps|probably|presumably|(?:could|might|may) (?:also )?be"
             r"|not sure|guess(?:es|ed|ing)?|(?<!other )candidates?|possibilit(?:y|ies)"
             r"|(?:possible|potential|plausible)[ \t]+(?:answers|values|results|counts|sets))\b"
             rf"|{_PENDING}",
             "maybe|possibly|perhaps|probably|presumably|could|might|may|not sure|guess"
             f"|candidate|possibilit|possible|potential|plausible|{_PENDING_STEMS}")
"""Qualms in a sentence: its values are offered, not stated. A verb or noun of guessing is
one ("I guess 4.", "My guess is 4.", "A quick guess gives 4."), and so is a noun naming a
value one of several ("One candidate is 6; another is 4.", "One possibility is 4."), never a
first-person cue like "I'd say" (``SAYING_VERBS``)."""
_INVERTED = r"(?:^|[^\w\s,])[\W_]*(?:had|were)[ \t]+[^,.;:!?]*,[^.;!?]*\bwould\b"
_IF_WOULD_RE = re.compile(rf"\bif\b.*\bwould\b|\bwould\b.*\bif\b|{_INVERTED}", re.S)
"""A conditional: "if" and "would" in one sentence, or a condition opened by an inverted
"had" or "were" ("Had ties been broken by name, it would be U.")."""


def _counterfactual(lower: str) -> bool:
    """Whether a sentence is a counterfactual ("If I misread the direction I would get 5."):
    its values are what *would* be, offered like a qualm's, never stated. The "would" of a
    first-person verb of stating (``STATING_VERBS``: "If you ask me, I would say 4.") is no
    counterfactual; that of a verb of obtaining ("I would get 5", "I would count 5") is."""
    if "would" not in lower:
        return False
    return _IF_WOULD_RE.search(_STATING_RE.sub(" ", lower)) is not None


_CONTRARY_RE = re.compile(
    rf"\bif\b[^,.;:!?]*?\b(?:were|was|had|did)(?:n[o'’]?t)?\b|{_INVERTED}")
"""A condition contrary to fact ("if the edges were undirected", "Had I counted …, it would
…"): after a commitment, what would be under it is a remark on another question, not an
alternative answer to this one, as an open condition ("if the start counts, it would be 6")
is."""


_STRONG = _Cue(r"^\W*so\b|\b(?:therefore|thus|hence|in (?:total|conclusion|summary)|overall"
               r"|final(?:ly)?|answer|result)\b|" + "|".join(map(re.escape, FOREIGN_ANSWERS)),
               "so|therefore|thus|hence|in total|in conclusion|in summary|overall|final"
               "|answer|result|" + "|".join(FOREIGN_ANSWERS))
"""The conclusions after which a value inside a sentence of a long argument counts, another
language's word for the answer among them ("したがって、最終的な答え：…")."""
CUES = (_DOUBT, _CONCLUDE, _ALT, _SOFT, _STRONG)


_HEDGE_ASIDE = _Cue(r"\b(?:guess(?:ing)?|unsure|uncertain|tentative(?:ly)?|not (?:sure|certain))\b",
                    "guess|unsure|uncertain|tentative|not sure|not certain")


def _hedges(aside: str) -> bool:
    """Whether an aside between a cue and its value hedges ("The answer, if Z counts, is 4",
    "Final answer (maybe):", "The answer, I guess, is"): the answer line is then a hedge."""
    lower = aside.lower()
    return any(cue.search(lower) for cue in (_ALT, _SOFT, _HEDGE_ASIDE))


_QUALM_RE = re.compile(
    r"[ \t]*(?:[,;(—–-][ \t]*)?(?:maybe|probably|possibly|perhaps|presumably|i guess|i'?m not sure"
    r"|not sure|or so)\b|[ \t]*\?|[ \t]*\([^()\n]{0,80}\?[ \t]*\)", re.I)
"""A hedge right after a value, on its line: the value is offered, not committed. *A question
is not a commitment*: a question mark right after the value ("… 4?") or a bracketed question
after it ("… 4 (is that right?)", "… 4 (5?)") asks, it does not state (``Reader.values``)."""


_CONCLUDING_RE = re.compile(
    r"(?:(?:so|therefore|thus|hence|finally|overall|in (?:total|conclusion|summary))\b"
    r"[\s,:;.!—-]*)+", re.I)
_DETERMINERS = (rf"(?:(?:{'|'.join(('the', 'my', 'our', 'your', 'short', *languages.modifiers()))})"
                rf"[ \t]+)*")
_LEAD_MODS_RE = re.compile(_DETERMINERS, re.I)
_TRAILING_CUE_RE = re.compile(
    rf"(?:'s|\b(?:is|are|was|be))[ \t]+{_DETERMINERS}(?:{_CUE_AT_RE.pattern})[\W_]*\Z", re.I)
_BACKREF_RE = re.compile(r"(?:that|this|it|which)(?:'s\b|[ \t]+(?:is|was|are|be)\b|[\W_]*\Z)",
                         re.I)


_POINTER_RE = re.compile(r"\b(?:this|that|these|those|them|above)\b", re.I)
"""Demonstratives and "above": a statement holding one points back at a value given
before it instead of giving one."""
_BACKREF = 2
"""A statement about the piece before it ("That is my final answer."): the final statement
only when that piece gives no value."""


def _open(text: str, i: int) -> int:
    """The end of the open marks from ``i``, stopping at a conclusion sign."""
    while i < len(text) and role(text[i]) & (OPEN | SIGN) == OPEN:
        i += 1
    return i


def _signed(piece: str) -> bool:
    """Whether a piece opens with a conclusion sign after its open marks ("∴ 3", "⇒ A, B")."""
    body = piece.lstrip()
    i = _open(body, 0)
    return i < len(body) and bool(role(body[i]) & SIGN)


def _states(piece: str) -> bool | int:
    """Whether a piece of closing prose reads as a final statement, by its position and its
    classes of marks and words, not by phrasing: after its open marks (``marks.OPEN``) and
    any conclusion words ("So", "Therefore,"), it starts with a conclusion sign
    (``marks.SIGN``: "∴ …", "⇒ …") or a cue word of any language after its modifiers ("La
    respuesta es …", "Answer — …"), or it had a conclusion word ("So we end up with …"), or
    it ends with a copula, modifiers and a cue word ("… is the answer.", "… — that's my final
    answer"); a statement about the piece before ("This is my final answer.") is
    ``_BACKREF``, and one without a cue ("So that's it.") or pointing back at a value given
    before (a demonstrative or "above": "Overall, I trust this count.") none. If no value
    of the type is read in a final statement, the output has no answer: never a value named
    earlier in the reasoning."""
    if _aside_only(piece):
        return False  # "(see above)": a remark, no statement
    body = piece.strip()
    i = _open(body, _aside(body))  # "(see above) This is my final answer."
    concluding = _CONCLUDING_RE.match(body, i)
    if concluding is not None:
        i = _open(body, concluding.end())
    if _BACKREF_RE.match(body, i) is not None:  # "This is my final answer.", "So that's it."
        return _BACKREF if _TRAILING_CUE_RE.search(body) is not None else False
    trailing = _TRAILING_CUE_RE.search(body)
    if trailing is not None:  # "5 is the answer.", "B — that's my final answer"; "The
        # output above is my final answer.": a subject that points back is about the piece
        return _BACKREF if _POINTER_RE.search(body, i, trailing.start()) else True
    if _POINTER_RE.search(body, i) is not None:
        return False  # it points back at a value given before: "Overall, I trust this count."
    if i < len(body) and role(body[i]) & SIGN:
        return True
    if concluding is not None:
        return True
    cue = _CUE_AT_RE.match(body, _LEAD_MODS_RE.match(body, i).end())
    return cue is not None and not body[cue.end() : cue.end() + 1].isalnum()


def _marked(lower: str) -> bool:
    """Whether a piece revises, concludes or hedges: its values then matter."""
    return any(cue.search(lower) for cue in (_DOUBT, _CONCLUDE, _ALT))


SAYING_VERBS = ("say", "said", "conclude", "concluded", "get", "got", "count", "counted",
                "find", "found", "make it", "made it", "go with", "went with", "pick", "picked",
                "choose", "chose", "answer", "answered", "think", "believe", "reckon", "settle on",
                "arrive at", "end up with", "obtain", "obtained")
"""*A first-person verb of saying or concluding is a cue*: "I'd say 4.", "I conclude wolf.",
"We get 4.", "I make it 1.5." open a sentence whose value they state, like "it is"
(``_FIRST_PERSON``: "I" or "we", then "'d", "would", "will", "can" or "must" may stand
between). A verb of guessing is none: "I guess 4" is a qualm (``languages.qualms``,
``_SOFT``), never a statement."""


def _first_person(verbs: tuple[str, ...]) -> str:
    """"I" or "we", perhaps "'d", "would", "will", … then one of ``verbs``, in lower case."""
    return (r"(?:i|we)(?:'d|'ll|[ \t]+(?:would|will|can|must|do|did))?[ \t]+(?:"
            + "|".join(v.replace(" ", "[ \t]+") for v in verbs) + ")")


_FIRST_PERSON = _first_person(SAYING_VERBS)
_SAYING_RE = re.compile(_FIRST_PERSON)
"""A first-person cue in lower case: its "would" ("I would say 4") offers no alternative."""
_SAYING_ANY_RE = re.compile(rf"\b{_FIRST_PERSON}\b", re.I)
"""A first-person cue anywhere in a sentence, in any case ("…, but after following the edges I
conclude no."): where a value may start, like a copula (``_joins``)."""
#: The verbs of ``SAYING_VERBS`` that state a stance, not a result: under "if" their "would"
#: is politeness ("If you ask me, I would say 4."), a result's is a counterfactual.
STATING_VERBS = tuple(v for v in SAYING_VERBS if v not in (
    "get", "got", "count", "counted", "find", "found", "make it", "made it", "arrive at",
    "end up with", "obtain", "obtained"))
_STATING_RE = re.compile(_first_person(STATING_VERBS))
_OPENERS = (r"so|therefore|thus|hence|finally|overall|in total|in conclusion|in summary|wait"
            rf"|hmm+|oh|ok(?:ay)?|well|{REVISING}|{ADVERBS}|hold on|oops|sorry"
            r"|p\.?s\.?|note|but|and|or|either|alternatively|otherwise|then|that gives"
            rf"|this gives|which gives|giving|{_FIRST_PERSON}|there (?:are|is)|it'?s|it is|is it"
            r"|that'?s|that is|that would be|in which case|if so|then|maybe|perhaps|possibly"
            r"|probably|i(?:'d|[ \t]+would)?[ \t]+guess"
            r"|(?:my|our)(?:[ \t]+best)?[ \t]+guess[ \t]+is")
_PAUSES = r"(?:[\s,:;.!—]|-(?![\d.]))*"  # never a minus sign: "So, -1"
_OPENER_RE = re.compile(rf"(?:(?:{_OPENERS}|no|yes)\b{_PAUSES})+", re.I)
_OPENER_BOOL_RE = re.compile(rf"(?:(?:{_OPENERS})\b{_PAUSES})+", re.I)
_CUE_RE = re.compile(
    rf"\b(?:is|are|was|were|equals|be|get|has|have|contains|totals?|count"
    rf"|{'|'.join(CONSEQUENCES)})\b\s*:?"
    r"|[:=≈]|'s\b",
    re.I,
)
_COPULA_RE = re.compile(r"\s+(?:is|was)\b")
# A trailing list of words ("… reach Carol, Kofi and Ximena."), matched on the reversed text
# so that the match is anchored and linear.
_TAIL_LIST_REV_RE = re.compile(r"[\s.!)]*[\w-]*\w(?:(?:\s*,\s*|\s+dna\s+|\s+dna\s*,\s*)[\w-]*\w)*")
_BOLD_RE = re.compile(r"\*\*([^*\n]{1,80})\*\*|__([^_\n]{1,80})__")
_STRUCK_RE = re.compile(r"~~[^~\n]{0,80}~~")
_SENTENCE_END_RE = re.compile(r"[.!?][\"'”’»]*\s+|\)\s+(?=[A-Z(])")  # "…koala?” Yes, …"
_TABLE_ROW_RE = re.compile(r"^\s*\|.*\|\s*$")
_KV_RE = re.compile(r"^\s*(?:[-*•+]\s+)?[*_`]*[\w][\w \-]{0,30}?[*_`]*\s*(?=[^\w\s])")
"""A ``key: value`` row: a name, then a field separator (``parse.pair_end``) and a value."""
_BARE_ROW_RE = re.compile(r"[^\s.:!?]{1,40}(?:[ \t]\S+)?")
_PAUSE = " \t.,;:!)]*_`\"'"


def _pieces(text: str, kind: str, schema: Schema | None = None) -> list[tuple[str, bool]]:
    """``(piece, is_block)`` of prose in order: item blocks (bullets, numbers, tables; for
    sets and objects also bare short lines and ``key: value`` lines, those of an object
    naming one of the ``schema``'s fields) and sentences."""
    rows = text.split("\n")
    out: list[tuple[str, bool]] = []
    if len(rows) == 1 and not _is_item(text):  # one line of prose: its sentences
        return _sentences(text, out)
    i = 0
    while i < len(rows):
        if rows[i].lstrip().startswith("```") and not _code_fence(rows[i]):
            shut = next((k for k in range(i + 1, len(rows)) if rows[k].strip() == "```"), -1)
            if shut > i + 1:  # a fenced block of data ("```csv" … "```"): one block
                out.append(("\n".join(rows[i + 1 : shut]).strip(), True))
                i = shut + 1
                continue
        if _row_is_item(rows[i], kind, schema):
            j, layout = i + 1, _layout(rows[i])
            while j < len(rows) and (not rows[j].strip() or (
                    _row_is_item(rows[j], kind, schema)
                    and (rows[j - 1].strip() or _layout(rows[j]) == layout < 2))):
                j += 1  # a blank line, then another layout or a bare row: a new block
            block = "\n".join(rows[i:j]).strip()
            if "\n" in block or kind in ("object", "array") or block[:1] == "|":
                # a list of one is a list; a table of one row is a table
                out.append((block, True))
                i = j
                continue
        _sentences(rows[i], out)
        i += 1
    return out


def _layout(row: str) -> int:
    """A list row's layout: 0 a table row, 1 a bulleted or numbered row, 2 a bare row."""
    return 0 if row.lstrip()[:1] == "|" else 1 if item_marker(row) else 2


def _sentences(row: str, out: list[tuple[str, bool]]) -> list[tuple[str, bool]]:
    start = 0
    for end in _SENTENCE_END_RE.finditer(row):
        out.append((row[start : end.end()], False))
        start = end.end()
    if row[start:].strip():
        out.append((row[start:], False))
    return out


def _is_item(row: str) -> bool:
    """A list row: a marker (``marks.item_marker``) then text, or a table row."""
    return item_marker(row) > 0 or _TABLE_ROW_RE.match(row) is not None


def _row_is_item(row: str, kind: str, schema: Schema | None = None) -> bool:
    if _is_item(row):
        return True
    if kind == "object":  # "in_degree: 1", "Correction: out_degree: 2"; not "Actually: …",
        for _ in range(2):  # nor "Explanation: it is tempting to say in_degree: 2, but …"
            kv = _KV_RE.match(row)
            end = -1 if kv is None else pair_end(row, kv.end())
            if not (0 < end < len(row)) or row[end:].isspace():
                return False
            if schema is None or names_field(row[: kv.end()], schema):
                return True
            row = row[end:]
        return False
    row = row.strip()  # a bare short row, but not a heading ("They are:") nor a sentence
    if kind != "array" or row[-1:] == ":" or not _BARE_ROW_RE.fullmatch(
            row if row.isascii() else fold(row)):  # "答え：A、B" holds a colon too
        return False
    # nor a row that opens like a sentence ("Actually, Yara.") or is a labelled value
    # ("Count- Yara")
    return _OPENER_BOOL_RE.match(row) is None and not _labelled(row)


def _labelled(text: str) -> bool:
    """Whether ``text`` opens with a labelled value's name and separator ("Count- ",
    "Busiest node → "): a line that needs no full stop to be finished."""
    name = _KV_RE.match(text)
    return name is not None and pair_end(text, name.end()) > 0


def _joins(body: str, limit: int = 3) -> list[int]:
    """Where a value may start in a sentence: after the separator of a *labelled value* (a
    short name opening the sentence, then any separator of ``marks``, as a ``key: value``
    row's: "Busiest node → T", "Reachable set ⟶ A, B"; not an arrow between two values, as
    in a path "A → B → C"), then after each of the first copulas and joiners (``_CUE_RE``)
    and first-person cues ("I conclude"), in order."""
    out = sorted({m.end() for m in (*islice(_CUE_RE.finditer(body), limit),
                                    *islice(_SAYING_ANY_RE.finditer(body), 3))})
    name = _KV_RE.match(body)
    end = -1 if name is None else pair_end(body, name.end())
    if end > 0 and end not in out:
        out.insert(0, end)
    return out


_EXCLUSIVE = "|".join(t.replace(" ", "[ \t]+") for t in EXCLUSIVE_TAILS)
_EXCLUSIVE_RE = re.compile(rf"[ \t]*(?:[,—–-][ \t]*)?(?:{_EXCLUSIVE})\b", re.I)


def _remark(rest: str) -> str:
    """What follows a value, without an exclusivity tail (``parse.EXCLUSIVE_TAILS``: "4 and
    no one else, …") and the bracketed group right after it ("T (tied with
    nobody)", "A, B (checked)"): a remark on the value given, not a value of its own,
    unless it revises, concludes or hedges ("4 (actually 5)", "4 (or 5)", "4 (5?)"), which
    the commitment then weighs. A group *before* a value is the value ("The answer is (7)")."""
    exclusive = _EXCLUSIVE_RE.match(rest)  # "4 and no one else, I am sure": no "one"
    if exclusive is not None:
        rest = rest[exclusive.end() :]
    j = len(rest) - len(rest.lstrip(" \t"))
    end = group_end(rest, j) if rest[j : j + 1] != "{" else -1
    if end < 0:
        return rest
    group = rest[j:end].lower()
    return rest if _marked(group) or _hedges(group) or "?" in group else rest[end:]


class Reader:
    """Reads explicit units and prose as values of one schema (``names`` says which labels
    name a node) and compares values (``same``)."""

    def __init__(self, schema: Schema, names: Names | None,
                 same: Callable[[Any, Any], bool], keys: Any = None) -> None:
        self.schema, self.names, self.same = schema, names, same
        self.keys = keys  # the labels' keys (``parse.label_key``: a set or a dict's keys)

    def explicit(self, unit: Unit, outer: bool = True) -> tuple[Any, str]:
        if unit.bracketed:
            return self._bracketed(unit.payload)
        if unit.text:
            nested = units(unit.payload)[0] if outer and len(
                unit.payload) <= TEXT_CHARS and _CUE_AT_START_RE.match(unit.payload) else []
            if nested and not unit.payload[: nested[0].start].strip(_FILLER):
                # "<answer>Answer: V</answer>": the inner cue's value (one level: "answer:
                # answer: …" costs no more than one)
                return self.explicit(nested[0], False)
            word = _FUNCTION_WORD_RE.match(unit.payload)
            if (word is not None and not (self.names and self.names(word[1]))) or (
                    PRONOUN_RE.match(unit.payload.lstrip(" \t*_`"))):
                # "The final answer is in the attached file.", "Answer: see the table above.",
                # "Final Answer: I could not determine the answer.": a sentence, not a value
                return self._forward(FAIL, False, _pieces(
                    unit.payload, self.schema.kind, self.schema), {}), ""
            if _SUBJECT_RE.match(unit.payload):  # "Answer: It is Hana, Kofi, Priya.",
                # "Answer: It might be wolf.": a sentence, weighed as prose whatever the type
                return self._forward(FAIL, False, _pieces(
                    unit.payload, self.schema.kind, self.schema), {}), ""
            value, rest = read(unit.payload, self.schema, self.names, True)
            bold = _BOLD_RE.match(unit.payload.lstrip(" \t"))
            if bold is not None and value is not HEDGE and bold.end() < len(
                    unit.payload.strip()):  # "The answer is: **A, B**, because …": the
                inner, said = read(bold[1] or bold[2], self.schema, self.names, True)
                if inner is not FAIL and not said.strip(_PAUSE):  # emphasis holds the value
                    value, rest = inner, unit.payload.lstrip(" \t")[bold.end() :]
            if value is FAIL and unit.payload.strip():  # "Answer: There are 4 triangles.":
                # a sentence after the cue, weighed as prose (copulas, qualms, questions)
                kind = self.schema.kind
                said = self._forward(FAIL, False, _pieces(unit.payload, kind, self.schema), {})
                if said is not FAIL:
                    return said, ""
            return value, rest
        return coerce_json(unit.payload, self.schema, self.names)

    def _bracketed(self, text: str) -> tuple[Any, str]:
        """The group after a cue ("Answer (6 nodes)") read as an answer line's value, unit
        words and all ("6 nodes", "node srv-24"), a field's name and separator before it
        aside ("nodes: A, B"); a value only if its labels name nodes, as in prose, so an
        aside ("Final answer (corrected)") is none and the block below the line counts."""
        if PRONOUN_RE.match(text.lstrip(" \t(")):
            return FAIL, ""  # "Answer (I think)": the pronoun, even where a node is called I
        for _ in range(2):
            value, rest = read(text, self.schema, self.names, True)
            if value is HEDGE or (value is not FAIL and self._named(value)):
                return value, rest
            field = _KV_RE.match(text)
            end = -1 if field is None else pair_end(text, field.end())
            if end < 0:
                break
            text = text[end:]  # "nodes: A, B": the field's name is no part of the value
        return FAIL, ""

    def _named(self, value: Any) -> bool:
        """Whether a read value's labels name nodes (any value of another type does)."""
        names, kind = self.names, self.schema.kind
        if names is None or kind not in ("string", "array"):
            return True
        return all(names(str(v)) for v in (value if type(value) is list else [value]))

    def _may_hold(self, text: str) -> bool:
        """A cheap necessary condition for prose (as ``read`` reads it: ``as_read``) to hold
        a value of the type or a hedge (``parse.may_read``: a digit or number word, a yes/no
        word, a node's label, a field's name, JSON), so the readers may skip it. A shortcut
        only: the rules that ask whether a clause holds *no* value call ``_holds_none``."""
        return may_read(text, self.schema, self.keys)

    def _holds_none(self, text: str) -> bool:
        """Whether a clause holds no value of the type (``parse.may_read`` false): part of
        a rule ("Putting it all together, yes", "5, but that reads one edge backwards"),
        not a shortcut, so the judge's fast-path test can turn ``_may_hold`` off alone."""
        return not may_read(text, self.schema, self.keys)

    def values(self, piece: str, block: bool, stated: int = 2) -> list[tuple[Any, bool]]:
        """``(value, offered)`` of every value a piece of prose gives, in order: ``offered``
        for a value standing alone (bold, its own sentence or block), not for one inside a
        sentence, looked for only if ``stated``: 1 after a copula ("There are 4 triangles."),
        2 also as the list that ends it ("Ivan cannot reach Carol and Kofi.").

        *A question is not a commitment*: a value that a question mark follows in its
        sentence ("Count: 4?", "Count: 6 (4?)", "Is it 4?", "Count: 4 (is that right?)") is
        ``QUESTIONED``, weighed like a qualm (``_forward``): never a commitment of its own, a
        hedge against a different one, nothing against the same."""
        if block:  # a block's fields read past its words ("So is it can_reach: …, 1?")
            value, rest = read(piece, self.schema, self.names, True, True)
            return [] if value is FAIL else [(value, QUESTIONED if "?" in rest else True)]
        out, body = self.bold(piece)
        if out:
            return out
        if not stated and len(body) > ALONE_CHARS:
            return []  # a value standing alone is a short piece
        folded = as_read(body)  # every reader, a reversed tail's too, sees one folded text
        seen = folded if folded == body else as_read(folded)  # what ``read`` reads of it
        if not self._may_hold(seen):
            return []
        body = folded
        for _ in range(3):  # the value, then any further ones in the rest of the sentence
            value, rest, offered = self._first(body, stated)
            if value is FAIL:
                break
            out.append((value, QUESTIONED if "?" in rest else offered))
            body = _remark(rest)
        return out

    def bold(self, piece: str) -> tuple[list[tuple[Any, bool]], str]:
        """The values a piece of prose gives in bold ("**4**", each read from its own text,
        before the prefilter, which sees the piece without its markup), and the piece
        without struck text ("~~4~~")."""
        body = clean(_STRUCK_RE.sub(" ", piece)) if "~~" in piece else piece
        out: list[tuple[Any, bool]] = []
        if "**" in body or "__" in body:
            for m in _BOLD_RE.finditer(body):
                value, rest = read(m[1] or m[2], self.schema, self.names, True, True)
                if value is not FAIL and not rest.strip(_PAUSE):
                    out.append((value, True))
        return out, body

    def _first(self, body: str, stated: int, negations: int = 0) -> tuple[Any, str, bool]:
        """The first value of a piece of prose: alone, after a copula, after a condition; a
        value a negator opens is skipped (``parse.NEGATORS``: "Not 6 but 4." reads 4), at
        most ``MAX_NEGATIONS`` in a row."""
        schema, names = self.schema, self.names
        body = body.lstrip(_PAUSE + "—(")
        if _signed(body):  # "∴ 3": the sign concludes, no part of the value
            body = body[_open(body, 0) + 1 :].lstrip()
        opener = (_OPENER_BOOL_RE if schema.kind == "boolean" else _OPENER_RE).match(body)
        marked = False  # "Or maybe zebra, if …", "Actually srv-24 …": a label offered
        lead, body = self._negation(body)  # "It is no longer 4" (whose "no" an opener
        # would take), then after an opener ("So not 4")
        if opener and schema.kind != "any" and not lead:
            body, marked = body[opener.end() :], _marked(opener[0].lower())
            lead, body = self._negation(body)
        if lead:  # *a negated value is no commitment*: skip it, read on ("Not 6 but 4.")
            value, rest = read(body[lead:], schema, names, True, True)
            but = _BUT_RE.search(body, lead) if value is FAIL else None
            if but is not None:  # "Not No but Yes.": the negated value ends at the "but"
                value, rest = read(body[lead : but.start()], schema, names, True, True)
                rest = body[but.start() :] if value is not FAIL else rest
            if value is not FAIL:
                rest = _remark(rest)
                if negations >= MAX_NEGATIONS or not rest.strip(_PAUSE):
                    return FAIL, "", False
                return self._first(rest, stated, negations + 1)
        value, rest = read(body, schema, names, True, True) if stated or self._may_hold(
            as_read(body)) else (FAIL, "")
        if schema.kind == "object" and value is not FAIL and not opens_with_field(body, schema):
            value = FAIL  # "I see can_reach: … along the way": fields past other words are
            # read only after a join ("the answer is can_reach: …"), as any value is
        if value is not FAIL:
            alone = not rest.strip(_PAUSE + "?") or rest.lstrip(_PAUSE)[:1] in "(—-" or (
                _REJECTION_TAIL_RE.match(rest) is not None) or (  # "Clara, not Noor."
                decoration(rest.strip(_PAUSE)))  # "3 ∎", "3 🎉"
            if alone or marked or (stated and (
                schema.kind in ("integer", "number", "boolean", "object")
                or (schema.kind == "array" and type(value) is list and len(value) > 1)
                or (schema.kind == "string" and _COPULA_RE.match(rest))  # "So wasp is …"
            )):
                return value, rest, alone
        if not stated:
            return FAIL, "", False
        if "," in body and _ALT.search(body.lower()):  # "If step-parents count, Wendy."
            # the first comma after which a whole value ends the sentence: a list's own
            # commas come later ("If you ask me, I would say Hana, Kofi, Priya.")
            for at in (m.end() for m in re.finditer(",", body)):
                value, rest, _ = self._first(body[at:], 0)
                if value is not FAIL and not rest.strip(_PAUSE):
                    return value, rest, True
        for at in _joins(body, 3 if schema.kind != "object" else 3 + 2 * len(schema.properties)):
            after = body[at:]  # (an object's own separators are no joins: past them too)
            slot = _SLOT_RE.match(after)  # "the count is actually 6", "is, in fact, 6"
            if slot is not None:
                after = after[slot.end() :]
            if len(after) > TEXT_CHARS or not self._may_hold(as_read(after)) or (
                    schema.kind == "object" and not opens_with_field(after, schema)):
                continue  # nothing of the type there (a longer text is read as no value)
            value, rest = read(after, schema, names, True, True)
            if value is not FAIL:
                return value, rest, False
        if stated and "," in body[:LEAD_CLAUSE_CHARS] and self._holds_none(
                as_read(body[: body.index(",")])):  # "Putting it all together, yes: toad can
            # reach koala.": a value opening the sentence after a leading clause holding none
            after = body[body.index(",") + 1 :]
            value, rest, _ = self._first(after, 0)
            if value is FAIL and schema.kind in ("boolean", "object"):
                value, rest, _ = self._first(after, 1)
                value = value if value is not FAIL and (
                    schema.kind == "object" or rest.lstrip(" ")[:1] in ":—") else FAIL
            if value is not FAIL:
                return value, rest, False
        if stated > 1 and schema.kind == "array" and names is not None:  # "… reach C and K."
            tail = _TAIL_LIST_REV_RE.match(body[-300:][::-1])
            head = body[: len(body) - len(tail[0])] if tail is not None else ""
            if tail is not None and not negated_before(head) and not hedged_before(head):
                # ("Likely Bea, Gus, Vic." offers the list, as "likely" before fields does)
                value, rest = read(tail[0][::-1], schema, names, True, True)
                if value is not FAIL and not rest.strip(_PAUSE):
                    return value, rest, False
        return FAIL, "", False

    def decide(self, current: Any, firm: bool, prose: str) -> Any:
        """The commitment once ``prose`` has followed a commitment ``current`` (explicit,
        or a value standing alone: ``firm``), or, with none (``FAIL``), the closing one."""
        kind = self.schema.kind
        if current is not FAIL:
            tail = CLOSING_ADVERB_RE.match(prose)
            prose = prose[tail.end() :] if tail else prose
            gloss = _GLOSS_RE.match(prose) if kind in ("number", "integer") else None
            if gloss is not None and type(current) in (int, float) and abs(
                    float(gloss[1]) - current) <= 0.5:  # "1.29 (about 1)": the value rounded
                prose = prose[gloss.end() :]
        if current is not FAIL and _QUALM_RE.match(prose):
            return HEDGE  # "Final answer: 4 (maybe)", "… 4, probably.", "… 4?"
        if current is FAIL and not firm:
            pieces = _pieces(prose[-CLOSING_CHARS:], kind, self.schema)
            short = len(prose) <= CLOSING_CHARS and len(pieces) <= MAX_SENTENCES
            value = self._closing(pieces[-MAX_SENTENCES:], short + (len(pieces) == 1))
            if value is FAIL and len(pieces) > 1 and _ANSWER_ABOVE_RE.search(pieces[-1][0]):
                return self._opening(prose, pieces[-MAX_SENTENCES:])
            return value
        if kind == "any":  # no schema: commentary offers no values, it can only withdraw
            return HEDGE if _DOUBT.search(prose[-LINE_SCAN_CHARS:].lower()) else current
        return self._forward(current, firm, _pieces(prose[-LINE_SCAN_CHARS:], kind, self.schema),
                             {})

    def _opening(self, prose: str, closing: list[tuple[str, bool]]) -> Any:
        """An answer given first ("The count is **3**.", "No, there is no chain …") and
        explained after, when the closing sentence points back at it ("…, the answer above
        holds."): the opening statement's one value, weighed against the closing sentences
        as a commitment is."""
        head = _pieces(prose[:CLOSING_CHARS], self.schema.kind, self.schema)[:1]
        said = self.values(head[0][0], head[0][1], 2) if head else []
        if len(said) != 1 or said[0][1] is QUESTIONED or said[0][0] is HEDGE:
            return FAIL
        return self._forward(said[0][0], True, closing, {})

    def _closing(self, pieces: list[tuple[str, bool]], short: int) -> Any:
        """Prose without an explicit unit: the last piece that gives a value commits, weighed
        against the value before it when it revises or hedges ("it's 5. Hmm, no — 4.").
        A value inside a sentence of a long argument counts only in its last sentence or
        after a conclusion ("therefore", "in total"), not as a passing mention."""
        found: dict[int, list[tuple[Any, bool]]] = {}

        def values(i: int) -> list[tuple[Any, bool]]:
            if i not in found:
                piece, block = pieces[i]
                strong = 2 * bool(_STRONG.search(piece.lower()))
                closing = i == len(pieces) - 1 and (  # a finished sentence, not a cut fragment
                    len(piece) <= ALONE_CHARS or _finished(piece) or _labelled(piece.strip()))
                found[i] = self.values(piece, block, max(short, strong, closing))
            return found[i]

        last = next((i for i in range(len(pieces) - 1, -1, -1) if values(i)), -1)
        if last < 0:
            return FAIL
        before = last  # the statement before each piece (a bracketed aside is none)
        for i in range(last + 1, len(pieces)):
            if _aside_only(pieces[i][0]) or not _WORD_RE.search(pieces[i][0]):
                continue  # "{…}\n\n(see above) This is my final answer.", a fence's end
            said = _states(pieces[i][0])
            if said is True or (said is _BACKREF and before != last):
                return FAIL  # a closing statement gives no value: never one of the reasoning
            if self._withdraws(pieces[i], values(last)):
                return FAIL  # "One candidate is 4. …\n\nIt is not 4.": the value withdrawn
            before = i
        start = last
        if not pieces[last][1] and _marked(pieces[last][0].lower()):  # a block's header
            # ("| query | answer |") neither revises nor hedges
            start = next((i for i in range(last - 1, -1, -1) if values(i)), last)
        return self._forward(FAIL, False, pieces[start:], {i - start: v for i, v in found.items()
                                                            if i >= start})

    def _negation(self, body: str) -> tuple[int, str]:
        """``(length of the negator that opens body, body)``, after any stance word ("Surely
        not 4": ``parse.transparent``), or ``(0, body)``. Cheap: a substring test first."""
        low = body[:80].lower()
        if self.schema.kind == "any" or not may_negate(low):
            return 0, body
        lead = negated(body)
        if not lead:
            bare = transparent(body, self.names if self.schema.kind in ("string", "array")
                               else None)
            lead = negated(bare) if bare != body else 0
            body = bare if lead else body
        return lead, body

    def _withdraws(self, piece: tuple[str, bool], earlier: list[tuple[Any, bool]]) -> bool:
        """Whether a piece that gives no value negates one of the ``earlier`` values ("It is
        not 4." after reasoning that named 4): *a negated value is no commitment*, so the
        reasoning's same value is no fallback either. Cheap: only a piece with a negator.
        Stateless: a reader is shared (``judge._READERS``)."""
        text = piece[0].strip()
        low = text.lower()
        if "\n" in text or not may_negate(low):  # a one-line block too ("Not G.")
            return False
        body = as_read(text).lstrip(_PAUSE + "—(")
        lead, bare = self._negation(body)
        opener = _OPENER_RE.match(body) if not lead else None
        if opener:
            lead, bare = self._negation(body[opener.end() :])
        if not lead:
            return False
        gone, _ = read(bare[lead:], self.schema, self.names, True, True)
        return gone is not FAIL and gone is not HEDGE and any(
            self.agrees(gone, value) for value, _ in earlier)

    def _forward(self, current: Any, firm: bool, pieces: list[tuple[str, bool]],
                 known: dict[int, list[tuple[Any, bool]]]) -> Any:
        """Weigh every value of ``pieces`` in order against the commitment so far. A value
        offered with a qualm or a question ("It might be 9.", "Is it 9?") before any
        commitment commits nothing: a later value stated alone, concluded or revised ("So
        4.", "I'd say 4.") still commits, a passing one leaves the offer a hedge."""
        doubt = offer = amend = False
        for i, (piece, block) in enumerate(pieces):
            lower = piece.lower()
            if _WRONG_RE.search(lower):
                kept, revised = self._unrejected(current, piece, block)
                if kept is None:
                    return HEDGE  # "The answer is 3. Scratch that — 3 is wrong."
                if kept != piece:
                    piece, lower = kept, kept.lower()
                    known.pop(i, None)
                    if revised is _EARLIER:  # "Final answer: 3. My first count was wrong."
                        amend = current is not FAIL
                    else:
                        doubt = doubt or (revised and current is not FAIL)
            discount = _DISCOUNT_RE.search(piece) if " but " in lower else None
            if discount is not None and self._holds_none(as_read(discount[0])):
                # "A quick pass gives 5, but that reads one edge
                piece, lower = piece[discount.end() :], lower[discount.end() :]  # backwards":
                known.pop(i, None)  # the value before it is set aside, what follows counts
            marked = _marked(lower) or _signed(piece)
            found = known[i] if i in known else self.values(
                piece, block, 2 * (marked or doubt or amend) or (current is FAIL and not firm))
            if not found:
                if current is not FAIL and not doubt and marked and _DOUBT.search(lower) and (
                        not _CONFIRMS_RE.search(lower)):  # "Re-checking every edge confirms
                    doubt = True  # the answer above.": a check that agrees is no doubt
                continue
            for value, offered in found:
                if value is HEDGE:
                    return HEDGE
                if current is not FAIL and _CONTRARY_RE.search(lower) and _counterfactual(
                        lower) and not self.agrees(current, value):
                    continue  # "Note: if the edges were undirected, it would be 5."
                if (offered is QUESTIONED or _SOFT.search(lower) or _counterfactual(lower)) \
                        and not self.agrees(current, value):
                    if current is FAIL and not firm:
                        offer = True  # "It might be 9.", "Is it 9?": offered, not committed
                        continue
                    return HEDGE  # "Answer: 4. Maybe 5.", "… 4 (5?)"
                if offer and current is FAIL and not firm and not (
                        offered or _DOUBT.search(lower) or _CONCLUDE.search(lower)):
                    return HEDGE  # an offer, then a passing value ("I counted 4 edges")
                if current is FAIL and not firm:
                    current, firm, doubt = value, offered, False
                elif self.agrees(current, value):
                    doubt = False
                elif _ALT.search(_SAYING_RE.sub(" ", lower) if "would" in lower else lower):
                    return HEDGE  # "(6 if Z is counted)", "P.S. If the ancestor counts, 4."
                elif doubt or amend or _DOUBT.search(lower) or _CONCLUDE.search(lower) or (
                        _signed(piece)):  # "∴ 3" concludes as "so 3" does
                    current, firm, doubt = value, firm or offered, False
                elif offered and firm:
                    return HEDGE  # two different answers side by side
                elif not firm:
                    current = value  # prose without a commitment: the later statement
            if current is not FAIL and _PENDING_CUE.search(lower):
                doubt = True  # "No, wait — I withdraw this answer": the same value said again
                # in a withdrawal is withdrawn with it
        return HEDGE if doubt or (offer and current is FAIL) else current

    def _unrejected(self, current: Any, piece: str, block: bool) -> tuple[str | None, Any]:
        """``piece`` without its clauses that call a value wrong ("Note: 5 is wrong; 3 is
        right."): a rejected value is neither stated nor offered. ``None`` if such a clause
        holds the committed value ("Scratch that — 3 is wrong."): withdrawn. A clause calling
        an earlier attempt wrong goes too, and the second item is then ``_EARLIER`` ("My
        first count was wrong; 3 is right."); one calling nothing named wrong stays ("That is
        wrong."). Else whether a dropped clause revised besides ("Actually no, 5 is wrong."),
        which leaves its doubt."""
        kept, revised = [], False
        for clause in _CLAUSE_RE.split(piece):
            low = clause.lower()
            wrong = _WRONG_RE.search(low)  # what it calls wrong ends right before it
            said = self.values(clause[: wrong.start()], block, 2) if wrong else []
            if wrong and not said and _EARLIER_RE.search(low) and not _DOUBT.search(
                    _WRONG_RE.sub(" ", low)):
                revised = _EARLIER  # about the work before the answer, not the answer
                continue
            if not said:
                kept.append(clause)
                continue
            if any(self.agrees(current, value) for value, _ in said):
                return None, True
            revised = revised or bool(_DOUBT.search(_WRONG_RE.sub(" ", low)))
        return "".join(kept), revised

    def agrees(self, a: Any, b: Any) -> bool:
        """Whether two read values are the same answer."""
        if a is FAIL or a is HEDGE or b is FAIL or b is HEDGE:
            return False
        try:
            return bool(self.same(a, b))
        except Exception:  # values of different shapes: not the same answer
            return False


_ENDS = frozenset(".!)*`$]}>")


_DISCOUNT_RE = re.compile(r"[ \t]*,?[ \t]*\bbut[ \t]+(?:that|this|it)(?:['’]s)?\b"
                          r"(?![ \t]+(?:is|was)[ \t]+(?:right|correct|true)\b)[^.;:,!?]*", re.I)
"""A value's own discount after it in its sentence ("It looks like 5, but that comes from
misreading one edge"): the value is set aside; only what follows the clause counts."""
_CONFIRMS_RE = re.compile(r"\b(?:confirm(?:s|ed)?|holds|stands|checks out|agrees|remains)\b"
                          r"|\b(?:is|was) (?:correct|right)\b")
"""A check that agrees ("Re-checking every edge confirms the answer above."): no doubt."""
_ANSWER_ABOVE_RE = re.compile(r"\b(?:answer|result|count|value|conclusion)[ \t]+above\b"
                              r"|\babove[ \t]+(?:answer|result|count|value)\b", re.I)
"""A closing sentence about the answer given at the top ("…, the answer above holds.")."""
_GLOSS_RE = re.compile(r"[ \t]*\((?:about|approx(?:imately|\.)?|roughly|around|~|≈)[ \t]*"
                       r"([+-]?\d+(?:\.\d+)?)\)")
"""A number's rounded gloss in parentheses ("1.29 (about 1)"): the value said again."""
LEAD_CLAUSE_CHARS = 48
"""The longest leading clause before a closing sentence's value ("Putting it all together,")."""
_EARLIER: Any = object()
"""``Reader._unrejected``'s mark for a dropped clause about an earlier attempt."""


def _finished(piece: str) -> bool:
    """Whether a piece ends as a finished sentence, not a cut fragment: a full stop, markup's
    end (``_ENDS``), or closing punctuation of any script ("【as listed】", "「…」", "。")."""
    last = piece.rstrip()[-1:]
    return bool(last) and (last in _ENDS or unicodedata.category(last) in ("Pe", "Pf")
                           or last in "。！？")


class _Questioned:
    __slots__ = ()

    def __bool__(self) -> bool:
        return False  # never offered as an answer

    def __repr__(self) -> str:
        return "<questioned>"


QUESTIONED: Any = _Questioned()
"""``Reader.values``' ``offered`` for a value a question mark follows in its sentence: falsy,
never offered as an answer, and told apart from ``False`` by identity."""
_FILLER = " \t\r\n.,;:*_`'\"-–—()[]{}>#|$"


_HEADER_RE = re.compile(
    r"answer[ \t]*(?:\*\*|__)?[ \t]*[:：]?[ \t]*(?:\*\*|__)?\s*(?:```[\w+-]*)?\s*")


def sole_final_object(region: str) -> Unit | None:
    """The commonest chat-model shape, found without the general search: prose, perhaps a
    "Final answer:" header, then one answer object (perhaps fenced) ending the output, and
    no other unit before it (no other "answer" or "result", no box, no tag)."""
    end = len(region.rstrip(" \t\r\n`"))
    if region[end - 1 : end] != "}":
        return None
    k = region.rfind('"answer"', 0, end)
    if k < 0 or "\\" in region or "<" in region:
        return None
    start, stop, value = _enclosing(region, k, [0])
    found = answers(value) if value is not FAIL and stop == end else []
    if len(found) != 1:
        return None
    before = region[:start].lower()  # no other mention of an answer, bar a header
    j = before.rfind("answer")
    if "result" in before or (j >= 0 and (
            _HEADER_RE.fullmatch(before, j) is None or before.rfind("answer", 0, j) >= 0)):
        return None
    return Unit(start, stop, found[0], False)


def final(region: str, reader: Reader, whole: Any = FAIL) -> Any:
    """The committed answer of an answer region (stage 1's output), or ``NO_ANSWER``;
    ``whole`` is ``document(region)`` when the caller has it already."""
    if "~~" in region:  # "Answer: ~~5~~ 3": struck text is gone, its striking a revision
        region = _STRUCK_RE.sub("~~", region)
    if "[^" in region:  # markdown footnotes: "Yes[^1]" is "Yes", "[^1]: …" a remark
        region = _FOOTNOTE_RE.sub("", region)
    if "```" in region and region.count("```") % 2:  # a code block cut off: what it held
        at = region.rfind("```")  # is no statement ("# answer = 3" in code never run), and
        cut = region[at:].lower()  # if it held an answer attempt, that attempt was cut off
        if "answer" in cut or "result" in cut or "{" in cut or "\\boxed" in cut:
            return NO_ANSWER
        region = region[:at]
    found = _whole(region, whole) if region[:1] in "{[\"`" else []
    cut = -1
    if not found:
        sole = sole_final_object(region)
        found, cut = ([sole], -1) if sole is not None else units(region)
    if cut >= 0:
        return NO_ANSWER  # the final answer attempt was cut off
    readings = []
    for unit in found:
        if unit.text and "```" in region and _in_code(region, unit.start):
            continue  # "answer = solve(graph)" in a python block is code, no answer line
        value, rest = reader.explicit(unit)
        if value is FAIL or (value is HEDGE and unit.copula):
            if unit.readable_only:
                continue  # "the answer is probably …": prose, weighed as prose
            rest = ""  # an unreadable unit's text is not commentary on it
        readings.append((unit, value, rest))
    if not readings:
        value = reader.decide(FAIL, False, region)
        return NO_ANSWER if value is HEDGE else value
    last, value, rest = readings[-1]
    if value is not FAIL and value is not HEDGE:
        run = last.start
        for unit, other, said in reversed(readings[:-1]):
            if unit.group >= 0 and unit.group == last.group:
                if not reader.agrees(other, value):
                    return NO_ANSWER  # two answers in one document: alternatives
                continue
            if other is FAIL:
                continue  # an earlier line that gives no value competes with nothing
            if reader.agrees(other, value) or unit.end > last.start:
                run = min(run, unit.start)
                continue
            between = (said + region[unit.end : run]).lower()  # its own remark counts too
            if last.revises or _REVISED_RE.match(region, run, run + 64):
                break  # "Corrected count: 3", "the answer is actually 3": the later unit's
                # own cue revises
            if not between.strip(_FILLER) or (
                _ALT.search(between) and not (_DOUBT.search(between) or _CONCLUDE.search(between))
            ):
                return NO_ANSWER  # "either {…} or {…}", two answers side by side
            break
    after = rest + region[last.end :]
    if after.strip(_FILLER):
        value = reader.decide(value, True, after)
    if last.start and last.text and value is not HEDGE and value is not FAIL and _conditioned(
            region, last.start, reader):
        return NO_ANSWER
    return NO_ANSWER if value is HEDGE or value is FAIL else value


_FOOTNOTE_RE = re.compile(r"^[ \t]*\[\^[^\]\s\"']{1,20}\]:[ \t].*$"
                          r"|(?<![\"'])\[\^[^\]\s\"']{1,20}\](?![\"'])", re.M)
"""A markdown footnote's definition line or its marker in the text."""
_DATA_FENCES = frozenset(("", "text", "txt", "plaintext", "plain", "markdown", "md", "answer",
                          "json", "jsonc", "json5", "yaml", "yml", "toml", "ini", "csv", "tsv",
                          "xml", "html", "output", "result", "console", "latex", "tex", "math"))
"""Fence info strings of text and data: an answer may be written inside them."""
_FENCE_INFO_RE = re.compile(r"```[ \t]*([\w+#.-]*)")


def _code_fence(opening: str) -> bool:
    """Whether a fence's opening line ("```python") names a programming language, none of
    ``_DATA_FENCES``: code there is never a statement of the answer."""
    info = _FENCE_INFO_RE.match(opening.lstrip())
    return info is not None and info[1].lower() not in _DATA_FENCES


def _in_code(region: str, at: int) -> bool:
    """Whether ``at`` is inside a fenced block of a programming language."""
    if region.count("```", 0, at) % 2 == 0:
        return False
    return _code_fence(region[region.rfind("```", 0, at) :])


def _conditioned(region: str, at: int, reader: Reader) -> bool:
    """Whether the answer at ``at`` is given under an open condition ("If they are read as
    two-way, the answer is 3.", "Under reading B it is 5") and another value under another
    one, nearby: answers to two readings, neither chosen. An answer after them that is not
    conditioned ("Since A reaches B, the answer is yes.") chooses, as a conclusion does."""
    lo = max(0, at - CLOSING_CHARS)
    if not any(map(region[lo:at].lower().__contains__, _CONDITION_STEMS)):
        return False  # the common case, without the regexes
    start = max((m.end() for m in _CLAUSES_RE.finditer(region, lo, at)), default=lo)
    if not _CONDITION_RE.match(region, start, at):
        return False
    said: list[Any] = []
    window = region[max(0, start - CLOSING_CHARS) : at + CLOSING_CHARS]
    for clause in _CLAUSES_RE.split(window):
        if _CONDITION_RE.match(clause):
            said += [v for v, _ in reader.values(clause, False, 1) if v is not HEDGE]
    return any(not reader.agrees(a, b) for a in said for b in said)
