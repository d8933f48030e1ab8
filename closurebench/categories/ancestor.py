"""ancestor (L1): x's oldest ancestor, the one the most generations above x.

In our family trees every parent is exactly one generation above the child, so "generations
above" is the length of any parent-to-child line down to x. Ties (e.g. a couple at the top)
are resampled. Example: Eve -> Carol -> Tina: the answer for Tina is Eve.
"""

from __future__ import annotations

import numpy as np

from closurebench import tensor as T
from closurebench.categories._spec import Category, has_parent
from closurebench.errors import UnposableQuery


def propose(rng, g):
    x = has_parent(rng, g)
    return None if x is None else {"x": x}


def tensor_program(g, q):
    """``argmax_i max{k : A^k[i, x]}``, unique."""
    up = T.generations_above(g.adjacency, q["x"])
    top = np.flatnonzero(up == up.max())
    if up.max() == 0 or len(top) != 1:
        raise UnposableQuery("no unique oldest ancestor (x has none, or several tie)")
    return int(top[0])


def nx_program(G, q):
    import networkx as nx

    x = q["x"]
    above = {x: 0}
    for v in reversed(list(nx.topological_sort(G))):
        steps = [above[c] + 1 for c in G.successors(v) if c in above]
        if steps and v != x:
            above[v] = max(steps)
    del above[x]
    top = max(above.values())
    oldest = [v for v, k in above.items() if k == top]
    if len(oldest) != 1:
        raise ValueError("no unique oldest ancestor")
    return oldest[0]


TL_PROGRAM = """\
# every line down the tree is one generation, so the ancestors the most generations
# above X are exactly those with no recorded parent
Anc[y] = closure(Parent)[y, X].
HasParent[y] = Parent[p, y].
answer argmax(Anc[y] !HasParent[y]).
"""


def template(w, q):
    x = q["x"]
    return (
        f"Among {x}'s ancestors (parents, grandparents, great-grandparents and so on), who is "
        f"the greatest number of generations above {x}?"
    )


CATEGORY = Category(
    id="ancestor", level=1, family="family", answer="label",
    primitives=("closure", "argmax"), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=("x",),
    summary="Name x's unique oldest ancestor (reachability up the family tree).",
    tl_program=TL_PROGRAM,
)
