"""degree_count (L1): x's out-degree or in-degree (distinct direct neighbours one way).

Example: A -> B, A -> C, D -> A: out-degree of A is 2, in-degree is 1.
"""

from __future__ import annotations

from closurebench import tensor as T
from closurebench.categories._spec import Category


def propose(rng, g):
    return {"x": rng.randrange(g.n), "direction": rng.choice(("out", "in"))}


def tensor_program(g, q):
    """``Dout[x] = Σ_j A[x, j]`` or ``Din[x] = Σ_i A[i, x]``."""
    deg = T.out_degree if q["direction"] == "out" else T.in_degree
    return int(deg(g.adjacency)[q["x"]])


def nx_program(G, q):
    return G.out_degree(q["x"]) if q["direction"] == "out" else G.in_degree(q["x"])


def tl_program(q):
    """Out-degree counts successors (sum over y); in-degree counts predecessors."""
    step = "Edge[x, y]" if q["direction"] == "out" else "Edge[y, x]"
    return f"Deg[x] = num({step}).\nanswer Deg[X].\n"


def template(w, q):
    x = q["x"]
    if q["direction"] == "out":
        return f"To how many different {w.nouns} does {x} have a direct {w.link}?"
    return f"How many different {w.nouns} have a direct {w.link} to {x}?"


CATEGORY = Category(
    id="degree_count", level=1, family="digraph", answer="integer",
    primitives=("degree",), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=("x",), params={"direction": ("out", "in")},
    summary="Count x's direct successors (out-degree) or predecessors (in-degree).",
    tl_program=tl_program,
)
