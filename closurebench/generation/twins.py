"""Structural twins: two instances whose graph, query roles and parameters are isomorphic.

A held-out instance that is a relabelled train instance tests memory, not reasoning. Two tools:

* ``half(...)``, for generation: a bit from an isomorphism *invariant* of the instance (a
  sorted multiset of per-node features: role, degrees by edge kind, walk counts, hop distances
  to and from each query node). Isomorphic instances have equal invariants, so train (half 0)
  and held_out (half 1) can never hold a twin of each other, and each instance still decides
  its half on its own, with no look at the other split. It is pure integer numpy (networkx's
  Weisfeiler–Lehman hash changed its output for directed graphs in networkx 3.5, and the
  halves must be byte-stable on every supported version).
* ``cross_twins(a, b)``, for audits: every pair of records of two splits that are exactly
  twins. networkx's WL hash narrows the candidates and ``networkx.is_isomorphic`` with role and
  edge-kind matching decides.
"""

from __future__ import annotations

import hashlib
import json
import warnings
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

import numpy as np

from closurebench.categories import Category, get

__all__ = ["cross_twins", "half", "invariant"]


def _kinds(cat: Category, graph: Any) -> np.ndarray:
    """One integer matrix of edge kinds: 1 before-only, 2 after-only, 3 both (pairs)."""
    if cat.family == "digraph_pair":
        before, after = graph
        return before.adjacency.astype(np.int64) + 2 * after.adjacency.astype(np.int64)
    return graph.adjacency.astype(np.int64)


def _all_distances(e: np.ndarray) -> np.ndarray:
    """Hop distances between all pairs (-1: unreachable; 0 on the diagonal), by Boolean powers."""
    n = e.shape[0]
    dist = np.full((n, n), -1, dtype=np.int64)
    np.fill_diagonal(dist, 0)
    power = np.eye(n, dtype=bool)
    for k in range(1, n):
        power = power @ e
        fresh = power & (dist < 0)
        if not fresh.any():
            break
        dist[fresh] = k
    return dist


def invariant(cat: Category, graph: Any, query: dict[str, Any]) -> str:
    """A hex digest equal for isomorphic (category, graph, query roles, parameters)."""
    m = _kinds(cat, graph)
    n = m.shape[0]
    roles = np.zeros(n, dtype=np.int64)
    for i, key in enumerate(cat.node_keys):
        roles[query[key]] = i + 1
    cols = [roles]
    for kind in (1, 2, 3) if cat.family == "digraph_pair" else (1,):
        e = m == kind
        if not e.any():
            continue
        ei = e.astype(np.int64)
        e2 = ei @ ei
        cols += [ei.sum(1), ei.sum(0), e2.sum(1), e2.sum(0), np.diag(e2), np.diag(e2 @ ei)]
        dist = _all_distances(e)
        for key in cat.node_keys:
            cols += [dist[query[key]], dist[:, query[key]]]
    cols += _weight_columns(graph, cat, query)
    rows = np.stack(cols, axis=1)
    rows = rows[np.lexsort(rows.T[::-1])]
    params = {k: v for k, v in query.items() if k not in cat.node_keys}
    head = json.dumps([cat.id, n, params], sort_keys=True).encode()
    return hashlib.sha256(head + rows.astype("<i8").tobytes()).hexdigest()


