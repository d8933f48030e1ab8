"""sibling (L1): do x and y share at least one parent? (half-siblings count; x != y)

Example: Eve -> Carol, Eve -> Tina: Carol and Tina are siblings. Balanced 50/50.
"""

from __future__ import annotations

from closurebench import tensor as T
from closurebench.categories._spec import Category, same_generation_pair


def propose(rng, g):
    return same_generation_pair(rng, g)


def tensor_program(g, q):
    """``Sib[x, y] = A[p, x] A[p, y]`` (shared parent p): ``(Aᵀ A)[x, y]``."""
    a = g.adjacency
    return bool(T.compose(a.T, a)[q["x"], q["y"]])


def nx_program(G, q):
    return bool(set(G.predecessors(q["x"])) & set(G.predecessors(q["y"])))


TL_PROGRAM = """\
Shared = Parent[p, X] Parent[p, Y].
answer Shared.
"""


def template(w, q):
    return f"Are {q['x']} and {q['y']} siblings, that is, do they share at least one parent?"


CATEGORY = Category(
    id="sibling", level=1, family="family", answer="boolean",
    primitives=("compose",), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=("x", "y"), min_n=3,
    summary="Do x and y share a parent?",
    tl_program=TL_PROGRAM,
)
