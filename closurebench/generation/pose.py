"""seed -> graph -> query -> answer: the structural half of an instance.

Everything here is a pure function of the structural seed and the axes; the surface (labels,
domain, style, encoding) is applied afterwards in ``records``, and ``instances`` joins the
two. Independent streams are derived
for n, density, the graph and the query, so changing the n range leaves every density draw
unchanged and vice versa.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

import numpy as np

from closurebench.categories import Category, Target, get
from closurebench.categories._values import hop_buckets
from closurebench.categories.gralgo._common import edge_count
from closurebench.errors import UnposableCell, UnposableQuery
from closurebench.generation import twins
from closurebench.generation.sensitivity import query_sensitive
from closurebench.generation.settle import settle_links
from closurebench.graph import seeds
from closurebench.graph import tensor as T
from closurebench.graph.families import (
    Graph,
    perturb,
    sample_digraph,
    sample_family,
    sample_undirected,
)
from closurebench.graph.nullmodel import (
    camouflage,
    family_move,
    generations,
    renumbered,
    rewire,
    undirected_move,
    view,
    view_move,
    view_walk,
)
from closurebench.graph.real import sample_real

__all__ = ["Posed", "answer_hops", "draw_hops", "pose", "structural_seed", "surface_seed"]

#: Constructions (or sampled graphs) tried before the cell is declared unable to carry one.
MAX_TRIES = 200
#: Tries after which a constructor draws its value freely instead of at the stratified
#: quantile (a spread goal, not a rule): in the smallest cells every shape of some values
#: falls in one structural half, and a retry at the same quantile keeps asking for one. In
#: 0.2.1, 17 of 80 (seed, half) configs of seeds 800-879 failed so, mostly at n = 4 or 6.
FREE_AFTER = MAX_TRIES // 2
#: Queries proposed on one sampled graph before sampling another (categories without
#: ``construct``).
QUERY_TRIES = 16
#: Instances per stratification block: within each block of consecutive indices of a category,
#: the uniforms that pick n, the hop bucket and the answer value take each tenth of [0, 1)
#: once, in a hashed order (and successive blocks fill each tenth evenly: ``strata``).
STRATUM = 10
#: Share of query-insensitive candidates (every other x gives the same answer) that are
#: redrawn, from their own stream. Not all: in the smallest deep cells (x at the top of a
#: chain through every node) nearly every shape is insensitive, and the cell must still be
#: posable, so only the first ``REDRAW_TRIES`` candidates are redrawn. Checked up to
#: ``SENSITIVE_N`` nodes; larger graphs are rarely insensitive.
INSENSITIVE_REDRAW = 0.7
REDRAW_TRIES = MAX_TRIES // 4
SENSITIVE_N = 64
#: Least hop depth of a path between two query nodes (``Category.pair_path``: a "yes" of
#: reachability, same_scc and the yes/no part of multi_query and conditional; the nearer
#: target of path_and_compare), wherever the config's hops axis and n allow it. Such a path
#: of one or two edges (x -> y, or x -> s -> y) lies on edges at query nodes, which a reader
#: sees without chaining and no view-keeping move may touch: a share s of them lets a view
#: reader score 1/2 + s/2. From 0.3.1 every one needs three hops or more
#: (``docs/audit-and-floors.md``, "Hop design").
DEEP_PAIR_HOPS = 3
#: Marks a query without a unique answer in the per-graph cache of ``pose``.
_UNPOSABLE = object()
#: The key of a balanced category's answer on the side the target does not want.
_OTHER_SIDE = object()


@dataclass(frozen=True)
class Posed:
    """A graph (or pair), a query, its tensor-engine answer (integer node ids) and hop depth."""

    category: Category
    n: int
    density: float
    graph: Any
    query: dict[str, Any]
    answer: Any
    hops: int | None = None


def structural_seed(seed: int, category: str, j: int) -> int:
    """Seed of instance ``j`` of a category. Its lowest bit is the balanced target answer.

    Consecutive pairs (2i, 2i+1) get opposite target bits in a hashed order, so any even count
    of a boolean category is exactly half true, and the target is still readable from the
    instance's own seed.
    """
    base = seeds.derive("structural", seed, category, j)
    return (base & ~1) | (_balance_flip(seed, category, j // 2) ^ (j & 1))


@lru_cache(maxsize=1024)
def _balance_flip(seed: int, category: str, pair: int) -> int:
    """The hashed target bit of pair ``pair``: both instances of a pair read it, so it is
    hashed once per pair when they are generated in one process."""
    return seeds.derive("balance", seed, category, pair) & 1


def surface_seed(seed: int, category: str, j: int) -> int:
    """Seed of instance ``j``'s surface realisation (independent of the structural seed)."""
    return seeds.derive("surface", seed, category, j)


def _sample(family: str, rng: random.Random, n: int, rho: float) -> Any:
    if family == "digraph":
        return sample_digraph(rng, n, rho)
    if family == "undirected":
        return sample_undirected(rng, n, rho)
    if family == "family":
        return sample_family(rng, n, rho)
    before = sample_digraph(rng, n, rho)
    return before, perturb(rng, before, rho)


@dataclass(frozen=True)
class Strata:
    """Stratified uniforms in [0, 1) for one instance's n, hop bucket and answer value."""

    n: float
    hops: float
    value: float


