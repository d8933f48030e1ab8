"""Run a checked program over numpy: a tree walk that never evaluates host code.

Values are numpy arrays with one axis per free index variable. A join broadcasts its factors
over the union of their indices and multiplies them (AND for Booleans); a rule then sums out
the indices its head does not name (ANY for Booleans): together, an einsum. A rule whose head
occurs in its body is iterated from all-zero to a fixed point. Every step is bounded by
``Limits``: the node count, the cells of any tensor built, fixed-point rounds and wall time,
so an untrusted program always stops, with a ``TLLimitError`` if it would not stop in bounds.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from closurebench.tl import ast as A
from closurebench.tl.checker import Checked
from closurebench.tl.errors import TLLimitError, TLRuntimeError

__all__ = ["Limits", "execute"]

_BIG = 2**53  # integers stay exact in JSON and float64 below this


@dataclass(frozen=True)
class Limits:
    """Resource bounds for one run (defaults far above any benchmark instance)."""

    max_nodes: int = 2000
    max_cells: int = 4_000_000
    max_iterations: int = 1000
    max_seconds: float = 5.0


#: The bounds of a run given none (frozen, so one instance serves every run).
_DEFAULT_LIMITS = Limits()
#: The comparison operators, by their TL spelling.
_COMPARE = {"==": np.equal, "!=": np.not_equal, "<": np.less, "<=": np.less_equal,
            ">": np.greater, ">=": np.greater_equal}


@dataclass(slots=True)
class V:
    kind: str
    vars: tuple[str, ...]
    arr: np.ndarray


class _Run:
    def __init__(self, checked: Checked, labels: list[str], limits: Limits) -> None:
        self.c, self.labels, self.lim = checked, labels, limits
        self.n = len(labels)
        self.pos = {label: i for i, label in enumerate(labels)}
        self.tensors: dict[str, tuple[str, np.ndarray]] = {}
        self.deadline = time.monotonic() + limits.max_seconds
        self.plans = checked.plans
        self.closures: dict[str, np.ndarray] = {}
        self.arange = _arange(self.n)

    # --- bounds --------------------------------------------------------------------------
    def tick(self, at: A.Node) -> None:
        if time.monotonic() > self.deadline:
            raise TLLimitError(f"ran longer than {self.lim.max_seconds} s", at.line, at.column)

    def room(self, k: int, at: A.Node) -> None:
        if self.n ** k > self.lim.max_cells:
            raise TLLimitError(f"a tensor over {k} indices of {self.n} nodes has {self.n ** k} "
                               f"cells; at most {self.lim.max_cells}", at.line, at.column)

    def exact(self, arr: np.ndarray, at: A.Node) -> np.ndarray:
        if arr.dtype.kind != "i" or not arr.size:
            return arr
        if arr.ndim == 0:  # a count or a sum: one Python int is cheaper than two reductions
            if abs(int(arr)) >= _BIG:
                raise TLLimitError(f"an integer reached {abs(int(arr))}; at most 2**53",
                                   at.line, at.column)
            return arr
        if int(np.abs(arr).max()) >= _BIG:
            raise TLLimitError(f"an integer reached {int(np.abs(arr).max())}; at most 2**53",
                               at.line, at.column)
        return arr

    def node(self, label: str, at: A.Node) -> int:
        try:
            return self.pos[label]
        except KeyError:
            raise TLRuntimeError(f"unknown node {label!r}", at.line, at.column) from None

    # --- values --------------------------------------------------------------------------
    def expand(self, v: V, order: tuple[str, ...]) -> np.ndarray:
        """``v`` broadcastable over ``order`` (its axes permuted, missing ones of size 1)."""
        if v.vars == order:
            return v.arr
        arr = v.arr
        mine = sorted(v.vars, key=order.index)
        if tuple(mine) != v.vars:
            arr = arr.transpose([v.vars.index(x) for x in mine])
        return arr.reshape([self.n if x in v.vars else 1 for x in order])

    def project(self, v: V, keep: tuple[str, ...]) -> V:
        axes = tuple(i for i, x in enumerate(v.vars) if x not in keep)
        if not axes:
            return v
        arr = v.arr.any(axis=axes) if v.kind == "bool" else v.arr.sum(axis=axes)
        return V(v.kind, tuple(x for x in v.vars if x in keep), np.asarray(arr))

    def index(self, kind: str, arr: np.ndarray, idx: tuple[A.Index, ...]) -> V:
        plain = self.plans.get(id(idx))
        if plain is None:  # the common case: plain distinct variables, the tensor as it is
            names = tuple(i.name for i in idx if type(i) is A.Var)  # type: ignore[union-attr]
            ok = len(names) == len(idx) and len(set(names)) == len(names)
            plain = self.plans[id(idx)] = names if ok else ()
        if plain or not idx:
            return V(kind, plain, arr)
        sel: list[Any] = []
        names: list[str] = []
        for i in idx:
            if isinstance(i, A.Var):
                sel.append(slice(None))
                names.append(i.name)
            elif isinstance(i, A.Str):
                sel.append(self.node(i.label, i))
            else:
                sel.append(int(self.tensors[i.name][1]))
        out = arr[tuple(sel)]
        if len(set(names)) != len(names):  # R[x, x]: the diagonal
            letters = {x: chr(97 + k) for k, x in enumerate(dict.fromkeys(names))}
            spec = "".join(letters[x] for x in names) + "->" + "".join(letters.values())
            out = np.einsum(spec, out)
            names = list(letters)
        return V(kind, tuple(names), np.asarray(out))

    def value(self, e: A.Expr) -> V:
        if isinstance(e, A.Access):
            kind, arr = self.tensors[e.name]
            if e.indices is None:
                return V(kind, (), arr)
            return self.index(kind, arr, e.indices)
        if isinstance(e, A.Mul):
            vals = [self.value(f) for f in e.factors]
            order: tuple[str, ...] = tuple(dict.fromkeys(x for v in vals for x in v.vars))
            self.room(len(order), e)
            self.tick(e)
            kinds = {v.kind for v in vals}
            if kinds == {"bool"}:
                out = self.expand(vals[0], order)
                for v in vals[1:]:
                    out = out & self.expand(v, order)
                return V("bool", order, np.asarray(out))
            dtype = np.float64 if "float" in kinds else np.int64
            out = self.expand(vals[0], order).astype(dtype)
            for v in vals[1:]:
                out = out * self.expand(v, order)
            return V("float" if "float" in kinds else "int", order,
                     self.exact(np.asarray(out), e))
        if isinstance(e, A.Add):
            vals = [self.value(t) for t in e.terms]
            return self.combine(vals, e)
        if isinstance(e, A.Not):
            v = self.value(e.operand)
            return V("bool", v.vars, ~v.arr)
        if isinstance(e, A.Cmp):
            return self.compare(e)
        if isinstance(e, A.Call):
            return self.call(e)
        if isinstance(e, A.Num):
            return V("int", (), np.asarray(e.value, dtype=np.int64))
        if isinstance(e, A.Bool):
            return V("bool", (), np.asarray(e.value))
        if isinstance(e, A.Str):
            return V("node", (), np.asarray(self.node(e.label, e)))
        raise TLRuntimeError(f"cannot evaluate {type(e).__name__}", e.line, e.column)

    def contract(self, e: A.Expr, keep: tuple[str, ...], count: bool = False) -> V:
        """``e`` with every index not in ``keep`` summed out; a join is one ``einsum``
        (Boolean: OR of ANDs; ``count``: the number of true assignments, as an integer)."""
        if not isinstance(e, A.Mul):
            v = self.value(e)
            if count:
                v = V("int", v.vars, v.arr.astype(np.int64))
            return self.project(v, keep)
        vals = [self.value(f) for f in e.factors]
        key = (id(e), keep, count)
        plan = self.plans.get(key)
        if plan is None:  # factor indices and kinds are fixed by the program: plan once
            order: tuple[str, ...] = tuple(dict.fromkeys(x for v in vals for x in v.vars))
            kinds = {v.kind for v in vals}
            if "float" in kinds or len(order) > 26:
                plan = (order, None, (), False)
            else:
                letters = {x: chr(97 + i) for i, x in enumerate(order)}
                out = tuple(x for x in order if x in keep)
                spec = ",".join("".join(letters[x] for x in v.vars) for v in vals) + "->" + \
                    "".join(letters[x] for x in out)
                plan = (order, spec, out, kinds == {"bool"} and not count)
            self.plans[key] = plan
        order, spec, out, boolean = plan
        self.room(len(order), e)
        self.tick(e)
        if spec is None:
            v = self.value(e)
            return self.project(V("int", v.vars, v.arr.astype(np.int64)) if count else v, keep)
        arrays = [v.arr if boolean else v.arr.astype(np.int64) for v in vals]
        arr = np.asarray(np.einsum(spec, *arrays))
        return V("bool", out, arr) if boolean else V("int", out, self.exact(arr, e))

    def combine(self, vals: list[V], at: A.Node) -> V:
        order = tuple(dict.fromkeys(x for v in vals for x in v.vars))
        self.room(len(order), at)
        if all(v.kind == "bool" for v in vals):
            out = self.expand(vals[0], order)
            for v in vals[1:]:
                out = out | self.expand(v, order)
            return V("bool", order, self.full(out, len(order)))
        kind = "float" if any(v.kind == "float" for v in vals) else "int"
        out = self.expand(vals[0], order).astype(np.float64 if kind == "float" else np.int64)
        for v in vals[1:]:
            out = out + self.expand(v, order)
        return V(kind, order, self.exact(self.full(out, len(order)), at))

    def compare(self, e: A.Cmp) -> V:
        sides = []
        for s in (e.left, e.right):
            if isinstance(s, A.Var):
                sides.append(V("node", (s.name,), self.arange))
            else:
                sides.append(self.value(s))
        order = tuple(dict.fromkeys(x for v in sides for x in v.vars))
        a, b = (self.expand(v, order) for v in sides)
        return V("bool", order, self.full(_COMPARE[e.op](a, b), len(order)))

    def full(self, arr: np.ndarray, k: int) -> np.ndarray:
        """``arr`` broadcast to every index's full size (a fresh array only when it must be)."""
        shape = (self.n,) * k
        return arr if arr.shape == shape else np.broadcast_to(arr, shape).copy()

    # --- builtins ------------------------------------------------------------------------
    def relation(self, e: A.Expr) -> np.ndarray:
        assert isinstance(e, A.Access)  # the checker allows nothing else here
        return self.tensors[e.name][1]

    def call(self, e: A.Call) -> V:
        fn, args = e.fn, e.args
        if fn in ("closure", "outdeg", "indeg", "dist"):
            a = self.relation(args[0])
            if fn == "closure":  # once per relation and run
                name = args[0].name  # type: ignore[union-attr]
                if name not in self.closures:
                    self.closures[name] = self.closure(a, e)
                kind, arr = "bool", self.closures[name]
            elif fn == "outdeg":
                kind, arr = "int", a.sum(axis=1, dtype=np.int64)
            elif fn == "indeg":
                kind, arr = "int", a.sum(axis=0, dtype=np.int64)
            else:
                kind, arr = "int", self.dist(a, int(self.value(args[1]).arr), e)
            return self.index(kind, arr, e.indices or ())
        if fn == "num":
            v = self.value(args[0])
            return V("int", v.vars, v.arr.astype(np.int64))
        if fn == "count":
            return self.contract(args[0], (), count=True)
        if fn == "sum":
            v = self.value(args[0])
            return V("int", (), self.exact(np.asarray(v.arr.sum(dtype=np.int64)), e))
        if fn == "argmax":
            v = self.value(args[0])
            best = np.flatnonzero(v.arr == v.arr.max())
            if len(best) != 1:
                tied = ", ".join(self.labels[i] for i in best[:5])
                raise TLRuntimeError(f"argmax: {len(best)} nodes tie for the maximum "
                                     f"({tied}{', ...' if len(best) > 5 else ''})",
                                     e.line, e.column)
            return V("node", (), np.asarray(int(best[0])))
        if fn == "mean":
            v, m = self.value(args[0]), self.value(args[1])
            size = int(np.count_nonzero(m.arr))
            if not size:
                raise TLRuntimeError("mean over an empty set", e.line, e.column)
            return V("float", (), np.asarray(int(v.arr[m.arr].sum()) / size))
        if fn == "round":
            x = self.value(args[0]).arr.item()
            return V("float", (), np.asarray(round(float(x), args[1].value)))  # type: ignore[union-attr]
        # branch: only the chosen value is evaluated (the checker gave both one kind)
        return self.value(args[1] if bool(self.value(args[0]).arr) else args[2])

    def closure(self, a: np.ndarray, at: A.Node) -> np.ndarray:
        """``TC ← TC ∨ TC·TC`` to a fixed point; each product is a 3-index join, so bounded
        like one."""
        self.room(3, at)
        tc = a.astype(bool)
        size = np.count_nonzero(tc)  # each round's count is the next round's "before"
        while True:
            self.tick(at)
            nxt = tc | (tc @ tc)
            grown = np.count_nonzero(nxt)
            if grown == size:  # nxt ⊇ tc: same size, same set
                return tc
            tc, size = nxt, grown

    def dist(self, a: np.ndarray, x: int, at: A.Node) -> np.ndarray:
        out = np.full(self.n, -1, dtype=np.int64)
        out[x] = 0
        frontier = np.zeros(self.n, dtype=bool)
        frontier[x] = True
        seen = frontier.copy()
        k = 0
        while frontier.any():
            self.tick(at)
            k += 1
            frontier = a[frontier].any(axis=0) & ~seen
            out[frontier] = k
            seen |= frontier
        return out

    # --- statements ----------------------------------------------------------------------
    def rule(self, r: A.Rule) -> None:
        head = tuple(v.name for v in r.indices)
        self.room(len(head), r)
        kind = self.c.relations[r.head][0]
        if r.head not in self.c.recursive:
            self.tensors[r.head] = (kind, self.evaluate(r, head))
            return
        dtype = bool if kind == "bool" else np.int64
        self.tensors[r.head] = (kind, np.zeros((self.n,) * len(head), dtype=dtype))
        terms = r.body.terms if isinstance(r.body, A.Add) else (r.body,)
        fixed = [self.contract(t, head) for t in terms if not _uses(t, r.head)]
        moving = [t for t in terms if _uses(t, r.head)]
        for _ in range(self.lim.max_iterations):
            self.tick(r)
            new = self.evaluate(r, head, [*fixed, *(self.contract(t, head) for t in moving)])
            if np.array_equal(new, self.tensors[r.head][1]):
                return
            self.tensors[r.head] = (kind, new)
        raise TLLimitError(f"{r.head} did not reach a fixed point in {self.lim.max_iterations} "
                           "rounds", r.line, r.column)

    def evaluate(self, r: A.Rule, head: tuple[str, ...], vals: list[V] | None = None
                 ) -> np.ndarray:
        """The body with each top-level term contracted onto the head's indices separately
        (``vals``: those terms, already contracted)."""
        if vals is None:
            terms = r.body.terms if isinstance(r.body, A.Add) else (r.body,)
            vals = [self.contract(t, head) for t in terms]
        out = self.combine(vals, r) if len(vals) > 1 else vals[0]
        arr = self.expand(out, head) if out.vars else out.arr
        if arr.shape != (self.n,) * len(head):
            arr = np.broadcast_to(arr, (self.n,) * len(head)).copy()
        return arr

    def answer(self, value: A.Expr | A.Record) -> Any:
        if isinstance(value, A.Record):
            return {k: self.answer(v) for k, v in value.fields}
        v = self.value(value)
        if v.vars:
            return sorted(self.labels[i] for i in np.flatnonzero(v.arr))
        if v.kind == "bool":
            return bool(v.arr)
        if v.kind == "node":
            return self.labels[int(v.arr)]
        if v.kind == "float":
            return float(v.arr)
        return int(v.arr)


