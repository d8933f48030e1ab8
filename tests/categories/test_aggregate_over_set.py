"""aggregate_over_set (L3): mean out-degree over the nodes x reaches (x excluded), 2 decimals."""

from __future__ import annotations

import pytest

from closurebench import ConfigError, UnposableQuery, solve

from ._sample import as_networkx, posed_sample

CAT = "aggregate_over_set"
FAN = [("A", child) for child in "BCDEFGHI"]  # A -> eight children


def test_docstring_example(engine: str) -> None:
    edges = [("A", "B"), ("A", "C"), ("B", "C")]
    assert solve(CAT, edges, {"x": "A"}, engine=engine) == 0.5


def test_one_third_rounds_to_two_decimals(engine: str) -> None:
    edges = [("A", "B"), ("A", "C"), ("A", "D"), ("B", "C")]
    assert solve(CAT, edges, {"x": "A"}, engine=engine) == 0.33


def test_two_thirds_rounds_up(engine: str) -> None:
    edges = [("A", "B"), ("A", "C"), ("A", "D"), ("B", "C"), ("C", "D")]
    assert solve(CAT, edges, {"x": "A"}, engine=engine) == 0.67


def test_an_exact_tie_at_the_third_decimal_is_refused(engine: str) -> None:
    # 1/8 = 0.125 and 3/8 = 0.375: half-even and half-up disagree, so neither is the reference.
    with pytest.raises(UnposableQuery, match="exact tie"):
        solve(CAT, [*FAN, ("B", "C")], {"x": "A"}, engine=engine)
    with pytest.raises(UnposableQuery, match="exact tie"):
        solve(CAT, [*FAN, ("B", "C"), ("B", "D"), ("C", "D")], {"x": "A"}, engine=engine)


def test_a_fourth_decimal_is_no_tie(engine: str) -> None:
    # 3/16 = 0.1875 rounds to 0.19 under either convention.
    sixteen = [("A", f"N{i}") for i in range(16)] + [("N0", "N1"), ("N0", "N2"), ("N1", "N2")]
    assert solve(CAT, sixteen, {"x": "A"}, engine=engine) == 0.19


def test_source_on_a_cycle_is_excluded_but_edges_to_it_count(engine: str) -> None:
    edges = [("A", "B"), ("B", "A"), ("B", "C")]
    assert solve(CAT, edges, {"x": "A"}, engine=engine) == 1.0


def test_x_that_reaches_nothing_is_refused(engine: str) -> None:
    with pytest.raises(UnposableQuery, match="x reaches no node"):
        solve(CAT, [("A", "B")], {"x": "B"}, engine=engine)


def test_unknown_category_is_rejected() -> None:
    with pytest.raises(ConfigError, match=r"category must be one of .*'aggregate'"):
        solve("aggregate", [("A", "B")], {"x": "A"})


def _posed(count: int, seed: int = 5) -> list:
    """Structural halves of ``count`` default-axes instances (graph, query, answer, hops)."""
    return posed_sample(CAT, count, seed)


_nx = as_networkx


def test_generated_means_are_never_exact_ties() -> None:
    import networkx as nx

    for p in _posed(80):
        G = _nx(p.graph)
        below = nx.descendants(G, p.query["x"])
        total = sum(G.out_degree(v) for v in below)
        assert not ((1000 * total) % len(below) == 0 and (1000 * total // len(below)) % 10 == 5)
        assert p.hops <= max(nx.single_source_shortest_path_length(G, p.query["x"]).values())


def test_a_decoy_is_planted_three_or_more_hops_deep() -> None:
    import random

    import networkx as nx

    from closurebench.categories import Target, get

    rng = random.Random(1)
    for n in (6, 8, 10):
        for _ in range(20):
            g, q = get(CAT).construct(rng, n, 0.3, Target(hops=(1, 1), quantile=0.5, decoy=True))
            depth = nx.single_source_shortest_path_length(_nx(g), q["x"])
            assert max(depth.values()) >= 3


def test_a_blind_instance_never_keeps_its_decoys_reach_set() -> None:
    """``Category.blind_moves_set``: the walk's hit, and every settling move, must leave the
    reach set the decoy was planted with; before, half the blind instances kept it and were
    read as well as planted ones."""
    import dataclasses
    import random

    from closurebench.categories import get
    from closurebench.generation import pose
    from closurebench.graph import tensor as T

    cat = get(CAT)
    assert cat.blind_moves_set and cat.blind_tries > pose.BLIND_TRIES
    built: list = []

    def construct(rng, n, rho, target):
        out = cat.construct(rng, n, rho, target)
        built.append(out)
        return out

    spy = dataclasses.replace(cat, construct=construct)
    rng = random.Random(7)
    emitted = 0
    for _ in range(400):
        target = pose._view_target(cat, rng, 8)
        key = pose._blind_key(spy, rng, 8, 0.3, target)
        built.clear()
        got = pose._blind(spy, rng, 8, 0.3, target, key)
        if got is None or not built or built[0] is None:
            continue
        (decoy, q), (g, _) = built[0], got
        emitted += 1
        assert not (T.reach(decoy.adjacency, q["x"]) == T.reach(g.adjacency, q["x"])).all()
    assert emitted >= 3
