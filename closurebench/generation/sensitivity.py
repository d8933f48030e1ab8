"""Query sensitivity: would asking about another node give another answer?

An x-dependent question whose answer is the same for every x can be answered without reading
x at all (the graph's one component size, the one founder). The generator redraws most such
candidates (``pose.INSENSITIVE_REDRAW``) and the audit measures the share that remain.
"""

from __future__ import annotations

from typing import Any

from closurebench.categories import Category
from closurebench.errors import UnposableQuery

__all__ = ["query_sensitive"]


def query_sensitive(cat: Category, graph: Any, query: dict[str, Any], answer: Any
                    ) -> bool | None:
    """Whether another valid x gives another answer; ``None`` if x is not part of the query,
    or the answer is a yes/no (the local rule and the balance bound those instead).

    Stops at the first other x with another answer, so a sensitive instance costs a few
    evaluations of the category's program, an insensitive one n - 1.
    """
    if "x" not in cat.node_keys or cat.answer == "boolean":
        return None
    n = (graph[0] if isinstance(graph, tuple) else graph).n
    taken = {query[k] for k in cat.node_keys if k != "x"}
    for v in range(n):
        if v == query["x"] or v in taken:
            continue
        try:
            other = cat.tensor_program(graph, {**query, "x": v})
        except UnposableQuery:
            continue
        if other != answer:
            return True
    return False
