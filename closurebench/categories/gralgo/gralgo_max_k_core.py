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

Up to n = 30 (GrAlgoBench's s1-s2) the planted graph is then moved, a link at a time, to the
cell's link count and to the capped degree histogram (how many nodes have 0, 1, 2, 3+ links)
of a reference G(n, m) drawn from n and m alone, whatever k and s are; each move keeps the
answer and may not make a no-peeling reader right. Before, the trees' leaves and the chains'
two-link nodes said how much of the graph lay outside the core: the learned readers read s
off the degree-1, degree-2 and 3+ shares (s1 seed 5151: gap +18, after +15).
From 31 nodes the construction is as before (instances byte-identical).
"""

from __future__ import annotations

from itertools import pairwise

from closurebench.categories._spec import Category, Target
from closurebench.categories.gralgo._common import edge_count, k_core_mask, sparse_graph
from closurebench.graph.families import Graph
from closurebench.graph.plant import pick_at_quantile

KS = (2, 3, 4)
#: Shortest peeling chain: five nodes take three rounds (ends, then their neighbours, then
#: the middle), so one round of peeling, or two, still overcounts.
CHAIN = 5
#: Share of graphs kept although a no-peeling reader is right.
KEEP = 0.05
#: Largest n moved to a reference histogram (s1-s2). Above it the histogram was not what the
#: learned readers used (gaps +0 to +10), and the construction stays as it was.
HIST_MAX_N = 30
#: Link moves tried before a graph is given up (the generator builds again).
STEPS = 1500


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
    if n <= HIST_MAX_N:
        g = _to_reference(rng, g, q, edge_count(n, rho), rng.random() < KEEP)
        return None if g is None else (g, q)
    if s in (degree_at_least_k(g, q), one_round(g, q)) and rng.random() >= KEEP:
        return None
    return g, q


def _capped(edges, n):
    """How many nodes have 0, 1, 2 and 3 or more links (what the audit's readers see)."""
    deg = [0] * n
    for u, v in edges:
        deg[u] += 1
        deg[v] += 1
    out = [0, 0, 0, 0]
    for d in deg:
        out[min(d, 3)] += 1
    return out


def _to_reference(rng, g, q, m, lenient):
    """``g`` moved, one link at a time (added, removed or moved), to ``m`` links and to the
    capped degree histogram (nodes of degree 0, 1, 2 and 3 or more) of a random graph of n
    nodes and m links, drawn whatever the answer is; ``None`` if 1,500 moves fall short.
    A move is kept if the answer stays and the cost (links off m, twice; histogram cells
    off the reference; twice each no-peeling reader that is right, unless ``lenient``, the
    ``KEEP`` coin) does not rise. The readers are part of the cost, not a check before the
    moves: at 8-10 nodes few planted graphs fool them until their links move."""
    n = g.n
    ref = _capped(sparse_graph(rng, n, m), n)
    answer = tensor_program(g, q)
    readers = () if lenient else (degree_at_least_k, one_round)

    def cost(edges):
        x = Graph(n, tuple(sorted(edges)), directed=False)
        if tensor_program(x, q) != answer:
            return None
        off = sum(abs(a - b) for a, b in zip(_capped(edges, n), ref))
        return 2 * abs(len(edges) - m) + off + 2 * sum(r(x, q) == answer for r in readers)

    edges = set(g.edges)
    now = cost(edges)
    for _ in range(STEPS):
        if now == 0:
            break
        trial = set(edges)
        gap = m - len(edges)
        move = gap == 0 or rng.random() < 0.3
        if gap < 0 or move:
            trial.discard(rng.choice(sorted(trial)))
        if gap > 0 or move:
            a, b = rng.sample(range(n), 2)
            trial.add((min(a, b), max(a, b)))
        if trial == edges:
            continue
        c = cost(trial)
        if c is not None and c <= now:
            edges, now = trial, c
    if now:
        return None
    return Graph(n, tuple(sorted(edges)), directed=False)


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
