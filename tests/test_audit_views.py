"""The view search: an open view is proved by a graph, a decided one agrees with enumeration."""

from __future__ import annotations

import random

from closurebench.audit.views import exhaustive, is_open, view_table
from closurebench.categories import get
from closurebench.generation.config import Config
from closurebench.generation.instances import instance
from closurebench.graph.families import Graph

REACH = get("reachability")


def test_a_swap_that_opens_a_path_makes_the_view_open() -> None:
    # 0 -> 2 and 3 -> 1 are the view (edges at x=0, y=1); 2 -> 4, 5 -> 3 swap to
    # 2 -> 3, 5 -> 4, which opens 0 -> 2 -> 3 -> 1
    g = Graph(6, ((0, 2), (2, 4), (3, 1), (5, 3)))
    assert REACH.tensor_program(g, {"x": 0, "y": 1}) is False
    assert is_open(REACH, g, {"x": 0, "y": 1}, random.Random(0), walk=200)


def test_without_free_edges_nothing_moves() -> None:
    g = Graph(5, ((0, 2), (2, 1), (3, 4)))  # one free edge: no swap exists
    assert not is_open(REACH, g, {"x": 0, "y": 1}, random.Random(0), walk=200)


def test_at_four_nodes_the_view_decides_reachability() -> None:
    """Every digraph on 4 nodes has its own view (degrees and the query nodes' edges), so the
    search may never report an open view there."""
    graphs, views, open_graphs = exhaustive(REACH, 4, {"x": 0, "y": 1})
    assert (graphs, views, open_graphs) == (4096, 4096, 0)
    rng = random.Random(4)
    for _ in range(200):
        edges = tuple((u, v) for u in range(4) for v in range(4) if u != v and rng.random() < 0.5)
        assert not is_open(REACH, Graph(4, edges), {"x": 0, "y": 1}, rng, walk=50)


def test_the_table_counts_per_bucket_and_is_order_free() -> None:
    cfg = Config.make("all", categories=["reachability", "set_difference", "sibling"],
                      per_category=6, seed=3)
    recs = [instance(cfg, k, cross_check=False) for k in range(cfg.size)]
    forward, backward = view_table(recs, walk=100), view_table(recs[::-1], walk=100)
    assert set(forward) == {"reachability", "set_difference"}  # family trees are not covered
    assert sum(forward["reachability"].total.values()) == 6
    for cat in forward:
        assert dict(forward[cat].open) == dict(backward[cat].open)


def test_open_view_construction_draws_only_views_that_admit_both_answers(monkeypatch) -> None:
    """With ``pose.OPEN_VIEWS`` on, a yes/no instance from n = OPEN_N up comes with a graph of
    the same view and the other answer, found again here by an independent walk."""
    from closurebench.audit.readers import record_instance
    from closurebench.audit.views import other_answer
    from closurebench.generation import pose

    monkeypatch.setattr(pose, "OPEN_VIEWS", frozenset({"reachability"}))
    cfg = Config.make("reachability", per_category=8, seed=21, n_min=pose.OPEN_N, n_max=8)
    recs, fell_back = [], []
    for k in range(cfg.size):
        pose.VIEW_STATS.clear()
        recs.append(instance(cfg, k, cross_check=True))
        fell_back.append(pose.VIEW_STATS["planted"] > 0)  # a cell no open view reached
    assert recs == [instance(cfg, k, cross_check=False) for k in range(cfg.size)]
    assert sorted(r["answer"] for r in recs) == ["false"] * 4 + ["true"] * 4
    assert fell_back.count(False) >= 5
    for rec, planted in zip(recs, fell_back):
        if planted:
            continue
        cat, graph, query, _ = record_instance(rec)
        alt = other_answer(cat, graph, query, random.Random(rec["id"]), walk=5000)
        assert alt is not None, rec["id"]
        assert sorted(d for _, d in alt.edges) == sorted(d for _, d in graph.edges)
