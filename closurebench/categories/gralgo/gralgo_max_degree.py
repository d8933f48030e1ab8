"""gralgo_max_degree (GrAlgoBench, enumeration): the largest degree in an undirected graph.

Convention: a node's degree is its number of direct links. Example: links A-B, A-C, B-C,
C-D: C has 3, the answer is 3.

Built: the answer D is drawn over [⌈mean⌉ + 1, min(n - 1, 2 mean + 4)] (at
``Target.quantile``) and realised inside a random graph of the cell's link count: the busiest
three to five nodes become one to three at D and two at D - 1, and link ends move one at a
time only between nodes of degree ⌈mean⌉ - 1 or more (stepping down to 3 where D needs it),
none of which falls below that floor. So the link count and the counts of nodes of every
lower degree are the random graph's, drawn from n and m alone, whatever D is (the earlier
construction capped every node below D and its link count and degree histogram told D).
Where no random graph can be moved so (small n, D at an end of its range) the old capped
construction is the fallback (``_capped``).
"""

from __future__ import annotations

import math

from closurebench.categories._spec import Category, Target
from closurebench.categories.gralgo._common import edge_count, sparse_graph
from closurebench.graph.families import Graph
from closurebench.graph.plant import pick_at_quantile

#: Random graphs tried per answer before the cell gives up (``construct`` -> None).
TRIES = 30


def propose(rng, g):
    return {} if g.edges else None


def _feasible(m: int, want: int, k: int) -> bool:
    """Can ``m`` links give ``k`` nodes degree ``want`` and two more ``want - 1``? Their
    degrees S need S - 2·C(k + 2, 2) link ends from the other nodes, which hold 2m - S."""
    tops = k + 2
    s = k * want + 2 * (want - 1)
    return s <= m + tops * (tops - 1) // 2


def _tops(n: int, m: int, want: int) -> list[int]:
    """How many nodes (1 to 3) can sit at ``want`` with two more at ``want - 1``: few enough
    that ``m`` links carry them (``_feasible``), and many enough that the other nodes, each
    at most ``want - 1``, hold the rest of the 2m link ends (binding at the low end)."""
    return [k for k in (1, 2, 3)
            if _feasible(m, want, k) and k * want + (n - k) * (want - 1) >= 2 * m]


def _range(n: int, m: int) -> list[int]:
    """``[⌊mean⌋ + 1, min(n - 1, 2 mean + 4)]``, cut to the answers ``m`` links can carry
    with their runners-up (up to 0.3.5 the fallback added links there, so the link count read
    the answer). Up to 0.3.6 it started at ⌈mean⌉ + 1: at GrAlgoBench's smallest scale that
    left two or three values and one of them was the answer in a third of the instances."""
    mean = 2 * m / n
    lo = min(n - 1, max(2, math.floor(mean) + 1))
    hi = max(lo, min(n - 1, round(2 * mean) + 4))
    return [v for v in range(lo, hi + 1) if _tops(n, m, v)] or [hi]


