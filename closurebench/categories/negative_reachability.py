"""negative_reachability (L1): the nodes x can NOT reach (the complement of R(x)).

Convention: x itself is never listed. Example: A -> B, C isolated: A cannot reach [C].
Degenerate queries (x reaches everyone, or no one) are rejected. Constructed: x's reach set
(size and deepest layer drawn) is planted, and every node x misses links into it, so the
answer is neither "nodes x has no edge to" nor "nodes outside x's weak component". From three
hops the reach set and the missed nodes are closed blocks (``_closed``) whose missed nodes
take as many in-edges as the deep reached ones and link to x or its direct successors at
least once; shallow hop buckets are rarer still than for the other set answers
(``HOP_WEIGHTS``).
"""

from __future__ import annotations

import numpy as np

from closurebench.categories._reach import (
    DEEP_BLOCKS as DEEP,
)
from closurebench.categories._reach import (
    close_blocks,
    count_weights,
    depth_and_count,
    layered,
    reach_graph,
    weak_reach,
)
from closurebench.categories._spec import Category
from closurebench.graph import tensor as T
from closurebench.graph.families import _from_mask, _threshold, no_loops
from closurebench.graph.plant import allowed, tree_edges

#: Weights of a reach set missing 1, 2 and 3 nodes, and the per-node decay of larger reach
#: sets by planted depth: an expected top answer size share of 0.21 at n 4-10.
MISSED_WEIGHTS = (0.05, 0.3, 0.7)
MISSED_DECAY = {1: 0.4, 2: 0.4}
#: The decay from n = ``OPEN_DECAY_N`` (where instances are blind-built): slower, so a one-
#: or two-hop reach set is larger and the missed nodes are not most of the graph (at 0.4 they
#: were 247 of the 350 non-source nodes of seed 5151's one- and two-hop instances, and the
#: per-node reader's lead at two hops was +65..+70 points).
#: A lone missed node is weighted down with it (0.03 for 0.05), as the slower decay
#: leaves more shallow reach sets one node short.
OPEN_DECAY = {1: 0.7, 2: 0.7}
OPEN_WEIGHTS = (0.03, 0.3, 0.7)
OPEN_DECAY_N = 6
#: Shares of 1, 2 and >= 3 hops: rarer shallow buckets than the other set answers'
#: ``SET_HOP_WEIGHTS`` (10 / 15 / 75), since one- and two-hop reach sets are read (seed
#: 4242: the per-node reader got 86% of one-hop and 52% of two-hop instances strictly right,
#: 21% from three hops). With ``_in_matched``: learned gap +32 / +36 / +32 -> +22 / +28 /
#: +23 on seeds 4242 / 7777 / 9001 (5 / 10 / 85: +18 / +30 / +24; those shares alone
#: +29 / +33 / +28). One hop keeps 7%: at n = 4 a two-hop reach set misses one node, and
#: 5 / 10 made that lone missed node the answer of 38 in 120 default-axes instances.
HOP_WEIGHTS = (0.07, 0.08, 0.85)


def _closed(rng, n, rho, d):
    """``_reach.closed_blocks`` with its distractors drawn at a rate per *row*: as many
    edges as one rate would give (ρ·n(n - 1) in expectation, as ``plant``), but spread so
    that every node's expected out-degree is the same wherever its room allows. One rate
    for all left the missed nodes out-heavier than the deep reached ones (seed 5151, 150
    deep instances: 2.8 out-edges against 2.3), since they may point to x, x's direct
    successors and each other, and a deep reached node only within x's reach.

    The missed rows' expected edges are then split (``_in_matched``) so that a missed node
    takes as many in-edges as a deep reached one, and the missed block is linked to x or
    one of its direct successors by at least one edge (``_link``)."""
    tree = tree_edges(rng, d)
    assert tree is not None
    ok, ring = close_blocks(rng, allowed(d), tree, [d])
    mask = np.zeros((n, n), dtype=bool)
    for u, v in [*tree, *ring]:
        mask[u, v] = True
    room = ok & ~mask
    no_loops(room)
    have, free = mask.sum(1), room.sum(1)
    want = min(max(rho * n * (n - 1) - int(have.sum()), 0.0), float(free.sum()))
    lo, hi = 0.0, float(n)
    for _ in range(30):  # the common out-degree t whose capped row rates give ``want`` edges
        t = (lo + hi) / 2
        if np.clip(t - have, 0, free).sum() < want:
            lo = t
        else:
            hi = t
    rate = np.clip(hi - have, 0, free) / np.maximum(free, 1)
    mask |= room & _cell_coins(rng, _in_matched(mask, room, rate, d))
    no_loops(mask)
    _link(rng, mask, d)
    return _from_mask(mask, directed=True)


