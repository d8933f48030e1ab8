"""gralgo_diameter (GrAlgoBench, exploration): the hop diameter of a connected graph.

Convention: the distance between two nodes is the fewest links on a chain joining them; the
diameter is the largest distance over all pairs (the graph is connected). Example: links
A-B, B-C, C-D, B-D: the diameter is 2 (A to C, A to D).

Built: the diameter D is drawn over 2..min(n - 2, 4 + n // 12) (at ``Target.quantile``) and
planted as a small *skeleton* that double sweep (the farthest node from the busiest one,
then that node's eccentricity) misjudges, blown up to n nodes so that every distance of the
skeleton survives (``_blow_up``). The skeleton for D >= 4 is a ring of 2K links through the
hub h with the two ends of the diameter on pendants beside it (``_rings``): both ends are
nearer h than the ring's far point f, and f is nearer both ends than D, so the sweep from h
lands on f and reports f's eccentricity, below D. Double sweep cannot be fooled at D = 2
(the farthest node from anywhere is an end) or, whatever node it lands on, at D = 3; there
the far side of h is filled with decoys of eccentricity 2 beside the one end, so it lands on
an end only by the luck of its tie-break. Every other node copies a skeleton node (linked to
the skeleton neighbours of its copy) or hangs from one, and further links join only nodes
whose skeleton nodes are equal or linked, so no distance between skeleton nodes shrinks; the
kinds of node are weighed at random per graph, so the share of low-degree nodes does not
follow D. The hub is kept the unique busiest node, and every graph is checked exactly.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from itertools import pairwise

import numpy as np

from closurebench.categories._spec import Category, Target
from closurebench.categories.gralgo._common import (
    INF,
    connected,
    edge_count,
    hop_matrix,
    minplus_closure,
    require_connected,
)
from closurebench.graph.families import Graph
from closurebench.graph.plant import pick_at_quantile

#: Decoys (far nodes that are not an end of a diameter) per end the sweep may land on, at
#: least, where an end cannot be kept off the far side (D = 3).
DECOYS = 2

Skeleton = tuple[int, tuple[tuple[int, int], ...]]


def propose(rng, g):
    return {} if connected(g) and g.edges else None


def _dist(size: int, edges) -> np.ndarray:
    """All-pairs hop distances of a small skeleton (``INF``: unreachable)."""
    w = np.full((size, size), INF, dtype=np.int64)
    if edges:
        u, v = np.array(edges, dtype=np.intp).T
        w[u, v] = w[v, u] = 1
    np.fill_diagonal(w, 0)
    return minplus_closure(w)


def _fools(d: np.ndarray, diam: int, ends: tuple[int, ...] = ()) -> bool:
    """Whether distances ``d`` (hub: node 0) have diameter ``diam`` and (D >= 3) every
    farthest node from the hub but ``ends`` has eccentricity below it, so the sweep from
    the hub reports less."""
    ecc = d.max(1)
    if ecc.max() != diam:
        return False
    far = np.flatnonzero(d[0] == ecc[0])
    return diam < 3 or all(ecc[v] < diam for v in far if v not in ends)


@lru_cache(maxsize=64)
def _rings(diam: int) -> tuple[Skeleton, ...]:
    """Ring skeletons fooling double sweep at ``diam`` >= 4: the hub at ring position 0,
    ring length 2K, one end x links from the hub (a pendant from ring position i), the other
    y = diam - x links (a pendant from position 2K - j), K = max(x, y) + 1 so the ring's far
    point is the hub's unique farthest node; kept where that point is nearer both ends than
    ``diam`` (checked exactly)."""
    out = []
    for x in range((diam + 1) // 2, diam):
        y, k = diam - x, x + 1
        for i in range(1, x + 1):
            for j in range(1, y + 1):
                if i + j > k or k >= y + 2 * i or k >= x + 2 * j or k >= diam:
                    continue
                ring = list(range(2 * k))
                edges = [(a, b) for a, b in pairwise([*ring, 0])]
                size = 2 * k
                for at, length in ((i, x - i), (2 * k - j, y - j)):
                    chain = [at, *range(size, size + length)]
                    edges += list(pairwise(chain))
                    size += length
                edges = [(min(a, b), max(a, b)) for a, b in edges]
                if _fools(_dist(size, edges), diam):
                    out.append((size, tuple(edges)))
    return tuple(out)


#: D = 2: a hub and one neighbour, copied (the hub ends up linked to every node; double
#: sweep is exact). D = 3: a 4-cycle h-c-f-e'-h and an end e (node 4) hung from c; the
#: other ends are e' and its copies. The hub's far side holds e, f and the hub's copies,
#: all 2 away: f and the copies are the decoys.
SMALL = {2: ((2, ((0, 1),)),), 3: ((5, ((0, 1), (1, 2), (2, 3), (0, 3), (1, 4))),)}
#: The ends allowed on the hub's far side (D = 3: the hung end, never copied).
ENDS = {3: (4,)}


def _skeletons(diam: int) -> tuple[Skeleton, ...]:
    return SMALL[diam] if diam in SMALL else _rings(diam)


@lru_cache(maxsize=256)
def _kinds(skeleton: Skeleton, diam: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The kinds of extra node a skeleton takes, as (class, skeleton nodes it links to): a
    copy of a skeleton node (linked to its neighbours; the node's class), a leaf hung from
    one, or a node in a triangle with the hub and a hub neighbour (each a class of its own,
    numbered past the skeleton). Each kind is kept only if the skeleton with two nodes of
    every kind kept so far still has diameter ``diam`` and still fools the sweep
    (``_fools``): copies of a kind then change neither, whatever their number."""
    size, edges = skeleton
    nbr: list[list[int]] = [[] for _ in range(size)]
    for a, b in edges:
        nbr[a].append(b)
        nbr[b].append(a)
    # the hub's own kinds first (they keep it the busiest), then copies, then other leaves
    cands: list[tuple[int | None, tuple[int, ...]]] = []
    if diam > 2:
        cands += [(None, (0,))] + [(None, (0, w)) for w in nbr[0]]
    d = _dist(size, edges)
    far = d[0].max()  # decoys (far from the hub, not ends) first: they make the sweep miss
    copies = sorted(range(diam == 2, size), key=lambda v: (d[0, v] != far, v))  # D = 2: no
    cands += [(v, tuple(nbr[v])) for v in copies]                               # hub copies
    if diam > 2:
        cands += [(None, (v,)) for v in range(1, size)]
    # Distances with one node of each kind kept (K of them) added, without further links:
    # a node of a kind is 1 + (its nearest link's distance) from a skeleton node and 2 +
    # (the nearest two links') from another added node (every added node's links are
    # within two of each other, so no chain through one is shorter); two of one kind are 2
    # apart. ``r`` holds the first (K x size), ``kk`` the second (K x K).
    out: list[tuple[int, tuple[int, ...]]] = []
    r = np.zeros((0, size), dtype=np.int64)
    kk = np.zeros((0, 0), dtype=np.int64)
    fresh = size
    for c, links in cands:
        row = 1 + d[list(links)].min(0)
        col = 1 + r[:, list(links)].min(1) if len(r) else np.zeros(0, dtype=np.int64)
        r2 = np.vstack([r, row])
        kk2 = np.block([[kk, col[:, None]], [col[None, :], np.array([[2]])]])
        full = np.block([[d, r2.T], [r2, kk2]])
        if _fools(full, diam, ENDS.get(diam, ())):
            out.append((fresh if c is None else c, links))
            fresh += c is None
            r, kk = r2, kk2
    return tuple(out)


