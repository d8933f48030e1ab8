"""Single-source reach planting, shared by the categories that ask what one node x reaches.

Each constructor here fixes the structure an answer depends on (who x reaches, at which hop
distance, which pair is a near miss) and leaves the density-matching distractors to
``plant.plant`` over ``plant.allowed``, so the planted distances survive. Depths and counts are
drawn (counts at the instance's stratified ``Target.quantile`` when it has one, else from its
own ``rng``) with weights that keep any one value (and any "n - k"
size rule) from dominating a default split; the weights were chosen by computing the resulting
answer shares over the default axes (n 4-10, the generator's hop buckets).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import repeat, starmap
from operator import lt

import numpy as np

from closurebench.categories._spec import Target
from closurebench.categories._values import Placed, flatten, hop_cells, walk
from closurebench.graph import tensor as T
from closurebench.graph.families import Graph
from closurebench.graph.plant import (
    allowed,
    depth_vector,
    pick_at_quantile,
    plant,
    split_layers,
    tree_edges,
)

__all__ = [
    "DEEP_BLOCKS", "SET_HOP_WEIGHTS", "CountDesign", "binomial", "close_blocks",
    "closed_blocks", "count_weights", "depth_and_count", "depth_weights", "draw_count",
    "draw_depth",
    "false_pair", "grow", "layered", "linked", "out_room",
    "outside", "reach_graph", "room_sizes", "true_pair", "weak_reach",
]

#: Relative weights of the depths lo, lo + 1, lo + 2 inside an open "3 or more" hop bucket:
#: always planting exactly 3 would make "3" (and, at small n, "n - 1") the usual count.
DEEP_WEIGHTS = (0.2, 0.4, 0.4)
#: Relative weight of a count equal to ``top``, ``top - 1`` and ``top - 2``: small n pushes
#: deep instances to the top, so the top counts ("n - 1", "n - 2", "n - 3") are drawn less
#: elsewhere.
TOP_WEIGHTS = (0.05, 0.2, 0.5)
#: Each count one above the lowest is this much less likely, by planted depth (1, 2; deeper:
#: uniform): shallow cells take the small counts deep cells cannot. With ``TOP_WEIGHTS`` this
#: gives an expected top count share of 0.22 and "n - k" shares <= 0.19 at n 4-10.
DECAY = {1: 0.4, 2: 0.8}
#: From this hop depth on a set answer's reach sets are built as closed blocks
#: (``closed_blocks``, ``close_blocks``) and the blind walk is skipped (``Category.blocks_from``).
DEEP_BLOCKS = 3
#: A closed-block set answer's shares of 1, 2 and >= 3 hops (``Category.hop_weights``): one-
#: and two-hop members cannot be disguised (measured in docs/audit-and-floors.md), so rarer.
SET_HOP_WEIGHTS = (0.10, 0.15, 0.75)
#: Share of the safe pairs taken as distractors where the density budget would take them all.
SATURATED = 0.75


def _weighted(rng: random.Random, values: Sequence[int], weights: Sequence[float],
              u: float | None = None) -> int:
    """A value drawn by ``weights``: at quantile ``u`` when given, else from ``rng``."""
    return pick_at_quantile(values, weights, rng.random() if u is None else u)


def depth_weights(target: Target, cap: int, weights: Sequence[float] = DEEP_WEIGHTS
                  ) -> tuple[list[int], list[float]]:
    """The hop depths ``draw_depth`` picks from and their relative weights."""
    lo, hi = target.hops if target.hops is not None else (1, cap)
    lo, hi = max(lo, 1), min(hi, cap)
    if lo > hi:
        return [cap], [1.0]
    if target.hops is None or lo == hi:
        return list(range(lo, hi + 1)), [1.0] * (hi - lo + 1)
    values = list(range(lo, min(hi, lo + 2) + 1))
    # Weights shorter than the range leave its deeper values out.
    return values, [*weights[: len(values)], *[0.0] * (len(values) - len(weights))]


def draw_depth(rng: random.Random, target: Target, cap: int,
               weights: Sequence[float] = DEEP_WEIGHTS) -> int:
    """A concrete hop depth inside ``target.hops`` and ``1..cap`` (uniform when unconstrained;
    ``weights`` for lo, lo + 1, lo + 2 of a wider range)."""
    return _weighted(rng, *depth_weights(target, cap, weights))


def depth_and_count(rng: random.Random, target: Target, cap: int,
                    count: Callable[[int], dict[int, float]],
                    weights: Sequence[float] = DEEP_WEIGHTS) -> tuple[int, int]:
    """A hop depth (as ``draw_depth``) and a count (by ``count(depth)``: relative weights by
    value), drawn jointly: the count at ``target.quantile`` of its distribution over the whole
    cell (every depth the target allows), then a depth that can carry it, from ``rng``.

    Drawing the depth first would leave the count's spread to the unstratified depth draw; a
    retried candidate gets the same count, which every depth drawn for it can carry."""
    joint: dict[int, dict[int, float]] = {}
    for depth, pd in zip(*depth_weights(target, cap, weights)):
        if pd <= 0:
            continue
        by_value = count(depth)
        total = sum(by_value.values())
        for v, w in by_value.items():
            if w > 0:
                joint.setdefault(v, {})[depth] = pd * w / total
    values = sorted(joint)
    u = rng.random() if target.quantile is None else target.quantile
    value = pick_at_quantile(values, [sum(joint[v].values()) for v in values], u)
    depths = sorted(joint[value])
    return _weighted(rng, depths, [joint[value][d] for d in depths]), value


@dataclass(frozen=True)
class CountDesign:
    """A count category's weights per default cell (n, planted depth), found by ``flatten``.

    Why: a reach set of depth d holds at least d nodes, so in small graphs the deep cells can
    only answer "n - 1", "n - 2" or "n - 3"; weighting each cell on its own leaves those
    readers over their target however it is done. Designed jointly, the other cells answer
    otherwise: every "n - k" rule stays near ``cap_n_k`` and any one count near ``cap_value``.
    Cells: n uniform over ``n_range``; the hop bucket (1, 2, >= 3) by the generator's
    ``HOPS_WEIGHTS`` over the buckets ``max_hops(n)`` allows; the depth inside an open bucket
    by ``deep`` (as ``depth_weights`` with ``depth_cap(n)``). ``counts(n, depth)`` are the
    counts a cell can carry. Outside the cells (other n, a hops axis reaching past them) a
    category keeps its own weights.
    """

    n_range: tuple[int, int]
    max_hops: Callable[[int], int]
    depth_cap: Callable[[int], int]
    counts: Callable[[int, int], Sequence[int]]
    deep: Sequence[float] = DEEP_WEIGHTS
    cap_n_k: float = 0.15
    cap_value: float = 0.19
    mix: float = 0.05
    #: Walk order (``joint``): by n - count first (the "n - k" shares come out as designed in
    #: every block of ten), or with ``by_value`` by the count first (its spread does).
    by_value: bool = False

    def cells(self) -> dict[tuple[int, int], float]:
        """Each default cell (n, depth) and its share of instances."""
        def depths(n: int, span: tuple[int, int]) -> list[tuple[tuple[int, int], float]]:
            ds, pd = depth_weights(Target(hops=span), self.depth_cap(n), self.deep)
            return [((n, d), p) for d, p in zip(ds, pd) if p > 0]

        return hop_cells(self.n_range, self.max_hops, depths)

    @cached_property
    def design(self) -> dict[tuple[int, int], list[float]]:
        """Weights of ``counts(*cell)`` in every default cell."""
        return flatten(self.cells(), lambda c: list(self.counts(*c)), [
            (lambda c, v: c[0] - v, lambda k: self.cap_n_k),
            (lambda c, v: v, lambda v: self.cap_value),
        ], mix=self.mix)

    def weights(self, n: int, depth: int) -> dict[int, float] | None:
        """Relative weights by count in cell (n, depth); ``None`` outside the design."""
        ws = self.design.get((n, depth))
        return None if ws is None else dict(zip(self.counts(n, depth), ws))

    @cached_property
    def _walk(self) -> Callable[[float], Placed]:
        key = (lambda c, v: (v, c[0] - v, c[1])) if self.by_value else \
            (lambda c, v: (c[0] - v, v, c[1]))
        return walk(self.cells(), lambda c: list(self.counts(*c)), self.design, key)

    def joint(self, u: float, n_range: tuple[int, int], hops: tuple[int, int | None]
              ) -> tuple[int, tuple[int, int], float] | None:
        """``Category.joint``: n, the planted depth as the hop span, and the count's quantile
        in its cell (ordered by n - count, so each block of ten spreads the "n - k" answers
        as designed); ``None`` unless the config has the design's axes."""
        if n_range != self.n_range or hops != (1, None):
            return None
        (n, depth), _, q = self._walk(u)
        return n, (depth, depth), q


