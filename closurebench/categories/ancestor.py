"""ancestor (L1): x's oldest ancestor, the one the most generations above x.

In our family trees every parent is exactly one generation above the child, so "generations
above" is the length of any parent-to-child line down to x. Ties (e.g. a couple at the top)
are resampled. Example: Eve -> Carol -> Tina: the answer for Tina is Eve.

Instances are built, not sampled: a line of the drawn hop depth from a founder down to x, a
second lineage (another founder with a child), then the tree grows to n people at ρ's share
of two-parent children. A second parent joins x's ancestry only if their own ancestry stops
below the founder, so the answer stays unique and several founders compete for "oldest".
Generated from n = 7 (until 0.3.10 from six): in four or five people the line and one rival
fill the tree in one or two shapes, so the other structural half could only hold trees where
every x has the same answer, and at six only x's parent can be asked (one generation: deeper
lines there fall in one structural half at ρ near 0.5), which a reader that never chains
reads every time (below). Trees whose answer is the parentless person mentioned most are
mostly redrawn.

The answer always has no parent, so a reader that never chains two edges narrows it to the
founders that are not x's own parents, and then picks among them: at one generation (x's
only parent is a founder) it is always right, deeper it is right about once per founder
left. From two generations on the first tries are therefore *level* (``LEVEL_TRIES``): the
rivals are founded at generation 0 beside the line's founder, as many as the people left
allow (up to one in two, not one in three), and growth marries in as many spouses as ρ's
share fits (``Family.grow(most_spouses=True)``). More founders compete, and the ones at the
top generation are the ones the blind walk's parent swaps (``nullmodel.family_move``, within
a generation) hand x's line to, so which of them answers is the walk's, with the degrees of
a founder planted at generation 0 either way. The founder count is bounded (each founder
needs a child, every child beyond a line is one person less for founders): about three in
ten people, so the no-chaining floor stays near (one-generation share) + (rest) / 3.

One generation is therefore rare (``HOP_WEIGHTS``: 5 / 45 / 50 % at 1 / 2 / >= 3; the
generator's default is 15 / 35 / 50) and six people are not generated: until 0.3.10 one
generation was 3 instances in 10 (all of six people and 15 % of the rest), and the learned
gap on seeds 4242 / 7777 / 9001 was +51 / +52 / +54 points (now +38 / +41 / +38). What is
left is structural: the answer's child on x's line has no other parent (a second parent
would tie with the answer or have an older parent), so the reader keeps the founders with a
one-parent child, each of which costs two people: two or three per tree at seven to ten
people (docs/audit-and-floors.md, "ancestor from seven people").
"""

from __future__ import annotations

import numpy as np

from closurebench.categories._spec import Category, Target, has_parent
from closurebench.errors import UnposableQuery
from closurebench.graph import tensor as T
from closurebench.graph.families import Family, PairFilter


def propose(rng, g):
    x = has_parent(rng, g)
    return None if x is None else {"x": x}


def max_hops(n: int) -> int:
    """A line of ``k`` generations takes k + 1 people; two more found a second lineage.

    Not at n = 6: a line of three generations and one rival lineage fill the tree, and at ρ
    near 0.5 two of its four children must have a second parent, which only a parent at
    generation 0 could be (making x's oldest ancestor a tie): the cell is unposable. Nor two
    generations there: at ρ >= 0.49 every such tree falls in one structural half, so the
    train half of seeds 801, 808, 813, ... could not be built (0.2.1 too).
    """
    return max(1, n - 3) if n != 6 else 1


