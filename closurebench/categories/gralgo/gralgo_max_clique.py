"""gralgo_max_clique (GrAlgoBench, enumeration): the size of a maximum clique.

Convention: a clique is a set of nodes every two of which are linked; a single node is a
clique of size 1. Example: links A-B, B-C, C-A, C-D: the largest clique, A, B, C, has 3.

GrAlgoBench's sampled graphs answer 3 in 72–92% of instances. Here the size c is drawn over
3..min(8, n // 2 + 1) (at ``Target.quantile``) and planted on random nodes; near misses are
planted beside it: a c-clique minus one link and a (c - 1)-clique, both on nodes given extra
links so they look busiest, and (where there is room) a complete bipartite block K(c, c),
dense but triangle-free, so the degeneracy overstates c (it comes first, the near misses
where room is left). Every graph of an n gets the link count the largest c's planting
needs (the rest in a bipartite block of the left-over nodes, then at random), so the link
count does not tell c. A graph is kept only if its clique number is exactly c and (but for a
small share) the greedy clique (from the busiest node, add the busiest common
neighbour) and "the degeneracy plus one" both miss it.
"""

from __future__ import annotations

from itertools import combinations

from closurebench.categories._spec import Category, Target
from closurebench.categories.gralgo._common import (
    clique_number,
    edge_count,
    greedy_clique,
    k_core_mask,
    sparse_graph,
)
from closurebench.graph.families import Graph
from closurebench.graph.plant import pick_at_quantile

#: Share of graphs kept although a no-search reader is right.
KEEP = 0.05
LARGEST = 8
#: Share of graphs (with room) that get a triangle-free dense block beside the clique.
BIPARTITE = 0.7


def propose(rng, g):
    return {} if g.edges else None


def construct(rng, n, rho, target: Target):
    values = list(range(3, max(3, min(LARGEST, n // 2 + 1)) + 1))
    u = rng.random() if target.quantile is None else target.quantile
    c = pick_at_quantile(values, [1.0] * len(values), u)
    m = edge_count(n, rho)
    order = rng.sample(range(n), n)
    clique, rest = order[:c], order[c:]
    edges = set()
    edges |= {(min(a, b), max(a, b)) for a, b in combinations(clique, 2)}
    decoys = []
    if len(rest) >= 2 * c and rng.random() < BIPARTITE:
        # a complete bipartite block K(c, c): every node has c neighbours in it (so the
        # degeneracy is at least c and "degeneracy + 1" says c + 1), yet it has no triangle
        left, right, rest = rest[:c], rest[c:2 * c], rest[2 * c:]
        edges |= {(min(a, b), max(a, b)) for a in left for b in right}
    if len(rest) >= c:  # a c-clique minus one link: c - 1 at most
        near = rest[:c]
        pairs = list(combinations(near, 2))
        pairs.remove(rng.choice(pairs))
        edges |= {(min(a, b), max(a, b)) for a, b in pairs}
        decoys += near
        rest = rest[c:]
    if len(rest) >= c - 1 >= 3:
        near, rest = rest[:c - 1], rest[c - 1:]
        edges |= {(min(a, b), max(a, b)) for a, b in combinations(near, 2)}
        decoys += near
    others = [v for v in range(n) if v not in clique]
    for v in decoys:  # make the near misses the busiest nodes
        for x in rng.sample(others, min(len(others), 2)):
            if x != v:
                edges.add((min(v, x), max(v, x)))
    # The link count must not tell c: every graph of this n gets as many links as the
    # largest c's planting would need (up to a quarter of all pairs: the smallest graphs
    # cannot hold more without larger cliques), the extra ones in a triangle-free
    # (bipartite) block of the nodes left over, then at random.
    goal = max(m, min(_planted_links(max(values)), n * (n - 1) // 8))  # at most ρ = 1/4
    free = [v for v in rest if v not in decoys]
    half = len(free) // 2
    side_a, side_b = free[:half], free[half:]
    cross = [(min(a, b), max(a, b)) for a in side_a for b in side_b]
    rng.shuffle(cross)
    for pair in cross[:max(0, goal - len(edges) - m // 2)]:  # about m / 2 stay random
        edges.add(pair)
    edges = sparse_graph(rng, n, max(goal, len(edges)), edges)
    g = Graph(n, tuple(sorted(edges)), directed=False)
    a = g.adjacency
    if clique_number(a) != c:
        return None
    if c in (greedy_clique(a), degeneracy_plus_one(g, {})) and rng.random() >= KEEP:
        return None
    return g, {}


def _planted_links(c: int) -> int:
    """Links the planting of a c-clique can take: the clique, its two near misses, the
    K(c, c) block and the near misses' extra links."""
    return 3 * c * (c - 1) // 2 - 1 - (c - 1) + c * c + 2 * (2 * c - 1)


def greedy(g, q):
    """Greedy clique from the busiest node: a lower bound found without search."""
    return greedy_clique(g.adjacency)


def degeneracy_plus_one(g, q):
    """The largest k with a non-empty k-core, plus one: an upper bound read as the size."""
    a = g.adjacency
    k = 0
    while k_core_mask(a, k + 1).any():
        k += 1
    return k + 1


def tensor_program(g, q):
    """Bitset branch-and-bound over the adjacency rows (greedy-colouring bound)."""
    return clique_number(g.adjacency)


def nx_program(G, q):
    import networkx as nx

    return max((len(c) for c in nx.find_cliques(G)), default=0)


def template(w, q):
    return (f"A clique is a group of {w.nouns} every two of which are directly linked (one "
            f"{w.noun} alone is a clique of size 1). How many {w.nouns} are in a largest "
            f"clique?")


CATEGORY = Category(
    id="gralgo_max_clique", level=1, family="undirected", answer="integer",
    primitives=("clique",), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=(), min_n=3, generate_min_n=6,
    construct=construct,
    shortcuts={"greedy-clique": greedy, "degeneracy-plus-one": degeneracy_plus_one},
    summary="GrAlgoBench MCP: the clique number of an undirected graph.",
    weights="none",
)
