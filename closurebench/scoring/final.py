"""The part of a raw output that can hold the model's answer: after its reasoning, if any.

Reasoning is not an answer. Text up to the last reasoning-close marker (``</think>`` and the
equivalents of other model families) is dropped; an output whose last marker *opens* a
reasoning block, or that opens one and never closes it, stopped inside its reasoning and has
no answer. A lone ``</think>`` (a chat template that swallowed the opening tag) still works.

Input of any type is accepted: ``bytes`` are decoded (invalid UTF-8 replaced), other
non-strings are no output at all, and lone surrogates (an emoji cut by a token cap) become
U+FFFD, so every later step sees valid text.
"""

from __future__ import annotations

__all__ = ["MAX_OUTPUT_CHARS", "REASONING_CLOSE", "REASONING_OPEN", "answer_region", "as_text"]

MAX_OUTPUT_CHARS = 1024 * 1024
"""Only this many trailing characters of an output are read: 25x the longest output
``closurebench run`` allows (8,192 tokens, about 40,000 characters), so no realistic answer
falls outside it, while a hostile 100 MB output costs the same as a 1 MiB one."""

REASONING_CLOSE: tuple[str, ...] = (
    "</think>",
    "</thinking>",
    "</reasoning>",
    "</thought>",
    "<|end_of_thought|>",
    "◁/think▷",
    "</seed:think>",
    "<|channel|>final<|message|>",
)
"""Markers that end a reasoning block: what follows the last one is the answer region."""

REASONING_OPEN: tuple[str, ...] = (
    "<think>",
    "<thinking>",
    "<reasoning>",
    "<thought>",
    "<|begin_of_thought|>",
    "◁think▷",
    "<seed:think>",
    "<|channel|>analysis",
)
"""Markers that start one: if the last marker of an output is one of these, it has no answer."""

_TRAILERS = ("<|im_end|>", "<|eot_id|>", "<|end|>", "<|return|>", "<|endoftext|>", "</s>")

_MARKERS = tuple((m, True) for m in REASONING_CLOSE) + tuple((m, False) for m in REASONING_OPEN)
_ALL = tuple(m for m, _ in _MARKERS)
_BACKWARD_STEPS = 64


def _last_marker(text: str) -> tuple[int, int, bool]:
    """``(start, end, closes)`` of the last reasoning marker, or ``(-1, -1, False)``.

    Walks back over the last few ``<`` (one ``rfind`` each: the answer after a reasoning
    block is short); text with many other ``<`` falls back to one ``rfind`` per marker.
    """
    kimi = "◁" in text
    if not kimi and "<" not in text:
        return -1, -1, False
    hi = len(text)
    for _ in range(_BACKWARD_STEPS):
        pos = text.rfind("<", 0, hi)
        if kimi:
            pos = max(pos, text.rfind("◁", 0, hi))
        if pos < 0:
            return -1, -1, False
        if text.startswith(_ALL, pos):
            for marker, closes in _MARKERS:
                if text.startswith(marker, pos):
                    return pos, pos + len(marker), closes
        hi = pos
    best, best_end, closes = -1, -1, False
    for marker in REASONING_CLOSE:
        at = text.rfind(marker)
        if at > best:
            best, best_end, closes = at, at + len(marker), True
    for marker in REASONING_OPEN:
        at = text.rfind(marker, best + 1)
        if at > best:
            best, best_end, closes = at, at + len(marker), False
    return best, best_end, closes


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
    """The text after the last reasoning block, or ``None`` if the output ends inside one."""
    start, end, closes = _last_marker(text)
    if start < 0:
        region = text
    elif closes:
        region = text[end:]
    else:
        return None  # the last reasoning block never closed: cut off or still thinking
    stripped = region.rstrip()
    if stripped[-1:] == ">":
        for trailer in _TRAILERS:
            if stripped.endswith(trailer):
                stripped = stripped[: -len(trailer)].rstrip()
    return stripped
