"""scc_then_count (L2): the size of x's strongly connected component, x included.

Example: A -> B -> A, B -> C: A's group is {A, B}, size 2. Singleton groups are resampled
while a larger one can be found.
"""

from __future__ import annotations

from closurebench import tensor as T
from closurebench.categories._spec import Category


def propose(rng, g):
    return {"x": rng.randrange(g.n)}


def tensor_program(g, q):
    """``|{j : TC[x, j] ∧ TC[j, x]} ∪ {x}|``."""
    return int(T.scc_of(g.adjacency, q["x"]).sum())


def nx_program(G, q):
    import networkx as nx

    return next(len(c) for c in nx.strongly_connected_components(G) if q["x"] in c)


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
    summary="Count the nodes in x's strongly connected component.",
)
