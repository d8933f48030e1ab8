"""Run a checked program over numpy: compiled to Python closures, never evaluating host code.

Values are numpy arrays with one axis per free index variable. A join broadcasts its factors
over the union of their indices and multiplies them (AND for Booleans); a rule then sums out
the indices its head does not name (ANY for Booleans): together, an einsum. A rule whose head
occurs in its body is iterated from all-zero to a fixed point. Every step is bounded by
``Limits``: the node count, the cells of any tensor built, fixed-point rounds and wall time,
so an untrusted program always stops, with a ``TLLimitError`` if it would not stop in bounds.

Every expression's kind and free indices are fixed by the program (the checker's types), so a
checked program is compiled once into a tree of closures, each holding its layout (einsum
subscripts, axis permutations, summed axes): a run over one instance's nodes and facts does
only the numpy work, the bounds checks and the lookups its nodes and facts need.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from closurebench.tl import ast as A
from closurebench.tl.checker import Checked, mentions, union
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


class _Run:
    """One run's state: the nodes, the tensors defined so far, the bounds and their checks."""

    __slots__ = ("arange", "closures", "deadline", "labels", "lim", "n", "pos", "tensors")

    def __init__(self, labels: list[str], limits: Limits) -> None:
        self.labels, self.lim = labels, limits
        self.n = len(labels)
        self.pos = {label: i for i, label in enumerate(labels)}
        self.tensors: dict[str, np.ndarray] = {}
        self.deadline = time.monotonic() + limits.max_seconds
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

    def full(self, arr: np.ndarray, k: int) -> np.ndarray:
        """``arr`` broadcast to every index's full size (a fresh array only when it must be)."""
        shape = (self.n,) * k
        return arr if arr.shape == shape else np.broadcast_to(arr, shape).copy()

    # --- builtins ------------------------------------------------------------------------
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


#: A compiled expression's work: its array in one run.
_Fn = Callable[[_Run], Any]
#: Lays an array over more (or reordered) indices, for broadcasting.
_Widen = Callable[[_Run, Any], Any]
#: Combines the arrays of already evaluated terms (in the order they were compiled).
_Combine = Callable[[_Run, list[Any]], Any]


@dataclass(frozen=True, slots=True)
class _Code:
    """A compiled expression: its kind and free indices (fixed by the program) and its work."""

    kind: str
    vars: tuple[str, ...]
    fn: _Fn


@dataclass(frozen=True, slots=True)
class _Plan:
    """A compiled program: each rule (with its statement, for the time check) and the answer."""

    rules: tuple[tuple[A.Rule, Callable[[_Run], None]], ...]
    answer: Callable[[_Run], Any]


def _same(run: _Run, arr: Any) -> Any:
    return arr


def _widen(have: tuple[str, ...], order: tuple[str, ...]) -> _Widen:
    """An array over ``have`` made broadcastable over ``order`` (its axes permuted into
    ``order``'s, the missing ones of size 1)."""
    if have == order:
        return _same
    mine = sorted(have, key=order.index)
    perm = [have.index(x) for x in mine] if tuple(mine) != have else None
    mask = [x in have for x in order]

    def widen(run: _Run, arr: Any) -> Any:
        if perm is not None:
            arr = arr.transpose(perm)
        return arr.reshape([run.n if m else 1 for m in mask])

    return widen


def _every(run: _Run) -> slice:
    return slice(None)


def _ids(run: _Run) -> np.ndarray:
    return run.arange


