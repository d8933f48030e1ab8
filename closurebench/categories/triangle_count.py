"""triangle_count (L1): the number of triangles in an undirected graph.

Convention: a triangle is three distinct nodes every two of which are linked, counted once.
Example: links A-B, B-C, C-A, C-D have exactly 1 triangle.
"""

from __future__ import annotations

from closurebench import tensor as T
from closurebench.categories._spec import Category


def propose(rng, g):
    return {}


def tensor_program(g, q):
    """``Triangles = trace(A³) / 6``."""
    return T.triangles(g.adjacency)


def nx_program(G, q):
    import networkx as nx

    return sum(nx.triangles(G).values()) // 3


TL_PROGRAM = """\
U[x, y] = Edge[x, y] + Edge[y, x].
answer count(U[x, y] U[y, z] U[x, z] (x < y) (y < z)).
"""


def template(w, q):
    return (
        f"How many triangles are there, that is, groups of three {w.nouns} in which every two "
        f"are directly linked? Count each group once."
    )


CATEGORY = Category(
    id="triangle_count", level=1, family="undirected", answer="integer",
    primitives=("triangles",), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=(), min_n=3,
    accept=lambda a, g: a > 0,
    summary="Count triangles (trace(A³)/6) in an undirected graph.",
    tl_program=TL_PROGRAM,
)
