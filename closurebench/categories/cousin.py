"""cousin (L1): are x and y first cousins: a shared grandparent but no shared parent?

Example: G -> P, G -> Q, P -> X, Q -> Y: X and Y are cousins. Balanced 50/50. Needs n >= 5
(a grandparent, two parents, two grandchildren); generated from n = 7 (since 0.3.9): five
people carry a "yes" in exactly one tree shape, which sits in one structural half only, and
six give every "no" away (below).

Instances are built as contrast pairs (since 0.3.3): a "yes" is a tree where x and y are
children of two siblings; a "no" is such a tree with one parent link swapped within a
generation (``a -> b, c -> d  =>  a -> d, c -> b``), so every person keeps their number of
parents and children and every line its length. The swap is drawn among those that end the
cousinship, by kind: a share (``SIBLINGS``) make x and y siblings (the nearest wrong relation,
and the one that shares a grandparent), the rest move a parent or grandparent link so the
lines no longer meet (second cousins, strangers, ...). Before 0.3.3 the "no" pairs were built
as such, 8 in 10 siblings, and "they share a parent, so no" read 80% on a fresh seed. Where
no link can be swapped (small sparse trees) a "no" is built directly (``_no``). Six people
cannot hide the answer: the only "no" one swap away is siblings (a shared parent, a direct
neighbour), and the one built directly, two lines apart, fills six people with four links
where every "yes" has five or more, so the link count reads it; the learned readers led the
majority by +25 to +28 points there (seeds 4242, 7777), against +7 to +11 from eight people.
Seven stay a little readable: the swapped trees have few shapes, so one split's negatives
there are mostly siblings.
"""

from __future__ import annotations

from closurebench.categories._spec import Category, Target, same_generation_pair
from closurebench.graph import tensor as T
from closurebench.graph.families import Family, Graph, co_parents_are_siblings, sample_family
from closurebench.graph.nullmodel import generations, renumbered

#: Share of instances asked on a freely grown tree, in trees of at most SMALL people and in
#: larger ones: the smallest cells have a single shape otherwise (e.g. two people with one
#: parent each), too few for both structural halves (train and held_out).
FREE = (0.3, 0.02)
SMALL = 5


#: Share of "no" pairs whose swap makes x and y siblings. Siblings are the only non-cousins
#: of one generation who share a grandparent, but a shared parent is a direct neighbour any
#: reader sees: at 8 in 10 (0.3.2) "they share a parent, so no" read 80%; a share s lets it
#: read 50 + 50·s%.
SIBLINGS = 0.15
#: From this many people a cousins' tree drawn for the other kinds holds a second line (a
#: founder and a child), whose links the swaps of a "no" can trade with the cousins' own:
#: otherwise every parent of their generation is a child of the shared grandparent or married
#: in, and only siblings are one swap away. (Six people hold no such "no": there it is built
#: directly, and readable, which is why generation starts at seven.)
SECOND_LINE = 7


def propose(rng, g):
    return same_generation_pair(rng, g)


def _no(rng, fam: Family, n: int, siblings: bool) -> tuple[int, int, bool]:
    """Two non-cousins of one generation, both with a grandparent: siblings, or lines apart
    or second cousins where n allows; and whether they are siblings (who stay non-cousins
    whatever second parents join). Below ``SECOND_LINE`` people siblings stay a choice: two
    lines apart fill six people in one shape, which one structural half alone holds."""
    kinds = ["apart"] * (n >= 6) + ["second cousins"] * (n >= SECOND_LINE)
    if n < SECOND_LINE:
        kinds.append("siblings")
    if siblings or not kinds or rng.choice(kinds) == "siblings":
        p = fam.add(fam.add(gen=0))
        return fam.add(p), fam.add(p), True
    if rng.choice([k for k in kinds if k != "siblings"]) == "apart":
        return fam.add(fam.add(fam.add(gen=0))), fam.add(fam.add(fam.add(gen=0))), False
    top = fam.add(gen=0)
    return fam.add(fam.add(fam.add(top))), fam.add(fam.add(fam.add(top))), False


def construct(rng, n, rho, target: Target):
    if rng.random() < FREE[n > SMALL]:
        g = sample_family(rng, n, rho)
        query = propose(rng, g)
        return None if query is None else (g, query)
    # The kind of "no" is drawn for both answers and shapes the "yes" tree too, so the tree's
    # scaffolding (a cousin's sibling, a second line) says nothing about the answer.
    siblings = rng.random() < SIBLINGS
    for slack in (False, False, False, True):
        built = _build(rng, n, rho, slack, siblings)
        if built is not None:
            # A "yes" tree must have a "no" one swap away too: else the trees that have one
            # (fewer second parents, looser lines) would be the "no" side's, and tell it.
            g, query = built
            if target.want and not siblings and n < SECOND_LINE:
                return built  # no such "no" at this n: it is built directly (below)
            moved = _uncousin(rng, g, query["x"], query["y"], siblings)
            if moved is not None:
                return renumbered(rng, g if target.want else moved, query)
    if not target.want:
        for slack in (False, True):
            built = _build(rng, n, rho, slack, siblings, direct_no=True)
            if built is not None:
                return built
    return None


