"""graph_comparison (L3): the nodes x could reach before a change but not after it.

Two graphs on the same nodes: "before" and "after" (some edges rewired, or dropped and
added). Convention: x itself is never listed. Example: before A -> B -> C, after A -> B:
[C].

Built, not sampled: x's reach before (the answer L of a drawn size, plus a kept part K) and
after (K only) are planted as depth vectors; the hop depth is drawn. Where the cell has room
(n - |L| >= 4, two or more hops), the change is a set of degree-preserving swaps between
closed blocks (``_rewired``): every node keeps its in- and out-degree and x its successors,
so neither graph's degrees nor their change names the lost nodes. Elsewhere (``_cut``) the
after graph keeps about two thirds of the before edges its depths allow, as in 0.3.4, where
the in-degree change read the answer (learned gap +74 / +68 / +65 on seeds 4242 / 7777 /
9001; with the swaps +60 / +56 / +58).
"""

from __future__ import annotations

import numpy as np

from closurebench.categories._spec import Category
from closurebench.categories._two_source import SizeDesign
from closurebench.graph import tensor as T
from closurebench.graph.families import _from_mask
from closurebench.graph.plant import (
    allowed,
    depth_vector,
    draw_depth,
    plant,
    split_layers,
    sprinkle,
    tree_edges,
)


def propose(rng, graphs):
    return {"x": rng.randrange(graphs[0].n)}


#: Weights of |L| (1, 2, n - 2, n - 3; the rest 10): 1 and 2 are sizes at every n, so they
#: weigh less; expected top size ~0.21.
SIZES = (7, 5, 10, 10)
#: In the default cells (n 4-10, uniform) |L| comes from a joint design instead
#: (``_values.flatten``), walked in order of size: with ``SIZES`` alone the sizes 1-3 took
#: ~20% each, and a 50-instance split's most frequent one went over 30% on one seed in
#: thirteen. Cap: any one size.
DESIGN_N = (4, 10)
CAP_VALUE, MIX = 0.15, 0.05
#: Cap on any one n - |L|: x's kept part is as spread as the lost one, so "everyone but x
#: and x's successors" is no answer key (0.3.4: n - |L| = 2 in 40% of instances).
CAP_KEPT = 0.15
DESIGN = SizeDesign(DESIGN_N, ((lambda n, v: v, lambda v: CAP_VALUE),
                               (lambda n, v: n - v, lambda k: CAP_KEPT)),
                    order=lambda n, v: (v, n), fallback=SIZES, mix=MIX)
#: ``Category.joint``: n and |L|'s quantile walked together in order of size.
joint = DESIGN.joint


def size_design() -> dict[int, list[float]]:
    """Weights of the sizes 1..n - 2 for each default n."""
    return DESIGN.design


def construct(rng, n, rho, target):
    """Rewire where the cell allows it (``_rewired``), else cut (``_cut``); |L| is drawn at
    ``target.quantile`` and the hop depth from the target's span."""
    lo, hi = target.hops or (1, n - 2)
    h, m = draw_depth(rng, lo, hi), DESIGN.draw(rng, n, target.quantile)
    for _ in range(REWIRE_TRIES if h >= 2 else 0):
        built = _rewired(rng, n, rho, h, m)
        if built is not None:
            return built[:2], {"x": built[2]}
    return _cut(rng, n, rho, h, m)


#: Tries of ``_rewired`` before a cell falls back to ``_cut`` (cells with no room: n = 4, or
#: |L| = n - 2, where x's one successor is all that is kept).
REWIRE_TRIES = 4


def _roles(rng, n: int, h: int, m: int) -> tuple[list[int], ...] | None:
    """x, its successors S, the rest of the kept part K', the lost part L and the unreached U,
    and the layers at depths 1..h; ``None`` if n leaves no such split.

    L fills depths t..h with one node at its top depth t < h (or all of it at t = h), so its
    only edges from the kept side are that node's tree edge: few crossings to swap away.
    K' fills depths 2..D (t - 1 <= D <= h + 2, so L's top node has a kept parent), each K'
    node with a kept parent one layer up. At h = 2 S gets two nodes where it can, so an edge
    from one S node can be swapped onto the other's child.
    """
    rest = n - 1 - m
    shapes = []
    for s in (1, 2):
        for k in range(2, rest - s + 1):  # |K'|, two at least: room for the swapped edges
            u = rest - s - k
            if m == 1 and u < 1:  # a lone lost node needs an unreached one to point at it
                continue
            for t in range(2, h + 1):
                if m >= h - t + 1 and k >= t - 2 and (t < h or m == 1 or h == 2):
                    shapes.append((s, k, t))
    if h == 2:
        shapes = [sh for sh in shapes if sh[0] == 2] or shapes
    if not shapes:
        return None
    s, k, t = shapes[rng.randrange(len(shapes))]
    nodes = list(range(n))
    rng.shuffle(nodes)
    x, succ, kept = nodes[0], nodes[1:1 + s], nodes[1 + s:1 + s + k]
    lost, unreached = nodes[1 + s + k:1 + s + k + m], nodes[1 + s + k + m:]
    # K''s deepest layer, down to two below L's (a kept node's depth never sets the hop
    # depth, since the change only takes it nearer): deep K' nodes take swapped edges
    # (L's top node hanging off a lone S node needs a K' node below depth 2 to swap onto)
    top = rng.randint(max(t - 1, 3 if t == 2 and s == 1 else 2), min(h + 2, k + 1))
    layers = [list(succ)] + [[] for _ in range(max(h, top) - 1)]
    for j, v in enumerate(kept):  # one per depth 2..top, the rest below depth 2 where it can
        depth = j + 2 if j < top - 1 else 2 if top == 2 else 3 + rng.randrange(top - 2)
        layers[depth - 1].append(v)
    spread = h - t  # L: one node at t (all at t = h), one per deeper layer, the rest below t
    for j, v in enumerate(lost):
        d = t if spread == 0 else t + (j if j <= spread else rng.randint(1, spread))
        layers[d - 1].append(v)
    return [x], succ, kept, lost, unreached, layers


