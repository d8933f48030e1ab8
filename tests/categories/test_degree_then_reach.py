"""degree_then_reach (L2): how many nodes the unique highest-out-degree node reaches."""

from __future__ import annotations

import pytest

from closurebench import ConfigError, UnposableQuery, solve

from ._sample import as_networkx, posed_sample

CAT = "degree_then_reach"


def test_docstring_example(engine: str) -> None:
    edges = [("A", "B"), ("A", "C"), ("C", "D")]
    assert solve(CAT, edges, {}, engine=engine) == 3


def test_hub_on_a_cycle_does_not_count_itself(engine: str) -> None:
    edges = [("A", "B"), ("A", "C"), ("B", "A")]
    assert solve(CAT, edges, {}, engine=engine) == 2


def test_tie_for_the_hub_is_refused(engine: str) -> None:
    with pytest.raises(UnposableQuery, match="no unique highest out-degree"):
        solve(CAT, [("A", "B"), ("C", "D")], {}, engine=engine)


def test_graph_without_edges_is_a_tie(engine: str) -> None:
    with pytest.raises(UnposableQuery, match="no unique highest out-degree"):
        solve(CAT, [], {}, nodes=["A", "B", "C"], engine=engine)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'hub_reach'"):
        solve("hub_reach", [("A", "B")], {})


def _posed(count: int, seed: int = 5) -> list:
    """Structural halves of ``count`` default-axes instances (graph, query, answer, hops)."""
    return posed_sample(CAT, count, seed)


_nx = as_networkx


def test_the_hub_is_unique_and_hops_is_its_depth() -> None:
    import networkx as nx

    posed = _posed(80)
    for p in posed:
        G = _nx(p.graph)
        deg = sorted((d for _, d in G.out_degree()), reverse=True)
        assert deg[0] > deg[1]
        hub = max(G, key=G.out_degree)
        dist = nx.single_source_shortest_path_length(G, hub)
        assert (len(dist) - 1, max(dist.values())) == (p.answer, p.hops)
    assert sum(p.answer == p.n - 1 for p in posed) <= 0.3 * len(posed)


def test_generated_from_six_nodes_but_solvable_from_three() -> None:
    # Below six nodes no count weighting keeps every "n - k" rule under a fifth of a split.
    from closurebench.categories import CATEGORIES

    cat = CATEGORIES[CAT]
    assert (cat.min_n, cat.n_floor) == (3, 6)
    import closurebench as cb

    assert min(r["n"] for r in cb.generate(CAT, per_category=30, seed=2)) == 6
    assert solve(CAT, [("A", "B"), ("A", "C")], {}) == 2


def test_the_count_design_keeps_every_lazy_count_low() -> None:
    from closurebench.categories import degree_then_reach as m

    from ._sample import design_shares

    cells = m.DESIGN.cells()
    assert abs(sum(cells.values()) - 1) < 1e-12
    assert {n for n, _ in cells} == set(range(6, 11))
    by_k, by_v = design_shares(m.DESIGN)
    assert max(by_k.values()) <= 0.18  # target: each n - k rule <= 25%
    assert max(by_v.values()) <= 0.20  # target: the most frequent answer <= 30%


def test_outside_the_design_the_count_weights_apply() -> None:
    from closurebench.categories import degree_then_reach as m

    assert m.DESIGN.weights(30, 2) is None
    assert m.count_by_depth(30, 2) == m.count_weights(3, 29, m.TOP_WEIGHTS, m.DECAY)