def plant(rng, n: int, depth: int, room: int | None = None, rivals: bool = True,
          level: bool = False) -> tuple[Family, list[int], set[int]]:
    """A line of ``depth`` generations from a founder down to x (``line[-1]``), and rivals.

    Each rival is another founder with a child, who is kept to that one parent so they have
    an oldest ancestor of their own (another x would give another answer). Shared with
    kinship_complex, which passes the ``room`` (people, >= 2) left outside the founder's
    lineage. Returns the tree, the line and the rivals' children. Without ``rivals`` (the
    fallback where ρ asks for more second parents than rival lineages leave room for) the
    other founders are married-in spouses. ``level`` founds every rival at generation 0,
    as many as ``room // 3`` to ``room // 2`` (ancestor's level tries; kinship_complex keeps
    the default).
    """
    fam = Family()
    line = [fam.add(gen=0)]
    for _ in range(depth):
        line.append(fam.add(line[-1]))
    room = n - len(fam) if room is None else room
    if level:  # rivals founded beside the line's founder (see the module docstring)
        count = rng.randint(max(1, room // 3), max(1, room // 2))
        return fam, line, {fam.add(fam.add(gen=0)) for _ in range(count)}
    kept = {fam.add(fam.add(gen=rng.randint(-1, depth)))
            for _ in range(rng.randint(1, max(1, room // 3)) if rivals else 0)}
    return fam, line, kept


def keeps_oldest(fam: Family, x: int, kept: set[int]) -> PairFilter:
    """``pair_filter`` for ``Family.grow``: x gains no ancestor at generation 0, ``kept`` no
    parent (only a child in x's line needs each candidate's ancestry looked at)."""
    def ok(c: int, peers: list[int]) -> list[int]:
        if c in kept:
            return []
        if c != x and c not in fam.above(x):
            return peers
        return [p for p in peers if fam.top(p) > 0]
    return ok


#: Share of trees grown freely (maybe one founder): the few shapes of the smallest cells are
#: otherwise too few to give both structural halves (train, held_out) an instance.
FREE = 0.05

#: Tries (of ``plans``' ten with rival lineages) that are level: rivals at generation 0 and
#: the most married-in spouses. The rest are planted as before, so a cell that level trees
#: cannot fill (seven people, three or four generations, ρ near 0.5) stays posable.
LEVEL_TRIES = 5


#: Share of trees thrown away when the answer is also the parentless person mentioned most
#: (``founder_rule``): the founder of a planted line often has the most children, and a
#: reader that never looks at x would score well above chance.
FOUNDER_REJECT = 0.85
SMALL = 5


def plans(rng) -> tuple[bool | None, ...]:
    """Rival lineages (True, several tries), else married-in spouses (False); or, at FREE's
    rate, a freely grown tree (None)."""
    return (None,) if rng.random() < FREE else (True,) * 10 + (False,)


#: Shares of 1, 2 and >= 3 generations (``Category.hop_weights``; the generator's default is
#: 15 / 35 / 50): at one generation x's only parent is a founder, so a reader that never chains
#: two edges is always right (the parent is the answer), and the share it drops goes to two.
HOP_WEIGHTS = (0.05, 0.45, 0.50)


def construct(rng, n, rho, target: Target):
    lo, hi = target.hops or (1, max_hops(n))
    hi = min(hi, max_hops(n))
    if lo > hi:
        return None
    depth = rng.randint(lo, hi)
    for i, rivals in enumerate(plans(rng)):
        level = rivals is True and depth >= 2 and i < LEVEL_TRIES
        fam, line, kept = plant(rng, n, depth, rivals=bool(rivals), level=level)
        if fam.grow(rng, n, rho, pair_filter=keeps_oldest(fam, line[-1], kept),
                    spouses=(1, n) if rivals is False else None, most_spouses=level):
            g, new = fam.graph(rng)
            query = {"x": new[line[-1]]}
            if founder_rule(g, query) == new[line[0]] and rng.random() < FOUNDER_REJECT:
                continue
            # Rivals' children answer their own founder; other trees must show someone who
            # does not share x's answer, from SMALL + 1 people (five people at two
            # generations hold one shape with a rival, in one structural half only).
            if rivals is not True and n > SMALL \
                    and not _another_answer(g, query["x"], new[line[0]]):
                continue
            return g, query
    return None


def _another_answer(g, x: int, answer: int) -> bool:
    """Whether someone other than x has a unique oldest ancestor that is not ``answer``."""
    for v in range(g.n):
        if v != x:
            up = T.generations_above(g.adjacency, v)
            peak = up.max()
            top = (up == peak).nonzero()[0]
            if peak > 0 and len(top) == 1 and int(top[0]) != answer:
                return True
    return False


def founder_rule(g, q):
    """The parentless person mentioned most (lowest id on a tie), without reading x."""
    a = g.adjacency
    mentions = a.sum(0) + a.sum(1)
    founders = ((a.sum(0) == 0) & (mentions > 0)).nonzero()[0]
    return int(founders[np.argmax(mentions[founders])])


def tensor_program(g, q):
    """``argmax_i max{k : A^k[i, x]}``, unique."""
    up = T.generations_above(g.adjacency, q["x"])
    peak = up.max()
    top = (up == peak).nonzero()[0]
    if peak == 0 or len(top) != 1:
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
# every parent is one generation above the child, so steps up from X count generations
Up[c, p] = Parent[p, c].
answer argmax(dist(Up, X)[y]).
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
    construct=construct, max_hops=max_hops, shortcuts={"founder": founder_rule},
    generate_min_n=7, hop_weights=HOP_WEIGHTS,
    summary="Name x's unique oldest ancestor (reachability up the family tree).",
    tl_program=TL_PROGRAM,
)
