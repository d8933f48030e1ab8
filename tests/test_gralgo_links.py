"""A GrAlgoBench cell's link count is the cell's, whatever the answer (release 0.3.6).

Up to 0.3.5 three constructions brought the links their answer needed: max degree's fallback
added links to raise its top nodes (a large answer came with up to twice the links), the
k-core ignored ρ, and the diameter's spine moved the count at s1. A reader of the link count
alone then read the answer, and the presets' mean degree did not hold.
"""

from __future__ import annotations

import random

import pytest

import closurebench as cb
from closurebench.categories import get
from closurebench.categories._spec import Target
from closurebench.categories.gralgo import gralgo_max_degree as md
from closurebench.categories.gralgo import gralgo_max_k_core as kc
from closurebench.categories.gralgo._common import connected, edge_count
from closurebench.generation.presets import PRESETS
from closurebench.generation.settle import settle_links
from closurebench.graph.families import Graph

SETTLED = ("gralgo_max_degree", "gralgo_max_k_core", "gralgo_diameter")


@pytest.mark.parametrize("task", SETTLED)
@pytest.mark.parametrize("scale", ["gralgo-s1", "gralgo-s2", "gralgo-s3"])
def test_the_link_count_is_the_cells(task: str, scale: str) -> None:
    for r in cb.generate(task, per_category=40, seed=17, **PRESETS[scale]):
        assert len(r["edges"]) == edge_count(r["n"], r["density"]), (r["n"], r["answer"])


def test_max_degree_answers_stay_even_within_each_n() -> None:
    """The range is cut where the links cannot carry the answer (not left to retries, which
    would pile the answers onto the small values)."""
    by_n: dict[int, dict[str, int]] = {}
    for r in cb.generate("gralgo_max_degree", per_category=240, seed=3,
                         **PRESETS["gralgo-s1"]):
        counts = by_n.setdefault(r["n"], {})
        counts[r["answer"]] = counts.get(r["answer"], 0) + 1
    for n, counts in by_n.items():
        assert max(counts.values()) - min(counts.values()) <= 2, (n, counts)


@pytest.mark.parametrize(("n", "mean"), [(8, 3.2), (11, 3.2), (15, 3.2), (23, 4.0), (40, 4.6)])
def test_every_max_degree_value_in_range_can_be_built_at_the_cells_links(n: int,
                                                                         mean: float) -> None:
    m = edge_count(n, mean / (n - 1))
    for want in md._range(n, m):
        built = [md._capped(random.Random(i), n, m, want) for i in range(20)]
        graphs = [b[0] for b in built if b is not None]
        assert graphs, (n, m, want)
        for g in graphs:
            assert len(g.edges) == m and md.tensor_program(g, {}) == want


def test_settling_keeps_the_answer_and_the_fooled_readers_fooled() -> None:
    cat = get("gralgo_max_k_core")
    rng = random.Random(5)
    checked = 0
    for _ in range(40):
        n = rng.randint(10, 20)
        rho = 3.2 / (n - 1)
        built = kc.construct(rng, n, rho, Target(quantile=None))
        if built is None:
            continue
        g, q = built
        answer = kc.tensor_program(g, q)
        fooled = [name for name, r in cat.shortcuts.items() if r(g, q) != answer]
        m = edge_count(n, rho)
        h = settle_links(cat, rng, g, q, m)
        if h is None:
            continue
        checked += 1
        assert len(h.edges) == m and kc.tensor_program(h, q) == answer
        assert all(cat.shortcuts[name](h, q) != answer for name in fooled)
        assert connected(h) or not connected(g)
    assert checked >= 10


def test_settling_gives_up_rather_than_change_the_answer() -> None:
    """A triangle with a pendant node, k = 2: any fourth link changes the 2-core (3 nodes)
    into all four, so asking for four links with the answer kept returns None."""
    cat = get("gralgo_max_k_core")
    g = Graph(4, ((0, 1), (0, 2), (1, 2), (2, 3)), directed=False)
    assert settle_links(cat, random.Random(0), g, {"k": 2}, 4) is g
    assert settle_links(cat, random.Random(0), g, {"k": 2}, 5) is None

