"""answer -> text -> record: labels, frame, style and encoding, the cross-check, the programs.

The surface seed drives every choice made here, from one private stream in a fixed order:
frame, label pool, style, labels, node order, edge order, then the phrasing inside a style.
"""

from __future__ import annotations

import inspect
import json
import random
import textwrap
from dataclasses import dataclass
from functools import cache
from math import isfinite
from typing import Any

from closurebench.categories import Category, labelled_answer, twin_input
from closurebench.errors import EngineDisagreement
from closurebench.generation.pose import Posed
from closurebench.graph import seeds
from closurebench.surface import (
    DOMAINS,
    KINSHIP,
    POOLS,
    STYLES,
    WEIGHTED_DOMAINS,
    Frame,
    render_graph,
    render_weighted,
    sample_labels,
)
from closurebench.surface.real_names import real_names
from closurebench.surface.verbosity import verbose_names
from closurebench.tl import reference as tl_reference

__all__ = [
    "FIELDS", "WEIGHT_FIELDS", "Surface", "build_record", "canonical", "choose_surface",
    "program_text",
]

#: Record fields, in order. Also the dataset features (structured values travel as JSON).
FIELDS = (
    "id", "category", "level", "n", "density", "edge_density", "depth", "hops",
    "structural_seed", "surface_seed",
    "domain", "label_pool", "style", "encoding", "question", "answer", "answer_schema",
    "tolerance", "nodes", "edges", "edges_after", "query", "program", "program_tl",
)
#: The fields GrAlgoBench task records add after ``edges`` (null when unweighted); records of
#: the 26 categories never carry them, so their bytes are as before.
WEIGHT_FIELDS = ("node_weights", "edge_weights")


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical(value: Any) -> str:
    """Compact, key-sorted JSON: equal answers serialise to equal strings.

    Same bytes as ``json.dumps(value, sort_keys=True, separators=(",", ":"),
    ensure_ascii=False)``; one shared encoder skips rebuilding it for every field, and the
    scalar answers (about two thirds of them) are written directly, as the encoder writes
    them, which skips its per-call setup (most of the cost of encoding a scalar).
    """
    kind = type(value)
    if kind is bool:
        return "true" if value else "false"
    if kind is int or (kind is float and isfinite(value)):
        return repr(value)
    return _CANONICAL.encode(value)


@cache
def _schema_text(category: str) -> str:
    from closurebench.categories import get

    return canonical(get(category).schema)


def _labelled_query(cat: Category, query: dict[str, Any], labels: list[str]) -> dict[str, Any]:
    return {k: labels[v] if k in cat.node_keys else v for k, v in query.items()}


@cache
def _twin_source(category: str) -> str:
    from closurebench.categories import get

    return textwrap.dedent(inspect.getsource(get(category).nx_program))


@cache
def _program_head(category: str) -> str:
    from closurebench.categories import get

    cat = get(category)
    return (
        f"# ClosureBench reference program: {cat.id} (level {cat.level})\n"
        "import json\n\nimport networkx as nx\n\n\n"
        f"{_twin_source(cat.id)}\n\n"
    )


def _pairs_repr(pairs: list, reprs: dict[str, str]) -> str:
    """``repr([tuple(e) for e in pairs])``, from each node's ``repr`` computed once.

    A list of tuples' own ``repr`` costs about twice as much per edge (a recursion guard per
    tuple and a ``repr`` per endpoint).
    """
    try:
        return "[" + ", ".join([f"({reprs[u]}, {reprs[v]})" for u, v in pairs]) + "]"
    except (KeyError, TypeError, ValueError):  # an endpoint not among the nodes, or no pair
        return repr([tuple(e) for e in pairs])


