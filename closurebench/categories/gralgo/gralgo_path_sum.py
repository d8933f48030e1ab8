"""gralgo_path_sum (GrAlgoBench, exploration): root-to-leaf paths heavier than a threshold.

Convention: the graph is a tree; rooted at the query node x, every node has at most two
children. A leaf is a node other than x with no child; a path's weight is the sum of its
link weights (1–99). The answer counts root-to-leaf paths of weight strictly greater than
t. Example: links X-A 5, X-B 2, B-C 4, threshold 5: leaves A (5) and C (6), answer 1.

GrAlgoBench's answer is often ⌊leaves / 2⌋. Here the answer a is drawn over 0..leaves (at
``Target.quantile``, ends weighed down). t is not placed between the a-th and (a + 1)-th
heaviest leaf sums: placed there, t against the weights' mean and n told a (the learned
readers read ``param.t`` first, correlation -0.68 with a at s2). Instead the tree, its
weights and t (one leaf's path weight under the weights as drawn, moved by up to
``SPREAD``) are drawn first, from n alone, and the weights are then swapped among the links
not at x until exactly a paths are heavier than t (resampled where ``SWAPS`` swaps do not get
there). So t, the weights as a multiset and x's own links are drawn the same way whatever
a is (only the resampling, which an end value needs more often, leans on them), and which
deeper link carries which weight follows a. Instances where "the links heavier than t" or
"half the leaves" would give a are mostly rejected.
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
#: How far t may move from the leaf path weight it is drawn at.
SPREAD = 25
#: Weight swaps tried to bring the count above t to the drawn answer.
SWAPS = 400


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


def _paths(edges: tuple[tuple[int, int], ...], n: int) -> np.ndarray:
    """Leaf-by-link incidence of a tree from ``_tree`` (parents numbered before children):
    row i marks the links on the path from 0 down to the i-th leaf, so ``P @ w`` is the
    leaves' path weights."""
    kids = [0] * n
    for p, _ in edges:
        kids[p] += 1
    up = [-1] * n  # the index of the link above each node
    for i, (_, v) in enumerate(edges):
        up[v] = i
    parent = {v: p for p, v in edges}
    rows = []
    for leaf in (v for v in range(1, n) if kids[v] == 0):
        row = np.zeros(len(edges), dtype=np.int64)
        v = leaf
        while v != 0:
            row[up[v]] = 1
            v = parent[v]
        rows.append(row)
    return np.array(rows)


def construct(rng, n, rho, target: Target):
    edges = _tree(rng, n)
    w = np.array([rng.randint(*WEIGHTS) for _ in edges], dtype=np.int64)
    paths = _paths(edges, n)
    k = len(paths)
    values = list(range(k + 1))
    u = rng.random() if target.quantile is None else target.quantile
    a = pick_at_quantile(values, [ENDS if v in (0, k) else 1.0 for v in values], u)
    # t from the tree and its first weights alone (a leaf's path weight, moved a little),
    # never from a: then the weights are swapped among the links below x until exactly a
    # paths are heavier. The weights, the shape and x's own links stay what they were
    # drawn as, whatever a is.
    t = max(0, int(paths[rng.randrange(k)] @ w) + rng.randint(-SPREAD, SPREAD))
    w = _swapped(rng, edges, paths, w, t, a)
    if w is None:
        return None
    g = Graph(n, edges, directed=False, edge_weights=tuple(int(v) for v in w))
    q = {"x": 0, "t": t}
    if a in (heavy_links(g, q), half_leaves(g, q)) and rng.random() >= KEEP:
        return None
    return g, q


def _swapped(rng, edges, paths: np.ndarray, w: np.ndarray, t: int, a: int) -> np.ndarray | None:
    """``w`` with weights swapped between links not at the root until exactly ``a`` leaves'
    path weights exceed t (a swap is kept unless it moves the count away from a), or
    ``None`` if ``SWAPS`` swaps do not get there."""
    free = [i for i, (p, _) in enumerate(edges) if p != 0]
    w = w.copy()
    sums = paths @ w
    count = int((sums > t).sum())
    for _ in range(SWAPS if len(free) > 1 else 0):
        if count == a:
            break
        i, j = rng.choice(free), rng.choice(free)
        delta = int(w[j] - w[i])
        if delta == 0:
            continue
        moved = sums + delta * (paths[:, i] - paths[:, j])
        got = int((moved > t).sum())
        if abs(got - a) <= abs(count - a):
            w[i], w[j] = w[j], w[i]
            sums, count = moved, got
    return w if count == a else None


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
