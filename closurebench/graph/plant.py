"""Planting: build a graph around the structure an answer needs, then hide it in distractors.

Rejection sampling from G(n, ρ) gives the answers G(n, ρ) likes: at ρ = 0.5 everything reaches
everything in two hops, and "false" pairs are ones where x is a sink. So constructors fix the
structure first (who x reaches, at which hop distance) and then add distractor edges at the rate
that brings the realised density back towards ρ, drawn only from pairs that cannot change that
structure. Everything takes an explicit ``random.Random``; coins come from ``graphs._coins``
(PCG64's raw stream against an integer threshold), so bytes are the same on every platform.

The central object is a *depth vector* ``d`` for a source x: ``d[x] = 0``, ``d[v] = k`` if v is
exactly k hops from x, ``d[v] = -1`` if x must not reach v. An edge ``u -> v`` keeps every
distance from x iff u is unreachable (``d[u] < 0``), or v is reachable no deeper than one past u
(``0 <= d[v] <= d[u] + 1``). ``allowed(d)`` is that mask; constraints for several sources
are the AND of their masks.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import TypeVar

import numpy as np

from closurebench.graph.families import Graph, _coins, _from_mask, _threshold, no_loops

_V = TypeVar("_V")

__all__ = ["allowed", "compose_depths", "depth_vector", "plant", "split_layers", "tree_edges"]
__all__ += ["draw_depth", "forward_blocks", "pick_at_quantile", "sprinkle"]


def split_layers(rng: random.Random, nodes: Sequence[int], depth: int) -> list[list[int]]:
    """Split ``nodes`` (in the given order) into ``depth`` non-empty consecutive layers.

    The cut points are a uniform random composition, so layer sizes vary; needs
    ``1 <= depth <= len(nodes)``.
    """
    if not 1 <= depth <= len(nodes):
        raise ValueError(f"cannot split {len(nodes)} nodes into {depth} non-empty layers")
    cuts = sorted(rng.sample(range(1, len(nodes)), depth - 1))
    bounds = [0, *cuts, len(nodes)]
    return [list(nodes[a:b]) for a, b in itertools.pairwise(bounds)]


def depth_vector(n: int, source: int, layers: Sequence[Sequence[int]]) -> np.ndarray:
    """``d`` with ``d[source] = 0``, ``d[v] = i + 1`` for v in ``layers[i]``, else ``-1``."""
    d = [-1] * n  # a list filled, then one array: a fancy-index write per layer cost more
    d[source] = 0
    for i, layer in enumerate(layers):
        for v in layer:
            d[v] = i + 1
    return np.array(d, dtype=np.int64)


def allowed(d: np.ndarray) -> np.ndarray:
    """Edges ``u -> v`` that keep every hop distance from the source of ``d`` (no self-loops).

    >>> allowed(np.array([0, 1, -1])).astype(int).tolist()
    [[0, 1, 0], [1, 0, 0], [1, 1, 0]]
    """
    du, dv = d[:, None], d[None, :]
    ok = (du < 0) | ((dv >= 0) & (dv <= du + 1))
    no_loops(ok)
    return ok


def tree_edges(rng: random.Random, d: np.ndarray, ok: np.ndarray | None = None
               ) -> list[tuple[int, int]] | None:
    """One parent per reached node, from the layer above: the paths that realise ``d``.

    With ``ok`` (an allowed mask, e.g. another source's), parents are drawn only among
    allowed edges; ``None`` if some node then has no possible parent.
    """
    # Python lists, not a numpy mask per node: graphs here have about ten nodes
    dl = d.tolist()
    layer: dict[int, list[int]] = {}  # the nodes at each depth, ascending
    for v, dv in enumerate(dl):
        layer.setdefault(dv, []).append(v)
    out = []
    for v, dv in enumerate(dl):
        if dv <= 0:
            continue
        above = layer.get(dv - 1, [])
        if ok is not None:
            into = ok[:, v]
            above = [u for u in above if into[u]]
        if not above:
            return None
        out.append((above[rng.randrange(len(above))], v))
    return out


def compose_depths(*masks: np.ndarray) -> np.ndarray:
    """The pairs every constraint allows (the AND of ``allowed`` masks)."""
    ok = masks[0].copy()
    for m in masks[1:]:
        ok &= m
    return ok


def plant(
    rng: random.Random,
    n: int,
    rho: float,
    required: Sequence[tuple[int, int]],
    ok: np.ndarray,
    *,
    forbidden: np.ndarray | None = None,
) -> Graph:
    """A digraph with every ``required`` edge plus distractors drawn from the ``ok`` mask.

    Each allowed pair becomes an edge with probability ``q``, chosen so the expected number of
    edges is ``ρ·n(n-1)`` where the mask leaves room (capped at 1 where it does not: a deep,
    wide reach set at high ρ leaves few safe pairs, and the realised density, recorded next to
    the nominal one, is then lower). ``forbidden`` pairs are never added.
    """
    mask = np.zeros((n, n), dtype=bool)
    for u, v in required:
        mask[u, v] = True
    room = ok & ~mask
    if forbidden is not None:
        room &= ~forbidden
    free = int(np.count_nonzero(room))
    want = rho * n * (n - 1) - len(required)
    q = min(max(want / free, 0.0), 1.0) if free else 0.0
    mask |= room & _coins(rng, (n, n), q)
    no_loops(mask)
    return _from_mask(mask, directed=True)


#: Rounds of iterative proportional fitting in ``plant_fitted``.
FIT_ROUNDS = 20


def plant_fitted(rng: random.Random, n: int, rho: float, required: Sequence[tuple[int, int]],
                 ok: np.ndarray, sources: Sequence[int] = ()) -> Graph:
    """``plant`` with one rate per pair instead of one for all: fitted (row and column scaling,
    capped at 1) so every node's expected out- and in-degree is ρ(n - 1), counting its
    required edges, as far as ``ok`` allows.

    Why: with one rate, a common node (which anything may link into, and which may link only
    into the common set) had 1.5 times the mean in-degree and 0.7 times the out-degree, a node
    neither source reaches (linked into only by its like) 0.2 and 1.5, and the per-node reader
    read the set off ``in_rel`` first."""
    mask = np.zeros((n, n), dtype=bool)
    for u, v in required:
        mask[u, v] = True
    room = ok & ~mask
    room[:, list(sources)] = False  # a link into x or y only ever comes from a non-member
    no_loops(room)
    target = rho * (n - 1)
    want_out = np.maximum(target - mask.sum(1), 0.0)
    want_in = np.maximum(target - mask.sum(0), 0.0)
    free = int(np.count_nonzero(room))
    q = min(max((rho * n * (n - 1) - len(required)) / free, 0.0), 1.0) if free else 0.0
    p = room * q
    for _ in range(FIT_ROUNDS):
        rows = p.sum(1)
        p = np.minimum(p * np.where(rows > 0, want_out / np.maximum(rows, 1e-12), 0.0)[:, None],
                       1.0)
        cols = p.sum(0)
        p = np.minimum(p * np.where(cols > 0, want_in / np.maximum(cols, 1e-12), 0.0)[None, :],
                       1.0)
    key = rng.getrandbits(64)
    limit = np.array([[_threshold(float(r)) for r in row] for row in p], dtype=np.uint64)
    raw = np.random.PCG64(key).random_raw(n * n).reshape(n, n)
    mask |= room & (raw < limit)
    no_loops(mask)
    return _from_mask(mask, directed=True)


def forward_blocks(n: int, blocks: Sequence[Sequence[int]]) -> np.ndarray:
    """Edges ``u -> v`` between blocks that go forward in the given order (none inside one).

    Blocks listed in topological order of a condensation: any subset of these edges keeps every
    block's strongly connected component exactly what its internal edges make it, since no
    edge ever leads back to an earlier block. Nodes in no block get no edges.
    """
    ranks = [-1] * n  # a list filled, then one array (as in ``depth_vector``)
    for i, block in enumerate(blocks):
        for v in block:
            ranks[v] = i
    rank = np.array(ranks, dtype=np.int64)
    ru, rv = rank[:, None], rank[None, :]
    return (ru >= 0) & (rv >= 0) & (ru < rv)


def draw_depth(rng: random.Random, lo: int, hi: int) -> int:
    """A hop depth in ``lo..hi``, each deeper value half as likely as the one before.

    The ">= 3" bucket reaches n - 2; a depth drawn uniformly from it would often use every
    node on one chain and leave nothing for the answer's size or the distractors to vary.
    """
    values = list(range(lo, hi + 1))
    return rng.choices(values, [2.0 ** -i for i in range(len(values))])[0]


def sprinkle(rng: random.Random, g: Graph, ok: np.ndarray, most: int = 2) -> Graph:
    """``g`` plus 0..``most`` more edges drawn from ``ok`` (pairs that cannot change the answer).

    At low ρ and small n the planted edges alone already exceed the density budget, so every
    construction of a cell would be the same graph (and the same structural half); a few
    extra allowed edges keep such cells varied.
    """
    free = np.flatnonzero((ok & ~g.adjacency).ravel()).tolist()
    extra = rng.sample(free, min(len(free), rng.randint(0, most)))
    return Graph(g.n, g.edges + tuple((v // g.n, v % g.n) for v in extra), directed=True)


def pick_at_quantile(values: Sequence[_V], weights: Sequence[float], u: float) -> _V:
    """The value at quantile ``u`` in [0, 1) of the distribution ``weights`` puts on ``values``.

    Inverse CDF: stratified generation hands a constructor one uniform per instance for its
    main value, and a block of consecutive instances then covers every part of the designed
    distribution instead of whatever independent draws happen to give. Zero weights are never
    picked.

    >>> pick_at_quantile("abc", [1, 0, 3], 0.2), pick_at_quantile("abc", [1, 0, 3], 0.3)
    ('a', 'c')
    """
    if len(values) != len(weights) or not values:
        raise ValueError(f"need as many weights as values (at least one), got "
                         f"{len(weights)} weights for {len(values)} values")
    if not 0.0 <= u < 1.0:
        raise ValueError(f"u must be in [0, 1), got {u}")
    if any(w < 0 for w in weights) or not any(w > 0 for w in weights):
        raise ValueError(f"weights must be >= 0 with one > 0, got {list(weights)}")
    left = u * sum(weights)
    last = values[0]
    for v, w in zip(values, weights):
        if w > 0:
            if left < w:
                return v
            left -= w
            last = v
    return last  # u * total rounded up to the total: the last value that can be picked