def _rewired(rng, n, rho, h, m):
    """The change as degree-preserving swaps: (before, after, x), or ``None``.

    Before: x reaches S, K' and L (depths planted, L's deepest node at h); U is unreached.
    The only edges between the kept side x ∪ S ∪ K' and the other side L ∪ U are L's tree
    edges a -> b from the kept side and one edge c -> d back into K' for each, so both sides
    are closed blocks of balanced degree. The change swaps each pair to a -> d, c -> b (both
    pairs kept free before), so every node keeps its in- and out-degree and x's successors
    stay S; a few swaps inside each side stir the rest. Why: cutting edges left each lost
    node with fewer in-edges after (x's own edges into L went too), so the in-degree change
    read the answer (+74 learned on 4242).
    """
    roles = _roles(rng, n, h, m)
    if roles is None:
        return None
    (x,), succ, kept, lost, unreached, layers = roles
    side = np.zeros(n, dtype=bool)
    side[[x, *succ, *kept]] = True
    d_before = depth_vector(n, x, layers)
    ok = _ok(d_before, x, succ)
    tree_ok = ok.copy()
    tree_ok[np.ix_(lost, kept)] = False  # K' hangs off the kept side, so it survives the change
    depth = d_before.tolist()
    for v in lost:  # a lost node below another one hangs off the lost side: fewer crossings
        if any(depth[u] == depth[v] - 1 for u in lost):
            tree_ok[side, v] = False
    for _ in range(6):  # a tree whose crossing tails each have a K' node to swap onto
        tree = tree_edges(rng, d_before, tree_ok)
        if tree is None:
            return None
        tails = {a for a, b in tree if side[a] and not side[b]}
        if all(any(d != a and (a, d) not in tree for d in kept) for a in tails):
            break
    taken = set(tree)
    swaps = []
    for a, b in (e for e in tree if side[e[0]] and not side[e[1]]):
        ds = [d for d in kept if d != a and (a, d) not in taken]
        if not ds:
            return None
        d = ds[rng.randrange(len(ds))]
        cs = [[c for c in group if c != b and ok[c, d] and (c, d) not in taken
               and (c, b) not in taken] for group in (lost, unreached)]
        cs = cs[1] or cs[0]  # from U where it can: L then takes one more in-edge, as K' does
        if not cs:
            return None
        c = cs[rng.randrange(len(cs))]
        taken |= {(a, d), (c, d), (c, b)}
        swaps.append((a, b, c, d))
    # S's only out-edges are its tree edges (each S node takes x's edge alone, so more would
    # leave K' in-heavy); U may feed L as S feeds K'.
    closed = ok & (side[:, None] == side[None, :])
    closed[succ] = False
    if m == 1:  # a lone lost node can send no edge (L ∪ U holds nothing it may reach before
        # the change): a leaf of K' is made a sink as well, so "the sink" names no one
        leaves = [v for v in kept if not any(u == v for u, _ in tree)]
        if leaves:
            closed[leaves[rng.randrange(len(leaves))]] = False
    for a, b, c, d in swaps:
        closed[a, d] = closed[c, b] = False
    before = plant(rng, n, rho, tree + [(c, d) for _, _, c, d in swaps], closed).adjacency.copy()
    after = before.copy()
    for a, b, c, d in swaps:
        after[a, b] = after[c, d] = False
        after[a, d] = after[c, b] = True
    d_after = np.where(side, d_before, -1)  # the most each node may be after the change
    _stir(rng, after, ~side, np.ones((n, n), dtype=bool), 2 * len(swaps))
    _stir(rng, after, side, _ok(np.where(side, 1, -1), x, succ), 2 * len(swaps),
          x=x, depths=d_after)
    g_before, g_after = _graph(before), _graph(after)
    if not (np.array_equal(T.distances(g_before.adjacency, x), d_before)
            and _within(T.distances(g_after.adjacency, x), d_after)):
        return None
    return g_before, g_after, x


def _ok(d, x: int, succ: list[int]):
    """``allowed(d)`` with x a source whose successors S take no other in-edge: then no node
    shares a successor or a predecessor with x, in either graph."""
    ok = allowed(d)
    ok[:, x] = False
    ok[:, succ] = False
    ok[x, succ] = True
    return ok


