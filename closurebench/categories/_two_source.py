"""Planting two reach sets at once (set_intersection, intersect_then_size, set_difference,
chain_of_filters).

Both sources get a depth vector (``plant.depth_vector`` semantics: exact hop distance, -1 where
the source must not reach), every planted edge realises those distances and every distractor is
drawn from ``allowed(dx) & allowed(dy)``, so both reach sets and all their distances are fixed
before the density is. y never reaches x.

* Intersection: the answer ``I`` is a region both enter, x after ``ax`` hops and y after
  ``ay``, then ``E`` more layers inside it; the hop depth is ``max(ax, ay) + E``. Or (a third
  of the deeper ones) x reaches y itself, and the answer is everything y reaches.
* Difference: the answer ``A`` hangs off x in ``hD`` layers; the common part ``C`` sits one flat
  layer ``ay`` hops from y and anywhere from x. A k-hop reader misses the deepest A node for
  k < hD, and lists a C node that x reaches within k but y only at ``ay > k``: the hop depth is
  ``max(hD, ay)`` when some C node is nearer to x than ``ay``, else hD.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import pairwise

import numpy as np

from closurebench.categories._values import Placed, draw_value, flatten, hop_cells, walk
from closurebench.graph.plant import allowed, split_layers

__all__ = ["DIFFERENCE_HOP_WEIGHTS", "DifferenceDesign", "Layout", "SizeDesign", "difference",
           "draw_size", "intersection", "size_of", "size_weights"]

#: (required edges, distractor mask, x, y, depth from x, depth from y)
Layout = tuple[list[tuple[int, int]], np.ndarray, int, int, np.ndarray, np.ndarray]


def size_of(rng: random.Random, values: Sequence[int], top: int, u: float | None = None) -> int:
    """An answer size from ``values`` (at quantile ``u`` when stratified), uniform except
    ``top`` ("every other node") at 0.2, 1 at 0.5 and 2 at 0.8: a deep target leaves only the
    sizes that can hold it, where "every other node", 1 and 2 pile up (0.2.2's 0.4 and 0.7
    gave "every other node" 22%, and a 100-instance split's most frequent size up to 28%;
    these: 17% and 24%, over 30 seeds)."""
    weights = [2 if v == top else 5 if v == 1 else 8 if v == 2 else 10 for v in values]
    return draw_value(rng, values, weights, u)


def size_weights(n: int, v: int, one: int, two: int, top: int, below: int) -> int:
    """Weight of answer size ``v`` among ``1..n - 2``: ``one`` for 1, ``top`` for n - 2,
    ``two`` for 2, ``below`` for n - 3, 10 for the rest (the ends of few-size cells)."""
    return one if v == 1 else top if v == n - 2 else two if v == 2 else below if v == n - 3 else 10


def draw_size(rng: random.Random, n: int, weights: tuple[int, int, int, int],
              u: float | None = None) -> int:
    """A size in ``1..n - 2`` by ``size_weights(n, v, *weights)``, at quantile ``u`` if given."""
    values = list(range(1, n - 1))
    w = [size_weights(n, v, *weights) for v in values]
    return draw_value(rng, values, w, u)


@dataclass(frozen=True)
class SizeDesign:
    """An answer size in 1..n - ``spare`` designed jointly over the default n (uniform) and walked
    with one stratified uniform (``_values.flatten``, ``walk``), for the categories whose size
    depends on n only (intersect_then_size, graph_comparison).

    ``readers`` are ``flatten``'s (key(n, size), cap(key)); ``order(n, size)`` is the walk's
    order (by n - size to spread the "n - k" answers, by size to spread the sizes);
    ``fallback`` the ``draw_size`` weights outside the design's n.
    """

    n_range: tuple[int, int]
    readers: tuple[tuple[Callable[[int, int], Hashable], Callable[[Hashable], float]], ...]
    order: Callable[[int, int], tuple[int, ...]]
    fallback: tuple[int, int, int, int]
    mix: float = 0.05
    #: Nodes the largest size leaves out: sizes run 1..n - ``spare``.
    spare: int = 2

    def cells(self) -> dict[int, float]:
        lo, hi = self.n_range
        return {n: 1 / (hi - lo + 1) for n in range(lo, hi + 1)}

    def sizes(self, n: int) -> list[int]:
        return list(range(1, n - self.spare + 1))

    @cached_property
    def design(self) -> dict[int, list[float]]:
        """Weights of the sizes 1..n - 2 for each default n."""
        return flatten(self.cells(), self.sizes, list(self.readers), mix=self.mix)

    @cached_property
    def _walk(self) -> Callable[[float], Placed]:
        return walk(self.cells(), self.sizes, self.design, self.order)

    def joint(self, u: float, n_range: tuple[int, int], hops: tuple[int, int | None]
              ) -> tuple[int, None, float] | None:
        """``Category.joint``: n and the size's quantile walked together (the hop bucket is
        drawn as usual); ``None`` unless the config has the design's axes."""
        if n_range != self.n_range or hops != (1, None):
            return None
        n, _, q = self._walk(u)
        return n, None, q

    def draw(self, rng: random.Random, n: int, u: float | None) -> int:
        """The size at quantile ``u``: of the design at a default n, else of ``fallback``."""
        weights = self.design.get(n)
        if weights is None:
            return draw_size(rng, n, self.fallback, u)
        return draw_value(rng, self.sizes(n), weights, u)


