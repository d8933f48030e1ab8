"""Tensor-logic primitives: graph reasoning as contractions over the adjacency matrix.

Each primitive is one rule of tensor logic (a Datalog rule read as an einsum over the Boolean
semiring), written with numpy. ``A[i, j]`` is 1 iff there is an edge ``i -> j``. Rules:

* ``Compose[i, k] = A[i, j] B[j, k]``               (``compose``)
* ``TC[i, j] = A[i, j] ∨ TC[i, k] A[k, j]``           (``closure``; TC = ∨_{k≥1} A^k)
* ``R[j] = A[x, j] ∨ R[k] A[k, j]``                  (``reach``: row x of TC, without the matrix)
* ``Dout[i] = A[i, j]``, ``Din[j] = A[i, j]``          (``out_degree``, ``in_degree``)
* ``SCC[i, j] = TC[i, j] TC[j, i]``                   (``scc``)
* ``Triangles = A[i, j] A[j, k] A[k, i] / 6``         (``triangles``: trace(A³)/6, undirected)

Conventions (as in ``networkx.transitive_closure(reflexive=False)``): a node is in its own
reachable set only if it lies on a directed cycle. For ``0 -> 1 -> 2``: ``reach(A, 0)`` is
``{1, 2}``; add ``2 -> 0`` and it becomes ``{0, 1, 2}``.

Boolean products run as float32 matrix products thresholded at zero (BLAS-fast and exact for
path counts far below 2**24 per cell, which is all they must distinguish from zero).
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "closure",
    "compose",
    "coreach",
    "distances",
    "generations_above",
    "in_degree",
    "out_degree",
    "reach",
    "scc",
    "scc_of",
    "triangles",
]


def _f(a: np.ndarray) -> np.ndarray:
    return a.astype(np.float32, copy=False)


def compose(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Boolean matrix product: ``(A ∘ B)[i, k] = ∨_j A[i, j] ∧ B[j, k]``."""
    return (_f(a) @ _f(b)) > 0


def closure(a: np.ndarray) -> np.ndarray:
    """Transitive closure by repeated squaring: ``TC = ∨_{k≥1} A^k`` in ⌈log₂ n⌉ products.

    >>> A = np.array([[0, 1, 0], [0, 0, 1], [0, 0, 0]], dtype=bool)
    >>> closure(A).astype(int).tolist()
    [[0, 1, 1], [0, 0, 1], [0, 0, 0]]
    """
    tc = a.astype(bool)
    while True:
        nxt = tc | compose(tc, tc)
        if np.array_equal(nxt, tc):
            return tc
        tc = nxt


def reach(a: np.ndarray, x: int) -> np.ndarray:
    """Row ``x`` of the closure as a Boolean vector, by frontier fixpoint (no n×n closure).

    ``x`` is included only if a cycle returns to it.

    >>> A = np.array([[0, 1, 0], [0, 0, 1], [0, 0, 0]], dtype=bool)
    >>> reach(A, 0).astype(int).tolist()
    [0, 1, 1]
    """
    seen = a[x].astype(bool)
    frontier = seen
    af = _f(a)
    while frontier.any():
        step = (_f(frontier) @ af) > 0
        frontier = step & ~seen
        seen = seen | step
    return seen


def coreach(a: np.ndarray, x: int) -> np.ndarray:
    """Column ``x`` of the closure: the nodes that reach ``x`` (``reach`` on ``Aᵀ``)."""
    return reach(a.T, x)


def out_degree(a: np.ndarray) -> np.ndarray:
    """Row sums: ``Dout[i] = Σ_j A[i, j]``."""
    return a.sum(axis=1, dtype=np.int64)


def in_degree(a: np.ndarray) -> np.ndarray:
    """Column sums: ``Din[j] = Σ_i A[i, j]``."""
    return a.sum(axis=0, dtype=np.int64)


def scc(a: np.ndarray) -> np.ndarray:
    """Mutual reachability ``TC ∧ TCᵀ`` with the diagonal set: ``S[i, j]`` iff same component."""
    tc = closure(a)
    return (tc & tc.T) | np.eye(a.shape[0], dtype=bool)


def scc_of(a: np.ndarray, x: int) -> np.ndarray:
    """The component of ``x`` as a Boolean vector (always contains ``x``): reach ∧ coreach."""
    member = reach(a, x) & coreach(a, x)
    member[x] = True
    return member


def triangles(u: np.ndarray) -> int:
    """Triangles of an undirected graph: ``trace(U³) / 6`` (each closes six length-3 walks)."""
    uf = _f(u).astype(np.float64)
    return round(float(np.trace(uf @ uf @ uf))) // 6


def distances(a: np.ndarray, x: int) -> np.ndarray:
    """Hop distance from ``x`` (``-1`` if unreachable, 0 for ``x``): layer k is ``R_k ∖ R_{<k}``."""
    dist = np.full(a.shape[0], -1, dtype=np.int64)
    dist[x] = 0
    frontier = np.zeros(a.shape[0], dtype=bool)
    frontier[x] = True
    seen = frontier.copy()
    af = _f(a)
    k = 0
    while frontier.any():
        k += 1
        frontier = ((_f(frontier) @ af) > 0) & ~seen
        dist[frontier] = k
        seen |= frontier
    return dist


def generations_above(a: np.ndarray, x: int) -> np.ndarray:
    """Longest path length from each node down to ``x`` in a DAG (``0`` if it is not above x).

    ``L[i] = max{k : A^k[i, x]}``: walk up one generation per step; a node still present at
    step k has a path of exactly k edges to ``x``.
    """
    longest = np.zeros(a.shape[0], dtype=np.int64)
    level = a[:, x].astype(bool)
    af = _f(a)
    k = 0
    while level.any() and k < a.shape[0]:  # k ≤ n also stops a (mistaken) cyclic input
        k += 1
        longest[level] = k
        level = (af @ _f(level)) > 0
    return longest