def program_text(cat: Category, nodes: list[str], edges: list, edges_after: list,
                 query: dict[str, Any],
                 weights: tuple[list[int] | None, list[int] | None] | None = None) -> str:
    """A standalone Python+NetworkX program that prints ``{"answer": ...}`` as its last line.

    ``weights`` (GrAlgoBench tasks): the node weights (aligned with ``nodes``) and the edge
    weights (aligned with ``edges``), either ``None`` when absent."""
    kind = "nx.Graph" if cat.family == "undirected" else "nx.DiGraph"
    reprs = {v: repr(v) for v in nodes}
    nodes_text = "[" + ", ".join([reprs[v] for v in nodes]) + "]"  # == repr(nodes)

    def build(name: str, es: list) -> str:
        return (f"{name} = {kind}()\n{name}.add_nodes_from({nodes_text})\n"
                f"{name}.add_edges_from({_pairs_repr(es, reprs)})\n")

    if weights is not None:
        node_w, edge_w = weights
        graph = f"G = {kind}()\nG.add_nodes_from({nodes_text})\n"
        if edge_w is None:
            graph += f"G.add_edges_from({_pairs_repr(edges, reprs)})\n"
        else:
            triples = ", ".join(f"({reprs[u]}, {reprs[v]}, {w})" for (u, v), w in
                                zip(edges, edge_w))
            graph += f"G.add_weighted_edges_from([{triples}])\n"
        if node_w is not None:
            graph += (f"nx.set_node_attributes(G, dict(zip({nodes_text}, {node_w!r})), "
                      f"'weight')\n")
        return (f"{_program_head(cat.id)}{graph}query = {query!r}\n"
                'print(json.dumps({"answer": nx_program(G, query)}))\n')

    if cat.family == "digraph_pair":
        graph = build("before", edges) + build("after", edges_after) + "G = (before, after)\n"
    else:
        graph = build("G", edges)
    return (
        f"{_program_head(cat.id)}{graph}query = {query!r}\n"
        'print(json.dumps({"answer": nx_program(G, query)}))\n'
    )


#: The label pools a surface seed picks among, in a fixed (sorted) order.
_POOL_IDS = tuple(sorted(POOLS))


@dataclass
class Surface:
    """The surface choices of one instance; ``labels[i]`` names node ``i``.

    ``rng`` is left positioned after these choices: edge order and in-style phrasing follow.
    """

    rng: random.Random
    frame: Frame
    pool: str
    style: str
    labels: list[str]
    order: list[str]


def choose_surface(cat: Category, n: int, surface_seed: int, encoding: str,
                   verbosity: int = 0, labels_pool: str | None = None) -> Surface:
    """Frame, label pool, style, labels and node listing order, from the surface seed alone.

    ``verbosity`` (words per name) or ``labels_pool`` (a real-name pool) then renames the nodes
    one for one from a stream of their own, leaving every other choice, and ``rng``'s
    position, as at the defaults: the same frame, style, node order and edge order.
    """
    rng = seeds.rng("text", surface_seed)
    kin = cat.family == "family"
    frame = KINSHIP if kin else rng.choice(
        WEIGHTED_DOMAINS if cat.weights in ("node", "edge") else DOMAINS)
    pool = "numeric" if encoding == "numeric" else ("names" if kin else rng.choice(_POOL_IDS))
    style = rng.choice(STYLES) if encoding == "nl" else "none"
    if cat.weights in ("node", "edge") and encoding == "nl":
        style = "weighted"  # one sentence per weighted link or node (``render_weighted``)
    labels = sample_labels(rng, pool, n)
    if pool == "numeric":
        labels = [labels[i] for i in rng.sample(range(n), n)]
    order = sorted(labels, key=int) if pool == "numeric" else rng.sample(labels, n)
    if verbosity or labels_pool is not None:
        if verbosity:
            pool, names = "words", verbose_names(
                seeds.rng("verbosity", surface_seed, verbosity), n, verbosity)
        else:
            pool, names = labels_pool, real_names(
                seeds.rng("labels", labels_pool, surface_seed), labels_pool, n)
        rename = dict(zip(labels, names))
        labels, order = names, [rename[v] for v in order]
    return Surface(rng, frame, pool, style, labels, order)


