"""kinship_complex (L3): how many descendants x's oldest ancestor has (the whole lineage).

Convention: the ancestor is the unique one the most generations above x (as in ``ancestor``);
it is not counted itself. Example: Eve -> Carol -> Tina, Eve -> Sam: for Tina, Eve has 3.
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
    """``r = argmax_i max{k : A^k[i, x]}`` (unique); ``|R(r)|``."""
    a = g.adjacency
    up = T.generations_above(a, q["x"])
    top = np.flatnonzero(up == up.max())
    if up.max() == 0 or len(top) != 1:
        raise UnposableQuery("no unique oldest ancestor (x has none, or several tie)")
    return int(T.reach(a, int(top[0])).sum())


def nx_program(G, q):
    import networkx as nx

    x = q["x"]
    depth = {}
    for a in nx.ancestors(G, x):
        # generations between a and x: the longest a -> x line in the sub-DAG between them
        between = G.subgraph(nx.descendants(G, a) & (nx.ancestors(G, x) | {x}) | {a})
        depth[a] = nx.dag_longest_path_length(between)
    top = max(depth.values())
    oldest = [a for a, k in depth.items() if k == top]
    if len(oldest) != 1:
        raise ValueError("no unique oldest ancestor")
    return len(nx.descendants(G, oldest[0]))


TL_PROGRAM = """\
# the oldest ancestor is X's ancestor with no recorded parent (see ancestor)
Anc[y] = closure(Parent)[y, X].
HasParent[y] = Parent[p, y].
Top = argmax(Anc[y] !HasParent[y]).
Desc[y] = closure(Parent)[Top, y].
answer count(Desc[y]).
"""


def template(w, q):
    x = q["x"]
    return (
        f"Find {x}'s ancestor who is the greatest number of generations above {x}. How many "
        f"descendants (children, grandchildren and so on) does that ancestor have in this "
        f"family tree? Do not count the ancestor."
    )


CATEGORY = Category(
    id="kinship_complex", level=3, family="family", answer="integer",
    primitives=("closure", "argmax", "closure", "count"), propose=propose,
    tensor_program=tensor_program, nx_program=nx_program, template=template,
    node_keys=("x",), tolerance="count", min_n=3,
    summary="Count the descendants of x's oldest ancestor.",
    tl_program=TL_PROGRAM,
)
