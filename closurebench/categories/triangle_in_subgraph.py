"""triangle_in_subgraph (L2): triangles among x and the nodes x reaches, ignoring direction.

Convention: the subgraph holds x and R(x); two of its nodes are linked if an edge runs either
way. Example: A -> B, B -> C, A -> C, D -> A: {A, B, C} is one triangle (D is not reached).
Constructed: x's reach set (deepest layer drawn from the hop target) and the triangle count
(drawn) are planted; one triangle holds a deepest node, so the hop depth is that layer's, and
distractors start only at nodes x does not reach (they can add triangles outside the subgraph).
x misses no node or at least two (a lone missed node is a source: nothing x reaches may link
into it), and inside the set links that keep the count (pairs with no common neighbour, the
reverse of a link) are drawn at rates set by ρ, so a reached node's out-degree is not fixed
by the count while a missed node's follows the reached mean.
A deep target (3+ hops, not a blind walk's decoy) is built as closed blocks
(docs/audit-and-floors.md, "Closed blocks"): its reach set is entered only through the tree,
no missed node links past x's first layer, two or more missed nodes form a ring (a lone one
would be a source), and a missed node's expected out-degree is a reached node's mean one.
Generated from n = 5: four nodes carry only 1, 2 or 4 triangles, and one of them is n - 3.
"""

from __future__ import annotations

from itertools import combinations, filterfalse

import numpy as np

from closurebench.categories._reach import DEEP_BLOCKS as DEEP
from closurebench.categories._reach import (
    SET_HOP_WEIGHTS,
    close_blocks,
    draw_depth,
    layered,
    outside,
)
from closurebench.categories._spec import Category
from closurebench.graph import tensor as T
from closurebench.graph.plant import allowed, pick_at_quantile, plant, tree_edges

#: The largest triangle count planted (the subgraph of a few nodes is then near complete).
MAX_TRIANGLES = 8
#: Share of instances in which x is planted not to reach every node.
OUTSIDE_SHARE = 0.8
#: Pair orders tried to plant exactly the drawn count before settling for the nearest below.
FILL_TRIES = 4
#: Relative weight of a count of 1 where the set can carry more (small sets crowd 1 already).
ONE_WEIGHT = 0.3
TWO_WEIGHT = 0.45
#: Relative weight of a count within 3 of n (n - 3 .. n), so "answer n - k" stays rare.
NEAR_N_WEIGHT = 0.45
#: Chance (times ρ) that a pair of the set left unlinked by the count is linked where that
#: closes no triangle, and that a link of the set also gets its reverse edge (an undirected
#: link either way: no triangle changes). Without them a reached node's links were only the
#: tree and the count's, so the missed nodes (links at the reached mean, plus their ring and
#: outside triangle) were the nodes with more out-edges. Measured (seed 4242, learned floor):
#: neither 70%, the pairs only 63-64% (rate 1-4), the reverse only 61%, both 51% (pairs at
#: 1: 54%; reverse at 2, 3: 52%, 60%).
NEUTRAL_RATE = 2.0
REVERSE_RATE = 1.0


def propose(rng, g):
    return {"x": rng.randrange(g.n)}


def triangle_weights(n: int, cap: int) -> list[float]:
    """Relative weights of the triangle counts 1..cap (the stratified value draw)."""
    return [(ONE_WEIGHT if v == 1 and cap > 1 else TWO_WEIGHT if v == 2 and cap > 2 else 1.0)
            * (NEAR_N_WEIGHT if 0 <= n - v <= 5 else 1.0) for v in range(1, cap + 1)]


def _ways(d: list[int], a: int, b: int, sink: int | None,
          closed: bool = False) -> list[tuple[int, int]]:
    """The directions of an a-b edge that keep every distance from x (``d`` as a list) and
    leave ``sink`` without out-edges; ``closed``: never from x's first layer into its second
    (the reach set's crossings stay the tree's, ``_reach.close_blocks``)."""
    return [(u, v) for u, v in ((a, b), (b, a))
            if d[v] <= d[u] + 1 and u != sink and not (closed and d[u] == 1 and d[v] == 2)]


def _fill(rng, d: list[int], free: list[tuple[int, int]], u: list[int], sink: int | None,
          want: int, closed: bool = False) -> tuple[int, list[tuple[int, int]]]:
    """Link the ``free`` pairs of the set, shuffled, while the count stays at most ``want``:
    ``(count, edges added)``; ``u`` (the undirected links so far as neighbour bitmasks,
    holding one triangle) is updated in place. Bitmasks, not a Boolean matrix: the set has
    a few nodes, and a numpy call per pair cost more than the whole walk."""
    have, added = 1, []
    pairs = list(free)
    rng.shuffle(pairs)
    for a, b in pairs:
        if have == want:
            break
        gain = (u[a] & u[b]).bit_count()
        ways = _ways(d, a, b, sink, closed)
        if ways and have + gain <= want:
            have += gain
            u[a] |= 1 << b
            u[b] |= 1 << a
            added.append(ways[rng.randrange(len(ways))])
    return have, added


