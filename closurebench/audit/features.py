"""What a reader that never chains two directed edges in a row can see of an instance.

Everything here is read off one edge at a time: each node's degrees both ways and its
sink/source flags, the direct neighbours of the query nodes and the edges among them, the
direct neighbours two nodes share (both successors, or both predecessors: a fork, never a
chain), the degrees of a node's neighbours that do not chain (its predecessors' out-degrees,
its successors' in-degrees), where each node is listed and first mentioned, n, density, and
the surface cues (domain, label pool, style). No feature follows ``u -> v -> w``.

Three views, each a fixed list of named columns so that a category can leave out the ones
that *are* its asked computation (``Category.local_answer``: x's degrees for degree_count, the
shared parents for sibling):

* ``instance_features``: one row per instance (for yes/no, counts, numbers, objects);
* ``node_features``: one row per node, relative to the query nodes (for label and set answers);
* ``pair_features``: one row per node v relative to a source s in a relation matrix (for the
  learned engine, which stands in for ``reach(a, s)`` and its kin inside a category's program).
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, field
from typing import Any

import numpy as np

__all__ = ["Context", "instance_features", "node_features", "pair_features"]

#: Query nodes described relative to each node (x, y, z: the most any category has).
QUERY_SLOTS = 3


@dataclass
class Context:
    """Per-instance side information a reader sees beside the graph: the query node ids (in
    ``node_keys`` order), where each node is first mentioned in the edge list (0..1), and the
    record's surface cues and parameters."""

    query_nodes: tuple[int, ...]
    mention: np.ndarray
    cues: dict[str, float] = field(default_factory=dict)
    #: Per-node weight columns of a weighted (GrAlgoBench) record, keyed ``w.*``: a node's
    #: own weight, or the sum, least and largest weight of its own links. One node at a time,
    #: so no chaining; empty for unweighted records.
    weights: dict[str, np.ndarray] = field(default_factory=dict)

    @classmethod
    def of(cls, record: dict[str, Any], cat: Any, query: dict[str, Any], n: int) -> Context:
        nodes = list(record["nodes"])
        index = {v: i for i, v in enumerate(nodes)}
        edges = record["edges"]
        first = np.ones(n)
        for k, (u, v) in enumerate(edges):
            for w in (u, v):
                i = index[w]
                if first[i] == 1.0:
                    first[i] = k / max(len(edges), 1)
        cues = {f"cue.{k}": _code(record.get(k)) for k in ("domain", "label_pool", "style")}
        raw = json.loads(record["query"]) if isinstance(record["query"], str) else record["query"]
        for key, value in sorted(raw.items()):
            if key in cat.node_keys:
                continue
            cues[f"param.{key}"] = float(value) if isinstance(value, (int, float)) \
                and not isinstance(value, bool) else _code(value)
        weights = _weight_columns(record, index, n)
        for k, v in weights.items():  # the graph's weight summaries, as instance cues
            cues[f"g.{k}.sum"], cues[f"g.{k}.max"] = float(v.sum()), float(v.max(initial=0))
        if record.get("edge_weights") is not None:
            ws = sorted(record["edge_weights"])
            cues["g.w.lightest_n1"] = float(sum(ws[:n - 1]))
            cues["g.w.edge_mean"] = float(np.mean(ws)) if ws else 0.0
        if record.get("node_weights") is not None:
            cues["g.w.top3"] = float(sum(sorted(record["node_weights"])[-3:]))
        return cls(tuple(query[k] for k in cat.node_keys), first, cues, weights)


def _weight_columns(record: dict[str, Any], index: dict[str, int], n: int
                    ) -> dict[str, np.ndarray]:
    """``Context.weights`` from a record's ``node_weights`` / ``edge_weights`` (if any)."""
    out: dict[str, np.ndarray] = {}
    if record.get("node_weights") is not None:
        out["w.node"] = np.asarray(record["node_weights"], dtype=float)
    if record.get("edge_weights") is not None:
        total, low, high = np.zeros(n), np.full(n, np.inf), np.zeros(n)
        for (u, v), w in zip(record["edges"], record["edge_weights"]):
            for i in (index[u], index[v]):
                total[i] += w
                low[i] = min(low[i], w)
                high[i] = max(high[i], w)
        out |= {"w.link_sum": total, "w.link_min": np.where(np.isinf(low), -1.0, low),
                "w.link_max": high}
    return out


def _code(value: Any) -> float:
    """A stable number for a categorical cue (CRC32, not Python's salted ``hash``)."""
    return float(zlib.crc32(str(value).encode()) % 1009)


