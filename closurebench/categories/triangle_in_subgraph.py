"""triangle_in_subgraph (L2): triangles among x and the nodes x reaches, ignoring direction.

Convention: the subgraph holds x and R(x); two of its nodes are linked if an edge runs either
way. Example: A -> B, B -> C, A -> C, D -> A: {A, B, C} is one triangle (D is not reached).
"""

from __future__ import annotations

from closurebench import tensor as T
from closurebench.categories._spec import Category


def propose(rng, g):
    return {"x": rng.randrange(g.n)}


def tensor_program(g, q):
    """``S = R(x) ∪ {x}``; ``U = (A ∨ Aᵀ)[S, S]``; ``trace(U³) / 6``."""
    a, x = g.adjacency, q["x"]
    keep = T.reach(a, x)
    keep[x] = True
    u = (a | a.T)[keep][:, keep]
    return T.triangles(u)


def nx_program(G, q):
    import networkx as nx

    x = q["x"]
    H = G.subgraph(nx.descendants(G, x) | {x}).to_undirected()
    return sum(nx.triangles(H).values()) // 3


TL_PROGRAM = """\
R[y] = closure(Edge)[X, y].
S[y] = R[y] + (y == X).
U[x, y] = Edge[x, y] + Edge[y, x].
answer count(S[x] S[y] S[z] U[x, y] U[y, z] U[x, z] (x < y) (y < z)).
"""


def template(w, q):
    x = q["x"]
    return (
        f"Consider {x} together with every {w.noun} that {x} can reach by following {w.links} "
        f"in their direction. Ignoring direction, how many triangles (groups of three of these "
        f"{w.nouns} in which every two are directly linked) are there among them?"
    )


CATEGORY = Category(
    id="triangle_in_subgraph", level=2, family="digraph", answer="integer",
    primitives=("closure", "subgraph", "triangles"), propose=propose,
    tensor_program=tensor_program, nx_program=nx_program, template=template,
    node_keys=("x",), min_n=3, accept=lambda a, g: a > 0,
    summary="Count undirected triangles in the subgraph induced by x and R(x).",
    tl_program=TL_PROGRAM,
)