def strata(seed: int, category: str, j: int, side: bool | None = None) -> Strata:
    """The uniforms of instance ``j``: in each block of ``STRATUM`` consecutive instances of a
    category, each axis takes one value from each tenth of [0, 1), in a hashed order; the
    b-th visit to a tenth lands at the b-th van der Corput point inside it (0, 1/2, 1/4,
    3/4, ...), rotated by a hashed shift.

    Independent draws leave a 50-instance split with ±7 points of noise on every share (a count
    value, an n − k rule); stratifying n, the hop bucket and the constructors' value draw keeps
    a split's spread at its design. 0.2.1 placed each visit at random inside its tenth, which
    left the five visits of a 50-instance split free to bunch: with van der Corput points any
    number of blocks covers each tenth evenly (seeds of 40 meeting every target at 50 per
    category: 4 before, 9 with this alone). Instance j still needs only (seed, category, j),
    and a longer config keeps the shorter one's uniforms.

    A balanced category's two answer sides are built differently (conditional counts only on
    its "true" side), so each ``side`` is stratified on its own over the pair index j // 2
    (pair i holds one instance of each side): 25 "true" instances of a 50-instance split then
    cover their design as evenly as 25 instances of an unbalanced category.
    """
    if side is not None:
        category, j = f"{category}:{'true' if side else 'false'}", j // 2
    block, pos = divmod(j, STRATUM)
    visit = _radical_inverse(block)  # the same point on every axis
    out = []
    for axis in ("n", "hops", "value"):
        tenth = _block_order(axis, seed, category, block)[pos]
        out.append((tenth + (visit + _shift(axis, seed, category, tenth)) % 1.0) / STRATUM)
    return Strata(*out)


def _radical_inverse(b: int) -> float:
    """The base-2 van der Corput point of ``b`` (0, 1/2, 1/4, 3/4, 1/8, ...): where the b-th
    visit to a tenth lands inside it, so any number of blocks spreads evenly over the tenth."""
    x, scale = 0.0, 0.5
    while b:
        b, bit = divmod(b, 2)
        x += bit * scale
        scale /= 2
    return x


@lru_cache(maxsize=4096)
def _shift(axis: str, seed: int, category: str, tenth: int) -> float:
    """A random rotation of one tenth's van der Corput points (same for every block)."""
    return seeds.rng("jitter", axis, seed, category, tenth).random()


@lru_cache(maxsize=4096)
def _block_order(axis: str, seed: int, category: str, block: int) -> tuple[int, ...]:
    """The hashed order of one axis's ten strata in one block; the ten instances of the block
    share it, so it is worked out once."""
    return tuple(seeds.rng("strata", axis, seed, category, block).sample(range(STRATUM), STRATUM))


def draw_axes(
    sseed: int, n_range: tuple[int, int], density: tuple[float, float], u: float | None = None
) -> tuple[int, float]:
    """n and rho from their own streams: uniform integer n (at quantile ``u`` when stratified),
    uniform rho rounded to 4 places."""
    n = seeds.rng("n", sseed).randint(*n_range) if u is None else \
        n_range[0] + _n_stretch(u, n_range)[0]
    lo, hi = density
    rho = round(lo + (hi - lo) * seeds.rng("density", sseed).random(), 4) if hi > lo else lo
    return n, min(max(rho, lo), hi)


def draw_hops(sseed: int, cat: Category, n: int, hops: tuple[int, int | None],
              u: float | None = None) -> tuple[int, int] | None:
    """The hop-depth range instance ``sseed`` must meet, from its own stream.

    Buckets 1, 2 and ≥ 3 (up to ``cat.max_hops(n)``), clipped to the config's hops axis and
    weighted by ``HOPS_WEIGHTS``; ``None`` for categories that do not chain edges.
    """
    if not cat.chains:
        return None
    return hop_bucket(cat, n, hops, seeds.rng("hops", sseed).random() if u is None else u)[0]


def hop_bucket(cat: Category, n: int, hops: tuple[int, int | None], u: float
               ) -> tuple[tuple[int, int], float]:
    """The hop bucket at quantile ``u`` (as ``draw_hops``), and where ``u`` sits inside it."""
    lo = hops[0]
    hi = min(cat.max_hops(n), hops[1] if hops[1] is not None else n)
    if lo > hi:
        raise UnposableCell(
            f"{cat.id} cannot carry hops >= {lo} at n={n} (at most {cat.max_hops(n)}); "
            f"lower hops_min or raise n_min"
        )
    buckets = hop_buckets(hi, lo, cat.hop_weights)
    u *= sum(w for _, w in buckets)
    chosen, rest = buckets[-1]
    for span, w in buckets:
        if u < w:
            chosen, rest = span, w
            break
        u -= w
    return (max(chosen[0], lo), min(chosen[1], hi)), min(max(u / rest, 0.0), 1.0 - 1e-12)


def _within(u: float, n_range: tuple[int, int]) -> float:
    """Where the stratified uniform ``u`` that picked n sits inside n's stretch of [0, 1).

    Why: a value whose weights depend on n (a set can hold at most n - 2) drawn from its own
    uniform is paired with n at random, and that pairing keeps the full noise of each value's
    share. Drawn at its position inside n's stretch, the value is as evenly spread within
    every n as the n uniforms are (``strata``), so its share follows its design.
    """
    return _n_stretch(u, n_range)[1]


def _n_stretch(u: float, n_range: tuple[int, int]) -> tuple[int, float]:
    """Which of n_range's stretches of [0, 1) ``u`` falls in (from 0), and how far inside."""
    k = n_range[1] - n_range[0] + 1
    i = min(int(u * k), k - 1)
    return i, u * k - i


