"""cousin (L1): are x and y first cousins: a shared grandparent but no shared parent?

Example: G -> P, G -> Q, P -> X, Q -> Y: X and Y are cousins. Balanced 50/50. Needs n >= 5
(a grandparent, two parents, two grandchildren); generated from n = 6, because five people
carry a "yes" in exactly one tree shape, which sits in one structural half only, so the other
split could never hold one.

Instances are built: "yes" pairs are children of two siblings; "no" pairs are of one
generation and both have grandparents: siblings (who share a grandparent too), second
cousins, or two lines that do not meet; mostly siblings, so "share a grandparent" alone does
not decide them.
"""

from __future__ import annotations

from closurebench.categories._spec import Category, Target, same_generation_pair
from closurebench.graph import tensor as T
from closurebench.graph.families import Family, sample_family

#: Share of instances asked on a freely grown tree, in trees of at most SMALL people and in
#: larger ones: the smallest cells have a single shape otherwise (e.g. two people with one
#: parent each), too few for both structural halves (train and held_out).
FREE = (0.3, 0.02)
SMALL = 5


#: Weights of the "no" pairs: siblings, two lines apart, second cousins. Siblings are the
#: only non-cousins who share a grandparent, so they keep "share a grandparent" from
#: answering (at 2:1:1 it scored 62-68%).
NO_WEIGHTS = (8, 1, 1)


def propose(rng, g):
    return same_generation_pair(rng, g)


def _no(rng, fam: Family, n: int) -> tuple[int, int, bool]:
    """Two non-cousins of one generation, both with a grandparent; and whether they are
    siblings (who stay non-cousins whatever second parents join)."""
    kinds = ["siblings"] + ["apart"] * (n >= 6) + ["second cousins"] * (n >= 7)
    kind = rng.choices(kinds, NO_WEIGHTS[:len(kinds)])[0]
    if kind == "siblings":
        p = fam.add(fam.add(gen=0))
        return fam.add(p), fam.add(p), True
    if kind == "apart":
        return fam.add(fam.add(fam.add(gen=0))), fam.add(fam.add(fam.add(gen=0))), False
    top = fam.add(gen=0)
    return fam.add(fam.add(fam.add(top))), fam.add(fam.add(fam.add(top))), False


def construct(rng, n, rho, target: Target):
    if rng.random() < FREE[n > SMALL]:
        g = sample_family(rng, n, rho)
        query = propose(rng, g)
        return None if query is None else (g, query)
    for slack in (False, False, False, True):
        built = _build(rng, n, rho, target, slack)
        if built is not None:
            return built
    return None


def _build(rng, n, rho, target: Target, slack: bool):
    """One tree; with ``slack`` it may hold fewer second parents than ρ asks (at n = 5 a
    "yes" pair fills all five places with one-parent lines)."""
    fam = Family()
    if target.want:
        g = fam.add(gen=0)
        x, y, free = fam.add(fam.add(g)), fam.add(fam.add(g)), True
    else:
        x, y, free = _no(rng, fam, n)
    # Cousins and siblings stay so unless x and y gain a shared parent; other pairs must not
    # gain a second parent on their lines at all (it could bring a shared grandparent).
    fixed = {x, y, *fam.parents[x], *fam.parents[y]}

    def keeps(c: int, peers: list[int]) -> list[int]:
        if not free:
            return [] if c in fixed else peers
        if c not in (x, y):
            return peers
        other = fam.parents[y if c == x else x]
        return [p for p in peers if p not in other]

    if not fam.grow(rng, n, rho, pair_filter=keeps, slack=slack):
        return None
    g, new = fam.graph(rng)
    x, y = (new[x], new[y]) if rng.random() < 0.5 else (new[y], new[x])
    return g, {"x": x, "y": y}


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
    nx_program=nx_program, template=template, node_keys=("x", "y"), min_n=5, generate_min_n=6,
    construct=construct, shortcuts={"shares-a-grandparent": shares_a_grandparent},
    summary="Do x and y share a grandparent but no parent?",
    tl_program=TL_PROGRAM,
)
