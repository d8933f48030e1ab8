"""Tensor-logic primitives: graph reasoning as contractions over the adjacency matrix.

Each primitive is one rule of tensor logic (a Datalog rule read as an einsum over the Boolean
semiring), written with numpy. ``A[i, j]`` is 1 iff there is an edge ``i -> j``. Rules:

* ``Compose[i, k] = A[i, j] B[j, k]``               (``compose``)
* ``TC[i, j] = A[i, j] ∨ TC[i, k] A[k, j]``           (``closure``; TC = ∨_{k≥1} A^k)
* ``R[j] = TC[x, j]``                                (``reach``: row x of TC)
* ``Dout[i] = A[i, j]``, ``Din[j] = A[i, j]``          (``out_degree``, ``in_degree``)
* ``SCC[i, j] = TC[i, j] TC[j, i]``                   (``scc``)
* ``Triangles = A[i, j] A[j, k] A[k, i] / 6``         (``triangles``: trace(A³)/6, undirected)

Conventions (as in ``networkx.transitive_closure(reflexive=False)``): a node is in its own
reachable set only if it lies on a directed cycle. For ``0 -> 1 -> 2``: ``reach(A, 0)`` is
``{1, 2}``; add ``2 -> 0`` and it becomes ``{0, 1, 2}``.

Two evaluation paths, same results (property-tested against each other and NetworkX):

* ``n <= SMALL_N`` (every graph of the paper's n ≤ 20 range): the rules literally, as Boolean
  matrix products (numpy's ``@`` on ``bool``; from 25 nodes a float32 BLAS product thresholded
  at zero, exact for path counts far below 2**24). The walks one source at a time
  (``distances``, ``generations_above``) use successor lists instead: a Python BFS over ten
  nodes costs less than the numpy calls of one matrix-vector layer.
* ``n > SMALL_N``: the same relations on a sparse representation, because dense products cost
  O(n³) (seconds at n = 2,000). Rows are Python-int bitsets: a reachable set is one bitset BFS;
  the whole closure (``closure``, ``scc``) is built once on the condensation (components in
  reverse topological order), one OR per edge between components.

A generator proposes up to 16 queries on one graph, each reading rows of the same closure, so
results derived from a *read-only* matrix (every ``Graph.adjacency`` is one) are memoised per
matrix, and shared results (``closure``, ``compose``, the degrees) come back read-only;
``reach``, ``coreach`` and ``scc_of`` always return fresh vectors the caller may change.
Writable matrices are never memoised: their contents could change under the memo.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

import numpy as np

__all__ = [
    "SMALL_N",
    "bit_triangles",
    "closure",
    "compose",
    "coreach",
    "distances",
    "generations_above",
    "hop_limit",
    "in_degree",
    "members",
    "out_degree",
    "reach",
    "scc",
    "scc_of",
    "substitute",
    "triangles",
]

#: Largest n evaluated with dense matrix products; larger graphs use the bitset path. Above
#: ~64 nodes OpenBLAS goes multi-threaded, and on a busy machine (or beside other generator
#: workers) one product can then stall for tens of milliseconds; the bitset path never does.
SMALL_N = 64
#: Largest n whose products use numpy's Boolean ``@`` (no BLAS call, no float conversion).
BOOL_MATMUL_N = 24


#: The k of the k-hop reader, or None for the full closure (see ``hop_limit``).
_HOPS: ContextVar[int | None] = ContextVar("closurebench_hops", default=None)


def hop_limit(k: int | None) -> _HopLimit:
    """Cut every closure at ``k`` edges: ``TC_k = ∨_{1≤i≤k} A^i`` instead of ``∨_{i≥1} A^i``.

    Inside the block ``closure``, ``reach``, ``coreach``, ``scc``, ``scc_of``, ``distances``
    (nodes beyond k hops read as unreachable) and ``generations_above`` (ancestors beyond k
    generations unseen) all become the k-hop reader's view, so any category program run here
    gives the answer of a reader who never chains more than k edges. That is how ``hops`` (the
    depth an answer needs) and the k-hop shortcut baselines come from each category's own
    program, without a second table of categories. ``compose`` (a fixed power) is unaffected.

    >>> A = np.array([[0, 1, 0], [0, 0, 1], [0, 0, 0]], dtype=bool)
    >>> with hop_limit(1):
    ...     reach(A, 0).astype(int).tolist()
    [0, 1, 0]
    """
    if k is not None and (isinstance(k, bool) or not isinstance(k, int) or k < 1):
        raise ValueError(f"hop limit must be a positive integer or None, got {k!r}")
    return _HopLimit(k)


class _HopLimit:
    """The context manager ``hop_limit`` returns: a plain class, not ``@contextmanager``, as
    ``pose.answer_hops`` enters one per k per candidate and a generator-based one costs
    several times more to enter and leave."""

    __slots__ = ("k", "token")

    def __init__(self, k: int | None) -> None:
        self.k = k

    def __enter__(self) -> None:
        self.token = _HOPS.set(self.k)

    def __exit__(self, *exc: object) -> None:
        _HOPS.reset(self.token)


#: A reader's own view of the relations that chain edges (see ``substitute``), or None.
_VIEW: ContextVar[Callable[..., Any] | None] = ContextVar("closurebench_view", default=None)


def substitute(view: Callable[..., Any] | None) -> _Substitute:
    """Ask ``view`` for every relation that chains edges before computing it.

    Inside the block, ``reach(a, x)``, ``coreach(a, x)``, ``distances(a, x)``,
    ``generations_above(a, x)`` and ``compose(a, b)`` first call ``view(name, a, x_or_b)``; a
    value it returns replaces the engine's, ``None`` lets the engine compute. ``scc_of`` is
    reach ∧ coreach, so it follows. A reader that never chains two edges (a classifier on
    degrees and direct neighbours, say) then answers *through a category's own program*: the
    program does its arithmetic on top of the reader's guesses, with no table of categories.
    That is the audit's learned adversary (``closurebench.audit.adversary``); ``hop_limit`` is
    the same idea for the k-hop reader.

    >>> A = np.array([[0, 1, 0], [0, 0, 1], [0, 0, 0]], dtype=bool)
    >>> with substitute(lambda name, a, x: a[x].copy() if name == "reach" else None):
    ...     reach(A, 0).astype(int).tolist()
    [0, 1, 0]
    """
    return _Substitute(view)


class _Substitute:
    """The context manager ``substitute`` returns (a plain class, like ``_HopLimit``)."""

    __slots__ = ("token", "view")

    def __init__(self, view: Callable[..., Any] | None) -> None:
        self.view = view

    def __enter__(self) -> None:
        self.token = _VIEW.set(self.view)

    def __exit__(self, *exc: object) -> None:
        _VIEW.reset(self.token)


def _viewed(name: str, a: np.ndarray, arg: Any) -> Any:
    """The substitute view's value for one relation, or None (compute it)."""
    view = _VIEW.get()
    return None if view is None else view(name, a, arg)