def _unreached(n: int) -> list[int]:
    """A depth vector under construction: a Python list while it is filled node by node (a
    numpy scalar per read and write cost more than the layout), an array in ``_layout``."""
    return [-1] * n


def _layout(edges: list[tuple[int, int]], x: int, y: int, dx: list[int], dy: list[int]
            ) -> Layout:
    """The ``Layout`` of finished depth lists."""
    ax, ay = np.array(dx, dtype=np.int64), np.array(dy, dtype=np.int64)
    return edges, allowed(ax) & allowed(ay), x, y, ax, ay


def _chain(src: int, nodes: Sequence[int], d: list[int], edges: list[tuple[int, int]]) -> int:
    """``src -> nodes[0] -> ...``: sets their depths and returns the chain's last node."""
    last = src
    for v in nodes:
        d[v] = d[last] + 1
        edges.append((last, v))
        last = v
    return last


def _hang(rng: random.Random, v: int, depth: int, d: list[int], pool: Sequence[int],
          edges: list[tuple[int, int]]) -> None:
    """Give ``v`` depth ``depth`` under a random node of ``pool`` one layer up."""
    above = [u for u in pool if d[u] == depth - 1]
    d[v] = depth
    edges.append((rng.choice(above), v))


def intersection(rng: random.Random, n: int, h: int, m: int, *, lone: bool = True) -> Layout:
    """x and y reach exactly ``m`` common nodes, the deepest ``h`` hops from one of them.

    Needs ``1 <= m <= n - 2`` and ``1 <= h <= n - 2``. ``lone=False``: never exactly one node
    that neither source reaches (only its like may link into it, so a lone one is a source);
    it becomes x's or y's own instead.
    """
    nodes = list(range(n))
    rng.shuffle(nodes)
    x, y, inter, free = nodes[0], nodes[1], nodes[2:2 + m], nodes[2 + m:]
    if h >= 2 and rng.random() < 1 / 3:
        return _through_y(rng, n, h, x, y, inter, free, lone)
    inner = rng.randint(max(0, h - 1 - len(free)), min(h - 1, m - 1))
    far = h - inner
    near = rng.randint(1, min(far, len(free) - far + 2))
    ax, ay = (far, near) if rng.random() < 0.5 else (near, far)
    dx, dy = _unreached(n), _unreached(n)
    dx[x] = dy[y] = 0
    edges: list[tuple[int, int]] = []
    xs, ys, free = free[:ax - 1], free[ax - 1:ax + ay - 2], free[ax + ay - 2:]
    ex, ey = _chain(x, xs, dx, edges), _chain(y, ys, dy, edges)
    layers = split_layers(rng, inter, inner + 1)
    for v in layers[0]:
        dx[v], dy[v] = ax, ay
        edges += [(ex, v), (ey, v)]
    for above, layer in pairwise(layers):
        for v in layer:
            u = rng.choice(above)
            dx[v], dy[v] = dx[u] + 1, dy[u] + 1
            edges.append((u, v))
    own_x, own_y = [x, *xs], [y, *ys]
    for v in free:  # x's own, y's own, or neither
        u = rng.random()
        if u < 1 / 3:
            _hang(rng, v, rng.randint(1, ax), dx, own_x, edges)
            own_x.append(v)
        elif u < 2 / 3:
            _hang(rng, v, rng.randint(1, ay), dy, own_y, edges)
            own_y.append(v)
    neither = [v for v in free if dx[v] < 0 and dy[v] < 0]
    if not lone and len(neither) == 1:
        v = neither[0]
        if rng.random() < 0.5:
            _hang(rng, v, rng.randint(1, ax), dx, own_x, edges)
        else:
            _hang(rng, v, rng.randint(1, ay), dy, own_y, edges)
    return _layout(edges, x, y, dx, dy)


