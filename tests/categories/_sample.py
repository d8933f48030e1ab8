"""Helpers the per-category constructor tests share: posed instances and their NetworkX form."""

from __future__ import annotations

from typing import Any


def posed_sample(category: str, count: int, seed: int = 5, blind: bool = False) -> list[Any]:
    """``count`` instances of a category as the generator poses them across the default axes
    (graph, query, answer, hops), without the surface layer.

    Planted by the category's own constructor unless ``blind``: these tests check what the
    constructor plants, which still builds every decoy and target of the blind construction
    (``pose.BLIND``, tested in ``tests/test_blind.py``) and every cell it falls back on."""
    from unittest import mock

    from closurebench.generation import pose as posing

    with mock.patch.object(posing, "BLIND", posing.BLIND if blind else frozenset()):
        return [posing.pose(category, posing.structural_seed(seed, category, j), (4, 10),
                            (0.1, 0.5)) for j in range(count)]


def as_networkx(g: Any) -> Any:
    """An integer-id ``Graph`` as a ``networkx.DiGraph`` on nodes ``0..n-1``."""
    import networkx as nx

    G = nx.DiGraph()
    G.add_nodes_from(range(g.n))
    G.add_edges_from(g.edges)
    return G


def design_shares(design: Any) -> tuple[dict[int, float], dict[int, float]]:
    """Exact shares of every "n - k" rule and every count under a ``CountDesign``."""
    cells = design.cells()
    by_k: dict[int, float] = {}
    by_v: dict[int, float] = {}
    for cell, weights in design.design.items():
        assert abs(sum(weights) - 1) < 1e-9 and min(weights) > 0  # every count stays possible
        for v, w in zip(design.counts(*cell), weights):
            by_k[cell[0] - v] = by_k.get(cell[0] - v, 0.0) + cells[cell] * w
            by_v[v] = by_v.get(v, 0.0) + cells[cell] * w
    return by_k, by_v