def _degrees(m: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    m = m.astype(bool)
    return m.sum(1).astype(float), m.sum(0).astype(float)


def _rank(values: np.ndarray) -> np.ndarray:
    """Each value's share of values strictly below it (0..1): degree rank, ties alike."""
    order = np.sort(values)
    return np.searchsorted(order, values, side="left") / max(len(values) - 1, 1)


def _graph_columns(m: np.ndarray) -> dict[str, float]:
    n = m.shape[0]
    out, inn = _degrees(m)
    edges = float(out.sum())
    cols = {"g.n": float(n), "g.edges": edges, "g.density": edges / max(n * (n - 1), 1),
            "g.sinks": float((out == 0).mean()), "g.sources": float((inn == 0).mean()),
            "g.isolated": float(((out + inn) == 0).mean())}
    for d in range(4):
        cols[f"g.out{d}"] = float(np.mean(np.minimum(out, 3) == d))
        cols[f"g.in{d}"] = float(np.mean(np.minimum(inn, 3) == d))
    return cols


def _node_columns(m: np.ndarray, ctx: Context, prefix: str = "v") -> dict[str, np.ndarray]:
    """Each node's own columns (degrees, flags, ranks, listing and mention positions) and its
    *fork degrees*: its predecessors' out-degrees (p -> v and p -> u: a fork at p; in a family
    tree, how many children v's parents have) and its successors' in-degrees (v -> w <- u: a
    fork at w). Never a successor's out-degree or a predecessor's in-degree, which chain. An
    independent search found them missing (docs/audit-and-floors.md)."""
    n = m.shape[0]
    out, inn = _degrees(m)
    mean = max(out.mean(), 1e-9)
    mb = m.astype(bool)
    fork = f"{prefix}.fork"
    return {
        f"{fork}_pred_out_max": np.where(mb, out[:, None], 0.0).max(0, initial=0.0),
        f"{fork}_pred_out_sum": out @ mb,
        f"{fork}_succ_in_max": np.where(mb, inn[None, :], 0.0).max(1, initial=0.0),
        f"{fork}_succ_in_sum": mb @ inn,
        f"{prefix}.out": out, f"{prefix}.in": inn,
        f"{prefix}.out_rel": out / mean, f"{prefix}.in_rel": inn / mean,
        f"{prefix}.out_rank": _rank(out), f"{prefix}.in_rank": _rank(inn),
        f"{prefix}.sink": (out == 0).astype(float), f"{prefix}.source": (inn == 0).astype(float),
        f"{prefix}.pos": np.arange(n) / max(n - 1, 1), f"{prefix}.mention": ctx.mention[:n],
        **{f"{prefix}.{k}": v[:n] for k, v in ctx.weights.items()},
    }


def _relative(m: np.ndarray, s: int, name: str) -> dict[str, np.ndarray]:
    """Every node's direct relation to node ``s``: an edge either way, shared successors and
    shared predecessors (forks only)."""
    mb = m.astype(bool)
    return {
        f"{name}>v": mb[s].astype(float),       # s -> v
        f"v>{name}": mb[:, s].astype(float),    # v -> s
        f"{name}~v.succ": (mb & mb[s]).sum(1).astype(float),        # s -> w <- v
        f"{name}~v.pred": (mb & mb[:, [s]]).sum(0).astype(float),   # s <- w -> v
        f"v={name}": (np.arange(m.shape[0]) == s).astype(float),
    }


def _absent(n: int, name: str) -> dict[str, np.ndarray]:
    minus = np.full(n, -1.0)
    return {f"{name}>v": minus, f"v>{name}": minus, f"{name}~v.succ": minus,
            f"{name}~v.pred": minus, f"v={name}": minus}


def node_features(m: np.ndarray, ctx: Context) -> tuple[list[str], np.ndarray]:
    """One row per node: its own columns, its relation to each query node, the query nodes'
    own columns and the graph's."""
    n = m.shape[0]
    cols: dict[str, np.ndarray] = _node_columns(m, ctx)
    own = _node_columns(m, ctx, "q")
    for slot in range(QUERY_SLOTS):
        name = "xyz"[slot]
        if slot < len(ctx.query_nodes):
            s = ctx.query_nodes[slot]
            cols.update(_relative(m, s, name))
            cols.update({k.replace("q.", f"{name}.", 1): np.full(n, v[s]) for k, v in own.items()})
        else:
            cols.update(_absent(n, name))
            cols.update({k.replace("q.", f"{name}.", 1): np.full(n, -1.0) for k in own})
    for k, v in {**_graph_columns(m), **ctx.cues}.items():
        cols[k] = np.full(n, v)
    names = sorted(cols)
    return names, np.column_stack([cols[k] for k in names])


def pair_features(m: np.ndarray, s: int, ctx: Context) -> tuple[list[str], np.ndarray]:
    """One row per node v relative to source ``s`` of relation matrix ``m`` (the adjacency,
    its transpose, ...): what stands in for ``reach(m, s)[v]`` in the learned engine. The
    query nodes stay described too (a program may ask about several of them)."""
    names, rows = node_features(m, ctx)
    extra = _relative(m, s, "s")
    out, inn = _degrees(m)
    extra |= {"s.out": np.full(m.shape[0], out[s]), "s.in": np.full(m.shape[0], inn[s])}
    keys = sorted(extra)
    return names + keys, np.column_stack([rows, *[extra[k] for k in keys]])


def instance_features(m: np.ndarray, ctx: Context) -> tuple[list[str], np.ndarray]:
    """One row for the instance: the graph's columns, each query node's own columns and its
    direct relation to every other query node."""
    cols = {**_graph_columns(m), **ctx.cues}
    own = _node_columns(m, ctx, "q")
    mb = m.astype(bool)
    for slot in range(QUERY_SLOTS):
        name = "xyz"[slot]
        present = slot < len(ctx.query_nodes)
        s = ctx.query_nodes[slot] if present else 0
        for k, v in own.items():
            cols[k.replace("q.", f"{name}.", 1)] = float(v[s]) if present else -1.0
        for other in range(slot + 1, QUERY_SLOTS):
            pair = f"{name}~{'xyz'[other]}"
            if present and other < len(ctx.query_nodes):
                t = ctx.query_nodes[other]
                cols[f"{pair}.fwd"] = float(mb[s, t])
                cols[f"{pair}.back"] = float(mb[t, s])
                cols[f"{pair}.succ"] = float((mb[s] & mb[t]).sum())
                cols[f"{pair}.pred"] = float((mb[:, s] & mb[:, t]).sum())
            else:
                for tail in ("fwd", "back", "succ", "pred"):
                    cols[f"{pair}.{tail}"] = -1.0
    names = sorted(cols)
    return names, np.array([[cols[k] for k in names]])
