"""negative_reachability (L1): the nodes x can NOT reach (the complement of R(x)).

Convention: x itself is never listed. Example: A -> B, C isolated: A cannot reach [C].
Degenerate queries (x reaches everyone, or no one) are rejected. Constructed: x's reach set
(size and deepest layer drawn) is planted, and every node x misses links into it, so the
answer is neither "nodes x has no edge to" nor "nodes outside x's weak component".
"""

from __future__ import annotations

from closurebench.categories._reach import (
    DEEP_BLOCKS as DEEP,
)
from closurebench.categories._reach import (
    SET_HOP_WEIGHTS,
    closed_blocks,
    count_weights,
    depth_and_count,
    layered,
    reach_graph,
    weak_reach,
)
from closurebench.categories._spec import Category
from closurebench.graph import tensor as T

#: Weights of a reach set missing 1, 2 and 3 nodes, and the per-node decay of larger reach
#: sets by planted depth: an expected top answer size share of 0.21 at n 4-10.
MISSED_WEIGHTS = (0.05, 0.3, 0.7)
MISSED_DECAY = {1: 0.4, 2: 0.4}


def propose(rng, g):
    return {"x": rng.randrange(g.n)}


def construct(rng, n, rho, target):
    x = rng.randrange(n)
    # Deep cells at small n leave one or two missed nodes: keep deep draws at the shallow end
    # of their range and one to three missed nodes rare wherever there is a choice.
    depth, size = depth_and_count(
        rng, target, n - 2,
        lambda depth: count_weights(depth, n - 2, MISSED_WEIGHTS, MISSED_DECAY), (0.8, 0.2))
    d, layers = layered(rng, n, x, size, depth)
    if depth >= DEEP and not target.decoy:
        return closed_blocks(rng, n, rho, d), {"x": x}
    inside = [x, *(v for layer in layers for v in layer)]
    extra = [(u, rng.choice(inside)) for u, du in enumerate(d.tolist()) if du < 0]
    return reach_graph(rng, n, rho, d, extra), {"x": x}


def tensor_program(g, q):
    """``¬R(x) ∖ {x}``."""
    out = ~T.reach(g.adjacency, q["x"])
    out[q["x"]] = False
    return out.nonzero()[0].tolist()


def nx_program(G, q):
    import networkx as nx

    return sorted(set(G) - nx.descendants(G, q["x"]) - {q["x"]})


def ignore_direction(g, q):
    """Lazy reader: the nodes outside x's weak component (direction ignored)."""
    return (~weak_reach(g.adjacency, q["x"])).nonzero()[0].tolist()


TL_PROGRAM = """\
R[y] = closure(Edge)[X, y].
answer !R[y] (y != X).
"""


def template(w, q):
    x = q["x"]
    return (
        f"Which {w.nouns} can {x} NOT reach by following {w.links} in their direction, "
        f"through any number of steps? Do not include {x} itself."
    )


CATEGORY = Category(
    id="negative_reachability", level=1, family="digraph", answer="labels",
    primitives=("closure", "complement"), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=("x",), tolerance="set",
    accept=lambda a, g: 0 < len(a) < g.n - 1,
    construct=construct, max_hops=lambda n: max(n - 2, 1), min_n=3,
    shortcuts={"ignore-direction": ignore_direction},
    summary="List the nodes x cannot reach (complement of the reachable set).",
    tl_program=TL_PROGRAM,
    generate_min_n=6,
    blocks_from=DEEP,
    hop_weights=SET_HOP_WEIGHTS,  # blind-built from n = 6: below it every view is decided
)