def _neutral(rng, d: list[int], free: list[tuple[int, int]], edges: list[tuple[int, int]],
             n: int, sink: int | None, closed: bool, q: float) -> list[tuple[int, int]]:
    """Links among the set that keep the count: each ``free`` pair still unlinked, with
    chance ``q``, where it closes no triangle (no common neighbour); then each link's reverse
    edge with chance ``q * REVERSE_RATE / NEUTRAL_RATE`` (the undirected links stay). Both
    keep the distances and the sink (``_ways``), so the set's density is not fixed by its
    count."""
    u = [0] * n
    for a, b in edges:
        u[a] |= 1 << b
        u[b] |= 1 << a
    pairs = [(a, b) for a, b in free if not (u[a] >> b) & 1]
    rng.shuffle(pairs)
    added = []
    for a, b in pairs:
        if rng.random() >= q or u[a] & u[b]:
            continue
        ways = _ways(d, a, b, sink, closed)
        if ways:
            u[a] |= 1 << b
            u[b] |= 1 << a
            added.append(ways[rng.randrange(len(ways))])
    links = [*edges, *added]
    back = q * REVERSE_RATE / NEUTRAL_RATE
    have = set(links)
    return added + [(b, a) for a, b in links if (b, a) not in have and rng.random() < back
                    and _ways(d, b, a, sink, closed)[:1] == [(b, a)]]


def construct(rng, n, rho, target):
    x = rng.randrange(n)
    lo = max(target.hops[0] if target.hops is not None else 1, 2)
    miss = lo <= n - 3 and rng.random() < OUTSIDE_SHARE
    depth = draw_depth(rng, target, n - 3 if miss else n - 1)
    low = max(depth, 2)
    # Larger sets carry more triangles; a node left out (most of the time) lets a triangle
    # through it make "every triangle of the graph" wrong.
    closed = depth >= DEEP and not target.decoy
    # No lone missed node: only missed nodes may link into one, so a lone one is a source
    # (it was a quarter of the instances, every one read). Where x is to miss nodes, its
    # depth leaves room for two; otherwise one short of every node is every node.
    top = n - 3 if miss else n - 1
    size = max(rng.randint(low, top), rng.randint(low, top))
    if size == n - 2:
        size = n - 1
    d, layers = layered(rng, n, x, size, depth)
    tree = tree_edges(rng, d)
    parent = {v: u for u, v in tree}
    inside = [x, *(v for layer in layers for v in layer)]
    k = len(inside)
    deep = rng.choice(layers[-1])
    third = (rng.choice([v for v in layers[0] if v != deep]) if depth == 1
             else parent[parent[deep]])
    # A leaf kept without out-edges: asking about it instead of x gives 0 triangles.
    parents = set(parent.values())
    leaves = [v for v in inside if v not in (x, deep, third) and v not in parents]
    sink = rng.choice(leaves) if leaves else None
    edges = [*tree, (deep, third)]
    u = [0] * n  # undirected neighbour bitmasks
    for a, b in edges:
        u[a] |= 1 << b
        u[b] |= 1 << a
    # The count is drawn among what this set can carry: every pair that has a direction
    # keeping the distances (and the sink) linked at once. Of two nodes the deeper may always
    # link to the other, so only the sink (no out-edge) misses pairs: those with a node more
    # than one layer above it. Bitmasks over the whole set at once, not a test per pair: a
    # set of a thousand nodes has half a million pairs.
    dl = d.tolist()
    whole = sum(1 << v for v in inside)
    room = [m | whole & ~(1 << v) if dl[v] >= 0 else m for v, m in enumerate(u)]
    if sink is not None:
        for v in inside:
            if dl[v] < dl[sink] - 1 or (closed and dl[v] == 1 and dl[sink] == 2):
                room[sink] &= ~(1 << v) | u[sink]
                room[v] &= ~(1 << sink) | u[v]
    cap = T.bit_triangles(room, MAX_TRIANGLES)
    # Where x reaches every node no distractor can be added, and a count fixed across retries
    # would fix the graph (and its structural half): such sets draw the count from rng.
    at = target.quantile if target.quantile is not None and k < n else rng.random()
    want = pick_at_quantile(range(1, cap + 1), triangle_weights(n, cap), at)
    # The set's unlinked pairs in order (C-level: the set may have a thousand nodes).
    linked = {(a, b) for a in inside for b in T.members(u[a])}
    free = list(filterfalse(linked.__contains__, combinations(inside, 2)))
    best: tuple[int, list[tuple[int, int]]] = (0, [])
    for _ in range(FILL_TRIES):
        have, added = _fill(rng, dl, free, list(u), sink, want, closed)
        if have > best[0]:
            best = (have, added)
        if have == want:
            break
    # Not every count up to the cap is reachable (four nodes carry 1, 2 or 4 triangles, never
    # 3): the nearest count below the drawn one is planted instead of a redraw, which would
    # give up the stratified value.
    edges += best[1]
    edges += _neutral(rng, dl, free, edges, n, sink, closed, NEUTRAL_RATE * rho)
    missed = [v for v in range(n) if dl[v] < 0]
    inner = len(edges)  # the set's links
    if missed:  # v -> w, v -> a, w -> a: a triangle the subgraph does not hold, one edge
        # more for each of two missed nodes (closed: a at x or its first layer, so no missed
        # node links deeper); two edges from one missed node made it the one with most
        v, w = rng.sample(missed, 2)
        a = rng.choice([u for u in inside if dl[u] <= 1] if closed else inside)
        edges += [(v, w), (v, a), (w, a)]
    if not closed:
        return outside(rng, n, rho, d, edges), {"x": x}
    # Closed blocks (docs/audit-and-floors.md): the distractors of ``outside`` (from missed
    # nodes only, so the count holds) minus any edge from a missed node into the second layer
    # or deeper, and the missed nodes in a ring.
    ok, ring = close_blocks(rng, allowed(d) & (d < 0)[:, None], edges, [d])
    required = [*edges, *ring]
    mask = np.zeros((n, n), dtype=bool)
    for a, b in required:
        mask[a, b] = True
    free = int(np.count_nonzero(ok & ~mask))
    # A missed node's expected out-degree is a reached node's mean one (set by the count and
    # the neutral links), besides its ring and the outside triangle (counting those in drew
    # the missed nodes sparser and alike, and read better: 70% against 52%).
    rows = int(np.count_nonzero(ok[d < 0]))
    rate = inner / k * len(missed) / max(rows, 1)
    dens = (len(required) + rate * free) / (n * (n - 1))
    return plant(rng, n, dens, required, ok), {"x": x}


