"""degree_count (L1): x's out-degree or in-degree (distinct direct neighbours one way).

Example: A -> B, A -> C, D -> A: out-degree of A is 2, in-degree is 1.

Instances are built: the degree asked about (at ``Target.quantile``, degrees n - 3 and up a
little less likely) and x's degree the other way (uniform) are drawn from 0..n-1 and
planted; every other pair is a link at the rate that brings the density to ρ.
"""

from __future__ import annotations

import numpy as np

from closurebench.categories._spec import Category, Target
from closurebench.graph import tensor as T
from closurebench.graph.plant import pick_at_quantile, plant


def propose(rng, g):
    return {"x": rng.randrange(g.n), "direction": rng.choice(("out", "in"))}


#: Weight of the asked degrees n - 3..n - 1 (every other degree: 1), which "answer n - k"
#: readers would get; expected share of each such rule about 0.13, of any degree under 0.19.
NEAR_N = 0.7


def construct(rng, n, rho, target: Target):
    x, direction = rng.randrange(n), rng.choice(("out", "in"))
    others = [v for v in range(n) if v != x]
    u = rng.random() if target.quantile is None else target.quantile
    weights = [NEAR_N if d >= n - 3 else 1.0 for d in range(n)]
    outs = rng.sample(others, pick_at_quantile(range(n), weights, u))  # the asked degree
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


def swapped(g, q):
    """Counterfactual: in- and out-degree swapped (the asked direction read the other way)."""
    return tensor_program(g, {**q, "direction": "in" if q["direction"] == "out" else "out"})


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
    counterfactuals={"direction: in- and out-degree swapped": swapped},
    summary="Count x's direct successors (out-degree) or predecessors (in-degree).",
    tl_program=tl_program,
    local_answer=("x.out", "x.in", "x.sink", "x.source", "x.fork"),
)
