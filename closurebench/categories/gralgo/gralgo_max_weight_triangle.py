"""gralgo_max_weight_triangle (GrAlgoBench, enumeration): the heaviest triangle by node weight.

Convention: every node carries an integer weight (1–99); a triangle is three nodes every two
of which are linked, and its weight is the sum of its three node weights. The answer is the
largest such sum. Example: weights A 5, B 7, C 1, D 9; links A-B, B-C, C-A, C-D: the only
triangle A, B, C weighs 13 (D, the heaviest node, is in none).

Built: a sparse graph with random weights and one to four planted triangles; rejected when
"the three heaviest nodes" or "the heaviest triangle through the heaviest node" gives the
answer (readers that weigh without enumerating triangles), so the heaviest nodes sit on
no triangle or on a light one.
"""

from __future__ import annotations

import numpy as np

from closurebench.categories._spec import Category, Target
from closurebench.categories.gralgo._common import WEIGHTS, edge_count, sparse_graph
from closurebench.errors import UnposableQuery
from closurebench.graph.families import Graph

#: Share of built graphs kept although a weighing reader is right (the smallest graphs have
#: few ways to keep the heaviest nodes off the heaviest triangle).
KEEP = 0.05


def propose(rng, g):
    return None  # needs node weights, which a real network does not carry


def construct(rng, n, rho, target: Target):
    m = edge_count(n, rho)
    edges = sparse_graph(rng, n, max(0, m - 3))
    for _ in range(rng.randint(1, 4)):
        a, b, c = sorted(rng.sample(range(n), 3))
        edges |= {(a, b), (a, c), (b, c)}
    weights = tuple(rng.randint(*WEIGHTS) for _ in range(n))
    g = Graph(n, tuple(sorted(edges)), directed=False, node_weights=weights)
    try:
        answer = tensor_program(g, {})
    except UnposableQuery:
        return None
    readers = (three_heaviest(g, {}), through_heaviest(g, {}))
    if answer in readers and rng.random() >= KEEP:
        return None
    return g, {}


def three_heaviest(g, q):
    """The three largest weights added, as if they always formed a triangle."""
    return sum(sorted(g.node_weights)[-3:])


def through_heaviest(g, q):
    """The heaviest triangle through the heaviest node (0 if it is on none)."""
    w = np.array(g.node_weights, dtype=np.int64)
    a = g.adjacency
    v = int(np.argmax(w))
    best = 0
    for u in np.flatnonzero(a[v]):
        common = np.flatnonzero(a[v] & a[u])
        if len(common):
            best = max(best, int(w[v] + w[u] + w[common].max()))
    return best


def tensor_program(g, q):
    """``max over links (u, v) and w ∈ N(u) ∩ N(v) of W[u] + W[v] + W[w]``: the link list
    joined with the row-wise AND of the adjacency, weights masked by it."""
    a = g.adjacency
    w = np.array(g.node_weights, dtype=np.int64)
    if not g.edges:
        raise UnposableQuery("no triangle: the heaviest triangle is undefined")
    u, v = np.array(g.edges, dtype=np.intp).T
    common = a[u] & a[v]  # one row per link: the nodes closing a triangle on it
    third = np.where(common, w[None, :], -1).max(1)
    has = third >= 0
    if not has.any():
        raise UnposableQuery("no triangle: the heaviest triangle is undefined")
    return int((w[u] + w[v] + third)[has].max())


def nx_program(G, q):
    import networkx as nx

    best = None
    for clique in nx.enumerate_all_cliques(G):
        if len(clique) == 3:
            total = sum(G.nodes[v]["weight"] for v in clique)
            best = total if best is None else max(best, total)
        elif len(clique) > 3:
            break
    if best is None:
        raise ValueError("no triangle: the heaviest triangle is undefined")
    return best


def template(w, q):
    return (f"Each {w.noun}'s weight is {w.node_quantity}. A triangle is three {w.nouns} "
            f"every two of which are directly linked, and its weight is the sum of its three "
            f"{w.nouns}' weights. What is the largest weight of any triangle?")


CATEGORY = Category(
    id="gralgo_max_weight_triangle", level=1, family="undirected", answer="integer",
    primitives=("triangles",), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=(), min_n=3, generate_min_n=6,
    construct=construct,
    shortcuts={"three-heaviest": three_heaviest, "through-heaviest": through_heaviest},
    summary="GrAlgoBench Triangle: the largest node-weight sum over triangles.",
    weights="node",
)
