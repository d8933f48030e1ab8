"""aggregate_over_set (L3): the mean out-degree over the nodes x reaches, to 2 decimals.

Convention: x itself is excluded; the mean is the integer sum over the set divided by its size,
rounded with Python's ``round(v, 2)``. Example: A -> B, A -> C, B -> C: over {B, C}: 0.5.
"""

from __future__ import annotations

from closurebench import tensor as T
from closurebench.categories._spec import Category
from closurebench.errors import UnposableQuery


def propose(rng, g):
    return {"x": rng.randrange(g.n)}


def tensor_program(g, q):
    """``Σ_j R(x)[j] Dout[j] / Σ_j R(x)[j]`` over ``j != x``."""
    a = g.adjacency
    r = T.reach(a, q["x"])
    r[q["x"]] = False
    if not r.any():
        raise UnposableQuery("x reaches no node")
    return round(int(T.out_degree(a)[r].sum()) / int(r.sum()), 2)


def nx_program(G, q):
    import networkx as nx

    below = nx.descendants(G, q["x"])
    if not below:
        raise ValueError("x reaches no node")
    return round(sum(G.out_degree(v) for v in below) / len(below), 2)


TL_PROGRAM = """\
R[y] = closure(Edge)[X, y].
answer round(mean(outdeg(Edge)[y], R[y] (y != X)), 2).
"""


def template(w, q):
    x = q["x"]
    return (
        f"Consider the {w.nouns} that {x} can reach by following {w.links} in their direction "
        f"(one or more steps), not counting {x} itself. On average, to how many different "
        f"{w.nouns} does each of them have a direct {w.link}?"
    )


CATEGORY = Category(
    id="aggregate_over_set", level=3, family="digraph", answer="number",
    primitives=("closure", "degree", "mean"), propose=propose,
    tensor_program=tensor_program, nx_program=nx_program, template=template,
    node_keys=("x",), accept=lambda a, g: True,
    summary="Mean out-degree over the nodes x reaches.",
    tl_program=TL_PROGRAM,
)
