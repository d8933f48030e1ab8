"""A degree-preserving null model conditioned on an answer: the view first, then the answer.

A planted graph is built *around* its answer, so whatever a reader sees without chaining
edges (degrees, sink and source flags, the query nodes' direct neighbours) carries a trace of
it. Here the order is reversed. The *view* is drawn first, from the unplanted family at the
config's n and ρ: every node's in- and out-degree, every edge at a query node (its direct
neighbours both ways, the edges among query nodes). The target answer is drawn on its own.
Then a search over directed double-edge swaps (a -> b, c -> d  =>  a -> d, c -> b: no
self-loop, no multi-edge) that never touches an edge at a query node moves the rest of the
graph until it gives that answer (Maslov–Sneppen, conditioned on the answer). Every swap keeps
every degree and every query node's neighbourhood, so each feature that is a function of the
view has one distribution whatever the answer: only what the view forces (a query node without
out-edges reaches nothing) is left, and ``view`` draws views that force little.

Knows no category: the caller's ``distance(edges)`` says how far a graph is from its target
(0: there). All randomness comes from the caller's ``random.Random``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from closurebench.graph.families import Graph, sample_digraph

__all__ = ["camouflage", "family_move", "generations", "renumbered", "rewire", "topological_ids",
           "undirected_move", "view", "view_move", "view_walk"]

Edge = tuple[int, int]


def view(rng: random.Random, n: int, rho: float, query: Sequence[int], min_edges: int = 0,
         linked: bool = True) -> list[Edge]:
    """A view: directed G(n, ρ), topped up to ``min_edges`` edges with random pairs, and (with
    ``linked``) every query node given an in- and an out-edge where it has none, so no view
    decides a reach question by a sink or a source among the query nodes. Neither step looks
    at a target, so the view is independent of the answer the search then builds."""
    have = set(sample_digraph(rng, n, rho).edges)
    pairs = n * (n - 1)
    while len(have) < min(min_edges, pairs):
        u, v = rng.randrange(n), rng.randrange(n)
        if u != v:
            have.add((u, v))
    if linked and n > 1:
        for q in query:
            if not any(u == q for u, _ in have):
                have.add((q, rng.choice([v for v in range(n) if v != q])))
            if not any(v == q for _, v in have):
                have.add((rng.choice([u for u in range(n) if u != q]), q))
    return sorted(have)


def rewire(rng: random.Random, edges: Sequence[Edge], frozen: Sequence[int],
           distance: Callable[[list[Edge]], float], steps: int = 300, settle: int = 0,
           temperature: float = 0.5, pinned: bool = False) -> tuple[list[Edge] | None, int]:
    """Swap the edges that touch no ``frozen`` node until ``distance`` reaches 0.

    Annealed: a swap that brings the graph no further from its target is kept, a worse one
    with probability exp(-Δ / T), T falling linearly to 0 over ``steps``. Once at the target,
    ``settle`` more swaps that keep it there are tried (a walk inside the target's graphs, so
    the first graph found is not the one returned every time). Returns the sorted edges (or
    ``None`` if ``steps`` swaps did not get there) and the number of distance evaluations.
    """
    cur_edges = list(edges)
    have = set(cur_edges)
    fz = set(frozen)
    # An edge between two frozen nodes stays; with ``pinned`` every edge at a frozen node does.
    free = [i for i, (u, v) in enumerate(cur_edges)
            if not ((u in fz and v in fz) or (pinned and (u in fz or v in fz)))]
    cur = distance(cur_edges)
    evals = 1
    if len(free) < 2:
        return (sorted(cur_edges), evals) if cur == 0 else (None, evals)
    budget = steps
    settling = 0
    step = 0
    while True:
        if cur == 0:
            if settling >= settle:
                return sorted(cur_edges), evals
        elif step >= budget:
            return None, evals
        step += 1
        i, j = rng.sample(free, 2)
        (a, b), (c, d) = cur_edges[i], cur_edges[j]
        if a in (c, d) or b in (c, d) or (a, d) in have or (c, b) in have:
            if cur == 0:
                settling += 1
            continue
        cur_edges[i], cur_edges[j] = (a, d), (c, b)
        have.difference_update(((a, b), (c, d)))
        have.update(((a, d), (c, b)))
        new = distance(cur_edges)
        evals += 1
        if cur == 0:
            settling += 1
            keep = new == 0
        else:
            t = temperature * max(0.0, 1.0 - step / budget)
            keep = new <= cur or (t > 0 and rng.random() < math.exp(-(new - cur) / t))
        if keep:
            cur = new
        else:
            cur_edges[i], cur_edges[j] = (a, b), (c, d)
            have.difference_update(((a, d), (c, b)))
            have.update(((a, b), (c, d)))


def camouflage(rng: random.Random, n: int, rho: float, edges: Sequence[Edge],
               missed: Sequence[int]) -> list[Edge]:
    """``edges`` plus a directed cycle through the ``missed`` nodes (in random order) and
    each other pair among them at rate ρ.

    A node no query node reaches can take in-edges only from other such nodes, so a planted
    graph leaves them sources, and swaps keep every in-degree: "the nodes with an in-edge"
    would read the answer. Linked among themselves they take in- and out-edges like the
    reached ones. One missed node alone stays a source (no self-loops)."""
    have = set(edges)
    ring = list(missed)
    rng.shuffle(ring)
    if len(ring) >= 2:
        for i, u in enumerate(ring):
            have.add((u, ring[(i + 1) % len(ring)]))
        for u in ring:
            for v in ring:
                if u != v and (u, v) not in have and rng.random() < rho:
                    have.add((u, v))
    return sorted(have)


def _two(rng: random.Random, m: int) -> tuple[int, int] | None:
    """Two distinct indices below ``m`` (cheaper than ``rng.sample``), or None if m < 2."""
    if m < 2:
        return None
    i, j = rng.randrange(m), rng.randrange(m - 1)
    return i, j + (j >= i)


def view_move(rng: random.Random, free: list[Edge], have: set[Edge]) -> bool:
    """One move on ``free`` edges (and the edge set ``have``, in place) that keeps every in-
    and out-degree: a directed double-edge swap ``a -> b, c -> d => a -> d, c -> b``, or (one
    time in five) the reversal of a directed 3-cycle, which swaps alone cannot reach. Edges
    outside ``free`` (those at query nodes) never move. False if the drawn move was invalid."""
    if len(free) >= 3 and rng.random() < 0.2:  # reverse a directed 3-cycle a -> b -> c -> a
        i = rng.randrange(len(free))
        a, b = free[i]
        outs = [e for e in free if e[0] == b and e[1] != a]
        if not outs:
            return False
        c = rng.choice(outs)[1]
        if (c, a) not in have or any(e in have for e in ((b, a), (c, b), (a, c))):
            return False
        cycle = [(a, b), (b, c), (c, a)]
        if not all(e in free for e in cycle):
            return False  # an edge at a query node: part of the view
        for e in cycle:
            free.remove(e)
            have.discard(e)
        for u, v in cycle:
            free.append((v, u))
            have.add((v, u))
        return True
    pair = _two(rng, len(free))
    if pair is None:
        return False
    i, j = pair
    (a, b), (c, d) = free[i], free[j]
    if a in (c, d) or b in (c, d) or (a, d) in have or (c, b) in have:
        return False
    have.difference_update(((a, b), (c, d)))
    have.update(((a, d), (c, b)))
    free[i], free[j] = (a, d), (c, b)
    return True


def view_walk(rng: random.Random, edges: Sequence[Edge], pinned: set[int], steps: int
              ) -> Iterator[tuple[int, set[Edge]]]:
    """``steps`` tries of ``view_move`` on the edges that touch no ``pinned`` node, yielding
    (try index, the edge set) after each move that happened. The set is live: copy it to
    keep it. Fewer than two free edges cannot move, so nothing is tried."""
    have = set(edges)
    free = [e for e in edges if e[0] not in pinned and e[1] not in pinned]
    for step in range(steps if len(free) >= 2 else 0):
        if view_move(rng, free, have):
            yield step, have


def generations(n: int, edges: Sequence[Edge]) -> list[int]:
    """A generation for every person of a family tree (parent -> child edges): one below each
    parent, founders placed by their children; components start at 0. In a family tree every
    line between two people has one length, so the numbering is consistent."""
    links: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for p, c in edges:
        links[p].append((c, 1))
        links[c].append((p, -1))
    gen: list[int | None] = [None] * n
    for root in range(n):
        if gen[root] is not None:
            continue
        gen[root] = 0
        stack = [root]
        while stack:
            u = stack.pop()
            for v, step in links[u]:
                if gen[v] is None:
                    gen[v] = gen[u] + step  # type: ignore[operator]
                    stack.append(v)
    return [g or 0 for g in gen]


def family_move(rng: random.Random, free: list[Edge], have: set[Edge], gen: Sequence[int]
                ) -> bool:
    """A parent swap that keeps a family tree one: ``a -> b, c -> d => a -> d, c -> b`` with
    ``a`` and ``c`` of one generation (so ``b`` and ``d`` are too). Every person keeps the
    number of parents and of children, every line keeps its length. Edges outside ``free``
    never move. False if the drawn move was invalid."""
    pair = _two(rng, len(free))
    if pair is None:
        return False
    i, j = pair
    (a, b), (c, d) = free[i], free[j]
    if a == c or b == d or gen[a] != gen[c] or (a, d) in have or (c, b) in have:
        return False
    have.difference_update(((a, b), (c, d)))
    have.update(((a, d), (c, b)))
    free[i], free[j] = (a, d), (c, b)
    return True


def topological_ids(rng: random.Random, n: int, edges: Sequence[Edge]) -> list[int]:
    """New ids in a random topological order (every parent before its children), as a
    family tree's ids are drawn: an id then says nothing about how the tree was built."""
    left = [0] * n
    children: list[list[int]] = [[] for _ in range(n)]
    for p, c in sorted(edges):
        left[c] += 1
        children[p].append(c)
    ready = [v for v in range(n) if not left[v]]
    new = [0] * n
    k = 0
    while ready:
        v = ready.pop(rng.randrange(len(ready)))
        new[v] = k
        k += 1
        for c in children[v]:
            left[c] -= 1
            if not left[c]:
                ready.append(c)
    return new


