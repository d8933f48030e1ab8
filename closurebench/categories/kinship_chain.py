"""kinship_chain (L2): x's relatives exactly k generations up or down (k = 2 or 3).

Relations: grandparents, grandchildren, great-grandparents, great-grandchildren, i.e. the
column or row x of A^k. Example: Eve -> Carol -> Tina: Tina's grandparents are [Eve].

Instances are built around a set size drawn on its own, so single people do
not dominate: downwards, a tree of that many relatives k generations below x; upwards, a
pedigree whose top row has that many people (each person in it has one or two recorded
parents, so up to 2^k). The tree then grows to n people without touching the answer: no
child is added to anyone k - 1 generations below x, and no second parent to x's ancestry.

Decoys (from 0.3.5): up to 0.3.4 the answer's generation held the answer and hardly anyone
else, so a reader that never chains two edges listed "the sinks (or the founders) not
adjacent to x" and was right in two instances of three (learned floor 66%, seed 4242). Now
every tree also holds decoys in the answer's generation, in x's family: people k
generations below someone of x's generation who are not x's descendants (a line from a
spouse married in beside x's descendants, or from x's sibling), or founders beside x's
ancestors whose children are not in x's pedigree (some had with one of the answer, one
decoy and one of the answer sharing a parent, so the answer are not all founders). The
blind walk's parent swaps (``nullmodel.family_move``) then trade places between the answer
and the decoys, so which of the look-alikes answer is the walk's. Two more cues are kept
level: a two-parent person in the answer's generation was always one of the answer (their
second parent was the decoys' own parent, or grew there), so a decoy gets a married-in
second parent too and growth gives that generation only married-in second parents (but on
the last try, where ρ's share may need them). Sets hold up to n - 4 (room for two decoys),
the large ones weighing twice the small (``SIZE_WEIGHTS``), so decoys are not rare; from
nine people up to n - 5 (``WIDE``): the largest sets sat in one large sibship beside a
decoy or two in small ones, and a reader of sibship sizes alone listed them.

Matched sibships (after 0.3.13): the decoys' sibship was still smaller than the answer's (a
random 1..spare children beside the answer's one large sibship), and `--explain` put the
boosted reader on `v.fork_pred_out_max` (how many children a node's parents have): without
the fork columns the learned reader fell from 40% to 13% (seed 4242). The decoys' parent now
has as many children as the answer's largest sibship: decoys where n leaves room, else it is
the second parent of some of the answer (as many as ρ's two-parent share allows), and growth
gives it no more. A downward size is built only where such a sibship fits, at most
``MATCH_SLACK`` short (``_matched``); sizes no relation can hide are not drawn
(``feasible_sizes``), and the large sizes weigh more to keep the sizes spread.
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


#: Answer set sizes are drawn from 1..min(MAX_SIZE, n - 4), the sizes n people can carry (x,
#: a parent or child, the set and two decoys), by these weights. Up to 0.3.8 they evened the
#: sizes out over n 6-10 (weight 210 on 6), so a large tree's answer generation was nearly all
#: answer: "everyone of that generation but the small sibling groups" read 82% at n 8-10 (64%
#: overall, seed 4242). 0.3.9-0.3.13 weighted the large sets only twice the small ones. After
#: 0.3.13 a size is drawn only where its decoys can match the answer's sibship
#: (``feasible_sizes``), which leaves few large sets at low ρ, so they weigh more: about
#: 25 / 25 / 25 / 20 / 5% for sizes 1-5 over n 6-10 and ρ 0.1-0.5 (target 30%).
MAX_SIZE = 6
SIZE_WEIGHTS = {1: 1.0, 2: 1.0, 3: 2.0, 4: 4.0, 5: 6.0, 6: 6.0}
#: From this many people sets hold up to n - 5, not n - 4 (``feasible_sizes``): an answer of
#: n - 4 leaves x, one link and two decoys, so its sibship is large and the decoys' small, and
#: the boosted reader's `v.fork_pred_out_sum` (a node's parents' numbers of children) picked it
#: out. Measured on 0.3.10: learned gap +47 / +44 / +44 -> +39 / +42 / +38 (seeds 4242 / 7777 /
#: 9001), independent auditor 53% -> 47% (docs/audit-and-floors.md).
WIDE = 9
#: People kept out of the answer's own tree for the decoys (``_rival_down``, ``_rival_up``):
#: a founder and one child at least.
RIVAL = 2
#: Trees tried per size; all but the last keep growth's second parents off the answer's
#: generation (``_down``).
TRIES = 4
#: Share of downward trees where a decoy gets a married-in second parent (``_rival_down``).
DECOY_SPOUSE = 0.7
#: How many fewer children the decoys' parent may have than the answer's largest sibship
#: where a size is allowed downwards (``_matched``). With none (every downward sibship
#: matched) the learned gap fell to +22 (seed 4242), but sizes 4-5 then need ρ's two-parent
#: share and n 9-10, and sizes 1-3 took 34-38% of the released 50-instance splits; one short
#: keeps the sizes spread (released splits 28 / 30%). Learned gap +39 / +42 / +38 -> +35 /
#: +35 / +32 (seeds 4242 / 7777 / 9001; docs/audit-and-floors.md).
MATCH_SLACK = 1


def propose(rng, g):
    return {"x": rng.randrange(g.n), "relation": rng.choice(sorted(RELATIONS))}


def _down(rng, fam: Family, k: int, size: int, n: int, rho: float, strict: bool = True):
    """x with ``size`` descendants exactly k generations down; ``None`` if n is too small.
    ``strict``: people of the answer's generation take no second parent from growth but a
    spouse married in for them (the last try lets ρ's share fall anywhere)."""
    x = fam.add(gen=0)
    level = [x]
    for depth in range(1, k + 1):
        room = n - len(fam) - size - RIVAL  # people left for the widths between
        width = size if depth == k else rng.randint(1, max(1, min(size, room - (k - depth))))
        level = [fam.add(level[rng.randrange(len(level))]) for _ in range(width)]
    if len(fam) > n:
        return None
    head = _rival_down(rng, fam, x, k, n, rho)

    def pair_filter(c: int, peers: list[int]) -> list[int]:
        if strict and fam.gen[c] == k:  # married-in second parents only
            return [p for p in peers if not fam.parents[p] and p != head]
        down = fam.below(x)
        return peers if c in down else [p for p in peers if p != x and p not in down]

    # (growth gives no child to the answer's parents, nor to the decoys': their sibships stay
    # matched)
    return x, (lambda p: fam.gen[p] != k - 1 or (p not in fam.below(x) and p != head)), \
        pair_filter


def _rival_down(rng, fam: Family, x: int, k: int, n: int, rho: float) -> int | None:
    """Decoys: people k generations below x's generation who are not x's descendants, in x's
    family (see the module docstring). A founder married in at generation j (0 <= j < k) as
    the second parent of one of x's descendants, with a line of its own down to generation
    k; or a parent for x, whose other child has such a line. Nothing if n leaves no room.
    The decoys' parent gets as many children as the answer's largest sibship (``top``):
    decoys where n leaves room, and as second parent of some of the answer where it does not
    (as many as ρ allows), so a decoy's and an answer's parents have as many children.
    Returns the decoys' parent (``None`` without decoys)."""
    room = n - len(fam)
    below = fam.below(x)
    ways: list[tuple[int, int | None]] = []  # (cost without the decoys, generation of the spouse)
    for j in range(k):
        heirs = [c for c in below if fam.gen[c] == j + 1 and len(fam.parents[c]) == 1]
        # (not a lone answer's second parent: no parent swap could then move it)
        if heirs and (j < k - 1 or sum(fam.gen[c] == k for c in below) > 1):
            ways.append((k - j, j))
    if not fam.parents[x]:
        ways.append((k + 1, None))
    ways = [w for w in ways if w[0] < room]
    if not ways:
        return None
    top = max(len(fam.children[p]) for p in below if fam.gen[p] == k - 1)
    # the ways with room for a sibship as large as the answer's, else the cheapest
    full = [w for w in ways if w[0] + top - (w[1] == k - 1) <= room]
    least = min(w[0] for w in ways)
    ways = full or [w for w in ways if w[0] == least]
    cost, j = ways[rng.randrange(len(ways))]
    spare = room - cost
    decoys = max(1, min(spare, top - (j == k - 1)))  # (a spouse at k - 1 has one of the answer)
    # a second parent for a decoy (a founder), as the answer have theirs: else a two-parent
    # person at the answer's generation is always one of the answer
    spouse = spare > decoys and rng.random() < DECOY_SPOUSE
    if j is None:  # x's parent, and x's sibling's line
        parent = fam.add(gen=-1)
        fam.marry(x, parent)
        head = fam.add(parent)
    else:
        head = fam.add(gen=j)
        heirs = [c for c in below if fam.gen[c] == j + 1 and len(fam.parents[c]) == 1]
        fam.marry(heirs[rng.randrange(len(heirs))], head)
    while fam.gen[head] < k - 1:
        head = fam.add(head)
    line = [fam.add(head) for _ in range(decoys)]
    if spouse:
        fam.marry(line[rng.randrange(len(line))], fam.add(gen=k - 1))
    short = top - len(fam.children[head])
    if short > 0:  # the rest of the sibship: the head as second parent of some of the answer
        founders = sum(1 for ps in fam.parents if not ps)
        two = sum(1 for ps in fam.parents if len(ps) == 2)
        budget = second_parents(rho, n - founders)[0] - two
        single = [c for c in below if fam.gen[c] == k and len(fam.parents[c]) == 1]
        for c in rng.sample(single, max(0, min(short, budget, len(single)))):
            fam.marry(c, head)
    return head


def _up(rng, fam: Family, k: int, size: int, n: int):
    """x whose pedigree has ``size`` people k generations up (each with one or two parents)."""
    widths = [size]
    for depth in range(k - 1, 0, -1):
        widths.append(rng.randint(-(-widths[-1] // 2), min(widths[-1], 2 ** depth)))
    widths.append(1)
    if widths[-2] > 2 or 1 + sum(widths[:-1]) + RIVAL > n:
        return None
    level = [fam.add(gen=0) for _ in range(size)]
    top = list(level)
    for width in widths[1:]:
        rng.shuffle(level)
        two = len(level) - width
        heads = [level[2 * i:2 * i + 2] for i in range(two)] + [[p] for p in level[2 * two:]]
        level = [fam.add(*ps) for ps in heads]
    x = level[0]
    _rival_up(rng, fam, top, n)
    pedigree = fam.above(x) | {x}
    return x, (lambda p: True), (lambda c, peers: [] if c in pedigree else peers)


def _rival_up(rng, fam: Family, top: list[int], n: int) -> None:
    """Decoys beside the answer's generation: founders there with a child who is not in x's
    pedigree (a child of their own, had with one of the answer, or a decoy's child they are
    second parent of), and, room allowing, a parent shared by one of the answer and one
    decoy, so the answer are not all founders."""
    room = n - len(fam)
    if room < 2:
        return
    elder = room >= 3 and rng.random() < 0.5
    want = rng.randint(max(1, (room - elder) // 3), max(1, (room - elder) // 2))
    decoys: list[int] = []
    kids: list[int] = []  # decoys' children with one parent
    for _ in range(want):
        left = n - len(fam) - elder
        if left >= 2 and (not kids or rng.random() < 0.5):
            decoys.append(fam.add(gen=0))
            kids.append(fam.add(decoys[-1]))
            if len(top) > 1 and rng.random() < 0.5:  # had with one of the answer (not a
                # lone one, whom no parent swap could then move): the decoy's family is x's
                fam.marry(kids.pop(), top[rng.randrange(len(top))])
        elif left >= 1 and kids:
            decoys.append(fam.add(gen=0))
            fam.marry(kids.pop(rng.randrange(len(kids))), decoys[-1])
    if elder and decoys:
        elder_id = fam.add(gen=-1)
        fam.marry(decoys[rng.randrange(len(decoys))], elder_id)
        fam.marry(top[rng.randrange(len(top))], elder_id)


def _matched(n: int, rho: float, k: int, size: int) -> bool:
    """Whether a downward answer of ``size`` leaves room for decoys in a sibship as large as
    the answer's (``_rival_down``): x, k - 1 links, the answer, the decoys' parent and its
    children, some of them of the answer too (as many as ρ's two-parent share allows)."""
    shared = min(size - 1, second_parents(rho, n - 2)[0])
    return k + 1 + 2 * size - shared - MATCH_SLACK <= n


def _relations(n: int, rho: float, size: int) -> list[str]:
    """The relations an answer of ``size`` can be built for at n and ρ: downwards where the
    decoys' sibship can match the answer's (``_matched``), upwards where ρ allows the s - 1
    two-parent children a pedigree of s people needs and n holds it beside two decoys."""
    out = []
    for rel, (k, way) in sorted(RELATIONS.items()):
        if way == "down":
            ok = k + size + RIVAL <= n and _matched(n, rho, k, size)
        else:
            low = 1 + size + sum(-(-size // 2 ** d) for d in range(1, k)) + RIVAL
            ok = size <= 2 ** k and second_parents(rho, n - size)[1] >= size - 1 and low <= n
        if ok:
            out.append(rel)
    return out


def feasible_sizes(n: int, rho: float) -> list[int]:
    """Set sizes n people can carry beside x, one link and two decoys: up to n - 4, n - 5
    from ``WIDE`` people, and only those some relation can be built for (``_relations``;
    at least 1, for the small trees of tests and ``solve``)."""
    top = max(1, min(MAX_SIZE, n - 2 - RIVAL - (n >= WIDE)))
    return [s for s in range(1, top + 1) if _relations(n, rho, s)] or [1]


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
    ways = _relations(n, rho, size)
    for i in range(TRIES if ways else 0):
        relation = ways[rng.randrange(len(ways))]
        k, way = RELATIONS[relation]
        fam = Family()
        built = _down(rng, fam, k, size, n, rho, strict=i < TRIES - 1) if way == "down" \
            else _up(rng, fam, k, size, n)
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
