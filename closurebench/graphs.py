"""Graph families: the structure an instance asks about, sampled from a private RNG.

A ``Graph`` holds integer nodes ``0..n-1`` and an edge tuple; labels are a surface concern
and are applied later. Randomness always comes in as the first argument.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, cached_property

import numpy as np

__all__ = [
    "Family", "Graph", "perturb", "sample_digraph", "sample_family", "sample_undirected",
    "second_parents",
]


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


def second_parents(rho: float, children: int) -> tuple[int, int]:
    """The two-parent counts ρ allows among ``children``: ρ·children rounded down or up.

    This is what ρ means for family trees (see ``sample_family``). A tree takes the upper
    value with probability frac(ρ·children), so the expected share is exactly ρ.
    """
    low = math.floor(rho * children)
    return low, low + (rho * children > low)


class Family:
    """A family tree under construction, laid out in generations.

    Every recorded parent is exactly one generation above the child, so every line of descent
    between two people has the same length and "generations above" is a plain hop count.
    People with no recorded parents are *founders*: roots of a lineage, or married-in spouses
    whose generation is fixed by the child they are a second parent of. Constructors plant
    the structure an answer needs with ``add`` and then ``grow`` the tree to n people.
    """

    def __init__(self) -> None:
        self.gen: list[int | None] = []
        self.parents: list[list[int]] = []
        self.children: list[list[int]] = []

    def __len__(self) -> int:
        return len(self.gen)

    def add(self, *parents: int, gen: int | None = None) -> int:
        """A new person: a child of ``parents`` (all one generation), or a founder at ``gen``."""
        if parents:
            gens = {self.gen[p] for p in parents}
            if len(gens) != 1 or None in gens or len(set(parents)) != len(parents):
                raise ValueError(f"parents {parents} are not distinct people of one generation")
            gen = gens.pop() + 1
        self.gen.append(gen)
        self.parents.append(list(parents))
        self.children.append([])
        for p in parents:
            self.children[p].append(len(self.gen) - 1)
        return len(self.gen) - 1

    def marry(self, child: int, parent: int) -> None:
        """Record ``parent`` as ``child``'s second parent (a spouse takes its generation)."""
        if self.gen[parent] is None:
            self.gen[parent] = self.gen[child] - 1
        self.parents[child].append(parent)
        self.children[parent].append(child)

    def kin(self, p: int) -> set[int]:
        """``p`` and its siblings: people a second parent next to ``p`` must not be."""
        return {p} | {c for q in self.parents[p] for c in self.children[q]}

    def above(self, v: int) -> set[int]:
        """Everyone ``v`` descends from (not ``v``)."""
        out: set[int] = set()
        todo = list(self.parents[v])
        while todo:
            p = todo.pop()
            if p not in out:
                out.add(p)
                todo.extend(self.parents[p])
        return out

    def below(self, v: int) -> set[int]:
        """Everyone descending from ``v`` (not ``v``)."""
        out: set[int] = set()
        todo = list(self.children[v])
        while todo:
            c = todo.pop()
            if c not in out:
                out.add(c)
                todo.extend(self.children[c])
        return out

    def top(self, v: int) -> int:
        """The highest generation (smallest number) among ``v`` and its ancestors."""
        gens = [self.gen[u] for u in self.above(v) | {v}]
        return min(g for g in gens if g is not None)

    def grow(
        self,
        rng: random.Random,
        n: int,
        rho: float,
        *,
        can_parent: Callable[[int], bool] = lambda p: True,
        can_pair: Callable[[int, int], bool] = lambda c, p: True,
        spouses: tuple[int, int] | None = None,
        slack: bool = False,
    ) -> bool:
        """Add people until there are ``n``, and second parents until ρ's share is exact.

        New people are children of a random person ``can_parent`` allows, or married-in
        spouses (founders used as second parents). Then second parents are recorded, each
        from the generation above the child, never the first parent or a sibling of it, and
        only where ``can_pair(child, parent)`` allows (it sees the spouse's generation set),
        until as many children have two as ``second_parents(rho, children)`` draws.
        ``False`` if that cannot be done (the caller builds another tree). With ``slack``
        (a last resort for trees too small to hold ρ's share at all, e.g. five people who
        must all be in one-parent lines) fewer second parents are also tried, nearest first.
        """
        extra = n - len(self.gen)
        kids = sum(1 for ps in self.parents if ps)
        two = sum(1 for ps in self.parents if len(ps) == 2)
        lo, hi = spouses if spouses is not None else (0, extra)
        fits = [k for k in range(lo, min(hi, extra) + 1)
                if second_parents(rho, kids + extra - k)[1] - two >= k]
        if extra < 0:
            return False
        rng.shuffle(fits)
        saved = self._state()
        for k in fits:  # each number of married-in spouses in turn, until one works
            low, high = second_parents(rho, kids + extra - k)
            up = rng.random() < rho * (kids + extra - k) - low
            need = (high if up or low - two < k else low) - two
            for short in range(need - k + 1 if slack else 1):
                if self._grow(rng, extra - k, k, need - short, can_parent, can_pair):
                    return True
                self._restore(saved)
        return False

    def _state(self) -> tuple[list, list, list]:
        return list(self.gen), [list(ps) for ps in self.parents], [list(cs) for cs in self.children]

    def _restore(self, saved: tuple[list, list, list]) -> None:
        gen, parents, children = saved
        self.gen, self.parents = list(gen), [list(ps) for ps in parents]
        self.children = [list(cs) for cs in children]

    def _grow(self, rng: random.Random, children: int, spouses: int, need: int,
              can_parent: Callable[[int], bool], can_pair: Callable[[int, int], bool]) -> bool:
        """``grow`` with the numbers fixed: add children and spouses, then second parents."""
        for _ in range(children):
            pool = [v for v, g in enumerate(self.gen) if g is not None and can_parent(v)]
            if not pool:
                return False
            self.add(pool[rng.randrange(len(pool))])
        for u in [self.add() for _ in range(spouses)]:
            single = [c for c, ps in enumerate(self.parents) if len(ps) == 1
                      and self._try(c, u, can_pair)]
            if not single:
                return False
            self.marry(single[rng.randrange(len(single))], u)
        for _ in range(need - spouses):
            pairs = [(c, p) for c, ps in enumerate(self.parents) if len(ps) == 1
                     for p in self._peers(c) if can_pair(c, p)]
            if not pairs:
                return False
            self.marry(*pairs[rng.randrange(len(pairs))])
        return True

    def _try(self, c: int, u: int, can_pair: Callable[[int, int], bool]) -> bool:
        """Whether spouse ``u`` (no generation yet) may be ``c``'s second parent."""
        self.gen[u] = self.gen[c] - 1
        ok = can_pair(c, u)
        self.gen[u] = None
        return ok

    def _peers(self, c: int) -> list[int]:
        """Possible second parents of one-parent ``c``: its parent's generation, not kin.

        Not the parent's sibling, and not a parent of anyone ``c`` has a child with (that
        would make a couple siblings).
        """
        (p,) = self.parents[c]
        kin = self.kin(p)
        partners = {q for d in self.children[c] for q in self.parents[d] if q != c}
        return [q for q, g in enumerate(self.gen) if g == self.gen[p] and q not in kin
                and not partners.intersection(self.children[q])]

    def graph(self, rng: random.Random) -> tuple[Graph, list[int]]:
        """The tree as a ``Graph`` and the map old -> new ids.

        Nodes are numbered in a random topological order (every parent before its children),
        so an id says nothing about how the tree was planted.
        """
        placed: list[int] = []
        done: set[int] = set()
        ready = [v for v, ps in enumerate(self.parents) if not ps]
        while ready:
            v = ready.pop(rng.randrange(len(ready)))
            placed.append(v)
            done.add(v)
            ready += [c for c in self.children[v] if all(p in done for p in self.parents[c])]
        new = [0] * len(placed)
        for i, v in enumerate(placed):
            new[v] = i
        edges = sorted((new[c], new[p]) for c in range(len(placed)) for p in self.parents[c])
        return Graph(len(placed), tuple((p, c) for c, p in edges)), new


def sample_family(rng: random.Random, n: int, p: float) -> Graph:
    """A random family tree of n people: parent -> child edges laid out in generations.

    Two founders (people whose parents are not recorded) start two lineages; every later
    person is the child of a uniformly chosen person, or a married-in spouse. ρ (``p``, the
    density axis) is the share of children with two recorded parents: of the m people with
    recorded parents, ρ·m rounded down or up have two (up with probability frac(ρ·m), so
    the expected share is exactly ρ; the second parent is from the first parent's
    generation, never the first parent's sibling) and the rest one. Every family-tree
    constructor keeps this rule.
    Nodes are numbered in a random order in which every parent precedes its children.
    """
    for attempt in range(16):
        fam = Family()
        for _ in range(min(n, 2)):
            fam.add(gen=0)
        if fam.grow(rng, n, p, slack=attempt == 15):
            return fam.graph(rng)[0]
    raise AssertionError("unreachable: with slack a tree of single-parent children always fits")

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
