"""gralgo_distance_k (GrAlgoBench, exploration): the nodes within k hops of x.

Convention: the answer counts the nodes other than x that a chain of *at most* k links
joins to x (GrAlgoBench's prompt says "exactly k hops" while its answers count "within k";
here the question says "at most"). Example: links X-A, A-B, B-C, k = 2: A and B, answer 2.

Built: a sparse graph at the cell's mean degree; k is 2, 3 or 4 (k = 1 is x's degree, read
off one node), and (x, k) is chosen among all nodes and depths so the answer falls at
``Target.quantile`` of the answers that neither count every other node nor equal "x's
neighbours plus theirs counted with repeats" (a reader that adds degrees instead of
merging sets).
"""

from __future__ import annotations

from closurebench.categories._spec import Category, Target
from closurebench.categories.gralgo._common import INF, edge_count, hop_matrix, sparse_graph
from closurebench.graph.families import Graph

DEPTHS = (2, 3, 4)


def propose(rng, g):
    return {"x": rng.randrange(g.n), "k": rng.choice(DEPTHS)} if g.edges else None


def construct(rng, n, rho, target: Target):
    g = Graph(n, tuple(sorted(sparse_graph(rng, n, edge_count(n, rho)))), directed=False)
    d = hop_matrix(g)
    options = []
    for x in range(n):
        for k in DEPTHS:
            q = {"x": x, "k": k}
            ans = int(((d[x] <= k) & (d[x] > 0)).sum())
            if 0 < ans < n - 1 and ans != degree_sum(g, q):
                options.append((ans, rng.random(), x, k))
    if not options:
        return None
    options.sort()
    u = rng.random() if target.quantile is None else target.quantile
    values = sorted({o[0] for o in options})
    want = values[min(int(u * len(values)), len(values) - 1)]
    pick = [o for o in options if o[0] == want]
    _, _, x, k = pick[rng.randrange(len(pick))]
    return g, {"x": x, "k": k}


def degree_sum(g, q):
    """x's degree plus its neighbours' other links, with repeats: sizes added, not merged."""
    a = g.adjacency
    x = q["x"]
    nbrs = a[x].nonzero()[0]
    return int(len(nbrs) + sum(int(a[v].sum()) - 1 for v in nbrs))


def tensor_program(g, q):
    """Row x of the hop-distance matrix (Boolean frontier powers), ``count(0 < D[x] <= k)``."""
    d = hop_matrix(g)[q["x"]]
    return int(((d > 0) & (d <= q["k"]) & (d < INF)).sum())


def nx_program(G, q):
    import networkx as nx

    reach = nx.single_source_shortest_path_length(G, q["x"], cutoff=q["k"])
    return len(reach) - 1


TL_PROGRAM = """\
U[x, y] = Edge[x, y] + Edge[y, x].
answer count((dist(U, X)[y] >= 1) (dist(U, X)[y] <= K)).
"""


def template(w, q):
    x, k = q["x"], q["k"]
    return (f"How many {w.nouns} other than {x} can be reached from {x} by a chain of at most "
            f"{k} direct links?")


CATEGORY = Category(
    id="gralgo_distance_k", level=2, family="undirected", answer="integer",
    primitives=("hops",), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=("x",), min_n=3, generate_min_n=5,
    construct=construct, params={"k": DEPTHS},
    shortcuts={"degree-sum": degree_sum}, tl_program=TL_PROGRAM,
    summary="GrAlgoBench Distance-k: nodes other than x within at most k hops.",
    weights="none",
)
