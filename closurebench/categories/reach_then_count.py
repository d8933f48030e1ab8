"""reach_then_count (L2): how many nodes x can reach, |R(x) ∖ {x}|.

Convention (stated in the question): x itself is not counted, even on a cycle.
Example: A -> B -> C -> A: A reaches 2 others. Lenient scoring allows ±1 (source inclusion).
Constructed: the count and x's deepest layer are drawn and planted (see ``_reach``), so neither
the density nor n decides the answer.
"""

from __future__ import annotations

from closurebench.categories._reach import CountDesign, true_pair, weak_reach
from closurebench.categories._spec import Category
from closurebench.graph import tensor as T

#: Depth weights (3, 4, 5 hops) of the ">= 3" bucket: deep layers at mid n leave only the
#: counts n - 3 .. n - 1, so the deepest is drawn less than the shared default.
DEEP_WEIGHTS = (0.3, 0.4, 0.3)
#: The count design over the default cells (n 4-10): x reaches depth .. n - 1 nodes.
DESIGN = CountDesign(n_range=(6, 10), max_hops=lambda n: n - 1, depth_cap=lambda n: n - 1,
                     counts=lambda n, depth: range(depth, n), deep=DEEP_WEIGHTS)


def propose(rng, g):
    return {"x": rng.randrange(g.n)}


def construct(rng, n, rho, target):
    g, x, _, _ = true_pair(rng, n, rho, target, count=True, deep=DEEP_WEIGHTS, design=DESIGN)
    return g, {"x": x}


def tensor_program(g, q):
    """``Σ_j R(x)[j]`` over ``j != x``."""
    r = T.reach(g.adjacency, q["x"])
    r[q["x"]] = False
    return int(r.sum())


def nx_program(G, q):
    import networkx as nx

    return len(nx.descendants(G, q["x"]))


def ignore_direction(g, q):
    """Lazy reader: the size of x's weak component (direction ignored), minus x."""
    return int(weak_reach(g.adjacency, q["x"]).sum()) - 1


TL_PROGRAM = """\
R[y] = closure(Edge)[X, y].
answer count(R[y] (y != X)).
"""


def template(w, q):
    x = q["x"]
    return (
        f"How many {w.nouns} can {x} reach by following {w.links} in their direction, through "
        f"one or more steps? Do not count {x} itself."
    )


CATEGORY = Category(
    id="reach_then_count", level=2, family="digraph", answer="integer",
    primitives=("closure", "count"), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=("x",), tolerance="count",
    accept=lambda a, g: a > 0,
    construct=construct, shortcuts={"ignore-direction": ignore_direction},
    summary="Count the nodes x reaches.",
    tl_program=TL_PROGRAM,
    joint=DESIGN.joint,
    generate_min_n=6,  # blind-built from n = 6: below it every view is decided
)