def construct(rng, n, rho, target: Target):
    m = edge_count(n, rho)
    mean = 2 * m / n
    values = _range(n, m)
    u = rng.random() if target.quantile is None else target.quantile
    want = pick_at_quantile(values, [1.0] * len(values), u)
    for i in range(TRIES):  # degrees below the floor keep the random graph's counts; the
        # floor steps down (ceil(mean) - 1, - 2, - 3) only where the answer needs it
        # (below want - 1, or no node could take a link end: at the lowest answers)
        floor = min(want - 2, max(3, math.ceil(mean) - 1 - 3 * i // TRIES))
        g = _realise(rng, n, m, want, floor)
        if g is not None:
            return g, {}
    return _capped(rng, n, m, want)


def _realise(rng, n: int, m: int, want: int, floor: int) -> Graph | None:
    """A random graph of ``m`` links moved, one link end at a time, to the largest degree
    ``want``: one to three nodes at ``want``, two at ``want - 1``, every other node at most
    ``want - 1``. Only nodes of degree ``floor`` or more give or take a link end, and none
    falls below ``floor``, so the link count and every count of nodes of a degree below
    ``floor`` are the random graph's, drawn from n and m alone."""
    adj: list[set[int]] = [set() for _ in range(n)]
    for a, b in sparse_graph(rng, n, m):
        adj[a].add(b)
        adj[b].add(a)
    order = rng.sample(range(n), n)
    order.sort(key=lambda v: -len(adj[v]))  # the busiest nodes become the tops (fewest moves)
    ks = _tops(n, m, want)
    if not ks:  # a near-complete graph: no top group fits, ``_capped`` decides
        return None
    tops = order[:rng.choice(ks) + 2]
    if len(tops) < 3 or len(adj[tops[-1]]) < floor:
        return None
    goal = dict.fromkeys(range(n), want - 1)
    goal |= {v: want for v in tops[:-2]}
    fixed = set(tops)
    mid = [v for v in order if v not in fixed and len(adj[v]) >= floor]

    def move(a: int, old: int, new: int) -> None:
        adj[a].discard(old)
        adj[old].discard(a)
        adj[a].add(new)
        adj[new].add(a)

    for v in order:  # too busy: hand link ends to mid nodes below the cap
        while len(adj[v]) > goal[v]:
            takers = [c for c in mid if c != v and len(adj[c]) < want - 1]
            if not takers:
                return None
            c = rng.choice(takers)
            ends = sorted(a for a in adj[v] if a != c and c not in adj[a])
            if not ends:
                return None
            move(rng.choice(ends), v, c)
    for v in tops:  # not busy enough: take link ends from mid nodes above the floor
        while len(adj[v]) < goal[v]:
            givers = [b for b in mid if len(adj[b]) > floor
                      and any(a != v and v not in adj[a] for a in adj[b])]
            if not givers:
                return None
            b = rng.choice(givers)
            move(rng.choice(sorted(a for a in adj[b] if a != v and v not in adj[a])), b, v)
    edges = tuple(sorted((a, b) for a in range(n) for b in adj[a] if a < b))
    return Graph(n, edges, directed=False)


def _capped(rng, n: int, m: int, want: int):
    """The fallback where no random graph of ``m`` links moves to ``want`` without touching
    the low degrees (small n, an answer near either end of its range): every node capped below
    ``want``, one to three raised to it and two to ``want - 1`` by moving link ends from other
    nodes, the links topped up: the link count is always the cell's."""
    edges = sorted(sparse_graph(rng, n, m))
    rng.shuffle(edges)
    deg = [0] * n
    kept = set()
    for a, b in edges:  # cap every degree below the answer
        if deg[a] < want - 1 and deg[b] < want - 1:
            kept.add((a, b))
            deg[a] += 1
            deg[b] += 1
    # one to three at ``want`` while the link ends allow it (every other node keeps one)
    tops = rng.sample(range(n), min(n, rng.choice(_tops(n, m, want) or [1]) + 2))
    top_set = set(tops)
    for i, v in enumerate(tops):
        # raised by moving one end of a link between two other nodes to v, so the link
        # count stays the cell's (up to 0.3.5 links were added, and a large answer came with
        # up to twice the links: the link count alone read it)
        goal = want if i < len(tops) - 2 or len(tops) <= 2 else want - 1
        while deg[v] < goal:
            ends = [(a, b) for e in sorted(kept) for a, b in (e, e[::-1])
                    if a not in top_set and b != v and deg[a] > 1
                    and (min(v, b), max(v, b)) not in kept]
            if ends:
                a, b = rng.choice(ends)
                kept.discard((min(a, b), max(a, b)))
                kept.add((min(v, b), max(v, b)))
                deg[a] -= 1
                deg[v] += 1
                continue
            # every such end leads to a neighbour of v: link v to a new node and drop a
            # link between two other nodes that both keep one
            new = [x for x in range(n) if x != v and deg[x] < want - 1
                   and (min(v, x), max(v, x)) not in kept]
            drop = [(a, b) for a, b in sorted(kept) if a not in top_set and b not in top_set
                    and deg[a] > 1 and deg[b] > 1]
            if not new or not drop:
                return None
            x, (a, b) = rng.choice(new), rng.choice(drop)
            kept.discard((a, b))
            kept.add((min(v, x), max(v, x)))
            deg[a] -= 1
            deg[b] -= 1
            deg[v] += 1
            deg[x] += 1
    # top the links back up to the cell's count among nodes still below the cap, so the
    # link count (and the degree histogram) does not tell how low the cap was
    low = [v for v in range(n) if deg[v] < want - 1]
    tries = 0
    while len(kept) < m and len(low) > 1 and tries < 20 * m:
        tries += 1
        a, b = rng.sample(low, 2)
        pair = (min(a, b), max(a, b))
        if pair not in kept:
            kept.add(pair)
            deg[a] += 1
            deg[b] += 1
            low = [v for v in low if deg[v] < want - 1]
    g = Graph(n, tuple(sorted(kept)), directed=False)
    return (g, {}) if max(deg) == want and len(kept) == m else None


def mean_rounded_up(g, q):
    """Twice the links over the nodes, rounded up: the typical degree, not the largest."""
    return math.ceil(2 * len(g.edges) / g.n) if g.n else 0


def tensor_program(g, q):
    """``max_v Σ_u A[v, u]``: row sums of the symmetric adjacency, then their maximum."""
    return int(g.adjacency.sum(1).max()) if g.n else 0


def nx_program(G, q):
    return max((d for _, d in G.degree()), default=0)


TL_PROGRAM = None  # TL has argmax (a node) but no max of a value, so it cannot say this yet.


def template(w, q):
    return (f"Counting each {w.noun}'s direct links, what is the largest number of links "
            f"that any one {w.noun} has?")


CATEGORY = Category(
    id="gralgo_max_degree", level=1, family="undirected", answer="integer",
    primitives=("degree",), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=(), min_n=3, generate_min_n=5,
    construct=construct, shortcuts={"mean-rounded-up": mean_rounded_up},
    summary="GrAlgoBench MaxDegree: the largest degree of an undirected graph.",
    weights="none",
    # every node's degree is the asked computation, and so is the graph's degree histogram
    # (the shares of nodes of degree 0..3, sinks, sources, isolated): with the link count
    # fixed, how many nodes sit low says how high the top one is
    local_answer=("v.out", "v.in", "v.sink", "v.source", "g.out", "g.in", "g.sinks",
                  "g.sources", "g.isolated"),
)
