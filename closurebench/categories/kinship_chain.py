"""kinship_chain (L2): x's relatives exactly k generations up or down (k = 2 or 3).

Relations: grandparents, grandchildren, great-grandparents, great-grandchildren, i.e. the
column or row x of A^k. Example: Eve -> Carol -> Tina: Tina's grandparents are [Eve].

Instances are built around a set size drawn on its own, so single people do
not dominate: downwards, a tree of that many relatives k generations below x; upwards, a
pedigree whose top row has that many people (each person in it has one or two recorded
parents, so up to 2^k). The tree then grows to n people without touching the answer: no
child is added to anyone k - 1 generations below x, and no second parent to x's ancestry.
"""

from __future__ import annotations

from itertools import pairwise

from closurebench.categories._spec import Category, Target
from closurebench.graph import tensor as T
from closurebench.graph.families import Family, second_parents
from closurebench.graph.plant import pick_at_quantile

RELATIONS = {
    "grandparents": (2, "up"),
    "grandchildren": (2, "down"),
    "great-grandparents": (3, "up"),
    "great-grandchildren": (3, "down"),
}


#: Answer set sizes are drawn from 1..min(MAX_SIZE, n - 2), the sizes n people can carry (x,
#: a parent or child, and the set), by these weights: small trees allow only the small sizes,
#: so the larger ones weigh more, which evens the sizes out over n 4-10 (see
#: ``feasible_sizes`` for the sizes a cell allows). Over the default axes (n uniform, ρ
#: uniform) they give each size 14-18%; 0.2.2's weights gave size 2 20.5% and size 6 11%,
#: and a 100-instance split's most frequent size reached 32% on one seed in forty.
MAX_SIZE = 6
SIZE_WEIGHTS = {1: 0.27, 2: 0.28, 3: 0.75, 4: 1.6, 5: 3.0, 6: 5.0}


def propose(rng, g):
    return {"x": rng.randrange(g.n), "relation": rng.choice(sorted(RELATIONS))}


def _down(rng, fam: Family, k: int, size: int, n: int):
    """x with ``size`` descendants exactly k generations down; ``None`` if n is too small."""
    x = fam.add(gen=0)
    level = [x]
    for depth in range(1, k + 1):
        width = size if depth == k else rng.randint(1, max(1, min(size, n - len(fam) - size)))
        level = [fam.add(level[rng.randrange(len(level))]) for _ in range(width)]
    if len(fam) > n:
        return None
    if len(fam) + 2 <= n and rng.random() < 0.5:  # another lineage: someone to marry into x's
        fam.add(fam.add(gen=rng.randint(-1, k)))

    def pair_filter(c: int, peers: list[int]) -> list[int]:
        down = fam.below(x)
        return peers if c in down else [p for p in peers if p != x and p not in down]

    return x, (lambda p: fam.gen[p] != k - 1 or p not in fam.below(x)), pair_filter


def _up(rng, fam: Family, k: int, size: int, n: int):
    """x whose pedigree has ``size`` people k generations up (each with one or two parents)."""
    widths = [size]
    for depth in range(k - 1, 0, -1):
        widths.append(rng.randint(-(-widths[-1] // 2), min(widths[-1], 2 ** depth)))
    widths.append(1)
    if widths[-2] > 2 or 1 + sum(widths[:-1]) > n:
        return None
    level = [fam.add(gen=0) for _ in range(size)]
    for width in widths[1:]:
        rng.shuffle(level)
        two = len(level) - width
        heads = [level[2 * i:2 * i + 2] for i in range(two)] + [[p] for p in level[2 * two:]]
        level = [fam.add(*ps) for ps in heads]
    x = level[0]
    pedigree = fam.above(x) | {x}
    return x, (lambda p: True), (lambda c, peers: [] if c in pedigree else peers)


def feasible_sizes(n: int, rho: float) -> list[int]:
    """Set sizes n people at ρ can carry: up to n - 3, and n - 2 only where ρ asks for no
    second parent (the set then fills every place but x and one link, leaving no spouse
    for the two-parent children ρ asks for) or n = 4 (two grandparents of one parent)."""
    top = min(MAX_SIZE, n - 2)
    if n > 4 and top == n - 2 and second_parents(rho, n - 1)[0] > 0:
        top -= 1
    return list(range(1, max(1, top) + 1))


def construct(rng, n, rho, target: Target):
    sizes = feasible_sizes(n, rho)
    u = rng.random() if target.quantile is None else target.quantile
    size = pick_at_quantile(sizes, [SIZE_WEIGHTS[s] for s in sizes], u)
    # A retry gets the same quantile, so the drawn size is built (every feasible size takes
    # at least half of its tries); 0.2.2 fell back to the next smaller size within the try,
    # which moved a fifth of a split's answers one size down.
    return _at_size(rng, n, rho, size)


def _at_size(rng, n, rho, size: int):
    """A few trees with an answer of ``size`` people; ``None`` if none fits n and ρ."""
    # An upward set of s people needs s - 1 two-parent children, which ρ must allow.
    ways = [rel for rel, (k, way) in sorted(RELATIONS.items())
            if (way == "down" and k + size <= n)
            or (way == "up" and size <= 2 ** k and second_parents(rho, n - size)[1] >= size - 1)]
    for _ in range(4 if ways else 0):
        relation = ways[rng.randrange(len(ways))]
        k, way = RELATIONS[relation]
        fam = Family()
        built = (_down if way == "down" else _up)(rng, fam, k, size, n)
        if built is not None and fam.grow(rng, n, rho, can_parent=built[1],
                                             pair_filter=built[2]):
            g, new = fam.graph(rng)
            return g, {"x": new[built[0]], "relation": relation}
    return None


def tensor_program(g, q):
    """``A^k[:, x]`` (up) or ``A^k[x, :]`` (down)."""
    k, way = RELATIONS[q["relation"]]
    a = g.adjacency
    p = a
    for _ in range(k - 1):
        p = T.compose(p, a)
    hit = p[:, q["x"]] if way == "up" else p[q["x"], :]
    return hit.nonzero()[0].tolist()


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
    accept=lambda a, g: len(a) > 0, construct=construct,
    generate_min_n=6,  # built blind (``pose.BLIND``): in fewer people every view is decided
    summary="List x's grandparents/grandchildren (or great-) : rows/columns of A^k.",
    tl_program=tl_program,
)
