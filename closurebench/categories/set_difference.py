"""set_difference (L1): the nodes x reaches that y does not, R(x) ∖ R(y).

Convention: x and y themselves are never listed. Example: A -> B -> C, D -> C: for x=A,
y=D the answer is [B].

Built, not sampled (``_two_source.difference``): the answer's size is drawn, and the hop depth
comes either from the deepest answer node or from a common node that x reaches sooner than y
does, so a reader who stops early either misses an answer or keeps a node y does reach.
From n = ``BLOCKS_MIN_N`` a target of ``DEEP_BLOCKS`` or more hops is built as blocks by the
answer's membership (``_two_source.difference_blocks``, which says why) and emitted without
the blind walk (``Category.blocks_from``).
"""

from __future__ import annotations

from closurebench.categories._reach import DEEP_BLOCKS
from closurebench.categories._spec import Category, distinct
from closurebench.categories._two_source import (
    BLOCKS_MIN_N,
    difference,
    difference_blocks,
    size_of,
)
from closurebench.graph import tensor as T
from closurebench.graph.plant import draw_depth, plant, sprinkle


def propose(rng, g):
    pair = distinct(rng, g.n, 2)
    return pair and {"x": pair[0], "y": pair[1]}


def construct(rng, n, rho, target):
    """Plant R(x) minus R(y) of a drawn size at a drawn depth (neither reaches the other)."""
    lo, hi = target.hops or (1, n - 2)
    h = draw_depth(rng, lo, hi)
    if h >= DEEP_BLOCKS and n >= BLOCKS_MIN_N and not target.decoy:
        return _blocks(rng, n, rho, h, target.quantile)
    sizes = [a for a in range(1, n - 1) if a >= h or (h >= 2 and n - 2 - a >= h)]
    built = difference(rng, n, h, size_of(rng, sizes, n - 2, target.quantile)) if sizes else None
    if built is None:
        return None
    edges, ok, x, y, _, _ = built[0]
    return sprinkle(rng, plant(rng, n, rho, edges, ok), ok), {"x": x, "y": y}


def _blocks(rng, n, rho, h, u):
    """A deep target as blocks by the answer's membership (``difference_blocks``).

    The answer's size (at quantile ``u``) runs from h to n - 5, so that beside x, y, the hub
    and the answer a pair of non-members is left to look like the deep members (an answer
    filling the graph leaves every node off the query nodes' edges a member), and to h + 1
    where that is all, so that "size 3" stays under 30% (h..n - 5 alone gave it 33% on seed
    7777). Direct nodes' extra edges are drawn at ρ / 2 (not tuned)."""
    sizes = list(range(h, min(n - 3, max(h + 1, n - 5)) + 1))
    built = difference_blocks(rng, n, h, size_of(rng, sizes, n - 2, u))
    if built is None:
        return None
    edges, extra, _, x, y = built
    return plant(rng, n, rho / 2, edges, extra), {"x": x, "y": y}


def ignore_y(g, q):
    """Lazy reader: everything x reaches, as if y's reach were not subtracted."""
    keep = T.reach(g.adjacency, q["x"])
    keep[[q["x"], q["y"]]] = False
    return keep.nonzero()[0].tolist()


def tensor_program(g, q):
    """``R(x) ∧ ¬R(y)``, minus the two query nodes."""
    a, x, y = g.adjacency, q["x"], q["y"]
    only = T.reach(a, x) & ~T.reach(a, y)
    only[[x, y]] = False
    return only.nonzero()[0].tolist()


def nx_program(G, q):
    import networkx as nx

    x, y = q["x"], q["y"]
    return sorted(nx.descendants(G, x) - nx.descendants(G, y) - {x, y})


TL_PROGRAM = """\
Reach[x, y] = closure(Edge)[x, y].
answer Reach[X, y] !Reach[Y, y] (y != X) (y != Y).
"""


def template(w, q):
    x, y = q["x"], q["y"]
    return (
        f"Following {w.links} in their direction through one or more steps, which {w.nouns} "
        f"can {x} reach that {y} cannot reach? Do not include {x} or {y} themselves."
    )


CATEGORY = Category(
    id="set_difference", level=1, family="digraph", answer="labels",
    primitives=("closure", "difference"), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=("x", "y"), tolerance="set",
    accept=lambda a, g: len(a) > 0, construct=construct, max_hops=lambda n: max(2, n - 3),
    shortcuts={"ignore-y": ignore_y},
    summary="List the nodes x reaches that y does not.",
    tl_program=TL_PROGRAM,
    generate_min_n=6,  # blind-built from n = 6: below it every view is decided
    blocks_from=DEEP_BLOCKS, blocks_min_n=BLOCKS_MIN_N,
)
