"""graph_comparison (L3): the nodes x could reach before a change but not after it.

Two graphs on the same nodes: "before" and "after" (about a third of the edges dropped, a few
added). Convention: x itself is never listed. Example: before A -> B -> C, after A -> B:
[C].

Built, not sampled: x's reach before (the answer L of a drawn size, plus a kept part K) and
after (K only) are planted as two depth vectors, so a k-hop reader either misses the deepest
lost node or lists a kept node that the change moved beyond k hops; the hop depth is drawn.
The after graph keeps about two thirds of the before edges the after depths allow, then is
topped up with allowed distractors.
"""

from __future__ import annotations

from closurebench.categories._spec import Category
from closurebench.categories._two_source import SizeDesign
from closurebench.graph import tensor as T
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
DESIGN = SizeDesign(DESIGN_N, ((lambda n, v: v, lambda v: CAP_VALUE),),
                    order=lambda n, v: (v, n), fallback=SIZES, mix=MIX)
#: ``Category.joint``: n and |L|'s quantile walked together in order of size.
joint = DESIGN.joint


def size_design() -> dict[int, list[float]]:
    """Weights of the sizes 1..n - 2 for each default n."""
    return DESIGN.design


def construct(rng, n, rho, target):
    """Plant R_before(x) = L ∪ K (|L| drawn at ``target.quantile``) and R_after(x) = K, with
    the hop depth from L or from K."""
    lo, hi = target.hops or (1, n - 2)
    h, m = draw_depth(rng, lo, hi), DESIGN.draw(rng, n, target.quantile)
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