def _through_y(rng: random.Random, n: int, h: int, x: int, y: int, inter: list[int],
               free: list[int], lone: bool = True) -> Layout:
    """x reaches y after j hops, and everything y reaches (``inter``, E + 1 layers) after it.

    Then R(y) ⊆ R(x) and the answer is all of y's reach, h = j + 1 + E hops from x.
    """
    inner = rng.randint(max(0, h - 2 - len(free)), min(h - 2, len(inter) - 1))
    j = h - 1 - inner
    dx, dy = _unreached(n), _unreached(n)
    dx[x] = dy[y] = 0
    edges: list[tuple[int, int]] = []
    xs, free = free[:j - 1], free[j - 1:]
    _chain(_chain(x, xs, dx, edges), [y], dx, edges)
    above = [y]
    for layer in split_layers(rng, inter, inner + 1):
        for v in layer:
            u = rng.choice(above)
            dx[v], dy[v] = dx[u] + 1, dy[u] + 1
            edges.append((u, v))
        above = layer
    own_x = [x, *xs]
    for v in free:  # x's own or neither
        if rng.random() < 0.5:
            _hang(rng, v, rng.randint(1, j), dx, own_x, edges)
            own_x.append(v)
    neither = [v for v in free if dx[v] < 0]
    if not lone and len(neither) == 1:
        _hang(rng, neither[0], rng.randint(1, j), dx, own_x, edges)
    return _layout(edges, x, y, dx, dy)


