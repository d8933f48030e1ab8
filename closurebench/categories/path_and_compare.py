"""path_and_compare (L2): of y and z, which is fewer directed steps from x?

Both must be reachable and at different distances (else resampled). Example: A -> B -> C,
A -> D: from A, B (1 step) is nearer than C (2 steps).
"""

from __future__ import annotations

from closurebench import tensor as T
from closurebench.categories._spec import Category, distinct
from closurebench.errors import UnposableQuery


def propose(rng, g):
    nodes = distinct(rng, g.n, 3)
    return nodes and {"x": nodes[0], "y": nodes[1], "z": nodes[2]}


def tensor_program(g, q):
    """Distances are BFS layers ``R_k ∖ R_{<k}``; compare ``d(x, y)`` with ``d(x, z)``."""
    d = T.distances(g.adjacency, q["x"])
    dy, dz = d[q["y"]], d[q["z"]]
    if dy < 0 or dz < 0 or dy == dz:
        raise UnposableQuery("both targets must be reachable at different distances")
    return q["y"] if dy < dz else q["z"]


def nx_program(G, q):
    import networkx as nx

    d = nx.single_source_shortest_path_length(G, q["x"])
    dy, dz = d.get(q["y"]), d.get(q["z"])
    if dy is None or dz is None or dy == dz:
        raise ValueError("both targets must be reachable at different distances")
    return q["y"] if dy < dz else q["z"]


TL_PROGRAM = """\
D[y] = dist(Edge, X)[y].
answer branch(D[Y] < D[Z], Y, Z).
"""


def template(w, q):
    return (
        f"Starting from {q['x']} and following {w.links} in their direction, which of "
        f"{q['y']} and {q['z']} can be reached in fewer steps?"
    )


CATEGORY = Category(
    id="path_and_compare", level=2, family="digraph", answer="label",
    primitives=("shortest_path", "compare"), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=("x", "y", "z"), min_n=3,
    summary="Which of y, z is nearer to x along directed edges?",
    tl_program=TL_PROGRAM,
)
