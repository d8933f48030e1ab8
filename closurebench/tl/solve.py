"""Answer a category's question on your own graph, with either engine.

``solve`` is the generator's ground truth made public: people can verify a reference answer,
or run the primitives on graphs they bring, with the same conventions as the benchmark.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from closurebench.categories import get, labelled_answer, twin_input
from closurebench.errors import ConfigError
from closurebench.graph.families import Graph

__all__ = ["solve"]


def _graph(edges: Iterable[Sequence[Any]], index: dict[str, int], directed: bool,
           name: str) -> Graph:
    pairs: set[tuple[int, int]] = set()
    for i, e in enumerate(edges):
        if not (isinstance(e, Sequence) and not isinstance(e, str) and len(e) == 2):
            raise ConfigError(f"{name}[{i}] must be a (source, target) pair, got {e!r}")
        u, v = (str(x) for x in e)
        for x in (u, v):
            if x not in index:
                raise ConfigError(f"{name}[{i}] names {x!r}, which is not in nodes")
        if u == v:
            raise ConfigError(f"{name}[{i}] is a self-loop on {u!r}; self-loops are not allowed")
        a, b = index[u], index[v]
        pairs.add((a, b) if directed else (min(a, b), max(a, b)))
    return Graph(len(index), tuple(sorted(pairs)), directed=directed)


def _weighted(edges: list[Any], index: dict[str, int]) -> Graph:
    """An undirected graph from ``(a, b, weight)`` triples (GrAlgoBench's link weights)."""
    weight: dict[tuple[int, int], int] = {}
    for i, e in enumerate(edges):
        if not (isinstance(e, tuple) and len(e) == 3 and _integral(e[2]) and e[2] > 0):
            raise ConfigError(f"edges[{i}] must be an (a, b, weight) triple with a positive "
                              f"integer weight, got {e!r}")
        a, b = _graph([e[:2]], index, False, f"edges[{i}]").edges[0]
        if weight.get((a, b), e[2]) != e[2]:
            raise ConfigError(f"edges[{i}] gives link {e[0]!r}-{e[1]!r} a second weight")
        weight[(a, b)] = int(e[2])
    es = tuple(sorted(weight))
    return Graph(len(index), es, directed=False, edge_weights=tuple(weight[k] for k in es))


def _integral(value: Any) -> bool:
    """An integer of any kind (numpy's too), so ``t=np.int64(2)`` is ``t=2``; bools are not."""
    import numbers

    return isinstance(value, numbers.Integral) and not (
        isinstance(value, bool) or type(value).__name__ == "bool_")


def solve(
    category: str,
    edges: Iterable[Sequence[Any]],
    query: dict[str, Any] | str | None = None,
    *,
    nodes: Sequence[Any] | None = None,
    edges_after: Iterable[Sequence[Any]] | None = None,
    engine: str = "tensor",
    node_weights: dict[str, int] | None = None,
) -> Any:
    """The answer of ``category`` for a labelled graph, as it would appear in a record.

    Parameters
    ----------
    category : a category id, e.g. ``"reach_then_count"``.
    edges : ``(source, target)`` label pairs (``parent, child`` for family categories;
        either order for ``triangle_count``, whose graph is undirected).
    query : the record's ``query`` (dict or JSON string), e.g. ``{"x": "A", "y": "C"}``.
    nodes : all node labels, isolated ones included (default: those named by the edges).
    edges_after : the second graph, for ``graph_comparison`` only.
    engine : ``"tensor"`` (numpy tensor-logic program) or ``"networkx"`` (its twin).
    node_weights : ``{label: weight}`` for every node, for GrAlgoBench's node-weighted task
        (``gralgo_max_weight_triangle``) only; link-weighted tasks take ``(a, b, weight)``
        triples as ``edges``.

    Raises
    ------
    ConfigError : unknown category or engine, malformed edges, a query node not in the graph,
        repeated query nodes, a parameter outside the category's allowed values.
    UnposableQuery : the question has no unique answer on this graph (e.g. a tie); both
        engines refuse the same queries.

    Examples
    --------
    >>> solve("reach_then_count", [("A", "B"), ("B", "C")], {"x": "A"})
    2
    >>> solve("set_difference", [("A", "B"), ("B", "C"), ("D", "C")], {"x": "A", "y": "D"},
    ...       engine="networkx")
    ['B']
    """
    cat = get(category)
    if engine not in ("tensor", "networkx"):
        raise ConfigError(f"engine must be 'tensor' or 'networkx', got {engine!r}")
    edges = [tuple(e) if isinstance(e, (list, tuple)) else e for e in edges]
    after = [tuple(e) if isinstance(e, (list, tuple)) else e for e in (edges_after or [])]
    if (edges_after is not None) != (cat.family == "digraph_pair"):
        raise ConfigError(f"edges_after is required for graph_comparison and only for it "
                          f"(category {cat.id})")
    if nodes is None:
        seen: dict[str, None] = {}
        for e in [*edges, *after]:
            if isinstance(e, tuple):
                seen.update(dict.fromkeys(str(x) for x in e[:2]))
        labels = list(seen)
    else:
        labels = [str(v) for v in nodes]
        if len(set(labels)) != len(labels):
            raise ConfigError("nodes must not repeat a label")
    if len(labels) < cat.min_n:
        raise ConfigError(f"{cat.id} needs at least {cat.min_n} nodes, got {len(labels)}")
    index = {v: i for i, v in enumerate(labels)}
    directed = cat.family != "undirected"
    if (node_weights is not None) != (cat.weights == "node"):
        raise ConfigError(f"node_weights is required for gralgo_max_weight_triangle and only "
                          f"for it (category {cat.id})")
    if cat.weights == "edge":
        graph: Any = _weighted(edges, index)
    else:
        graph = _graph(edges, index, directed, "edges")
    if node_weights is not None:
        missing = [v for v in labels if not _integral(node_weights.get(v))]
        if missing:
            raise ConfigError(f"node_weights must give every node an integer weight; "
                              f"missing or not an integer: {', '.join(map(repr, missing[:5]))}")
        graph = Graph(graph.n, graph.edges, directed=False,
                      node_weights=tuple(int(node_weights[v]) for v in labels))
    if cat.family == "digraph_pair":
        graph = (graph, _graph(after, index, True, "edges_after"))
    if cat.family == "family":
        import networkx as nx

        if not nx.is_directed_acyclic_graph(nx.DiGraph(graph.edges)):
            raise ConfigError(f"{cat.id} needs a family tree: the parent edges contain a cycle")

    if isinstance(query, str):
        text = query
        try:
            query = json.loads(text)
        except (json.JSONDecodeError, RecursionError):
            raise ConfigError(f"query must be a JSON object, got {text[:80]!r}") from None
        if not isinstance(query, dict):
            raise ConfigError(f"query must be a JSON object, got {text[:80]!r}")
    query = dict(query or {})
    for key in cat.node_keys:
        if key not in query:
            raise ConfigError(f"query for {cat.id} needs the node field {key!r}")
        if str(query[key]) not in index:
            raise ConfigError(f"query[{key!r}] = {query[key]!r} is not a node of the graph")
        query[key] = str(query[key])

    if len({query[k] for k in cat.node_keys}) < len(cat.node_keys):
        raise ConfigError(f"query nodes {', '.join(cat.node_keys)} of {cat.id} must be distinct")
    for key, allowed in cat.params.items():
        if key not in query:
            raise ConfigError(f"query for {cat.id} is missing field {key!r}")
        value = query[key] = int(query[key]) if _integral(query[key]) else query[key]
        # True == 1, but t=True is not a threshold: the type must match as well as the value
        if isinstance(allowed, range):  # a threshold: any integer in the range
            if type(value) is not int or value not in allowed:
                raise ConfigError(f"query[{key!r}] for {cat.id} must be an integer from "
                                  f"{allowed.start} to {allowed.stop - 1}; got "
                                  f"{query.get(key)!r}")
        elif not any(type(value) is type(a) and value == a for a in allowed):
            raise ConfigError(f"query[{key!r}] for {cat.id} must be one of "
                              f"{', '.join(map(repr, allowed))}; got {query.get(key)!r}")
    extra = set(query) - set(cat.node_keys) - set(cat.params)
    if extra:
        raise ConfigError(f"query for {cat.id} has unknown fields: {', '.join(sorted(extra))}")

    # The tensor engine runs first either way: it decides whether the question is posable
    # (unique, non-empty), so both engines refuse the same queries with the same message.
    int_query = {k: index[v] if k in cat.node_keys else v for k, v in query.items()}
    raw = cat.tensor_program(graph, int_query)
    if engine == "networkx":
        return cat.nx_program(twin_input(cat, graph, labels), query)
    return labelled_answer(cat, raw, labels)