def difference(rng: random.Random, n: int, h: int, a: int, *, filtered: int = 0,
               common: int = 1, lone: bool = True, unreached: int = 0,
               near: float = 0.0) -> tuple[Layout, list[int], list[int], list[int]] | None:
    """x reaches ``a`` answer nodes (and ``filtered`` more) that y does not; hop depth ``h``.

    ``common`` is the least size of the common part C when the depth comes from it (it must
    be able to hold a node with enough out-edges inside C). Returns the layout, the answer
    nodes, the filtered ones and C (C's first node carries the depth when it comes from C),
    or ``None`` if ``h`` fits neither way. ``lone=False``: never exactly one node neither
    source reaches (only its like may link into it, so a lone one is a source); it becomes
    y's own instead (as in ``intersection``). ``unreached``: that many of the free nodes are
    kept for the nodes neither source reaches (before C and y's own are drawn), where C
    keeps ``common`` nodes and the mode its room; ``near``: the share of targets whose C sits
    as deep from y as the depth allows (``h``, in the answer's mode), and then of its nodes
    hung right under x (x's successors y does not point to, as the answer's first layer).
    Both 0 (chain_of_filters) draw as before, coin for coin.
    """
    nodes = list(range(n))
    rng.shuffle(nodes)
    x, y = nodes[0], nodes[1]
    ans, filt, free = nodes[2:2 + a], nodes[2 + a:2 + a + filtered], nodes[2 + a + filtered:]
    by_a = a >= h
    by_c = h >= 2 and len(free) >= common + h - 1
    if not (by_a or by_c):
        return None
    from_c = by_c and (not by_a or rng.random() < 0.5)
    if unreached and len(free) - unreached >= common + (h - 1 if from_c else 0):
        free = free[:len(free) - unreached]  # the last ``unreached`` stay unreached
    if from_c:
        ay, deep = h, rng.randint(1, min(a, h))
        c = rng.randint(common, len(free) - (h - 1))
    else:
        deep = h
        ay = rng.randint(1, max(1, min(h, len(free) - common + 1)))
        if near and rng.random() < near:
            ay = max(1, min(h, len(free) - common + 1))
        room = len(free) - (ay - 1)
        c = rng.randint(min(common, room), room) if room >= 1 else 0
        if c == 0:
            ay = 1
    dx, dy = _unreached(n), _unreached(n)
    dx[x] = dy[y] = 0
    edges: list[tuple[int, int]] = []
    layers = split_layers(rng, ans, deep)
    for above, layer in zip([[x], *layers], layers):
        for v in layer:
            _hang(rng, v, int(dx[above[0]]) + 1, dx, above, edges)
    tree = [x, *ans]
    for v in filt:  # leaves: no planted out-edge
        _hang(rng, v, rng.randint(1, deep + 1), dx, tree, edges)
    ys, com, free = free[:ay - 1], free[ay - 1:ay - 1 + c], free[ay - 1 + c:]
    ey = _chain(y, ys, dy, edges)
    for i, v in enumerate(com):
        # C's first node (in C-mode nearer to x than to y) may point to the next
        # ``common - 1``: they are no deeper from x than one past it
        top = deep
        if from_c and i == 0:
            top = min(h - 2, deep)
        elif 0 < i < common:
            top = min(int(dx[com[0]]), deep)
        elif near and ay >= 2 and rng.random() < near:
            top = 0  # x's own successor, y's only ay hops on
        _hang(rng, v, rng.randint(1, top + 1), dx, tree, edges)
        dy[v] = ay
        edges.append((ey, v))
    own_y = [y, *ys]
    for v in free:
        if rng.random() < 0.5:
            _hang(rng, v, rng.randint(1, ay), dy, own_y, edges)
            own_y.append(v)
    neither = [v for v in free if dy[v] < 0]
    if not lone and len(neither) == 1:
        _hang(rng, neither[0], rng.randint(1, ay), dy, own_y, edges)
        own_y.append(neither[0])
    if len(own_y) == 1 and not com and rng.random() < 0.5:
        # y reaches nothing: x may reach it (a sink, never listed), which small cells need to
        # carry more than one structure
        _hang(rng, y, rng.randint(1, deep + 1), dx, tree, edges)
    layout = _layout(edges, x, y, dx, dy)
    return layout, ans, filt, com


#: Smallest n whose deep difference targets ``difference_blocks`` builds: below it x, y, the
#: hub and a 3-layer answer leave no room for a block of non-members, so every node off the
#: query nodes' edges is a member (measured: read exactly on every such instance). The
#: categories are generated from it, but draw block depths only up to n - 6
#: (``DifferenceDesign.deepest``): n = 8 takes one and two hops only.
BLOCKS_MIN_N = 8
#: The difference categories' shares of 1, 2 and >= 3 hops (``Category.hop_weights`` and
#: ``DifferenceDesign.hop_weights``): n = 8 holds no block depth, so at the generator's
#: default (15 / 35 / 50) the deep share fell to 40%; 55 brings it to 45% (two-hop targets
#: are read better: lead +55 to +68 against +29 to +36, chain_of_filters, seeds 4242 / 7777
#: / 9001; learned gap +58 / +54 / +58 at the default, +47 / +54 / +55 here). More weight
#: (60 or 75) put the deep cells' sizes 3-5 above 30% of a 50-instance split (32-42%).
DIFFERENCE_HOP_WEIGHTS = (0.15, 0.30, 0.55)