def tensor_program(g, q):
    """``S = R(x) ∪ {x}``; ``U = (A ∨ Aᵀ)[S, S]``; ``trace(U³) / 6``."""
    a, x = g.adjacency, q["x"]
    keep = T.reach(a, x)
    keep[x] = True
    u = (a | a.T)[keep][:, keep]
    return T.triangles(u)


def nx_program(G, q):
    import networkx as nx

    x = q["x"]
    H = G.subgraph(nx.descendants(G, x) | {x}).to_undirected(as_view=True)
    return sum(nx.triangles(H).values()) // 3


def ignore_reach(g, q):
    """Lazy reader: every triangle of the graph (direction ignored), reached or not."""
    a = g.adjacency
    return T.triangles(a | a.T)


TL_PROGRAM = """\
R[y] = closure(Edge)[X, y].
S[y] = R[y] + (y == X).
U[x, y] = Edge[x, y] + Edge[y, x].
answer count(S[x] S[y] S[z] U[x, y] U[y, z] U[x, z] (x < y) (y < z)).
"""


def template(w, q):
    x = q["x"]
    return (
        f"Consider {x} together with every {w.noun} that {x} can reach by following {w.links} "
        f"in their direction. Ignoring direction, how many triangles (groups of three of these "
        f"{w.nouns} in which every two are directly linked) are there among them?"
    )


CATEGORY = Category(
    id="triangle_in_subgraph", level=2, family="digraph", answer="integer",
    primitives=("closure", "subgraph", "triangles"), propose=propose,
    tensor_program=tensor_program, nx_program=nx_program, template=template,
    node_keys=("x",), min_n=3, accept=lambda a, g: a > 0, construct=construct,
    # Generated from 5 nodes: at 4 a reach set carries 1, 2 or 4 triangles, and "answer
    # n - 3" (one triangle) was right on 45% of those instances.
    generate_min_n=6,
    blocks_from=DEEP,
    hop_weights=SET_HOP_WEIGHTS,
    shortcuts={"ignore-reach": ignore_reach},
    summary="Count undirected triangles in the subgraph induced by x and R(x).",
    tl_program=TL_PROGRAM,
)
