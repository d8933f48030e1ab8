"""intersect_then_size (L2): |R(x) ∩ R(y)|, the number of nodes both x and y reach.

Convention: x and y themselves are not counted. Example: A -> C, B -> C -> D: 2.

Built, not sampled (``_two_source.intersection``): the common set's size is drawn, and it is a
region x enters after ax hops and y after ay, then E layers deep; the hop depth
max(ax, ay) + E is drawn. Neither source reaches the other.

Built blind (``pose._blind``) with ``BLIND_DECOYS`` decoys before a cell falls back to
planting, not the shared 40: the key is an exact count at an exact hop bucket, which 40 decoys'
views reached for only 7 in 10 instances (seed 4242), and the planted rest was where a
no-chaining reader stood (the engine reader right on 77% of planted instances, 39% of blind
ones, against a 26% majority). More decoys make the open-view construction the rule, not a
mechanism with a readable third; ``docs/audit-and-floors.md`` has the figures.
"""

from __future__ import annotations

from closurebench.categories._spec import Category, distinct
from closurebench.categories._two_source import SizeDesign, intersection
from closurebench.graph import tensor as T
from closurebench.graph.plant import draw_depth, plant, sprinkle


def propose(rng, g):
    pair = distinct(rng, g.n, 2)
    return pair and {"x": pair[0], "y": pair[1]}


#: Size weights (1, 2, n - 2, n - 3; the rest 10). Generated from n = 5: at n = 4 the only
#: sizes, 1 and 2, are n - 3 and n - 2, so every such instance is an "answer n - k" hit.
#: Expected over n 5-10: top count ~0.21, every n - k rule <= 0.18.
SIZES = (8, 8, 6, 6)
#: In the default cells (n 5-10, uniform) the size comes from a joint design instead
#: (``_values.flatten``): with ``SIZES`` alone "answer n - 4" took ~25%. Caps: every
#: "n - k" rule, any one size.
DESIGN_N = (6, 10)
CAP_N_K, CAP_VALUE, MIX = 0.15, 0.19, 0.05
DESIGN = SizeDesign(DESIGN_N, (
    (lambda n, v: n - v, lambda k: CAP_N_K),
    (lambda n, v: v, lambda v: CAP_VALUE),
), order=lambda n, v: (n - v, v), fallback=SIZES, mix=MIX)
#: ``Category.joint``: n and the size's quantile walked together in order of n - size.
joint = DESIGN.joint


#: Decoys per cell before planting (``Category.blind_tries``; the module docstring says why).
BLIND_DECOYS = 160


def size_design() -> dict[int, list[float]]:
    """Weights of the sizes 1..n - 2 for each default n."""
    return DESIGN.design


def construct(rng, n, rho, target):
    """Plant R(x) ∩ R(y) of a drawn size (the design, at ``target.quantile``) and depth."""
    lo, hi = target.hops or (1, n - 2)
    m = DESIGN.draw(rng, n, target.quantile)
    edges, ok, x, y, _, _ = intersection(rng, n, draw_depth(rng, lo, hi), m)
    return sprinkle(rng, plant(rng, n, rho, edges, ok), ok), {"x": x, "y": y}


def tensor_program(g, q):
    """``Σ_j R(x)[j] R(y)[j]`` over ``j ∉ {x, y}``."""
    a, x, y = g.adjacency, q["x"], q["y"]
    both = T.reach(a, x) & T.reach(a, y)
    both[[x, y]] = False
    return int(both.sum())


def nx_program(G, q):
    import networkx as nx

    x, y = q["x"], q["y"]
    return len((nx.descendants(G, x) & nx.descendants(G, y)) - {x, y})


TL_PROGRAM = """\
Reach[x, y] = closure(Edge)[x, y].
answer count(Reach[X, y] Reach[Y, y] (y != X) (y != Y)).
"""


def template(w, q):
    x, y = q["x"], q["y"]
    return (
        f"How many {w.nouns} can be reached both from {x} and from {y}, following {w.links} in "
        f"their direction through one or more steps? Do not count {x} or {y} themselves."
    )


CATEGORY = Category(
    id="intersect_then_size", level=2, family="digraph", answer="integer",
    primitives=("closure", "intersection", "count"), propose=propose,
    tensor_program=tensor_program, nx_program=nx_program, template=template,
    node_keys=("x", "y"), tolerance="count", accept=lambda a, g: a > 0,
    construct=construct, max_hops=lambda n: n - 2, generate_min_n=6,
    summary="Count the nodes both x and y reach.",
    tl_program=TL_PROGRAM,
    joint=joint, blind_tries=BLIND_DECOYS,
)