def _hang_layers(rng: random.Random, nodes: Sequence[int], first: int, parents: Sequence[int],
                 d: list[int], edges: list[tuple[int, int]], depth: int | None = None
                 ) -> list[list[int]]:
    """``nodes`` hung in ``depth`` (drawn if ``None``) layers under ``parents``, the first at
    depth ``first``: one tree edge per node from the layer above."""
    if not nodes:
        return []
    layers = split_layers(rng, nodes, depth or rng.randint(1, len(nodes)))
    above: Sequence[int] = parents
    for i, layer in enumerate(layers):
        for v in layer:
            d[v] = first + i
            edges.append((rng.choice(above), v))
        above = layer
    return layers


def _regular(rng: random.Random, block: Sequence[int], ok: np.ndarray,
             have: set[tuple[int, int]], indeg: list[int], outdeg: list[int]) -> None:
    """Edges inside ``block`` (where ``ok``) until every node has one in- and one out-edge
    inside it (counting those it has), as far as ``ok`` allows."""
    for kind in ("out", "in"):
        for _ in range(4 * len(block) + 4):
            short = [u for u in block if (outdeg if kind == "out" else indeg)[u] < 1]
            if not short:
                break
            u = rng.choice(short)
            if kind == "out":
                pairs = [(u, v) for v in block if v != u and ok[u, v] and (u, v) not in have]
                best = [p for p in pairs if indeg[p[1]] < 1] or pairs
            else:
                pairs = [(v, u) for v in block if v != u and ok[v, u] and (v, u) not in have]
                best = [p for p in pairs if outdeg[p[0]] < 1] or pairs
            if not best:
                (outdeg if kind == "out" else indeg)[u] = 1  # nothing fits: leave it
                continue
            s, t = rng.choice(best)
            have.add((s, t))
            outdeg[s] += 1
            indeg[t] += 1


def _roles(rng: random.Random, n: int, a: int) -> tuple[int, int, list[int], int, list[int]]:
    """x, y, the ``a`` answer nodes, the hub w and the rest, in one shuffle of the nodes."""
    nodes = list(range(n))
    rng.shuffle(nodes)
    return nodes[0], nodes[1], nodes[2:2 + a], nodes[2 + a], nodes[3 + a:]


def _answer_layers(rng: random.Random, ans: list[int], h: int, x: int, dx: list[int],
                   edges: list[tuple[int, int]]) -> list[list[int]]:
    """The answer's h layers below x, each node hung from one in the layer above (``dx`` and
    ``edges`` filled in). One node per layer below the first: the deep members, the ones a
    reader must guess, stay h - 1 however large the answer (the rest are x's direct
    successors)."""
    wide = ans[:len(ans) - (h - 1)]
    layers = [wide, *([v] for v in ans[len(wide):])]
    above: list[int] = [x]
    for i, layer in enumerate(layers):
        for v in layer:
            dx[v] = i + 1
            edges.append((rng.choice(above), v))
        above = layer
    return layers


