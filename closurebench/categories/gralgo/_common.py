"""What GrAlgoBench's nine tasks share: sparse graphs at a mean degree, weights, numpy engines.

The engines are the tensor side of each task: a (min,+) closure (Floyd–Warshall pivots over
a weight matrix), hop distances as the same closure over unit weights, a greatest fixpoint for
the k-core, and a bitset branch-and-bound for the clique number. They know no task by name.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations

import numpy as np

from closurebench.errors import UnposableQuery
from closurebench.graph.families import Graph

__all__ = [
    "INF", "WEIGHTS", "clique_number", "connected", "edge_count", "greedy_clique",
    "hop_matrix", "k_core_mask", "link_search", "minplus_closure", "random_tree",
    "require_connected",
    "sparse_connected", "sparse_graph", "weight_matrix",
]

#: Weights are integers in this range (both ends included), node or edge.
WEIGHTS = (1, 99)
#: "No path" in a (min,+) matrix: larger than any sum of n <= 2,000 weights of at most 99.
INF = np.int64(1 << 40)


def edge_count(n: int, rho: float) -> int:
    """Links a graph of ``n`` nodes gets at density ``rho``: mean degree ``rho (n - 1)``."""
    pairs = n * (n - 1) // 2
    return max(0, min(pairs, round(rho * pairs)))


def sparse_graph(rng: random.Random, n: int, m: int,
                 edges: set[tuple[int, int]] | None = None) -> set[tuple[int, int]]:
    """``edges`` (default none) topped up with random pairs to ``m`` links (``u < v``)."""
    out = set() if edges is None else set(edges)
    pairs = n * (n - 1) // 2
    m = min(m, pairs)
    if m - len(out) > pairs // 2:  # dense: sample from the complement list
        free = [p for p in combinations(range(n), 2) if p not in out]
        out.update(rng.sample(free, m - len(out)))
        return out
    while len(out) < m:
        u, v = rng.sample(range(n), 2)
        out.add((min(u, v), max(u, v)))
    return out


def random_tree(rng: random.Random, n: int) -> set[tuple[int, int]]:
    """A random spanning tree on ``0..n-1`` (each node joins a random earlier one, in a
    random order), so a connected graph needs no rejection loop."""
    order = rng.sample(range(n), n)
    out = set()
    for i in range(1, n):
        u, v = order[i], order[rng.randrange(i)]
        out.add((min(u, v), max(u, v)))
    return out


def sparse_connected(rng: random.Random, n: int, m: int) -> set[tuple[int, int]]:
    """A connected graph with ``max(m, n - 1)`` links: a random tree plus random pairs."""
    return sparse_graph(rng, n, max(m, n - 1), random_tree(rng, n))


def link_search(rng: random.Random, n: int, edges: list[tuple[int, int]],
                cost: Callable[[list[tuple[int, int]]], int], steps: int
                ) -> tuple[list[tuple[int, int]], int]:
    """``edges`` moved one link at a time (a random link to a random free pair), each move
    kept unless ``cost`` rises, until the cost is 0 or ``steps`` moves were tried: the link
    count stays, and what the moves leave is a random graph near the start, not a template.
    Returns the edges (the last link is the newest move) and their cost."""
    have = set(edges)
    now = cost(edges)
    for _ in range(steps):
        if now == 0:
            break
        i = rng.randrange(len(edges))
        a, b = rng.sample(range(n), 2)
        new = (min(a, b), max(a, b))
        if new in have:
            continue
        trial = edges[:i] + edges[i + 1:] + [new]
        c = cost(trial)
        if c <= now:
            have.discard(edges[i])
            have.add(new)
            edges, now = trial, c
    return edges, now


def weight_matrix(g: Graph) -> np.ndarray:
    """``W[u, v]`` = the link's weight (1 for an unweighted graph), ``INF`` where unlinked,
    0 on the diagonal."""
    n = g.n
    w = np.full((n, n), INF, dtype=np.int64)
    if g.edges:
        u, v = np.array(g.edges, dtype=np.intp).T
        vals = np.ones(len(g.edges), dtype=np.int64) if g.edge_weights is None else \
            np.array(g.edge_weights, dtype=np.int64)
        w[u, v] = vals
        w[v, u] = vals
    np.fill_diagonal(w, 0)
    return w


def minplus_closure(w: np.ndarray) -> np.ndarray:
    """The (min,+) closure of a weight matrix: all-pairs shortest path lengths (``INF``:
    unreachable). One vectorised Floyd–Warshall pivot per node: ``D = min(D, D[:, k] +
    D[k, :])``, the (min,+) analogue of the Boolean closure's fixpoint, n³ cell updates."""
    d = w.copy()
    for k in range(d.shape[0]):
        np.minimum(d, d[:, k, None] + d[None, k, :], out=d)
    return d


