"""The five presentation styles of the natural-language encoding.

A style only reorders and rephrases the same edge set: ``flat`` (one sentence per edge),
``grouped_by_source``, ``grouped_by_target`` (reversed verbs), ``mixed`` (each edge told
forwards or backwards at random) and ``varied`` (each source gets its own synonym).
"""

from __future__ import annotations

import random

from closurebench.surface.domains import Frame

__all__ = ["STYLES", "render_nl"]

STYLES: tuple[str, ...] = ("flat", "grouped_by_source", "grouped_by_target", "mixed", "varied")


def _join(items: list[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _grouped(pairs: list[tuple[str, str]], verb: str, per: dict[str, str] | None = None
             ) -> str:
    """One sentence per head, heads in order of first appearance; ``per`` (if given) holds
    each head's own verb in place of ``verb``."""
    groups: dict[str, list[str]] = {}
    for head, tail in pairs:
        tails = groups.get(head)
        if tails is None:
            groups[head] = [tail]
        else:
            tails.append(tail)
    return " ".join([f"{h} {verb if per is None else per[h]} {_join(ts)}."
                     for h, ts in groups.items()])


def render_nl(
    rng: random.Random,
    edges: list[tuple[str, str]],
    frame: Frame,
    style: str,
    *,
    directed: bool,
) -> str:
    """Edge sentences in the given style; ``edges`` arrive already shuffled."""
    if not edges:
        return f"There are no {frame.links}."
    if not directed:
        sym = frame.symmetric
        pairs = [(u, v) if rng.random() < 0.5 else (v, u) for u, v in edges]
        if style == "grouped_by_source":
            return _grouped(pairs, sym)
        if style == "grouped_by_target":
            return _grouped([(v, u) for u, v in pairs], sym)
        if style == "varied":
            verbs = (sym, "is directly linked with")
            return _grouped(pairs, sym, {h: rng.choice(verbs) for h, _ in pairs})
        return " ".join([f"{u} {sym} {v}." for u, v in pairs])
    verb = frame.verbs[0]
    if style == "flat":
        return " ".join([f"{u} {verb} {v}." for u, v in edges])
    if style == "grouped_by_source":
        return _grouped(edges, verb)
    if style == "grouped_by_target":
        return _grouped([(v, u) for u, v in edges], frame.reverse)
    if style == "mixed":
        back = frame.reverse
        return " ".join([
            f"{u} {verb} {v}." if rng.random() < 0.5 else f"{v} {back} {u}."
            for u, v in edges
        ])
    if style == "varied":
        per: dict[str, str] = {}
        for u, _ in edges:
            if u not in per:
                per[u] = rng.choice(frame.verbs)
        return _grouped(edges, verb, per)
    raise ValueError(f"style must be one of {', '.join(STYLES)}, got {style!r}")