def count_weights(lo: int, top: int, top_weights: Sequence[float] = TOP_WEIGHTS,
                  decay: bool | Mapping[int, float] = True) -> dict[int, float]:
    """Relative weights of the counts ``lo..top`` (``lo`` is the planted depth, or what it
    forces): ``top_weights`` for ``top``, ``top - 1``, ... and (with ``decay``: ``DECAY``, or the
    given ratios by ``lo``) a per-step decay from ``lo``. All zero: ``top`` alone."""
    values = list(range(lo, top + 1))
    if not values:
        return {top: 1.0}
    ratios = DECAY if decay is True else decay or {}
    r = ratios.get(lo, 1.0)
    weights = [(top_weights[top - v] if top - v < len(top_weights) else 1.0) * r ** (v - lo)
               for v in values]
    return dict(zip(values, weights)) if any(weights) else {top: 1.0}


def draw_count(rng: random.Random, lo: int, top: int,
               top_weights: Sequence[float] = TOP_WEIGHTS,
               decay: bool | Mapping[int, float] = True) -> int:
    """A count in ``lo..top`` weighted by ``count_weights``, from ``rng``."""
    by_value = count_weights(lo, top, top_weights, decay)
    return _weighted(rng, list(by_value), list(by_value.values()))


def layered(rng: random.Random, n: int, x: int, size: int, depth: int,
            avoid: Sequence[int] = ()) -> tuple[np.ndarray, list[list[int]]]:
    """Depth vector of x reaching ``size`` random nodes (none of ``avoid``) in ``depth`` layers."""
    pool = [v for v in range(n) if v != x and v not in avoid]
    rng.shuffle(pool)
    layers = split_layers(rng, pool[:size], depth)
    return depth_vector(n, x, layers), layers


