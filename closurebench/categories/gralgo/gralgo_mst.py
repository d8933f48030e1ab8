"""gralgo_mst (GrAlgoBench, intuition): the total weight of a minimum spanning tree.

Convention: the graph is connected and each link has an integer weight (1–99); a spanning
tree is a set of links joining every node with no loop, and the answer is the smallest total
weight one can have (the same for every minimum tree, so it is unique even where weights
repeat; weights are distinct where the graph has at most 99 links). Example: links A-B 1,
B-C 2, A-C 3: the tree A-B, B-C weighs 3.

Built: a random spanning tree plus random links to the cell's mean degree, then a light
cycle: three or four links closing a loop get the lightest weights, so "the n - 1 lightest
links" holds a loop and undercounts, and "each node's lightest link, once" (one Borůvka
round) leaves the tree unfinished.
"""

from __future__ import annotations

import numpy as np

from closurebench.categories._spec import Category, Target
from closurebench.categories.gralgo._common import (
    INF,
    WEIGHTS,
    edge_count,
    require_connected,
    sparse_connected,
    weight_matrix,
)
from closurebench.graph.families import Graph

#: Share of graphs kept although a reader is right.
KEEP = 0.05


def propose(rng, g):
    return None  # needs link weights


def _weights(rng, m: int) -> list[int]:
    lo, hi = WEIGHTS
    if m <= hi - lo + 1:
        return rng.sample(range(lo, hi + 1), m)
    return [rng.randint(lo, hi) for _ in range(m)]


def construct(rng, n, rho, target: Target):
    edges = sparse_connected(rng, n, edge_count(n, rho))
    # a light cycle: a short loop, closed by links added if needed
    size = rng.choice((3, 4)) if n >= 4 else 3
    loop = rng.sample(range(n), size)
    cyc = [(min(a, b), max(a, b)) for a, b in zip(loop, loop[1:] + loop[:1])]
    edges |= set(cyc)
    order = sorted(edges)
    rng.shuffle(order)
    ws = sorted(_weights(rng, len(order)))
    light, rest = ws[:size], ws[size:]
    rng.shuffle(rest)
    weight = dict(zip(cyc, light))
    others = [e for e in order if e not in weight]
    weight.update(zip(others, rest))
    es = tuple(sorted(weight))
    g = Graph(n, es, directed=False, edge_weights=tuple(weight[e] for e in es))
    ans = tensor_program(g, {})
    if ans in (lightest_links(g, {}), lightest_per_node(g, {})) and rng.random() >= KEEP:
        return None
    return g, {}


def lightest_links(g, q):
    """The n - 1 lightest links added, loops and all (Kruskal without the loop check)."""
    return sum(sorted(g.edge_weights)[:g.n - 1])


def lightest_per_node(g, q):
    """Each node's lightest link, each link counted once: one Borůvka round."""
    w = weight_matrix(g)
    np.fill_diagonal(w, INF)
    chosen = {(min(v, int(u)), max(v, int(u))) for v, u in enumerate(w.argmin(1))}
    return int(sum(w[a, b] for a, b in chosen))


def tensor_program(g, q):
    """Prim's algorithm over the weight matrix: a vector of each node's cheapest link into
    the tree, updated with one ``minimum`` per node added."""
    require_connected(g, "a spanning tree")
    w = weight_matrix(g)
    n = g.n
    inside = np.zeros(n, dtype=bool)
    inside[0] = True
    best = w[0].copy()
    total = 0
    for _ in range(n - 1):
        v = int(np.argmin(np.where(inside, INF + 1, best)))
        total += int(best[v])
        inside[v] = True
        np.minimum(best, w[v], out=best)
    return total


def nx_program(G, q):
    import networkx as nx

    if not nx.is_connected(G):  # networkx would silently return a spanning forest
        raise ValueError("a spanning tree needs a connected graph")
    return int(nx.minimum_spanning_tree(G, weight="weight").size(weight="weight"))


def template(w, q):
    return (f"Each link's cost is its {w.edge_quantity}, and every two {w.nouns} are joined by "
            f"some chain of links. A spanning tree is a set of links that joins all the "
            f"{w.nouns} with no loop. What is the smallest total cost a spanning tree can have?")


CATEGORY = Category(
    id="gralgo_mst", level=3, family="undirected", answer="integer",
    primitives=("mst",), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=(), min_n=3, generate_min_n=5,
    construct=construct,
    shortcuts={"lightest-links": lightest_links, "lightest-per-node": lightest_per_node},
    summary="GrAlgoBench MST: the weight of a minimum spanning tree of a connected graph.",
    weights="edge",
)
