"""The two engines agree: every category's tensor program and NetworkX twin, on random graphs.

The graphs come from hypothesis (not from our samplers), so they include shapes the generator
rarely makes: empty graphs, complete graphs, long cycles, isolated nodes.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import closurebench as cb
from closurebench.categories import labelled_answer, twin_input
from closurebench.errors import UnposableQuery
from closurebench.generation.records import canonical
from closurebench.graph.families import Graph, sample_family


@st.composite
def digraphs(draw, directed=True, max_n=9):
    n = draw(st.integers(2, max_n))
    pairs = [(i, j) for i in range(n) for j in range(n) if i != j and (directed or i < j)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=len(pairs)))
    return Graph(n, tuple(sorted(chosen)), directed=directed)


def _labels(n: int, seed: int) -> list[str]:
    """Labels whose sort order differs from node order, to catch id/label mix-ups."""
    names = [f"v{(7 * i + 3) % 101}" for i in range(n)]
    random.Random(seed).shuffle(names)
    return names


def _agree(cat, graph, seed: int) -> bool:
    """Check one (graph, query); False if the category cannot pose a query on it."""
    rng = random.Random(seed)
    query = cat.propose(rng, graph)
    if query is None:
        return False
    n = graph[0].n if isinstance(graph, tuple) else graph.n
    labels = _labels(n, seed)
    lq = {k: labels[v] if k in cat.node_keys else v for k, v in query.items()}
    try:
        tensor = labelled_answer(cat, cat.tensor_program(graph, query), labels)
    except UnposableQuery:
        with pytest.raises(ValueError):
            cat.nx_program(twin_input(cat, graph, labels), lq)
        return True
    twin = cat.nx_program(twin_input(cat, graph, labels), lq)
    assert canonical(tensor) == canonical(twin), (cat.id, graph, query)
    return True


SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
BY_FAMILY = {fam: [c for c in cb.CATEGORIES.values() if c.family == fam]
             for fam in ("digraph", "undirected", "family", "digraph_pair")}


@pytest.mark.parametrize("cat", BY_FAMILY["digraph"], ids=lambda c: c.id)
@SETTINGS
@given(graph=digraphs(), seed=st.integers(0, 2**32))
def test_digraph_categories_agree(cat, graph, seed):
    if graph.n >= cat.min_n:
        _agree(cat, graph, seed)


@pytest.mark.parametrize("cat", BY_FAMILY["undirected"], ids=lambda c: c.id)
@SETTINGS
@given(graph=digraphs(directed=False), seed=st.integers(0, 2**32))
def test_undirected_categories_agree(cat, graph, seed):
    if graph.n >= cat.min_n:
        _agree(cat, graph, seed)


@pytest.mark.parametrize("cat", BY_FAMILY["digraph_pair"], ids=lambda c: c.id)
@SETTINGS
@given(before=digraphs(max_n=7), after_edges=st.data(), seed=st.integers(0, 2**32))
def test_two_graph_categories_agree(cat, before, after_edges, seed):
    n = before.n
    pairs = [(i, j) for i in range(n) for j in range(n) if i != j]
    after = Graph(n, tuple(sorted(after_edges.draw(st.lists(st.sampled_from(pairs),
                                                            unique=True)))))
    _agree(cat, (before, after), seed)


@pytest.mark.parametrize("cat", BY_FAMILY["family"], ids=lambda c: c.id)
@SETTINGS
@given(n=st.integers(2, 14), p=st.floats(0.0, 1.0), seed=st.integers(0, 2**32))
def test_family_categories_agree(cat, n, p, seed):
    if n >= cat.min_n:
        _agree(cat, sample_family(random.Random(seed), n, p), seed)


def test_every_family_is_exercised():
    assert sum(len(v) for v in BY_FAMILY.values()) == len(cb.CATEGORIES) == 26


def test_disagreement_is_raised_with_evidence(monkeypatch):
    """A twin that disagrees stops generation with both answers and the record id."""
    import closurebench.categories.reach_then_count as mod

    spec = mod.CATEGORY
    import dataclasses

    broken = dataclasses.replace(spec, nx_program=lambda G, q: -7)
    monkeypatch.setitem(cb.CATEGORIES, "reach_then_count", broken)
    with pytest.raises(cb.EngineDisagreement, match=r"reach_then_count-00000-.*networkx=-7"):
        next(cb.generate("reach_then_count", per_category=1))
