"""Graph encodings: the same labelled edge set as prose, JSON, a matrix, a list or a table.

Paper §4.6 shows the encoding moves accuracy by capacity, so it is a controlled surface
variable. ``nl`` uses the presentation styles; the structured encodings ignore them.
``numeric`` is plain edge pairs over integer ids ``0..n-1``.
"""

from __future__ import annotations

import json
import random

from closurebench.surface.domains import Frame
from closurebench.surface.styles import render_nl

__all__ = ["ENCODINGS", "render_graph"]

ENCODINGS: tuple[str, ...] = ("nl", "json", "adjacency", "adjacency_list", "markdown", "numeric")


def render_graph(
    rng: random.Random,
    nodes: list[str],
    edges: list[tuple[str, str]],
    frame: Frame,
    *,
    encoding: str,
    style: str,
    directed: bool,
) -> str:
    """One graph block (without the node list sentence for ``nl``, which the caller writes)."""
    if encoding == "nl":
        return render_nl(rng, edges, frame, style, directed=directed)
    arrow = "->" if directed else "--"
    kind = f"each [a, b] means a {frame.verbs[0]} b" if directed else "edges are undirected"
    if encoding == "json":
        doc = json.dumps({"nodes": nodes, "edges": [list(e) for e in edges]}, ensure_ascii=False)
        return f"The {frame.links} as JSON ({kind}):\n{doc}"
    if encoding == "adjacency":
        index = {v: i for i, v in enumerate(nodes)}
        rows = [[0] * len(nodes) for _ in nodes]
        for u, v in edges:
            rows[index[u]][index[v]] = 1
            if not directed:
                rows[index[v]][index[u]] = 1
        width = max(len(v) for v in nodes)
        head = " " * width + " | " + " ".join(nodes)
        body = [f"{v:<{width}} | " + " ".join(
            f"{c:>{len(w)}}" for c, w in zip(r, nodes)) for v, r in zip(nodes, rows)]
        meaning = (f"row a, column b is 1 when a {frame.verbs[0]} b" if directed
                   else "a 1 means the two are linked; the matrix is symmetric")
        return f"Adjacency matrix ({meaning}):\n" + "\n".join([head, *body])
    if encoding == "adjacency_list":
        out: dict[str, list[str]] = {v: [] for v in nodes}
        for u, v in edges:
            out[u].append(v)
            if not directed:
                out[v].append(u)
        meaning = (f"each line lists whom that {frame.noun} {frame.verbs[0]}" if directed
                   else f"each line lists the {frame.nouns} that one is linked with")
        lines = [f"{v}: {', '.join(ts) if ts else '(none)'}" for v, ts in out.items()]
        return f"Adjacency list ({meaning}):\n" + "\n".join(lines)
    if encoding == "markdown":
        head = "| source | target |" if directed else "| endpoint | endpoint |"
        lines = [head, "| --- | --- |", *(f"| {u} | {v} |" for u, v in edges)]
        meaning = (f"each row means source {frame.verbs[0]} target" if directed
                   else "each row is an undirected link")
        return f"The {frame.links} as a table ({meaning}):\n" + "\n".join(lines)
    if encoding == "numeric":
        if not edges:
            return f"There are no {frame.links}."
        return f"{frame.links.capitalize()} ({'a -> b' if directed else 'a -- b'}): " + ", ".join(
            f"{u} {arrow} {v}" for u, v in edges)
    raise ValueError(f"encoding must be one of {', '.join(ENCODINGS)}, got {encoding!r}")