def _answer(cat: Category, graph: Any, query: dict[str, Any]) -> Any:
    """The tensor program's answer, or ``_UNPOSABLE`` if the query has no unique answer."""
    try:
        return cat.tensor_program(graph, query)
    except UnposableQuery:
        return _UNPOSABLE


#: ``answer_hops`` tries every k up to this one; beyond it (large graphs only) it bisects.
HOPS_SCAN = 16


def answer_hops(cat: Category, graph: Any, query: dict[str, Any], answer: Any) -> int | None:
    """The smallest k for which the k-hop reader (every closure cut at k edges) is right.

    Runs the category's own tensor program under ``tensor.hop_limit(k)``; ``None`` for
    categories that do not chain edges. Every k up to ``HOPS_SCAN`` is tried in turn (every
    graph of the default axes, n <= 10, is decided there exactly); past it, a deep answer on
    a large graph (a family line 1,800 generations long at n = 2,000) is found by bisection,
    taking "right at k" to stay right for larger k once every chain the answer needs fits.
    """
    if not cat.chains:
        return None
    n = (graph[0] if isinstance(graph, tuple) else graph).n

    def right(k: int) -> bool:
        with T.hop_limit(k):
            got = _answer(cat, graph, query)
        return got is not _UNPOSABLE and got == answer

    for k in range(1, min(n, HOPS_SCAN + 1)):
        if right(k):
            return k
    if n <= HOPS_SCAN + 1:
        return n
    lo, hi = HOPS_SCAN, n  # wrong at lo; right at n (the full closure)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if right(mid) else (mid, hi)
    return hi


#: Largest n whose constructed link counts are settled (``Category.settle_links``): GrAlgoBench's
#: s1-s3. Past it, answer-preserving moves cost up to seconds per instance (a small k-core
#: cannot carry s6's link count at all), and the learned gaps there were 0-10 points.
SETTLE_MAX_N = 50

#: Categories built view first (``graph.nullmodel``): the constructor's graph only draws the
#: target (answer and hop depth); the instance is a G(n, ρ) view rewired to give it.
VIEW_FIRST: frozenset[str] = frozenset(
    c for c in os.environ.get("CLOSUREBENCH_VIEW_FIRST", "").split(",") if c)
#: Views tried per target, and swaps per view, before the target is given up (counted).
VIEW_TRIES = 12
VIEW_STEPS = 150
VIEW_SETTLE = int(os.environ.get("CLOSUREBENCH_VIEW_SETTLE", "20"))
#: Whether every edge at a query node is part of the view (else only the edges among query
#: nodes, the query nodes' degrees and their shared neighbours' counts are).
VIEW_SOURCE = os.environ.get("CLOSUREBENCH_VIEW_SOURCE", "planted")
VIEW_CAMOUFLAGE = os.environ.get("CLOSUREBENCH_VIEW_CAMOUFLAGE", "1") == "1"
VIEW_PLACE = os.environ.get("CLOSUREBENCH_VIEW_PLACE", "0") == "1"
VIEW_DEEP = float(os.environ.get("CLOSUREBENCH_VIEW_DEEP", "0.5"))
VIEW_READERS = os.environ.get("CLOSUREBENCH_VIEW_READERS", "1") == "1"
VIEW_PINNED = os.environ.get("CLOSUREBENCH_VIEW_PINNED", "") == "1"
#: Candidates after which a target no view reached falls back to its planted graph.
VIEW_FALLBACK_AFTER = 5
#: What the view-first search did: targets, hits, views tried, misses, distance evaluations.
VIEW_STATS: Counter[str] = Counter()


def _placed(cat: Category, rng: random.Random, n: int, want: Any, q_star: dict[str, Any],
            query: dict[str, Any]) -> Any:
    """The target answer placed on the view's nodes: a query node stays that query node,
    every other node of a node or set answer becomes a uniformly drawn non-query node, so
    which nodes answer is independent of everything the view shows."""
    if cat.answer not in ("label", "labels"):
        return want
    roles = {q_star[k]: query[k] for k in cat.node_keys}
    free = [v for v in range(n) if v not in roles.values()]
    rng.shuffle(free)
    nodes = [want] if cat.answer == "label" else list(want)
    out = []
    for v in nodes:
        out.append(roles[v] if v in roles else free.pop())
    return out[0] if cat.answer == "label" else set(out)


def _key_distance(cat: Category, got: Any, want: Any) -> float:
    """How far answer ``got`` is from target ``want`` in what the design fixes: the value of
    a yes/no, count or number, the size of a set, nothing of which node (hops decide)."""
    if cat.answer in ("boolean", "integer"):
        return abs(int(got) - int(want))
    if cat.answer == "number":
        return 0.0 if got == want else 1.0 + min(abs(float(got) - float(want)), 4.0)
    if cat.answer == "labels":
        return len(set(got) ^ want) if isinstance(want, set) else abs(len(got) - len(want))
    if cat.answer == "label" and VIEW_PLACE:
        return float(got != want)
    if isinstance(want, dict):  # the yes/no fields: degrees of query nodes are the view's
        return sum(got[k] != want[k] for k in want if isinstance(want[k], bool))
    return 0.0


VIEW_POOL_SHARE = 0.5