def _build(rng, n, rho, slack: bool, siblings: bool = False, direct_no: bool = False):
    """One tree with x and y cousins and the scaffolding a swap to ``siblings`` or not needs:
    a sibling of one of them, or (from ``SECOND_LINE`` people) a second line; with
    ``direct_no``, a "no" pair built as such. With ``slack`` it may hold fewer second parents
    than ρ asks (at n = 5 a "yes" pair fills all five places with one-parent lines)."""
    fam = Family()
    # Kept apart from the cousins' lines, so the second line can trade links with them
    # without making co-parents siblings: its founder is no second parent of their parents,
    # its child none of a grandchild's, and the shared grandparent none of its child's.
    apart: dict[int, int] = {}  # child -> the one its second parent must not be
    line = -1  # the second line's child
    if not direct_no:
        top = fam.add(gen=0)
        px, py = fam.add(top), fam.add(top)
        x, y, free = fam.add(px), fam.add(py), True
        if siblings:
            fam.add(rng.choice((px, py)))
        elif n >= SECOND_LINE:
            h = fam.add(gen=0)
            line = fam.add(h)
            apart = {line: top, px: h, py: h}
    else:
        x, y, free = _no(rng, fam, n, siblings)
    # Cousins and siblings stay so unless x and y gain a shared parent; other pairs must not
    # gain a second parent on their lines at all (it could bring a shared grandparent).
    fixed = {x, y, *fam.parents[x], *fam.parents[y]}

    def keeps(c: int, peers: list[int]) -> list[int]:
        if not free:
            return [] if c in fixed else peers
        if c in apart:
            return [p for p in peers if p != apart[c]]
        if line >= 0 and fam.parents[c] and fam.parents[c][0] in (px, py):
            peers = [p for p in peers if p != line]
        if c not in (x, y):
            return peers
        other = fam.parents[y if c == x else x]
        return [p for p in peers if p not in other]

    if not fam.grow(rng, n, rho, pair_filter=keeps, slack=slack):
        return None
    g, new = fam.graph(rng)
    x, y = (new[x], new[y]) if rng.random() < 0.5 else (new[y], new[x])
    return g, {"x": x, "y": y}


def _uncousin(rng, g: Graph, x: int, y: int, siblings: bool) -> Graph | None:
    """The cousins' tree with one parent link swapped within a generation (``a -> b, c -> d
    => a -> d, c -> b``) so that x and y are no longer cousins: siblings if ``siblings``,
    else any other relation. No child gets two parents who are siblings (the tree's own
    rule; a swap can make one by moving a co-parent's parent). None if no swap of that kind
    exists."""
    edges = set(g.edges)
    gen = generations(g.n, sorted(edges))
    q = {"x": x, "y": y}
    order = sorted(edges)
    swaps = [(e, f) for i, e in enumerate(order) for f in order[i + 1:]
             if e[0] != f[0] and e[1] != f[1] and gen[e[0]] == gen[f[0]]
             and (e[0], f[1]) not in edges and (f[0], e[1]) not in edges]
    rng.shuffle(swaps)
    for (a, b), (c, d) in swaps:
        moved = Graph(g.n, tuple(sorted((edges - {(a, b), (c, d)}) | {(a, d), (c, b)})))
        if tensor_program(moved, q):
            continue
        m = moved.adjacency
        if bool((m[:, x] & m[:, y]).any()) != siblings:
            continue
        if not co_parents_are_siblings(m):
            return moved
    return None


def shares_a_grandparent(g, q):
    """"Yes" iff x and y share a grandparent, forgetting the "but no parent" half."""
    gp = T.compose(g.adjacency, g.adjacency)
    return bool((gp[:, q["x"]] & gp[:, q["y"]]).any())


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
    nx_program=nx_program, template=template, node_keys=("x", "y"), min_n=5, generate_min_n=7,
    construct=construct, shortcuts={"shares-a-grandparent": shares_a_grandparent},
    summary="Do x and y share a grandparent but no parent?",
    tl_program=TL_PROGRAM,
    # Half of the asked computation, and it chains two edges (grandparents): not a
    # no-chaining reader, so not a floor (the audit still reports it as a shortcut).
    local_answer=("fixed:shares-a-grandparent",),
)
