"""conditional (L3): if x reaches y, the number of nodes x reaches; otherwise -1.

Convention: x itself is not counted. The branch is balanced 50/50. Example: A -> B -> C:
x = A, y = C gives 2; x = C, y = A gives -1. Constructed like reachability's pairs (true: a
planted depth and a drawn count; false: no sink/source rule decides the branch).
"""

from __future__ import annotations

from closurebench.categories._reach import CountDesign, false_pair, true_pair, weak_reach
from closurebench.categories._spec import Category, distinct
from closurebench.graph import tensor as T

#: Count weights of the "true" branch (see ``_reach.count_weights``): only about half a split
#: answers with a count, and that half's n is not stratified, so its weights trade the "n - k"
#: shares (halved by the -1 answers) for a count spread that tolerates an over-drawn n:
#: expected top count share 0.21, at most 0.26 with one n drawn 2.5 times as often.
TOP_WEIGHTS = (0.05, 0.7, 1.0)
DECAY = {1: 0.3, 2: 1.0}
#: The "true" branch's count design over the default cells (n 4-10): x reaches depth .. n - 1
#: nodes. Only that half answers with a count: the spread target is measured over it alone
#: (so any one count is capped lower), while an "n - k" rule is right on at most that half
#: (so its cap within the half is 35%, under 18% overall). For the same reason it is walked
#: by count first: its spread is the tighter target.
DESIGN = CountDesign(n_range=(6, 10), max_hops=lambda n: n - 1, depth_cap=lambda n: n - 1,
                     counts=lambda n, depth: range(depth, n), cap_n_k=0.35, cap_value=0.145,
                     by_value=True)


def propose(rng, g):
    pair = distinct(rng, g.n, 2)
    return pair and {"x": pair[0], "y": pair[1]}


def construct(rng, n, rho, target):
    if target.want is False or (target.want is None and rng.random() < 0.5):
        g, x, y = false_pair(rng, n, rho)
    else:
        g, x, y, _ = true_pair(rng, n, rho, target, count=True, top_weights=TOP_WEIGHTS,
                               decay=DECAY, design=DESIGN)
    return g, {"x": x, "y": y}


def tensor_program(g, q):
    """``TC[x, y] ? |R(x) ∖ {x}| : -1``."""
    r = T.reach(g.adjacency, q["x"])
    if not r[q["y"]]:
        return -1
    r[q["x"]] = False
    return int(r.sum())


def nx_program(G, q):
    import networkx as nx

    below = nx.descendants(G, q["x"])
    return len(below) if q["y"] in below else -1


def ignore_direction(g, q):
    """Lazy reader: branch and count both read off x's weak component (direction ignored)."""
    r = weak_reach(g.adjacency, q["x"])
    return int(r.sum()) - 1 if r[q["y"]] else -1


TL_PROGRAM = """\
R[y] = closure(Edge)[X, y].
answer branch(R[Y], count(R[y] (y != X)), -1).
"""


def template(w, q):
    x, y = q["x"], q["y"]
    return (
        f"If {x} can reach {y} by following {w.links} in their direction (one or more steps), "
        f"answer with the number of {w.nouns} that {x} can reach, not counting {x} itself. "
        f"Otherwise answer -1."
    )


CATEGORY = Category(
    pair_path=True,
    id="conditional", level=3, family="digraph", answer="integer",
    primitives=("closure", "branch", "count"), propose=propose,
    tensor_program=tensor_program, nx_program=nx_program, template=template,
    node_keys=("x", "y"), tolerance="count", balance=lambda a: a != -1,
    schema={"type": "integer", "minimum": -1},
    construct=construct, shortcuts={"ignore-direction": ignore_direction},
    summary="If x reaches y, count R(x); otherwise -1.",
    tl_program=TL_PROGRAM,
    joint=DESIGN.joint,
    generate_min_n=6,  # blind-built from n = 6: below it every view is decided
)
