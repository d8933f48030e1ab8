"""Prompt length in tokens: a real BPE tokenizer when one is installed, else a calibrated estimate.

The real tokenizer is OpenAI's ``o200k_base`` (GPT-4o, gpt-oss) through the ``bpe-openai``
package (MIT), which ships its BPE ranks inside the wheel and so works offline
(``pip install 'closurebench[real]'``). ``tiktoken`` itself downloads its BPE file on first
use, and a Hugging Face tokenizer needs the Hub, neither reachable from every machine that
generates; the count is a property of the text, so any machine gets the same number.

Without it, ``estimate_tokens`` divides characters by ``CHARS_PER_TOKEN``, calibrated on this
module's target text: questions of the token-length sweep (n = 80, 200 links) at verbosity
8 and 32, where ``o200k_base`` gave 3.36-3.65 characters per token (3.4 at verbosity 32,
where the names are most of the text). Short-label questions have fewer characters per
token (2.8-3.4 at verbosity 0), so the estimate is for long-name prompts; ``counter()``
says which one a number came from.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

__all__ = ["CHARS_PER_TOKEN", "ENCODING", "count_tokens", "counter", "estimate_tokens"]

#: The real tokenizer's encoding.
ENCODING = "o200k_base"
#: Characters per ``o200k_base`` token in long-name sweep questions (see the module docstring).
CHARS_PER_TOKEN = 3.45


def estimate_tokens(text: str) -> int:
    """Tokens estimated from length: ``round(len(text) / CHARS_PER_TOKEN)``."""
    return round(len(text) / CHARS_PER_TOKEN)


@cache
def _encoding() -> object | None:
    try:
        import bpe_openai
    except ImportError:
        return None
    return bpe_openai.get_encoding(ENCODING)


def counter(real: bool | None = None) -> tuple[Callable[[str], int], str]:
    """The token counter and its name (``"o200k_base"`` or ``"chars/3.45"``).

    ``real=None`` uses the real tokenizer if installed; ``True`` requires it (an
    ``ImportError`` naming the extra); ``False`` always estimates.
    """
    enc = None if real is False else _encoding()
    if enc is None:
        if real:
            raise ImportError("the o200k_base tokenizer needs the bpe-openai package: "
                              "pip install 'closurebench[real]'", name="bpe_openai")
        return estimate_tokens, f"chars/{CHARS_PER_TOKEN}"
    encode = enc.encode  # type: ignore[attr-defined]
    return (lambda text: len(encode(text))), ENCODING


def count_tokens(text: str) -> int:
    """Tokens of ``text``: ``o200k_base`` if installed, else ``estimate_tokens``."""
    return counter()[0](text)
