"""Settling a constructed undirected graph's link count to its cell's.

Why: a construction that plants an answer (a k-core of drawn size, a spine of drawn length)
brings the links that answer needs, so the link count follows the answer: up to 0.3.5 the
k-core task's link count correlated with its answer at 0.5-0.6 within one n, and the
diameter's at -0.5 at s1, and a reader of the link count alone read them. A cell's link
count is ``edge_count(n, ρ)`` (the mean-degree axis fixes it from n), so it must not depend
on the answer. Links are added or removed in batches (halved after each rejected one, down to
single links), each kept only if the answer stays, no shortcut reader the construction fooled
becomes right, whatever else the category asks kept (``Category.settle_keeps``) stays, and a
connected graph stays connected: the answer-preserving moves a category's own rules accept.
"""

from __future__ import annotations

import random
from typing import Any

from closurebench.categories._spec import Category
from closurebench.categories.gralgo._common import connected
from closurebench.errors import UnposableQuery
from closurebench.graph.families import Graph

__all__ = ["settle_links"]

#: Link moves tried per link of difference before the graph is given up (``None``).
TRIES_PER_LINK = 30


def _answer(cat: Category, g: Graph, query: dict[str, Any]) -> Any:
    try:
        return cat.tensor_program(g, query)
    except UnposableQuery:
        return None


def settle_links(cat: Category, rng: random.Random, g: Graph, query: dict[str, Any],
                 m: int) -> Graph | None:
    """``g`` with exactly ``m`` links and the same answer, or ``None`` if no such moves turn
    up (the caller builds again). Unweighted undirected graphs only."""
    n = g.n
    edges = set(g.edges)
    if len(edges) == m:
        return g
    answer = _answer(cat, g, query)
    fooled = [r for r in cat.shortcuts.values() if r(g, query) != answer]
    keeps = cat.settle_keeps if cat.settle_keeps and cat.settle_keeps(g, answer) else None
    whole = connected(g)
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    batch = max(1, abs(len(edges) - m) // 2)  # halved on a miss: large graphs need few tries
    for _ in range(TRIES_PER_LINK * abs(len(edges) - m)):
        gap = m - len(edges)
        if gap == 0:
            break
        size = min(batch, abs(gap))
        if gap > 0:
            free = [e for e in rng.sample(pairs, min(len(pairs), 2 * size + 4))
                    if e not in edges][:size]
            trial = edges | set(free)
        else:
            trial = edges - set(rng.sample(sorted(edges), size))
        h = Graph(n, tuple(sorted(trial)), directed=False)
        if _answer(cat, h, query) != answer or (whole and not connected(h)) \
                or any(r(h, query) == answer for r in fooled) \
                or (keeps is not None and not keeps(h, answer)):
            batch = max(1, batch // 2)
            continue
        edges = trial
    if len(edges) != m:
        return None
    return Graph(n, tuple(sorted(edges)), directed=False)
