"""Counterfactual answers: the instance's program run on deliberately wrong readings of it.

Each family below is one hypothesis about how a reader went wrong (the paper's error classes),
written as an edit of the graph or query; its answers are what a reader making exactly that
mistake would say. Attribution compares a wrong answer with all of them; the error-injecting
baselines answer with one of them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from closurebench.diagnose.problem import Problem
from closurebench.graph import seeds
from closurebench.graph import tensor as T
from closurebench.graph.families import Graph

__all__ = [
    "MISREAD_BUDGET", "Counterfactual", "EdgeEdit", "all_counterfactuals", "apply_edit",
    "depth", "describe", "direction", "edge_edits", "misread", "own", "source_inclusion",
]

#: Single-edge edits tried per instance before sampling: every edit of an n ≤ 20 digraph fits.
MISREAD_BUDGET = 600


@dataclass(frozen=True)
class Counterfactual:
    """One wrong reading: its error class, what was changed, and the answer it leads to."""

    cls: str
    detail: dict[str, Any]
    answer: Any = field(compare=False)


@dataclass(frozen=True)
class EdgeEdit:
    """One edge added, removed or reversed in graph ``which`` (0, or 1 for the "after" graph)."""

    op: str
    u: int
    v: int
    which: int = 0


def _reversed(g: Graph) -> Graph:
    return Graph(g.n, tuple(sorted((v, u) for u, v in g.edges)), directed=g.directed)


def _pack(p: Problem, graphs: list[Graph]) -> Any:
    return tuple(graphs) if isinstance(p.graph, tuple) else graphs[0]


def direction(p: Problem) -> list[Counterfactual]:
    """Every edge read backwards; then the category's own direction slips (in- and out-degree
    swapped, in degree_count, max_degree and multi_query)."""
    out: list[Counterfactual] = []
    if p.category.family != "undirected":
        out.append(Counterfactual("direction", {"reading": "reversed graph"},
                                  p.run(_pack(p, [_reversed(g) for g in p.graphs]))))
    return out + own(p, "direction")


def own(p: Problem, cls: str) -> list[Counterfactual]:
    """The category's own wrong readings of class ``cls`` (``Category.counterfactuals``, in
    the category's module beside its programs); ``None`` where the reading has no answer."""
    out = []
    for name, reader in p.category.counterfactuals.items():
        kind, _, reading = name.partition(": ")
        if kind == cls:
            try:
                answer = p.labelled(reader(p.graph, p.query))
            except Exception:  # e.g. a tie the other way: that reading gives no answer
                answer = None
            out.append(Counterfactual(cls, {"reading": reading}, answer))
    return out


def depth(p: Problem) -> list[Counterfactual]:
    """The k-hop reader's answers, k = 1 .. n-1 (k ≥ n cuts nothing).

    Not only k below the instance's ``hops``: with strongly connected components a k-hop
    reader can be right at k = hops and wrong again at a larger k (a longer cycle half seen),
    so every k that gives a different answer is a reading a truncating reader can make.
    """
    if not p.category.chains:
        return []
    return [Counterfactual("depth", {"k": k}, p.run(context=lambda k=k: T.hop_limit(k)))
            for k in range(1, p.n)]


def source_inclusion(p: Problem) -> list[Counterfactual]:
    """The query node(s) counted or listed with the answer (or given as the answer)."""
    kind, ref, nodes = p.category.answer, p.reference, p.query_nodes
    names = [p.labels[i] for i in nodes]
    out: list[Counterfactual] = []
    if kind == "labels":
        fresh = [x for x in names if x not in ref]
        for size in range(1, len(fresh) + 1):
            for added in combinations(fresh, size):
                out.append(Counterfactual("source", {"added": list(added)},
                                          sorted([*ref, *added])))
    elif kind == "integer" and names:
        for j in range(1, len(names) + 1):
            out.append(Counterfactual("source", {"counted": j}, ref + j))
    elif kind == "label":
        out += [Counterfactual("source", {"answered": x}, x) for x in names if x != ref]
    return out


def edge_edits(p: Problem) -> list[EdgeEdit]:
    """Every single-edge edit of the instance: remove, reverse (directed), add a missing pair."""
    edits: list[EdgeEdit] = []
    for which, g in enumerate(p.graphs):
        present = set(g.edges)
        for u, v in g.edges:
            edits.append(EdgeEdit("remove", u, v, which))
            if g.directed and (v, u) not in present:
                edits.append(EdgeEdit("reverse", u, v, which))
        for u in range(g.n):
            for v in range(u + 1 if not g.directed else 0, g.n):
                if u != v and (u, v) not in present:
                    edits.append(EdgeEdit("add", u, v, which))
    return edits


def apply_edit(p: Problem, e: EdgeEdit) -> Any:
    """The instance's graph (or pair) with one edit applied."""
    graphs = list(p.graphs)
    g = graphs[e.which]
    edges = set(g.edges)
    if e.op in ("remove", "reverse"):
        edges.discard((e.u, e.v))
    if e.op == "reverse":
        edges.add((e.v, e.u))
    if e.op == "add":
        edges.add((e.u, e.v))
    graphs[e.which] = Graph(g.n, tuple(sorted(edges)), directed=g.directed)
    return _pack(p, graphs)


def describe(p: Problem, e: EdgeEdit) -> dict[str, Any]:
    detail: dict[str, Any] = {"edit": e.op, "edge": [p.labels[e.u], p.labels[e.v]]}
    if isinstance(p.graph, tuple):
        detail["graph"] = ("before", "after")[e.which]
    return detail


def misread(p: Problem, budget: int = MISREAD_BUDGET) -> tuple[list[Counterfactual],
                                                                dict[str, Any]]:
    """Answers with one edge misread, and the search it took.

    Exhaustive when the instance has at most ``budget`` edits; otherwise ``budget`` of them,
    sampled from a stream keyed by the record id (so the same record always gets the same
    sample), and the search says so.
    """
    edits = edge_edits(p)
    tried = edits
    if len(edits) > budget:
        rng = seeds.rng("misread-sample", str(p.record.get("id")), budget)
        tried = sorted(rng.sample(edits, budget), key=edits.index)
    out = [Counterfactual("misread", describe(p, e), p.run(apply_edit(p, e))) for e in tried]
    search = {"edits": len(edits), "tried": len(tried), "exhaustive": len(tried) == len(edits)}
    return out, search


def all_counterfactuals(p: Problem, budget: int = MISREAD_BUDGET
                        ) -> tuple[Iterator[Counterfactual], dict[str, Any]]:
    """Every family, in the issue's order (direction, depth, source, misread)."""
    edits, search = misread(p, budget)
    return iter([*direction(p), *depth(p), *source_inclusion(p), *edits]), search