class _Compiler:
    """Checked syntax to closures. Each closure evaluates its operands, checks the bounds and
    the clock, and raises, in the order a direct walk of the tree would, so answers and errors
    (which one, where) do not depend on the compilation."""

    def __init__(self, checked: Checked) -> None:
        self.rel, self.recursive = checked.relations, checked.recursive

    # --- values --------------------------------------------------------------------------
    def index(self, kind: str, source: _Fn, idx: tuple[A.Index, ...]) -> _Code:
        names = tuple(i.name for i in idx if type(i) is A.Var)  # type: ignore[union-attr]
        if len(names) == len(idx) and len(set(names)) == len(names):
            return _Code(kind, names, source)  # plain distinct variables: the tensor as it is
        picks: list[Callable[[_Run], Any]] = []
        for i in idx:
            if isinstance(i, A.Var):
                picks.append(_every)
            elif isinstance(i, A.Str):
                picks.append(lambda run, i=i: run.node(i.label, i))
            else:
                picks.append(lambda run, name=i.name: int(run.tensors[name]))
        kept = tuple(dict.fromkeys(names))
        spec = None
        if len(kept) != len(names):  # R[x, x]: the diagonal
            letters = {x: chr(97 + k) for k, x in enumerate(kept)}
            spec = "".join(letters[x] for x in names) + "->" + "".join(letters.values())

        def pick(run: _Run) -> Any:
            out = source(run)[tuple([p(run) for p in picks])]
            if spec is not None:
                out = np.einsum(spec, out)
            return np.asarray(out)

        return _Code(kind, kept, pick)

    def expr(self, e: A.Expr) -> _Code:
        if isinstance(e, A.Access):
            name = e.name

            def access(run: _Run) -> Any:
                return run.tensors[name]

            kind = self.rel[name][0]
            return _Code(kind, (), access) if e.indices is None else \
                self.index(kind, access, e.indices)
        if isinstance(e, A.Mul):
            return self.mul(e)
        if isinstance(e, A.Add):
            return self.add(e)
        if isinstance(e, A.Not):
            operand = self.expr(e.operand)
            f = operand.fn
            return _Code("bool", operand.vars, lambda run: ~f(run))
        if isinstance(e, A.Cmp):
            return self.compare(e)
        if isinstance(e, A.Call):
            return self.call(e)
        if isinstance(e, A.Num):
            value = e.value
            return _Code("int", (), lambda run: np.asarray(value, dtype=np.int64))
        if isinstance(e, A.Bool):
            truth = e.value
            return _Code("bool", (), lambda run: np.asarray(truth))
        if isinstance(e, A.Str):
            s = e
            return _Code("node", (), lambda run: np.asarray(run.node(s.label, s)))

        def fail(run: _Run) -> Any:  # not reached: the checker admits no other expression
            raise TLRuntimeError(f"cannot evaluate {type(e).__name__}", e.line, e.column)

        return _Code("?", (), fail)

    def mul(self, e: A.Mul) -> _Code:
        codes = [self.expr(f) for f in e.factors]
        order = union(*[c.vars for c in codes])
        k, fns = len(order), [c.fn for c in codes]
        first, *rest = [_widen(c.vars, order) for c in codes]
        kinds = {c.kind for c in codes}
        if kinds == {"bool"}:
            def conj(run: _Run) -> Any:
                arrs = [f(run) for f in fns]
                run.room(k, e)
                run.tick(e)
                out = first(run, arrs[0])
                for w, a in zip(rest, arrs[1:]):
                    out = out & w(run, a)
                return np.asarray(out)

            return _Code("bool", order, conj)
        kind = "float" if "float" in kinds else "int"
        dtype = np.float64 if kind == "float" else np.int64

        def product(run: _Run) -> Any:
            arrs = [f(run) for f in fns]
            run.room(k, e)
            run.tick(e)
            out = first(run, arrs[0]).astype(dtype)
            for w, a in zip(rest, arrs[1:]):
                out = out * w(run, a)
            return run.exact(np.asarray(out), e)

        return _Code(kind, order, product)

    def add(self, e: A.Add) -> _Code:
        codes = [self.expr(t) for t in e.terms]
        kind, order, combine = self.combine(codes, e)
        fns = [c.fn for c in codes]
        return _Code(kind, order, lambda run: combine(run, [f(run) for f in fns]))

    def combine(self, codes: list[_Code], at: A.Node) -> tuple[str, tuple[str, ...], _Combine]:
        """Union (Boolean) or sum of terms, each laid over all their indices."""
        order = union(*[c.vars for c in codes])
        k = len(order)
        first, *rest = [_widen(c.vars, order) for c in codes]
        if all(c.kind == "bool" for c in codes):
            def either(run: _Run, arrs: list[Any]) -> Any:
                run.room(k, at)
                out = first(run, arrs[0])
                for w, a in zip(rest, arrs[1:]):
                    out = out | w(run, a)
                return run.full(out, k)

            return "bool", order, either
        kind = "float" if any(c.kind == "float" for c in codes) else "int"
        dtype = np.float64 if kind == "float" else np.int64

        def total(run: _Run, arrs: list[Any]) -> Any:
            run.room(k, at)
            out = first(run, arrs[0]).astype(dtype)
            for w, a in zip(rest, arrs[1:]):
                out = out + w(run, a)
            return run.exact(run.full(out, k), at)

        return kind, order, total

    def compare(self, e: A.Cmp) -> _Code:
        left, right = (_Code("node", (s.name,), _ids) if isinstance(s, A.Var) else self.expr(s)
                       for s in (e.left, e.right))
        order = union(left.vars, right.vars)
        k, op, fa, fb = len(order), _COMPARE[e.op], left.fn, right.fn
        wa, wb = _widen(left.vars, order), _widen(right.vars, order)

        def cmp(run: _Run) -> Any:
            a, b = fa(run), fb(run)
            return run.full(op(wa(run, a), wb(run, b)), k)

        return _Code("bool", order, cmp)

    def contract(self, e: A.Expr, keep: tuple[str, ...], count: bool = False) -> _Code:
        """``e`` with every index not in ``keep`` summed out; a join is one ``einsum``
        (Boolean: OR of ANDs; ``count``: the number of true assignments, as an integer)."""
        if not isinstance(e, A.Mul):
            return self.project(self.expr(e), keep, count)
        codes = [self.expr(f) for f in e.factors]
        order = union(*[c.vars for c in codes])
        k, fns = len(order), [c.fn for c in codes]
        kinds = {c.kind for c in codes}
        if "float" in kinds or len(order) > 26:  # no einsum: the join, then the sums
            then = self.project(self.mul(e), keep, count)
            g = then.fn

            def joined(run: _Run) -> Any:
                for f in fns:
                    f(run)
                run.room(k, e)
                run.tick(e)
                return g(run)

            return _Code(then.kind, then.vars, joined)
        letters = {x: chr(97 + i) for i, x in enumerate(order)}
        out = tuple(x for x in order if x in keep)
        spec = ",".join("".join(letters[x] for x in c.vars) for c in codes) + "->" + \
            "".join(letters[x] for x in out)
        if kinds == {"bool"} and not count:
            def any_of(run: _Run) -> Any:
                arrs = [f(run) for f in fns]
                run.room(k, e)
                run.tick(e)
                return np.asarray(np.einsum(spec, *arrs))

            return _Code("bool", out, any_of)

        def sum_of(run: _Run) -> Any:
            arrs = [f(run).astype(np.int64) for f in fns]
            run.room(k, e)
            run.tick(e)
            return run.exact(np.asarray(np.einsum(spec, *arrs)), e)

        return _Code("int", out, sum_of)

    def project(self, code: _Code, keep: tuple[str, ...], count: bool = False) -> _Code:
        """``code`` (as 0/1 integers if ``count``) with the indices not in ``keep`` summed."""
        f = code.fn
        if count:
            code = _Code("int", code.vars, lambda run: f(run).astype(np.int64))
        axes = tuple(i for i, x in enumerate(code.vars) if x not in keep)
        if not axes:
            return code
        g, kept = code.fn, tuple(x for x in code.vars if x in keep)
        if code.kind == "bool":
            return _Code("bool", kept, lambda run: np.asarray(g(run).any(axis=axes)))
        return _Code(code.kind, kept, lambda run: np.asarray(g(run).sum(axis=axes)))

    # --- builtins ------------------------------------------------------------------------
    def call(self, e: A.Call) -> _Code:
        fn, args = e.fn, e.args
        if fn in ("closure", "outdeg", "indeg", "dist"):
            name = args[0].name  # type: ignore[union-attr]  # the checker: a relation's name
            source: _Fn
            if fn == "closure":  # once per relation and run
                def source(run: _Run) -> Any:
                    a = run.tensors[name]
                    if name not in run.closures:
                        run.closures[name] = run.closure(a, e)
                    return run.closures[name]
            elif fn == "outdeg":
                def source(run: _Run) -> Any:
                    return run.tensors[name].sum(axis=1, dtype=np.int64)
            elif fn == "indeg":
                def source(run: _Run) -> Any:
                    return run.tensors[name].sum(axis=0, dtype=np.int64)
            else:
                start = self.expr(args[1]).fn

                def source(run: _Run) -> Any:
                    a = run.tensors[name]
                    return run.dist(a, int(start(run)), e)
            return self.index("bool" if fn == "closure" else "int", source, e.indices or ())
        if fn == "count":
            return self.contract(args[0], (), count=True)
        if fn == "branch":  # only the chosen value is evaluated (the checker gave both one kind)
            cond, then, other = (self.expr(a) for a in args)
            fc, ft, fo = cond.fn, then.fn, other.fn
            return _Code(then.kind, then.vars,
                         lambda run: ft(run) if bool(fc(run)) else fo(run))
        if fn == "mean":
            fv, fm = self.expr(args[0]).fn, self.expr(args[1]).fn

            def mean(run: _Run) -> Any:
                v, m = fv(run), fm(run)
                size = int(np.count_nonzero(m))
                if not size:
                    raise TLRuntimeError("mean over an empty set", e.line, e.column)
                return np.asarray(int(v[m].sum()) / size)

            return _Code("float", (), mean)
        if fn == "round":
            fx, digits = self.expr(args[0]).fn, args[1].value  # type: ignore[union-attr]
            return _Code("float", (),
                         lambda run: np.asarray(round(float(fx(run).item()), digits)))
        arg = self.expr(args[0])
        f = arg.fn
        if fn == "num":
            return _Code("int", arg.vars, lambda run: f(run).astype(np.int64))
        if fn == "sum":
            return _Code("int", (), lambda run: run.exact(
                np.asarray(f(run).sum(dtype=np.int64)), e))

        def argmax(run: _Run) -> Any:
            arr = f(run)
            best = np.flatnonzero(arr == arr.max())
            if len(best) != 1:
                tied = ", ".join(run.labels[i] for i in best[:5])
                raise TLRuntimeError(f"argmax: {len(best)} nodes tie for the maximum "
                                     f"({tied}{', ...' if len(best) > 5 else ''})",
                                     e.line, e.column)
            return np.asarray(int(best[0]))

        return _Code("node", (), argmax)

    # --- statements ----------------------------------------------------------------------
    def rule(self, r: A.Rule) -> Callable[[_Run], None]:
        head, name = tuple(v.name for v in r.indices), r.head
        k, kind = len(head), self.rel[name][0]
        terms = r.body.terms if isinstance(r.body, A.Add) else (r.body,)
        if name not in self.recursive:
            codes = [self.contract(t, head) for t in terms]
            fns, finish = [c.fn for c in codes], self.finish(codes, head, r)

            def define(run: _Run) -> None:
                run.room(k, r)
                run.tensors[name] = finish(run, [f(run) for f in fns])

            return define
        dtype = bool if kind == "bool" else np.int64
        fixed = [self.contract(t, head) for t in terms if not mentions(t, name)]
        moving = [self.contract(t, head) for t in terms if mentions(t, name)]
        finish = self.finish([*fixed, *moving], head, r)

        def iterate(run: _Run) -> None:
            run.room(k, r)
            run.tensors[name] = np.zeros((run.n,) * k, dtype=dtype)
            done = [c.fn(run) for c in fixed]
            for _ in range(run.lim.max_iterations):
                run.tick(r)
                new = finish(run, [*done, *(c.fn(run) for c in moving)])
                if np.array_equal(new, run.tensors[name]):
                    return
                run.tensors[name] = new
            raise TLLimitError(f"{name} did not reach a fixed point in "
                               f"{run.lim.max_iterations} rounds", r.line, r.column)

        return iterate

    def finish(self, codes: list[_Code], head: tuple[str, ...], r: A.Rule) -> _Combine:
        """A rule's tensor from its top-level terms, each already contracted onto the head's
        indices: their union or sum, laid out over the head at full size."""
        if len(codes) > 1:
            _, have, combine = self.combine(codes, r)
        else:
            have, combine = codes[0].vars, lambda run, arrs: arrs[0]
        widen = _widen(have, head) if have else _same
        k = len(head)

        def tensor(run: _Run, arrs: list[Any]) -> Any:
            arr = widen(run, combine(run, arrs))
            if arr.shape != (run.n,) * k:
                arr = np.broadcast_to(arr, (run.n,) * k).copy()
            return arr

        return tensor

    def answer(self, value: A.Expr | A.Record) -> Callable[[_Run], Any]:
        if isinstance(value, A.Record):
            fields = [(k, self.answer(v)) for k, v in value.fields]
            return lambda run: {k: f(run) for k, f in fields}
        code = self.expr(value)
        f = code.fn
        if code.vars:
            return lambda run: sorted(run.labels[i] for i in np.flatnonzero(f(run)))
        if code.kind == "bool":
            return lambda run: bool(f(run))
        if code.kind == "node":
            return lambda run: run.labels[int(f(run))]
        if code.kind == "float":
            return lambda run: float(f(run))
        return lambda run: int(f(run))


