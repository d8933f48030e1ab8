"""gralgo_max_clique (GrAlgoBench, enumeration): the size of a maximum clique.

Convention: a clique is a set of nodes every two of which are linked; a single node is a
clique of size 1. Example: links A-B, B-C, C-A, C-D: the largest clique, A, B, C, has 3.

GrAlgoBench's sampled graphs answer 3 in 72–92% of instances. Here the size c is drawn over
3..min(8, n // 2 + 1) (at ``Target.quantile``) and realised inside a reference graph drawn
from n and the link count alone (the cell's m, raised where n is too small to hold the
largest c: a function of n, never of c). Every move is a double-edge swap (Maslov–Sneppen),
so every degree stays the reference's; where the degrees cannot hold the planting (small n,
large c) a link end or a whole link may also move between nodes of degree 3 or more, so
every degree capped at 3 stays (the 0 / 1 / 2 / 3+ histogram a no-chaining reader sees).
Either way the link count and the degree histogram do not tell c (the earlier planting
added the clique and its near misses to a random graph, and the learned reader read c off
them: +33 to +52 points at every scale). Placed by swaps: the c-clique on random nodes
that are not the busiest; a c-core with no c-clique (a block of c + 2 nodes linked but for
a matching, or two wings on the clique), so "degeneracy + 1" overstates c; near misses on
the busiest nodes (a c-clique minus one link, a (c - 1)-clique); then links of any larger
clique, and of the greedy clique (from the busiest node, add the busiest common
neighbour) while it reaches c, are swapped away; where greedy still walks the kept clique
(small n), the busiest node outside it is raised above every clique node (capped degrees
only), so greedy starts off the clique. Greedy reads c if any way of breaking its degree
ties does (a reader breaks them by its node order). A graph is kept only if its clique
number is exactly c and (but for a small share, one coin per graph) both no-search
readers miss it; where the link count leaves room for only one trap (s1's largest c), the
last try keeps a graph that beats one of the two, chosen at random.
"""

from __future__ import annotations

from itertools import combinations

from closurebench.categories._spec import Category, Target
from closurebench.categories.gralgo._common import (
    clique_number,
    edge_count,
    greedy_clique,
    k_core_mask,
    sparse_graph,
)
from closurebench.graph.families import Graph
from closurebench.graph.plant import pick_at_quantile

#: Share of graphs kept although a no-search reader is right.
KEEP = 0.05
LARGEST = 8
#: Share of graphs (with room) that get a triangle-free dense block beside the clique.
BIPARTITE = 0.7
#: Degrees are kept exactly where the reference graph lets them; otherwise each degree capped
#: here (0, 1, 2, "3 or more": the degree histogram a no-chaining reader sees) is kept.
CAP = 3
#: Realisations tried on one reference graph before ``construct`` gives up (returns None).
TRIES = 4
#: Moves tried per link to make or break before a realisation gives up on it.
MOVES = 40
#: Times greedy is lured off the clique per realisation (capped degrees only).
LURES = 3
#: Cliques larger than c broken per realisation before it gives up.
BREAKS = 200


def propose(rng, g):
    return {} if g.edges else None


