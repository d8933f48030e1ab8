"""kinship_complex (L3): how many descendants x's oldest ancestor has (the whole lineage).

Convention: the ancestor is the unique one the most generations above x (as in ``ancestor``);
it is not counted itself. Example: Eve -> Carol -> Tina, Eve -> Sam: for Tina, Eve has 3.

Built like ``ancestor``'s trees (a line of the drawn depth, rival lineages), then the
founder's lineage is grown to a count drawn on its own, no deeper than x: what is left of n
goes to other lineages and married-in spouses, who are not the founder's descendants.
Lines of three or more generations only from 9 people: in fewer, such a line leaves only
counts n - 5..n - 3.
"""

from __future__ import annotations

from functools import lru_cache

from closurebench.categories._spec import Category, Target, has_parent
from closurebench.categories._values import flatten, hop_cells, walk
from closurebench.categories.ancestor import keeps_oldest, plans, plant
from closurebench.errors import UnposableQuery
from closurebench.graph import tensor as T
from closurebench.graph.plant import pick_at_quantile


def propose(rng, g):
    x = has_parent(rng, g)
    return None if x is None else {"x": x}


def max_hops(n: int) -> int:
    """Depth k needs k descendants; the count keeps room below n - 3 so it is not a size rule.

    Hence also ``min_n = 6``: in four or five people the count could only be n - 3 or n - 2,
    one hop deep, and the same for every x. Lines of three or more generations only from
    ``DEEP_N`` people: below it such a line leaves only counts n - 5..n - 3, and the design
    held every "n - k" reader only at 21% (19.5% without such lines).
    """
    return max(1, n - 4) if n >= DEEP_N else min(2, n - 4)


#: Smallest tree with a line of three or more generations above x.
DEEP_N = 9
#: The default axes the count design is made for, and the largest share any "n - k" rule and
#: any one count may take in it (``_values.flatten``). Why a design: a deep line in a small
#: tree leaves only small gaps and counts, and weights fitted cell by cell (0.2.0's) kept
#: "n - 3" low only by putting "n - 4" on 60% of the instances.
DESIGN_N = (6, 10)
CAP_N_K, CAP_VALUE, MIX = 0.18, 0.22, 0.05
#: The generator frees the quantile after half its tries (``pose.FREE_AFTER``): then
#: the count is drawn uniformly, so a cell whose designed count one structural half cannot
#: hold gives way. 0.2.2 also drew a uniform count on 5% of every cell's tries, which with
#: the spouse-only and free plans moved ~11% of a split's answers off the design.


def _counts(n: int, depth: int) -> list[int]:
    return list(range(depth, n - 2))


def design_cells() -> dict[tuple[int, int], float]:
    """Each default cell (n, depth) and its share: n uniform, the hop bucket as the generator
    draws it over the buckets ``max_hops(n)`` allows, the depth uniform inside an open bucket
    (as ``construct`` draws it)."""
    return hop_cells(DESIGN_N, max_hops,
                     lambda n, span: [((n, d), 1.0) for d in range(span[0], span[1] + 1)])


@lru_cache(maxsize=1)
def count_design() -> dict[tuple[int, int], list[float]]:
    """Weights of ``_counts(*cell)`` in every default cell."""
    return flatten(design_cells(), lambda c: _counts(*c), [
        (lambda c, v: c[0] - v, lambda k: CAP_N_K),
        (lambda c, v: v, lambda v: CAP_VALUE),
    ], mix=MIX)


@lru_cache(maxsize=1)
def _walk():
    return walk(design_cells(), lambda c: _counts(*c), count_design(),
                lambda c, v: (c[0] - v, v, c[1]))


def joint(u: float, n_range: tuple[int, int], hops: tuple[int, int | None]
          ) -> tuple[int, tuple[int, int], float] | None:
    """``Category.joint``: n, the line's depth as the hop span and the count's quantile,
    walked together in order of n - count."""
    if n_range != DESIGN_N or hops != (1, None):
        return None
    (n, depth), _, q = _walk()(u)
    # The deepest line may also be one generation shorter: pinned, with a pinned count, it
    # can be a shape one structural half cannot hold (n = 10, depth 6). Every other depth is
    # pinned, so the count is drawn in the cell it was walked in.
    top = max_hops(n)
    return n, (depth, depth) if depth < max(3, top) else (top - 1, top), q


def draw_count(n: int, depth: int, u: float, uniform: bool = False) -> int:
    """The founder's descendant count c in ``depth..n-3``, at quantile ``u``: of the design in
    a default cell, else (or ``uniform``) of equal weights."""
    counts = _counts(n, depth)
    weights = (None if uniform else count_design().get((n, depth))) or [1.0] * len(counts)
    return pick_at_quantile(counts, weights, u)


def construct(rng, n, rho, target: Target):
    lo, hi = target.hops or (1, max_hops(n))
    hi = min(hi, max_hops(n))
    if lo > hi:
        return None
    depth = rng.randint(lo, hi)
    # A retry gets the same quantile; a try without one (the generator frees it after half
    # the tries) draws any count the cell allows (uniform, not the design's weights: at n = 6
    # and depth 1 the design puts 97% on one count, whose shapes all fall in one structural
    # half), so such a count gives way.
    u, uniform = target.quantile, target.quantile is None
    if uniform:
        u = rng.random()
    # ``joint`` lets the deepest walked line be one generation shorter; its count is still
    # drawn in the walked cell, or that cell's n - k moves one up whenever the line is shorter
    # (0.2.2: n - 5 took 28% on seed 2031, walked at 20%).
    top = max_hops(n)
    cell = hi if not uniform and (lo, hi) == (top - 1, top) and top >= 3 else depth
    for rivals in plans(rng):  # False: one married-in spouse is the only outsider
        if rivals is not True and not uniform:
            # a spouse-only tree's count is n - 2 and a freely grown one's anything, never
            # the designed one (0.2.2 kept them: ~6% of a split's answers off the design)
            return None
        count = n - 2 if rivals is False else draw_count(n, cell, u, uniform)
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
    peak = up.max()
    top = (up == peak).nonzero()[0]
    if peak == 0 or len(top) != 1:
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
    joint=joint,
)
