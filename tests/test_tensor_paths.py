"""The dense and bitset paths of the tensor engine agree with each other and with NetworkX.

``tensor`` evaluates the rules as matrix products up to ``SMALL_N`` nodes and on bitsets above
it. Here both paths run on the same graphs (the threshold is moved for the duration of a call),
on writable and read-only (memoised) matrices alike, and every category's tensor program gives
the same answer either way. All examples are small, so the module runs in a few seconds.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import networkx as nx
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import closurebench as cb
from closurebench.errors import UnposableQuery
from closurebench.generation.records import canonical
from closurebench.graph import tensor as T
from closurebench.graph.families import Graph, sample_digraph, sample_family, sample_undirected

PROPERTY = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@contextmanager
def path(kind: str) -> Iterator[None]:
    """Force the ``dense`` or ``bits`` path whatever the size of the graph."""
    saved = T.SMALL_N
    T.SMALL_N = 10**9 if kind == "dense" else 0
    try:
        yield
    finally:
        T.SMALL_N = saved


def both(fn: Callable[[], Any]) -> tuple[Any, Any]:
    with path("dense"):
        dense = fn()
    with path("bits"):
        bits = fn()
    return dense, bits


def same(x: Any, y: Any) -> bool:
    if isinstance(x, np.ndarray):
        return x.shape == y.shape and bool(np.array_equal(x, y))
    return x == y


def frozen(a: np.ndarray) -> np.ndarray:
    """A read-only copy, as ``Graph.adjacency`` hands out (so the memo is used)."""
    b = a.copy()
    b.flags.writeable = False
    return b


@st.composite
def digraphs(draw: st.DrawFn, max_n: int = 40, loops: bool = False) -> np.ndarray:
    """A directed graph on 1..max_n nodes; sparse or dense, optionally with self-loops."""
    n = draw(st.integers(1, max_n))
    p = draw(st.sampled_from([0.0, 1.5 / n, 0.1, 0.3, 0.8]))
    seed = draw(st.integers(0, 2**32 - 1))
    a = np.random.default_rng(seed).random((n, n)) < p
    if not loops:
        np.fill_diagonal(a, False)
    return a


def to_nx(a: np.ndarray) -> nx.DiGraph:
    g = nx.DiGraph()
    g.add_nodes_from(range(a.shape[0]))
    g.add_edges_from(zip(*np.nonzero(a)))
    return g


def nx_closure(a: np.ndarray) -> np.ndarray:
    """``networkx.transitive_closure`` (reflexive=False) as a Boolean matrix."""
    tc = nx.transitive_closure(to_nx(a), reflexive=False)
    return nx.to_numpy_array(tc, nodelist=range(a.shape[0]), dtype=bool)


# --- primitives: dense == bits == NetworkX ----------------------------------------------------

@PROPERTY
@given(digraphs(loops=True), st.booleans())
def test_closure_paths_agree_with_networkx(a: np.ndarray, read_only: bool) -> None:
    m = frozen(a) if read_only else a
    dense, bits = both(lambda: T.closure(m))
    assert same(dense, bits)
    assert same(bits, nx_closure(a))


@PROPERTY
@given(digraphs(), st.data())
def test_reach_coreach_scc_paths_agree(a: np.ndarray, data: st.DataObject) -> None:
    n = a.shape[0]
    x = data.draw(st.integers(0, n - 1))
    m = frozen(a) if data.draw(st.booleans()) else a
    tc = nx_closure(a)
    for fn, expected in (
        (lambda: T.reach(m, x), tc[x]),
        (lambda: T.coreach(m, x), tc[:, x]),
        (lambda: T.scc_of(m, x), (tc[x] & tc[:, x]) | (np.arange(n) == x)),
        (lambda: T.scc(m), (tc & tc.T) | np.eye(n, dtype=bool)),
    ):
        dense, bits = both(fn)
        assert same(dense, bits) and same(bits, expected)


@PROPERTY
@given(digraphs(), st.data())
def test_distances_and_generations_paths_agree(a: np.ndarray, data: st.DataObject) -> None:
    x = data.draw(st.integers(0, a.shape[0] - 1))
    dense, bits = both(lambda: T.distances(a, x))
    assert same(dense, bits)
    dag = np.triu(a, k=1)
    dense, bits = both(lambda: T.generations_above(dag, x))
    assert same(dense, bits)
    longest = {x: 0}  # longest path to x, by dynamic programming from x upwards
    for v in range(x - 1, -1, -1):  # edges go from lower to higher ids
        steps = [longest[w] + 1 for w in np.flatnonzero(dag[v]).tolist() if w in longest]
        if steps:
            longest[v] = max(steps)
    del longest[x]
    assert bits.tolist() == [longest.get(v, 0) for v in range(a.shape[0])]


@PROPERTY
@given(digraphs(max_n=30), digraphs(max_n=30))
def test_compose_regimes_agree(a: np.ndarray, b: np.ndarray) -> None:
    n = min(a.shape[0], b.shape[0])
    a, b = a[:n, :n], b[:n, :n]
    expected = (a.astype(np.int64) @ b.astype(np.int64)) > 0
    dense, bits = both(lambda: T.compose(a, b))
    assert same(dense, expected) and same(bits, expected)
    assert same(T._compose_bits(a.T, b), (a.T.astype(np.int64) @ b) > 0)


@PROPERTY
@given(digraphs())
def test_triangle_paths_agree_with_networkx(a: np.ndarray) -> None:
    u = np.triu(a, k=1)
    u = u | u.T
    dense, bits = both(lambda: T.triangles(u))
    assert dense == bits == sum(nx.triangles(nx.Graph(to_nx(u))).values()) // 3


@pytest.mark.parametrize("p", [0.0, 0.004, 0.3])
@pytest.mark.parametrize("read_only", [False, True])
def test_bitset_rows_of_a_matrix_and_its_transpose(p: float, read_only: bool) -> None:
    """Both packings (one shift per edge when sparse, ``packbits`` when dense), on ``A``/``Aᵀ``."""
    a = np.random.default_rng(7).random((150, 150)) < p
    m = frozen(a) if read_only else a
    for view, ref in ((m, a), (m.T, a.T)):
        rows = T._rows(view)
        assert rows == [sum(1 << j for j in np.flatnonzero(r).tolist()) for r in ref]
        assert same(T._unpack(rows, 150), ref)


# --- the memo ---------------------------------------------------------------------------------

def test_memoised_results_are_shared_read_only_and_reach_is_fresh() -> None:
    a = frozen(np.eye(5, k=1, dtype=bool))
    tc = T.closure(a)
    assert T.closure(a) is tc and not tc.flags.writeable
    r = T.reach(a, 0)
    r[:] = False  # a caller may change what reach returns ...
    assert T.reach(a, 0).tolist() == [False, True, True, True, True]  # ... without harm
    assert T.compose(a.T, a) is T.compose(a.T, a)  # transpose views share one entry


def test_writable_matrices_are_never_memoised() -> None:
    a = np.eye(4, k=1, dtype=bool)
    before = T.reach(a, 0).tolist()
    a[3, 0] = True  # close the cycle: a memo would now be stale
    assert before == [False, True, True, True]
    assert T.reach(a, 0).tolist() == [True, True, True, True]


def test_memo_entries_leave_with_their_matrix() -> None:
    a = frozen(np.eye(300, k=1, dtype=bool))
    T.closure(a)
    key = id(a)
    assert key in T._MEMOS
    del a
    assert key not in T._MEMOS


def test_graph_adjacency_is_read_only() -> None:
    g = Graph(3, ((0, 1), (1, 2)))
    with pytest.raises(ValueError):
        g.adjacency[0, 2] = True
    assert not sample_digraph(random.Random(1), 6, 0.4).adjacency.flags.writeable


# --- every category: the same answer on either path --------------------------------------------

SAMPLERS = {"digraph": sample_digraph, "undirected": sample_undirected, "family": sample_family}


def _graph(family: str, rng: random.Random, n: int, p: float) -> Any:
    if family == "digraph_pair":
        return sample_digraph(rng, n, p), sample_digraph(rng, n, p / 2)
    return SAMPLERS[family](rng, n, p)


def _answer(cat: Any, graph: Any, query: dict[str, Any]) -> str:
    try:
        return canonical(cat.tensor_program(graph, query))
    except UnposableQuery:
        return "unposable"


@pytest.mark.parametrize("cat", list(cb.CATEGORIES.values()), ids=list(cb.CATEGORIES))
def test_category_programs_agree_on_both_paths(cat: Any) -> None:
    rng = random.Random(cat.id)
    checked = 0
    for _ in range(12):
        n = rng.choice((cat.min_n, 7, 30, 60))
        # fresh graphs per path, so neither sees the other's memo
        seed = rng.getrandbits(32)
        p = rng.choice((2 / n, 0.15, 0.4))
        query = cat.propose(random.Random(seed), _graph(cat.family, random.Random(seed), n, p))
        if query is None:
            continue
        dense, bits = both(lambda seed=seed, p=p, n=n, query=query: _answer(
            cat, _graph(cat.family, random.Random(seed), n, p), query))
        assert dense == bits, (cat.id, n, p, query)
        checked += 1
    assert checked >= 6
