"""Shortcut readers: the laziest answers that still score, run as baselines beside every model.

A benchmark is worth what it can tell apart. Each reader here answers without doing what the
category claims to test (chaining edges, reading x, counting), so its accuracy is the floor a
model's score must clear before it says anything about reasoning. The generator builds
instances so these readers sit near chance; the audit (``closurebench.audit``) measures it.

Shared readers, each applicable where its condition holds:

* ``one-hop``, ``two-hop``, ``three-hop``: the category's own tensor program with every closure cut
  at k edges (``tensor.hop_limit``): a reader who never chains further (closure categories).
  Only ``one-hop`` (no chaining at all) counts towards the best-shortcut floor; the deeper
  ones do part of the work and are depth diagnostics (``DEPTH_READERS``).
* ``n-0`` … ``n-5``: "answer n − k" for count categories (counts that leak from the size).
  Up to k = 5, not 3: weights that keep n − 3 low can pile onto n − 4 instead (0.2.0's
  kinship_complex answered n − 4 in 60% of instances).
* ``most-mentioned``: the node with the most listed edges (label answers).
* ``local``: x → y listed ⇒ true; x has no out-edge or y no in-edge ⇒ false; else true
  (boolean x/y reachability questions decided from local degrees).

A category adds its own in its module (``Category.shortcuts``), e.g. ancestor's founder rule;
a category reader of the same name replaces the shared one. Readers take and return integer
node ids, like the programs; raising ``UnposableQuery`` means "no answer" (scored wrong).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import numpy as np

from closurebench.categories import CATEGORIES, Category, get
from closurebench.errors import UnposableQuery
from closurebench.graph import tensor as T
from closurebench.graph.families import Graph

__all__ = [
    "DEPTH_READERS", "SHARED", "Reader", "answer_of", "floor_readers", "labelled", "readers",
    "record_instance",
]

Reader = Callable[[Any, dict[str, Any]], Any]

_HOP_NAMES = {1: "one-hop", 2: "two-hop", 3: "three-hop"}
#: "answer n - k" readers for k = 0 .. N_MINUS - 1.
N_MINUS = 6
#: Readers that chain edges part of the way: reported, but not shortcut floors.
DEPTH_READERS = frozenset({"two-hop", "three-hop"})


def _k_hop(cat: Category, k: int) -> Reader:
    def read(graph: Any, query: dict[str, Any]) -> Any:
        with T.hop_limit(k):
            return cat.tensor_program(graph, query)

    return read


def _n_minus(k: int) -> Reader:
    def read(graph: Any, query: dict[str, Any]) -> Any:
        return (graph[0] if isinstance(graph, tuple) else graph).n - k

    return read


def most_mentioned(graph: Graph, query: dict[str, Any]) -> int:
    """The node with the most listed edges, in or out (lowest id on a tie)."""
    a = graph.adjacency
    return int(np.argmax(a.sum(0) + a.sum(1)))


def local_rule(graph: Graph, query: dict[str, Any]) -> bool:
    """x → y listed: true; x a sink or y a source: false; otherwise guess true."""
    a, x, y = graph.adjacency, query["x"], query["y"]
    if a[x, y]:
        return True
    return not (not a[x].any() or not a[:, y].any())


#: Shared reader name -> (applies to the category?, reader factory).
SHARED: dict[str, tuple[Callable[[Category], bool], Callable[[Category], Reader]]] = {
    **{name: ((lambda c: c.chains), (lambda c, k=k: _k_hop(c, k)))
       for k, name in _HOP_NAMES.items()},
    **{f"n-{k}": ((lambda c: c.answer == "integer"), (lambda c, k=k: _n_minus(k)))
       for k in range(N_MINUS)},
    "most-mentioned": ((lambda c: c.answer == "label" and c.family != "digraph_pair"),
                       (lambda c: most_mentioned)),
    "local": ((lambda c: c.answer == "boolean" and c.chains and c.node_keys == ("x", "y")),
              (lambda c: local_rule)),
}


def readers(category: str | Category) -> dict[str, Reader]:
    """Every shortcut reader that applies to a category, shared ones first, by name."""
    cat = category if isinstance(category, Category) else get(category)
    out = {name: make(cat) for name, (applies, make) in SHARED.items() if applies(cat)}
    out.update(cat.shortcuts)
    return out


def floor_readers(category: str | Category) -> dict[str, Reader]:
    """The readers that do none of the reasoning: what the best-shortcut floor is the best of."""
    return {k: v for k, v in readers(category).items() if k not in DEPTH_READERS}


def names() -> tuple[str, ...]:
    """Every reader name some category has (the ``baseline:<name>`` choices)."""
    seen = dict.fromkeys(SHARED)
    for cat in CATEGORIES.values():
        seen.update(dict.fromkeys(cat.shortcuts))
    return tuple(seen)


def record_instance(record: dict[str, Any]) -> tuple[Category, Any, dict[str, Any], list[str]]:
    """A record back in integer ids: (category, graph or pair, query, labels by id).

    Ids follow the record's ``nodes`` order (any order gives the same answers).
    """
    cat = get(record["category"])
    labels = list(record["nodes"])
    index = {v: i for i, v in enumerate(labels)}
    directed = cat.family != "undirected"

    def build(edges: list) -> Graph:
        pairs = {(index[u], index[v]) for u, v in edges}
        if not directed:
            pairs = {(min(p), max(p)) for p in pairs}
        return Graph(len(labels), tuple(sorted(pairs)), directed=directed)

    graph: Any = build(record["edges"])
    node_w, edge_w = record.get("node_weights"), record.get("edge_weights")
    if node_w is not None or edge_w is not None:  # GrAlgoBench records (absent: unweighted)
        by_pair = {} if edge_w is None else {
            (min(index[u], index[v]), max(index[u], index[v])): w
            for (u, v), w in zip(record["edges"], edge_w)}
        graph = Graph(graph.n, graph.edges, directed=False,
                      node_weights=None if node_w is None else tuple(node_w),
                      edge_weights=None if edge_w is None else
                      tuple(by_pair[e] for e in graph.edges))
    if cat.family == "digraph_pair":
        graph = (graph, build(record["edges_after"]))
    query = json.loads(record["query"]) if isinstance(record["query"], str) else record["query"]
    query = {k: index[v] if k in cat.node_keys else v for k, v in query.items()}
    return cat, graph, query, labels


def labelled(cat: Category, answer: Any, labels: list[str]) -> Any:
    """An integer-id answer in the record's label space (sets sorted)."""
    from closurebench.categories import labelled_answer

    return labelled_answer(cat, answer, labels)


def answer_of(name: str, record: dict[str, Any]) -> Any:
    """Reader ``name``'s labelled answer to a record, or ``None`` if it gives none (or the
    record lacks the graph: references of runs made before records carried it)."""
    if not all(k in record for k in ("nodes", "edges", "query")):
        return None
    cat, graph, query, labels = record_instance(record)
    reader = readers(cat).get(name)
    if reader is None:
        return None
    try:
        return labelled(cat, reader(graph, query), labels)
    except UnposableQuery:
        return None
