"""gralgo_distance_threshold (GrAlgoBench, intuition): the node with the fewest others near.

Convention: links have integer lengths (1–99), the distance between two nodes is the least
total length of a chain joining them, and the answer is the one node with the fewest other
nodes at distance at most t (a question is only asked where exactly one node has the
fewest; GrAlgoBench breaks ties by name). Example: links A-B 2, B-C 2, C-D 9, t = 4: A, B
and C each have two others within 4, D none: the answer is D.

Built: a connected sparse graph with random lengths, mostly with a far pocket (a node whose
own links are light but whose neighbours' other links are heavy); t is chosen among the
distances that occur so that exactly one node has the fewest (ties resampled, where
GrAlgoBench breaks them by name), at ``Target.quantile`` of those thresholds, and but for a
small share only where the answer is none of the three fewest-linked nodes and the three
whose lightest link is heaviest (readers that look at one node's own links).
"""

from __future__ import annotations

import numpy as np

from closurebench.categories._spec import Category, Target
from closurebench.categories.gralgo._common import (
    INF,
    WEIGHTS,
    edge_count,
    minplus_closure,
    require_connected,
    sparse_connected,
    weight_matrix,
)
from closurebench.errors import UnposableQuery
from closurebench.graph.families import Graph

#: Share of graphs kept although every threshold's answer looks isolated by its own links.
#: The coin is drawn once per try, and at s1 (8–15 nodes) about four graphs in five have no
#: other threshold, so at 0.1 a third of s1's answers were one of those nodes (the fixed
#: reader "heaviest lightest link" scored 18%); at 0.02 about one in sixteen is.
KEEP = 0.02
#: How many of the most isolated-looking nodes (by links, by lightest link) are avoided.
LOCAL = 3
#: Share of graphs with a planted far pocket: a node with light links whose neighbours'
#: other links are heavy, so it has few others within t yet looks central.
POCKET = 0.7


def propose(rng, g):
    return None  # needs link lengths


def _counts(d: np.ndarray, t: int) -> np.ndarray:
    return ((d <= t) & (d > 0)).sum(1) if d.size else np.zeros(0, dtype=int)


def construct(rng, n, rho, target: Target):
    es = sorted(sparse_connected(rng, n, edge_count(n, rho)))
    weight = {e: rng.randint(*WEIGHTS) for e in es}
    if rng.random() < POCKET:  # a far pocket that looks central by its own links
        v = rng.randrange(n)
        nbrs = {b if a == v else a for a, b in es if v in (a, b)}
        for a, b in es:
            if v in (a, b):
                weight[(a, b)] = rng.randint(1, 30)
            elif a in nbrs or b in nbrs:
                weight[(a, b)] = rng.randint(70, WEIGHTS[1])
    g = Graph(n, tuple(es), directed=False, edge_weights=tuple(weight[e] for e in es))
    d = minplus_closure(weight_matrix(g))
    local = _locally_isolated(g)
    ts = np.unique(d[(d > 0) & (d < INF)])
    # every threshold at once: per node, how many others lie within each t (sorted rows,
    # one searchsorted each), then per t the fewest and whether one node alone has it
    rows = np.sort(np.where(d > 0, d, INF), axis=1)
    within = np.stack([np.searchsorted(r, ts, side="right") for r in rows])
    low = within.min(0)
    alone = (within == low).sum(0) == 1
    winner = within.argmin(0)
    good = [int(t) for t, ok in zip(ts, alone) if ok]
    fair = [int(t) for t, ok, v in zip(ts, alone, winner) if ok and int(v) not in local]
    if fair or (good and rng.random() < KEEP):
        pool = fair or good
    else:
        return None
    u = rng.random() if target.quantile is None else target.quantile
    return g, {"t": pool[min(int(u * len(pool)), len(pool) - 1)]}


def _locally_isolated(g) -> set[int]:
    """The nodes that look most isolated by their own links alone: the ``LOCAL``
    fewest-linked and the ``LOCAL`` whose lightest link is heaviest (a threshold whose answer
    is one of them is avoided)."""
    deg = g.adjacency.sum(1)
    w = weight_matrix(g)
    np.fill_diagonal(w, INF)
    lightest = w.min(1)
    by_deg = sorted(range(g.n), key=lambda v: (deg[v], v))[:LOCAL]
    by_light = sorted(range(g.n), key=lambda v: (-lightest[v], v))[:LOCAL]
    return set(by_deg) | set(by_light)


def fewest_links(g, q):
    """The node with the fewest links (lowest id on ties)."""
    return int(np.argmin(g.adjacency.sum(1)))


def heaviest_lightest_link(g, q):
    """The node whose lightest link is heaviest: isolated-looking by its own links alone."""
    w = weight_matrix(g)
    np.fill_diagonal(w, INF)
    return int(np.argmax(w.min(1)))


def tensor_program(g, q):
    """The (min,+) closure of the weight matrix, ``count(0 < D[v, u] <= t)`` per row, and
    the unique row with the fewest (``UnposableQuery`` on a tie)."""
    require_connected(g, "the distance threshold question")
    c = _counts(minplus_closure(weight_matrix(g)), q["t"])
    low = np.flatnonzero(c == c.min())
    if len(low) != 1:
        raise UnposableQuery(f"{len(low)} nodes tie for the fewest within {q['t']}")
    return int(low[0])


def nx_program(G, q):
    import networkx as nx

    # networkx's own Floyd–Warshall (Dijkstra from every node is ~10x slower at n = 160;
    # the tests hold both against each other and against NLGraph's distances)
    t = q["t"]
    nodes = list(G)
    dist = nx.floyd_warshall_numpy(G, nodelist=nodes, weight="weight")
    near = {v: int(((row <= t).sum()) - 1) for v, row in zip(nodes, dist)}
    low = min(near.values())
    best = [v for v, c in near.items() if c == low]
    if len(best) != 1:
        raise ValueError(f"{len(best)} nodes tie for the fewest within {t}")
    return best[0]


def template(w, q):
    t = q["t"]
    return (f"Each link's length is its {w.edge_quantity}; the distance between two {w.nouns} "
            f"is the smallest total length of a chain of links joining them. For each "
            f"{w.noun}, count the other {w.nouns} at distance at most {t} from it. Which "
            f"{w.noun} has the fewest? (Exactly one does.)")


CATEGORY = Category(
    id="gralgo_distance_threshold", level=3, family="undirected", answer="label",
    primitives=("minplus",), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=(), min_n=3, generate_min_n=5,
    construct=construct, params={"t": range(1, 99 * 2000)},
    shortcuts={"fewest-links": fewest_links, "heaviest-lightest-link": heaviest_lightest_link},
    summary="GrAlgoBench Distance Threshold: the unique node with the fewest others within t.",
    weights="edge",
)
