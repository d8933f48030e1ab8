"""sibling (L1): do x and y share at least one parent? (half-siblings count; x != y)

Example: Eve -> Carol, Eve -> Tina: Carol and Tina are siblings. Balanced 50/50.

Instances are built: "yes" pairs share a planted parent (a second parent may make them full
or half siblings); "no" pairs are of one generation, both with parents, and related (cousins,
a couple with a child, children of a couple's two other partners, or unrelated) where n
allows, so
neither "has no parent" nor "is linked through someone" decides them.
Generated from n = 6: a couple with a child and both their parents takes five people, in one
shape of one structural half, and in four no "no" pair can have a common neighbour at all.
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


#: Weights of the "no" pairs (n >= 5): couple (a child together), cousins, children of a
#: couple's other partners, unrelated. Siblings are always linked through a parent, so only
#: couples keep "x and y have a common neighbour" from answering: at 5:2:2:1 it scored 72-82%.
NO_KINDS = (14, 1, 1, 1)


def propose(rng, g):
    return same_generation_pair(rng, g)


def _no(rng, fam: Family, n: int) -> tuple[int, int]:
    """Two non-siblings of one generation, both with a parent, related where n allows."""
    kind = "strangers"
    if n >= 5:  # couples most: they are linked through their child, as siblings are
        kind = rng.choices(("couple", "cousins", "step", "strangers"), NO_KINDS)[0]
    if kind == "cousins":
        g = fam.add(gen=0)
        return fam.add(fam.add(g)), fam.add(fam.add(g))
    px, py = fam.add(gen=0), fam.add(gen=0)
    x, y = fam.add(px), fam.add(py)
    if kind == "couple":
        fam.add(x, y)
    elif kind == "step":
        fam.add(px, py)
    return x, y


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
    """One tree; with ``slack`` it may hold fewer second parents than ρ asks."""
    fam = Family()
    if target.want:
        p = fam.add(gen=0)
        x, y = fam.add(p), fam.add(p)
    else:
        x, y = _no(rng, fam, n)

    def keeps(c: int, peers: list[int]) -> list[int]:  # no new parent shared by x and y
        if c not in (x, y):
            return peers
        other = fam.parents[y if c == x else x]
        return [p for p in peers if p not in other]

    if not fam.grow(rng, n, rho, pair_filter=keeps, slack=slack):
        return None
    g, new = fam.graph(rng)
    x, y = (new[x], new[y]) if rng.random() < 0.5 else (new[y], new[x])
    return g, {"x": x, "y": y}


def linked_through_someone(g, q):
    """"Yes" iff x and y have a common neighbour (a parent or a child), whatever its role."""
    a = g.adjacency | g.adjacency.T
    return bool((a[q["x"]] & a[q["y"]]).any())


def tensor_program(g, q):
    """``Sib[x, y] = A[p, x] A[p, y]`` (shared parent p): ``(Aᵀ A)[x, y]``."""
    a = g.adjacency
    return bool(T.compose(a.T, a)[q["x"], q["y"]])


def nx_program(G, q):
    return bool(set(G.predecessors(q["x"])) & set(G.predecessors(q["y"])))


TL_PROGRAM = """\
Shared = Parent[p, X] Parent[p, Y].
answer Shared.
"""


def template(w, q):
    return f"Are {q['x']} and {q['y']} siblings, that is, do they share at least one parent?"


CATEGORY = Category(
    id="sibling", level=1, family="family", answer="boolean",
    primitives=("compose",), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=("x", "y"), min_n=3, generate_min_n=6,
    construct=construct, shortcuts={"linked-through-someone": linked_through_someone},
    summary="Do x and y share a parent?",
    tl_program=TL_PROGRAM,
    local_answer=("x~y.pred",),
)
