"""Disguise: the nodes a query misses rebuilt as a twin of its world and an open world.

A category whose answer depends only on what its query sources reach (``Category.world``
names those query fields: x, or x and y) gets, after its constructor has planted the query's
world, every missed node rebuilt (``graph.worlds`` says why):

* a **twin**: an instance of *the same category*, built by its own constructor on a share of
  the missed nodes (itself disguised the same way, so it has its own twin inside), with every
  edge that pointed at the twin's own query nodes or their direct successors turned to the
  real query nodes or their direct successors. So the twin's nodes have the degrees and the
  relations to the query nodes that the query world's own nodes have, and a reader who never
  chains two edges sees two worlds of one kind;
* an **open** world with the rest (``graph.worlds.open_world``).

Only edges with a missed tail are added, so the query world, and with it the answer, its hop
depth and every rule the generator checks, stay as the constructor built them. A single
missed node cannot be disguised (nothing may point at it); constructors keep that rare.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from closurebench.categories._spec import Category, Target
from closurebench.graph import tensor as T
from closurebench.graph.families import Graph
from closurebench.graph.worlds import open_world, tree_world

__all__ = ["TWIN_TRIES", "disguise"]

#: Constructions tried for a twin before it falls back to a plain tree world.
TWIN_TRIES = 4


def _anchors(g: Graph, sources: list[int]) -> set[int]:
    """The sources' direct successors (the nodes a reader sees are reached), sources aside."""
    src = set(sources)
    return {v for u, v in g.edges if u in src and v not in src}


def _world(g: Graph, sources: list[int]) -> np.ndarray:
    a = g.adjacency
    inside = np.zeros(g.n, dtype=bool)
    with T.hop_limit(None), T.substitute(None):
        for s in sources:
            inside |= T.reach(a, s)
    inside[sources] = True
    return inside


def _closed(g: Graph, sources: list[int], edges: list[tuple[int, int]]
            ) -> list[tuple[int, int]]:
    """``edges`` without those into a source ``s`` from a node only ``s`` itself reaches:
    such an edge changes no distance from any source, so no answer of a ``reach_only``
    category, and it would be a relation to the query nodes that the twin's nodes (related
    to their own sources) never have. An edge into ``s`` from another source's world stays:
    it is how that source reaches ``s``. (Edges into a source's direct successors stay too:
    the twin's own are turned to the real ones, so its nodes have them as well.)"""
    a = g.adjacency
    with T.hop_limit(None), T.substitute(None):
        seen = {s: T.reach(a, s) | (np.arange(g.n) == s) for s in sources}

    def others(u: int, s: int) -> bool:
        return any(seen[t][u] for t in sources if t != s)

    return [(u, v) for u, v in edges if v not in seen or u in seen or others(u, v)]


def _twin(cat: Category, rng: random.Random, size: int, rho: float
          ) -> tuple[Graph, list[int]] | None:
    if cat.construct is None or size < max(cat.n_floor, 4):
        return None
    for _ in range(TWIN_TRIES):
        built = cat.construct(rng, size, rho, Target())
        if built is not None and isinstance(built[0], Graph):
            g, q = built
            return disguise(cat, rng, g, q, rho), [q[k] for k in cat.world]
    return None


def disguise(cat: Category, rng: random.Random, graph: Any, query: dict[str, Any],
             rho: float) -> Any:
    """``graph`` with the nodes the query sources miss rebuilt (see the module docstring)."""
    if not cat.world or not isinstance(graph, Graph) or not graph.directed:
        return graph
    n = graph.n
    sources = [query[k] for k in cat.world]
    inside = _world(graph, sources)
    missed = np.flatnonzero(~inside).tolist()
    edges = [(u, v) for u, v in graph.edges if inside[u]]
    if cat.reach_only:
        edges = _closed(graph, sources, edges)
    if not missed:  # nothing to disguise, and no twin to look like
        return Graph(n, tuple(edges), directed=True) if cat.reach_only else graph
    if len(missed) == 1:  # a lone missed node is an open world of one: it only sends
        closed = np.flatnonzero(inside).tolist()
        extra = open_world(rng, n, missed, closed, sources, rho * n * (n - 1) - len(edges))
        return Graph(n, tuple(sorted({*edges, *extra})), directed=True)
    first = sorted(_anchors(graph, sources) & set(np.flatnonzero(inside).tolist()))
    rng.shuffle(missed)
    wired = [(u, v) for u, v in graph.edges if cat.wired and not inside[u] and inside[v]]
    # a source's in-edges from missed nodes stay where the answer reads them (a component
    # needs the way back): without them a "no" source could lose its last in-edge, a tell
    feeds = [] if cat.reach_only else [(u, v) for u, v in graph.edges
                                       if not inside[u] and v in sources]
    if wired:  # their tails open the open world, with the constructor's edges kept
        tails = {u for u, _ in wired}
        missed = [v for v in missed if v not in tails] + sorted(tails)
    m = len(missed)
    lo = min(m, 2)
    size = rng.randint(lo, max(lo, m - 2))
    if m - size == 1 and not wired:  # a lone open node could only send: it joins the twin
        size = m
    size = min(size, m - len({u for u, _ in wired}))
    if size < 2:  # a twin of one node would be isolated: it sends, in the open world
        size = 0
    twin_nodes, open_nodes = missed[:size], missed[size:]
    built = _twin(cat, rng, size, rho) if size else None
    twin_sources: list[int] = []
    if built is None:
        twin = tree_world(rng, n, twin_nodes, 2) if twin_nodes else []
    else:
        g2, q2 = built
        at = dict(enumerate(twin_nodes))
        own, own_first = set(q2), _anchors(g2, q2)
        twin = []
        for u, v in g2.edges:
            if u in own or not (v in own or v in own_first):
                twin.append((at[u], at[v]))
            elif v in own:  # turned to a real query node, as the query world's nodes may
                twin.append((at[u], sources[rng.randrange(len(sources))]))
            elif first:
                twin.append((at[u], first[rng.randrange(len(first))]))
        twin_sources = [at[s] for s in q2]
    closed = [v for v in range(n) if inside[v]] + twin_nodes
    if open_nodes:
        budget = rho * n * (n - 1) - len(edges) - len(twin)
        extra = open_world(rng, n, open_nodes, closed, [*sources, *twin_sources], budget)
    else:  # one or two edges from the twin into the query world's first layer join them
        into = first or sources
        extra = [(twin_nodes[rng.randrange(len(twin_nodes))], v)
                 for v in rng.sample(into, min(len(into), rng.randint(1, 2)))]
    out = {(u, v) for u, v in [*edges, *twin, *extra, *wired, *feeds] if u != v}
    return Graph(n, tuple(sorted(out)), directed=True)
