"""chain_of_filters (L3): nodes x reaches, with out-degree >= t, that y cannot reach.

Convention: x and y are never listed. Example: A -> B -> C, B -> D, Y -> D, t = 1: [B]
(C has no outgoing edge; D is reached by Y).

Built, not sampled (``_two_source.difference``): the answer's size is drawn; one or two more
node x reaches (not y) is planted with fewer than t out-edges, so the degree filter matters,
and y reaches a common part with a node of t out-edges where n leaves room (or, in a small
cell, x reaches y and a node behind y gets t out-edges inside y's reach), so the y filter does
and a reader who ignores y lists it; the hop depth comes from the deepest answer node or from
a common node with enough out-edges that x reaches sooner than y. Generated from n = 5: at
n = 4 a depth-2 answer leaves no node for the y filter to remove.
"""

from __future__ import annotations

import numpy as np

from closurebench.categories._spec import Category, distinct
from closurebench.categories._two_source import difference
from closurebench.categories._values import draw_value
from closurebench.graph import tensor as T
from closurebench.graph.plant import allowed, draw_depth, plant, sprinkle


def propose(rng, g):
    pair = distinct(rng, g.n, 2)
    return pair and {"x": pair[0], "y": pair[1], "t": rng.choice((1, 2))}


#: Answer-size weights: sizes that leave room for a common node with t out-edges (so a reader
#: who ignores y lists a node y reaches) weigh ROOMY (size 1: ROOMY_ONE), the others TIGHT,
#: "every other node" EVERYONE (never roomy). Measured: top size ~0.20, ignore-y ~0.21.
ROOMY, ROOMY_ONE, TIGHT, EVERYONE = 10, 12, 1, 6


def _room(n: int, h: int, a: int, t: int, f: int) -> bool:
    """Do ``a`` answer nodes, ``f`` filtered ones and a common node with t out-edges fit at
    depth h? A common part of t + 1 nodes, or (answer deep enough) t nodes behind x -> y."""
    left = n - 2 - a - f
    return left >= t + 1 + (h - 1 if a < h else 0) or (a >= h and left >= t)


def _through_y(rng, n, edges, x, y, t):
    """x -> y, and a node y reaches with t out-edges inside y's reach (y included).

    Then that node is x's too (behind y, so never nearer to x than to y: no k-hop reader
    keeps it) and has t out-edges: only the y filter removes it. Nodes neither source reaches
    are hung under y first if y reaches fewer than t. Returns the edges and the new depth
    vectors, or ``None`` if the cell has no room.
    """
    a = np.zeros((n, n), dtype=bool)
    for u, v in edges:
        a[u, v] = True
    dx, dy = T.distances(a, x), T.distances(a, y)
    mine = [v for v in range(n) if dy[v] > 0]
    for v in [v for v in range(n) if dx[v] < 0 and dy[v] < 0 and v != y]:
        if len(mine) >= t:
            break
        edges.append((y, v))
        a[y, v] = True
        mine.append(v)
    if len(mine) < t:
        return None
    dy = T.distances(a, y)
    c = rng.choice(mine)
    targets = [y, *(v for v in mine if v != c and dy[v] <= dy[c] + 1)]
    if len(targets) < t:
        return None
    edges += [(x, y)] + [(c, v) for v in rng.sample(targets, t)]
    for u, v in edges:
        a[u, v] = True
    return edges, T.distances(a, x), T.distances(a, y)


