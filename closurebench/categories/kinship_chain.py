"""kinship_chain (L2): x's relatives exactly k generations up or down (k = 2 or 3).

Relations: grandparents, grandchildren, great-grandparents, great-grandchildren, i.e. the
column or row x of A^k. Example: Eve -> Carol -> Tina: Tina's grandparents are [Eve].
"""

from __future__ import annotations

from itertools import pairwise

import numpy as np

from closurebench import tensor as T
from closurebench.categories._spec import Category

RELATIONS = {
    "grandparents": (2, "up"),
    "grandchildren": (2, "down"),
    "great-grandparents": (3, "up"),
    "great-grandchildren": (3, "down"),
}


def propose(rng, g):
    return {"x": rng.randrange(g.n), "relation": rng.choice(sorted(RELATIONS))}


def tensor_program(g, q):
    """``A^k[:, x]`` (up) or ``A^k[x, :]`` (down)."""
    k, way = RELATIONS[q["relation"]]
    a = g.adjacency
    p = a
    for _ in range(k - 1):
        p = T.compose(p, a)
    hit = p[:, q["x"]] if way == "up" else p[q["x"], :]
    return np.flatnonzero(hit).tolist()


def nx_program(G, q):
    step = {"grandparents": (2, G.predecessors), "grandchildren": (2, G.successors),
            "great-grandparents": (3, G.predecessors),
            "great-grandchildren": (3, G.successors)}
    k, nbrs = step[q["relation"]]
    level = {q["x"]}
    for _ in range(k):
        level = {m for v in level for m in nbrs(v)}
    return sorted(level)


def tl_program(q):
    """k - 1 intermediate generations joined in a chain, read up (to x) or down (from x)."""
    k, way = RELATIONS[q["relation"]]
    mids = ["p", "q"][: k - 1]
    hops = ["y", *mids, "X"] if way == "up" else ["X", *mids, "y"]
    chain = " ".join(f"Parent[{a}, {b}]" for a, b in pairwise(hops))
    return f"Kin[y] = {chain}.\nanswer Kin[y].\n"


def template(w, q):
    k, way = RELATIONS[q["relation"]]
    where = "above" if way == "up" else "below"
    words = {2: "two", 3: "three"}[k]
    return f"Who are {q['x']}'s {q['relation']} (exactly {words} generations {where} {q['x']})?"


CATEGORY = Category(
    id="kinship_chain", level=2, family="family", answer="labels",
    primitives=("compose", "compose"), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=("x",), min_n=3,
    params={"relation": tuple(sorted(RELATIONS))},
    accept=lambda a, g: len(a) > 0,
    summary="List x's grandparents/grandchildren (or great-) : rows/columns of A^k.",
    tl_program=tl_program,
)
