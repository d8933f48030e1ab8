"""degree_then_reach (L2): how many nodes the unique highest-out-degree node can reach.

Convention: the hub itself is not counted. Ties for the hub are resampled.
Example: A -> B, A -> C, C -> D: the hub is A, which reaches 3.
Constructed: the hub's reach set (size and deepest layer drawn) is planted with at least two
nodes in its first layer, and every other node keeps fewer out-edges than the hub.

The count is drawn from a design over the default cells (n 6-10 by planted depth), not cell
by cell: a deep hub reaches at least depth + 1 nodes, so at small n deep cells can only
answer "n - 1", "n - 2" or "n - 3", and the other cells must answer otherwise for every
"n - k" reader to stay near 15% and no count above 19% (``_reach.CountDesign``; the design's
shares are checked in tests/categories/test_degree_then_reach.py).
"""

from __future__ import annotations

import itertools

import numpy as np

from closurebench.categories._reach import (
    CountDesign,
    count_weights,
    depth_and_count,
    linked,
    weak_reach,
)
from closurebench.categories._spec import Category
from closurebench.errors import UnposableQuery
from closurebench.graph import tensor as T
from closurebench.graph.families import _from_mask
from closurebench.graph.plant import allowed, depth_vector, plant, split_layers


def propose(rng, g):
    return {}


#: Weights of the counts n - 1, n - 2, n - 3 and the per-step decay above the lowest count
#: (depth + 1) by that count: expected top count share 0.22 and "n - k" shares <= 0.19 at
#: n 6-10. Below six nodes no weighting gets "n - k" under 0.2 (the hub's two first-layer
#: nodes plus a deep chain use up the graph), hence ``generate_min_n``.
TOP_WEIGHTS = (0.3, 0.5, 0.7)
DECAY = {2: 0.4, 3: 0.6}
#: Layer splits tried for one drawn count before the candidate is given up.
SPLIT_TRIES = 20
#: Relative weights of the planted depths lo, lo + 1, lo + 2 of an open hop bucket.
DEPTHS = (0.4, 0.3, 0.3)


def max_hops(n: int) -> int:
    """Two first-layer nodes and a chain below one of them: depth n - 2 at most."""
    return max(n - 2, 1)


#: The count design over the default cells (n from ``generate_min_n`` to the default n_max):
#: the hub reaches depth + 1 .. n - 1 nodes.
DESIGN = CountDesign(n_range=(6, 10), max_hops=max_hops, depth_cap=lambda n: n - 2,
                     counts=lambda n, depth: range(depth + 1, n), deep=DEPTHS)


def count_by_depth(n: int, depth: int) -> dict[int, float]:
    """Relative weights of the hub's count at this depth: the design in a default cell, else
    ``count_weights`` (top counts rare, small counts decaying)."""
    return DESIGN.weights(n, depth) or count_weights(depth + 1, n - 1, TOP_WEIGHTS, DECAY)


def _tree(rng, hub, layers):
    """BFS tree edges from the hub in which no node has as many children as the hub (the
    first layer's size), or ``None`` if the split leaves a layer too wide for that."""
    cap = len(layers[0]) - 1  # every other node's out-degree stays below the hub's
    tree = [(hub, v) for v in layers[0]]
    for above, below in itertools.pairwise(layers):
        kids = dict.fromkeys(above, 0)
        for v in below:
            room = [u for u in above if kids[u] < cap]
            if not room:
                return None
            u = rng.choice(room)
            kids[u] += 1
            tree.append((u, v))
    return tree


def construct(rng, n, rho, target):
    hub = rng.randrange(n)
    # The hub reaches at least depth + 1 nodes, so deep cells crowd the top counts: keep the
    # deep draws shallow and the top counts rare wherever there is a choice.
    depth, size = depth_and_count(rng, target, n - 2, lambda d: count_by_depth(n, d), DEPTHS)
    reached = rng.sample([v for v in range(n) if v != hub], size)
    for _ in range(SPLIT_TRIES):  # redraw the layers, not the count (that would bias it)
        layers = split_layers(rng, reached[1:], depth)
        layers[0].append(reached[0])
        tree = _tree(rng, hub, layers)
        if tree is not None:
            break
    else:
        return None
    cap = len(layers[0]) - 1
    d = depth_vector(n, hub, layers)
    tree += linked(rng, d)  # out-degree 1 each, below the hub's 2 or more
    floor = (len(tree) + rng.randint(0, 2)) / (n * (n - 1))
    mask = plant(rng, n, max(rho, floor), tree, allowed(d)).adjacency.copy()
    keep = np.zeros(mask.shape, dtype=bool)
    for u, v in tree:
        keep[u, v] = True
    # Row u is read before it is thinned, and only row u is: every row is read up front.
    spare, degree = (mask & ~keep).tolist(), mask.sum(1).tolist()
    for u in range(n):
        over = degree[u] - cap
        if u != hub and over > 0:
            extra = [v for v, s in enumerate(spare[u]) if s]
            mask[u, rng.sample(extra, over)] = False
    return _from_mask(mask, directed=True), {}


def tensor_program(g, q):
    """``h = argmax Dout`` (unique); ``|R(h) ∖ {h}|``."""
    a = g.adjacency
    deg = T.out_degree(a)
    best = (deg == deg.max()).nonzero()[0]
    if len(best) != 1:
        raise UnposableQuery("no unique highest out-degree")
    r = T.reach(a, int(best[0]))
    r[best[0]] = False
    return int(r.sum())


def hub(g, q) -> list[int]:
    """The busiest node's id, the one the program reaches from: its edges are what a reader
    sees of the query (``Category.view_nodes``)."""
    deg = T.out_degree(g.adjacency)
    return [int(deg.argmax())]


def nx_program(G, q):
    import networkx as nx

    deg = dict(G.out_degree())
    top = max(deg.values())
    hubs = [v for v, d in deg.items() if d == top]
    if len(hubs) != 1:
        raise ValueError("no unique highest out-degree")
    return len(nx.descendants(G, hubs[0]))


def ignore_direction(g, q):
    """Lazy reader: the size of the hub's weak component (direction ignored), minus the hub."""
    deg = T.out_degree(g.adjacency)
    best = (deg == deg.max()).nonzero()[0]
    if len(best) != 1:
        raise UnposableQuery("no unique highest out-degree")
    return int(weak_reach(g.adjacency, int(best[0])).sum()) - 1


TL_PROGRAM = """\
Hub = argmax(outdeg(Edge)[x]).
R[y] = closure(Edge)[Hub, y].
answer count(R[y] (y != Hub)).
"""


def template(w, q):
    return (
        f"First find the {w.noun} that has direct {w.links} to the largest number of different "
        f"{w.nouns}. How many {w.nouns} can that {w.noun} reach by following {w.links} in their "
        f"direction, through one or more steps, not counting itself?"
    )


CATEGORY = Category(
    id="degree_then_reach", level=2, family="digraph", answer="integer",
    primitives=("degree", "argmax", "closure", "count"), propose=propose,
    tensor_program=tensor_program, nx_program=nx_program, template=template, node_keys=(),
    tolerance="count", accept=lambda a, g: a > 0,
    construct=construct, max_hops=max_hops, min_n=3, generate_min_n=6,
    shortcuts={"ignore-direction": ignore_direction}, view_nodes=hub,
    summary="Find the highest out-degree node, then count what it reaches.",
    tl_program=TL_PROGRAM,
    joint=DESIGN.joint,
)
