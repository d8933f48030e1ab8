"""path_and_compare (L2): of y and z, which is fewer directed steps from x?

Both must be reachable and at different distances (else resampled). Example: A -> B -> C,
A -> D: from A, B (1 step) is nearer than C (2 steps).

The question guarantees both are reachable, so a reader who explores k steps and sees only
one of them may answer it: the k-hop reader is right from k = the nearer one's distance, which
is the instance's hop depth. Built, not sampled: x's distance layers are planted with the
nearer target at the drawn depth, the other one or more layers further, and which of y and z
is nearer a coin flip.
"""

from __future__ import annotations

import numpy as np

from closurebench.categories._spec import Category, distinct
from closurebench.categories._values import draw_value
from closurebench.errors import UnposableQuery
from closurebench.graph import tensor as T
from closurebench.graph.families import Graph
from closurebench.graph.plant import (
    allowed,
    depth_vector,
    draw_depth,
    plant,
    split_layers,
    sprinkle,
    tree_edges,
)

#: Share of candidates that plant the flipping node (where n leaves room for it). Without it
#: the answer often stays the same whichever x is asked; with it always, the smallest sparse
#: cells have too few shapes for both structural halves.
FLIP = 0.97


def max_hops(n: int) -> int:
    """The nearer target at most n - 3 steps out (the farther one and a flipping node need
    room). At n = 4 that is one step: a two-step instance there has one shape (x, a middle
    node, the two targets on one chain), which every other x answers the same way."""
    return max(1, n - 3)


def propose(rng, g):
    nodes = distinct(rng, g.n, 3)
    return nodes and {"x": nodes[0], "y": nodes[1], "z": nodes[2]}


def construct(rng, n, rho, target):
    """x's distance layers, the nearer target at the drawn depth h, the other beyond it.

    A node x does not reach gets a direct edge to the farther target and a two-step path to
    the nearer one, so asking from it flips the answer (where n leaves room for it). Then a
    coin picks which target ends up with more incoming edges (distractors into the other one
    dropped, or allowed ones into it added), so "the busier one is nearer" is chance.
    """
    lo, hi = target.hops or (1, n - 2)
    h = draw_depth(rng, lo, hi)
    # room for the flipping node, if n leaves it (not always: small sparse cells need variety)
    top = n - 2 if h + 1 <= n - 2 and rng.random() < FLIP else n - 1
    if h + 1 > top:
        return None
    far = h + 1 if rng.random() < 0.6 else rng.randint(h + 1, top)
    nodes = list(range(n))
    rng.shuffle(nodes)
    x, rest = nodes[0], nodes[1:]
    reached = rest[:rng.randint(far, top)]
    layers = split_layers(rng, reached, rng.randint(far, len(reached)))
    d = depth_vector(n, x, layers)
    near, other = rng.choice(layers[h - 1]), rng.choice(layers[far - 1])
    required = tree_edges(rng, d)
    ok = allowed(d)
    no = np.zeros((n, n), dtype=bool)
    if top < n - 1:
        w = rng.choice([v for v in rest if d[v] < 0])
        no[w, near] = True
        required += [(w, other), (w, next(u for u, v in required if v == near))]
    a = sprinkle(rng, plant(rng, n, rho, required, ok, forbidden=no), ok & ~no).adjacency.copy()
    keep = np.zeros((n, n), dtype=bool)
    for u, v in required:
        keep[u, v] = True
    busy, quiet = (other, near) if rng.random() < 0.5 else (near, other)
    while a[:, busy].sum() <= a[:, quiet].sum():
        drop = (a[:, quiet] & ~keep[:, quiet]).nonzero()[0]
        add = (ok[:, busy] & ~a[:, busy] & ~no[:, busy]).nonzero()[0]
        if len(drop):
            a[drop[rng.randrange(len(drop))], quiet] = False
        elif len(add):
            a[add[rng.randrange(len(add))], busy] = True
        else:
            break
    # the answer class (y or z nearer), at the stratified quantile when there is one
    if draw_value(rng, (0, 1), (1, 1), target.quantile):
        near, other = other, near
    y, z = near, other
    src, dst = a.nonzero()
    return Graph(n, tuple(zip(src.tolist(), dst.tolist()))), {"x": x, "y": y, "z": z}


def tensor_program(g, q):
    """Distances are BFS layers ``R_k ∖ R_{<k}``; compare ``d(x, y)`` with ``d(x, z)``.

    Under ``hop_limit(k)`` a target beyond k steps reads as unreached, and the one seen is
    the answer (the question says both are reachable).
    """
    a = g.adjacency
    with T.hop_limit(None):
        full = T.distances(a, q["x"])
    if full[q["y"]] < 0 or full[q["z"]] < 0 or full[q["y"]] == full[q["z"]]:
        raise UnposableQuery("both targets must be reachable at different distances")
    d = T.distances(a, q["x"])
    dy, dz = d[q["y"]], d[q["z"]]
    if dy < 0 and dz < 0:
        raise UnposableQuery("neither target is within the hop limit")
    return q["y"] if dz < 0 or 0 <= dy < dz else q["z"]


def busier(g, q):
    """Lazy reader: the target with more incoming edges (y on a tie) is the nearer one."""
    indeg = T.in_degree(g.adjacency)
    return q["z"] if indeg[q["z"]] > indeg[q["y"]] else q["y"]


def nx_program(G, q):
    import networkx as nx

    d = nx.single_source_shortest_path_length(G, q["x"])
    dy, dz = d.get(q["y"]), d.get(q["z"])
    if dy is None or dz is None or dy == dz:
        raise ValueError("both targets must be reachable at different distances")
    return q["y"] if dy < dz else q["z"]


TL_PROGRAM = """\
D[y] = dist(Edge, X)[y].
answer branch(D[Y] < D[Z], Y, Z).
"""


def template(w, q):
    return (
        f"Starting from {q['x']} and following {w.links} in their direction, which of "
        f"{q['y']} and {q['z']} can be reached in fewer steps?"
    )


CATEGORY = Category(
    pair_path=True,
    id="path_and_compare", level=2, family="digraph", answer="label",
    primitives=("shortest_path", "compare"), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=("x", "y", "z"), min_n=3,
    construct=construct, max_hops=max_hops, shortcuts={"busier": busier},
    summary="Which of y, z is nearer to x along directed edges?",
    tl_program=TL_PROGRAM,
    generate_min_n=6,  # blind-built from n = 6: below it every view is decided
)
