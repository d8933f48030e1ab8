"""gralgo_max_k_core (GrAlgoBench, intuition): the number of nodes in the k-core.

Convention: the k-core is the largest set of nodes in which every node has at least k
neighbours inside the set (possibly empty); the answer is its size. Example, k = 2: links
A-B, B-C, C-A, C-D: D has one neighbour, the 2-core is A, B, C, answer 3.

GrAlgoBench's k-cores are mostly "the nodes of degree >= k". Here k is 2..4 and the core's
size s is drawn over k + 1 .. n - 3 (at ``Target.quantile``); the core is planted (each
member linked to k others of it), and beside it sit chains whose inner nodes have degree k
(k - 2 links into the core, two along the chain) and whose ends have k - 1: they peel from
both ends over several rounds, so "degree >= k" and "one round of peeling" overcount. The
remaining nodes hang off as trees, which peel at once.
"""

from __future__ import annotations

from itertools import pairwise

from closurebench.categories._spec import Category, Target
from closurebench.categories.gralgo._common import k_core_mask
from closurebench.graph.families import Graph
from closurebench.graph.plant import pick_at_quantile

KS = (2, 3, 4)
#: Shortest peeling chain: five nodes take three rounds (ends, then their neighbours, then
#: the middle), so one round of peeling, or two, still overcounts.
CHAIN = 5
#: Share of graphs kept although a no-peeling reader is right.
KEEP = 0.05


def propose(rng, g):
    return {"k": rng.choice(KS)} if g.edges else None


def construct(rng, n, rho, target: Target):
    k = rng.choice([k for k in KS if k + 4 <= n] or [2])
    values = list(range(k + 1, max(k + 1, n - 3) + 1))
    u = rng.random() if target.quantile is None else target.quantile
    s = pick_at_quantile(values, [1.0] * len(values), u)
    order = rng.sample(range(n), n)
    core, rest = order[:s], order[s:]
    edges = set()
    for v in core:  # every core node links to k others of the core (so degree >= k)
        for x in rng.sample([c for c in core if c != v], min(k, s - 1)):
            edges.add((min(v, x), max(v, x)))
    chains = []
    while len(rest) >= CHAIN and (not chains or rng.random() < 0.5):
        length = rng.randint(CHAIN, max(CHAIN, min(len(rest), CHAIN + 1 + n // 10)))
        chains.append(rest[:length])
        rest = rest[length:]
    for chain in chains:
        for a, b in pairwise(chain):
            edges.add((min(a, b), max(a, b)))
        for v in chain:
            for x in rng.sample(core, min(k - 2, s)):
                edges.add((min(v, x), max(v, x)))
    placed = core + [v for c in chains for v in c]
    for v in rest:  # trees hanging off the rest of the graph peel in the first rounds
        h = rng.choice(placed)
        edges.add((min(v, h), max(v, h)))
        placed.append(v)
    g = Graph(n, tuple(sorted(edges)), directed=False)
    q = {"k": k}
    if tensor_program(g, q) != s:
        return None
    if s in (degree_at_least_k(g, q), one_round(g, q)) and rng.random() >= KEEP:
        return None
    return g, q


def degree_at_least_k(g, q):
    """The nodes of degree at least k: the core without the peeling."""
    return int((g.adjacency.sum(1) >= q["k"]).sum())


def one_round(g, q):
    """One round of peeling: nodes with at least k neighbours of degree at least k."""
    a = g.adjacency.astype(int)
    keep = a.sum(1) >= q["k"]
    return int(((a @ keep.astype(int) >= q["k"]) & keep).sum())


def tensor_program(g, q):
    """The greatest fixpoint ``S = {v ∈ S : (A·S)[v] >= k}`` from all nodes, then ``|S|``."""
    return int(k_core_mask(g.adjacency, q["k"]).sum())


def nx_program(G, q):
    import networkx as nx

    return nx.k_core(G, q["k"]).number_of_nodes()


def template(w, q):
    k = q["k"]
    return (f"The {k}-core is the largest group of {w.nouns} in which every member is directly "
            f"linked to at least {k} other members of the group (it may be empty). How many "
            f"{w.nouns} are in the {k}-core?")


CATEGORY = Category(
    id="gralgo_max_k_core", level=3, family="undirected", answer="integer",
    primitives=("fixpoint",), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=(), min_n=3, generate_min_n=6,
    construct=construct, params={"k": KS},
    shortcuts={"degree-at-least-k": degree_at_least_k, "one-peeling-round": one_round},
    summary="GrAlgoBench MKC: the size of the k-core of an undirected graph.",
    weights="none",
    settle_links=True,
)