@lru_cache(maxsize=64)
def _view_pool_of(cat_id: str) -> tuple[Category, ...]:
    from closurebench.categories import CATEGORIES

    cat = CATEGORIES[cat_id]
    return tuple(c for c in CATEGORIES.values() if c.id != cat.id and c.family == "digraph"
                 and c.construct is not None and c.chains and c.n_floor <= cat.n_floor)


def _view_pool(cat: Category) -> tuple[Category, ...]:
    """Other categories whose constructors draw single digraphs at any n this one uses."""
    return _view_pool_of(cat.id)


def _adopt(cat: Category, rng: random.Random, n: int, q_star: dict[str, Any],
           theirs: dict[str, Any], maker: Category) -> dict[str, Any] | None:
    """This category's query on a view another constructor built: its query nodes in their
    roles (x, then y, ...), distinct random nodes for roles it has not, the parameters of
    this instance."""
    if maker is cat:
        return theirs
    nodes = [theirs[k] for k in maker.node_keys]
    rest = [v for v in range(n) if v not in nodes]
    rng.shuffle(rest)
    query = dict(q_star)
    for i, k in enumerate(cat.node_keys):
        if i < len(nodes):
            query[k] = nodes[i]
        elif rest:
            query[k] = rest.pop()
        else:
            return None
    return query


class _Calls:
    """A ``tensor.substitute`` view that counts the chained relations a program asks for and
    cuts call ``cut`` (if any) at ``k`` hops, leaving every other call whole."""

    CUTTABLE = ("reach", "coreach", "distances", "generations_above")

    def __init__(self, cut: int = -1, k: int = 1) -> None:
        self.cut, self.k, self.seen = cut, k, 0

    def __call__(self, name: str, a: Any, arg: Any) -> Any:
        i = self.seen
        self.seen += 1
        if i != self.cut or name not in self.CUTTABLE:
            return None
        with T.substitute(None), T.hop_limit(self.k):
            return getattr(T, name)(a, arg)


#: Chained relations of one program whose own depth ``_call_depths`` measures.
CALLS_MAX = 3


def _call_depths(cat: Category, g: Any, query: dict[str, Any], answer: Any) -> list[int]:
    """For each chained relation the program computes (the first ``CALLS_MAX``), the fewest
    hops it alone must chain for the program to give ``answer`` (the others whole)."""
    count = _Calls()
    with T.substitute(count):
        _answer(cat, g, query)
    n = g.n
    out = []
    for i in range(min(count.seen, CALLS_MAX)):
        for k in range(1, n):
            with T.substitute(_Calls(i, k)):
                if _answer(cat, g, query) == answer:
                    break
        else:
            k = n
        out.append(k)
    return out


def _fooled(cat: Category, g: Any, query: dict[str, Any], answer: Any) -> list[bool]:
    """For each of the category's own shortcut readers, whether it misses ``answer``."""
    out = []
    for reader in cat.shortcuts.values():
        try:
            got = reader(g, query)
        except (UnposableQuery, ValueError, IndexError, KeyError, TypeError):
            out.append(True)
            continue
        if cat.answer == "labels":
            out.append(sorted(got) != sorted(answer))
        else:
            out.append(got != answer)
    return out


def _view_target(cat: Category, rng: random.Random, n: int) -> Target:
    """A target drawn on its own, for the constructor that draws a view: an answer side, a
    hop bucket and a value quantile that have nothing to do with the instance's."""
    want = (rng.random() < 0.5) if cat.balance is not None else None
    span = None
    if cat.chains and want is not False:
        span = hop_bucket(cat, n, (1, None), rng.random())[0]
    return Target(hops=span, want=want, quantile=rng.random(), decoy=True)


def _shared(edges: Any, q_nodes: list[int]) -> list[int]:
    """The query pairs' shared successors and predecessors (features a reader sees)."""
    succ: dict[int, set[int]] = {s: set() for s in q_nodes}
    pred: dict[int, set[int]] = {s: set() for s in q_nodes}
    for u, v in edges:
        if u in succ:
            succ[u].add(v)
        if v in pred:
            pred[v].add(u)
    return [len(m[s] & m[t]) for i, s in enumerate(q_nodes) for t in q_nodes[i + 1:]
            for m in (succ, pred)]


