"""scc_then_count (L2): the size of x's strongly connected component, x included.

Example: A -> B -> A, B -> C: A's group is {A, B}, size 2.

Built, not sampled: x's component is planted with a drawn size and hop depth
(``_components.component``) next to a component of another size, so the answer depends on
which node is asked and is not a function of n. Generated from n = 5: at n = 4 the only
sizes are 2, 3 and 4, each an "answer n - k" hit.

The nodes outside x's component are laid out with a source, a sink and balanced links
(``component(ends=True)``, ``_components._ends_layout``) wherever three or more are left:
with uniform forward links between blocks a node's out/in ratio told its place in the block
order (upstream 4.5 / 1.7, downstream 1.4 / 4.3, x's component 2.4 / 2.5) and the learned
engine read x's component off it.

The size is drawn from a design over the default cells (n 5-10 by hop bucket), not cell by
cell: at n = 5, and at every deep target up to n = 7, each possible size is some "n - k", so
the other cells must answer otherwise for every n - k reader (k = 0, 1, 2, ...) to stay near
15%, no size above 19% and the shortest cycle through x (right when the component is one
petal, the smallest size a cell allows) near 25% (``_values.flatten``; the design's exact
shares are checked in tests/test_scc_then_count.py).
"""

from __future__ import annotations

import random
from functools import lru_cache, partial

from closurebench.categories._components import component, sized
from closurebench.categories._spec import Category
from closurebench.categories._values import draw_value, flatten, hop_cells, walk
from closurebench.graph import tensor as T

#: The default axes the size design is made for: n from this category's floor to the
#: default n_max, hop buckets as the generator draws them.
DESIGN_N = (6, 10)
#: Largest share of the design for the whole graph ("answer n", also query-insensitive), for
#: every other "answer n - k" rule, for any one size, and for the smallest size a cell allows
#: (one petal: the shortest cycle through x is then the whole component).
CAP_WHOLE, CAP_N_K, CAP_VALUE, CAP_ONE_PETAL = 0.08, 0.15, 0.19, 0.25
#: Share of each cell spread uniformly, so every size a cell allows stays possible.
MIX = 0.05


def max_hops(n: int) -> int:
    """A petal of k nodes needs k + 1 in the component, and a second component beside it."""
    return max(2, n - 4)


def design_cells() -> dict[tuple[int, int], float]:
    """Each default cell (n, smallest size) and its share of instances.

    n is uniform over ``DESIGN_N``; the hop bucket (1, 2 or >= 3 hops, smallest size 2, 3 or
    4) as the generator draws it over the buckets ``max_hops(n)`` allows (``hop_cells``).
    """
    return hop_cells(DESIGN_N, max_hops, lambda n, span: [((n, span[0] + 1), 1.0)])


def _sizes(cell: tuple[int, int]) -> list[int]:
    n, smallest = cell
    return list(range(n, smallest - 1, -1))  # by n - v, as ``sized`` orders them


@lru_cache(maxsize=1)
def size_design() -> dict[tuple[int, int], list[float]]:
    """Weights of the sizes ``_sizes(cell)`` in every default cell (``flatten``)."""
    return flatten(design_cells(), _sizes, [
        (lambda c, v: c[0] - v, lambda k: CAP_WHOLE if k == 0 else CAP_N_K),
        (lambda c, v: v, lambda v: CAP_VALUE),
        (lambda c, v: v == c[1], lambda one: CAP_ONE_PETAL if one else 1.0),
    ], mix=MIX)


@lru_cache(maxsize=1)
def _walk():
    return walk(design_cells(), _sizes, size_design(), lambda c, v: (c[0] - v, v, c[1]))


def joint(u: float, n_range: tuple[int, int], hops: tuple[int, int | None]
          ) -> tuple[int, tuple[int, int], float] | None:
    """``Category.joint``: n, the hop bucket (smallest size 2, 3, 4: 1, 2, >= 3 hops) and the
    size's quantile, walked together in order of n - size."""
    if n_range != DESIGN_N or hops != (1, None):
        return None
    (n, smallest), _, q = _walk()(u)
    span = (1, 1) if smallest == 2 else (2, 2) if smallest == 3 else (3, max_hops(n))
    return n, span, q


def designed_size(rng: random.Random, lo: int, hi: int, n: int, u: float | None) -> int:
    """x's component size: from the design in a default cell, else ``sized``'s weights."""
    weights = size_design().get((n, lo)) if hi == n else None
    if weights is None:
        return sized(rng, lo, hi, n, u)
    return draw_value(rng, _sizes((n, lo)), weights, u)


def propose(rng, g):
    return {"x": rng.randrange(g.n)}


def shortest_cycle(g, q):
    """Lazy reader: the nodes on the shortest cycle through x (x's group if it has one)."""
    a, x = g.adjacency, q["x"]
    d_from, d_to = T.distances(a, x), T.distances(a.T, x)
    both = (d_from > 0) & (d_to > 0)
    if not both.any():
        return 1
    return int((d_from + d_to)[both].min())


def tensor_program(g, q):
    """``|{j : TC[x, j] ∧ TC[j, x]} ∪ {x}|``."""
    return int(T.scc_of(g.adjacency, q["x"]).sum())


def nx_program(G, q):
    import networkx as nx

    return next(len(c) for c in nx.strongly_connected_components(G) if q["x"] in c)


TL_PROGRAM = """\
Reach[x, y] = closure(Edge)[x, y].
answer count(Reach[X, y] Reach[y, X] + (y == X)).
"""


def template(w, q):
    x = q["x"]
    return (
        f"How many {w.nouns} are in {x}'s strongly connected group, that is, {x} together with "
        f"every {w.noun} that {x} can reach and that can also reach {x} back, following "
        f"{w.links} in their direction? Count {x} itself."
    )


CATEGORY = Category(
    id="scc_then_count", level=2, family="digraph", answer="integer",
    primitives=("closure", "scc", "count"), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=("x",), tolerance="count",
    slip="-1", accept=lambda a, g: a > 1,
    construct=partial(component, size=designed_size, ends=True),
    max_hops=max_hops,
    generate_min_n=6,
    shortcuts={"shortest-cycle": shortest_cycle},
    summary="Count the nodes in x's strongly connected component.",
    tl_program=TL_PROGRAM,
    joint=joint,
)