def construct(rng, n, rho, target: Target):
    hi = max(2, min(n - 2, 4 + n // 12))
    values = list(range(2, hi + 1))
    u = rng.random() if target.quantile is None else target.quantile
    diam = pick_at_quantile(values, [1.0] * len(values), u)
    fits = [s for s in _skeletons(diam) if s[0] <= n]
    if not fits:
        return None
    g = _blow_up(rng, n, edge_count(n, rho), rng.choice(fits), diam)
    if g is None or not _misjudged(g, diam):
        return None
    return g, {}


def _profile(rng: random.Random, n: int, m: int) -> tuple[int, int]:
    """How many nodes of degree 1 and of degree 2 a graph of n nodes and m links gets,
    drawn from n and m alone, so that they do not tell D: about a sparse random graph's
    shares at its mean degree c (Poisson), but never fewer degree-2 nodes than a graph with
    a node linked to all others and no leaf must have (n (4 - c) - 4: the D = 2 graphs)."""
    c = 2 * m / n
    p1, p2 = c * math.exp(-c), c * c / 2 * math.exp(-c)
    low2 = max(0, math.ceil(n * (4 - c) - 4))
    return rng.randint(0, round(1.5 * n * p1)), low2 + rng.randint(0, round(n * p2))


def _blow_up(rng: random.Random, n: int, m: int, skeleton: Skeleton, diam: int) -> Graph | None:
    """``skeleton`` grown to ``n`` nodes and about ``m`` links, its distances kept.

    Each extra node is of a kind (``_kinds``): every kind once (while room is left), then
    kinds weighed at random for this graph; it links to the skeleton nodes its kind names.
    More links (up to ``m``) join only nodes of the same class or of linked classes, so
    every chain maps onto the skeleton and no distance between skeleton nodes shrinks; they
    are placed so that the counts of degree-1 and degree-2 nodes meet ``_profile``'s draw
    (the rest get degree 3 or more), and the hub stays the unique busiest node. Node ids
    are a random permutation."""
    size, sk_edges = skeleton
    pool = list(_kinds(skeleton, diam))
    # at random per graph, hub-side kinds weighed up (they keep the hub the busiest)
    weight = [(rng.random() + 0.1) * (2.0 if 0 in k[1] else 1.0) for k in pool]
    # D = 3: the first extra nodes are decoys on the far side (copies of f and of the hub)
    decoys = [k for k in pool if k[0] in (0, 2)] if diam == 3 else []
    need = DECOYS if decoys else 0
    want1, want2 = _profile(rng, n, m)
    leaves = [k for k in pool if len(k[1]) == 1]
    first = rng.sample(pool, len(pool))
    cls = list(range(size))
    adj_cls: dict[int, set[int]] = {c: {c} for c in range(size)}
    for a, b in sk_edges:
        adj_cls[a].add(b)
        adj_cls[b].add(a)
    edges = {(min(a, b), max(a, b)) for a, b in sk_edges}
    deg = [0] * n
    for a, b in edges:
        deg[a] += 1
        deg[b] += 1
    for v in range(size, n):
        if deg[0] <= max(deg[1:]) + 1 and any(0 in k[1] for k in pool):
            # the hub: a kind linked to it, beside the idlest other nodes
            hub = [k for k in pool if 0 in k[1]]
            low = min(max((deg[w] for w in k[1] if w), default=0) for k in hub)
            c, links = rng.choice([k for k in hub
                                   if max((deg[w] for w in k[1] if w), default=0) == low])
        elif need:
            c, links = rng.choice(decoys)
            need -= 1
        elif first:
            c, links = first.pop()
        elif leaves and sum(d == 1 for d in deg[:v]) < want1:
            c, links = rng.choice(leaves)
        else:
            (c, links), = rng.choices(pool, weight)
        cls.append(c)
        adj_cls.setdefault(c, {c} | set(links))
        for w in links:
            adj_cls[w].add(c)
            edges.add((min(v, w), max(v, w)))
            deg[v] += 1
            deg[w] += 1
    members: dict[int, list[int]] = {}
    for v, c in enumerate(cls):
        members.setdefault(c, []).append(v)

    def near(v: int) -> list[int]:
        return [w for c in adj_cls[cls[v]] for w in members.get(c, ()) if w != v]

    # caps: want1 nodes stay at degree 1, want2 at degree 2, the rest get 3 or more
    cap = [n] * n
    ones = [v for v in range(1, n) if deg[v] == 1]
    rng.shuffle(ones)
    for v in ones[:want1]:
        cap[v] = 1
    twos = [v for v in range(1, n) if deg[v] == 2] + ones[want1:]
    rng.shuffle(twos)
    for v in twos[:want2]:
        cap[v] = 2

    def link(a: int, b: int) -> bool:
        e = (min(a, b), max(a, b))
        if a == b or e in edges or deg[a] >= cap[a] or deg[b] >= cap[b]:
            return False
        if 0 not in e and max(deg[a], deg[b]) + 1 >= deg[0]:
            return False
        edges.add(e)
        deg[a] += 1
        deg[b] += 1
        return True

    hub_near = near(0)
    rng.shuffle(hub_near)
    for w in hub_near:  # the hub: the unique busiest node
        if deg[0] > max(deg[1:]):
            break
        link(0, w)
    if deg[0] <= max(deg[1:]):
        return None
    low = [v for v in range(n) if deg[v] < 3 and cap[v] == n]
    rng.shuffle(low)
    for v in low:  # the uncapped nodes up to degree 3
        part = near(v)
        rng.shuffle(part)
        for w in part:
            if deg[v] >= 3 or len(edges) >= m:
                break
            link(v, w)
    tries = 0
    while len(edges) < m and tries < 30 * m:
        tries += 1
        a = rng.randrange(n)
        if deg[a] < cap[a]:
            part = near(a)
            if part:
                link(a, rng.choice(part))
    if len(edges) > m + n // 10:
        return None
    perm = rng.sample(range(n), n)
    return Graph(n, tuple(sorted((min(perm[a], perm[b]), max(perm[a], perm[b]))
                                 for a, b in edges)), directed=False)


def _misjudged(g: Graph, diam: int) -> bool:
    """Exact check: the diameter is ``diam``, the busiest node is unique, and the sweep
    from it lands on an end of a diameter only by its tie-break (never at D >= 4; at
    D = 3 on at most one far node in ``DECOYS + 1``). D = 2 passes on the diameter alone."""
    d = hop_matrix(g)
    if int(d.max()) != diam:
        return False
    if diam == 2:
        return True
    deg = g.adjacency.sum(1)
    top = np.flatnonzero(deg == deg.max())
    if len(top) != 1:
        return False
    row = d[top[0]]
    far = np.flatnonzero(row == row.max())
    ends = int((d[far].max(1) >= diam).sum())
    return ends == 0 if diam >= 4 else DECOYS * ends <= len(far) - ends


def double_sweep(g, q):
    """Two breadth-first sweeps: the farthest node from the busiest one, then its
    eccentricity. Exact on trees, a lower bound in general."""
    d = hop_matrix(g)
    start = int(np.argmax(g.adjacency.sum(1)))
    far = int(np.argmax(np.where(d[start] < INF, d[start], -1)))
    return int(np.where(d[far] < INF, d[far], -1).max())


def twice_radius_from_busiest(g, q):
    """Twice the busiest node's eccentricity, halved back: its eccentricity read as the
    diameter (right when the busiest node is an end of a longest chain)."""
    d = hop_matrix(g)
    start = int(np.argmax(g.adjacency.sum(1)))
    return int(np.where(d[start] < INF, d[start], -1).max())


def tensor_program(g, q):
    """``max D`` over the hop-distance matrix (the (min,+) closure over unit weights)."""
    require_connected(g, "the diameter")
    return int(hop_matrix(g).max())


def nx_program(G, q):
    import networkx as nx

    if not nx.is_connected(G):  # nx.diameter raises here too, with a less direct message
        raise ValueError("the diameter is undefined on a disconnected graph")
    return nx.diameter(G)


def template(w, q):
    return (f"The distance between two {w.nouns} is the fewest direct links on a chain "
            f"joining them (every two {w.nouns} are joined by some chain). What is the largest "
            f"distance between any two {w.nouns}?")


CATEGORY = Category(
    id="gralgo_diameter", level=2, family="undirected", answer="integer",
    primitives=("hops",), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=(), min_n=3, generate_min_n=5,
    construct=construct,
    shortcuts={"double-sweep": double_sweep, "busiest-eccentricity": twice_radius_from_busiest},
    summary="GrAlgoBench Diameter: the hop diameter of a connected undirected graph.",
    weights="none",
)
