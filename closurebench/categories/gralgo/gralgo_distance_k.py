"""gralgo_distance_k (GrAlgoBench, exploration): the nodes within k hops of x.

Convention: the answer counts the nodes other than x that a chain of *at most* k links
joins to x (GrAlgoBench's prompt says "exactly k hops" while its answers count "within k";
here the question says "at most"). Example: links X-A, A-B, B-C, k = 2: A and B, answer 2.

Built: the answer is drawn over [4, n - 2] at ``Target.quantile`` (never every other node),
then sparse graphs at the cell's mean degree are drawn until one has a node x and a depth k
in 2, 3 or 4 (k = 1 is x's degree, read off one node) with that answer that is not "x's
neighbours plus theirs counted with repeats" (a reader that adds degrees instead of merging
sets). Up to 0.3.6 the answer was drawn among the values one random graph offered: at
GrAlgoBench's smallest scale most nodes sit in one component of n - 1, so "n - 2" was the
answer in over a third of the instances.
"""

from __future__ import annotations

from closurebench.categories._spec import Category, Target
from closurebench.categories.gralgo._common import INF, edge_count, hop_matrix, sparse_graph
from closurebench.graph.families import Graph

DEPTHS = (2, 3, 4)
#: Random graphs drawn for one answer before the cell gives up (``construct`` -> None).
GRAPH_TRIES = 20
#: The smallest answer drawn (where n allows it).
LOWEST = 4


def propose(rng, g):
    return {"x": rng.randrange(g.n), "k": rng.choice(DEPTHS)} if g.edges else None


def construct(rng, n, rho, target: Target):
    u = rng.random() if target.quantile is None else target.quantile
    # 1 is always "x's neighbours plus theirs", and 2 and 3 need x in a component of three
    # or four that that sum misses: rare enough at these mean degrees to stall the cell
    values = list(range(min(LOWEST, n - 2), n - 1))
    want = values[min(int(u * len(values)), len(values) - 1)]
    for _ in range(GRAPH_TRIES):
        g = Graph(n, tuple(sorted(sparse_graph(rng, n, edge_count(n, rho)))), directed=False)
        d = hop_matrix(g)
        pick = [(x, k) for x in range(n) for k in DEPTHS
                if int(((d[x] <= k) & (d[x] > 0)).sum()) == want
                and want != degree_sum(g, {"x": x, "k": k})]
        if pick:
            x, k = pick[rng.randrange(len(pick))]
            return g, {"x": x, "k": k}
    return None


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
