"""Tensor-logic primitives: one literal case each, then property tests against NetworkX.

The literal cases are small enough to check by eye. The properties draw graphs on at most 12
nodes (no self-loops, as in every ClosureBench graph) and compare with NetworkX's own
algorithms under the same convention: a node reaches itself only through a cycle.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from closurebench.graph import tensor as T

PROPERTY = settings(max_examples=60, deadline=None)


def adj(rows: list[list[int]]) -> np.ndarray:
    return np.array(rows, dtype=bool)


def ints(v: np.ndarray) -> list:
    return v.astype(int).tolist()


PATH = adj([[0, 1, 0], [0, 0, 1], [0, 0, 0]])  # 0 -> 1 -> 2
TWO_CYCLE_AND_TAIL = adj([[0, 1, 0], [1, 0, 1], [0, 0, 0]])  # 0 <-> 1 -> 2


# --- literal cases, one per primitive ---------------------------------------------------------

def test_compose_is_the_boolean_matrix_product() -> None:
    assert ints(T.compose(PATH, PATH)) == [[0, 0, 1], [0, 0, 0], [0, 0, 0]]


def test_compose_of_a_cycle_returns_to_the_start() -> None:
    assert ints(T.compose(TWO_CYCLE_AND_TAIL, TWO_CYCLE_AND_TAIL)) == [
        [1, 0, 1], [0, 1, 0], [0, 0, 0]]


def test_closure_of_a_path() -> None:
    assert ints(T.closure(PATH)) == [[0, 1, 1], [0, 0, 1], [0, 0, 0]]


def test_closure_puts_cycle_nodes_on_the_diagonal() -> None:
    assert ints(T.closure(TWO_CYCLE_AND_TAIL)) == [[1, 1, 1], [1, 1, 1], [0, 0, 0]]


def test_closure_of_a_long_path_needs_several_squarings() -> None:
    n = 9
    chain = np.eye(n, k=1, dtype=bool)
    assert ints(T.closure(chain)) == ints(np.triu(np.ones((n, n), dtype=bool), k=1))


def test_reach_excludes_the_source_off_a_cycle() -> None:
    assert ints(T.reach(PATH, 0)) == [0, 1, 1]


def test_reach_includes_the_source_on_a_cycle() -> None:
    cycle = adj([[0, 1, 0], [0, 0, 1], [1, 0, 0]])
    assert ints(T.reach(cycle, 0)) == [1, 1, 1]


def test_coreach_is_the_nodes_that_reach_x() -> None:
    assert ints(T.coreach(PATH, 2)) == [1, 1, 0]
    assert ints(T.coreach(TWO_CYCLE_AND_TAIL, 0)) == [1, 1, 0]


def test_out_degree_counts_each_row() -> None:
    assert T.out_degree(TWO_CYCLE_AND_TAIL).tolist() == [1, 2, 0]


def test_in_degree_counts_each_column() -> None:
    assert T.in_degree(TWO_CYCLE_AND_TAIL).tolist() == [1, 1, 1]


def test_scc_is_mutual_reachability_with_the_diagonal() -> None:
    assert ints(T.scc(TWO_CYCLE_AND_TAIL)) == [[1, 1, 0], [1, 1, 0], [0, 0, 1]]


def test_scc_of_always_contains_x() -> None:
    assert ints(T.scc_of(TWO_CYCLE_AND_TAIL, 1)) == [1, 1, 0]
    assert ints(T.scc_of(TWO_CYCLE_AND_TAIL, 2)) == [0, 0, 1]


def test_triangles_of_a_triangle_with_a_tail() -> None:
    u = adj([[0, 1, 1, 0], [1, 0, 1, 0], [1, 1, 0, 1], [0, 0, 1, 0]])
    assert T.triangles(u) == 1


def test_triangles_of_the_complete_graph_on_four_nodes() -> None:
    k4 = ~np.eye(4, dtype=bool)
    assert T.triangles(k4) == 4


def test_distances_are_hop_counts_with_minus_one_for_unreached() -> None:
    # 0 -> 1 -> 2, 0 -> 3, 3 -> 2; node 4 is isolated
    a = adj([[0, 1, 0, 1, 0], [0, 0, 1, 0, 0], [0, 0, 0, 0, 0], [0, 0, 1, 0, 0],
             [0, 0, 0, 0, 0]])
    assert T.distances(a, 0).tolist() == [0, 1, 2, 1, -1]
    assert T.distances(a, 2).tolist() == [-1, -1, 0, -1, -1]


def test_generations_above_takes_the_longest_line() -> None:
    # 0 -> 1 -> 3, 0 -> 3, 2 -> 3: 0 is two generations above 3 along its longer line
    a = adj([[0, 1, 0, 1], [0, 0, 0, 1], [0, 0, 0, 1], [0, 0, 0, 0]])
    assert T.generations_above(a, 3).tolist() == [2, 1, 1, 0]
    assert T.generations_above(a, 0).tolist() == [0, 0, 0, 0]


# --- properties against NetworkX --------------------------------------------------------------

@st.composite
def digraphs(draw: st.DrawFn, max_n: int = 12) -> np.ndarray:
    """A directed graph on 1..max_n nodes without self-loops."""
    n = draw(st.integers(1, max_n))
    node = st.integers(0, n - 1)
    edges = draw(st.lists(st.tuples(node, node), max_size=n * (n - 1)))
    a = np.zeros((n, n), dtype=bool)
    for u, v in edges:
        a[u, v] = u != v
    return a


@st.composite
def undirected(draw: st.DrawFn) -> np.ndarray:
    """A symmetric adjacency matrix on 1..12 nodes without self-loops."""
    a = np.triu(draw(digraphs()), k=1)
    return a | a.T


@st.composite
def dags(draw: st.DrawFn) -> np.ndarray:
    """A DAG on 1..12 nodes (edges only from lower to higher ids)."""
    return np.triu(draw(digraphs()), k=1)


def to_nx(a: np.ndarray) -> nx.DiGraph:
    g = nx.DiGraph()
    g.add_nodes_from(range(a.shape[0]))
    g.add_edges_from(zip(*np.nonzero(a)))
    return g


def mask(n: int, members: set[int]) -> list[bool]:
    return [i in members for i in range(n)]


@PROPERTY
@given(digraphs())
def test_closure_matches_networkx_transitive_closure(a: np.ndarray) -> None:
    tc = nx.transitive_closure(to_nx(a), reflexive=False)
    expected = nx.to_numpy_array(tc, nodelist=range(a.shape[0]), dtype=bool)
    assert np.array_equal(T.closure(a), expected)


@PROPERTY
@given(digraphs(), st.data())
def test_reach_matches_descendants_plus_cycles(a: np.ndarray, data: st.DataObject) -> None:
    n = a.shape[0]
    x = data.draw(st.integers(0, n - 1))
    g = to_nx(a)
    below = nx.descendants(g, x)
    on_cycle = any(p in below for p in g.predecessors(x))
    assert T.reach(a, x).tolist() == mask(n, below | ({x} if on_cycle else set()))


@PROPERTY
@given(digraphs(), st.data())
def test_coreach_matches_ancestors_plus_cycles(a: np.ndarray, data: st.DataObject) -> None:
    n = a.shape[0]
    x = data.draw(st.integers(0, n - 1))
    g = to_nx(a)
    above = nx.ancestors(g, x)
    on_cycle = any(s in above for s in g.successors(x))
    assert T.coreach(a, x).tolist() == mask(n, above | ({x} if on_cycle else set()))


@PROPERTY
@given(digraphs())
def test_scc_and_scc_of_match_strongly_connected_components(a: np.ndarray) -> None:
    n = a.shape[0]
    s = T.scc(a)
    for comp in nx.strongly_connected_components(to_nx(a)):
        for x in comp:
            assert T.scc_of(a, x).tolist() == mask(n, comp)
            assert s[x].tolist() == mask(n, comp)


@PROPERTY
@given(digraphs(), st.data())
def test_distances_match_shortest_path_lengths(a: np.ndarray, data: st.DataObject) -> None:
    n = a.shape[0]
    x = data.draw(st.integers(0, n - 1))
    hops = nx.single_source_shortest_path_length(to_nx(a), x)
    assert T.distances(a, x).tolist() == [hops.get(i, -1) for i in range(n)]


@PROPERTY
@given(undirected())
def test_triangles_match_networkx_triangles(u: np.ndarray) -> None:
    g = nx.Graph(to_nx(u))
    assert T.triangles(u) == sum(nx.triangles(g).values()) // 3


@PROPERTY
@given(dags(), st.data())
def test_generations_above_matches_longest_dag_paths(a: np.ndarray, data: st.DataObject) -> None:
    n = a.shape[0]
    x = data.draw(st.integers(0, n - 1))
    g = to_nx(a)
    up = nx.ancestors(g, x)
    expected = [0] * n
    for i in up:
        between = g.subgraph((nx.descendants(g, i) & (up | {x})) | {i})
        expected[i] = nx.dag_longest_path_length(between)
    assert T.generations_above(a, x).tolist() == expected


@PROPERTY
@given(digraphs())
def test_compose_and_degrees_match_networkx(a: np.ndarray) -> None:
    g = to_nx(a)
    n = a.shape[0]
    two_steps = {(i, k) for i, j in g.edges for k in g.successors(j)}
    assert T.compose(a, a).tolist() == [[(i, k) in two_steps for k in range(n)]
                                        for i in range(n)]
    assert T.out_degree(a).tolist() == [g.out_degree(i) for i in range(n)]
    assert T.in_degree(a).tolist() == [g.in_degree(i) for i in range(n)]
