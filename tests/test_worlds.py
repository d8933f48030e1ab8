"""The disguise: missed nodes rebuilt as a twin world and an open one, answers untouched."""

from __future__ import annotations

import random

import numpy as np
import pytest

from closurebench.categories import CATEGORIES
from closurebench.categories._spec import Target
from closurebench.categories._worlds import disguise
from closurebench.generation.pose import _answer, answer_hops
from closurebench.graph import tensor as T
from closurebench.graph.families import Graph
from closurebench.graph.worlds import open_world, tree_world

WORLD = sorted(c for c, cat in CATEGORIES.items() if cat.world)


def _reached(g: Graph, sources: list[int]) -> np.ndarray:
    inside = np.zeros(g.n, dtype=bool)
    for s in sources:
        inside |= T.reach(g.adjacency, s)
    inside[sources] = True
    return inside


@pytest.mark.parametrize("category", WORLD)
def test_the_disguise_keeps_the_answer_and_adds_no_edge_out_of_the_world(category) -> None:
    cat = CATEGORIES[category]
    rng = random.Random(category)
    seen = 0
    for _ in range(40):
        n = rng.randint(max(cat.n_floor, 5), 10)
        built = cat.construct(rng, n, rng.uniform(0.1, 0.5), Target())
        if built is None:
            continue
        g, q = built
        sources = [q[k] for k in cat.world]
        before = _answer(cat, g, q)
        h = disguise(cat, rng, g, q, 0.3)
        assert h.n == g.n
        inside = _reached(g, sources)
        assert _reached(h, sources).tolist() == inside.tolist()
        # what a world node sends is the constructor's (minus back-edges into the sources,
        # for a reach-only category); nothing new leaves or enters from inside
        old = {e for e in g.edges if inside[e[0]]}
        new = {e for e in h.edges if inside[e[0]]}
        assert new <= old and all(v in sources for _, v in old - new)
        if not cat.reach_only:
            assert new == old
        after = _answer(cat, h, q)
        assert after == before, (category, g.edges, h.edges)
        assert answer_hops(cat, h, q, after) == answer_hops(cat, g, q, before)
        missed = np.flatnonzero(~inside)
        if len(missed) >= 2:  # every missed node has an edge, and none is the only source
            deg = h.adjacency.sum(0) + h.adjacency.sum(1)
            assert (deg[missed] > 0).all()
        seen += 1
    assert seen >= 10


def test_an_open_world_sends_into_the_closed_worlds_and_feeds_their_sources() -> None:
    rng = random.Random(3)
    n = 9
    closed, nodes = [0, 1, 2, 3, 4], [5, 6, 7, 8]
    edges = open_world(rng, n, nodes, closed, sources=[0, 3], budget=20)
    assert all(u in nodes for u, _ in edges)
    assert {v for _, v in edges} & {0} and {v for _, v in edges} & {3}
    for u in nodes:
        assert any(v in closed for w, v in edges if w == u)
    assert len(edges) <= 20 + len(nodes)


def test_a_tree_world_is_one_source_and_layers_below_it() -> None:
    rng = random.Random(5)
    nodes = [2, 4, 6, 7, 9]
    edges = tree_world(rng, 10, nodes, depth=3, extra=0.0)
    assert len(edges) == len(nodes) - 1
    heads = {v for _, v in edges}
    (source,) = set(nodes) - heads
    g = Graph(10, tuple(sorted(edges)), directed=True)
    assert sorted(np.flatnonzero(T.reach(g.adjacency, source)).tolist()) == sorted(
        set(nodes) - {source})