def renumbered(rng: random.Random, g: Graph, query: dict[str, Any],
               keys: Sequence[str] = ("x", "y")) -> tuple[Graph, dict[str, Any]]:
    """A family tree and its query (the node ids under ``keys``) with ids in a fresh random
    topological order: after a parent swap a parent may carry a later id than its child,
    which a planted tree never does, so every swapped tree is renumbered, and both sides of a
    contrast pair alike."""
    new = topological_ids(rng, g.n, g.edges)
    return (Graph(g.n, tuple(sorted((new[u], new[v]) for u, v in g.edges))),
            {k: new[v] if k in keys else v for k, v in query.items()})


def undirected_move(rng: random.Random, free: list[Edge], have: set[Edge]) -> bool:
    """A double-edge swap of an undirected graph (edges stored ``u < v``): ``a - b, c - d =>
    a - d, c - b``, the two edges taken in a random orientation, so every degree stays.
    Edges outside ``free`` never move. False if the drawn move was invalid."""
    pair = _two(rng, len(free))
    if pair is None:
        return False
    i, j = pair
    (a, b), (c, d) = free[i], free[j]
    if rng.random() < 0.5:
        c, d = d, c
    e, f = (min(a, d), max(a, d)), (min(c, b), max(c, b))
    if len({a, b, c, d}) < 4 or e in have or f in have:
        return False
    have.difference_update((free[i], free[j]))
    have.update((e, f))
    free[i], free[j] = e, f
    return True
