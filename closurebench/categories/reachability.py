"""reachability (L1): is there a directed path of one or more edges from x to y (x != y)?

Example: A -> B -> C: A reaches C (true); C does not reach A (false). Balanced 50/50.
Constructed: true pairs at a planted hop depth; false pairs where x has out-edges, y has an
in-edge and y links into what x reaches (so no sink/source rule or "linked somehow" decides).
"""

from __future__ import annotations

from closurebench.categories._reach import false_pair, true_pair, weak_reach
from closurebench.categories._spec import Category, distinct
from closurebench.graph import tensor as T


def propose(rng, g):
    pair = distinct(rng, g.n, 2)
    return pair and {"x": pair[0], "y": pair[1]}


def construct(rng, n, rho, target):
    if target.want is False or (target.want is None and rng.random() < 0.5):
        g, x, y = false_pair(rng, n, rho)
    else:
        g, x, y, _ = true_pair(rng, n, rho, target)
    return g, {"x": x, "y": y}


def tensor_program(g, q):
    """``TC[x, y]``, computed as row x of the closure."""
    return bool(T.reach(g.adjacency, q["x"])[q["y"]])


def nx_program(G, q):
    import networkx as nx

    return nx.has_path(G, q["x"], q["y"])


def ignore_direction(g, q):
    """Lazy reader: "reachable" read as "linked somehow", edge direction ignored."""
    return bool(weak_reach(g.adjacency, q["x"])[q["y"]])


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
    pair_path=True,
    id="reachability", level=1, family="digraph", answer="boolean",
    primitives=("closure",), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=("x", "y"),
    construct=construct, shortcuts={"ignore-direction": ignore_direction},
    summary="Is y reachable from x through one or more directed edges?",
    tl_program=TL_PROGRAM,
    generate_min_n=6,  # blind-built from n = 6: below it every view is decided
)