def _cell_coins(rng, p):
    """One coin per cell at probability ``p[i, j]``, as ``families._row_coins`` (raw PCG64
    draws against exact integer thresholds: platform-stable)."""
    key = rng.getrandbits(64)
    limit = np.array([_threshold(v) for v in p.ravel().tolist()], dtype=np.uint64)
    raw = np.random.PCG64(key).random_raw(p.size)
    return (raw < limit).reshape(p.shape)


def _in_matched(mask, room, rate, d):
    """Per-cell rates from the row rates ``rate``: the reached rows keep theirs; a missed
    row's edges among the missed nodes are drawn at the one rate q that gives a missed
    node the expected in-degree of a deep reached one (its ring edge included; q in 0..1),
    and the rest of its expected out-edges go to x and x's direct successors.

    Why: a missed node takes in-edges only from other missed nodes, a deep reached node
    from the reached ones. With one row rate the larger side had the larger in-degrees
    and fork sums (seed 5151, reach sets of depth = size 3 from n = 8: missed nodes 2.1
    in-edges against 1.45, predecessors' out-degrees summing to 8.1 against 3.4; after:
    1.4 against 1.4, 3.8 against 3.1), which the per-node reader read."""
    missed = np.asarray(d) < 0
    deep = np.asarray(d) >= 2
    p = room * rate[:, None]
    if not missed.any() or not deep.any():
        return p
    inside = room & missed[:, None] & missed[None, :]
    outer = room & missed[:, None] & ~missed[None, :]
    want_in = (mask[:, deep].sum(0) + p[:, deep].sum(0)).mean()
    ring_in = mask[:, missed].sum(0).mean()
    slots = inside[:, missed].sum(0).mean()
    q = float(np.clip((want_in - ring_in) / slots, 0, 1)) if slots else 0.0
    budget = p[missed].sum(1)  # the missed rows' expected new out-edges
    ext = np.clip((budget - q * inside[missed].sum(1)) / np.maximum(outer[missed].sum(1), 1),
                  0, 1)
    p[missed] = np.where(inside[missed], q, np.where(outer[missed], ext[:, None], 0.0))
    return p


def _link(rng, mask, d):
    """An edge from a missed node to x or one of x's direct successors if none was drawn:
    else the missed block is its own weak component, and "the nodes outside x's weak
    component" is the answer (on seed 4242 the ignore-direction reader rose from 21% to 24%
    with the in-degree split alone; with the link it falls below the one-hop reader)."""
    dl = d.tolist()
    missed = [v for v, dv in enumerate(dl) if dv < 0]
    near = [v for v, dv in enumerate(dl) if 0 <= dv <= 1]
    if missed and not mask[np.ix_(missed, near)].any():
        mask[rng.choice(missed), rng.choice(near)] = True


def propose(rng, g):
    return {"x": rng.randrange(g.n)}


def construct(rng, n, rho, target):
    x = rng.randrange(n)
    weights, decay = (OPEN_WEIGHTS, OPEN_DECAY) if n >= OPEN_DECAY_N else \
        (MISSED_WEIGHTS, MISSED_DECAY)
    # Deep cells at small n leave one or two missed nodes: keep deep draws at the shallow end
    # of their range and one to three missed nodes rare wherever there is a choice.
    depth, size = depth_and_count(
        rng, target, n - 2,
        lambda depth: count_weights(depth, n - 2, weights, decay), (0.8, 0.2))
    d, layers = layered(rng, n, x, size, depth)
    if depth >= DEEP and not target.decoy:
        return _closed(rng, n, rho, d), {"x": x}
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
    hop_weights=HOP_WEIGHTS,  # blind-built from n = 6: below it every view is decided
)