@lru_cache(maxsize=64)
def _arange(n: int) -> np.ndarray:
    """The node ids ``0..n-1`` (read-only: one array serves every run over n nodes)."""
    ids = np.arange(n)
    ids.flags.writeable = False
    return ids


def _uses(expr: A.Expr, name: str) -> bool:
    from closurebench.tl.checker import mentions

    return mentions(expr, name)


def execute(checked: Checked, labels: list[str], facts: dict[str, list[tuple[str, ...]]],
            scalars: dict[str, Any] | None = None, limits: Limits | None = None,
            tensors: dict[str, np.ndarray] | None = None) -> Any:
    """The answer of a checked program on a node domain, fact tuples and input scalars.

    ``scalars`` maps input names to a node label (for ``node`` inputs) or an integer;
    ``tensors`` may give fact relations directly as Boolean arrays over ``labels`` (the
    generator does, from the graph it holds), instead of as tuples in ``facts``.
    """
    lim = limits or _DEFAULT_LIMITS
    if len(labels) > lim.max_nodes:
        raise TLLimitError(f"{len(labels)} nodes; at most {lim.max_nodes}")
    run = _Run(checked, labels, lim)
    for name, rows in facts.items():
        arity = checked.relations[name][1]
        run.room(arity, A.Node(0, 0))
        arr = np.zeros((run.n,) * arity, dtype=bool)
        if rows:
            idx = np.array([[run.pos[a] for a in row] for row in rows], dtype=np.intp)
            arr[tuple(idx.T)] = True
        run.tensors[name] = ("bool", arr)
    for name, arr in (tensors or {}).items():
        if arr.shape != (run.n,) * checked.relations[name][1] or arr.dtype != bool:
            raise TLRuntimeError(f"{name} must be a Boolean tensor over the {run.n} nodes")
        run.tensors[name] = ("bool", arr)
    for name, value in (scalars or {}).items():
        kind = checked.relations[name][0]
        if kind == "node":
            run.tensors[name] = ("node", np.asarray(run.node(value, A.Node(0, 0))))
        else:
            run.tensors[name] = (kind, np.asarray(value, dtype=np.int64))
    for s in checked.program.statements:
        if isinstance(s, A.Rule):
            run.tick(s)
            run.rule(s)
    assert checked.answer is not None
    return run.answer(checked.answer.value)