def _weight_columns(graph: Any, cat: Category, query: dict[str, Any]) -> list[np.ndarray]:
    """Per-node weight features (none for an unweighted graph, so the 26 categories'
    invariants, and halves, are as before): the node's weight; for link weights the sum,
    least and largest weight of its links, and the weighted distances from each query node."""
    if getattr(graph, "node_weights", None) is None and getattr(graph, "edge_weights",
                                                                   None) is None:
        return []
    n = graph.n
    cols = []
    if graph.node_weights is not None:
        cols.append(np.array(graph.node_weights, dtype=np.int64))
    if graph.edge_weights is not None:
        big = np.int64(1 << 40)
        w = np.full((n, n), big, dtype=np.int64)
        if graph.edges:
            u, v = np.array(graph.edges, dtype=np.intp).T
            w[u, v] = w[v, u] = np.array(graph.edge_weights, dtype=np.int64)
        linked = w < big
        cols += [np.where(linked, w, 0).sum(1), np.where(linked, w, big).min(1),
                 np.where(linked, w, 0).max(1)]
        np.fill_diagonal(w, 0)
        for k in range(n):  # (min,+) closure, for the query nodes' weighted distances
            np.minimum(w, w[:, k, None] + w[None, k, :], out=w)
        cols += [w[query[key]] for key in cat.node_keys]
    return cols


def half(cat: Category, graph: Any, query: dict[str, Any]) -> int:
    """Which structural half (0 or 1) an instance belongs to."""
    return int(invariant(cat, graph, query)[-1], 16) & 1


def _nx(record: dict[str, Any]) -> Any:
    import networkx as nx

    cat = get(record["category"])
    query = json.loads(record["query"])
    directed = cat.family != "undirected"
    G = nx.DiGraph() if directed else nx.Graph()
    roles = {query[k]: i + 1 for i, k in enumerate(cat.node_keys)}
    # GrAlgoBench records carry weights; a weight joins the role or edge kind it sits on, so
    # the WL hash and the isomorphism match weigh it (absent: as before, role and kind only).
    node_w = record.get("node_weights")
    edge_w = record.get("edge_weights")
    nw = dict(zip(record["nodes"], node_w)) if node_w is not None else {}
    G.add_nodes_from((v, {"role": roles.get(v, 0) if v not in nw else f"{roles.get(v, 0)}|"
                                                                       f"{nw[v]}"})
                     for v in record["nodes"])
    kinds: dict[tuple[str, str], Any] = defaultdict(int)
    weights: dict[tuple[str, str], int] = {}
    for i, (u, v) in enumerate(record["edges"]):
        key = (u, v) if directed else tuple(sorted((u, v)))
        kinds[key] |= 1
        if edge_w is not None:
            weights[key] = edge_w[i]
    for u, v in record.get("edges_after") or []:
        kinds[(u, v)] |= 2
    G.add_edges_from((u, v, {"kind": k if (u, v) not in weights else f"{k}|{weights[u, v]}"})
                     for (u, v), k in kinds.items())
    params = {k: v for k, v in query.items() if k not in cat.node_keys}
    return G, json.dumps([cat.id, params], sort_keys=True)


def cross_twins(a: Iterable[dict[str, Any]], b: Iterable[dict[str, Any]]
                ) -> list[tuple[str, str]]:
    """``(id_a, id_b)`` for each record of ``b`` that is an exact structural twin of an ``a``."""
    import networkx as nx

    def keyed(records: Iterable[dict[str, Any]]) -> dict[str, list[tuple[str, Any]]]:
        out: dict[str, list[tuple[str, Any]]] = defaultdict(list)
        for rec in records:
            G, head = _nx(rec)
            with warnings.catch_warnings():  # "hashes changed in 3.5": one run, one version
                warnings.simplefilter("ignore", UserWarning)
                wl = nx.weisfeiler_lehman_graph_hash(G, node_attr="role", edge_attr="kind")
            out[f"{head}|{G.number_of_nodes()}|{wl}"].append((rec["id"], G))
        return out

    left, found = keyed(a), []
    match_node = nx.algorithms.isomorphism.categorical_node_match("role", 0)
    match_edge = nx.algorithms.isomorphism.categorical_edge_match("kind", 0)
    for key, items in keyed(b).items():
        for id_b, G_b in items:
            for id_a, G_a in left.get(key, ()):
                if nx.is_isomorphic(G_a, G_b, node_match=match_node, edge_match=match_edge):
                    found.append((id_a, id_b))
                    break
    return found