def reach_graph(rng: random.Random, n: int, rho: float, d: np.ndarray,
                extra: Sequence[tuple[int, int]] = (), *,
                tree: Sequence[tuple[int, int]] | None = None,
                sinks: Sequence[int] = ()) -> Graph:
    """The graph realising depth vector ``d`` (``tree``, else a random BFS tree) plus ``extra``
    edges and distractors that keep every distance from the source; ``sinks`` get no out-edge.
    At least 0-2 distractors (drawn) are added even where the planted edges fill the budget,
    and at most ``SATURATED`` of the safe pairs (expected) where the budget exceeds them."""
    if tree is None:
        tree = tree_edges(rng, d)
    assert tree is not None  # consecutive non-empty layers always have a parent above
    forbidden = None
    if sinks:
        forbidden = np.zeros((n, n), dtype=bool)
        forbidden[list(sinks)] = True
    required = [*tree, *extra]
    # A small graph whose planted edges already exceed the density budget would otherwise be
    # the bare structure every time: one isomorphism class, so one structural half only.
    pairs = n * (n - 1)
    rate = max(rho, (len(required) + rng.randint(0, 2)) / pairs)
    # The other extreme: a budget that covers every safe pair would also give one graph (and
    # one half) for the cell, which a stratified count, fixed across retries, cannot escape.
    ok = allowed(d)
    room = ok & ~(forbidden if forbidden is not None else False)
    for u, v in required:
        room[u, v] = False
    free = int(np.count_nonzero(room))
    if free and rate * pairs - len(required) >= free:
        rate = (len(required) + SATURATED * free) / pairs
    return plant(rng, n, rate, required, ok, forbidden=forbidden)


