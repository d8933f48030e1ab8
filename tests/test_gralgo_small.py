"""GrAlgoBench's smallest scale answers over its whole range (release 0.3.7).

Up to 0.3.6, at s1 (8-15 nodes): max degree's range started at ⌈mean⌉ + 1 and one value was
a third of the answers; the diameter's small graphs were blown-up skeletons whose D = 2 always
had a node linked to all others and whose D = 3 could not be built below 11 nodes, so D = 2
was 43% of the answers; distance-k picked among the answers one random graph offered, and
"n - 2" (x's component is everyone but one node) was 36%.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import closurebench as cb
from closurebench.categories._spec import Target
from closurebench.categories.gralgo import gralgo_diameter as dm
from closurebench.categories.gralgo import gralgo_distance_k as dk
from closurebench.categories.gralgo import gralgo_max_degree as md
from closurebench.categories.gralgo._common import edge_count
from closurebench.generation.presets import PRESETS
from closurebench.graph.families import Graph

S1 = PRESETS["gralgo-s1"]


def _graph(r: dict) -> Graph:
    ids = {v: i for i, v in enumerate(r["nodes"])}
    return Graph(len(ids), tuple(sorted((min(ids[a], ids[b]), max(ids[a], ids[b]))
                                        for a, b in r["edges"])), directed=False)


@pytest.mark.parametrize("task", ["gralgo_max_degree", "gralgo_distance_k", pytest.param(
    "gralgo_diameter", marks=pytest.mark.slow)])  # diameter: 9 s; .ci/run runs it
def test_no_answer_and_no_n_minus_k_rule_dominates_s1(task: str) -> None:
    records = list(cb.generate(task, per_category=200, seed=41, **S1))
    answers = Counter(r["answer"] for r in records)
    assert max(answers.values()) <= 0.30 * len(records), answers
    for k in range(4):
        hits = sum(int(r["answer"]) == r["n"] - k for r in records)
        assert hits <= 0.25 * len(records), (k, hits)


@pytest.mark.parametrize("n", range(8, 16))
def test_max_degree_range_starts_just_above_the_mean(n: int) -> None:
    m = edge_count(n, 3.2 / (n - 1))
    values = md._range(n, m)
    assert values[0] == 2 * m // n + 1 and len(values) >= 3
    for want in values:
        assert md._tops(n, m, want), want


def test_small_diameter_graphs_have_every_answer_and_no_hub_at_d2() -> None:
    seen: Counter = Counter()
    for i in range(60):
        n = 8 + i % 3
        built = dm.construct(random.Random(i), n, 3.2 / (n - 1), Target(quantile=(i % 6) / 6))
        if built is None:
            continue
        g = built[0]
        d = dm.tensor_program(g, {})
        seen[d] += 1
        assert len(g.edges) == edge_count(n, 3.2 / (n - 1))
        if d == 2:
            assert g.adjacency.sum(1).max() < n - 1
    assert set(seen) == {2, 3, 4}, seen


def test_settled_diameter_graphs_fool_the_sweep_under_every_numbering() -> None:
    """Settling used to keep the sweep wrong under one numbering only; the records' own
    numbering then undid a third of the D >= 4 misses. ``_misjudged`` is numbering-free."""
    deep = [r for r in cb.generate("gralgo_diameter", per_category=120, seed=5, **S1)
            if r["n"] >= dm.D3_N and int(r["answer"]) >= 4]
    assert len(deep) >= 20
    for r in deep:
        g = _graph(r)
        assert dm._misjudged(g, int(r["answer"])), r["id"]
        assert dm.double_sweep(g, {}) != int(r["answer"])


@pytest.mark.parametrize("q", [0.0, 0.3, 0.6, 0.95])
def test_distance_k_answers_the_drawn_value(q: float) -> None:
    n = 12
    values = list(range(dk.LOWEST, n - 1))
    want = values[min(int(q * len(values)), len(values) - 1)]
    built = None
    for seed in range(10):
        built = dk.construct(random.Random(seed), n, 3.2 / (n - 1), Target(quantile=q))
        if built is not None:
            break
    assert built is not None
    g, query = built
    assert dk.tensor_program(g, query) == want
    assert want != dk.degree_sum(g, query)


def test_a_near_complete_max_degree_cell_is_a_clear_error_not_a_crash() -> None:
    """No top group fits a near-complete graph (every node at n - 1 or one short): the cell
    is unposable, said as a ConfigError, not an IndexError from an empty choice."""
    from closurebench.errors import ConfigError

    with pytest.raises(ConfigError, match="density"):
        list(cb.generate("gralgo_max_degree", n_min=6, n_max=6, density=(0.95, 1.0),
                         per_category=3))


@pytest.mark.parametrize("preset", ["gralgo-s1", "gralgo-s3"])
def test_distance_k_spreads_its_depth_and_the_two_hop_ball_is_no_answer_key(preset: str) -> None:
    """The depth is drawn before the answer (0.3.8): up to 0.3.7 it was whatever depth offered
    the answer drawn, k = 2 in about 80% of the instances, and x's two-hop ball was the
    answer as often. Each depth now holds 20-45% of a split, and the two-hop ball is the
    answer only where k = 2 or the ball stops growing."""
    records = list(cb.generate("gralgo_distance_k", per_category=150, seed=43,
                               **PRESETS[preset]))
    depths = Counter(json.loads(r["query"])["k"] for r in records)
    assert set(depths) == set(dk.DEPTHS)
    assert all(0.20 * len(records) <= c <= 0.45 * len(records) for c in depths.values()), depths
    two_hop = sum(dk.tensor_program(_graph(r), {"x": r["nodes"].index(json.loads(r["query"])["x"]),
                                                "k": 2}) == int(r["answer"]) for r in records)
    assert two_hop <= 0.55 * len(records), two_hop
