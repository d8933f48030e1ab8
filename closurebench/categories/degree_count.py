"""degree_count (L1): x's out-degree or in-degree (distinct direct neighbours one way).

Example: A -> B, A -> C, D -> A: out-degree of A is 2, in-degree is 1.

Instances are built: the degree asked about and x's degree the other way are each drawn
uniformly from 0..n-1 and planted; every other pair is a link at the rate that brings the
density to ρ.
"""

from __future__ import annotations

import numpy as np

from closurebench import tensor as T
from closurebench.categories._spec import Category, Target
from closurebench.plant import plant


def propose(rng, g):
    return {"x": rng.randrange(g.n), "direction": rng.choice(("out", "in"))}


def construct(rng, n, rho, target: Target):
    x, direction = rng.randrange(n), rng.choice(("out", "in"))
    others = [v for v in range(n) if v != x]
    outs = rng.sample(others, rng.randint(0, n - 1))
    ins = rng.sample(others, rng.randint(0, n - 1))
    if direction == "in":
        outs, ins = ins, outs
    required = [(x, v) for v in outs] + [(v, x) for v in ins]
    ok = ~np.eye(n, dtype=bool)
    ok[x, :] = ok[:, x] = False
    return plant(rng, n, rho, required, ok), {"x": x, "direction": direction}


def both_ways(g, q):
    """x's links counted in both directions (every mention of x), not just the asked one."""
    a = g.adjacency
    return int(a[q["x"]].sum() + a[:, q["x"]].sum())


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
    construct=construct, shortcuts={"both-ways": both_ways},
    summary="Count x's direct successors (out-degree) or predecessors (in-degree).",
    tl_program=tl_program,
)
