"""What a category is: one record of data and small functions, side by side in its module.

A category module defines, in this order: how to propose a query on a sampled graph, its
tensor-logic program (numpy over the adjacency matrix, integer node ids), its independent
NetworkX twin (labelled nodes, self-contained so its source can ship as the instance's
``program``), its question template, and a ``CATEGORY = Category(...)`` line tying them together.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from closurebench.graph.families import Graph
from closurebench.surface.domains import Frame

__all__ = [
    "ANSWER_FORMATS", "CLOSURE_PRIMITIVES", "SCHEMAS", "Category", "Target", "distinct",
    "has_parent", "labelled_answer", "load_registry", "same_generation_pair", "twin_input",
]

#: Primitives that chain edges: a category using one has a hop depth (``hops``).
CLOSURE_PRIMITIVES = frozenset({"closure", "scc", "shortest_path"})

#: Graph families: what structure a category asks about.
FAMILIES = ("digraph", "undirected", "family", "digraph_pair")

#: JSON Schema (Draft 2020-12) of the answer value, by answer kind.
SCHEMAS: dict[str, dict[str, Any]] = {
    "integer": {"type": "integer", "minimum": 0},
    "boolean": {"type": "boolean"},
    "label": {"type": "string", "minLength": 1},
    "labels": {"type": "array", "items": {"type": "string", "minLength": 1}, "uniqueItems": True},
    "number": {"type": "number"},
}

#: The answer format, stated in words at the end of every question ({noun}/{nouns} filled in).
ANSWER_FORMATS: dict[str, str] = {
    "integer": 'Answer with a single JSON object of the form {{"answer": <integer>}}.',
    "boolean": 'Answer with a single JSON object of the form {{"answer": <true or false>}}.',
    "label": 'Answer with a single JSON object of the form {{"answer": "<name of one {noun}>"}}.',
    "labels": (
        'Answer with a single JSON object of the form {{"answer": [<names of {nouns}>]}}, '
        "listing each once in any order, or [] if there are none."
    ),
    "number": (
        'Answer with a single JSON object of the form {{"answer": <number>}}, '
        "rounded to two decimal places."
    ),
}

Propose = Callable[[random.Random, Any], "dict[str, Any] | None"]


@dataclass(frozen=True)
class Target:
    """What the generator asks a category's ``construct`` to build.

    ``hops`` is the inclusive range the answer's hop depth must fall in (``None``: no
    constraint, e.g. a non-closure category or the "false" half of a boolean one, whose
    answer a one-hop reader always gets). ``want`` is the balanced target (the boolean
    answer, or ``balance(answer)``), ``None`` for unbalanced categories. ``quantile`` is a
    stratified uniform in [0, 1) for the constructor's main value draw (a count, a set size):
    drawing that value at this quantile of its distribution keeps a split's answer spread at
    its design; ``None`` outside stratified generation (then draw from ``rng``).
    """

    hops: tuple[int, int] | None = None
    want: bool | None = None
    quantile: float | None = None
    #: Built only to draw a view from (``pose._blind``'s decoy), never emitted as it is.
    decoy: bool = False


#: ``construct(rng, n, rho, target) -> (graph, query)`` or ``None`` to try again.
Construct = Callable[[random.Random, int, float, Target], "tuple[Any, dict[str, Any]] | None"]


@dataclass(frozen=True)
class Category:
    """One ClosureBench category. Its module name, registry id and config name are ``id``.

    ``propose(rng, graph)`` returns a query (integer node ids) or ``None`` when the graph cannot
    carry one; ``accept(answer, graph)`` rejects degenerate answers (empty sets, trivial counts)
    so they don't flood a split. ``balance(answer) -> bool`` (the answer itself for boolean
    categories) is held at 50/50 by the generator, which asks for true and false alternately.
    ``tensor_program(graph, query)`` and ``nx_program(G, query)`` must agree on every instance.
    ``node_keys`` names the query fields that hold nodes (they become labels in the record); they
    must name distinct nodes. ``params`` lists the other query fields with their allowed values.

    ``construct(rng, n, rho, target)`` builds a graph and query meant to meet ``target``
    (planting the structure the answer depends on, then adding density-matching distractor
    edges that cannot change it); the generator still checks every rule and retries, so a
    constructor may miss now and then. Without one, the generator samples the family's random
    graph and asks ``propose`` for queries. ``generate_min_n`` raises the smallest generated n
    above ``min_n`` (the smallest graph the question makes sense on, which ``solve`` accepts)
    where the smallest graphs carry too few distinct instances. ``max_hops(n)`` is the deepest
    hop depth n nodes can carry. ``shortcuts`` maps a name to a category-specific
    non-reasoning reader ``reader(graph, query) -> answer`` (integer ids, like the programs),
    run as ``baseline:<name>`` beside the shared ones in ``closurebench.audit.readers``.

    ``tl_program`` is the logic of the instance's program in ``closurebench.tl`` (a string, or a
    function of the query for logic that depends on a parameter): it reads the graph facts and
    the query nodes as ``X``, ``Y``, ``Z`` (integer parameters as ``T``) and must agree too.
    """

    id: str
    level: int
    family: str
    answer: str
    primitives: tuple[str, ...]
    propose: Propose
    tensor_program: Callable[[Any, dict[str, Any]], Any]
    nx_program: Callable[[Any, dict[str, Any]], Any]
    template: Callable[[Frame, dict[str, Any]], str]
    node_keys: tuple[str, ...]
    summary: str
    tolerance: str = "none"
    min_n: int = 2
    accept: Callable[[Any, Any], bool] = field(default=lambda answer, graph: True)
    schema: dict[str, Any] | None = None
    answer_format: str | None = None
    balance: Callable[[Any], bool] | None = None
    params: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    tl_program: str | Callable[[dict[str, Any]], str] | None = None
    #: The one source slip lenient scoring forgives: "+1" (x counted though excluded), "-1"
    #: (x left out though included), "query" (query node(s) listed), "none". Default from
    #: ``tolerance``: count -> "+1", set -> "query", none -> "none".
    slip: str = ""
    construct: Construct | None = None
    generate_min_n: int | None = None
    max_hops: Callable[[int], int] = field(default=lambda n: n - 1)
    shortcuts: dict[str, Callable[[Any, dict[str, Any]], Any]] = field(default_factory=dict)
    #: Category-specific wrong readings, for error attribution beside the shared families
    #: (``closurebench.diagnose.counterfactuals``): ``"<class>: <reading>"`` -> ``reader(graph,
    #: query)``, the answer (integer ids) a reader making exactly that mistake gives, e.g.
    #: ``"direction: in- and out-degree swapped"``.
    counterfactuals: dict[str, Callable[[Any, dict[str, Any]], Any]] = field(
        default_factory=dict)
    #: The learned adversary's feature names (prefixes, ``closurebench.audit.features``) that
    #: *are* this category's asked computation, so left out of it: x's degrees for
    #: degree_count, the shared parents for sibling; a ``fixed:<reader>`` entry leaves out a
    #: fixed reader that computes it (sibling's "linked through someone": a shared parent or
    #: child). Empty where the answer needs chaining.
    local_answer: tuple[str, ...] = ()
    #: From this hop depth on, the constructor's own graph is the instance: it builds the
    #: answer as look-alike closed blocks (``_reach.closed_blocks``), which hide a deep reach
    #: set better than the blind walk does, so the walk is skipped. ``None``: always blind.
    blocks_from: int | None = None
    #: The smallest n at which ``blocks_from`` applies (below it the blind walk builds every
    #: target): a graph too small to hold a block of non-members beside a deep answer.
    blocks_min_n: int = 0
    #: This category's shares of 1, 2 and >= 3 hops where they differ from the generator's
    #: ``_values.HOPS_WEIGHTS``: a set whose members sit one or two hops from x cannot be
    #: disguised from a reader of x's neighbourhood (two hops: every member takes an in-edge
    #: from x's successors, a surplus no construction can spread), so those shapes are rarer.
    hop_weights: tuple[float, float, float] | None = None
    #: For categories whose answer spread is designed jointly over the default cells:
    #: ``joint(u, n_range, hops)`` -> (n, hop span or None to draw it as usual, the value's
    #: quantile), walking the design with one stratified uniform (``_values.walk``); ``None``
    #: where the config's axes are not the design's.
    joint: Callable[[float, tuple[int, int], tuple[int, int | None]],
                    tuple[int, tuple[int, int] | None, float] | None] | None = None
    #: GrAlgoBench's tasks only (``closurebench.categories.gralgo``): which weights the graph
    #: carries, ``"none"``, ``"node"`` or ``"edge"``; their records hold ``node_weights`` and
    #: ``edge_weights`` (null when unweighted). ``None`` for the 26 categories, whose records
    #: carry no weight fields (loaders read the absence as null).
    weights: str | None = None
    #: Nodes whose every edge belongs to what a reader sees, for a category with no query
    #: nodes whose program still starts from a node the degrees pick (degree_then_reach's
    #: hub): ``view_nodes(graph, query)``. ``None``: the query nodes.
    view_nodes: Callable[[Any, dict[str, Any]], list[int]] | None = None
    #: The hop depth is a path between two query nodes (x reaches y; the nearer of y and z).
    #: Such a path of one or two edges lies wholly on edges at query nodes, which a reader
    #: sees without chaining, so the generator draws it at ``pose.DEEP_PAIR_HOPS`` or more
    #: (the "yes" side only, for a balanced category) wherever n and the hops axis allow.
    pair_path: bool = False
    #: Decoys tried before a blind-built cell (``pose._blind``) falls back to planting
    #: (``None``: ``pose.BLIND_TRIES``). A planted fallback is what a no-chaining reader reads
    #: best, and a category whose key is an exact count or mean at an exact hop bucket reaches
    #: it from a decoy's view seldom enough that 40 decoys leave a third of its cells planted.
    blind_tries: int | None = None
    #: A blind instance must not keep its decoy's reach set (what the query nodes reach):
    #: a walk hit counts, and a settling move is kept, only where that set has moved. Where the
    #: key is a value of the set (a mean of fixed degrees), the view-keeping moves seldom move
    #: the set and most hits were the decoy's own planting, which a per-node reader reads as
    #: well as a planted instance (``aggregate_over_set``'s module says why).
    blind_moves_set: bool = False
    #: An undirected constructed graph whose link count follows the planted answer: after
    #: construction its links are settled to the cell's count by answer-preserving moves
    #: (``generation.settle``), so the link count says nothing of the answer.
    settle_links: bool = False
    #: What else settling keeps, where the built graph has it: ``settle_keeps(graph,
    #: answer)``. The fooled readers are checked on one numbering of the nodes, and a
    #: property that fools a reader under every numbering (the diameter's sweep, whatever
    #: its tie-break) can be lost by a move that leaves this one numbering fooled.
    settle_keeps: Callable[[Any, Any], bool] | None = None

    @property
    def n_floor(self) -> int:
        """The smallest n the generator draws (``min_n`` unless a category needs more room)."""
        return self.min_n if self.generate_min_n is None else self.generate_min_n

    @property
    def chains(self) -> bool:
        """True for closure categories: the answer has a hop depth a k-hop reader can miss."""
        return bool(CLOSURE_PRIMITIVES.intersection(self.primitives))

    def __post_init__(self) -> None:
        if self.family not in FAMILIES:
            raise ValueError(f"{self.id}: family must be one of {FAMILIES}, got {self.family!r}")
        if self.tolerance not in ("none", "count", "set"):
            raise ValueError(f"{self.id}: tolerance must be none, count or set")
        if not self.slip:
            default = {"count": "+1", "set": "query"}.get(self.tolerance, "none")
            object.__setattr__(self, "slip", default)
        if self.slip not in ("none", "+1", "-1", "query"):
            raise ValueError(f"{self.id}: slip must be none, +1, -1 or query")
        if self.schema is None:
            object.__setattr__(self, "schema", SCHEMAS[self.answer])
        if self.answer_format is None:
            object.__setattr__(self, "answer_format", ANSWER_FORMATS[self.answer])
        if self.weights not in (None, "none", "node", "edge"):
            raise ValueError(f"{self.id}: weights must be None, none, node or edge")
        if self.balance is None and self.answer == "boolean":
            object.__setattr__(self, "balance", bool)


def distinct(rng: random.Random, n: int, k: int) -> list[int] | None:
    """``k`` distinct nodes of ``0..n-1`` in random order, or ``None`` if n < k."""
    return rng.sample(range(n), k) if n >= k else None


def has_parent(rng: random.Random, g: Graph) -> int | None:
    """A random person with at least one recorded parent, or ``None`` if there is none."""
    children = sorted({c for _, c in g.edges})
    return rng.choice(children) if children else None


def same_generation_pair(rng: random.Random, g: Graph) -> dict[str, int] | None:
    """Two distinct people of the same generation (so "no" answers are not trivially no).

    Family trees number every parent before its children, so one pass over the edges in order
    gives each person's generation.
    """
    gen = [0] * g.n
    for parent, child in sorted(g.edges, key=lambda e: e[1]):
        gen[child] = gen[parent] + 1
    x = rng.randrange(g.n)
    peers = [v for v in range(g.n) if gen[v] == gen[x] and v != x]
    return {"x": x, "y": rng.choice(peers)} if peers else None


def labelled_answer(cat: Category, answer: Any, labels: list[str]) -> Any:
    """Map a tensor-engine answer from node ids to labels (sets become sorted label lists)."""
    if cat.answer == "label":
        return labels[answer]
    if cat.answer == "labels":
        return sorted(labels[i] for i in answer)
    return answer


def _networkx(g: Graph, labels: list[str], edges: list[tuple[str, str]] | None = None) -> Any:
    """``g`` as a NetworkX graph on ``labels``; ``edges``, if given, are ``g.edges`` labelled."""
    import networkx as nx

    G = nx.DiGraph() if g.directed else nx.Graph()
    G.add_nodes_from(labels)
    pairs = [(labels[u], labels[v]) for u, v in g.edges] if edges is None else edges
    if g.edge_weights is None:
        G.add_edges_from(pairs)
    else:
        G.add_weighted_edges_from((u, v, w) for (u, v), w in zip(pairs, g.edge_weights))
    if g.node_weights is not None:
        nx.set_node_attributes(G, dict(zip(labels, g.node_weights)), "weight")
    return G


def twin_input(cat: Category, graph: Any, labels: list[str],
               edges: list[list[tuple[str, str]]] | None = None) -> Any:
    """The labelled NetworkX graph (or ``(before, after)`` pair) the twin reads.

    ``edges`` may pass each graph's edges already labelled, in ``Graph.edges`` order.
    """
    graphs = graph if cat.family == "digraph_pair" else (graph,)
    labelled = edges or [None] * len(graphs)
    built = tuple(_networkx(g, labels, es) for g, es in zip(graphs, labelled))
    return built if cat.family == "digraph_pair" else built[0]


def load_registry(package: str, names: Iterable[str], kind: str) -> dict[str, Category]:
    """``{name: CATEGORY}`` of the modules ``package.<name>``, in the order given; a module
    whose ``CATEGORY`` has another id, or a name given twice, is a bug and raises. One loader
    for both registries (the 26 categories and the GrAlgoBench tasks)."""
    from importlib import import_module

    out: dict[str, Category] = {}
    for name in names:
        spec = import_module(f"{package}.{name}").CATEGORY
        if spec.id != name or name in out:
            raise RuntimeError(f"{kind} module {name} registers id {spec.id!r} (or twice)")
        out[name] = spec
    return out