def _view_first(cat: Category, rng: random.Random, n: int, rho: float, target: Target,
                built: tuple[Any, dict[str, Any]]) -> tuple[Any, dict[str, Any]] | None:
    """The constructor's answer and hop depth, realised on a view drawn without them.

    The view (degrees, the query and its nodes' neighbourhoods) is another constructed
    instance, built for a target drawn on its own (``_view_target``): the family's graphs
    at this n and ρ, as every answer needs them, whichever answer this instance has. Swaps
    then move it to this instance's answer and hop depth (``nullmodel.rewire``)."""
    g_star, q_star = built
    want = _answer(cat, g_star, q_star)
    if want is _UNPOSABLE or not cat.accept(want, g_star):
        return None
    hops = answer_hops(cat, g_star, q_star, want)
    # Which of the category's own shortcut readers the constructor fooled: part of the
    # target, so a view-first instance fools the same ones (0.2.3's floors hold by design).
    fooled = _fooled(cat, g_star, q_star, want)
    VIEW_STATS["targets"] += 1
    for _ in range(VIEW_TRIES):
        VIEW_STATS["views"] += 1
        if VIEW_SOURCE == "gnp":
            query = q_star
            q_nodes = [query[k] for k in cat.node_keys]
            edges = view(rng, n, rho, q_nodes, min_edges=len(g_star.edges))
        else:
            maker = cat
            if VIEW_SOURCE == "pool" and rng.random() < VIEW_POOL_SHARE:
                pool = _view_pool(cat)
                maker = pool[rng.randrange(len(pool))] if pool else cat
            other = maker.construct(rng, n, rho, _view_target(maker, rng, n))
            if other is None:
                continue
            g_view, theirs = other
            query = _adopt(cat, rng, n, q_star, theirs, maker)
            if query is None:
                continue
            q_nodes = [query[k] for k in cat.node_keys]
            edges = list(g_view.edges)
            if VIEW_CAMOUFLAGE and isinstance(g_view, Graph) and g_view.directed:
                hit = np.zeros(n, dtype=bool)
                for s in q_nodes:
                    hit |= T.reach(g_view.adjacency, s)
                hit[q_nodes] = True
                edges = camouflage(rng, n, rho, edges, np.flatnonzero(~hit).tolist())
        seen = _shared(edges, q_nodes)
        aim = _placed(cat, rng, n, want, q_star, query) if VIEW_PLACE else want

        deep = [rng.random() < VIEW_DEEP for _ in range(CALLS_MAX)] \
            if hops is not None and hops >= 2 and VIEW_DEEP > 0 else None

        def distance(edges: list[tuple[int, int]], query=query, q_nodes=q_nodes,
                     seen=seen, deep=deep, aim=aim) -> float:
            off = sum(abs(a - b) for a, b in zip(_shared(edges, q_nodes), seen))
            g = Graph(n, tuple(edges))
            got = _answer(cat, g, query)
            if got is _UNPOSABLE:
                return 50.0
            d = _key_distance(cat, got, aim)
            if not cat.accept(got, g):
                d += 1
            if cat.balance is not None and target.want is not None \
                    and cat.balance(got) != target.want:
                d += 1
            if d > 0:
                return 4 * d + 2 + off
            if VIEW_READERS:
                off += sum(a != b for a, b in zip(_fooled(cat, g, query, got), fooled))
            if hops is None:
                return off
            off += abs(answer_hops(cat, g, query, got) - hops)
            if deep is not None and off == 0:
                # every chained relation the answer uses needs its own depth, not only the
                # deepest: a one-hop y in R(x) - R(y) would let "not y's successor" read it
                depths = _call_depths(cat, g, query, got)
                if len(depths) > 1:
                    off += sum(1 for d, want_deep in zip(depths, deep) if want_deep and d < 2)
            return float(off)

        found, evals = rewire(rng, edges, q_nodes, distance, VIEW_STEPS, VIEW_SETTLE,
                              pinned=VIEW_PINNED)
        VIEW_STATS["evals"] += evals
        if found is not None:
            VIEW_STATS["hits"] += 1
            return Graph(n, tuple(found)), query
    VIEW_STATS["misses"] += 1
    return None


#: Yes/no categories built from open views (``_open_view``). Env
#: ``CLOSUREBENCH_OPEN_VIEWS`` overrides ("" for none).
OPEN_VIEWS: frozenset[str] = frozenset(
    c for c in os.environ.get("CLOSUREBENCH_OPEN_VIEWS", "").split(",") if c)
#: Fewest nodes at which views open often enough to draw from them (``audit.views``: at
#: n = 4-5 almost none does); below it these categories are planted as before.
OPEN_N = 6
#: View-keeping moves per walk, and walks (plantings) before a cell falls back to planting.
OPEN_WALK = int(os.environ.get("CLOSUREBENCH_OPEN_WALK", "60"))
OPEN_TRIES = MAX_TRIES // 2


def _open_view(cat: Category, rng: random.Random, n: int, rho: float, target: Target
               ) -> tuple[Any, dict[str, Any]] | None:
    """A yes/no instance whose view (every degree, every edge at a query node) admits both
    answers, so no function of the view is right more than half the time.

    The planted side is a coin of its own, not the target: an instance planted for it, then
    a walk of view-keeping moves (``nullmodel.view_walk``, never an edge at a query node)
    to a graph with the other answer (a "yes" on the target's hop bucket). Of the two, the
    one with the target answer is returned: each view is drawn from both sides' plantings
    alike and carries either answer with the same chance. ``None`` when the walk finds no
    other answer (a decided view) or the constructor misses; the caller draws again."""
    side = rng.random() < 0.5
    span = target.hops if target.want else None
    if side and span is None and cat.chains:
        span = hop_bucket(cat, n, (1, None), rng.random())[0]
    built = cat.construct(rng, n, rho, replace(target, want=side, hops=span if side else None))
    if built is None:
        return None
    g, query = built
    first = _answer(cat, g, query)
    if first is _UNPOSABLE or bool(first) != side:
        return None
    for step, have in view_walk(rng, g.edges, {query[k] for k in cat.node_keys}, OPEN_WALK):
        other = Graph(n, tuple(sorted(have)))
        got = _answer(cat, other, query)
        if got is _UNPOSABLE or bool(got) == side:
            continue
        if got and target.hops is not None and side != target.want:
            lo, hi = target.hops
            if not lo <= answer_hops(cat, other, query, got) <= hi:
                continue
        VIEW_STATS["open"] += 1
        VIEW_STATS["open_steps"] += step
        return (g, query) if side == target.want else (other, query)
    VIEW_STATS["decided"] += 1
    return None


