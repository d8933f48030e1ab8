"""seed -> graph -> query -> answer: the structural half of an instance.

Everything here is a pure function of the structural seed and the axes; the surface (labels,
domain, style, encoding) is applied afterwards in ``records``. Independent streams are derived
for n, density, the graph and the query, so changing the n range leaves every density draw
unchanged and vice versa.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from closurebench import seeds
from closurebench.categories import Category, get
from closurebench.config import Config
from closurebench.errors import UnposableQuery
from closurebench.graphs import perturb, sample_digraph, sample_family, sample_undirected

__all__ = ["Posed", "generate", "instance", "pose", "structural_seed", "surface_seed"]

#: Graphs sampled before giving up; after half of them, degenerate answers are accepted.
MAX_GRAPHS = 200
#: Queries proposed on one graph before sampling another.
QUERY_TRIES = 16
#: Marks a query without a unique answer in the per-graph cache of ``pose``.
_UNPOSABLE = object()


@dataclass(frozen=True)
class Posed:
    """A graph (or pair), a query and its tensor-engine answer, in integer node ids."""

    category: Category
    n: int
    density: float
    graph: Any
    query: dict[str, Any]
    answer: Any


def structural_seed(seed: int, category: str, j: int) -> int:
    """Seed of instance ``j`` of a category. Its lowest bit is the balanced target answer.

    Consecutive pairs (2i, 2i+1) get opposite target bits in a hashed order, so any even count
    of a boolean category is exactly half true, and the target is still readable from the
    instance's own seed.
    """
    base = seeds.derive("structural", seed, category, j)
    flip = seeds.derive("balance", seed, category, j // 2) & 1
    return (base & ~1) | (flip ^ (j & 1))


def surface_seed(seed: int, category: str, j: int) -> int:
    """Seed of instance ``j``'s surface realisation (independent of the structural seed)."""
    return seeds.derive("surface", seed, category, j)


def _sample(family: str, rng: random.Random, n: int, rho: float) -> Any:
    if family == "digraph":
        return sample_digraph(rng, n, rho)
    if family == "undirected":
        return sample_undirected(rng, n, rho)
    if family == "family":
        return sample_family(rng, n, rho)
    before = sample_digraph(rng, n, rho)
    return before, perturb(rng, before, rho)


def draw_axes(
    sseed: int, n_range: tuple[int, int], density: tuple[float, float]
) -> tuple[int, float]:
    """n and rho from their own streams: uniform integer n, uniform rho rounded to 4 places."""
    n = seeds.rng("n", sseed).randint(*n_range)
    lo, hi = density
    rho = round(lo + (hi - lo) * seeds.rng("density", sseed).random(), 4) if hi > lo else lo
    return n, min(max(rho, lo), hi)


def _answer(cat: Category, graph: Any, query: dict[str, Any]) -> Any:
    """The tensor program's answer, or ``_UNPOSABLE`` if the query has no unique answer."""
    try:
        return cat.tensor_program(graph, query)
    except UnposableQuery:
        return _UNPOSABLE


def pose(
    category: str | Category,
    sseed: int,
    n_range: tuple[int, int],
    density: tuple[float, float],
) -> Posed:
    """Sample graphs and queries until one is unambiguous, non-degenerate and on target.

    Raises ``UnposableQuery`` when nothing can be posed in ``MAX_GRAPHS`` graphs (e.g. a
    density so low that no graph has an edge).
    """
    cat = category if isinstance(category, Category) else get(category)
    n, rho = draw_axes(sseed, n_range, density)
    rng = seeds.rng("graph", sseed)
    want = bool(sseed & 1) if cat.balance is not None else None
    for attempt in range(MAX_GRAPHS):
        relaxed = attempt >= MAX_GRAPHS // 2
        graph = _sample(cat.family, rng, n, rho)
        # Programs are pure, and proposals repeat (always for query-less categories such as
        # triangle_count), so each distinct query is evaluated once per graph.
        answers: dict[tuple, Any] = {}
        for _ in range(QUERY_TRIES):
            query = cat.propose(rng, graph)
            if query is None:
                break
            key = tuple(query.items())
            try:
                answer = answers[key]
            except KeyError:
                answer = answers[key] = _answer(cat, graph, query)
            except TypeError:  # an unhashable query value: evaluate it uncached
                answer = _answer(cat, graph, query)
            if answer is _UNPOSABLE:
                continue
            if relaxed or (
                cat.accept(answer, graph) and (want is None or cat.balance(answer) == want)
            ):
                return Posed(cat, n, rho, graph, query, answer)
    raise UnposableQuery(
        f"could not pose a {cat.id} query on n={n}, density={rho} in {MAX_GRAPHS} graphs; "
        f"raise n_min or density_min"
    )


def instance(config: Config, k: int, *, cross_check: bool = True) -> dict[str, Any]:
    """Record ``k`` of a config, computed on its own (no dependence on other instances)."""
    from closurebench.records import build_record

    cat_id, j = config.locate(k)
    sseed = structural_seed(config.seed, cat_id, j)
    posed = pose(cat_id, sseed, config.n_range(cat_id), config.density)
    return build_record(
        posed,
        record_id=f"{cat_id}-{j:05d}-{config.digest}",
        structural_seed=sseed,
        surface_seed=surface_seed(config.surface_seed, cat_id, j),
        encoding=config.encoding,
        cross_check=cross_check,
    )


def generate(
    config: str = "all",
    *,
    n_min: int = 4,
    n_max: int = 10,
    density: float | tuple[float, float] = (0.1, 0.5),
    seed: int = 0,
    surface_seed: int | None = None,
    per_category: int = 50,
    categories: list[str] | tuple[str, ...] | str | None = None,
    encoding: str = "nl",
    cross_check: bool = True,
    start: int = 0,
    stop: int | None = None,
) -> Iterator[dict[str, Any]]:
    """Yield the records of a config, category by category (taxonomy order).

    Arguments are validated up front (a ``ConfigError`` names the bad one). ``start``/``stop``
    select an index range, so shards of one config concatenate to the whole.
    Every record is solved by both engines unless ``cross_check=False``.

    >>> rec = next(generate("reachability", per_category=1))
    >>> rec["category"], rec["answer"] in ("true", "false")
    ('reachability', True)
    """
    cfg = Config.make(
        config, n_min=n_min, n_max=n_max, density=density, seed=seed,
        surface_seed=surface_seed, per_category=per_category, categories=categories,
        encoding=encoding,
    )
    return _iterate(cfg, start, cfg.size if stop is None else min(stop, cfg.size), cross_check)


def _iterate(cfg: Config, start: int, stop: int, cross_check: bool) -> Iterator[dict[str, Any]]:
    for k in range(max(start, 0), stop):
        yield instance(cfg, k, cross_check=cross_check)
