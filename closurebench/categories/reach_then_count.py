"""reach_then_count (L2): how many nodes x can reach, |R(x) ∖ {x}|.

Convention (stated in the question): x itself is not counted, even on a cycle.
Example: A -> B -> C -> A: A reaches 2 others. Lenient scoring allows ±1 (source inclusion).
"""

from __future__ import annotations

from closurebench import tensor as T
from closurebench.categories._spec import Category


def propose(rng, g):
    return {"x": rng.randrange(g.n)}


def tensor_program(g, q):
    """``Σ_j R(x)[j]`` over ``j != x``."""
    r = T.reach(g.adjacency, q["x"])
    r[q["x"]] = False
    return int(r.sum())


def nx_program(G, q):
    import networkx as nx

    return len(nx.descendants(G, q["x"]))


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
    summary="Count the nodes x reaches.",
    tl_program=TL_PROGRAM,
)
