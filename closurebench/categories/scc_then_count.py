"""scc_then_count (L2): the size of x's strongly connected component, x included.

Example: A -> B -> A, B -> C: A's group is {A, B}, size 2.

Built, not sampled: x's component is planted with a drawn size and hop depth
(``_components.component``) next to a component of another size, so the answer depends on
which node is asked and is not a function of n. Generated from n = 5: at n = 4 the only
sizes are 2, 3 and 4, each an "answer n - k" hit.
"""

from __future__ import annotations

from closurebench import tensor as T
from closurebench.categories._components import component
from closurebench.categories._spec import Category


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
    slip="-1", accept=lambda a, g: a > 1, construct=component, max_hops=lambda n: max(2, n - 4),
    generate_min_n=5,
    shortcuts={"shortest-cycle": shortest_cycle},
    summary="Count the nodes in x's strongly connected component.",
    tl_program=TL_PROGRAM,
)