#: Categories built blind (``_blind``), from release 0.3.0 on: every digraph and family-tree
#: category whose answer the view does not fix. Env ``CLOSUREBENCH_BLIND`` overrides (a comma
#: list, ``all``, or ``none`` for the planted construction of 0.2.x: an experiment, not a
#: release).
BLIND_ALL = ("reachability", "same_scc", "negative_reachability", "set_intersection",
             "set_difference", "reach_then_count", "reach_then_filter",
             "triangle_in_subgraph", "path_and_compare", "scc_then_count",
             "intersect_then_size", "multi_query", "conditional", "aggregate_over_set",
             "chain_of_filters", "mixed_domain", "degree_then_reach",
             # undirected, by double-edge swaps (``nullmodel.undirected_move``)
             "triangle_count",
             # family trees, by parent swaps within a generation (``nullmodel.family_move``);
             # cousin (like sibling) is built as contrast pairs from 0.3.3 (its module says why)
             "ancestor", "kinship_chain", "kinship_complex")
_blind_env = os.environ.get("CLOSUREBENCH_BLIND", "all")
BLIND: frozenset[str] = frozenset(
    BLIND_ALL if _blind_env == "all" else [c for c in _blind_env.split(",") if c != "none"])
#: View-keeping moves per decoy, and decoys before a cell falls back to planting.
BLIND_WALK = int(os.environ.get("CLOSUREBENCH_BLIND_WALK", "15"))
BLIND_TRIES = int(os.environ.get("CLOSUREBENCH_BLIND_TRIES", "40"))
BLIND_SETTLE = int(os.environ.get("CLOSUREBENCH_BLIND_SETTLE", "30"))
BLIND_CAMOUFLAGE = os.environ.get("CLOSUREBENCH_BLIND_CAMOUFLAGE", "1") == "1"



def _answer_key(cat: Category, query: dict[str, Any], answer: Any) -> Any:
    """What a target fixes of an answer: the value itself, a set's size, a node's role
    (which query node it is, or none of them): the rest is left to the walk."""
    if cat.answer == "labels":
        return len(answer)
    if cat.answer == "label":
        return next((k for k in cat.node_keys if query.get(k) == answer), "other")
    if isinstance(answer, dict):
        return tuple(sorted(answer.items()))
    return answer


def _frozen(answer: Any) -> Any:
    """An answer as a hashable value (a set's members in order)."""
    if isinstance(answer, (list, tuple, set, frozenset)):
        return tuple(sorted(answer))
    if isinstance(answer, dict):
        return tuple(sorted(answer.items()))
    return answer


def _key_gap(want: Any, got: Any) -> float:
    """How far a key is from the wanted one: a number's distance, else 0 or 1."""
    if got == want:
        return 0.0
    if isinstance(want, (int, float)) and isinstance(got, (int, float)) \
            and not isinstance(want, bool) and not isinstance(got, bool):
        return float(abs(got - want))
    return 1.0


def _blind_key(cat: Category, rng: random.Random, n: int, rho: float, target: Target) -> Any:
    """The key of the target's answer, from the constructor built for the target (a yes/no
    target is its own key); ``_UNPOSABLE`` if no build gave one."""
    if target.want is not None and cat.answer == "boolean":
        return target.want
    for _ in range(BLIND_TRIES):
        real = cat.construct(rng, n, rho, target)
        if real is not None:
            got = _answer(cat, *real)
            if got is not _UNPOSABLE:
                return _answer_key(cat, real[1], got)
    return _UNPOSABLE


