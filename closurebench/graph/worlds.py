"""Worlds: the nodes a query misses rebuilt so that no local reading tells them apart.

Why. A reach set R is closed under successors, so in any planted graph the nodes a source
misses (M) can take in-edges only from each other, while R takes them from everywhere:
"the nodes that have an in-edge" is the reach set, "out-degree above the mean" is a miss.
No re-weighting of distractors removes that, because it is a fact about flows: below its
first layer, R receives what the layers above send down, and M needs layers of its own.

So the missed nodes become worlds of their own: a *twin* (a closed world of the same kind as
the query's, with a source and layers of its own; ``categories._worlds`` builds it with the
category's own constructor) and an *open* world (``open_world`` here) whose nodes send edges
into the closed worlds' nodes, every pair alike. The open world carries the density a small
closed world cannot, gives the closed worlds' sources in-edges (neither is then the only
source) and joins everything weakly ("linked somehow" is not "reachable"). Its nodes send
more than they receive: a reader may find them, and they are missed nodes indeed. Nothing
here adds an edge whose tail is in a closed world, so what the query reaches is unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from closurebench.graph.plant import depth_vector, split_layers, tree_edges

__all__ = ["open_world", "tree_world", "world_depths"]

Edge = tuple[int, int]


def world_depths(rng: random.Random, n: int, nodes: Sequence[int], depth: int
                 ) -> np.ndarray:
    """A world's depth vector over ``nodes`` (the rest of the graph: -1): a random source
    among them and the others split into at most ``depth`` non-empty layers."""
    order = list(nodes)
    rng.shuffle(order)
    source, below = order[0], order[1:]
    layers = split_layers(rng, below, max(1, min(depth, len(below)))) if below else []
    return depth_vector(n, source, layers)


def tree_world(rng: random.Random, n: int, nodes: Sequence[int], depth: int,
               extra: float = 0.3) -> list[Edge]:
    """A world on ``nodes``: a random source, a BFS tree of at most ``depth`` layers, and
    each other pair that keeps its distances with probability ``extra``."""
    d = world_depths(rng, n, nodes, depth)
    tree = tree_edges(rng, d)
    assert tree is not None  # consecutive non-empty layers always have a parent above
    dl = d.tolist()
    have = set(tree)
    more = [(u, v) for u in nodes for v in nodes if u != v and (u, v) not in have
            and 0 <= dl[v] <= dl[u] + 1 and rng.random() < extra]
    return tree + more


def open_world(rng: random.Random, n: int, nodes: Sequence[int], closed: Sequence[int],
               sources: Sequence[int], budget: float, depth: int = 2) -> list[Edge]:
    """The open world on ``nodes``: a tree, then edges along its layers and into the
    ``closed`` nodes, every pair alike, towards ``budget`` edges (at least one from each
    node into a closed one, and one into each closed source)."""
    if not nodes:
        return []
    out = tree_world(rng, n, nodes, depth, extra=0.0)
    opened = {v: i for i, v in enumerate(nodes)}
    pairs = len(nodes) * (len(nodes) - 1) + len(nodes) * len(closed)
    # capped below 1: at every pair the cell would be one shape (one structural half)
    rate = min(max(budget - len(out), 0.0) / max(pairs, 1), 0.6)
    have = set(out)
    for u in nodes:
        inner = [(u, v) for v in nodes if v != u and (u, v) not in have
                 and rng.random() < rate]
        cross = [(u, v) for v in closed if rng.random() < rate]
        if not cross and closed:  # one or two, drawn: a cell must carry several shapes
            cross = [(u, v) for v in rng.sample(closed, min(len(closed), rng.randint(1, 2)))]
        out += inner + cross
        have.update(inner + cross)
    for s in sources:
        if not any(v == s and u in opened for u, v in have):
            out.append((nodes[rng.randrange(len(nodes))], s))
    return sorted(set(out))
