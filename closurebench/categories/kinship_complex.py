"""kinship_complex (L3): how many descendants x's oldest ancestor has (the whole lineage).

Convention: the ancestor is the unique one the most generations above x (as in ``ancestor``);
it is not counted itself. Example: Eve -> Carol -> Tina, Eve -> Sam: for Tina, Eve has 3.

Built like ``ancestor``'s trees (a line of the drawn depth, rival lineages), then the
founder's lineage is grown to a count drawn on its own, no deeper than x: what is left of n
goes to other lineages and married-in spouses, who are not the founder's descendants.
"""

from __future__ import annotations

import numpy as np

from closurebench import tensor as T
from closurebench.categories._spec import Category, Target, has_parent
from closurebench.categories.ancestor import keeps_oldest, plans, plant
from closurebench.errors import UnposableQuery
from closurebench.plant import pick_at_quantile


def propose(rng, g):
    x = has_parent(rng, g)
    return None if x is None else {"x": x}


def max_hops(n: int) -> int:
    """Depth k needs k descendants; the count keeps room below n - 3 so it is not a size rule.

    Hence also ``min_n = 6``: in four or five people the count could only be n - 3 or n - 2,
    one hop deep, and the same for every x.
    """
    return max(1, n - 4)


#: Weights of the count c (by c) and of the gap n - c (3, 4, 5, wider), multiplied. A deep
#: line in a small tree leaves only small gaps and counts; these weights (fitted to the
#: default axes n 6-10, the hop buckets and the depth drawn in them) even out both the
#: "n - k" rules and the answer values: expected n - 3 share 0.14, no count above 0.21
#: (flat: n - 3 and the count 3 at about a third).
COUNT_WEIGHTS = {1: 2.0, 2: 0.3, 3: 0.4, 4: 0.7, 5: 1.5, 6: 1.8}
GAP_WEIGHTS = {3: 0.5, 4: 3.0, 5: 2.0}
WIDE_GAP = 1.8


def draw_count(n: int, depth: int, u: float) -> int:
    """The founder's descendant count c in ``depth..n-3``, at quantile ``u`` of the weights."""
    counts = list(range(depth, n - 2))
    weights = [COUNT_WEIGHTS.get(c, 1.0) * GAP_WEIGHTS.get(n - c, WIDE_GAP) for c in counts]
    return pick_at_quantile(counts, weights, u)


def construct(rng, n, rho, target: Target):
    lo, hi = target.hops or (1, max_hops(n))
    hi = min(hi, max_hops(n))
    if lo > hi:
        return None
    depth = rng.randint(lo, hi)
    u = rng.random() if target.quantile is None else target.quantile
    for rivals in plans(rng):  # False: one married-in spouse is the only outsider
        count = n - 2 if rivals is False else draw_count(n, depth, u)
        fam, line, kept = plant(rng, n, depth, room=n - 1 - count, rivals=bool(rivals))
        lineage = line[1:]
        shallow = [v for v in line if fam.gen[v] < depth]  # who may take a child, in order
        for _ in range(count - depth):
            lineage.append(fam.add(shallow[rng.randrange(len(shallow))]))
            if fam.gen[lineage[-1]] < depth:
                shallow.append(lineage[-1])
        inside = set() if rivals is None else {line[0], *lineage}  # None: grown freely
        oldest = keeps_oldest(fam, line[-1], kept)
        if fam.grow(rng, n, rho, can_parent=lambda p, inside=inside: p not in inside,
                    pair_filter=lambda c, ps, inside=inside, oldest=oldest:
                    oldest(c, ps) if c in inside else
                    [p for p in oldest(c, ps) if p not in inside]) and (
                        not kept or any(len(fam.below(fam.parents[y][0])) != count
                                        for y in kept)):  # a rival's child answers otherwise
            g, new = fam.graph(rng)
            return g, {"x": new[line[-1]]}
    return None

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
    above = {x: 0}  # the longest line from each person down to x, in generations
    for v in reversed(list(nx.topological_sort(G))):
        steps = [above[c] + 1 for c in G.successors(v) if c in above]
        if steps and v != x:
            above[v] = max(steps)
    del above[x]
    if not above:
        raise ValueError("x has no ancestor")
    top = max(above.values())
    oldest = [a for a, k in above.items() if k == top]
    if len(oldest) != 1:
        raise ValueError("no unique oldest ancestor")
    return len(nx.descendants(G, oldest[0]))


TL_PROGRAM = """\
# the oldest ancestor is the one the most steps up from X (see ancestor)
Up[c, p] = Parent[p, c].
Top = argmax(dist(Up, X)[y]).
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
    node_keys=("x",), tolerance="count", min_n=6, construct=construct, max_hops=max_hops,
    summary="Count the descendants of x's oldest ancestor.",
    tl_program=TL_PROGRAM,
)
