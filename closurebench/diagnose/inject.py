"""Error-injecting baselines: readers that make exactly one kind of mistake, on purpose.

They validate attribution (an injected error must be recovered) and run offline through
``closurebench run --model baseline:KIND`` like the chance floors. Each answers with one
wrong reading, computed where it can be by the category's NetworkX twin on an edited labelled
graph (attribution searches with the tensor programs, so recovering the error is a check across
both engines, not a round trip); depth truncation uses the tensor k-hop reader, which the twins
do not have. Where the mistake cannot change the answer (a reversed undirected graph, a
truncation deeper than the instance) the reader is simply right.
"""

from __future__ import annotations

import json
import re
from typing import Any

from closurebench.diagnose.problem import Problem
from closurebench.graph import seeds
from closurebench.graph import tensor as T

__all__ = [
    "INJECTED", "INJECTED_CLASS", "injected_answer", "injected_class", "injected_output",
    "is_injected",
]

#: Injecting baselines (``truncated-K`` takes any K ≥ 1) and the class each one injects.
INJECTED_CLASS = {
    "reversed": "direction", "truncated-K": "depth", "source-inclusion": "source",
    "misread-edge": "misread", "drift": "drift", "format": "format",
}
INJECTED = tuple(INJECTED_CLASS)
_TRUNCATED = re.compile(r"truncated-([1-9][0-9]*)")


def is_injected(kind: str) -> bool:
    """True for an error-injecting baseline name (``truncated-K`` with K a positive integer)."""
    if _TRUNCATED.fullmatch(kind):
        return True
    return kind in INJECTED_CLASS and kind != "truncated-K"


def injected_class(kind: str) -> str:
    return INJECTED_CLASS["truncated-K" if _TRUNCATED.fullmatch(kind) else kind]


def _or_reference(p: Problem, value: Any) -> Any:
    return p.reference if value is None else value


def _labelled_query(p: Problem) -> dict[str, Any]:
    return json.loads(p.record["query"]) if isinstance(p.record["query"], str) else dict(
        p.record["query"])


def _twin(p: Problem, graphs: list[Any]) -> Any:
    """The NetworkX twin's answer on labelled graphs, or ``None`` where it has none."""
    try:
        return p.category.nx_program(tuple(graphs) if len(graphs) > 1 else graphs[0],
                                     _labelled_query(p))
    except Exception:  # an edited graph may have no unique answer
        return None


def _nx_graphs(p: Problem) -> list[Any]:
    from closurebench.categories import twin_input

    built = twin_input(p.category, p.graph, list(p.labels))
    return list(built) if isinstance(built, tuple) else [built]


def _reversed(p: Problem) -> Any:
    """Every edge read backwards; for an undirected graph (no direction) the in/out swap of a
    ``direction`` parameter instead."""
    if p.category.family == "undirected":
        return p.reference
    return _or_reference(p, _twin(p, [g.reverse(copy=True) for g in _nx_graphs(p)]))


def _truncated(p: Problem, k: int) -> Any:
    if not p.category.chains:
        return p.reference
    return _or_reference(p, p.run(context=lambda: T.hop_limit(k)))


def _source(p: Problem) -> Any:
    """Every query node listed with a set, one added to a count, the first named as a label."""
    kind, ref, names = p.category.answer, p.reference, [p.labels[i] for i in p.query_nodes]
    if not names:
        return ref
    if kind == "labels":
        return sorted(set(ref) | set(names))
    if kind == "integer":
        return ref + 1
    if kind == "label":
        return names[0] if names[0] != ref else (names[1:] or [ref])[0]
    return ref


def _misread(p: Problem, rng: Any) -> Any:
    """One edge misread, drawn among the edits that change the answer (if any does)."""
    want = p.key(p.reference)
    graphs = _nx_graphs(p)
    changing = []
    for which, G in enumerate(graphs):
        pairs = sorted(G.edges) + [(u, v) for u in p.labels for v in p.labels
                                   if u != v and not G.has_edge(u, v)
                                   and (G.is_directed() or u < v)]
        for u, v in pairs:
            H = G.copy()
            edits = []
            if G.has_edge(u, v):
                H.remove_edge(u, v)
                edits.append(H)
                if G.is_directed() and not G.has_edge(v, u):
                    R = H.copy()
                    R.add_edge(v, u)
                    edits.append(R)
            else:
                H.add_edge(u, v)
                edits.append(H)
            for E in edits:
                got = _twin(p, [E if i == which else g for i, g in enumerate(graphs)])
                if got is not None and p.key(got) != want:
                    changing.append(got)
    return rng.choice(changing) if changing else p.reference


def _drift(p: Problem, rng: Any) -> Any:
    kind, ref = p.category.answer, p.reference
    if kind == "number":
        return round(ref + rng.choice((-1, 1)) * 0.3, 2)
    if kind == "integer":
        return ref - 1 if ref >= 1 else ref + 1
    if kind == "labels":
        sources = {p.labels[i] for i in p.query_nodes}
        outside = [x for x in p.labels if x not in ref and x not in sources]
        if ref and (not outside or rng.random() < 0.5):
            drop = rng.choice(ref)
            return [x for x in ref if x != drop]
        return sorted([*ref, rng.choice(outside)]) if outside else ref
    return ref


def _format(p: Problem) -> Any:
    """The right content in the wrong shape: an object's values as a list, a scalar in a list,
    a set as an object."""
    ref = p.reference
    if isinstance(ref, dict):
        return list(ref.values())
    if isinstance(ref, list):
        return {"items": ref}
    return [ref]


def injected_answer(kind: str, record: dict[str, Any], sample: int = 0, seed: int = 0) -> Any:
    """The answer value of injecting baseline ``kind`` on one record."""
    p = Problem.from_record(record)
    rng = seeds.rng("baseline-inject", kind, seed, str(record["id"]), sample)
    m = _TRUNCATED.fullmatch(kind)
    if m:
        return _truncated(p, int(m.group(1)))
    if kind == "reversed":
        return _reversed(p)
    if kind == "source-inclusion":
        return _source(p)
    if kind == "misread-edge":
        return _misread(p, rng)
    if kind == "drift":
        return _drift(p, rng)
    if kind == "format":
        return _format(p)
    raise ValueError(f"injecting baseline must be one of "
                     f"{', '.join(INJECTED)} (K a positive integer); got {kind!r}")


def injected_output(kind: str, record: dict[str, Any], sample: int = 0, seed: int = 0) -> str:
    """What the baseline "says": the requested JSON object around its answer."""
    return json.dumps({"answer": injected_answer(kind, record, sample, seed)},
                      ensure_ascii=False)
