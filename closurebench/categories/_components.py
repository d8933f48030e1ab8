"""Planting strongly connected components (same_scc, scc_then_count, mixed_domain).

A component answer depends only on the edges inside the component: every path between two
members stays inside it. So a constructor lays the graph out as a condensation, blocks in a
random topological order with edges between blocks only going forward
(``plant.forward_blocks``), and plants the queried component as a *flower*: petals
``x -> p1 -> ... -> pc -> x``. A node at position i of a c-node petal is i hops from x and
c + 1 - i hops back, so the component's hop depth (the k at which the k-hop reader first sees
all of it) is exactly the longest petal's c. Chords inside the component are drawn only where
they keep both the distances from x and the distances to x (``allowed`` of both vectors).

With uniform forward links between blocks (``layout``) a node's out/in ratio tells where its
block sits, so whether it can be in x's component; ``component(ends=True)`` (scc_then_count)
puts a source first and a sink last and balances every middle node's links with them
(``_ends_layout``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import numpy as np

from closurebench.categories._spec import Target
from closurebench.categories._values import draw_value
from closurebench.graph.families import Graph, no_loops
from closurebench.graph.plant import allowed, draw_depth, forward_blocks, plant, sprinkle

__all__ = ["component", "cycle", "flower", "layout", "sized"]

#: Weights (out of 10) of the counts n - k for small k in ``sized``.
_NEAR_N = {0: 3, 1: 6, 2: 6, 3: 7}


def sized(rng: random.Random, lo: int, hi: int, n: int, u: float | None = None) -> int:
    """A count in ``lo..hi`` drawn from its own weights (at quantile ``u`` when stratified),
    not left to the density.

    Uniform, except that n, n - 1, n - 2 and n - 3 weigh 0.3, 0.6, 0.6 and 0.7 (each is an
    "answer n - k" reader's hit, and n, the whole graph, leaves no other x with another
    answer), and a floor of 4 or more (a deep target) weighs 0.3, or every deep instance piles
    onto it. Measured over n 5-10 (scc_then_count's range): top count ~0.23, every n - k rule
    <= ~0.23, the whole graph ~0.11.
    """
    values = list(range(hi, lo - 1, -1))  # by n - v: its small values sit at low quantiles
    weights = [_NEAR_N.get(n - v, 3 if v == lo >= 4 else 10) for v in values]
    return draw_value(rng, values, weights, u)


def cycle(rng: random.Random, nodes: Sequence[int]) -> list[tuple[int, int]]:
    """A directed cycle through ``nodes`` in a random order (nothing for a single node)."""
    order = list(nodes)
    rng.shuffle(order)
    if len(order) < 2:
        return []
    return [(u, order[(i + 1) % len(order)]) for i, u in enumerate(order)]


def flower(rng: random.Random, n: int, x: int, lead: Sequence[int], extra: Sequence[int],
           cap: int) -> tuple[list[tuple[int, int]], np.ndarray]:
    """Petals through ``x``: ``lead`` in its order, then ``extra`` in petals of <= ``cap`` nodes.

    Returns the petal edges and the mask of chords (pairs inside the component) that keep
    every distance from x and to x, so the hop depth stays ``len(lead)`` when that is the
    longest petal.
    """
    rest = list(extra)
    rng.shuffle(rest)
    petals = [list(lead)]
    while rest:
        c = rng.randint(1, min(cap, len(rest)))
        petals.append(rest[:c])
        rest = rest[c:]
    # Python lists while filled node by node (numpy scalar writes cost more), arrays once
    d_from, d_to = [-1] * n, [-1] * n
    d_from[x] = d_to[x] = 0
    edges: list[tuple[int, int]] = []
    for petal in petals:
        for i, v in enumerate(petal):
            d_from[v], d_to[v] = i + 1, len(petal) - i
        edges += list(zip([x, *petal], [*petal, x]))
    inside = np.zeros(n, dtype=bool)
    inside[[x, *lead, *extra]] = True
    ok = (allowed(np.array(d_from, dtype=np.int64)) & allowed(np.array(d_to, dtype=np.int64)).T
          & inside[:, None] & inside[None, :])
    return edges, ok


def _cycles(rng: random.Random, blocks: list[list[int]], ok: np.ndarray
            ) -> list[tuple[int, int]]:
    """A random cycle through each block; ``ok`` then allows every pair inside the blocks
    (any chord keeps a block one component)."""
    edges: list[tuple[int, int]] = []
    for block in blocks:
        edges += cycle(rng, block)
        if len(block) > 1:  # every pair inside the block (an index array: np.ix_ costs 2x)
            at = np.array(block)
            ok[at[:, None], at] = True
    return edges


def _rival(rng: random.Random, nodes: list[int], s: int, spread: bool
           ) -> tuple[list[list[int]], list[int]]:
    """A second component from ``nodes``, of a size other than x's ``s`` (any size with
    ``spread``), so the answer depends on which node is asked; and the nodes left."""
    sizes = [t for t in range(2, len(nodes) + 1) if t != s or spread]
    if not sizes:
        return [], nodes
    t = rng.choice(sizes)
    return [nodes[:t]], nodes[t:]


def layout(rng: random.Random, n: int, blocks: list[list[int]], inner: np.ndarray | None = None
           ) -> tuple[list[tuple[int, int]], np.ndarray]:
    """Shuffle ``blocks`` into a topological order, each its own component.

    With ``inner`` (a chord mask), ``blocks[0]`` is a planted component: its internal pairs come
    from ``inner`` and it gets no cycle here. Every other block of two or more nodes gets a
    random cycle and may take any chord. Returns those cycle edges and the mask of every pair a
    distractor may use: forward between blocks, plus the chords inside them.
    """
    ok = np.zeros((n, n), dtype=bool)
    edges = _cycles(rng, blocks[0 if inner is None else 1:], ok)
    if inner is not None:
        ok |= inner
    order = list(blocks)
    rng.shuffle(order)
    ok |= forward_blocks(n, order)
    no_loops(ok)
    return edges, ok


#: ``sized``'s signature: (rng, smallest, largest, n, quantile) -> a component size.
SizeDraw = Callable[[random.Random, int, int, int, "float | None"], int]


def component(rng: random.Random, n: int, rho: float, target: Target, *, spread: bool = False,
              room: int = 0, size: SizeDraw = sized, ends: bool = False
              ) -> tuple[Graph, dict[str, int]] | None:
    """x's component of a drawn size s and hop depth, beside one of another size.

    The second component (when the nodes left allow a size other than s; any size with
    ``spread``, whose answer is not a size) makes the answer depend on which node is asked;
    the rest are single nodes. The depth is kept below s - 1 where the target allows, so x's
    component has more than one petal and its shortest cycle is not the whole of it.
    ``spread`` gives the deepest member extra chords, so a reader who stops short of it misses
    an out-degree unlike the rest (mixed_domain's mean). Up to ``room`` nodes are kept outside
    x's component (fewer if the target depth needs them). ``size`` draws s (scc_then_count,
    whose answer *is* s, passes its own design). ``ends`` lays out ``ENDS_MIN`` or more
    nodes outside x's component with ``_ends_layout`` (links between blocks balanced node by
    node). ``None`` if n is too small.
    """
    lo, hi = target.hops or (1, n)
    room = max(0, min(room, n - lo - 1, n - 2))  # a deep target may take the room
    if max(2, lo + 1) > n - room:
        return None
    s = size(rng, max(2, lo + 1), n - room, n, target.quantile)
    depth = draw_depth(rng, lo, max(lo, min(hi, s - 2)))
    nodes = list(range(n))
    rng.shuffle(nodes)
    x, members, rest = nodes[0], nodes[1:s], nodes[s:]
    petals, inner = flower(rng, n, x, members[:depth], members[depth:], depth)
    if spread and depth > 1:
        deep = members[depth - 1]
        into = inner[deep].tolist()
        chords = [v for v in members if v != deep and into[v]]
        petals += [(deep, v) for v in rng.sample(chords, rng.randint(1, min(3, len(chords))))]
    if ends and len(rest) >= ENDS_MIN:
        edges, ok = _ends_layout(rng, n, [x, *members], rest, inner, rho, spread)
        g = plant(rng, n, rho, petals + edges, ok)
        return sprinkle(rng, g, ok), {"x": x}
    rival, rest = _rival(rng, rest, s, spread)
    blocks = [[x, *members], *rival, *([v] for v in rest)]
    cycles, ok = layout(rng, n, blocks, inner)
    g = plant(rng, n, rho, petals + cycles, ok)
    return sprinkle(rng, g, ok), {"x": x}


#: ``component(ends=True)`` from this many nodes outside x's component: a source, a sink
#: and a middle block beside x's. With fewer, the two ends would be all of the rest (a source
#: and a sink, which no reader mistakes for members) and the layout is ``layout``'s.
ENDS_MIN = 3
#: ``_balanced_links``: the largest expected share of the source's (or the sink's) links a
#: middle node may need to balance it, which caps the rate between middle blocks, and each
#: middle node's extra chance (in units of that rate) of a link from the source and one to
#: the sink, so both ends link to nodes that need no balancing too.
ENDS_FILL, ENDS_BOTH = 0.9, 1.0
#: From this many nodes outside x's component, two sources and two sinks: each end then takes
#: half the balancing links, and a single end with every middle node's surplus was a
#: neighbour whose degree told the independent auditor's forests where a node sits (its
#: strict score on scc_then_count rose 0.44 -> 0.49 with one end, 0.42 with two).
ENDS_TWO = 6


def _ends_layout(rng: random.Random, n: int, planted: list[int], rest: list[int],
                 inner: np.ndarray, rho: float, spread: bool
                 ) -> tuple[list[tuple[int, int]], np.ndarray]:
    """The nodes outside x's component as a source, a sink and middle blocks, so a node's
    in/out balance no longer tells where its block sits.

    With uniform forward links (``layout``) a node expects links out in proportion to the
    nodes after its block and in to those before: upstream nodes had out 4.5 / in 1.7,
    downstream 1.4 / 4.3, x's component 2.4 / 2.5, and the learned engine read x's component
    off that ratio. Here one node (two from ``ENDS_TWO`` left) comes first and as many last;
    the other nodes form a rival component (a size other than x's, any size with ``spread``)
    and blocks of two or three, each a cycle that may take any chord, shuffled with x's block
    (``planted``, its chords ``inner``) into the middle. Links between middle blocks go
    forward at one rate, and each middle node's expected surplus of links out (deficit) is
    made up by links from the sources (into the sinks): ``_balanced_links``. Returns the
    cycles and links, and the mask a distractor may use (the chords inside every block).
    """
    e = 2 if len(rest) >= ENDS_TWO else 1
    first, last, mid = rest[:e], rest[e:2 * e], rest[2 * e:]
    rival, mid = _rival(rng, mid, len(planted), spread)
    blocks = [planted, *rival]
    while mid:
        t = len(mid) if len(mid) <= 3 else rng.randint(2, 3)
        blocks.append(mid[:t])
        mid = mid[t:]
    ok = inner.copy()
    edges = _cycles(rng, blocks[1:], ok)
    no_loops(ok)
    rng.shuffle(blocks)
    return edges + _balanced_links(rng, first, blocks, last, rho), ok


def _balanced_links(rng: random.Random, first: list[int], middle: list[list[int]],
                    last: list[int], rate: float) -> list[tuple[int, int]]:
    """Forward links: between ``middle`` blocks (in this order) at one rate, and from
    ``first`` / into ``last`` so that every middle node expects as many links out as in.

    A middle node with a nodes after its block and b before expects r·a links out and r·b in;
    the sources link to it r·(ENDS_BOTH + max(a − b, 0)) times in expectation, and it to the
    sinks r·(ENDS_BOTH + max(b − a, 0)) times, split evenly over each end's nodes. r is
    ``rate`` capped so no single chance passes ENDS_FILL.
    """
    rank = {v: i for i, block in enumerate(middle) for v in block}
    sizes = [len(b) for b in middle]
    lead = {v: sum(sizes[rank[v] + 1:]) - sum(sizes[:rank[v]]) for v in rank}
    worst = max([abs(d) for d in lead.values()] + [1])
    r = min(rate, ENDS_FILL * min(len(first), len(last)) / worst)
    edges = [(u, v) for u in rank for v in rank if rank[u] < rank[v] and rng.random() < r]
    for v in rank:
        p_in = min(1.0, r * (ENDS_BOTH + max(lead[v], 0)) / len(first))
        p_out = min(1.0, r * (ENDS_BOTH + max(-lead[v], 0)) / len(last))
        edges += [(u, v) for u in first if rng.random() < p_in]
        edges += [(v, w) for w in last if rng.random() < p_out]
    edges += [(u, w) for u in first for w in last if rng.random() < r]
    return edges