def _membership_blocks(rng: random.Random, n: int, h: int, a: int
                       ) -> tuple[list[tuple[int, int]], np.ndarray, np.ndarray, int, int] | None:
    """``difference_blocks`` before 0.3.14, for the cells whose one-in, one-out layout leaves
    too few graphs: every deep node in a block of look-alikes by membership (the answer's
    deep layers, the common part's deep nodes, y's own, the nodes neither source reaches),
    each node one in- and one out-edge inside its block, a block entered by its tree edges
    and left by as many edges to the hub w; an odd node out a direct one (a C node x points
    to, or y's own successor)."""
    if not h <= a <= n - 3 or h < 2:
        return None
    x, y, ans, w, rest = _roles(rng, n, a)
    c0: list[int] = []
    ye: list[int] = []
    if len(rest) % 2:  # an odd node out: a direct one (a deep block needs two)
        (c0 if rng.random() < 0.5 else ye).append(rest.pop())
    cdeep: list[int] = []
    yo: list[int] = []
    uu: list[int] = []
    for i in range(0, len(rest), 2):
        rng.choice((cdeep, yo, uu)).extend(rest[i:i + 2])
    if yo and not ye:  # y's own block needs an entry among y's successors
        if c0:
            ye, c0 = c0, []
        else:
            uu, yo = uu + yo, []
    dx, dy = _unreached(n), _unreached(n)
    dx[x] = dy[y] = 0
    edges: list[tuple[int, int]] = []
    layers = _answer_layers(rng, ans, h, x, dx, edges)
    dx[w] = dy[w] = 1
    edges += [(x, w), (y, w)]
    for v in c0:
        dx[v], dy[v] = 1, 2
        edges += [(x, v), (w, v)]
    for v in ye:
        dy[v] = 1
        edges.append((y, v))
    cl = _hang_layers(rng, cdeep, 2, [w], dx, edges)
    for v in cdeep:
        dy[v] = dx[v]
    yl = _hang_layers(rng, yo, 2, ye, dy, edges)
    blocks = [[v for layer in layers[1:] for v in layer], cdeep, yo, uu]
    entered = [len(layers[1]) if len(layers) > 1 else 0, len(cl[0]) if cl else 0,
               len(yl[0]) if yl else 0, 1 if uu else 0]
    for block, k in zip(blocks, entered):
        if block and k:
            edges += [(v, w) for v in rng.sample(block, min(k, len(block)))]
    ax, ay = np.array(dx, dtype=np.int64), np.array(dy, dtype=np.int64)
    ok = allowed(ax) & allowed(ay)
    have = set(edges)
    deep = {v for block in blocks for v in block}
    indeg, outdeg = [0] * n, [0] * n
    for u, v in have:
        if u in deep and v in deep:
            outdeg[u] += 1
            indeg[v] += 1
    for block in blocks:
        if len(block) >= 2:
            _regular(rng, block, ok, have, indeg, outdeg)
    # Extra edges only among the direct nodes, by the reach rules of their blocks.
    direct = [w, *c0, *ye, *layers[0]]
    side = {v: "A" for v in ans} | {v: "C" for v in (w, *c0)} | {v: "Y" for v in ye}
    into = {"A": "AC", "C": "C", "Y": "YC"}
    extra = np.zeros((n, n), dtype=bool)
    for u in direct:
        for v in direct:
            extra[u, v] = u != v and side[v] in into[side[u]]
    members = np.zeros(n, dtype=bool)
    members[ans] = True
    return sorted(have), extra & ok, members, x, y


def _cut(rng: random.Random, nodes: Sequence[int]) -> list[list[int]]:
    """``nodes`` cut into chains, a coin between each two."""
    chains: list[list[int]] = []
    for v in nodes:
        if chains and rng.random() < 0.5:
            chains[-1].append(v)
        else:
            chains.append([v])
    return chains


