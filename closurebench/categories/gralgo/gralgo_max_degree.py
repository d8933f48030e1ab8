"""gralgo_max_degree (GrAlgoBench, enumeration): the largest degree in an undirected graph.

Convention: a node's degree is its number of direct links. Example: links A-B, A-C, B-C,
C-D: C has 3, the answer is 3.

Built: the answer D is drawn over [⌈mean⌉ + 1, min(n - 1, 2 mean + 4)] (at
``Target.quantile``), every node is capped below D, then one to three nodes are raised to D
and two more to D - 1 (near misses), and the links are topped back up to the cell's count,
so neither the link count nor "the mean degree, rounded up" tells D.
"""

from __future__ import annotations

import math

from closurebench.categories._spec import Category, Target
from closurebench.categories.gralgo._common import edge_count, sparse_graph
from closurebench.graph.families import Graph
from closurebench.graph.plant import pick_at_quantile


def propose(rng, g):
    return {} if g.edges else None


def _range(n: int, mean: float) -> list[int]:
    lo = min(n - 1, max(2, math.ceil(mean) + 1))
    hi = max(lo, min(n - 1, round(2 * mean) + 4))
    return list(range(lo, hi + 1))


def construct(rng, n, rho, target: Target):
    m = edge_count(n, rho)
    mean = 2 * m / n
    values = _range(n, mean)
    u = rng.random() if target.quantile is None else target.quantile
    want = pick_at_quantile(values, [1.0] * len(values), u)
    edges = sorted(sparse_graph(rng, n, m))
    rng.shuffle(edges)
    deg = [0] * n
    kept = set()
    for a, b in edges:  # cap every degree below the answer
        if deg[a] < want - 1 and deg[b] < want - 1:
            kept.add((a, b))
            deg[a] += 1
            deg[b] += 1
    tops = rng.sample(range(n), min(n, rng.randint(1, 3) + 2))
    for i, v in enumerate(tops):
        goal = want if i < len(tops) - 2 or len(tops) <= 2 else want - 1
        others = [x for x in rng.sample(range(n), n) if x != v]
        for x in others:
            if deg[v] >= goal:
                break
            pair = (min(v, x), max(v, x))
            if pair not in kept and deg[x] < want - 1:
                kept.add(pair)
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
    return (g, {}) if max(deg) == want else None


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
    weights="none", local_answer=("v.out", "v.in", "v.sink", "v.source"),
)
