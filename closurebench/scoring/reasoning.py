"""Stage 1 of the judge: the part of a raw output that can hold its answer.

Reasoning is not an answer. ``REASONING`` lists every model family's reasoning markers in one
table; text up to the last closing marker is dropped, and an output whose last marker *opens*
a block stopped inside its reasoning: it has no answer. A closing marker alone (a chat
template that swallowed the opening one) works the same. Chat-template tokens (end of turn,
end of sentence, response wrappers) are then removed wherever they are.

Input of any type is accepted: ``bytes`` are decoded (invalid UTF-8 replaced), other
non-strings are no output at all, and lone surrogates (an emoji cut by a token cap) become
U+FFFD, so every later stage sees valid text.
"""

from __future__ import annotations

import re

__all__ = [
    "MAX_OUTPUT_CHARS",
    "REASONING",
    "REASONING_CLOSE",
    "REASONING_OPEN",
    "TRUNCATED_FINISH_REASONS",
    "answer_region",
    "as_text",
    "truncated",
]

MAX_OUTPUT_CHARS = 1024 * 1024
"""Only this many trailing characters of an output are read: 25x the longest output
``closurebench run`` allows (8,192 tokens, about 40,000 characters), so no realistic answer
falls outside it, while a hostile 100 MB output costs the same as a 1 MiB one."""

REASONING: tuple[tuple[str, str], ...] = (
    ("<think>", "</think>"),  # DeepSeek-R1, Qwen3, QwQ, Phi-4-reasoning, GLM, MiniMax, Nemotron
    ("<thinking>", "</thinking>"),  # prompted reasoning (Claude-style tags)
    ("<reasoning>", "</reasoning>"),
    ("<thought>", "</thought>"),  # EXAONE
    ("<scratchpad>", "</scratchpad>"),
    ("<|begin_of_thought|>", "<|end_of_thought|>"),  # OpenThoughts, Bespoke
    ("◁think▷", "◁/think▷"),  # Kimi
    ("<seed:think>", "</seed:think>"),  # Seed-OSS
    ("[THINK]", "[/THINK]"),  # Magistral
    ("<|START_THINKING|>", "<|END_THINKING|>"),  # Cohere Command A Reasoning
    ("<|channel|>analysis", "<|channel|>final<|message|>"),  # gpt-oss (harmony)
    ("Here is my thought process:", "Here is my response:"),  # Granite 3.2
    ("Here are my reasoning steps:", "[BEGIN FINAL RESPONSE]"),  # Apriel
    ("", "<|START_RESPONSE|>"),  # Cohere: what precedes the response is not the answer
    ("analysis", "assistantfinal"),  # harmony decoded without its special tokens
)
"""``(opening, closing)`` marker of each family's reasoning block (``""``: none)."""

REASONING_CLOSE = tuple(close for _, close in REASONING)
REASONING_OPEN = tuple(open_ for open_, _ in REASONING if open_)

# Chat-template tokens: ``<|im_end|>``, ``<|eot_id|>``, DeepSeek's full-width
# ``<｜end▁of▁sentence｜>``, Gemma's turn markers, Cohere's and Granite's response wrappers.
_TOKENS_RE = re.compile(
    r"(?:<\|im_start\|>|<\|start_header_id\|>|<\|start\|>|<start_of_turn>)"
    r"(?:assistant|model)?|<(?:\|[\w.:-]{1,40}\||｜[^｜<>\n]{1,40}｜|/s|eos|bos|end_of_turn"
    r"|/?response)>|\[END FINAL RESPONSE\]"
)
_MARKERS = sorted(
    [(m, True) for m in REASONING_CLOSE] + [(m, False) for m in REASONING_OPEN],
    key=lambda pair: -len(pair[0]),  # "<|channel|>final<|message|>" before shorter ones
)
_CLOSING = frozenset(REASONING_CLOSE)
_BRACKETED = tuple(m for m, _ in _MARKERS if m[0] in "<◁[")
_PREFIXES = frozenset(m[:2] for m in _BRACKETED if m[0] != "[")
_SQUARE = tuple(m for m in _BRACKETED if m[0] == "[")
_SQUARE_RE = re.compile("|".join(map(re.escape, _SQUARE)))
_BRACKETED_RE = re.compile("|".join(map(re.escape, _BRACKETED)))  # longest first, as sorted
_WORDED_PAIRS = tuple((o, c) for o, c in REASONING if o and o[0] not in "<◁[")
"""Families whose markers are words open their output with them: their closing marker is
looked for only then (a sentence "Here is my response:" elsewhere is prose)."""
_WORD_OPENERS = tuple(o for o, _ in _WORDED_PAIRS)
_BACKWARD_STEPS = 64