def _stir(rng, mask, part, ok, tries: int, x: int | None = None, depths=None) -> None:
    """Up to ``tries`` degree-preserving swaps among the edges inside ``part``, so the change
    touches both sides, not only the crossings; with ``depths``, a swap that loses a node x
    reaches or takes it deeper than ``depths`` is undone (the hop depth must not move)."""
    for _ in range(tries):
        inside = list(zip(*np.nonzero(mask & part[:, None] & part[None, :])))
        if len(inside) < 2:
            return
        i, j = rng.sample(range(len(inside)), 2)
        (a, b), (c, d) = inside[i], inside[j]
        if a == d or c == b or not (ok[a, d] and ok[c, b]) or mask[a, d] or mask[c, b]:
            continue
        mask[a, b] = mask[c, d] = False
        mask[a, d] = mask[c, b] = True
        if depths is not None and not _within(T.distances(mask, x), depths):
            mask[a, d] = mask[c, b] = False
            mask[a, b] = mask[c, d] = True


def _within(d, most) -> bool:
    """Does ``d`` reach exactly the nodes ``most`` does, none of them deeper?"""
    return bool(np.array_equal(d < 0, most < 0) and (d <= most).all())


def _graph(mask):
    return _from_mask(mask.copy(), directed=True)


def _cut(rng, n, rho, h, m):
    """Plant R_before(x) = L ∪ K and R_after(x) = K, with the hop depth from L or from K; the
    after graph keeps about two thirds of the before edges its depths allow. Used where
    ``_rewired`` finds no room (and for one-hop targets, whose lost nodes x points to)."""
    from_k = h >= 2 and n - 1 - m >= h and rng.random() < 0.5
    k = rng.randint(h if from_k else max(1, h - m), n - 1 - m)
    nodes = list(range(n))
    rng.shuffle(nodes)
    x, lost, kept = nodes[0], nodes[1:1 + m], nodes[1 + m:1 + m + k]
    if from_k:
        layers = split_layers(rng, lost + kept, rng.randint(1, min(h - 1, m + k)))
        after = split_layers(rng, kept, h)
    else:
        layers = split_layers(rng, lost + kept, h)
        if not set(layers[-1]) & set(lost):  # the deepest layer must hold a lost node
            v = lost[0]
            i = next(i for i, layer in enumerate(layers) if v in layer)
            j = rng.randrange(len(layers[-1]))
            layers[i][layers[i].index(v)], layers[-1][j] = layers[-1][j], v
        after = split_layers(rng, kept, rng.randint(1, min(h, k)))
    d_before, d_after = depth_vector(n, x, layers), depth_vector(n, x, after)
    ok = allowed(d_before)
    before = sprinkle(rng, plant(rng, n, rho, tree_edges(rng, d_before), ok), ok)
    ok = allowed(d_after)
    stay = [(u, v) for u, v in before.edges if ok[u, v] and rng.random() < 2 / 3]
    rho_after = 2 / 3 * before.density + rho / 4 * (1 - before.density)
    after = sprinkle(rng, plant(rng, n, rho_after, tree_edges(rng, d_after) + stay, ok), ok)
    return (before, after), {"x": x}


def lost_edge(graphs, q):
    """Lazy reader: the nodes x reached before that lost an incoming edge in the change."""
    before, after = graphs
    cut = (before.adjacency & ~after.adjacency).any(axis=0)
    hit = T.reach(before.adjacency, q["x"]) & cut
    hit[q["x"]] = False
    return hit.nonzero()[0].tolist()


def tensor_program(graphs, q):
    """``R_before(x) ∧ ¬R_after(x)``, minus x."""
    before, after = graphs
    lost = T.reach(before.adjacency, q["x"]) & ~T.reach(after.adjacency, q["x"])
    lost[q["x"]] = False
    return lost.nonzero()[0].tolist()


def nx_program(G, q):
    import networkx as nx

    before, after = G
    return sorted(nx.descendants(before, q["x"]) - nx.descendants(after, q["x"]) - {q["x"]})


TL_PROGRAM = """\
B[y] = closure(Before)[X, y].
A[y] = closure(After)[X, y].
answer B[y] !A[y] (y != X).
"""


def template(w, q):
    x = q["x"]
    return (
        f"Which {w.nouns} could {x} reach before the change (following {w.links} in their "
        f"direction, one or more steps) but can no longer reach after it? Do not include {x}."
    )


CATEGORY = Category(
    id="graph_comparison", level=3, family="digraph_pair", answer="labels",
    primitives=("closure", "closure", "difference"), propose=propose,
    tensor_program=tensor_program, nx_program=nx_program, template=template,
    node_keys=("x",), tolerance="set", accept=lambda a, g: len(a) > 0, construct=construct,
    max_hops=lambda n: n - 2, shortcuts={"lost-edge": lost_edge},
    summary="Nodes x reached in the first graph but not in the second.",
    tl_program=TL_PROGRAM,
    joint=joint,
)