def build_record(
    posed: Posed,
    *,
    record_id: str,
    structural_seed: int,
    surface_seed: int,
    encoding: str,
    cross_check: bool = True,
    verbosity: int = 0,
    labels: str | None = None,
) -> dict[str, Any]:
    """The full record of one instance; raises ``EngineDisagreement`` if the engines differ
    (numpy, the NetworkX twin and the TL interpreter running ``program_tl``).

    A record at ``verbosity`` > 0 carries a ``verbosity`` field (records at 0 are as before).
    """
    cat, n = posed.category, posed.n
    surface = choose_surface(cat, n, surface_seed, encoding, verbosity, labels)
    rng, frame, style, labels, order = (surface.rng, surface.frame, surface.style,
                                        surface.labels, surface.order)

    graphs = posed.graph if cat.family == "digraph_pair" else (posed.graph,)
    labelled = [[(labels[u], labels[v]) for u, v in g.edges] for g in graphs]
    weighted = cat.weights in ("node", "edge")
    edge_w: list[int] | None = None
    node_w: list[int] | None = None
    if weighted:  # the edge order permutes the weights with the edges
        g0 = graphs[0]
        perm = rng.sample(range(len(labelled[0])), len(labelled[0]))
        shown = [[labelled[0][i] for i in perm]]
        if g0.edge_weights is not None:
            edge_w = [g0.edge_weights[i] for i in perm]
        if g0.node_weights is not None:
            by_label = dict(zip(labels, g0.node_weights))
            node_w = [by_label[v] for v in order]
    else:
        shown = [rng.sample(es, len(es)) for es in labelled]

    answer = labelled_answer(cat, posed.answer, labels)
    answer_text = canonical(answer)  # the record's field, and what each engine must match
    query = _labelled_query(cat, posed.query, labels)
    if cross_check:
        twin = cat.nx_program(twin_input(cat, posed.graph, labels, labelled), query)
        if canonical(twin) != answer_text:
            raise EngineDisagreement(record_id, cat.id, answer, twin)
        if n <= tl_reference.CHECK_MAX_N and cat.tl_program is not None:  # the third engine
            third = tl_reference.answer(cat, labels, list(graphs), query)
            if canonical(third) != answer_text:
                raise EngineDisagreement(record_id, cat.id, answer, third, engine="tl")

    if weighted:
        blocks = [render_weighted(order, shown[0], frame, encoding=encoding, edge_weights=edge_w,
                                  node_weights=None if node_w is None else
                                  dict(zip(order, node_w)))]
    else:
        blocks = [
            render_graph(rng, order, es, frame, encoding=encoding, style=style,
                         directed=cat.family != "undirected")
            for es in shown
        ]
    if len(blocks) == 2:
        blocks = [f"Before the change:\n{blocks[0]}", f"After the change:\n{blocks[1]}"]
    setting = frame.setting
    if cat.family == "undirected":
        sym = frame.symmetric
        setting += f" Only two-way links are listed: if a {sym} b, then b {sym} a."
    question = "\n".join([
        f"{setting} The {frame.nouns} are: {', '.join(order)}.",
        *blocks,
        cat.template(frame, query),
        cat.answer_format.format(noun=frame.noun, nouns=frame.nouns),
    ])
    edges_after = [[u, v] for u, v in shown[1]] if len(shown) == 2 else []
    record = {
        "id": record_id,
        "category": cat.id,
        "level": cat.level,
        "n": n,
        "density": posed.density,
        "edge_density": round(graphs[0].density, 4),
        "depth": cat.level,
        "hops": posed.hops,
        "structural_seed": structural_seed,
        "surface_seed": surface_seed,
        "domain": frame.id,
        "label_pool": surface.pool,
        "style": style,
        "encoding": encoding,
        "question": question,
        "answer": answer_text,
        "answer_schema": _schema_text(cat.id),
        "tolerance": cat.tolerance,
        "nodes": order,
        "edges": [[u, v] for u, v in shown[0]],
        "edges_after": edges_after,
        "query": canonical(query),
        "program": program_text(cat, order, shown[0], edges_after, query,
                                None if cat.weights is None else (node_w, edge_w)),
        "program_tl": "" if cat.tl_program is None else
        tl_reference.program_text(cat, order, shown, query),
    }
    if cat.weights is not None:  # GrAlgoBench tasks: weights beside nodes and edges
        record = {**{k: record[k] for k in FIELDS[:FIELDS.index("edges") + 1]},
                  "node_weights": node_w, "edge_weights": edge_w,
                  **{k: record[k] for k in FIELDS[FIELDS.index("edges") + 1:]}}
    if verbosity:
        record["verbosity"] = verbosity
    return record