def difference_blocks(rng: random.Random, n: int, h: int, a: int
                      ) -> tuple[list[tuple[int, int]], np.ndarray, np.ndarray, int, int] | None:
    """R(x) ∖ R(y) of ``a`` nodes at hop depth ``h``, built so that every node off the query
    nodes' edges has one in- and one out-edge: ``(required edges, mask for the direct nodes'
    extra edges, answer mask, x, y)``.

    Why: a per-node reader that never chains two edges sees, for a node off the query nodes'
    edges ("deep"), its own degrees, its predecessors' out-degrees, its successors'
    in-degrees and the successors it shares with x and y. So every deep node has exactly one
    in- and one out-edge: the answer's deep layers are one chain (one node per layer) from
    its entry layer (x's direct successors) to the hub w (x's and y's one shared successor,
    in the common part C); the common part's deep nodes are chains (cut at random) from w
    back to w (as near to y as to x); the nodes neither source reaches U one ring of any size
    but one (a lone one would be a source). The answer's tail and C's tails (a lone C node
    too) all point to w, the answer's middle nodes look like U's and C's, and no deep node
    has a direct node but w for a neighbour; x and y take no in-edge. Drawn only at depths
    up to ``DifferenceDesign.deepest(n)`` = n - 6: deeper, few nodes are left to vary (an
    answer of one or two entries, one or two nodes beside it and w), one to three graphs at
    a density, often all in one structural half (``twins.half``): at depth n - 4 the
    released splits had no graph at n = 8, depth 4; at depth n - 5 half 1 was unposable
    for 6 (n = 9) and 8 (n = 10) of 10 seeds. The design never draws those depths; asked
    for them outside it (a hop range of the caller's), the blocks by membership are built
    (``_membership_blocks``). Kept in the design, they left the deep lead at +53 over the
    majority (set_difference, seed 4242), against +21 with them not drawn (+31 / +34 on
    seeds 7777 / 9001).
    Measured (seed 4242, per-node reader): before, deep nodes sat in blocks by membership
    (each node one in- and one out-edge inside its block, a block entered by its tree edges
    and left by as many edges to w; an odd node out a direct one, a C node x points to or
    y's own successor). The nodes neither source reaches had in-degree exactly 1 against
    1.33 for deep members and 1.77 for deep C nodes, the C node x pointed to out-degree
    about 0.2 against 1.3 for the answer's entry, and in 44% of the deep instances no deep
    node was a non-member (read 94% exactly). Members are the answer's h layers below x (hop
    depth exactly h; C never adds more).
    Needs ``n - 3 >= a >= h >= 2``.
    """
    if not h <= a <= n - 3 or h < 2:
        return None
    if h > DifferenceDesign.deepest(n):
        return _membership_blocks(rng, n, h, a)
    x, y, ans, w, rest = _roles(rng, n, a)
    # U a ring of any size but one (a lone one would be a source), C the rest (chains)
    k = rng.choice([0, *range(2, len(rest) + 1)])
    uu, cdeep = rest[:k], rest[k:]
    dx, dy = _unreached(n), _unreached(n)
    dx[x] = dy[y] = 0
    edges: list[tuple[int, int]] = []
    layers = _answer_layers(rng, ans, h, x, dx, edges)
    dx[w] = dy[w] = 1
    edges += [(x, w), (y, w), (layers[-1][0], w)]
    for chain in _cut(rng, cdeep):
        edges.append((_chain(w, chain, dx, edges), w))
        for v in chain:
            dy[v] = dx[v]
    edges += list(zip(uu, uu[1:] + uu[:1]))
    ax, ay = np.array(dx, dtype=np.int64), np.array(dy, dtype=np.int64)
    ok = allowed(ax) & allowed(ay)
    # Extra edges only among the direct nodes (the entry layer and w), by the reach rules.
    direct = [w, *layers[0]]
    extra = np.zeros((n, n), dtype=bool)
    extra[np.ix_(direct, direct)] = True
    extra[w, layers[0]] = False
    np.fill_diagonal(extra, False)
    members = np.zeros(n, dtype=bool)
    members[ans] = True
    return sorted(set(edges)), extra & ok, members, x, y


