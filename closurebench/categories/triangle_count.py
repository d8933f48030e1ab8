"""triangle_count (L1): the number of triangles in an undirected graph.

Convention: a triangle is three distinct nodes every two of which are linked, counted once.
Example: links A-B, B-C, C-A, C-D have exactly 1 triangle.

Instances are built: the link count is drawn as G(n, ρ)'s, the triangle count (at
``Target.quantile``) from 0 to the most those links can close, but at least 0..FLOOR; the
graph gets those links, or the fewest that can close the drawn count if that is more (only
in sparse cells), and a random graph with that many links is moved to the count by link
swaps, then on until it has a loop that is not a triangle (up to BUMPS more links where its
few links cannot have one), so counting independent loops does not give the answer.
Generated from n = 5: the 11 graphs on four nodes fall by structural half into counts {0, 2}
and {1, 4}, so each split's four-node instances could hold only two answers.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import combinations, filterfalse
from math import comb

from closurebench.categories._reach import binomial
from closurebench.categories._spec import Category, Target
from closurebench.graph import tensor as T
from closurebench.graph.families import Graph
from closurebench.graph.plant import pick_at_quantile

#: Link swaps tried before the constructor gives up on one graph.
SWAPS = 400
#: How far from G(n, ρ)'s expected count the drawn count may be: SWAPS swaps cannot move a
#: large graph much further (in the default cells, n <= 10 and ρ <= 0.5, every count from 0
#: to the most the links can close is within reach).
REACH = 40
#: Swaps tried, once the count is met, for a graph whose loops are not all lone triangles.
RESWAPS = 80
#: Counts 0..FLOOR are always possible answers, even where ρ's links could close fewer (a
#: sparse graph then gets the fewest links that close the count: 6, a K4, for 4). 0.2.1's
#: 0..2 put sparse cells on three answers, so 0 and 1 took ~23% each and a 50-instance
#: split's most frequent count went over 30% on one seed in ten; with 0..4, 18%.
FLOOR = 4
#: Weight of the counts 0..FLOOR where more are possible: sparse cells allow only those,
#: so elsewhere the larger counts take more of the draw.
LOW = 0.5
#: Weight factor of the counts n - 5 .. n - 2, which a reader answering "n - k" would get
#: (in small graphs they are among the few counts possible). 0.2.0 weighed only n - 3 and
#: n - 2, which moved "answer n - 4" and "n - 5" to ~20% each.
NEAR_N = 0.6
#: Links added, one at a time, when no graph with ρ's links has a cycle rank other than the
#: count: a lone triangle in a forest has rank 1, so a reader counting loops would be right.
BUMPS = 3
#: Share of rank-equal graphs kept as they are: the few small graphs with another loop would
#: otherwise be all a sparse cell's instances, too few shapes for both structural halves.
KEEP = 0.1
#: Share of tries that draw the count from ``rng`` instead of ``Target.quantile`` (a retry
#: gets the same quantile): some counts fit one structural half only (K4 minus a link is the
#: only four-node graph with two triangles), and the cell must stay posable for the other.
ESCAPE = 0.1


def propose(rng, g):
    return {}


def most_triangles(links: int) -> int:
    """The most triangles ``links`` links can close: a clique plus a partly joined node."""
    k = 0
    while comb(k + 1, 2) <= links:
        k += 1
    return comb(k, 3) + comb(links - comb(k, 2), 2)


def fewest_links(triangles: int) -> int:
    """The fewest links that can close ``triangles`` triangles."""
    links = 0
    while most_triangles(links) < triangles:
        links += 1
    return links


def construct(rng, n, rho, target: Target):
    pairs = list(combinations(range(n), 2))  # in C: n = 2,000 has two million pairs
    links = binomial(rng, len(pairs), rho)  # as many as G(n, ρ) would have
    cap = min(max(most_triangles(links), FLOOR), comb(n, 3))
    near = round(comb(n, 3) * rho ** 3)  # G(n, ρ)'s expected count, where the swaps start
    hi = min(cap, near + REACH)
    counts = list(range(min(max(near - REACH, 0), hi), hi + 1))
    u = target.quantile if target.quantile is not None and rng.random() >= ESCAPE else rng.random()
    weights = [(LOW if c <= FLOOR < cap else 1.0) * (NEAR_N if n - 5 <= c <= n - 2 else 1.0)
               for c in counts]
    want = pick_at_quantile(counts, weights, u)
    links = max(links, fewest_links(want))
    fallback = None
    for extra in range(min(BUMPS, len(pairs) - links) + 1):
        found = _search(rng, n, pairs, links + extra, want)
        if found is None:
            continue
        edges, loops = found
        fallback = fallback or edges
        if not loops:
            return Graph(n, edges, directed=False), {}
        if rng.random() < KEEP:
            break
    # Where no graph of these few links has a loop that is not a triangle, or at KEEP's rate.
    return None if fallback is None else (Graph(n, fallback, directed=False), {})


def _search(rng, n: int, pairs: list, links: int, want: int):
    """A random graph with ``links`` links moved to ``want`` triangles by link swaps, then
    on (count-keeping swaps) until its cycle rank differs from ``want``: ``(edges, False)``;
    ``(edges, True)`` if the rank never moved off the count; ``None`` if the count was not met.
    """
    nbr = [0] * n  # neighbour bitmasks
    edges = rng.sample(pairs, links)
    for u, v in edges:
        nbr[u] |= 1 << v
        nbr[v] |= 1 << u
    count = sum((nbr[u] & nbr[v]).bit_count() for u, v in edges) // 3
    free = list(filterfalse(set(edges).__contains__, pairs))
    # Where a pair sits in ``free``, without a map of every free pair (n = 2,000 has two
    # million): one never linked sits at its place among the first graph's unlinked pairs;
    # ``back`` holds the places of those a swap unlinked.
    first, back = sorted(edges), {}

    def slot(pair: tuple[int, int] | None) -> int | None:
        if pair is None or pair in back:
            return back.get(pair)
        a, b = pair
        at = a * (2 * n - a - 1) // 2 + b - a - 1 - bisect_left(first, pair)
        return at if at < len(free) and free[at] == pair else None

    done, hit, moved_on, gap = None, SWAPS, True, abs(count - want)
    # Bound once, the swap loop being the hottest Python of the generator; with nothing to
    # swap (the empty or the complete graph) it stops after the first check.
    randrange, random, spare, stuck = rng.randrange, rng.random, len(free), not (free and edges)
    for step in range(SWAPS):
        if count == want and moved_on:  # the rank changes only when a swap was taken
            if _rank(nbr, links) != want:
                return tuple(sorted(edges)), False
            done, hit = done or tuple(sorted(edges)), min(hit, step)
        moved_on = False
        if stuck or step >= hit + RESWAPS:
            break
        i, j = randrange(links), randrange(spare)
        if count < want and random() < 0.5:  # in sparse graphs few pairs close a triangle
            at = slot(_wedge(rng, nbr))
            if at is not None:
                j = at
        out, into = edges[i], free[j]
        (u, v), (a, b) = out, into
        nbr[u] ^= 1 << v
        nbr[v] ^= 1 << u
        moved = count - (nbr[u] & nbr[v]).bit_count() + (nbr[a] & nbr[b]).bit_count()
        if abs(moved - want) <= gap:
            nbr[a] |= 1 << b
            nbr[b] |= 1 << a
            edges[i], free[j], count, moved_on, gap = into, out, moved, True, abs(moved - want)
            back.pop(into, None)
            back[out] = j
        else:
            nbr[u] ^= 1 << v
            nbr[v] ^= 1 << u
    if count == want and _rank(nbr, links) != want:
        return tuple(sorted(edges)), False
    return None if done is None else (done, True)


def _wedge(rng, nbr: list[int]) -> tuple[int, int] | None:
    """Two neighbours of one node (a pair whose link would close a triangle), or None."""
    centres = [c for c, m in enumerate(nbr) if m & (m - 1)]
    if not centres:
        return None
    m = nbr[centres[rng.randrange(len(centres))]]
    ends = [v for v in range(m.bit_length()) if m >> v & 1]
    a, b = sorted(rng.sample(ends, 2))
    return (a, b)


def _rank(nbr: list[int], links: int) -> int:
    """Cycle rank (links - nodes + components) of a graph given as neighbour bitmasks."""
    seen, parts = 0, 0
    for v in range(len(nbr)):
        if not seen >> v & 1:
            parts += 1
            front = 1 << v
            while front:
                seen |= front
                reach = 0
                while front:  # the set bits only (``_search`` ranks a graph per swap taken)
                    low = front & -front
                    reach |= nbr[low.bit_length() - 1]
                    front ^= low
                front = reach & ~seen
    return links - len(nbr) + parts

def cycle_rank(g, q):
    """Independent loops (links - nodes + components): counting loops, not triangles."""
    nbr = [0] * g.n
    for u, v in g.edges:
        nbr[u] |= 1 << v
        nbr[v] |= 1 << u
    return _rank(nbr, len(g.edges))


def tensor_program(g, q):
    """``Triangles = trace(A³) / 6``."""
    return T.triangles(g.adjacency)


def nx_program(G, q):
    import networkx as nx

    return sum(nx.triangles(G).values()) // 3


TL_PROGRAM = """\
U[x, y] = Edge[x, y] + Edge[y, x].
answer count(U[x, y] U[y, z] U[x, z] (x < y) (y < z)).
"""


def template(w, q):
    return (
        f"How many triangles are there, that is, groups of three {w.nouns} in which every two "
        f"are directly linked? Count each group once."
    )


CATEGORY = Category(
    id="triangle_count", level=1, family="undirected", answer="integer",
    primitives=("triangles",), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=(), min_n=3,
    # Generated from 6 nodes: built blind (``pose.BLIND``), and below 6 the degree sequence
    # all but fixes the graph (at 4 the 11 graphs also split by structural half into counts
    # {0, 2} and {1, 4}, so each split's n = 4 instances crowded onto two counts).
    generate_min_n=6,
    construct=construct, shortcuts={"cycle-rank": cycle_rank},
    summary="Count triangles (trace(A³)/6) in an undirected graph.",
    tl_program=TL_PROGRAM,
)
