"""reachability (L1): is there a directed path of one or more edges from x to y (x != y)?

Example: A -> B -> C: A reaches C (true); C does not reach A (false). Balanced 50/50.
"""

from __future__ import annotations

from closurebench import tensor as T
from closurebench.categories._spec import Category, distinct


def propose(rng, g):
    pair = distinct(rng, g.n, 2)
    return pair and {"x": pair[0], "y": pair[1]}


def tensor_program(g, q):
    """``TC[x, y]``, computed as row x of the closure."""
    return bool(T.reach(g.adjacency, q["x"])[q["y"]])


def nx_program(G, q):
    import networkx as nx

    return nx.has_path(G, q["x"], q["y"])


TL_PROGRAM = """\
R[y] = Edge[X, y] + R[z] Edge[z, y].
answer R[Y].
"""


def template(w, q):
    return (
        f"Following {w.links} in their direction, is there a chain of one or more {w.links} "
        f"leading from {q['x']} to {q['y']}?"
    )


CATEGORY = Category(
    id="reachability", level=1, family="digraph", answer="boolean",
    primitives=("closure",), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=("x", "y"),
    summary="Is y reachable from x through one or more directed edges?",
    tl_program=TL_PROGRAM,
)