def _last_marker(text: str) -> tuple[int, int, bool]:
    """``(start, end, closes)`` of the last reasoning marker, or ``(-1, -1, False)``.

    Angle-bracket markers (``<think>``, ``◁think▷``): a walk back over the last few ``<`` and
    ``◁`` (one ``rfind`` each: the answer after a reasoning block is short), else one
    ``rfind`` per marker. ``[THINK]`` and friends: one search, since ``[`` is common in prose.
    Worded markers only when the output opens with one.
    """
    best = (-1, -1, False)
    angle, kimi = text.rfind("<"), (-1 if text.isascii() else text.rfind("◁"))
    for _ in range(_BACKWARD_STEPS):
        pos = max(angle, kimi)
        if pos < 0:
            break
        if text.startswith("</think>", pos):  # the commonest by far
            best = (pos, pos + 8, True)
            break
        if text[pos : pos + 2] in _PREFIXES and text.startswith(_BRACKETED, pos):
            marker = _BRACKETED_RE.match(text, pos)[0]
            best = (pos, pos + len(marker), marker in _CLOSING)
            break
        if pos == angle:
            angle = text.rfind("<", 0, pos)
        else:
            kimi = text.rfind("◁", 0, pos)
    else:
        for marker in _BRACKETED:
            at = text.rfind(marker) if marker[0] != "[" else -1
            if at > best[0]:
                best = (at, at + len(marker), marker in _CLOSING)
    if "[" in text and _SQUARE_RE.search(text, best[0] + 1):  # only later ones matter
        for marker in _SQUARE:
            at = text.rfind(marker, best[0] + 1)
            if at > best[0]:
                best = (at, at + len(marker), marker in _CLOSING)
    head = text[:64].lstrip()
    for opener, closer in _WORDED_PAIRS:
        if head.startswith(opener):
            at = text.rfind(closer)
            if at > best[0]:
                best = (at, at + len(closer), True)
            elif best[0] < 0:
                best = (0, len(opener), False)  # opened, never closed
    return best


def as_text(output: object) -> str | None:
    """``output`` as valid text, or ``None`` when it is no output at all (None, a number...)."""
    if type(output) is str:
        text = output
    elif isinstance(output, (bytes, bytearray, memoryview)):
        data = bytes(output[-MAX_OUTPUT_CHARS * 4 :])
        return data.decode("utf-8", errors="replace")
    elif isinstance(output, str):
        text = str.__str__(output)  # a str subclass: its plain value, no overridden methods
    else:
        return None
    if len(text) > MAX_OUTPUT_CHARS:
        text = text[-MAX_OUTPUT_CHARS:]
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            text = text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
    return text


def answer_region(text: str) -> str | None:
    """The text after the last reasoning block, chat tokens removed, or ``None`` if the
    output ends inside its reasoning."""
    if "<" not in text and text.isascii() and not text[:64].lstrip().startswith(_WORD_OPENERS) \
            and ("[" not in text or not _SQUARE_RE.search(text)):
        return text.strip()  # no marker can be there: C-fast tests before any search
    start, end, closes = _last_marker(text)
    if start >= 0:
        if not closes:
            return None  # the last reasoning block never closed: cut off or still thinking
        text = text[end:]
    if "<" in text or "[END" in text[-64:]:
        text = _TOKENS_RE.sub("", text)
        if "<" in text:
            text = _EMPHASIS_RE.sub(_emphasis, text)
    return text.strip()


_EMPHASIS_RE = re.compile(r"<(/?)(b|strong|i|em)>", re.I)


def _emphasis(tag: re.Match[str]) -> str:
    """HTML emphasis as markdown's (``<b>``, ``<strong>`` as ``**``; ``<i>``, ``<em>`` as
    ``*``): one set of emphasis marks for every later stage."""
    return "**" if tag[2].lower() in ("b", "strong") else "*"


TRUNCATED_FINISH_REASONS = frozenset({"length", "max_tokens", "max_output_tokens", "model_length"})
"""Finish reasons meaning the output was cut off (compared without case or ``_``): OpenAI's
and vLLM's ``length``, Anthropic's ``max_tokens``, Gemini's and Cohere's ``MAX_TOKENS``,
the Responses API's ``max_output_tokens``, inspect's ``model_length``."""
_CUT = frozenset(r.replace("_", "") for r in TRUNCATED_FINISH_REASONS)
_WORD_RE = re.compile(r"[A-Za-z][A-Za-z0-9_]*")


def truncated(finish_reason: object) -> bool:
    """Whether a finish reason, in any provider's spelling, says the output was cut off:
    ``"LENGTH"``, ``"MaxTokens"``, an enum or its repr (``<FinishReason.MAX_TOKENS: 2>``)."""
    if finish_reason is None:
        return False
    if type(finish_reason) is str:
        text = finish_reason
    else:
        try:
            text = f"{getattr(finish_reason, 'name', '')} {finish_reason}"
        except Exception:  # a hostile __str__: not a reason we can read
            return False
    return any(w.replace("_", "").lower() in _CUT
               for w in _WORD_RE.findall(text[:200]))