def true_pair(rng: random.Random, n: int, rho: float, target: Target, *,
              count: bool = False, top_weights: Sequence[float] = TOP_WEIGHTS,
              decay: bool | Mapping[int, float] = True,
              deep: Sequence[float] = DEEP_WEIGHTS,
              design: CountDesign | None = None) -> tuple[Graph, int, int, int]:
    """x reaching y at a planted depth inside ``target.hops``: ``(graph, x, y, |R(x)|)``.

    With ``count`` the depth is x's deepest layer and the reach-set size is drawn by
    ``depth_and_count`` at ``target.quantile``, by ``count_weights(depth, n - 1, top_weights,
    decay)`` (or ``design``'s weights in its cells) and the depth weights ``deep`` (the answer
    of a counting category); otherwise the size is uniform. y sits
    in the deepest layer. Where it can, one other node (unreached, or a leaf of the tree) is
    left without out-edges, so asking about it instead of x gives the other answer; every
    node x misses links towards x's reach set (``linked``).
    """
    x = rng.randrange(n)
    if count:
        def by_count(depth: int) -> dict[int, float]:
            designed = None if design is None else design.weights(n, depth)
            return designed or count_weights(depth, n - 1, top_weights, decay)

        depth, size = depth_and_count(rng, target, n - 1, by_count, deep)
    else:
        depth = draw_depth(rng, target, n - 1)
        size = rng.randint(depth, n - 1)
    d, layers = layered(rng, n, x, size, depth)
    y = rng.choice(layers[-1])
    tree = tree_edges(rng, d)
    assert tree is not None
    parents = {u for u, _ in tree}
    # A reached leaf if there is one: an unreached sink links towards x's reach set only
    # through another unreached node.
    dl = d.tolist()  # Python ints: a numpy scalar read per node costs more
    leaves = [v for v in range(n) if v not in (x, y) and v not in parents and dl[v] > 0]
    missed = [v for v in range(n) if dl[v] < 0]
    spare = leaves or (missed if len(missed) > 1 else [])
    sinks = [rng.choice(spare)] if spare else []
    return reach_graph(rng, n, rho, d, linked(rng, d, sinks), tree=tree, sinks=sinks), x, y, size


def linked(rng: random.Random, d: np.ndarray, sinks: Sequence[int] = ()
           ) -> list[tuple[int, int]]:
    """An edge from every node the source misses into what it reaches (into another missed
    node for a sink), so "x's weak component" is not the reach set."""
    dl = d.tolist()
    inside = [v for v, dv in enumerate(dl) if dv >= 0]
    missed = [v for v, dv in enumerate(dl) if dv < 0]
    out = []
    for u in missed:
        if u not in sinks:
            out.append((u, inside[rng.randrange(len(inside))]))
        elif len(missed) > 1:
            out.append((rng.choice([v for v in missed if v != u]), u))
    return out


def false_pair(rng: random.Random, n: int, rho: float) -> tuple[Graph, int, int]:
    """x not reaching y, where no local rule can tell: ``(graph, x, y)``.

    x has out-edges (it reaches a planted set), y has an in-edge (from a node z that x does not
    reach either) and y links into x's reach set, so y is within a few undirected steps of x.
    Below four nodes there is no room for z (and below three for a reach set).
    """
    x = rng.randrange(n)
    others = [v for v in range(n) if v != x]
    rng.shuffle(others)
    y, rest = others[0], others[1:]
    z = rest.pop() if len(rest) >= 2 else None
    if not rest:
        return reach_graph(rng, n, rho, depth_vector(n, x, [])), x, y
    size = rng.randint(1, len(rest))
    d, layers = layered(rng, n, x, size, rng.randint(1, size), avoid=[y] if z is None else [y, z])
    into = rng.choice([x, *(v for layer in layers for v in layer)])
    extra = [(y, into)] + ([(z, y)] if z is not None else [])
    return reach_graph(rng, n, rho, d, extra), x, y


def weak_reach(a: np.ndarray, x: int) -> np.ndarray:
    """What x reaches when edge direction is ignored (x's weak component): the lazy reader
    that treats "linked somehow" as "reachable"."""
    return T.reach(a | a.T, x)


def out_room(d: np.ndarray, u: int) -> list[int]:
    """The nodes a reached node u may link to without changing any distance from the source:
    reached nodes (or the source) at most one layer below u's."""
    dl = d.tolist()
    top = dl[u] + 1
    return [v for v, dv in enumerate(dl) if 0 <= dv <= top and v != u]