def _blind(cat: Category, rng: random.Random, n: int, rho: float, target: Target,
           want_key: Any) -> tuple[Any, dict[str, Any]] | None:
    """An instance whose view (every degree, every edge at a query node) was drawn for
    another answer and admits more than one: the open-view construction, for every answer
    type.

    The target's key (``_answer_key``: a value, a set's size, a node's role) comes from the
    constructor built for the target (``_blind_key``). The view comes from a *decoy*: the
    constructor built for a target drawn on its own (``_view_target``), its unreached nodes
    linked among themselves (``nullmodel.camouflage``: otherwise they are the sources). A
    walk of view-keeping moves (``nullmodel.view_move``, never an edge at a query node), each
    kept unless it takes the key further from the target's, looks for a graph with the
    target's key and hop bucket, and for one with another key (the view is open). It then
    walks on inside the target's key (``BLIND_SETTLE`` moves), so which nodes answer is the
    walk's, not the decoy's planting. Whatever the planting leaves in a view tells the
    decoy's answer, which is independent of the target's; a view that fixes its answer is
    never emitted."""
    decoy = cat.construct(rng, n, rho, _view_target(cat, rng, n))
    if decoy is None:
        return None
    g, query = decoy
    q_nodes = [query[k] for k in cat.node_keys] if cat.view_nodes is None \
        else list(cat.view_nodes(g, query))
    if cat.family == "family":  # parent swaps within a generation: still a family tree
        gen = generations(n, g.edges)

        def move(free: list, have: set) -> bool:
            return family_move(rng, free, have, gen)
    elif cat.family == "undirected":
        def move(free: list, have: set) -> bool:
            return undirected_move(rng, free, have)
    else:
        def move(free: list, have: set) -> bool:
            return view_move(rng, free, have)
    # (not where the degrees pick the view's nodes: new edges could pick another)
    if BLIND_CAMOUFLAGE and q_nodes and cat.family == "digraph" and cat.view_nodes is None:
        hit = np.zeros(n, dtype=bool)
        for s in q_nodes:
            hit |= T.reach(g.adjacency, s)
        hit[q_nodes] = True
        g = Graph(n, tuple(camouflage(rng, n, rho, g.edges, np.flatnonzero(~hit).tolist())))

    def keyed(graph: Any) -> Any:
        got = _answer(cat, graph, query)
        if got is _UNPOSABLE:
            return _UNPOSABLE
        if target.want is not None and cat.balance is not None \
                and cat.balance(got) != target.want:
            return _OTHER_SIDE, got  # the other side of a balanced category: another key
        return _answer_key(cat, query, got), got

    def deep_enough(graph: Any, got: Any) -> bool:
        if target.hops is None:
            return True
        lo, hi = target.hops
        return lo <= answer_hops(cat, graph, query, got) <= hi

    def reached(graph: Any) -> bytes:
        hit = np.zeros(n, dtype=bool)
        for s in q_nodes:
            hit |= T.reach(graph.adjacency, s)
        return hit.tobytes()

    decoy_set = reached(g) if cat.blind_moves_set else None

    def moved_set(graph: Any) -> bool:  # ``Category.blind_moves_set``
        return decoy_set is None or reached(graph) != decoy_set

    pinned = set(q_nodes)
    have = set(g.edges)
    free = [e for e in g.edges if e[0] not in pinned and e[1] not in pinned]
    if len(free) < 2:
        return None
    first = keyed(g)
    if first is _UNPOSABLE:
        return None
    gap = _key_gap(want_key, first[0])
    seen = {_frozen(first[1])}  # the view is open once it has given two answers
    hit_graph = g if gap == 0 and deep_enough(g, first[1]) and moved_set(g) else None
    moves = tries = 0
    while moves < BLIND_WALK and tries < 4 * BLIND_WALK and (hit_graph is None or len(seen) < 2):
        tries += 1
        keep_have, keep_free = set(have), list(free)
        if not move(free, have):
            continue
        moves += 1
        moved = Graph(n, tuple(sorted(have)), directed=g.directed)
        got = keyed(moved)
        new_gap = 1e9 if got is _UNPOSABLE else _key_gap(want_key, got[0])
        if got is not _UNPOSABLE:
            seen.add(_frozen(got[1]))
        if new_gap > gap:
            have, free = keep_have, keep_free  # further from the target: undone
            continue
        gap = new_gap
        if gap == 0 and hit_graph is None and deep_enough(moved, got[1]) and moved_set(moved):
            hit_graph = moved
    if hit_graph is None or len(seen) < 2:
        VIEW_STATS["blind_decided" if hit_graph is not None else "blind_missed"] += 1
        return None
    # Walk on inside the target's key: the decoy's planting must not pick the answer's nodes.
    cur = hit_graph
    have, free = set(cur.edges), [e for e in cur.edges
                                  if e[0] not in pinned and e[1] not in pinned]
    for _ in range(BLIND_SETTLE):
        keep_have, keep_free = set(have), list(free)
        if not move(free, have):
            continue
        moved = Graph(n, tuple(sorted(have)), directed=g.directed)
        got = keyed(moved)
        if got is _UNPOSABLE or got[0] != want_key or not moved_set(moved):
            have, free = keep_have, keep_free
            continue
        cur = moved
    if cur is not hit_graph and not deep_enough(cur, keyed(cur)[1]):
        cur = hit_graph
    VIEW_STATS["blind"] += 1
    VIEW_STATS["blind_steps"] += moves
    if cat.family == "family":  # ids in a fresh random topological order, as planted trees
        cur, query = renumbered(rng, cur, query, cat.node_keys)
    return cur, query


def settings() -> tuple[Any, ...]:
    """Every module-level setting that shapes what ``pose`` builds (constructions switched on,
    tries, walk lengths): with the arguments, the whole input of a posed instance, so a memo
    of it (``instances._posed``) cannot hand out a structure built under other settings."""
    return (BLIND, DEEP_PAIR_HOPS, OPEN_VIEWS, VIEW_FIRST, MAX_TRIES, FREE_AFTER, QUERY_TRIES,
            INSENSITIVE_REDRAW, REDRAW_TRIES, SENSITIVE_N, BLIND_WALK, BLIND_TRIES,
            BLIND_SETTLE, BLIND_CAMOUFLAGE, OPEN_N, OPEN_WALK, OPEN_TRIES, camouflage,
            generations, view_move, family_move, undirected_move)


