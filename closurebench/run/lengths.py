"""Accuracy by prompt length: GrAlgoBench's finding that accuracy falls as prompts grow
(§3.1), measured on any run.

A prompt's length is the ``prompt_tokens`` the server reported for it (the model's own
tokenizer, chat template included) when every answer of the run has one. Otherwise (the
built-in baselines, servers that report no usage) it is estimated: the run's questions are
regenerated from run.json's selection, put in the run's chat messages, and their characters
divided by ``CHARS_PER_TOKEN`` (4, the usual figure for English text under BPE tokenizers),
rounded up. No tokenizer is used because none is available offline.

Bins double from 512 tokens to 64k, GrAlgoBench's 4k-64k study inside them, so runs of any
size share bin edges and can be put side by side.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

__all__ = [
    "CHARS_PER_TOKEN", "TOKEN_BIN_EDGES", "accuracy_by_prompt_tokens", "estimate_tokens",
    "token_bin", "token_bin_order",
]

CHARS_PER_TOKEN = 4
"""Characters per token of the estimate (prompts of English text and graph notation)."""

TOKEN_BIN_EDGES: tuple[int, ...] = (512, 1024, 2048, 4096, 8192, 16384, 32768, 65536)
"""Lower edges of the prompt-token bins above the first (``< 512``)."""


def _short(tokens: int) -> str:
    return f"{tokens // 1024}k" if tokens >= 1024 else str(tokens)


def token_bin(tokens: int) -> str:
    """The bin of a prompt length: ``<512``, ``512-1k``, ``1k-2k``, ..., ``>=64k``.

    >>> [token_bin(t) for t in (100, 512, 5000, 70000)]
    ['<512', '512-1k', '4k-8k', '>=64k']
    """
    if tokens < TOKEN_BIN_EDGES[0]:
        return f"<{_short(TOKEN_BIN_EDGES[0])}"
    for lo, hi in pairwise(TOKEN_BIN_EDGES):
        if tokens < hi:
            return f"{_short(lo)}-{_short(hi)}"
    return f">={_short(TOKEN_BIN_EDGES[-1])}"


def token_bin_order(label: str) -> int:
    """Sort key of a bin label (shortest prompts first)."""
    labels = [token_bin(0), *(token_bin(e) for e in TOKEN_BIN_EDGES)]
    return labels.index(label) if label in labels else len(labels)


def estimate_tokens(messages: Sequence[dict[str, str]]) -> int:
    """Estimated prompt tokens of chat messages: their characters / ``CHARS_PER_TOKEN``,
    rounded up.

    >>> estimate_tokens([{"role": "user", "content": "abcdefghi"}])
    3
    """
    return math.ceil(sum(len(m.get("content") or "") for m in messages) / CHARS_PER_TOKEN)


def _estimated(meta: dict[str, Any], ids: Sequence[str]) -> tuple[dict[str, int] | None, str]:
    """Estimated prompt tokens by instance id, from the regenerated questions; ``None`` and
    the reason when the run's questions cannot be rebuilt."""
    from closurebench.run.data import Selection, load_instances
    from closurebench.run.prompts import build_messages, prompt_key

    selection = meta.get("selection")
    if not isinstance(selection, dict):
        return None, "run.json records no selection, so the prompts cannot be rebuilt"
    try:
        sel = Selection.from_dict(selection)
        mode = prompt_key(str(meta.get("mode") or "direct"), meta.get("language"))
        records = load_instances(sel, cross_check=False, ids=ids)
    except Exception as exc:  # a hand-edited or foreign run.json: no section, not a crash
        return None, f"the run's prompts cannot be rebuilt ({type(exc).__name__}: {exc})"
    questions = {r["id"]: r["question"] for r in records}
    missing = [i for i in ids if i not in questions]
    if missing:
        return None, (f"{len(missing)} instances (e.g. {missing[0]}) are not in the run's "
                      "selection, so their prompts cannot be rebuilt")
    return {i: estimate_tokens(build_messages(questions[i], mode)) for i in set(ids)}, ""


def accuracy_by_prompt_tokens(meta: dict[str, Any],
                              predictions: Sequence[tuple[dict[str, Any], dict[str, Any]]],
                              flags: Sequence[tuple[bool, bool, bool]]) -> dict[str, Any]:
    """report.json's ``by_prompt_tokens``: strict and lenient accuracy per prompt-token bin.

    ``predictions`` are a run's ``(reference, answer row)`` pairs and ``flags`` their
    ``(parsed, strict, lenient)`` verdicts. Accuracy is over every answer in the bin (as the
    other breakdowns); its Wilson 95% interval over the first sample of each instance (as
    ``ci95``). ``source`` says whether the lengths are the server's or estimated.
    """
    from closurebench.scoring import wilson_interval

    counted = [row.get("prompt_tokens") for _, row in predictions]
    note = ""
    if counted and all(isinstance(t, int) and t > 0 for t in counted):
        lengths: list[int] = list(counted)  # type: ignore[arg-type]
        source = "server"
    else:
        ids = [ref["id"] for ref, _ in predictions]
        by_id, note = _estimated(meta, ids)
        if by_id is None:
            return {"source": None, "note": note, "bins": {}}
        lengths = [by_id[i] for i in ids]
        source = f"estimate: characters / {CHARS_PER_TOKEN}"
    bins: dict[str, dict[str, Any]] = {}
    for (_, row), (_, strict, lenient), tokens in zip(predictions, flags, lengths, strict=True):
        slot = bins.setdefault(token_bin(tokens), {"n": 0, "strict": 0, "lenient": 0,
                                                   "tokens": 0, "first": [0, 0]})
        slot["n"] += 1
        slot["strict"] += strict
        slot["lenient"] += lenient
        slot["tokens"] += tokens
        if int(row.get("sample", 0)) == 0:
            slot["first"][0] += strict
            slot["first"][1] += 1
    out = {}
    for label in sorted(bins, key=token_bin_order):
        s = bins[label]
        k, n_first = s["first"]
        out[label] = {
            "n": s["n"],
            "mean_prompt_tokens": s["tokens"] / s["n"],
            "accuracy_strict": s["strict"] / s["n"],
            "accuracy_lenient": s["lenient"] / s["n"],
            "ci95_strict": list(wilson_interval(k, n_first)) if n_first else None,
        }
    return {"source": source,
            "note": "accuracy per prompt-length bin (tokens: " + (
                "as the server counted them" if source == "server" else
                f"estimated as characters / {CHARS_PER_TOKEN} of the rebuilt prompts") + ")",
            "bins": out}