def _limit(n: int) -> int | None:
    """The active hop limit, or None when unset or when it cannot cut anything (k ≥ n)."""
    k = _HOPS.get()
    return None if k is None or k >= n else k


_BOOL = np.dtype(bool)


def _f(a: np.ndarray) -> np.ndarray:
    return a.astype(np.float32, copy=False)


# --- the rules ---------------------------------------------------------------------------------

def compose(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Boolean matrix product: ``(A ∘ B)[i, k] = ∨_j A[i, j] ∧ B[j, k]``.

    numpy's ``@`` on Booleans is this product exactly; past a few dozen nodes the float32 BLAS
    product (thresholded) is faster, and past ``SMALL_N`` the bitset one.
    """
    if _VIEW.get() is not None and (got := _viewed("compose", a, b)) is not None:
        return got
    return _memoised(a, "compose", lambda: _product(a, b), other=b)


def _product(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    n = a.shape[0]
    if n > SMALL_N:
        return _compose_bits(a, b)
    if n > BOOL_MATMUL_N:
        return (_f(a) @ _f(b)) > 0
    # Closure rounds multiply Boolean matrices: an identity check costs less than astype's
    # argument handling (a bool array it would hand back unchanged).
    if a.dtype is not _BOOL:
        a = a.astype(bool)
    if b.dtype is not _BOOL:
        b = b.astype(bool)
    return a @ b


def closure(a: np.ndarray) -> np.ndarray:
    """Transitive closure ``TC = ∨_{k≥1} A^k``, by repeated squaring for small n.

    >>> A = np.array([[0, 1, 0], [0, 0, 1], [0, 0, 0]], dtype=bool)
    >>> closure(A).astype(int).tolist()
    [[0, 1, 1], [0, 0, 1], [0, 0, 0]]
    """
    k = _limit(a.shape[0])
    if k is not None:
        return _memoised(a, f"closure@{k}", lambda: _closure_upto(a, k))
    if a.shape[0] > SMALL_N:
        return _memoised(a, "closure", lambda: _unpack(_index(a).rows(), a.shape[0]))
    return _memoised(a, "closure", lambda: _closure_dense(a))


def _closure_dense(a: np.ndarray) -> np.ndarray:
    """``TC ← TC ∨ TC·TC`` until nothing changes: ⌈log₂ n⌉ products at most."""
    tc = a.astype(bool)
    size = np.count_nonzero(tc)  # each round's count is the next round's "before"
    while True:
        nxt = tc | _product(tc, tc)  # TC is fresh each round: nothing for the memo to keep
        grown = np.count_nonzero(nxt)
        if grown == size:  # nxt ⊇ tc: same size, same set
            return tc
        tc, size = nxt, grown


def _closure_upto(a: np.ndarray, k: int) -> np.ndarray:
    """``TC_k = ∨_{1≤i≤k} A^i``, extending the powers already found for ``a`` (``_Hops``)."""
    return _memoised(a, "hops", lambda: _Hops(a)).upto(a, k)


class _Hops:
    """``TC_k = ∨_{1≤i≤k} A^i`` for k = 1, 2, ...: one product per new k.

    ``pose.answer_hops`` asks for k = 1, 2, ... on one graph in turn, so on a read-only
    matrix (memoised as ``"hops"``) each ``TC_k`` extends the last one by a single power
    instead of recomputing all k - 1 products. It keeps no reference to ``a`` (the memo of
    ``a`` must not keep ``a`` alive).
    """

    __slots__ = ("power", "tcs")

    def __init__(self, a: np.ndarray) -> None:
        self.power = a.astype(bool)  # A^i for the last TC_i computed
        self.tcs = [self.power]  # tcs[i - 1] = TC_i

    def upto(self, a: np.ndarray, k: int) -> np.ndarray:
        """``TC_k`` of ``a``, the matrix this was built from."""
        while len(self.tcs) < k:
            tc = self.tcs[-1]
            if not np.count_nonzero(self.power):  # no walk of this length: nor longer ones
                self.tcs.append(tc)
                continue
            self.power = _product(self.power, a)
            self.tcs.append(tc | self.power)
        return self.tcs[k - 1]


def reach(a: np.ndarray, x: int) -> np.ndarray:
    """Row ``x`` of the closure as a fresh Boolean vector; ``x`` is in it only on a cycle.

    >>> A = np.array([[0, 1, 0], [0, 0, 1], [0, 0, 0]], dtype=bool)
    >>> reach(A, 0).astype(int).tolist()
    [0, 1, 1]
    """
    if _VIEW.get() is not None and (got := _viewed("reach", a, x)) is not None:
        return got
    if a.shape[0] > SMALL_N:
        k = _limit(a.shape[0])
        if k is None:
            return _unpack_row(_reach_bits(a, x), a.shape[0])
        return _reach_within(a, x, k)
    return closure(a)[x].copy()


def coreach(a: np.ndarray, x: int) -> np.ndarray:
    """Column ``x`` of the closure: the nodes that reach ``x`` (row x of ``closure(Aᵀ)``)."""
    if _VIEW.get() is not None and (got := _viewed("coreach", a, x)) is not None:
        return got
    if a.shape[0] > SMALL_N:
        k = _limit(a.shape[0])
        if k is None:
            return _unpack_row(_reach_bits(a.T, x), a.shape[0])
        return _reach_within(a.T, x, k)
    return closure(a)[:, x].copy()


def _reach_within(a: np.ndarray, x: int, k: int) -> np.ndarray:
    """Row x of ``TC_k`` from one (memoised) BFS instead of k products of an n × n matrix:
    the nodes 1..k hops away, and x itself if a predecessor of x is at most k - 1 away.

    The k-hop reader tries k = 1, 2, ... on one graph, so at n = 2,000 the BFS is done once.
    """
    with hop_limit(None):
        dist = _memoised(a, f"distances:{x}", lambda: distances(a, x))
    out = (dist > 0) & (dist <= k)
    out[x] = bool(((dist >= 0) & (dist <= k - 1) & a[:, x].astype(bool)).any())
    return out


def out_degree(a: np.ndarray) -> np.ndarray:
    """Row sums: ``Dout[i] = Σ_j A[i, j]``."""
    return _memoised(a, "out_degree", lambda: a.sum(axis=1, dtype=np.int64))


def in_degree(a: np.ndarray) -> np.ndarray:
    """Column sums: ``Din[j] = Σ_i A[i, j]``."""
    return _memoised(a, "in_degree", lambda: a.sum(axis=0, dtype=np.int64))


def scc(a: np.ndarray) -> np.ndarray:
    """Mutual reachability ``TC ∧ TCᵀ`` with the diagonal set: ``S[i, j]`` iff same component."""
    if a.shape[0] > SMALL_N and _limit(a.shape[0]) is None:
        comp = np.array(_index(a).comp)
        return comp[:, None] == comp[None, :]
    tc = closure(a)
    return (tc & tc.T) | np.eye(a.shape[0], dtype=bool)


def scc_of(a: np.ndarray, x: int) -> np.ndarray:
    """The component of ``x`` as a Boolean vector (always contains ``x``): reach ∧ coreach."""
    member = reach(a, x) & coreach(a, x)
    member[x] = True
    return member


def triangles(u: np.ndarray) -> int:
    """Triangles of an undirected graph: ``trace(U³) / 6`` (each closes six length-3 walks)."""
    def count() -> int:
        if u.shape[0] > SMALL_N:
            return _triangles_bits(u)
        uf = _f(u).astype(np.float64)
        return round(float(np.trace(uf @ uf @ uf))) // 6

    return _memoised(u, "triangles", count)


def distances(a: np.ndarray, x: int) -> np.ndarray:
    """Hop distance from ``x`` (``-1`` if unreachable, 0 for ``x``): layer k is ``R_k ∖ R_{<k}``.

    Under ``hop_limit(k)`` nodes more than k hops away read as unreachable.
    """
    if _VIEW.get() is not None and (got := _viewed("distances", a, x)) is not None:
        return got
    k = _limit(a.shape[0])
    if k is not None:
        with hop_limit(None):
            dist = distances(a, x)
        dist[dist > k] = -1
        return dist
    if a.shape[0] > SMALL_N:
        return _distances_bits(_rows(a), x)
    # A program asks for the full distances again under every hop limit (answer_hops tries
    # k = 1, 2, ...): one BFS per source of a read-only matrix, a fresh copy per call.
    return _memoised(a, f"distances:{x}", lambda: _distances_lists(_links(a), x)).copy()


def _distances_lists(succ: list[list[int]], x: int) -> np.ndarray:
    """``distances`` by BFS over successor lists (no hop limit).

    The layers ``R_k ∖ R_{<k}`` one node at a time: on the ten-node graphs generation asks
    about, a Python BFS costs less than the numpy calls of one matrix-vector layer.
    """
    dist = [-1] * len(succ)
    dist[x] = 0
    frontier, k = [x], 0
    while frontier:
        k += 1
        nxt = []
        for u in frontier:
            for v in succ[u]:
                if dist[v] < 0:
                    dist[v] = k
                    nxt.append(v)
        frontier = nxt
    return np.array(dist, dtype=np.int64)


def generations_above(a: np.ndarray, x: int) -> np.ndarray:
    """Longest path length from each node down to ``x`` in a DAG (``0`` if it is not above x).

    ``L[i] = max{k : A^k[i, x]}``: walk up one generation per step; a node still present at
    step k has a path of exactly k edges to ``x``. Under ``hop_limit(k)`` the walk stops after k
    generations.
    """
    if _VIEW.get() is not None and (got := _viewed("generations_above", a, x)) is not None:
        return got
    cap = _limit(a.shape[0]) or a.shape[0]  # k ≤ n also stops a (mistaken) cyclic input
    if a.shape[0] > SMALL_N:
        return _generations_bits(_rows(a.T), x, cap)
    pred = _links(a.T)  # predecessor lists, as in ``distances``: no numpy call per step
    longest = [0] * a.shape[0]
    level = set(pred[x])
    k = 0
    while level and k < cap:
        k += 1
        for v in level:
            longest[v] = k
        level = {u for v in level for u in pred[v]}
    return np.array(longest, dtype=np.int64)


def _links(a: np.ndarray) -> list[list[int]]:
    """Each row's nonzero columns, ascending (successor lists; of ``a.T``, predecessors).

    The small-graph BFS walks (``distances``, ``generations_above``) read these. Shared
    through the memo like every derived value, so callers must not change them.
    """
    return _memoised(a, "links", lambda: _lists(a))


def _lists(a: np.ndarray) -> list[list[int]]:
    out: list[list[int]] = [[] for _ in range(a.shape[0])]
    src, dst = a.nonzero()
    for u, v in zip(src.tolist(), dst.tolist()):
        out[u].append(v)
    return out


# --- memo for read-only matrices ---------------------------------------------------------------

#: id(matrix) -> (weak reference to it, what was derived from it). An entry leaves with its
#: matrix, so the memo holds only what live graphs still use.
_MEMOS: dict[int, tuple[weakref.ref, dict[tuple, Any]]] = {}


def _canonical(a: np.ndarray) -> tuple[np.ndarray, bool]:
    """``(m, True)`` if ``a`` is the transpose view ``m.T``, else ``(a, False)``.

    ``a.T`` is a new view object on every call; keying on ``m`` lets ``compose(A.T, A)`` and
    ``coreach`` reuse what was derived from ``A`` itself.
    """
    m = a.base  # a view with m's extent and reversed strides can only be m.T itself
    if (isinstance(m, np.ndarray) and m.ndim == 2 and a.shape == m.shape[::-1]
            and a.strides == m.strides[::-1]):
        return m, True
    return a, False


def _frozen(a: np.ndarray) -> bool:
    """True if neither ``a`` nor any buffer it views can be written through."""
    m: Any = a
    while isinstance(m, np.ndarray):
        if m.flags.writeable:
            return False
        m = m.base
    return m is None or isinstance(m, bytes)


def _freeze(a: np.ndarray) -> None:
    m: Any = a
    while isinstance(m, np.ndarray):
        m.setflags(write=False)  # half the cost of going through ``m.flags``
        m = m.base


def _memo(a: np.ndarray) -> tuple[dict[tuple, Any], bool] | None:
    """The memo of a read-only matrix (and whether ``a`` is its transpose), or ``None``."""
    entry = _MEMOS.get(id(a))
    if entry is not None and entry[0]() is a:  # the common case: a graph's own matrix
        return entry[1], False
    m, transposed = _canonical(a)
    if transposed:
        entry = _MEMOS.get(id(m))
        if entry is not None and entry[0]() is m:
            return entry[1], True
    if not _frozen(m):
        return None
    key = id(m)

    def forget(ref: weakref.ref, memos: dict = _MEMOS) -> None:
        # ``memos`` bound now: at interpreter exit the module's globals may already be None
        if memos.get(key, (None,))[0] is ref:
            del memos[key]

    memo: dict[tuple, Any] = {}
    _MEMOS[key] = (weakref.ref(m, forget), memo)
    return memo, transposed


def _memoised(a: np.ndarray, name: str, compute: Callable[[], Any],
              other: np.ndarray | None = None) -> Any:
    """``compute()``, remembered for a read-only ``a`` (and ``other``, if given).

    Arrays are frozen before they are remembered, so a caller cannot change a shared result,
    and a frozen result (say ``compose(A, A)``) is itself memoised when passed back in.
    """
    found = _memo(a)
    if found is None:
        return compute()
    memo, transposed = found
    key: tuple = (name, transposed)
    partner = None
    if other is not None:
        theirs = _memo(other)
        if theirs is None:
            return compute()
        partner, other_t = _canonical(other)
        key += (id(partner), other_t)
    hit = memo.get(key)
    if hit is not None and (partner is None or hit[0]() is partner):
        return hit[1]
    value = compute()
    if isinstance(value, np.ndarray):
        _freeze(value)
    memo[key] = (weakref.ref(partner) if partner is not None else None, value)
    return value


# --- the bitset path (n > SMALL_N) -------------------------------------------------------------
# A row is a Python int whose bit j is A[i, j]; OR, AND and bit_count run in C over 64-bit words.

def _rows(a: np.ndarray) -> list[int]:
    """Each row of ``a`` as an int bitset."""
    return _memoised(a, "rows", lambda: _pack(a))


def _index(a: np.ndarray) -> _Index:
    return _memoised(a, "index", lambda: _Index(_rows(a)))


def _reach_bits(a: np.ndarray, x: int) -> int:
    """Row x of TC: from the closure index if one was built, else by one bitset BFS.

    A BFS touches only what x reaches (a fraction of a millisecond at n = 2,000), while the
    index pays for every row at once; the index is built only when all rows are asked for.
    """
    found = _memo(a)
    hit = found[0].get(("index", found[1])) if found is not None else None
    if hit is not None:
        return hit[1].row(x)
    rows = _rows(a)
    seen, frontier = 0, rows[x]
    while frontier:
        seen |= frontier
        step = 0
        for v in members(frontier):
            step |= rows[v]
        frontier = step & ~seen
    return seen


def _pack(a: np.ndarray) -> list[int]:
    """Rows as int bitsets: one shift per edge when sparse, else via ``np.packbits``.

    Both read the underlying matrix in memory order (a transposed view read row by row is
    ten times slower at n = 2,000).
    """
    m, transposed = _canonical(a)
    n = a.shape[0]
    if np.count_nonzero(m) * 64 < m.size:  # sparse: cheaper than packing n² bits
        src, dst = np.divmod(np.flatnonzero(m), m.shape[1])
        if transposed:
            src, dst = dst, src
        rows = [0] * n
        for u, v in zip(src.tolist(), dst.tolist()):
            rows[u] |= 1 << v
        return rows
    dense = np.ascontiguousarray(a, dtype=bool)
    packed = np.packbits(dense, axis=1, bitorder="little")
    width = packed.shape[1]
    raw = packed.tobytes()
    return [int.from_bytes(raw[i:i + width], "little") for i in range(0, len(raw), width)]


def _unpack_row(bits: int, n: int) -> np.ndarray:
    raw = np.frombuffer(bits.to_bytes((n + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(raw, count=n, bitorder="little").view(bool)


def _unpack(rows: list[int], n: int) -> np.ndarray:
    width = (n + 7) // 8
    raw = np.frombuffer(b"".join(r.to_bytes(width, "little") for r in rows), dtype=np.uint8)
    bits = np.unpackbits(raw.reshape(len(rows), width), axis=1, count=n, bitorder="little")
    return bits.view(bool)


def members(bits: int) -> list[int]:
    """The set bits of ``bits``, ascending (numpy unpacks the long ones in one go)."""
    if bits.bit_count() > 24:
        return np.flatnonzero(_unpack_row(bits, bits.bit_length())).tolist()
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


class _Index:
    """Strongly connected components and closure rows of one matrix, in bitsets.

    ``comp[v]`` is v's component id; ids follow Tarjan's emission order, which is reverse
    topological (every edge between components goes from a higher id to a lower one), so one
    pass in id order builds each component's reachable set from its successors' finished ones.
    """

    def __init__(self, succ: list[int]) -> None:
        self.comp, groups = _tarjan(succ)
        below: list[int] = []  # below[c]: nodes reachable from component c by >= 1 edge
        for nodes in groups:
            inside = 0
            for v in nodes:
                inside |= 1 << v
            out = 0
            for v in nodes:
                out |= succ[v]
            cyclic = len(nodes) > 1 or bool(succ[nodes[0]] >> nodes[0] & 1)
            acc = inside if cyclic else 0
            for w in members(out & ~inside):
                d = self.comp[w]
                acc |= below[d] | (1 << w)
            below.append(acc)
        self.below = below

    def row(self, x: int) -> int:
        return self.below[self.comp[x]]

    def rows(self) -> list[int]:
        return [self.below[c] for c in self.comp]


def _tarjan(succ: list[int]) -> tuple[list[int], list[list[int]]]:
    """Tarjan's strongly connected components, iterative; components in emission order."""
    n = len(succ)
    adj = [members(s) for s in succ]
    index = [-1] * n
    low = [0] * n
    comp = [-1] * n
    on_stack = [False] * n
    stack: list[int] = []
    groups: list[list[int]] = []
    counter = 0
    for root in range(n):
        if index[root] >= 0:
            continue
        work = [(root, 0)]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        while work:
            v, i = work[-1]
            nbrs = adj[v]
            if i < len(nbrs):
                work[-1] = (v, i + 1)
                w = nbrs[i]
                if index[w] < 0:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack[w] = True
                    work.append((w, 0))
                elif on_stack[w] and index[w] < low[v]:
                    low[v] = index[w]
                continue
            work.pop()
            if work:
                u = work[-1][0]
                if low[v] < low[u]:
                    low[u] = low[v]
            if low[v] == index[v]:
                group = []
                while True:
                    w = stack.pop()
                    on_stack[w] = False
                    comp[w] = len(groups)
                    group.append(w)
                    if w == v:
                        break
                groups.append(group)
    return comp, groups


def _compose_bits(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Row i of A∘B is the OR of B's rows j over A[i, j]: one OR per nonzero of A."""
    arows, brows = _rows(a), _rows(b)
    out = []
    for r in arows:
        acc = 0
        for j in members(r):
            acc |= brows[j]
        out.append(acc)
    return _unpack(out, b.shape[1])


def _triangles_bits(u: np.ndarray) -> int:
    return bit_triangles(_rows(u))


def bit_triangles(nbrs: list[int], cap: int | None = None) -> int:
    """Undirected triangles of a graph given as neighbour bitmasks, at most ``cap`` if given.

    Each triangle has three edges, and each edge {i, j} closes |N(i) ∩ N(j)| of them. With a
    cap the sum stops once it holds ``3 * cap``: a constructor asking "at least eight?" of a
    thousand-node set (a billion triangles) needs only the first few rows.
    """
    total = 0
    for i, r in enumerate(nbrs):
        for j in members(r >> (i + 1)):
            total += (r & nbrs[i + 1 + j]).bit_count()
        if cap is not None and total >= 3 * cap:
            return cap
    return total // 3 if cap is None else min(total // 3, cap)


def _distances_bits(succ: list[int], x: int) -> np.ndarray:
    dist = np.full(len(succ), -1, dtype=np.int64)
    dist[x] = 0
    seen = frontier = 1 << x
    k = 0
    while frontier:
        k += 1
        nxt = 0
        for v in members(frontier):
            nxt |= succ[v]
        frontier = nxt & ~seen
        seen |= frontier
        dist[members(frontier)] = k
    return dist


def _generations_bits(pred: list[int], x: int, cap: int) -> np.ndarray:
    n = len(pred)
    longest = np.zeros(n, dtype=np.int64)
    level = pred[x]
    k = 0
    while level and k < cap:
        k += 1
        longest[members(level)] = k
        nxt = 0
        for v in members(level):
            nxt |= pred[v]
        level = nxt
    return longest
