"""cousin (L1): are x and y first cousins: a shared grandparent but no shared parent?

Example: G -> P, G -> Q, P -> X, Q -> Y: X and Y are cousins. Balanced 50/50. Needs n >= 5
(a grandparent, two parents, two grandchildren).
"""

from __future__ import annotations

from closurebench import tensor as T
from closurebench.categories._spec import Category, same_generation_pair


def propose(rng, g):
    return same_generation_pair(rng, g)


def tensor_program(g, q):
    """``GP = A A``; cousins iff ``(GPᵀ GP)[x, y] ∧ ¬(Aᵀ A)[x, y]``."""
    a, x, y = g.adjacency, q["x"], q["y"]
    gp = T.compose(a, a)
    return bool(T.compose(gp.T, gp)[x, y] and not T.compose(a.T, a)[x, y])


def nx_program(G, q):
    def parents(v):
        return set(G.predecessors(v))

    def grandparents(v):
        return {g for p in parents(v) for g in parents(p)}

    x, y = q["x"], q["y"]
    return bool(grandparents(x) & grandparents(y)) and not (parents(x) & parents(y))


TL_PROGRAM = """\
Grand[g, c] = Parent[g, p] Parent[p, c].
SharedGrand = Grand[g, X] Grand[g, Y].
SharedParent = Parent[p, X] Parent[p, Y].
answer SharedGrand !SharedParent.
"""


def template(w, q):
    return (
        f"Are {q['x']} and {q['y']} first cousins, that is, do they share at least one "
        f"grandparent but no parent?"
    )


CATEGORY = Category(
    id="cousin", level=1, family="family", answer="boolean",
    primitives=("compose", "difference"), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=("x", "y"), min_n=5,
    summary="Do x and y share a grandparent but no parent?",
    tl_program=TL_PROGRAM,
)
