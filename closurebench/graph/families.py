"""Graph families: the structure an instance asks about, sampled from a private RNG.

A ``Graph`` holds integer nodes ``0..n-1`` and an edge tuple; labels are a surface concern
and are applied later. Randomness always comes in as the first argument.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import accumulate

import numpy as np

__all__ = [
    "Family", "Graph", "PairFilter", "co_parents_are_siblings", "no_loops", "perturb",
    "sample_digraph", "sample_family", "sample_undirected", "second_parents",
]


#: ``pair_filter(child, candidates)``: the candidates (a list, kept in order and not to be
#: changed) that may be the one-parent child's second parent. One call per child, not per
#: pair: a tree of 2,000 people has ~500,000 pairs, and a rule usually settles a whole child
#: at once.
PairFilter = Callable[[int, list[int]], list[int]]


@dataclass(frozen=True)
class Graph:
    """An immutable graph on nodes ``0..n-1``.

    ``edges`` are ``(u, v)`` pairs in sampling order: for a directed graph ``u -> v`` (for a
    family tree ``u`` is a parent of ``v``); for an undirected one ``u < v``.
    ``node_weights`` (one per node) and ``edge_weights`` (aligned with ``edges``) are integer
    weights, ``None`` where the graph is unweighted (every ClosureBench category; GrAlgoBench's
    weighted tasks set one of them).
    """

    n: int
    edges: tuple[tuple[int, int], ...]
    directed: bool = True
    node_weights: tuple[int, ...] | None = None
    edge_weights: tuple[int, ...] | None = None

    @cached_property
    def adjacency(self) -> np.ndarray:
        """Boolean adjacency matrix ``A[i, j] = 1`` iff ``i -> j`` (symmetric if undirected).

        Read-only, like the graph: that lets ``tensor`` memoise the closure of it across the
        many queries proposed on one graph.
        """
        n = self.n
        a = np.zeros((n, n), dtype=bool)
        # Flat indices from Python ints: converting the edge tuples to an array cost more than
        # the rest (a planted graph's adjacency is built once per instance). Edges out of
        # range (never generated) take numpy's indexing, and its errors, as before.
        flat = [u * n + v for u, v in self.edges if 0 <= u < n and 0 <= v < n]
        if len(flat) == len(self.edges):
            cells = a.ravel()  # a view: ``a`` is C-contiguous
            cells[flat] = True
            if not self.directed:
                cells[[v * n + u for u, v in self.edges]] = True
        else:
            src, dst = np.array(self.edges, dtype=np.intp).T
            a[src, dst] = True
            if not self.directed:
                a[dst, src] = True
        a.setflags(write=False)
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
    key = rng.getrandbits(64)
    threshold = _threshold(p)
    if threshold == 0:  # no raw draw is below 0: the coins are all tails, the key still drawn
        return np.zeros(shape, dtype=bool)
    raw = np.random.PCG64(key).random_raw(shape[0] * shape[1]).reshape(shape)
    return raw < np.uint64(threshold)


def _row_coins(rng: random.Random, shape: tuple[int, int], rates: Sequence[float]
               ) -> np.ndarray:
    """``_coins`` with one probability per row (``rates[i]`` for row i), as platform-stable."""
    key = rng.getrandbits(64)
    limit = np.array([_threshold(r) for r in rates], dtype=np.uint64)
    raw = np.random.PCG64(key).random_raw(shape[0] * shape[1]).reshape(shape)
    return raw < limit[:, None]


def _threshold(p: float) -> int:
    """The exact integer ``p * 2**64`` a raw 64-bit draw is compared with (capped)."""
    return min(int(p * 2.0**64), 2**64 - 1)


def no_loops(mask: np.ndarray) -> None:
    """Clear the diagonal of a square mask in place: ``np.fill_diagonal(mask, False)``
    without its Python-level argument handling, which costs more than the write itself on
    the ten-node masks every sampled and planted graph goes through."""
    mask.flat[:: mask.shape[0] + 1] = False


def _from_mask(mask: np.ndarray, directed: bool) -> Graph:
    """A graph from a Boolean edge mask (upper triangle if undirected) it may keep and freeze."""
    src, dst = np.nonzero(mask)
    g = Graph(mask.shape[0], tuple(zip(src.tolist(), dst.tolist())), directed=directed)
    adjacency = (mask | mask.T) if not directed else mask
    if adjacency.base is not None:
        adjacency = adjacency.copy()
    adjacency.setflags(write=False)
    g.__dict__["adjacency"] = adjacency  # seed the cache
    return g


def sample_digraph(rng: random.Random, n: int, p: float) -> Graph:
    """Directed G(n, p) without self-loops: each ordered pair ``i != j`` is an edge w.p. ``p``."""
    mask = _coins(rng, (n, n), p)
    no_loops(mask)
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

    ``above``, ``below`` and ``top`` are memoised and kept current by ``add`` and ``marry``
    (the only ways the tree changes): constraints ask them at every step of growth, for
    many people, and a fresh walk each time made growing 2,000 people take minutes.
    """

    def __init__(self) -> None:
        self.gen: list[int | None] = []
        self.parents: list[list[int]] = []
        self.children: list[list[int]] = []
        self._forget()

    def __len__(self) -> int:
        return len(self.gen)

    def _forget(self) -> None:
        """Drop every memo (the lists were replaced wholesale)."""
        self._up: dict[int, frozenset[int]] = {}
        self._down: dict[int, frozenset[int]] = {}
        self._top: dict[int, int] = {}  # people with a parent (a spouse's gen is set late)

    def add(self, *parents: int, gen: int | None = None) -> int:
        """A new person: a child of ``parents`` (all one generation), or a founder at ``gen``."""
        if parents:
            top = self.gen[parents[0]]
            # one parent (nearly every call) needs no set built
            mixed = len(parents) > 1 and (any(self.gen[p] != top for p in parents)
                                          or len(set(parents)) != len(parents))
            if top is None or mixed:
                raise ValueError(f"parents {parents} are not distinct people of one generation")
            gen = top + 1
        child = len(self.gen)
        self.gen.append(gen)
        self.parents.append(list(parents))
        self.children.append([])
        for p in parents:
            self.children[p].append(child)
        if self._down:  # a new leaf joins the descendants of its parents' lines only
            grown = [v for v, down in self._down.items()
                     if any(p == v or p in down for p in parents)]
            for v in grown:
                self._down[v] = self._down[v] | {child}
        return child

    def marry(self, child: int, parent: int) -> None:
        """Record ``parent`` as ``child``'s second parent (a spouse takes its generation)."""
        if self.gen[parent] is None:
            self.gen[parent] = self.gen[child] - 1
        self.parents[child].append(parent)
        self.children[parent].append(child)
        # Only the child's line of descent gains ancestors, and only the parent's line of
        # ascent gains descendants.
        lower = _walk(child, self.children) | {child}
        if self._up:
            gained = self.above(parent) | {parent}
            for v in lower.intersection(self._up):
                self._up[v] |= gained
        if self._top:
            high = self.top(parent)
            for v in lower.intersection(self._top):
                self._top[v] = min(self._top[v], high)
        if self._down:
            upper = self.above(parent) | {parent}
            for v in upper.intersection(self._down):
                self._down[v] |= lower

    def kin(self, p: int) -> set[int]:
        """``p`` and its siblings: people a second parent next to ``p`` must not be."""
        return {p} | {c for q in self.parents[p] for c in self.children[q]}

    def above(self, v: int) -> frozenset[int]:
        """Everyone ``v`` descends from (not ``v``)."""
        up = self._up.get(v)
        if up is None:
            up = self._up[v] = frozenset(_walk(v, self.parents))
        return up

    def below(self, v: int) -> frozenset[int]:
        """Everyone descending from ``v`` (not ``v``)."""
        down = self._down.get(v)
        if down is None:
            down = self._down[v] = frozenset(_walk(v, self.children))
        return down

    def top(self, v: int) -> int:
        """The highest generation (smallest number) among ``v`` and its ancestors."""
        if not self.parents[v]:  # a founder: a spouse's generation is set only when it marries
            return self.gen[v]
        todo = [v]  # not recursive: a planted line may be 2,000 generations deep
        while todo:
            u = todo[-1]
            if u in self._top:
                todo.pop()
                continue
            missing = [p for p in self.parents[u] if self.parents[p] and p not in self._top]
            if missing:
                todo.extend(missing)
                continue
            todo.pop()
            self._top[u] = min(self.gen[u], *(self._top.get(p, self.gen[p])
                                              for p in self.parents[u]))
        return self._top[v]

    def grow(
        self,
        rng: random.Random,
        n: int,
        rho: float,
        *,
        can_parent: Callable[[int], bool] = lambda p: True,
        pair_filter: PairFilter = lambda c, peers: peers,
        spouses: tuple[int, int] | None = None,
        slack: bool = False,
        most_spouses: bool = False,
    ) -> bool:
        """Add people until there are ``n``, and second parents until ρ's share is exact.

        New people are children of a random person ``can_parent`` allows, or married-in
        spouses (founders used as second parents). Then second parents are recorded, each
        from the generation above the child, never the first parent or a sibling of it, and
        only those ``pair_filter(child, candidates)`` keeps (it sees a spouse's generation
        set), until as many children have two as ``second_parents(rho, children)`` draws.
        ``can_parent(p)`` must not change as children are added (it is asked once per person).
        ``False`` if that cannot be done (the caller builds another tree). With ``slack``
        (a last resort for trees too small to hold ρ's share at all, e.g. five people who
        must all be in one-parent lines) fewer second parents are also tried, nearest first.
        With ``most_spouses`` the numbers of married-in spouses are tried largest first, not
        in a random order: each spouse is one more founder, for a category whose answer is
        always a founder (ancestor) and whose no-chaining reader picks among them.
        """
        extra = n - len(self.gen)
        kids = sum(1 for ps in self.parents if ps)
        two = sum(1 for ps in self.parents if len(ps) == 2)
        lo, hi = spouses if spouses is not None else (0, extra)
        fits = [k for k in range(lo, min(hi, extra) + 1)
                if second_parents(rho, kids + extra - k)[1] - two >= k]
        if extra < 0:
            return False
        if most_spouses:
            fits.sort(reverse=True)
        else:
            rng.shuffle(fits)
        saved = self._state()
        for k in fits:  # each number of married-in spouses in turn, until one works
            low, high = second_parents(rho, kids + extra - k)
            up = rng.random() < rho * (kids + extra - k) - low
            need = (high if up or low - two < k else low) - two
            for short in range(need - k + 1 if slack else 1):
                if self._grow(rng, extra - k, k, need - short, can_parent, pair_filter):
                    return True
                self._restore(saved)
        return False

    def _state(self) -> tuple[list, list, list]:
        return list(self.gen), [list(ps) for ps in self.parents], [list(cs) for cs in self.children]

    def _restore(self, saved: tuple[list, list, list]) -> None:
        gen, parents, children = saved
        self.gen, self.parents = list(gen), [list(ps) for ps in parents]
        self.children = [list(cs) for cs in children]
        self._forget()

    def _grow(self, rng: random.Random, children: int, spouses: int, need: int,
              can_parent: Callable[[int], bool], pair_filter: PairFilter) -> bool:
        """``grow`` with the numbers fixed: add children and spouses, then second parents.

        The candidates are kept up to date rather than rebuilt from every person at each
        step (only the few children a marriage touches get new ones), and drawn from in the
        same order as the full list of (child, second parent) pairs, which is never built
        (the draws index it, so output stays byte-identical).
        """
        pool = [v for v, g in enumerate(self.gen) if g is not None and can_parent(v)]
        for _ in range(children):
            if not pool:
                return False
            c = self.add(pool[rng.randrange(len(pool))])
            if can_parent(c):
                pool.append(c)
        for u in [self.add() for _ in range(spouses)]:
            single = [c for c, ps in enumerate(self.parents) if len(ps) == 1
                      and self._try(c, u, pair_filter)]
            if not single:
                return False
            self.marry(single[rng.randrange(len(single))], u)
        if need <= spouses:  # no second parent left to record: no candidates to list
            return True
        single = [c for c, ps in enumerate(self.parents) if len(ps) == 1]
        level: dict[int | None, list[int]] = {}  # people by generation (every spouse placed)
        for v, g in enumerate(self.gen):
            level.setdefault(g, []).append(v)
        peers = {c: self._peers(c, level) for c in single}
        for _ in range(need - spouses):
            fits = [(c, ps) for c in single if (ps := pair_filter(c, peers[c]))]
            ends = list(accumulate(len(ps) for _, ps in fits))  # where each child's pairs end
            if not ends:
                return False
            r = rng.randrange(ends[-1])  # the r-th pair of the full list, found child by child
            i = bisect_right(ends, r)
            c, ps = fits[i]
            p = ps[r - (ends[i - 1] if i else 0)]
            self.marry(c, p)
            single.remove(c)
            del peers[c]
            for d in self._touched(c, p).intersection(peers):
                peers[d] = self._peers(d, level)
        return True

    def _try(self, c: int, u: int, pair_filter: PairFilter) -> bool:
        """Whether spouse ``u`` (no generation yet) may be ``c``'s second parent."""
        self.gen[u] = self.gen[c] - 1
        ok = bool(pair_filter(c, [u]))
        self.gen[u] = None
        return ok

    def _peers(self, c: int, level: dict[int | None, list[int]]) -> list[int]:
        """Possible second parents of one-parent ``c``: its parent's generation, not kin.

        Not the parent's sibling, and not a parent of anyone ``c`` has a child with (that
        would make a couple siblings). ``level`` lists the people of each generation.
        """
        (p,) = self.parents[c]
        kin = self.kin(p)
        partners = {q for d in self.children[c] for q in self.parents[d] if q != c}
        if not partners:
            return [q for q in level[self.gen[p]] if q not in kin]
        return [q for q in level[self.gen[p]] if q not in kin
                and not partners.intersection(self.children[q])]

    def _touched(self, c: int, p: int) -> set[int]:
        """Whose ``_peers`` may have changed now that ``p`` is ``c``'s second parent.

        The grandchildren of ``p`` (their parent has new siblings), ``c``'s first parent
        and ``p`` (a new partner each), and ``c``'s partners (``p`` is now their partner's
        parent). No one else's generation, parents' children or partners changed.
        """
        touched = {self.parents[c][0], p}
        touched.update(d for s in self.children[p] for d in self.children[s])
        touched.update(q for d in self.children[c] for q in self.parents[d] if q != c)
        return touched

    def graph(self, rng: random.Random) -> tuple[Graph, list[int]]:
        """The tree as a ``Graph`` and the map old -> new ids.

        Nodes are numbered in a random topological order (every parent before its children),
        so an id says nothing about how the tree was planted.
        """
        placed: list[int] = []
        left = [len(ps) for ps in self.parents]  # parents not placed yet (parents are distinct)
        ready = [v for v, k in enumerate(left) if not k]
        while ready:
            v = ready.pop(rng.randrange(len(ready)))
            placed.append(v)
            for c in self.children[v]:  # ready once v was its last parent left to place
                left[c] -= 1
                if not left[c]:
                    ready.append(c)
        new = [0] * len(placed)
        for i, v in enumerate(placed):
            new[v] = i
        edges = sorted((new[c], new[p]) for c in range(len(placed)) for p in self.parents[c])
        return Graph(len(placed), tuple((p, c) for c, p in edges)), new


def co_parents_are_siblings(a: np.ndarray) -> bool:
    """Whether some child's two parents share a parent (adjacency ``a``, parent -> child):
    never so in a grown tree (``Family.grow``), so a parent swap must not make it so."""
    for c in np.flatnonzero(a.sum(0) == 2):
        p, q = np.flatnonzero(a[:, c])
        if (a[:, p] & a[:, q]).any():
            return True
    return False


def _walk(v: int, links: list[list[int]]) -> set[int]:
    """Everyone reached from ``v`` along ``links`` (parents or children), not ``v``."""
    out: set[int] = set()
    todo = list(links[v])
    while todo:
        u = todo.pop()
        if u not in out:
            out.add(u)
            todo.extend(links[u])
    return out


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
    no_loops(mask)
    return _from_mask(mask, directed=True)