def _values(n: int) -> list[int]:
    return list(range(3, max(3, min(LARGEST, n // 2 + 1)) + 1))


def _links(n: int, m: int) -> int:
    """The link count of every graph of ``n`` nodes: the cell's ``m``, or, where that cannot
    hold the largest clique of the range with a link or two for every other node (s1, small
    s2), that many. A function of n and m alone, never of the drawn c."""
    top = _values(n)[-1]
    return min(n * (n - 1) // 2, max(m, top * (top - 1) // 2 + 2 * (n - top)))


def construct(rng, n, rho, target: Target):
    values = _values(n)
    u = rng.random() if target.quantile is None else target.quantile
    c = pick_at_quantile(values, [1.0] * len(values), u)
    # the reference graph, drawn from n and m alone: every realisation below keeps each of its
    # degrees (or, failing that, each degree capped at CAP), so the link count and the degree
    # histogram are the same whatever c is
    reference = sorted(sparse_graph(rng, n, _links(n, edge_count(n, rho))))
    keep = rng.random() < KEEP  # one coin per graph: a small share read by a reader is kept
    for t in range(TRIES):
        passes = [(True, True, None), (False, True, None)]
        if t == TRIES - 1:
            # last, where no graph beat both readers: one beats greedy and one beats
            # "degeneracy + 1" (with its c-core), in a random order, so neither reader is
            # right on every graph of a c the link count leaves no room for
            last = [(False, True, "greedy"), (False, False, "degeneracy")]
            passes += last if rng.random() < 0.5 else last[::-1]
        for exact, core, allowed in passes:
            rewired = _Rewiring(rng, n, reference, exact)
            g = rewired.realise(c, core)
            if g is None:
                continue
            a = g.adjacency
            if clique_number(a) != c:
                continue
            greedy_reads = len(_greedy(rewired.adj, c)) >= c
            degeneracy_reads = degeneracy_plus_one(g, {}) == c
            if not keep and ((greedy_reads and allowed != "greedy")
                             or (degeneracy_reads and allowed != "degeneracy")):
                continue
            return g, {}
    return None


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


class _Rewiring:
    """A graph changed one move at a time (a double-edge swap, or where degrees are capped a
    link end moved or a link moved), each move keeping every node's degree (``exact``) or its
    degree capped at ``CAP``. Links made for the answer are kept from later moves; the near
    miss's missing link is never made. Random picks come from lists in a fixed order."""

    def __init__(self, rng, n: int, edges: list[tuple[int, int]], exact: bool) -> None:
        self.rng, self.n, self.exact = rng, n, exact
        self.adj: list[set[int]] = [set() for _ in range(n)]
        self.edges = list(edges)
        self.where = {e: i for i, e in enumerate(self.edges)}
        for a, b in edges:
            self.adj[a].add(b)
            self.adj[b].add(a)
        self.kept: set[tuple[int, int]] = set()
        self.banned: set[tuple[int, int]] = set()

    def _key(self, d: int) -> int:
        return d if self.exact else min(d, CAP)

    def _move(self, drop: list[tuple[int, int]], add: list[tuple[int, int]]) -> bool:
        """Drop links, add pairs, if every node keeps its (capped) degree; else nothing."""
        if len(set(add)) < len(add) or len(set(drop)) < len(drop):
            return False
        if any(e in self.kept or e not in self.where for e in drop):
            return False
        if any(a == b or b in self.adj[a] or (a, b) in self.banned for a, b in add):
            return False
        delta: dict[int, int] = {}
        for (a, b), s in [*((e, -1) for e in drop), *((e, 1) for e in add)]:
            delta[a] = delta.get(a, 0) + s
            delta[b] = delta.get(b, 0) + s
        for v, d in delta.items():
            if d and self._key(len(self.adj[v]) + d) != self._key(len(self.adj[v])):
                return False
        for a, b in drop:
            self.adj[a].discard(b)
            self.adj[b].discard(a)
            i = self.where.pop((a, b))
            last = self.edges.pop()
            if i < len(self.edges):
                self.edges[i] = last
                self.where[last] = i
        for a, b in add:
            self.adj[a].add(b)
            self.adj[b].add(a)
            self.where[(a, b)] = len(self.edges)
            self.edges.append((a, b))
        return True

    def _free(self, u: int) -> int | None:
        """A random neighbour of u over a link not kept (None if none)."""
        pool = sorted(x for x in self.adj[u] if _pair(u, x) not in self.kept)
        return self.rng.choice(pool) if pool else None

    def _any(self) -> tuple[int, int]:
        return self.edges[self.rng.randrange(len(self.edges))]

    def link(self, u: int, v: int) -> bool:
        """Make and keep the link u-v: swap it in for u-x and v-y (x-y made), or, where
        degrees are capped, move a link end (x-u or y-v) or a whole link onto it."""
        e = _pair(u, v)
        if e in self.where:
            self.kept.add(e)
            return True
        for _ in range(MOVES):
            x, y = self._free(u), self._free(v)
            tries = []
            if x is not None and y is not None:
                tries.append(([_pair(u, x), _pair(v, y)], [e, _pair(x, y)]))
            if not self.exact:
                tries += [([_pair(v, y)], [e])] if y is not None else []
                tries += [([_pair(u, x)], [e])] if x is not None else []
                tries.append(([self._any()], [e]))
            if any(self._move(drop, add) for drop, add in tries):
                self.kept.add(e)
                return True
        return False

    def unlink(self, a: int, b: int) -> bool:
        """Remove the link a-b: swap it with a random link x-y (a-x and b-y made), or, where
        degrees are capped, move one of its ends or the whole link elsewhere."""
        e = _pair(a, b)
        for _ in range(MOVES):
            x, y = self._any()
            if self.rng.random() < 0.5:
                x, y = y, x
            tries = [([e, _pair(x, y)], [_pair(a, x), _pair(b, y)])]
            if not self.exact:
                z = self.rng.randrange(self.n)
                tries += [([e], [_pair(a, z)]), ([e], [_pair(x, z)])]
            if any(self._move(drop, add) for drop, add in tries):
                return True
        return False

    def realise(self, c: int, core: bool = True) -> Graph | None:
        """The reference rewired to hold a c-clique on random nodes that are not the
        busiest, a c-core with no c-clique (so "degeneracy + 1" says more than c), near
        misses on the busiest nodes (a c-clique minus one link, a (c - 1)-clique), no clique
        larger than c, and a greedy clique from the busiest node short of c. None where a
        required step (the clique, the missing link, the breaking) fails."""
        rng, adj = self.rng, self.adj
        order = rng.sample(range(self.n), self.n)
        order.sort(key=lambda v: -len(adj[v]))  # the busiest first (random among ties)

        def eligible(d: int, taken: set[int]) -> list[int]:
            return [v for v in order if v not in taken and len(adj[v]) >= self._floor(d)]

        near = order[:c] if self.n >= 3 * c else []
        second = order[c:2 * c - 1] if near and self.n >= 4 * c else []
        taken = set(near) | set(second)
        pool = eligible(c - 1, taken)
        if len(pool) < c:
            return None
        clique = sorted(rng.sample(pool, c))
        if not all(self.link(a, b) for a, b in combinations(clique, 2)):
            return None
        taken |= set(clique)
        if core and c >= 4 and not self._core(c, clique, eligible, taken) and self.exact:
            return None  # capped: best effort, ``construct`` keeps a few graphs it reads
        if near:  # a c-clique minus one link, on the busiest nodes: greedy follows it
            pairs = list(combinations(sorted(near), 2))
            miss = pairs.pop(rng.randrange(len(pairs)))
            if miss in self.where and not self.unlink(*miss):
                return None  # the missing link goes first, if the reference has it
            self.banned.add(miss)
            for a, b in pairs:  # best effort: a near miss short of a link is still one
                self.link(a, b)
        for a, b in combinations(sorted(second), 2):
            self.link(a, b)
        lured = 0
        for _ in range(BREAKS):
            found = _clique_over(adj, c + 1)
            short = found is None
            if short:  # no clique above c; then the greedy one should stay short
                found = _greedy(adj, c)
                if len(found) < c:
                    break
            free = [e for e in combinations(sorted(found), 2) if e not in self.kept]
            if not free or not self.unlink(*rng.choice(free)):
                if short and lured < LURES and not self.exact:
                    lured += 1  # greedy walks the kept clique: lure it off (capped only)
                    self._lure(clique, c)
                    continue
                if short:  # greedy walks the kept clique (small n): ``construct`` decides
                    break
                return None
        else:
            return None
        return Graph(self.n, tuple(sorted(self.edges)), directed=False)

    def _lure(self, clique: list[int], c: int) -> bool:
        """Raise the busiest node w outside the clique above every clique node, linked to
        at most c - 2 of them, so greedy starts at w and its clique stays short of c. Link
        ends move onto w from clique nodes' outside links, then from other nodes of degree
        over the cap (capped degrees only: every degree capped at CAP stays)."""
        rng, adj = self.rng, self.adj
        inside = set(clique)
        outside = rng.sample([v for v in range(self.n) if v not in inside],
                             self.n - len(inside))
        outside.sort(key=lambda v: -len(adj[v]))
        if not outside or len(adj[outside[0]]) < CAP:
            return False
        w = outside[0]
        touching = sorted(adj[w] & inside)
        rng.shuffle(touching)
        for v in touching[max(0, c - 2):]:
            if _pair(w, v) in self.kept or not self.unlink(w, v):
                return False
        self.banned |= {_pair(w, v) for v in clique if v not in adj[w]}
        for _ in range(MOVES * self.n):
            top = max(len(adj[v]) for v in clique)
            if len(adj[w]) > top:
                return True
            busy = sorted(clique, key=lambda v: -len(adj[v]))
            tries = []
            for v in busy[:2]:
                ends = sorted(x for x in adj[v] if x not in inside and x != w
                              and x not in adj[w])
                if ends:
                    tries.append(([_pair(v, rng.choice(ends))], None))
                ends = sorted(x for x in adj[v] if x not in inside and _pair(v, x) not in self.kept)
                if ends:  # or onto another node outside the clique
                    x, z = rng.choice(ends), rng.choice(outside)
                    if z != x and z not in adj[x]:
                        tries.append(([_pair(v, x)], _pair(x, z)))
            y, z = self._any()
            if rng.random() < 0.5:
                y, z = z, y
            if z not in inside and z != w and y != w and y not in adj[w]:
                tries.append(([_pair(y, z)], _pair(y, w)))
            for drop, add in tries:
                if add is None:
                    a, b = drop[0]
                    x = b if a in inside else a
                    add = _pair(w, x)
                if self._move(drop, [add]):
                    break
        return len(adj[w]) > max(len(adj[v]) for v in clique)

    def _core(self, c: int, clique: list[int], eligible, taken: set[int]) -> bool:
        """A c-core without a clique above c, so "degeneracy + 1" says c + 1 or more. Where
        there is room, a block apart: c + 2 nodes linked but for a matching (each node has
        c or c + 1 links in it; no clique above c / 2 + 2). Else two wings on the clique, x
        and y, linked to each other and to all of it but for p (x) and q (y): every node then
        has c links among them, and no clique above c. False where the degrees allow
        neither (exact degrees; the capped realisation tries next)."""
        rng = self.rng
        size = c + 2
        block = eligible(c, taken)
        if len(block) >= size:
            block = rng.sample(block, size)
            taken |= set(block)
            for i, a in enumerate(block):
                for j in range(i + 1 + (i % 2 == 0), size):
                    self.link(a, block[j])
            return True
        wings = eligible(c, taken)
        if len(wings) < 2:
            return False
        x, y = rng.sample(wings, 2)
        p, q = rng.sample(clique, 2)
        taken |= {x, y}
        self.banned |= {_pair(x, p), _pair(y, q)}
        if _pair(x, p) in self.where and not self.unlink(x, p):
            return False
        if _pair(y, q) in self.where and not self.unlink(y, q):
            return False
        return all(self.link(*e) for e in [(x, y), *((x, v) for v in clique if v != p),
                                           *((y, v) for v in clique if v != q)])

    def _floor(self, d: int) -> int:
        """The fewest links a node needs to take ``d`` kept links: d itself where degrees
        are exact, else enough to be at the cap (a capped node can take link ends)."""
        return d if self.exact else min(d, CAP)


#: Greedy walks (one per way of breaking its degree ties) followed before ``_greedy`` stops.
WALKS = 256


def _greedy(adj: list[set[int]], c: int) -> list[int]:
    """A greedy clique (from a busiest node, keep adding a busiest common neighbour) of c
    nodes or more under some way of breaking the degree ties, or the lowest-id walk's nodes
    if none (or if more than ``WALKS`` walks would be needed): which tied node a reader picks
    first depends on the order it lists the nodes in, which the graph does not fix."""
    walks = [0]

    def walk(out: list[int], cand: list[int]) -> list[int] | None:
        if not cand:
            walks[0] += 1
            return out if len(out) >= c else None
        top = max(len(adj[x]) for x in cand)
        for v in sorted(x for x in cand if len(adj[x]) == top):
            if walks[0] >= WALKS:
                return None
            got = walk([*out, v], [x for x in cand if x in adj[v]])
            if got is not None:
                return got
        return None

    found = walk([], list(range(len(adj))))
    if found is not None:
        return found
    cand = list(range(len(adj)))
    out: list[int] = []
    while cand:
        v = max(cand, key=lambda x: (len(adj[x]), -x))
        out.append(v)
        cand = [x for x in cand if x in adj[v]]
    return out


def _clique_over(adj: list[set[int]], k: int) -> list[int] | None:
    """Some k nodes that are pairwise linked (sorted), or None: a search over bitsets of the
    nodes with at least k - 1 neighbours, pruned when too few candidates are left."""
    n = len(adj)
    nbr = [sum(1 << x for x in s) for s in adj]
    alive = sum(1 << v for v in range(n) if len(adj[v]) >= k - 1)
    changed = True
    while changed:  # peel to the (k - 1)-core
        changed = False
        for v in range(n):
            if alive >> v & 1 and (nbr[v] & alive).bit_count() < k - 1:
                alive &= ~(1 << v)
                changed = True

    def grow(chosen: list[int], cand: int) -> list[int] | None:
        if len(chosen) == k:
            return chosen
        while cand and len(chosen) + cand.bit_count() >= k:
            low = cand & -cand
            cand ^= low
            v = low.bit_length() - 1
            got = grow([*chosen, v], cand & nbr[v])
            if got is not None:
                return got
        return None

    return grow([], alive)


def greedy(g, q):
    """Greedy clique from the busiest node: a lower bound found without search."""
    return greedy_clique(g.adjacency)


def degeneracy_plus_one(g, q):
    """The largest k with a non-empty k-core, plus one: an upper bound read as the size."""
    a = g.adjacency
    k = 0
    while k_core_mask(a, k + 1).any():
        k += 1
    return k + 1


def tensor_program(g, q):
    """Bitset branch-and-bound over the adjacency rows (greedy-colouring bound)."""
    return clique_number(g.adjacency)


def nx_program(G, q):
    import networkx as nx

    return max((len(c) for c in nx.find_cliques(G)), default=0)


def template(w, q):
    return (f"A clique is a group of {w.nouns} every two of which are directly linked (one "
            f"{w.noun} alone is a clique of size 1). How many {w.nouns} are in a largest "
            f"clique?")


CATEGORY = Category(
    id="gralgo_max_clique", level=1, family="undirected", answer="integer",
    primitives=("clique",), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=(), min_n=3, generate_min_n=6,
    construct=construct,
    shortcuts={"greedy-clique": greedy, "degeneracy-plus-one": degeneracy_plus_one},
    summary="GrAlgoBench MCP: the clique number of an undirected graph.",
    weights="none",
)
