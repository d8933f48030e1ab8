"""The blind construction (``pose.BLIND``): the view comes from a decoy built for another
answer, keeps every degree and every edge at a query node, and admits another answer."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from closurebench.audit.readers import record_instance
from closurebench.audit.views import other_answer
from closurebench.categories import Target, get
from closurebench.generation import pose
from closurebench.generation.config import Config
from closurebench.generation.instances import instance

#: One category per answer type the construction serves.
KINDS = ("reachability", "reach_then_count", "set_difference", "path_and_compare",
         "multi_query", "aggregate_over_set", "degree_then_reach")


def _view(graph, q_nodes):
    a = graph.adjacency.astype(bool)
    at_query = sorted((u, v) for u, v in graph.edges if u in q_nodes or v in q_nodes)
    return a.sum(0).tolist(), a.sum(1).tolist(), at_query


@pytest.mark.parametrize("cid", KINDS)
def test_blind_keeps_the_decoys_view_and_builds_the_targets_key(cid, monkeypatch) -> None:
    """Whatever the walk moved, the emitted graph has the decoy's view (every in- and
    out-degree, every edge at a query node, after the camouflage where there is one) and the
    key the constructor drew."""
    from closurebench.graph.families import Graph

    cat = get(cid)
    made: list = []
    real_camouflage = pose.camouflage

    def camouflage(*args, **kwargs):
        edges = real_camouflage(*args, **kwargs)
        made.append(Graph(8, tuple(edges)))
        return edges

    def construct(rng, n, rho, target):
        out = get(cid).construct(rng, n, rho, target)
        made.append(None if out is None else out[0])
        return out

    monkeypatch.setattr(pose, "camouflage", camouflage)
    spy = replace(cat, construct=construct)
    built = 0
    for seed in range(150):
        rng = random.Random(seed)
        target = pose._view_target(cat, rng, 8)
        if cat.answer == "boolean":
            target = replace(target, want=bool(seed & 1))
        want_key = pose._blind_key(spy, rng, 8, 0.3, target)
        made.clear()
        out = pose._blind(spy, rng, 8, 0.3, target, want_key)
        if out is None:
            continue
        built += 1
        graph, query = out
        q_nodes = {query[k] for k in cat.node_keys} if cat.view_nodes is None \
            else set(cat.view_nodes(graph, query))
        assert _view(graph, q_nodes) == _view(made[-1], q_nodes)
        got = cat.tensor_program(graph, query)
        assert pose._answer_key(cat, query, got) == want_key
        if cat.answer == "boolean":
            assert got is target.want
        if target.hops is not None:
            lo, hi = target.hops
            assert lo <= pose.answer_hops(cat, graph, query, got) <= hi
    assert built >= 5, f"{cid}: only {built} of 150 targets built blind"


@pytest.mark.parametrize("cid", ("reach_then_count", "set_difference", "path_and_compare"))
def test_blind_instances_are_deterministic_cross_checked_and_open(cid, monkeypatch) -> None:
    """Records built blind are the same with and without the NetworkX cross-check, and an
    independent walk finds another answer under each one's view."""
    monkeypatch.setattr(pose, "BLIND", frozenset({cid}))
    cfg = Config.make(cid, per_category=6, seed=33, n_min=pose.OPEN_N, n_max=9)
    recs, planted = [], []
    for k in range(cfg.size):
        pose.VIEW_STATS.clear()
        recs.append(instance(cfg, k, cross_check=True))
        planted.append(pose.VIEW_STATS["planted"] > 0 or pose.VIEW_STATS["blind"] == 0)
    assert recs == [instance(cfg, k, cross_check=False) for k in range(cfg.size)]
    assert planted.count(False) >= cfg.size // 3  # most cells find an open view
    for rec, fell_back in zip(recs, planted):
        if fell_back:
            continue
        cat, graph, query, _ = record_instance(rec)
        assert other_answer(cat, graph, query, random.Random(rec["id"]), walk=5000) \
            is not None, rec["id"]


def test_blind_answer_keys() -> None:
    """A target fixes a set's size and a node's role, not which nodes answer."""
    q = {"x": 0, "y": 1, "z": 2}
    assert pose._answer_key(get("set_difference"), q, [3, 5]) == 2
    assert pose._answer_key(get("path_and_compare"), q, 2) == "z"
    assert pose._answer_key(get("reach_then_count"), q, 4) == 4
    assert np.isclose(pose._answer_key(get("aggregate_over_set"), q, 2.5), 2.5)
    assert pose._view_target(get("reachability"), random.Random(0), 8) \
        == pose._view_target(get("reachability"), random.Random(0), 8)
    assert isinstance(pose._view_target(get("reachability"), random.Random(0), 8), Target)


@pytest.mark.parametrize("cid", ("ancestor", "cousin", "kinship_chain", "kinship_complex"))
def test_family_trees_built_blind_stay_family_trees_with_the_decoys_degrees(
        cid, monkeypatch) -> None:
    """Parent swaps within a generation: the emitted tree is a family tree (every parent one
    generation above the child, ids in a topological order) and every person keeps the
    decoy's number of parents and children."""
    from closurebench.graph.nullmodel import generations

    cat = get(cid)
    decoys: list = []
    real = pose.generations

    def spy(n, edges):
        decoys.append(tuple(edges))
        return real(n, edges)

    monkeypatch.setattr(pose, "generations", spy)
    built = 0
    for seed in range(300):
        rng = random.Random(seed)
        target = pose._view_target(cat, rng, 9)
        want_key = pose._blind_key(cat, rng, 9, 0.3, target)
        decoys.clear()
        out = pose._blind(cat, rng, 9, 0.3, target, want_key)
        if out is None:
            continue
        built += 1
        graph, query = out
        gen = generations(graph.n, graph.edges)
        assert all(gen[c] == gen[p] + 1 and p < c for p, c in graph.edges)

        def degrees(edges):
            a = np.zeros((9, 9), dtype=bool)
            for u, v in edges:
                a[u, v] = True
            return sorted(zip(a.sum(0).tolist(), a.sum(1).tolist()))

        assert degrees(graph.edges) == degrees(decoys[-1])
        assert pose._answer_key(cat, query, cat.tensor_program(graph, query)) == want_key
    assert built >= 5, f"{cid}: only {built} of 300 targets built blind"


def test_undirected_graphs_built_blind_keep_the_decoys_degrees() -> None:
    """triangle_count: double-edge swaps of an undirected graph keep every degree of the
    decoy and the graph undirected, and reach the constructor's count."""
    cat = get("triangle_count")
    made: list = []

    def construct(rng, n, rho, target):
        out = get("triangle_count").construct(rng, n, rho, target)
        made.append(out)
        return out

    spy = replace(cat, construct=construct)
    built = 0
    for seed in range(150):
        rng = random.Random(seed)
        target = pose._view_target(cat, rng, 8)
        want_key = pose._blind_key(spy, rng, 8, 0.4, target)
        made.clear()
        out = pose._blind(spy, rng, 8, 0.4, target, want_key)
        if out is None:
            continue
        built += 1
        graph, query = out
        decoy = made[-1][0]
        assert not graph.directed and all(u < v for u, v in graph.edges)
        assert graph.adjacency.sum(0).tolist() == decoy.adjacency.sum(0).tolist()
        assert cat.tensor_program(graph, query) == want_key
    assert built >= 5, f"only {built} of 150 targets built blind"
