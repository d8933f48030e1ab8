"""A record turned back into the integer problem its tensor program reads.

Attribution and the error-injecting baselines both need to run a category's program on edited
copies of an instance's graph, so this module rebuilds ``(graph, query)`` from the labelled
record fields (``nodes``, ``edges``, ``edges_after``, ``query``) exactly as ``solve`` does, and
maps integer answers back to labels.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from closurebench.categories import Category, labelled_answer
from closurebench.errors import ConfigError
from closurebench.generation.records import canonical
from closurebench.graph.families import Graph

__all__ = ["NEEDED_FIELDS", "Problem", "answer_key"]

#: Record fields a diagnosis reads beyond the scoring ones.
NEEDED_FIELDS = ("category", "nodes", "edges", "edges_after", "query", "answer")


def _as_list(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


@dataclass(frozen=True)
class Problem:
    """One instance as integers: ``graph`` (a ``(before, after)`` pair for digraph pairs)."""

    category: Category
    labels: tuple[str, ...]
    graph: Any
    query: dict[str, Any]
    record: dict[str, Any]

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Problem:
        """Rebuild from a record (``closurebench.audit.readers.record_instance``, which the shortcut
        readers use too); a ``ConfigError`` names the field that is missing or bad."""
        from closurebench.audit.readers import record_instance

        missing = [f for f in NEEDED_FIELDS if f not in record]
        if missing:
            raise ConfigError(f"record {record.get('id')!r} lacks {', '.join(missing)}: "
                              "diagnosis needs the graph and query fields")
        try:
            cat, graph, query, labels = record_instance(
                {**record, "nodes": _as_list(record["nodes"]), "edges": _as_list(record["edges"]),
                 "edges_after": _as_list(record["edges_after"]) or []})
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
            raise ConfigError(f"record {record.get('id')!r}: its nodes, edges and query do not "
                              f"fit together ({type(exc).__name__}: {exc})") from None
        return cls(cat, tuple(str(v) for v in labels), graph, query, record)

    @property
    def n(self) -> int:
        return len(self.labels)

    @property
    def graphs(self) -> tuple[Graph, ...]:
        return self.graph if isinstance(self.graph, tuple) else (self.graph,)

    @property
    def query_nodes(self) -> tuple[int, ...]:
        """The query's node ids, in ``node_keys`` order."""
        return tuple(self.query[k] for k in self.category.node_keys if k in self.query)

    def run(self, graph: Any = None, query: dict[str, Any] | None = None,
            context: Callable[[], Any] | None = None) -> Any:
        """The labelled answer of the category's program on ``graph``/``query`` (default:
        this instance's), or ``None`` when the edited problem has no unique answer."""
        g = self.graph if graph is None else graph
        q = self.query if query is None else query
        try:
            if context is None:
                raw = self.category.tensor_program(g, q)
            else:
                with context():
                    raw = self.category.tensor_program(g, q)
        except Exception:  # an edited graph may break a program's preconditions: no answer
            return None
        return self.labelled(raw)

    def labelled(self, raw: Any) -> Any:
        return labelled_answer(self.category, raw, list(self.labels))

    @cached_property
    def reference(self) -> Any:
        """The reference answer as recorded (labelled JSON value)."""
        return json.loads(self.record["answer"])

    def key(self, value: Any) -> str | None:
        return answer_key(self.category.answer, value)


def answer_key(kind: str, value: Any) -> str | None:
    """A comparable form of an answer: sets in any order, numbers to two decimals."""
    if value is None:
        return None
    try:
        if kind == "labels":
            return canonical(sorted({str(v) for v in value}))
        if kind == "number":
            return canonical(round(float(value), 2))
        return canonical(value)
    except (TypeError, ValueError):
        return None
