"""chain_of_filters (L3): nodes x reaches, with out-degree >= t, that y cannot reach.

Convention: x and y are never listed. Example: A -> B -> C, B -> D, Y -> D, t = 1: [B]
(C has no outgoing edge; D is reached by Y).

Built, not sampled (``_two_source.difference``): the answer's size is drawn; one or two more
node x reaches (not y) is planted with fewer than t out-edges, so the degree filter matters,
and y reaches a common part with a node of t out-edges where n leaves room, so the y filter
does; the hop depth comes from the deepest answer
node or from a common node with enough out-edges that x reaches sooner than y.
"""

from __future__ import annotations

import numpy as np

from closurebench import tensor as T
from closurebench.categories._spec import Category, distinct
from closurebench.categories._two_source import difference
from closurebench.plant import draw_depth, plant, sprinkle


def propose(rng, g):
    pair = distinct(rng, g.n, 2)
    return pair and {"x": pair[0], "y": pair[1], "t": rng.choice((1, 2))}


def construct(rng, n, rho, target):
    """Plant the answer, the filtered nodes and the common part, then top up out-degrees."""
    lo, hi = target.hops or (1, n - 2)
    h, t = draw_depth(rng, lo, hi), rng.choice((1, 2))
    sizes = [a for a in range(1, n - 1) if a >= h or (h >= 2 and n - 3 - a >= t + h)]
    if not sizes:
        return None
    # sizes that leave room for one filtered node and a common part with t out-edges
    # (so that both filters matter) weigh triple; "every other node" half
    roomy = [a for a in sizes if n - 3 - a >= t + 1 + (h - 1 if a < h else 0)]
    a = rng.choices(sizes, [1 if a == n - 2 else 6 if a in roomy else 2 for a in sizes])[0]
    f = min(1, n - 2 - a)
    built = difference(rng, n, h, a, filtered=f, common=t + 1)
    if built is None:
        return None
    (edges, ok, x, y, _, _), ans, filt, com = built
    if len(com) > t:
        edges += [(com[0], v) for v in com[1:t + 1] if ok[com[0], v]]
    for v in filt:
        if t == 2 and rng.random() < 0.5:
            edges.append((v, rng.choice(np.flatnonzero(ok[v]).tolist())))
    out = np.zeros(n, dtype=np.int64)
    for u, _ in set(edges):
        out[u] += 1
    have = set(edges)
    for u in ans:
        spare = [v for v in np.flatnonzero(ok[u]).tolist() if (u, v) not in have]
        if out[u] + len(spare) < t:
            return None
        edges += [(u, v) for v in rng.sample(spare, max(0, t - int(out[u])))]
    capped = np.zeros((n, n), dtype=bool)
    capped[filt] = True
    g = plant(rng, n, rho, edges, ok, forbidden=capped)
    return sprinkle(rng, g, ok & ~capped), {"x": x, "y": y, "t": t}


def ignore_y(g, q):
    """Lazy reader: x's reach filtered by out-degree, as if y's reach were not subtracted."""
    a, x = g.adjacency, q["x"]
    keep = T.reach(a, x) & (T.out_degree(a) >= q["t"])
    keep[[x, q["y"]]] = False
    return np.flatnonzero(keep).tolist()


def tensor_program(g, q):
    """``R(x) ∧ (Dout ≥ t) ∧ ¬R(y)``, minus x and y."""
    a, x, y = g.adjacency, q["x"], q["y"]
    keep = T.reach(a, x) & (T.out_degree(a) >= q["t"]) & ~T.reach(a, y)
    keep[[x, y]] = False
    return np.flatnonzero(keep).tolist()


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
    max_hops=lambda n: max(2, n - 3), shortcuts={"ignore-y": ignore_y},
    summary="Reachable from x, out-degree at least t, not reachable from y.",
    tl_program=TL_PROGRAM,
)
