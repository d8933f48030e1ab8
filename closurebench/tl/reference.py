"""The reference programs in TL: a category's logic plus one instance's graph and query.

Generation runs each instance's program as a third engine. Its logic is parsed and checked once
per (category, parameters) and run on the fact tensors directly; ``program_text`` is the same
program as a whole text (graph facts, query bindings, logic), which ``closurebench.tl.run``
answers identically (a test holds the two paths equal).
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np

from closurebench.tl import Checked, compile_program, execute

__all__ = ["CHECK_MAX_N", "FACTS", "answer", "bindings", "logic", "program_text"]

#: The fact relation(s) each graph family is written with: one per graph.
FACTS: dict[str, tuple[str, ...]] = {
    "digraph": ("Edge",), "undirected": ("Edge",), "family": ("Parent",),
    "digraph_pair": ("Before", "After"),
}
_FACTS_PER_LINE = 4
#: Largest n the third engine checks during generation: the reference programs join up to
#: three node indices (triangles), n**3 cells, within the interpreter's default 4M-cell bound.
CHECK_MAX_N = 150


def logic(cat: Any, query: dict[str, Any]) -> str:
    """The category's TL logic for this query (``ValueError`` if the category has none)."""
    if cat.tl_program is None:
        raise ValueError(f"category {cat.id} has no tl_program")
    return cat.tl_program if isinstance(cat.tl_program, str) else cat.tl_program(query)


def bindings(cat: Any, query: dict[str, Any]) -> dict[str, Any]:
    """Query fields as program inputs: nodes and integers, named by their upper-cased key."""
    return {k.upper(): v for k, v in query.items()
            if k in cat.node_keys or (isinstance(v, int) and not isinstance(v, bool))}


@cache
def _compiled(text: str, relations: tuple[str, ...], scalars: tuple[tuple[str, str], ...]
              ) -> Checked:
    """Logic text parsed and checked once, keyed by its text and inputs."""
    return compile_program(text, dict.fromkeys(relations, 2), dict(scalars))


def answer(cat: Any, labels: list[str], edges: list[list[tuple[str, str]]] | list[Any],
           query: dict[str, Any]) -> Any:
    """The TL engine's answer (labels). ``edges`` holds each graph's labelled edges, or each
    ``Graph`` itself (node ``i`` named ``labels[i]``; its edge tuples, read as the facts)."""
    inputs = bindings(cat, query)
    scalars = tuple((k, "node" if k.lower() in cat.node_keys else "int") for k in inputs)
    checked = _compiled(logic(cat, query), FACTS[cat.family], scalars)
    names = FACTS[cat.family]
    if edges and hasattr(edges[0], "edges"):
        return execute(checked, labels, {}, inputs,
                       tensors={k: _tensor(g) for k, g in zip(names, edges)})
    return execute(checked, labels, dict(zip(names, edges)), inputs)


def _tensor(g: Any) -> np.ndarray:
    """The fact tensor of a graph: ``A[u, v]`` for each edge tuple as stored (one direction
    for an undirected graph, as its facts are written)."""
    if g.directed:
        return g.adjacency
    a = np.zeros((g.n, g.n), dtype=bool)
    if g.edges:
        src, dst = np.array(g.edges, dtype=np.intp).T
        a[src, dst] = True
    return a


def _quote(label: str) -> str:
    if '"' in label or "\\" in label or "\n" in label:  # TL strings have no escapes
        raise ValueError(f"node label {label!r} cannot be written as a TL string")
    return f'"{label}"'


def program_text(cat: Any, nodes: list[str], edges: list[list[Any]],
                 query: dict[str, Any]) -> str:
    """The instance's whole TL program: nodes, facts in shown order, bindings, logic."""
    quoted = {v: _quote(v) for v in nodes}  # each label once, not once per fact it is in
    lines = [f"# ClosureBench reference program: {cat.id} (level {cat.level})",
             f"nodes {', '.join(quoted[v] for v in nodes)}."]
    for rel, es in zip(FACTS[cat.family], edges):
        lines.append(f"relation {rel}/2.")
        try:
            facts = [f"{rel}({quoted[u]}, {quoted[v]})." for u, v in es]
        except KeyError:  # a fact on a label not among the nodes
            facts = [f"{rel}({_quote(u)}, {_quote(v)})." for u, v in es]
        lines += [" ".join(facts[i:i + _FACTS_PER_LINE])
                  for i in range(0, len(facts), _FACTS_PER_LINE)]
    binds = [f"{k} = {_quote(v) if k.lower() in cat.node_keys else v}."
             for k, v in bindings(cat, query).items()]
    if binds:
        lines.append(" ".join(binds))
    return "\n".join(lines) + "\n" + logic(cat, query)
