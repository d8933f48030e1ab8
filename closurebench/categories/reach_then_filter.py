"""reach_then_filter (L2): the nodes x reaches whose out-degree is at least t.

Convention: x itself is never listed; out-degree counts distinct direct successors in the whole
graph. Example: A -> B -> C, B -> D, t = 2: [B].
"""

from __future__ import annotations

import numpy as np

from closurebench import tensor as T
from closurebench.categories._spec import Category


def propose(rng, g):
    return {"x": rng.randrange(g.n), "t": rng.choice((1, 2, 3))}


def tensor_program(g, q):
    """``R(x) ∧ (Dout ≥ t)``, minus x."""
    a, x = g.adjacency, q["x"]
    keep = T.reach(a, x) & (T.out_degree(a) >= q["t"])
    keep[x] = False
    return np.flatnonzero(keep).tolist()


def nx_program(G, q):
    import networkx as nx

    x, t = q["x"], q["t"]
    return sorted(v for v in nx.descendants(G, x) if G.out_degree(v) >= t)


TL_PROGRAM = """\
R[y] = closure(Edge)[X, y].
answer R[y] (outdeg(Edge)[y] >= T) (y != X).
"""


def template(w, q):
    x, t = q["x"], q["t"]
    return (
        f"Among the {w.nouns} that {x} can reach by following {w.links} in their direction "
        f"(one or more steps, not counting {x} itself), which have direct {w.links} to at "
        f"least {t} different {w.noun if t == 1 else w.nouns}?"
    )


CATEGORY = Category(
    id="reach_then_filter", level=2, family="digraph", answer="labels",
    primitives=("closure", "degree", "filter"), propose=propose,
    tensor_program=tensor_program, nx_program=nx_program, template=template,
    node_keys=("x",), params={"t": (1, 2, 3)}, tolerance="set", accept=lambda a, g: len(a) > 0,
    summary="List the nodes x reaches whose out-degree is at least t.",
    tl_program=TL_PROGRAM,
)
