"""gralgo_diameter (GrAlgoBench, exploration): the hop diameter of a connected graph.

Convention: the distance between two nodes is the fewest links on a chain joining them; the
diameter is the largest distance over all pairs (the graph is connected). Example: links
A-B, B-C, C-D, B-D: the diameter is 2 (A to C, A to D).

Built: the diameter D is drawn over 2..min(n - 2, 4 + n // 12) (at ``Target.quantile``) and
planted as a spine of D links; every other node hangs from a spine node at a depth its
position allows (depth h at position i with h <= min(i, D - i)) and extra links join only
nodes whose spine positions differ by at most one, so the spine's ends stay D apart and no
pair is further. Graphs where the double-sweep heuristic (farthest node from the busiest
node, then the farthest from that) already finds D are mostly rejected. That spine model
rarely fools double sweep (in it, the farthest node from anywhere ends a longest chain), so
even diameters from 6 on are mostly built as a gadget that does (``_gadget``): a cycle
through the hub with two paths hanging beside it.
"""

from __future__ import annotations

from itertools import pairwise

import numpy as np

from closurebench.categories._spec import Category, Target
from closurebench.categories.gralgo._common import (
    INF,
    connected,
    edge_count,
    hop_matrix,
    require_connected,
)
from closurebench.graph.families import Graph
from closurebench.graph.plant import pick_at_quantile

#: Share of graphs kept although double sweep is right.
KEEP = 0.15
#: Share of even diameters >= 6 (with room) built as the double-sweep gadget (``_gadget``).
GADGET = 0.8


def propose(rng, g):
    return {} if connected(g) and g.edges else None


def construct(rng, n, rho, target: Target):
    hi = max(2, min(n - 2, 4 + n // 12))
    values = list(range(2, hi + 1))
    u = rng.random() if target.quantile is None else target.quantile
    diam = pick_at_quantile(values, [1.0] * len(values), u)
    if diam % 2 == 0 and diam >= 6 and n >= 2 * diam + 3 and rng.random() < GADGET:
        return _gadget(rng, n, diam, edge_count(n, rho))
    order = rng.sample(range(n), n)
    spine = order[:diam + 1]
    pos = {v: i for i, v in enumerate(spine)}
    depth = {v: 0 for v in spine}
    edges = {(min(a, b), max(a, b)) for a, b in pairwise(spine)}
    placed = list(spine)
    for v in order[diam + 1:]:
        hosts = [h for h in placed if depth[h] + 1 <= min(pos[h], diam - pos[h])]
        if not hosts:
            return None
        h = rng.choice(hosts)
        pos[v], depth[v] = pos[h], depth[h] + 1
        edges.add((min(v, h), max(v, h)))
        placed.append(v)
    m = edge_count(n, rho)
    tries = 0
    while len(edges) < m and tries < 20 * m:
        tries += 1
        a, b = rng.sample(range(n), 2)
        if abs(pos[a] - pos[b]) <= 1:
            edges.add((min(a, b), max(a, b)))
    g = Graph(n, tuple(sorted(edges)), directed=False)
    if tensor_program(g, {}) != diam:
        return None
    if double_sweep(g, {}) == diam and rng.random() >= KEEP:
        return None
    return g, {}


def _gadget(rng, n: int, diam: int, m: int):
    """A graph of diameter ``diam`` (even, >= 6) on which double sweep answers ``diam - 1``.

    With K = diam / 2 + 1: a cycle of 2K links through the hub h, and a path of K - 2 links
    hanging from each of h's two cycle neighbours (their tips are ``diam`` apart, through h);
    every other node links to h (and to each other, at random), so h is the busiest node.
    The farthest node from h is the cycle's far point, K away; it is 2K - 3 from a tip and
    at most K + 1 from anything else, so the second sweep reports ``diam - 1``.
    """
    k = diam // 2 + 1
    order = rng.sample(range(n), n)
    h, cycle = order[0], order[1:2 * k]
    pend_a, pend_b = order[2 * k:3 * k - 2], order[3 * k - 2:4 * k - 4]
    filler = order[4 * k - 4:]
    ring = [h, *cycle]
    edges = {(min(a, b), max(a, b)) for a, b in zip(ring, ring[1:] + ring[:1])}
    for start, path in ((cycle[0], pend_a), (cycle[-1], pend_b)):
        chain = [start, *path]
        edges |= {(min(a, b), max(a, b)) for a, b in pairwise(chain)}
    edges |= {(min(h, v), max(h, v)) for v in filler}
    tries = 0
    while len(edges) < m and len(filler) > 1 and tries < 20 * m:
        tries += 1
        a, b = rng.sample(filler, 2)
        edges.add((min(a, b), max(a, b)))
    g = Graph(n, tuple(sorted(edges)), directed=False)
    deg = g.adjacency.sum(1)
    if int(np.argmax(deg)) != h or tensor_program(g, {}) != diam:
        return None
    return g, {}


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