def _candidates(cat: Category, rng: random.Random, n: int, rho: float, target: Target,
                source: str = "synthetic") -> Iterator[tuple[Any, dict[str, Any]]]:
    """Graph/query candidates: built to target, or sampled graphs with proposed queries.

    ``source="real"`` samples every graph from a bundled real network (``graph.real``) and
    never constructs: a real topology's answers take whatever values it has (ρ is unused).
    """
    if source == "real":
        for _ in range(MAX_TRIES):
            graph = sample_real(rng, n)
            query = cat.propose(rng, graph)
            if query is not None:
                yield graph, query
        return
    if cat.id in OPEN_VIEWS and n >= OPEN_N and target.want is not None:
        for _ in range(OPEN_TRIES):
            built = _open_view(cat, rng, n, rho, target)
            if built is not None:
                yield built
        VIEW_STATS["planted"] += 1  # the cell stays posable; counted
    deep = cat.blocks_from is not None and target.hops is not None \
        and target.hops[0] >= cat.blocks_from and n >= cat.blocks_min_n
    if cat.id in BLIND and n >= OPEN_N and cat.construct is not None and not deep:
        want_key = _blind_key(cat, rng, n, rho, target)
        decoys = BLIND_TRIES if cat.blind_tries is None else cat.blind_tries
        for _ in range(decoys if want_key is not _UNPOSABLE else 0):
            built = _blind(cat, rng, n, rho, target, want_key)
            if built is not None:
                yield built
        VIEW_STATS["planted"] += 1  # the cell stays posable; counted
    if cat.construct is not None:
        for tries in range(MAX_TRIES):
            if tries == FREE_AFTER:  # built only when needed: most cells never get this far
                target = replace(target, quantile=None)
            built = cat.construct(rng, n, rho, target)
            if built is not None and cat.settle_links and n <= SETTLE_MAX_N:
                settled = settle_links(cat, rng, built[0], built[1], edge_count(n, rho))
                built = None if settled is None else (settled, built[1])
            if built is not None and cat.id in VIEW_FIRST:
                planted = built
                built = _view_first(cat, rng, n, rho, target, built)
                if built is None and tries >= VIEW_FALLBACK_AFTER:
                    VIEW_STATS["planted"] += 1  # the cell stays posable; counted
                    built = planted
            if built is not None:
                yield built
        return
    for _ in range(MAX_TRIES):
        graph = _sample(cat.family, rng, n, rho)
        seen: set[tuple] = set()
        for _ in range(QUERY_TRIES):
            query = cat.propose(rng, graph)
            if query is None:
                break
            key = tuple(query.items())
            if key not in seen:
                seen.add(key)
                yield graph, query


def pose(
    category: str | Category,
    sseed: int,
    n_range: tuple[int, int],
    density: tuple[float, float],
    hops: tuple[int, int | None] = (1, None),
    half: int | None = None,
    strata: Strata | None = None,
    source: str = "synthetic",
    mean_degree: float | None = None,
) -> Posed:
    """Build candidates until one is unambiguous, non-degenerate, on target and in ``half``.

    Every rule is checked on every instance, and none is ever relaxed: a cell (category, n,
    ρ, hops) that cannot carry a valid instance raises ``UnposableCell`` (a ``ConfigError``)
    naming it. ``mean_degree`` (if given) sets ρ to ``mean_degree / (n - 1)`` once n is drawn.
    """
    cat = category if isinstance(category, Category) else get(category)
    n, rho = draw_axes(sseed, n_range, density, None if strata is None else strata.n)
    if mean_degree is not None:  # the mean-degree axis: sparsity held steady over n
        rho = round(min(1.0, mean_degree / max(n - 1, 1)), 4)
    want = bool(sseed & 1) if cat.balance is not None else None
    if cat.pair_path and want is not False \
            and min(cat.max_hops(n), hops[1] or n) >= DEEP_PAIR_HOPS:
        hops = (max(hops[0], DEEP_PAIR_HOPS), hops[1])
    quantile = None if strata is None else strata.value
    # A count or a set is bounded by n (and by the hop depth): drawn inside n's stretch of
    # the n uniform, and inside the hop bucket's stretch of that (``_within``, ``hop_bucket``).
    sized = strata is not None and cat.answer in ("integer", "labels")
    if sized:
        quantile = _within(strata.n, n_range)
    placed = None
    if strata is not None and cat.joint is not None and want is not False:
        placed = cat.joint(strata.value, n_range, hops)  # n, span and value walked together
    if placed is not None:
        n, span, quantile = placed
    if placed is None and sized and cat.chains:
        # n, then the hop bucket inside n's stretch, then the value inside the bucket's
        span, quantile = hop_bucket(cat, n, hops, quantile)
    elif placed is None or span is None:
        span = draw_hops(sseed, cat, n, hops, None if strata is None else strata.hops)
    # The "false" side of a balanced closure category (x does not reach y) is right for a
    # one-hop reader by definition, whatever the graph: it carries no hop target.
    target = Target(hops=None if want is False else span, want=want, quantile=quantile)
    rng = seeds.rng("graph", sseed)
    # The redraw coin's stream is independent of every other: built only when first flipped
    # (about one instance in twenty), it gives the same coins as one built up front.
    redraw: random.Random | None = None
    for tries, (graph, query) in enumerate(_candidates(cat, rng, n, rho, target, source)):
        answer = _answer(cat, graph, query)
        if answer is _UNPOSABLE or not cat.accept(answer, graph):
            continue
        if want is not None and cat.balance(answer) != want:
            continue
        depth = answer_hops(cat, graph, query, answer)
        if target.hops is not None and not target.hops[0] <= depth <= target.hops[1]:
            continue
        if tries < REDRAW_TRIES and n <= SENSITIVE_N \
                and query_sensitive(cat, graph, query, answer) is False:
            if redraw is None:
                redraw = seeds.rng("sensitive", sseed)
            if redraw.random() < INSENSITIVE_REDRAW:
                continue
        if half is not None and twins.half(cat, graph, query) != half:
            continue
        return Posed(cat, n, rho, graph, query, answer, depth)
    cell = f"n={n}, density={rho}" + (f", hops {span[0]}..{span[1]}" if span else "")
    raise UnposableCell(
        f"cannot pose a valid {cat.id} instance at {cell} in {MAX_TRIES} tries; "
        f"change n_min/n_max, density or hops_min/hops_max"
    )
