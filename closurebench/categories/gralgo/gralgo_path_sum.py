"""gralgo_path_sum (GrAlgoBench, exploration): root-to-leaf paths heavier than a threshold.

Convention: the graph is a tree; rooted at the query node x, every node has at most two
children. A leaf is a node other than x with no child; a path's weight is the sum of its
link weights (1–99). The answer counts root-to-leaf paths of weight strictly greater than
t. Example: links X-A 5, X-B 2, B-C 4, threshold 5: leaves A (5) and C (6), answer 1.

GrAlgoBench's answer is often ⌊leaves / 2⌋. Here the answer a is drawn over 0..leaves (at
``Target.quantile``, ends weighed down) and t is placed strictly between the a-th and
(a + 1)-th heaviest leaf sums, resampled where those sums tie; instances where "the links
heavier than t" or "half the leaves" would give a are mostly rejected.
"""

from __future__ import annotations

import numpy as np

from closurebench.categories._spec import Category, Target
from closurebench.categories.gralgo._common import INF, WEIGHTS, minplus_closure, weight_matrix
from closurebench.errors import UnposableQuery
from closurebench.graph.families import Graph
from closurebench.graph.plant import pick_at_quantile

#: Share of instances kept although a no-path reader is right.
KEEP = 0.1
#: Weight of the answers 0 and "every leaf" (a threshold below or above every sum).
ENDS = 0.3


def propose(rng, g):
    return None  # needs a weighted tree


def _tree(rng, n: int) -> tuple[tuple[int, int], ...]:
    """A random tree rooted at 0 in which every node has at most two children."""
    children = [0] * n
    edges = []
    for v in range(1, n):
        open_ = [p for p in range(v) if children[p] < 2]
        p = rng.choice(open_)
        children[p] += 1
        edges.append((p, v))
    return tuple(edges)


def _sums(g, x: int) -> tuple[list[int], np.ndarray]:
    """Leaves (nodes other than x with one link) and the path weights from x to each."""
    d = minplus_closure(weight_matrix(g))[x]
    if (d >= INF).any() or len(g.edges) != g.n - 1:
        raise UnposableQuery("path sums need a tree")
    deg = g.adjacency.sum(1)
    if deg[x] > 2 or (np.delete(deg, x) > 3).any():
        raise UnposableQuery("path sums need at most two children per node")
    leaves = [v for v in range(g.n) if v != x and deg[v] == 1]
    return leaves, d[leaves]


def construct(rng, n, rho, target: Target):
    edges = _tree(rng, n)
    weights = tuple(rng.randint(*WEIGHTS) for _ in edges)
    g = Graph(n, edges, directed=False, edge_weights=weights)
    _, sums = _sums(g, 0)
    s = sorted(int(v) for v in sums)
    k = len(s)
    values = list(range(k + 1))
    u = rng.random() if target.quantile is None else target.quantile
    a = pick_at_quantile(values, [ENDS if v in (0, k) else 1.0 for v in values], u)
    lo = s[k - a - 1] if a < k else 0  # t >= lo, so the lighter leaf is not counted
    hi = s[k - a] if a > 0 else s[-1] + 20  # t < hi, so the a heaviest are
    if hi <= lo:
        return None  # a tie between the a-th and (a + 1)-th sums
    t = rng.randrange(lo, hi)
    q = {"x": 0, "t": t}
    if a in (heavy_links(g, q), half_leaves(g, q)) and rng.random() >= KEEP:
        return None
    return g, q


def half_leaves(g, q):
    """Half the leaves, rounded down: GrAlgoBench's most common answer."""
    deg = g.adjacency.sum(1)
    return sum(1 for v in range(g.n) if v != q["x"] and deg[v] == 1) // 2


def heavy_links(g, q):
    """Links heavier than t, as if each path were its last link."""
    return sum(1 for w in g.edge_weights if w > q["t"])


def tensor_program(g, q):
    """Row x of the (min,+) closure of the weight matrix (in a tree, the one path's weight),
    read at the leaves and compared with t."""
    _, sums = _sums(g, q["x"])
    return int((sums > q["t"]).sum())


def nx_program(G, q):
    import networkx as nx

    x, t = q["x"], q["t"]
    if not nx.is_tree(G):
        raise ValueError("path sums need a tree")
    dist = nx.single_source_dijkstra_path_length(G, x, weight="weight")
    leaves = [v for v in G if v != x and G.degree(v) == 1]
    return sum(1 for v in leaves if dist[v] > t)


def template(w, q):
    x, t = q["x"], q["t"]
    return (f"The links form a tree. Hang it from {x}: every other {w.noun} sits below the "
            f"neighbour that is one link closer to {x}, and no {w.noun} has more than two "
            f"directly below it. A leaf is a {w.noun} other than {x} with nothing below it. "
            f"Each link's weight is its {w.edge_quantity}; a path's weight is the sum of its "
            f"links' weights. How many paths from {x} down to a leaf have a weight strictly "
            f"greater than {t}?")


CATEGORY = Category(
    id="gralgo_path_sum", level=2, family="undirected", answer="integer",
    primitives=("minplus",), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=("x",), min_n=3, generate_min_n=5,
    construct=construct, params={"t": range(0, 99 * 2000)},
    shortcuts={"half-leaves": half_leaves, "heavy-links": heavy_links},
    summary="GrAlgoBench PathSum: root-to-leaf paths of a weighted binary tree above t.",
    weights="edge",
)
