"""How much of an answer the no-chaining view already decides: a search, per instance.

The learned adversary (``audit.adversary``) sees every node's degrees both ways and every edge
at a query node. Call that the instance's *view*. If every graph with this view gives the
same answer, the answer is a function of the view. A reader that never chains edges can then
be right, given enough training data. No construction that keeps the view can prevent it:
hiding the answer means choosing among graphs that share a view, and here there is only one
answer to choose.

So this module searches, instance by instance, for a second answer under the same view. It
makes random walks of moves that keep the view:
- directed double-edge swaps ``a -> b, c -> d  =>  a -> d, c -> b``;
- reversals of directed 3-cycles, which swaps alone cannot reach.
Neither move touches an edge at a query node. An instance is *open* if some graph on the walk
answers differently, and *decided* if none does.

- "Open" is proved by the graph found.
- "Decided" only says the walk found nothing, so the open share is a lower bound.
- On the smallest graphs the question can be settled outright: ``exhaustive`` counts every
  digraph on n nodes.

It covers the closure categories on single digraphs, where the view is a definite object.
Family trees, undirected graphs and graph pairs are not covered.

Run: ``python -m closurebench.audit.views [--split held_out] [--walk 400]`` prints the
share of open views per category and n bucket.
"""

from __future__ import annotations

import argparse
import itertools
import random
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from closurebench.audit.adversary import n_bucket
from closurebench.audit.readers import record_instance
from closurebench.categories import CATEGORIES, Category
from closurebench.errors import UnposableQuery
from closurebench.graph import seeds
from closurebench.graph.families import Graph
from closurebench.graph.nullmodel import view_walk

__all__ = ["ViewRow", "covered", "exhaustive", "format_views", "is_open", "other_answer",
           "view_table", "views_json"]

Edge = tuple[int, int]


def covered(cat: Category) -> bool:
    """Single-digraph categories that chain edges: their view is degrees plus query edges."""
    return cat.family == "digraph" and cat.chains


def _answer(cat: Category, n: int, edges: Iterable[Edge], query: dict[str, Any]) -> Any:
    try:
        got = cat.tensor_program(Graph(n, tuple(sorted(edges))), query)
    except UnposableQuery:
        return None
    return sorted(got) if isinstance(got, (list, set, tuple)) else got


def is_open(cat: Category, graph: Graph, query: dict[str, Any], rng: random.Random,
            walk: int = 400) -> bool:
    """Whether a walk of ``walk`` view-keeping moves finds a graph with another answer."""
    return other_answer(cat, graph, query, rng, walk) is not None


def other_answer(cat: Category, graph: Graph, query: dict[str, Any], rng: random.Random,
                 walk: int = 400) -> Graph | None:
    """The first graph on a walk of view-keeping moves whose answer differs, if any."""
    want = _answer(cat, graph.n, graph.edges, query)
    for _, have in view_walk(rng, graph.edges, {query[k] for k in cat.node_keys}, walk):
        got = _answer(cat, graph.n, have, query)
        if got is not None and got != want:
            return Graph(graph.n, tuple(sorted(have)))
    return None


@dataclass
class ViewRow:
    """Open views of one category: counts per n bucket."""

    category: str
    open: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    total: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def share(self, bucket: str | None = None) -> float:
        if bucket is None:
            total = sum(self.total.values())
            return sum(self.open.values()) / total if total else 0.0
        return self.open[bucket] / self.total[bucket] if self.total[bucket] else 0.0


def view_table(records: Iterable[dict[str, Any]], walk: int = 400, seed: int = 0
               ) -> dict[str, ViewRow]:
    """Open views per covered category and n bucket. Each record's walk has its own seeded
    stream, so a record gets the same verdict in any order or subset."""
    rows: dict[str, ViewRow] = {}
    for rec in records:
        cat = CATEGORIES[rec["category"]]
        if not covered(cat):
            continue
        _, graph, query, _ = record_instance(rec)
        rng = seeds.rng("views", seed, rec["id"])
        row = rows.setdefault(cat.id, ViewRow(cat.id))
        bucket = n_bucket(int(rec["n"]))
        row.total[bucket] += 1
        row.open[bucket] += is_open(cat, graph, query, rng, walk)
    return rows


def exhaustive(cat: Category, n: int, query: dict[str, Any]) -> tuple[int, int, int]:
    """Every digraph on ``n`` nodes (n <= 5): (graphs, distinct views, graphs whose view
    admits another answer). Settles on the smallest graphs what ``is_open`` estimates."""
    if n > 5:
        raise ValueError(f"exhaustive enumerates 2^(n(n-1)) digraphs; n must be <= 5, got {n}")
    pairs: Sequence[Edge] = [(u, v) for u in range(n) for v in range(n) if u != v]
    pinned = {query[k] for k in cat.node_keys}
    answers: dict[tuple, set] = defaultdict(set)
    keys = []
    for bits in itertools.product((0, 1), repeat=len(pairs)):
        edges = [p for p, b in zip(pairs, bits) if b]
        ins, outs = [0] * n, [0] * n
        for u, v in edges:
            outs[u] += 1
            ins[v] += 1
        key = (tuple(ins), tuple(outs),
               tuple(e for e in edges if e[0] in pinned or e[1] in pinned))
        answers[key].add(repr(_answer(cat, n, edges, query)))
        keys.append(key)
    return len(keys), len(answers), sum(len(answers[k]) > 1 for k in keys)


def _main(argv: Sequence[str] | None = None) -> int:
    from closurebench.generation.instances import instance
    from closurebench.generation.release import split_config

    p = argparse.ArgumentParser(prog="python -m closurebench.audit.views",
                                description="Share of released instances whose no-chaining "
                                            "view admits another answer (found by search).")
    p.add_argument("--split", default="held_out", choices=("train", "held_out"))
    p.add_argument("--walk", type=int, default=400, help="moves per instance (default 400)")
    p.add_argument("--per-category", type=int, default=50)
    args = p.parse_args(argv)
    if not 1 <= args.walk <= 100_000 or not 1 <= args.per_category <= 10_000:
        p.error("--walk must be 1..100000 and --per-category 1..10000")
    cats = [c.id for c in CATEGORIES.values() if covered(c)]
    cfg = split_config(args.split, "all", categories=cats, per_category=args.per_category)
    rows = view_table((instance(cfg, k, cross_check=False) for k in range(cfg.size)),
                      walk=args.walk)
    print(f"open views (another answer found under the same view), {args.split}, "
          f"walk {args.walk}")
    print(format_views(rows))
    return 0


BUCKETS = ("4-5", "6-7", "8+")


def format_views(rows: dict[str, ViewRow]) -> str:
    """A Markdown table: per category, the open share in each n bucket (with its count)."""
    lines = [f"| category | {' | '.join(BUCKETS)} | all |", "|---|" + "---|" * (len(BUCKETS) + 1)]
    for row in rows.values():
        cells = [f"{row.share(b):.0%} ({row.total[b]})" for b in BUCKETS]
        lines.append(f"| {row.category} | {' | '.join(cells)} | {row.share():.0%} |")
    return "\n".join(lines)


def views_json(rows: dict[str, ViewRow]) -> dict[str, Any]:
    """The table as JSON: per category and bucket, open and total counts."""
    return {c: {b: {"open": r.open[b], "total": r.total[b]} for b in BUCKETS if r.total[b]}
            for c, r in rows.items()}


if __name__ == "__main__":
    raise SystemExit(_main())
