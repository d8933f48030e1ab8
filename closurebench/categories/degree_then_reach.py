"""degree_then_reach (L2): how many nodes the unique highest-out-degree node can reach.

Convention: the hub itself is not counted. Ties for the hub are resampled.
Example: A -> B, A -> C, C -> D: the hub is A, which reaches 3.
"""

from __future__ import annotations

import numpy as np

from closurebench import tensor as T
from closurebench.categories._spec import Category
from closurebench.errors import UnposableQuery


def propose(rng, g):
    return {}


def tensor_program(g, q):
    """``h = argmax Dout`` (unique); ``|R(h) ∖ {h}|``."""
    a = g.adjacency
    deg = T.out_degree(a)
    best = np.flatnonzero(deg == deg.max())
    if len(best) != 1:
        raise UnposableQuery("no unique highest out-degree")
    r = T.reach(a, int(best[0]))
    r[best[0]] = False
    return int(r.sum())


def nx_program(G, q):
    import networkx as nx

    deg = dict(G.out_degree())
    top = max(deg.values())
    hubs = [v for v, d in deg.items() if d == top]
    if len(hubs) != 1:
        raise ValueError("no unique highest out-degree")
    return len(nx.descendants(G, hubs[0]))


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
    summary="Find the highest out-degree node, then count what it reaches.",
    tl_program=TL_PROGRAM,
)
