"""max_degree (L1): the node with the highest out-degree (or in-degree).

Ties make the question ambiguous, so a tied graph is resampled and both programs refuse ties.
Example: A -> B, A -> C, B -> C: A has the highest out-degree (2).

Instances are built with as many links as G(n, ρ) would have (at least one): the winner's
degree D is drawn from the values that leave the rest room below it, a runner-up gets D - 1
where the links allow, the other degrees (each below D) share the remaining links at random,
and links point at the winner less often (AIM) and at one decoy more often (DECOY) than
elsewhere, so the winner is not also the node mentioned most.
"""

from __future__ import annotations

import numpy as np

from closurebench.categories._reach import binomial
from closurebench.categories._spec import Category, Target
from closurebench.errors import UnposableQuery
from closurebench.graph import tensor as T
from closurebench.graph.families import Graph


def propose(rng, g):
    return {"direction": rng.choice(("out", "in"))}


#: How often a link points at the winner, relative to any other node.
AIM = 0.1
#: How often a link points at the decoy (the runner-up, where there is one) relative to any
#: other node: one short of the winner one way and mentioned by many the other way, it is
#: the node mentioned most more often than the winner (at AIM alone, 24-41% of the time).
DECOY = 6.0
#: Share of graphs drawn again when the winner is still the node mentioned most (sparse
#: cells, where the winner's few links are most of the graph).
MENTIONED_REJECT = 0.7


def construct(rng, n, rho, target: Target):
    links = max(1, binomial(rng, n * (n - 1), rho))  # G(n, ρ)'s count
    lo, hi = -(-(links + n - 1) // n), min(n - 1, links)
    if lo > hi:  # so many links that two nodes must tie: draw another count
        return None
    top = rng.randint(lo, hi)
    w, direction = rng.randrange(n), rng.choice(("out", "in"))
    degree = [0] * n
    degree[w] = top
    decoy = rng.choice([v for v in range(n) if v != w])
    if links - top >= top - 1:  # a runner-up one short of the winner, where links allow
        degree[decoy] = top - 1
    # The nodes still below top - 1, in order: kept as degrees fill (not rebuilt per link).
    room = [v for v in range(n) if v != w and degree[v] < top - 1]
    for _ in range(links - sum(degree)):
        i = rng.randrange(len(room))
        degree[room[i]] += 1
        if degree[room[i]] == top - 1:
            del room[i]
    edges = []
    base = [1.0] * n  # every node's weight as a link's end
    base[w], base[decoy] = AIM, DECOY
    for u in range(n):
        if not degree[u]:
            continue
        others = [*range(u), *range(u + 1, n)]
        weights = base[:u] + base[u + 1:]
        chosen: list[int] = []
        while len(chosen) < degree[u]:
            v = rng.choices(others, weights)[0]
            i = others.index(v)
            others.pop(i)
            weights.pop(i)
            chosen.append(v)
        edges += [(u, v) if direction == "out" else (v, u) for v in sorted(chosen)]
    g = Graph(n, tuple(sorted(edges)))
    a = g.adjacency
    if int((a.sum(0) + a.sum(1)).argmax()) == w and rng.random() < MENTIONED_REJECT:
        return None  # the winner is also the node mentioned most: mostly drawn again
    return g, {"direction": direction}


def other_direction(g, q):
    """The node of highest degree the other way (reading links backwards), lowest id on ties."""
    deg = (T.in_degree if q["direction"] == "out" else T.out_degree)(g.adjacency)
    return int(np.argmax(deg))


def tensor_program(g, q):
    """``argmax_i D[i]``, unique."""
    deg = (T.out_degree if q["direction"] == "out" else T.in_degree)(g.adjacency)
    best = (deg == deg.max()).nonzero()[0]
    if len(best) != 1:
        raise UnposableQuery(f"{len(best)} nodes tie for the highest degree")
    return int(best[0])


def nx_program(G, q):
    deg = dict(G.out_degree() if q["direction"] == "out" else G.in_degree())
    top = max(deg.values())
    winners = [v for v, d in deg.items() if d == top]
    if len(winners) != 1:
        raise ValueError("tie for the highest degree")
    return winners[0]


def swapped(g, q):
    """Counterfactual: in- and out-degree swapped (the unique winner the other way)."""
    return tensor_program(g, {**q, "direction": "in" if q["direction"] == "out" else "out"})


def tl_program(q):
    return f"answer argmax({q['direction']}deg(Edge)[x]).\n"


def template(w, q):
    if q["direction"] == "out":
        return f"Which {w.noun} has direct {w.links} to the largest number of different {w.nouns}?"
    return (
        f"Which {w.noun} receives direct {w.links} from the largest number of different "
        f"{w.nouns}?"
    )


CATEGORY = Category(
    id="max_degree", level=1, family="digraph", answer="label",
    primitives=("degree", "argmax"), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=(), params={"direction": ("out", "in")},
    construct=construct, shortcuts={"other-direction": other_direction},
    counterfactuals={"direction: in- and out-degree swapped": swapped},
    summary="Name the unique node of highest out-degree (or in-degree).",
    tl_program=tl_program,
    local_answer=("v.out", "v.in", "v.sink", "v.source", "v.fork"),
)
