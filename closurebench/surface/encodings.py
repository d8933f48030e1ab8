"""Graph encodings: the same labelled edge set as prose, JSON, a matrix, a list or a table.

Paper §4.6 shows the encoding moves accuracy by capacity, so it is a controlled surface
variable. ``nl`` uses the presentation styles; the structured encodings ignore them.
``numeric`` is plain edge pairs over integer ids ``0..n-1``.
"""

from __future__ import annotations

import json
import random

from closurebench.surface.domains import Frame, WeightedFrame
from closurebench.surface.styles import render_nl

__all__ = ["ENCODINGS", "render_graph", "render_weighted"]

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


def render_weighted(
    nodes: list[str],
    edges: list[tuple[str, str]],
    frame: WeightedFrame,
    *,
    encoding: str,
    edge_weights: list[int] | None = None,
    node_weights: dict[str, int] | None = None,
) -> str:
    """An undirected graph block whose links (``edge_weights``, aligned with ``edges``) or
    nodes (``node_weights``) carry integer weights, in any of the six encodings."""
    ew = edge_weights
    nw = node_weights
    unit = frame.edge_unit
    if encoding == "nl":
        lines = []
        if ew is None:
            lines += [f"{a} {frame.symmetric} {b}." for a, b in edges]
        else:
            lines += [_sentence(frame.edge_phrase.format(a=a, b=b, w=w))
                      for (a, b), w in zip(edges, ew)]
        if nw is not None:
            lines += [_sentence(frame.node_phrase.format(v=v, w=nw[v])) for v in nodes]
        return "\n".join(lines) if lines else f"There are no {frame.links}."
    if encoding == "json":
        doc: dict = {"nodes": nodes}
        doc["edges"] = [[a, b] for a, b in edges] if ew is None else \
            [[a, b, w] for (a, b), w in zip(edges, ew)]
        if nw is not None:
            doc["node_weights"] = {v: nw[v] for v in nodes}
        head = "edges are undirected" + ("" if ew is None else f"; [a, b, w]: a {unit} link")
        return f"The {frame.links} as JSON ({head}):\n" + json.dumps(doc, ensure_ascii=False)
    if encoding == "adjacency":
        index = {v: i for i, v in enumerate(nodes)}
        rows = [[0] * len(nodes) for _ in nodes]
        for k, (a, b) in enumerate(edges):
            rows[index[a]][index[b]] = rows[index[b]][index[a]] = 1 if ew is None else ew[k]
        width = max(len(v) for v in nodes)
        cols = [max(len(v), 2) for v in nodes]
        head = " " * width + " | " + " ".join(f"{v:>{c}}" for v, c in zip(nodes, cols))
        body = [f"{v:<{width}} | " + " ".join(f"{x:>{c}}" for x, c in zip(r, cols))
                for v, r in zip(nodes, rows)]
        meaning = ("a 1 means the two are linked" if ew is None else
                   f"a number is the link's {frame.edge_quantity}, 0 means no link")
        text = f"Adjacency matrix ({meaning}; the matrix is symmetric):\n" + "\n".join(
            [head, *body])
        return text + _node_weight_line(nodes, nw, frame)
    if encoding == "adjacency_list":
        out: dict[str, list[str]] = {v: [] for v in nodes}
        for k, (a, b) in enumerate(edges):
            out[a].append(b if ew is None else f"{b} ({ew[k]} {unit})")
            out[b].append(a if ew is None else f"{a} ({ew[k]} {unit})")
        lines = [f"{v}{'' if nw is None else f' [{nw[v]}]'}: "
                 f"{', '.join(ts) if ts else '(none)'}" for v, ts in out.items()]
        meaning = f"each line lists the {frame.nouns} that one is linked with"
        if ew is not None:
            meaning += f", with the link's {frame.edge_quantity}"
        if nw is not None:
            meaning += f"; [w] after a {frame.noun} is {frame.node_quantity}"
        return f"Adjacency list ({meaning}):\n" + "\n".join(lines)
    if encoding == "markdown":
        if ew is None:
            table = ["| endpoint | endpoint |", "| --- | --- |",
                     *(f"| {a} | {b} |" for a, b in edges)]
        else:
            table = [f"| endpoint | endpoint | {unit} |", "| --- | --- | --- |",
                     *(f"| {a} | {b} | {w} |" for (a, b), w in zip(edges, ew))]
        text = f"The {frame.links} as a table (each row is an undirected link):\n" + \
            "\n".join(table)
        if nw is not None:
            text += (f"\nThe {frame.nouns}' weights ({frame.node_quantity}):\n"
                     "| node | weight |\n| --- | --- |\n" +
                     "\n".join(f"| {v} | {nw[v]} |" for v in nodes))
        return text
    if encoding == "numeric":
        if not edges:
            text = f"There are no {frame.links}."
        elif ew is None:
            text = f"{frame.links.capitalize()} (a -- b): " + ", ".join(
                f"{a} -- {b}" for a, b in edges)
        else:
            text = f"{frame.links.capitalize()} (a -- b: {unit}): " + ", ".join(
                f"{a} -- {b}: {w}" for (a, b), w in zip(edges, ew))
        return text + _node_weight_line(nodes, nw, frame)
    raise ValueError(f"encoding must be one of {', '.join(ENCODINGS)}, got {encoding!r}")


def _sentence(text: str) -> str:
    return text + "."  # never capitalised: a phrase may open with a node's label


def _node_weight_line(nodes: list[str], nw: dict[str, int] | None, frame: WeightedFrame
                      ) -> str:
    if nw is None:
        return ""
    return f"\nWeights ({frame.node_quantity}): " + ", ".join(f"{v}: {nw[v]}" for v in nodes)
