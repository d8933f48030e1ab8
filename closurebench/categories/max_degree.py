"""max_degree (L1): the node with the highest out-degree (or in-degree).

Ties make the question ambiguous, so a tied graph is resampled and both programs refuse ties.
Example: A -> B, A -> C, B -> C: A has the highest out-degree (2).
"""

from __future__ import annotations

import numpy as np

from closurebench import tensor as T
from closurebench.categories._spec import Category
from closurebench.errors import UnposableQuery


def propose(rng, g):
    return {"direction": rng.choice(("out", "in"))}


def tensor_program(g, q):
    """``argmax_i D[i]``, unique."""
    deg = (T.out_degree if q["direction"] == "out" else T.in_degree)(g.adjacency)
    best = np.flatnonzero(deg == deg.max())
    if len(best) != 1:
        raise UnposableQuery(f"{len(best)} nodes tie for the highest degree")
    return int(best[0])


def nx_program(G, q):
    deg = dict(G.out_degree() if q["direction"] == "out" else G.in_degree())
    top = max(deg.values())
    winners = [v for v, d in deg.items() if d == top]
    if len(winners) != 1:
        raise ValueError("tie for the highest degree")
    return winners[0]


def tl_program(q):
    return f"answer argmax({q['direction']}deg(Edge)[x]).\n"


def template(w, q):
    if q["direction"] == "out":
        return f"Which {w.noun} has direct {w.links} to the largest number of different {w.nouns}?"
    return (
        f"Which {w.noun} receives direct {w.links} from the largest number of different "
        f"{w.nouns}?"
    )


CATEGORY = Category(
    id="max_degree", level=1, family="digraph", answer="label",
    primitives=("degree", "argmax"), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=(), params={"direction": ("out", "in")},
    summary="Name the unique node of highest out-degree (or in-degree).",
    tl_program=tl_program,
)
