"""scc_then_count (L2): the size of x's strongly connected component, x included."""

from __future__ import annotations

import pytest

from closurebench import ConfigError, solve

CAT = "scc_then_count"
DOC = [("A", "B"), ("B", "A"), ("B", "C")]


def test_docstring_example(engine: str) -> None:
    assert solve(CAT, DOC, {"x": "A"}, engine=engine) == 2


def test_node_below_a_cycle_is_alone(engine: str) -> None:
    assert solve(CAT, DOC, {"x": "C"}, engine=engine) == 1


def test_isolated_node_counts_itself(engine: str) -> None:
    nodes = ["A", "B", "C", "D"]
    assert solve(CAT, DOC, {"x": "D"}, nodes=nodes, engine=engine) == 1


def test_two_cycles_sharing_a_node_are_one_component(engine: str) -> None:
    edges = [("A", "B"), ("B", "A"), ("B", "C"), ("C", "D"), ("D", "B"), ("D", "E")]
    assert solve(CAT, edges, {"x": "A"}, engine=engine) == 4


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'scc_count'"):
        solve("scc_count", DOC, {"x": "A"})


def test_shortest_cycle_reader_counts_one_petal() -> None:
    from closurebench.categories.scc_then_count import shortest_cycle
    from closurebench.graph.families import Graph

    # x=0 on petals 0-1-0 and 0-2-3-0: the component has 4 nodes, the shortest cycle 2
    g = Graph(5, ((0, 1), (1, 0), (0, 2), (2, 3), (3, 0), (3, 4)))
    assert shortest_cycle(g, {"x": 0}) == 2
    assert shortest_cycle(g, {"x": 4}) == 1


def test_planted_component_depth_and_a_rival_size(posed) -> None:
    import networkx as nx

    for p in posed:
        G = nx.DiGraph(p.graph.edges)
        G.add_nodes_from(range(p.graph.n))
        x = p.query["x"]
        comp = next(c for c in nx.strongly_connected_components(G) if x in c)
        d_from = nx.single_source_shortest_path_length(G, x)
        d_to = nx.single_source_shortest_path_length(G.reverse(), x)
        assert p.hops == max(max(d_from[v], d_to[v]) for v in comp)
        sizes = {len(c) for c in nx.strongly_connected_components(G)}
        if len(comp) < p.graph.n:
            assert sizes != {len(comp)}, "another node must give another answer"
    assert len({p.answer for p in posed}) >= 4


def _design_shares(cells, options, design):
    """Exact shares of every "n - k" rule, every size and the one-petal reader in a design."""
    by_k: dict[int, float] = {}
    by_v: dict[int, float] = {}
    one = 0.0
    for cell, weights in design.items():
        assert abs(sum(weights) - 1) < 1e-9 and min(weights) > 0  # every size stays possible
        for v, w in zip(options(cell), weights):
            by_k[cell[0] - v] = by_k.get(cell[0] - v, 0.0) + cells[cell] * w
            by_v[v] = by_v.get(v, 0.0) + cells[cell] * w
            one += cells[cell] * w * (v == cell[1])
    return by_k, by_v, one


def test_the_size_design_keeps_every_lazy_count_low() -> None:
    from closurebench.categories import scc_then_count as m

    cells = m.design_cells()
    assert abs(sum(cells.values()) - 1) < 1e-12
    assert set(cells) == {(n, lo) for n in range(6, 11) for lo in (2, 3, 4) if lo < 4 or n >= 7}
    by_k, by_v, one = _design_shares(cells, m._sizes, m.size_design())
    assert by_k[0] <= 0.11 and max(by_k.values()) <= 0.17  # targets: each n - k rule <= 25%
    assert max(by_v.values()) <= 0.21  # target: the most frequent answer <= 30%
    assert one <= 0.26


def test_fresh_seeds_keep_the_spread_the_design_promises() -> None:
    import json
    from collections import Counter

    import closurebench as cb

    for seed in (101, 202):
        recs = list(cb.generate(CAT, per_category=100, seed=seed))
        answers = [json.loads(r["answer"]) for r in recs]
        by_k = Counter(r["n"] - a for r, a in zip(recs, answers))
        assert max(by_k[k] for k in range(4)) <= 25, by_k
        assert max(Counter(answers).values()) <= 30
