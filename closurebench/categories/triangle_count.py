"""triangle_count (L1): the number of triangles in an undirected graph.

Convention: a triangle is three distinct nodes every two of which are linked, counted once.
Example: links A-B, B-C, C-A, C-D have exactly 1 triangle.

Instances are built: the link count is drawn as G(n, ρ)'s, the triangle count uniformly from
0 to the most those links can close, but at least 0..FLOOR; the graph gets those links, or
the fewest that can close the drawn count if that is more (only in sparse cells), and a
random graph with that many links is moved to the count by link swaps. So the count comes
from its own draw, not from the density, and the realised density stays near the nominal.
"""

from __future__ import annotations

from math import comb

from closurebench import tensor as T
from closurebench.categories._spec import Category, Target
from closurebench.graphs import Graph

#: Link swaps tried before the constructor gives up on one graph.
SWAPS = 400
#: Swaps tried, once the count is met, for a graph whose loops are not all lone triangles.
RESWAPS = 30
#: Counts 0..FLOOR are always possible answers, even where ρ's links could close fewer.
FLOOR = 2


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
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    links = sum(rng.random() < rho for _ in pairs)  # as many as G(n, ρ) would have
    want = rng.randint(0, min(max(most_triangles(links), FLOOR), comb(n, 3)))
    links = max(links, fewest_links(want))
    nbr = [0] * n  # neighbour bitmasks
    edges = rng.sample(pairs, links)
    for u, v in edges:
        nbr[u] |= 1 << v
        nbr[v] |= 1 << u
    count = sum((nbr[u] & nbr[v]).bit_count() for u, v in edges) // 3
    free = [e for e in pairs if not nbr[e[0]] >> e[1] & 1]
    done, hit = None, SWAPS
    for step in range(SWAPS):
        if count == want:
            hit = min(hit, step)
            if _rank(nbr, links) != want or step >= hit + RESWAPS:
                return Graph(n, tuple(sorted(edges)), directed=False), {}
            # Every loop is a lone triangle, so counting loops would do: swap on a while.
            done = done or tuple(sorted(edges))
        if not (free and edges):  # the empty or the complete graph: nothing to swap
            break
        i, j = rng.randrange(links), rng.randrange(len(free))
        (u, v), (a, b) = edges[i], free[j]
        nbr[u] ^= 1 << v
        nbr[v] ^= 1 << u
        moved = count - (nbr[u] & nbr[v]).bit_count() + (nbr[a] & nbr[b]).bit_count()
        if abs(moved - want) <= abs(count - want):
            nbr[a] |= 1 << b
            nbr[b] |= 1 << a
            edges[i], free[j], count = (a, b), (u, v), moved
        else:
            nbr[u] ^= 1 << v
            nbr[v] ^= 1 << u
    return (Graph(n, done, directed=False), {}) if done is not None else None


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
                for u in range(len(nbr)):
                    if front >> u & 1:
                        reach |= nbr[u]
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
    construct=construct, shortcuts={"cycle-rank": cycle_rank},
    summary="Count triangles (trace(A³)/6) in an undirected graph.",
    tl_program=TL_PROGRAM,
)
