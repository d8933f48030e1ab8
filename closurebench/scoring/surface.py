"""Stage 0 of the judge: undo what transport did to an output before anything reads it.

Pipelines between a model and a scorer re-encode text: terminals add ANSI colour codes, web
front ends HTML-escape it (``&quot;``, ``<br>``), markdown renderers escape ``#``, ``*`` and
``_``, JSON-encoding leaves literal ``\\n``, bidirectional text gets direction marks, streaming
leaves ``data: [DONE]``, a ReAct agent answers with ``Action: finish[X]``. None of these is the
model's wording, so each is undone here, once,
and the stages after it (``reasoning``, ``commit``, ``parse``) see the text as written.
Hidden markup is removed with its content: an HTML comment (``<!-- answer: 3 -->``) is no
statement a reader sees. A markdown link is its text (``[4](https://…)`` reads ``4``).

Cheap on clean text: each step runs only when a character it needs is there.
"""

from __future__ import annotations

import html
import re

__all__ = ["normalise", "unfinished_agent"]

_ANSI_RE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_BIDI_RE = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c]")
_ENTITY_RE = re.compile(r"&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z]{2,8});")
_BREAK_RE = re.compile(r"<br\s*/?>", re.I)
_COMMENT_RE = re.compile(r"<!--.*?(?:-->|\Z)", re.S)
_ESCAPE_RE = re.compile(r"\\([#*_])")
_LINK_RE = re.compile(r"!?\[([^\[\]\n]{1,200})\]\((?:https?://|/|#)[^()\s]{0,500}\)")
_DONE_RE = re.compile(r"^[ \t]*data:[ \t]*\[DONE\][ \t]*$", re.M)
_FINISH_RE = re.compile(r"^([ \t]*)Action:[ \t]*finish\[(.*)\][ \t]*$", re.M | re.I)
_ACTION_RE = re.compile(r"(?:^|\n)[ \t]*(?:Action|Action Input):[^\n]*\s*\Z")


def normalise(text: str) -> str:
    """``text`` with transport's encodings undone (module docstring); unchanged if none."""
    if "\x1b" in text:
        text = _ANSI_RE.sub("", text)
    if not text.isascii() and _BIDI_RE.search(text):
        text = _BIDI_RE.sub("", text)
    if "&" in text and _ENTITY_RE.search(text):
        text = html.unescape(text)
    if "<" in text:
        if "<!--" in text:
            text = _COMMENT_RE.sub("", text)
        if "<br" in text or "<BR" in text:
            text = _BREAK_RE.sub("\n", text)
    if "\\" in text:
        if "\\n" in text and "\n" not in text.strip() and "{" not in text and "[" not in text:
            # a JSON-encoded output (never a JSON text, whose strings escape their own)
            text = text.replace("\\r\\n", "\n").replace("\\n", "\n")
        if "\\#" in text or "\\*" in text or "\\_" in text:
            text = _ESCAPE_RE.sub(r"\1", text)
    if "](" in text:
        text = _LINK_RE.sub(r"\1", text)
    if "[DONE]" in text:
        text = _DONE_RE.sub("", text)
    if "inish[" in text:  # a ReAct agent's answer: "Action: finish[3]"
        text = _FINISH_RE.sub(r"\1Final answer: \2", text)
    return text


def unfinished_agent(text: str) -> bool:
    """Whether an agent's trace ends on a tool call ("Action: search[…]", "Action Input: …")
    instead of finishing: what it said before is working, not an answer."""
    return "Action" in text and _ACTION_RE.search(text[-2000:]) is not None