def hop_matrix(g: Graph) -> np.ndarray:
    """Hop distances between all pairs (``INF``: unreachable): the (min,+) closure over unit
    weights, computed as Boolean frontier steps for every source at once. ``seen[v]`` is the
    bitset of sources that have reached v; one step ORs it over v's neighbours. Python ints
    as bitsets, not a matrix product: above ~64 nodes OpenBLAS goes multi-threaded and on a
    busy machine one product can stall for tens of milliseconds (as ``graph.tensor`` notes).
    """
    n = g.n
    d = np.full((n, n), INF, dtype=np.int64)
    np.fill_diagonal(d, 0)
    nbr: list[list[int]] = [[] for _ in range(n)]
    for u, v in g.edges:
        nbr[u].append(v)
        nbr[v].append(u)
    seen = [1 << v for v in range(n)]
    width = (n + 7) // 8
    for k in range(1, n):
        grown = [s_ for s_ in seen]
        for v in range(n):
            acc = seen[v]
            for u in nbr[v]:
                acc |= seen[u]
            grown[v] = acc
        fresh = [grown[v] & ~seen[v] for v in range(n)]
        if not any(fresh):
            break
        bits = np.unpackbits(np.frombuffer(b"".join(f.to_bytes(width, "little") for f in fresh),
                                           dtype=np.uint8).reshape(n, width),
                             axis=1, bitorder="little")[:, :n].astype(bool)
        d[bits] = k  # row v, column s: s first reaches v after k steps (symmetric)
        seen = grown
    return d


def connected(g: Graph) -> bool:
    """Whether every node reaches every other (an empty or one-node graph counts): one
    frontier walk from node 0."""
    if g.n <= 1:
        return True
    a = g.adjacency
    seen = np.zeros(g.n, dtype=bool)
    seen[0] = True
    front = seen.copy()
    while front.any():
        front = a[front].any(0) & ~seen
        seen |= front
    return bool(seen.all())


def k_core_mask(a: np.ndarray, k: int) -> np.ndarray:
    """The k-core as a Boolean mask: the greatest fixpoint of ``S = {v in S : |N(v) ∩ S| >=
    k}``, iterated down from all nodes (each round drops every node short of k at once)."""
    s = np.ones(a.shape[0], dtype=bool)
    while True:  # a masked row count, not a BLAS product (see ``hop_matrix``)
        keep = s & ((a & s[None, :]).sum(1) >= k)
        if (keep == s).all():
            return s
        s = keep


def _bits(a: np.ndarray) -> list[int]:
    return [int(sum(1 << int(j) for j in np.flatnonzero(row))) for row in a]


def clique_number(a: np.ndarray) -> int:
    """The size of a maximum clique, by bitset branch-and-bound (Tomita's MCQ): candidates
    as an int bitmask, bounded by a greedy colouring of the candidate set."""
    nbr = _bits(a)
    best = 1 if a.shape[0] else 0

    def colour_order(cand: int) -> list[tuple[int, int]]:
        out, colour, rest = [], 0, cand
        while rest:
            colour += 1
            q = rest
            while q:
                low = q & -q
                v = low.bit_length() - 1
                q &= ~nbr[v] & ~low
                rest &= ~low
                out.append((v, colour))
        return out

    def expand(size: int, cand: int) -> None:
        nonlocal best
        for v, colour in reversed(colour_order(cand)):
            if size + colour <= best:
                return
            inner = cand & nbr[v]
            if inner:
                expand(size + 1, inner)
            elif size + 1 > best:
                best = size + 1
            cand &= ~(1 << v)

    expand(0, (1 << a.shape[0]) - 1)
    return best


def greedy_clique(a: np.ndarray) -> int:
    """A no-search clique: start at the highest-degree node, keep adding the common
    neighbour of highest degree (lowest id on ties). A lower bound, right when the largest
    clique sits on the busiest nodes."""
    deg = a.sum(1)
    if not len(deg):
        return 0
    cand = np.ones(len(deg), dtype=bool)
    size = 0
    while cand.any():
        pool = np.flatnonzero(cand)
        v = pool[np.argmax(deg[pool])]
        size += 1
        cand &= a[v]
        cand[v] = False
    return size


def require_connected(g: Graph, what: str) -> None:
    """``UnposableQuery`` unless ``g`` is connected (``what`` names the undefined answer)."""
    if not connected(g):
        raise UnposableQuery(f"{what} is undefined on a disconnected graph")
