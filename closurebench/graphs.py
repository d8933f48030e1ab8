"""Graph families: the structure an instance asks about, sampled from a private RNG.

A ``Graph`` holds integer nodes ``0..n-1`` and an edge tuple; labels are a surface concern
and are applied later. Randomness always comes in as the first argument.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache, cached_property

import numpy as np

__all__ = ["Graph", "perturb", "sample_digraph", "sample_family", "sample_undirected"]


@dataclass(frozen=True)
class Graph:
    """An immutable graph on nodes ``0..n-1``.

    ``edges`` are ``(u, v)`` pairs in sampling order: for a directed graph ``u -> v`` (for a
    family tree ``u`` is a parent of ``v``); for an undirected one ``u < v``.
    """

    n: int
    edges: tuple[tuple[int, int], ...]
    directed: bool = True

    @cached_property
    def adjacency(self) -> np.ndarray:
        """Boolean adjacency matrix ``A[i, j] = 1`` iff ``i -> j`` (symmetric if undirected).

        Read-only, like the graph: that lets ``tensor`` memoise the closure of it across the
        many queries proposed on one graph.
        """
        a = np.zeros((self.n, self.n), dtype=bool)
        if self.edges:
            src, dst = np.array(self.edges, dtype=np.intp).T
            a[src, dst] = True
            if not self.directed:
                a[dst, src] = True
        a.flags.writeable = False
        return a

    @property
    def density(self) -> float:
        """Realised edge density: edges over possible (ordered or unordered) pairs."""
        pairs = self.n * (self.n - 1) if self.directed else self.n * (self.n - 1) // 2
        return len(self.edges) / pairs if pairs else 0.0


def _coins(rng: random.Random, shape: tuple[int, int], p: float) -> np.ndarray:
    """Independent Bernoulli(p) draws, fast and identical on every platform and numpy version.

    The raw 64-bit stream of ``PCG64`` is fixed by numpy's stability policy (``Generator``
    methods are not), and comparing it to the exact integer ``p * 2**64`` needs no floating
    point at all. The PCG64 key is drawn from ``rng``, so one seed still rules everything.
    """
    raw = np.random.PCG64(rng.getrandbits(64)).random_raw(shape[0] * shape[1]).reshape(shape)
    return raw < np.uint64(min(int(p * 2.0**64), 2**64 - 1))


def _from_mask(mask: np.ndarray, directed: bool) -> Graph:
    """A graph from a Boolean edge mask (upper triangle if undirected) it may keep and freeze."""
    src, dst = np.nonzero(mask)
    g = Graph(mask.shape[0], tuple(zip(src.tolist(), dst.tolist())), directed=directed)
    adjacency = (mask | mask.T) if not directed else mask
    if adjacency.base is not None:
        adjacency = adjacency.copy()
    adjacency.flags.writeable = False
    g.__dict__["adjacency"] = adjacency  # seed the cache
    return g


def sample_digraph(rng: random.Random, n: int, p: float) -> Graph:
    """Directed G(n, p) without self-loops: each ordered pair ``i != j`` is an edge w.p. ``p``."""
    mask = _coins(rng, (n, n), p)
    np.fill_diagonal(mask, False)
    return _from_mask(mask, directed=True)


@cache
def _upper(n: int) -> np.ndarray:
    """The pairs ``i < j`` of n nodes, kept for small n: ``np.triu`` costs more than the rest
    of a small graph's sampling, as it rebuilds this mask on every call."""
    mask = np.triu(np.ones((n, n), dtype=bool), k=1)
    mask.flags.writeable = False
    return mask


def sample_undirected(rng: random.Random, n: int, p: float) -> Graph:
    """Undirected G(n, p): each unordered pair ``i < j`` is an edge w.p. ``p``."""
    coins = _coins(rng, (n, n), p)
    return _from_mask(coins & _upper(n) if n <= 128 else np.triu(coins, k=1), directed=False)


def sample_family(rng: random.Random, n: int, p: float) -> Graph:
    """A parent -> child DAG laid out in generations, like a family tree.

    Person 0 founds generation 0. Each later person is, with probability 0.15, another founder
    (someone whose parents are not recorded); otherwise the child of a uniformly chosen earlier
    person, one generation below them, and with probability ``p`` also of a second parent from
    that parent's generation who is not that parent's sibling. So ``p`` (the density axis) sets
    how many children have two recorded parents; generations never mix, as in a real family
    tree. Nodes are numbered so that every parent precedes its children.
    """
    gen = [0]
    by_gen: dict[int, list[int]] = {0: [0]}
    parents: dict[int, list[int]] = {0: []}
    children: dict[int, list[int]] = {0: []}
    edges: list[tuple[int, int]] = []
    for child in range(1, n):
        parents[child], children[child] = [], []
        if rng.random() < 0.15:
            gen.append(0)
        else:
            parent = rng.randrange(child)
            gen.append(gen[parent] + 1)
            edges.append((parent, child))
            if rng.random() < p:
                kin = {s for g in parents[parent] for s in children[g]} | {parent}
                peers = [q for q in by_gen[gen[parent]] if q not in kin]
                if peers:
                    edges.append((rng.choice(peers), child))
            for pa, c in edges[-2:]:
                if c == child and pa not in parents[child]:
                    parents[child].append(pa)
                    children[pa].append(child)
        by_gen.setdefault(gen[child], []).append(child)
    return Graph(n, tuple(edges), directed=True)


def perturb(rng: random.Random, g: Graph, p: float) -> Graph:
    """A changed copy of a directed graph: each edge dropped w.p. 1/3, new ones added w.p. p/4.

    Used as the "after" graph of graph_comparison, so the two graphs share most structure.
    """
    a = g.adjacency
    keep = a & ~_coins(rng, a.shape, 1 / 3)
    add = ~a & _coins(rng, a.shape, p / 4)
    mask = keep | add
    np.fill_diagonal(mask, False)
    return _from_mask(mask, directed=True)
