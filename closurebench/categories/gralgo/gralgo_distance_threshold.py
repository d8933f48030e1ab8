"""gralgo_distance_threshold (GrAlgoBench, intuition): the node with the fewest others near.

Convention: links have integer lengths (1–99), the distance between two nodes is the least
total length of a chain joining them, and the answer is the one node with the fewest other
nodes at distance at most t (a question is only asked where exactly one node has the
fewest; GrAlgoBench breaks ties by name). Example: links A-B 2, B-C 2, C-D 9, t = 4: A, B
and C each have two others within 4, D none: the answer is D.

Built: a connected sparse graph with random lengths; the answer v is chosen first, at
``Target.quantile`` of the nodes ordered by their number of links (then their neighbours'),
and a far pocket is planted around it without touching its own links: a reach r is drawn
between v's heaviest link and 98 + its lightest, and every link from a neighbour of v to a
node beyond is redrawn heavy enough that no chain of two links from v is within r. So v has
few others near while its links, their count and its neighbours' count are a random
node's; the neighbours get the heavy links (decoys). t is one of the distances that occur
where v alone has the fewest, at least one (with none v would be the one node whose
lightest link exceeds t); ties are resampled, where GrAlgoBench breaks them by name. Up to
0.3.11 t was chosen for a random graph, avoiding only the three fewest-linked nodes and the
three whose lightest link is heaviest: the learned readers still found the answer among
the next few by degree and link lengths (gaps +13 to +25 at seed 0; from the chosen node
+1 to +8 at seeds 5151 and 6262, and +2 to +7 at seed 0 but s1's +19; docs/gralgo.md).
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

#: The least number of others within t of the answer (with none it would be the one node
#: whose lightest link is heavier than t: a one-node read).
MIN_NEAR = 1


def propose(rng, g):
    return None  # needs link lengths


def _counts(d: np.ndarray, t: int) -> np.ndarray:
    return ((d <= t) & (d > 0)).sum(1) if d.size else np.zeros(0, dtype=int)


def construct(rng, n, rho, target: Target):
    es = sorted(sparse_connected(rng, n, edge_count(n, rho)))
    weight = {e: rng.randint(*WEIGHTS) for e in es}
    u = rng.random() if target.quantile is None else target.quantile
    deg = np.zeros(n, dtype=int)
    for a, b in es:
        deg[a] += 1
        deg[b] += 1
    nbr = np.zeros(n, dtype=int)
    for a, b in es:
        nbr[a] += deg[b]
        nbr[b] += deg[a]
    # the answer's place among the nodes by links (then its neighbours' links, then at
    # random) is the quantile's, so its degree is a random node's: the generator retries at
    # the same quantile, so a pocket a busy node cannot hold is drawn again, not traded for
    # a quiet node
    jitter = [rng.random() for _ in range(n)]
    order = sorted(range(n), key=lambda x: (deg[x], nbr[x], jitter[x]))
    v = order[min(int(u * n), n - 1)]
    link = {b if a == v else a: weight[(a, b)] for a, b in es if v in (a, b)}
    reach = rng.randint(max(link.values()), WEIGHTS[1] - 1 + min(link.values()))
    for a, b in es:  # the far pocket: no chain of two links from v within ``reach``
        if v in (a, b) or (a in link) == (b in link):
            continue
        near = link[a] if a in link else link[b]
        if weight[(a, b)] + near <= reach:
            weight[(a, b)] = rng.randint(reach - near + 1, WEIGHTS[1])
    g = Graph(n, tuple(es), directed=False, edge_weights=tuple(weight[e] for e in es))
    d = minplus_closure(weight_matrix(g))
    ts = np.unique(d[(d > 0) & (d < INF)])
    # every threshold at once: per node, how many others lie within each t (sorted rows,
    # one searchsorted each), then per t the fewest and whether one node alone has it
    rows = np.sort(np.where(d > 0, d, INF), axis=1)
    within = np.stack([np.searchsorted(r, ts, side="right") for r in rows])
    low = within.min(0)
    alone = (within == low).sum(0) == 1
    winner = within.argmin(0)
    pool = [int(t) for t, ok, w, lo in zip(ts, alone, winner, low)
            if ok and w == v and lo >= MIN_NEAR]
    if not pool:
        return None
    return g, {"t": pool[rng.randrange(len(pool))]}


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