def _plan(checked: Checked) -> _Plan:
    """The program compiled, once per checked program (kept on it for every later run)."""
    plan = checked.compiled
    if plan is None:
        assert checked.answer is not None
        compiler = _Compiler(checked)
        plan = checked.compiled = _Plan(
            tuple((s, compiler.rule(s)) for s in checked.program.statements
                  if isinstance(s, A.Rule)),
            compiler.answer(checked.answer.value))
    return plan


@lru_cache(maxsize=64)
def _arange(n: int) -> np.ndarray:
    """The node ids ``0..n-1`` (read-only: one array serves every run over n nodes)."""
    ids = np.arange(n)
    ids.flags.writeable = False
    return ids


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
    run = _Run(labels, lim)
    for name, rows in facts.items():
        arity = checked.relations[name][1]
        run.room(arity, A.Node(0, 0))
        arr = np.zeros((run.n,) * arity, dtype=bool)
        if rows:
            idx = np.array([[run.pos[a] for a in row] for row in rows], dtype=np.intp)
            arr[tuple(idx.T)] = True
        run.tensors[name] = arr
    for name, arr in (tensors or {}).items():
        if arr.shape != (run.n,) * checked.relations[name][1] or arr.dtype != bool:
            raise TLRuntimeError(f"{name} must be a Boolean tensor over the {run.n} nodes")
        run.tensors[name] = arr
    for name, value in (scalars or {}).items():
        if checked.relations[name][0] == "node":
            run.tensors[name] = np.asarray(run.node(value, A.Node(0, 0)))
        else:
            run.tensors[name] = np.asarray(value, dtype=np.int64)
    plan = _plan(checked)
    for s, rule in plan.rules:
        run.tick(s)
        rule(run)
    return plan.answer(run)