@dataclass(frozen=True)
class DifferenceDesign:
    """The answer size of a difference category (set_difference, chain_of_filters) designed
    jointly over the default n (uniform over ``n_range``), the hop bucket (as the generator
    draws it) and the depth (as ``plant.draw_depth`` weighs it), and walked in order of size
    with one stratified uniform (``_values.flatten``, ``walk``; ``Category.joint``).

    Why: a deep target (``deep_from`` hops or more, from ``BLOCKS_MIN_N`` nodes) is
    ``difference_blocks``' answer of h..max(h + 2, n - 5) nodes, at most n - 4 (a pair of
    non-members beside the deep members), at a depth of at most ``deepest(n)`` = n - 6; so
    the deep half of the instances bunches at sizes 3-5, and drawn cell by cell the most
    frequent size of a 50-instance split reached 32-36%. Designed jointly, the shallow cells
    (their sizes ``shallow(n, h)``) take the other sizes, and no size passes ``cap_value`` of
    the design, "every other node" (n - 2) ``cap_everyone``; ``mix`` of each cell is spread
    uniformly.
    """

    n_range: tuple[int, int]
    max_hops: Callable[[int], int]
    deep_from: int
    shallow: Callable[[int, int], list[int]]
    cap_value: float = 0.22
    cap_everyone: float = 0.06
    mix: float = 0.05
    hop_weights: tuple[float, float, float] | None = None

    def deep(self, n: int, h: int) -> bool:
        """Is depth h at n built as blocks (``difference_blocks``)?"""
        return h >= self.deep_from and n >= BLOCKS_MIN_N

    @staticmethod
    def deepest(n: int) -> int:
        """The deepest block depth drawn at n: deeper, ``difference_blocks`` leaves too few
        graphs to fill both structural halves (so n = 8 takes one and two hops only)."""
        return n - 6

    def sizes(self, cell: tuple[int, int]) -> list[int]:
        """The answer sizes cell (n, depth) offers."""
        n, h = cell
        if self.deep(n, h):
            return list(range(h, max(h, min(n - 4, max(h + 2, n - 5))) + 1))
        return self.shallow(n, h)

    def depths(self, n: int, span: tuple[int, int]) -> list[tuple[tuple[int, int], float]]:
        """The depths of a hop bucket, as ``draw_depth`` weighs them (blocks up to
        ``deepest(n)``: none at n = 8, whose "3 or more" bucket holds no cell)."""
        top = min(span[1], self.deepest(n)) if self.deep(n, span[0]) else span[1]
        return [((n, d), 2.0 ** -i) for i, d in enumerate(range(span[0], top + 1))]

    @cached_property
    def cells(self) -> dict[tuple[int, int], float]:
        """Each default cell (n, depth) and its share of instances (n = 8's "3 or more"
        bucket holds no depth: its share goes to every other cell alike, so n = 8 is
        rarer)."""
        cells = hop_cells(self.n_range, self.max_hops, self.depths, self.hop_weights)
        total = sum(cells.values())
        return {cell: mass / total for cell, mass in cells.items()}

    @cached_property
    def design(self) -> dict[tuple[int, int], list[float]]:
        """Weights of ``sizes(cell)`` in every default cell."""
        return flatten(self.cells, self.sizes, [
            (lambda c, v: v, lambda v: self.cap_value),
            (lambda c, v: v == c[0] - 2,
             lambda everyone: self.cap_everyone if everyone else 1.0),
        ], mix=self.mix)

    @cached_property
    def _walk(self) -> Callable[[float], Placed]:
        return walk(self.cells, self.sizes, self.design, lambda c, v: (v, c[0], c[1]))

    def joint(self, u: float, n_range: tuple[int, int], hops: tuple[int, int | None]
              ) -> tuple[int, tuple[int, int], float] | None:
        """``Category.joint``: n, the depth (as the hop span) and the size's quantile walked
        together, in order of size, so each block of ten spreads the sizes as designed."""
        if n_range != self.n_range or hops != (1, None):
            return None
        (n, h), _, q = self._walk(u)
        return n, (h, h), q

    def weights(self, n: int, h: int) -> list[float] | None:
        """The design's weights of ``sizes((n, h))``, or ``None`` outside the default cells."""
        return self.design.get((n, h))

    def blocks(self, rng: random.Random, n: int, h: int, u: float | None
               ) -> tuple[list[tuple[int, int]], np.ndarray, np.ndarray, int, int] | None:
        """A deep target's ``difference_blocks``, its size drawn from the design at quantile
        ``u`` (uniform over ``sizes`` outside the default cells)."""
        sizes = self.sizes((n, h))
        weights = self.weights(n, h) or [1.0] * len(sizes)
        return difference_blocks(rng, n, h, draw_value(rng, sizes, weights, u))