def construct(rng, n, rho, target):
    """Plant the answer, the filtered nodes and the common part, then top up out-degrees.

    The size is drawn at ``target.quantile`` (from the sizes the drawn depth allows). Where the
    size leaves room, the common part gets a node with t out-edges, which only the y filter
    removes; the filtered node (the degree filter's witness) gives way to it when the cell
    is too small for both.
    """
    lo, hi = target.hops or (1, n - 2)
    h, t = draw_depth(rng, lo, hi), rng.choice((1, 2))
    if not any(_room(n, h, a, t, 0) for a in range(1, n - 1)):
        t = 1  # t = 2 leaves the y filter nothing to remove here
    sizes = [a for a in range(1, n - 1) if a >= h or (h >= 2 and n - 2 - a >= t + h)]
    if not sizes:
        return None
    weights = [EVERYONE if a == n - 2 else (ROOMY_ONE if a == 1 else ROOMY)
               if _room(n, h, a, t, 0) else TIGHT for a in sizes]
    a = draw_value(rng, sizes, weights, target.quantile)
    f = 1 if _room(n, h, a, t, 1) or (not _room(n, h, a, t, 0) and a < n - 2) else 0
    built = difference(rng, n, h, a, filtered=f, common=t + 1)
    if built is None:
        return None
    (edges, ok, x, y, _, _), ans, filt, com = built
    if len(com) > t:
        edges += [(com[0], v) for v in com[1:t + 1] if ok[com[0], v]]
    elif _room(n, h, a, t, f):
        via = _through_y(rng, n, edges, x, y, t)
        if via is None:
            return None
        edges, dx, dy = via
        ok = allowed(dx) & allowed(dy)
    for v in filt:
        if t == 2 and rng.random() < 0.5:
            edges.append((v, rng.choice(ok[v].nonzero()[0].tolist())))
    have = set(edges)
    out = [0] * n  # planted out-degrees (a list: numpy scalar updates cost more)
    for u, _ in have:
        out[u] += 1
    for u in ans:
        spare = [v for v in ok[u].nonzero()[0].tolist() if (u, v) not in have]
        if out[u] + len(spare) < t:
            return None
        edges += [(u, v) for v in rng.sample(spare, max(0, t - out[u]))]
    capped = np.zeros((n, n), dtype=bool)
    capped[filt] = True
    g = plant(rng, n, rho, edges, ok, forbidden=capped)
    return sprinkle(rng, g, ok & ~capped), {"x": x, "y": y, "t": t}


def ignore_y(g, q):
    """Lazy reader: x's reach filtered by out-degree, as if y's reach were not subtracted."""
    a, x = g.adjacency, q["x"]
    keep = T.reach(a, x) & (T.out_degree(a) >= q["t"])
    keep[[x, q["y"]]] = False
    return keep.nonzero()[0].tolist()


def tensor_program(g, q):
    """``R(x) ∧ (Dout ≥ t) ∧ ¬R(y)``, minus x and y."""
    a, x, y = g.adjacency, q["x"], q["y"]
    keep = T.reach(a, x) & (T.out_degree(a) >= q["t"]) & ~T.reach(a, y)
    keep[[x, y]] = False
    return keep.nonzero()[0].tolist()


def nx_program(G, q):
    import networkx as nx

    x, y, t = q["x"], q["y"], q["t"]
    hits = nx.descendants(G, x) - nx.descendants(G, y) - {x, y}
    return sorted(v for v in hits if G.out_degree(v) >= t)


TL_PROGRAM = """\
Reach[x, y] = closure(Edge)[x, y].
answer Reach[X, y] (outdeg(Edge)[y] >= T) !Reach[Y, y] (y != X) (y != Y).
"""


def template(w, q):
    x, y, t = q["x"], q["y"], q["t"]
    return (
        f"List the {w.nouns} that meet all three conditions: {x} can reach them by following "
        f"{w.links} in their direction (one or more steps); they have direct {w.links} to at "
        f"least {t} different {w.noun if t == 1 else w.nouns}; and {y} cannot reach them. Do "
        f"not include {x} or {y}."
    )


CATEGORY = Category(
    id="chain_of_filters", level=3, family="digraph", answer="labels",
    primitives=("closure", "degree", "filter", "difference"), propose=propose,
    tensor_program=tensor_program, nx_program=nx_program, template=template,
    node_keys=("x", "y"), params={"t": (1, 2)},
    tolerance="set", min_n=3, accept=lambda a, g: len(a) > 0, construct=construct,
    max_hops=lambda n: max(2, n - 3), shortcuts={"ignore-y": ignore_y}, generate_min_n=6,
    summary="Reachable from x, out-degree at least t, not reachable from y.",
    tl_program=TL_PROGRAM,
)