def room_sizes(d: np.ndarray) -> list[int]:
    """``len(out_room(d, u))`` for every node u (0 where ``d[u] < 0``), in one pass."""
    dl = d.tolist()
    upto = [0] * (len(dl) + 2)
    for dv in dl:
        if dv >= 0:
            upto[dv] += 1
    for i in range(1, len(upto)):
        upto[i] += upto[i - 1]
    return [upto[min(dv + 1, len(dl) + 1)] - 1 if dv >= 0 else 0 for dv in dl]


def grow(rng: random.Random, d: np.ndarray, tree: Sequence[tuple[int, int]],
         degree: dict[int, int]) -> list[tuple[int, int]]:
    """Tree plus extra edges giving each reached node u of ``degree`` exactly that out-degree
    (it must lie between u's tree children and ``len(out_room(d, u))``)."""
    edges = list(tree)
    kids: dict[int, set[int]] = {}
    for u, v in tree:
        kids.setdefault(u, set()).add(v)
    for u in sorted(degree):
        have = kids.get(u, set())
        if degree[u] > len(have):
            spare = [v for v in out_room(d, u) if v not in have]
            edges += [(u, v) for v in rng.sample(spare, degree[u] - len(have))]
    return edges


def outside(rng: random.Random, n: int, rho: float, d: np.ndarray,
            edges: Sequence[tuple[int, int]]) -> Graph:
    """``edges`` plus distractors only from nodes the source does not reach (they may link
    anywhere), so every reached node keeps the out-degree ``grow`` gave it."""
    ok = allowed(d) & (d < 0)[:, None]
    floor = (len(edges) + rng.randint(0, 2)) / (n * (n - 1))
    return plant(rng, n, max(rho, floor), edges, ok)


def binomial(rng: random.Random, trials: int, p: float) -> int:
    """Successes in ``trials`` coin flips of bias ``p``: ``rng.random() < p`` per flip, in
    order, iterated in C (a G(n, ρ) link count at n = 2,000 flips four million coins)."""
    return sum(map(lt, starmap(rng.random, repeat((), trials)), repeat(p)))



def close_blocks(rng: random.Random, ok: np.ndarray, required: Sequence[tuple[int, int]],
                 depths: Sequence[np.ndarray]) -> tuple[np.ndarray, list[tuple[int, int]]]:
    """``ok`` narrowed to the closed-block rules for every source's depth vector, and a ring
    over the nodes no source reaches (its edges where ``ok`` allows): see ``closed_blocks``.

    Per source: no edge into its second layer from its first but the ``required`` ones, and
    no edge from a node it misses into its second layer or deeper. Distances stay as ``ok``
    keeps them; only the crossings into each reach set are cut to the planted ones."""
    ok = ok.copy()
    for d in depths:
        du, dv = d[:, None], d[None, :]
        ok &= ~(((du == 1) & (dv == 2)) | ((du < 0) & (dv >= 2)))
    for u, v in required:
        ok[u, v] = True
    missed = [v for v in range(ok.shape[0]) if all(int(d[v]) < 0 for d in depths)]
    rng.shuffle(missed)
    ring = [(u, v) for u, v in zip(missed, missed[1:] + missed[:1]) if u != v and ok[u, v]]
    return ok, ring


def closed_blocks(rng: random.Random, n: int, rho: float, d: np.ndarray) -> Graph:
    """The graph realising depth vector ``d`` as look-alike blocks: x's reach set entered one
    layer at a time, the nodes x misses (``d < 0``) a closed block of the same make.

    Why: a node x misses takes in-edges only from other missed nodes, and every reached node
    takes at least one from the layer above, so the two sides' degrees differ by the edges
    that cross into each layer (a missed block's surplus of out-edges is its edges into the
    reached side). Keeping those crossings to the tree's own edges (no other layer-1 -> layer-2
    edge, no missed -> deeper-than-1 edge) leaves the deep reached nodes and the missed ones
    the same local picture: edges among themselves at ρ, and edges back to x and its direct
    successors at the same rate on both sides. The missed nodes are linked in a cycle (none is
    a source). A per-node reader that never chains two edges then tells a deep member from a
    missed node by about one in-edge per layer's entry, not by a block signature."""
    tree = tree_edges(rng, d)
    assert tree is not None
    ok, ring = close_blocks(rng, allowed(d), tree, [d])
    return plant(rng, n, rho, [*tree, *ring], ok)
