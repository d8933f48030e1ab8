"""Static checks before anything runs: names, arity, index sets, Boolean vs integer tensors.

Every expression has a static type: a kind (``bool``, ``int``, ``float`` or ``node``) and the
tuple of its free index variables. A rule sums out the body's indices its head does not name
(``∃`` for Boolean terms, ``Σ`` for integer ones); a head index the body never binds is an
error (Datalog's range restriction). Mixing a Boolean and an integer in ``+`` is an error
(``num`` turns a Boolean into 0/1); in a join the Boolean acts as a 0/1 mask.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from closurebench.tl import ast as A
from closurebench.tl.errors import TLTypeError
from closurebench.tl.parser import BUILTINS

__all__ = ["Checked", "Type", "check", "mentions"]

_POSITIONAL = {"closure": ("bool", 2), "outdeg": ("int", 1), "indeg": ("int", 1),
               "dist": ("int", 1)}


@dataclass(frozen=True)
class Type:
    kind: str  # bool, int, float, node, or "index" for a bare index variable
    vars: tuple[str, ...] = ()


@dataclass
class Checked:
    """A program that passed the checks, with what the interpreter needs to know of it."""

    program: A.Program
    relations: dict[str, tuple[str, int]]  # name -> (kind, arity), facts and rules alike
    facts: dict[str, int]  # fact relations declared in the program -> arity
    recursive: set[str] = field(default_factory=set)
    answer: A.Answer | None = None
    #: the interpreter's compiled program (closures holding its einsum subscripts and index
    #: layouts), built on the first run and reused by every later one
    compiled: Any = field(default=None, repr=False, compare=False)


def union(*groups: tuple[str, ...]) -> tuple[str, ...]:
    """The indices of ``groups`` in order of first appearance (an expression's free indices;
    the interpreter lays arrays out in this order too)."""
    return tuple(dict.fromkeys(v for g in groups for v in g))


def _err(node: A.Node, message: str) -> TLTypeError:
    return TLTypeError(message, node.line, node.column)


def mentions(expr: A.Expr | A.Record, name: str) -> bool:
    """True if ``expr`` reads ``name`` (as a tensor or as a node in an index position)."""
    if isinstance(expr, A.Access):
        return expr.name == name or any(
            isinstance(i, A.Ref) and i.name == name for i in expr.indices or ())
    if isinstance(expr, A.Call):
        return any(mentions(a, name) for a in expr.args) or any(
            isinstance(i, A.Ref) and i.name == name for i in expr.indices or ())
    if isinstance(expr, A.Not):
        return mentions(expr.operand, name)
    if isinstance(expr, A.Cmp):
        return mentions(expr.left, name) or mentions(expr.right, name)
    if isinstance(expr, A.Mul):
        return any(mentions(f, name) for f in expr.factors)
    if isinstance(expr, A.Add):
        return any(mentions(t, name) for t in expr.terms)
    return False


class _Checker:
    def __init__(self, relations: dict[str, tuple[str, int]]) -> None:
        self.rel = dict(relations)

    def indices(self, idx: tuple[A.Index, ...], arity: int, name: str, at: A.Node) -> Type:
        if len(idx) != arity:
            raise _err(at, f"{name} has {arity} ind{'ex' if arity == 1 else 'ices'}, "
                           f"given {len(idx)}")
        for i in idx:
            if isinstance(i, A.Ref):
                kind = self.rel.get(i.name)
                if kind != ("node", 0):
                    raise _err(i, f"{i.name} in an index position must be a node "
                                  f"(a \"string\" or a name bound to one)")
        return Type("?", union(tuple(i.name for i in idx if isinstance(i, A.Var))))

    def relation_arg(self, e: A.Expr, fn: str, at: A.Node) -> None:
        if not (isinstance(e, A.Access) and e.indices is None and e.name in self.rel):
            raise _err(at, f"{fn}(R) takes the name of a Boolean relation with 2 indices")
        if self.rel[e.name] != ("bool", 2):
            kind, arity = self.rel[e.name]
            raise _err(e, f"{fn}({e.name}): {e.name} is a {kind} tensor with {arity} "
                          "indices; a Boolean relation with 2 is needed")

    def scalar(self, e: A.Expr, kinds: tuple[str, ...], what: str) -> Type:
        t = self.expr(e)
        if t.vars or t.kind not in kinds:
            got = f"{t.kind} over [{', '.join(t.vars)}]" if t.vars else t.kind
            raise _err(e, f"{what} must be a {' or '.join(kinds)} scalar, got {got}")
        return t

    def call(self, e: A.Call) -> Type:
        fn, args = e.fn, e.args
        if len(args) != BUILTINS[fn]:
            raise _err(e, f"{fn} takes {BUILTINS[fn]} argument(s), given {len(args)}")
        if fn in _POSITIONAL:
            self.relation_arg(args[0], fn, e)
            if fn == "dist":
                self.scalar(args[1], ("node",), "dist's second argument")
            kind, arity = _POSITIONAL[fn]
            if e.indices is None:
                raise _err(e, f"{fn}(...) is a tensor with {arity} ind"
                              f"{'ex' if arity == 1 else 'ices'}; index it, e.g. "
                              f"{fn}(...)[{', '.join('xy'[:arity])}]")
            return Type(kind, self.indices(e.indices, arity, f"{fn}(...)", e).vars)
        if e.indices is not None:
            raise _err(e, f"{fn}(...) is a scalar or an expression; it takes no indices")
        if fn in ("num", "count", "sum"):
            t = self.expr(args[0])
            want = "int" if fn == "sum" else "bool"
            if t.kind != want:
                raise _err(args[0], f"{fn} takes a {want} expression, got {t.kind}")
            return Type("int", t.vars if fn == "num" else ())
        if fn == "argmax":
            t = self.expr(args[0])
            if len(t.vars) != 1 or t.kind not in ("int", "bool", "float"):
                raise _err(args[0], "argmax takes an int or bool expression over exactly one "
                                    f"index, got {t.kind} over [{', '.join(t.vars)}]")
            return Type("node")
        if fn == "mean":
            v, m = self.expr(args[0]), self.expr(args[1])
            if v.kind not in ("int", "bool") or len(v.vars) != 1:
                raise _err(args[0], "mean(V, S): V must be an int expression over one index")
            if m.kind != "bool" or m.vars != v.vars:
                raise _err(args[1], f"mean(V, S): S must be a Boolean over [{v.vars[0]}], "
                                    f"got {m.kind} over [{', '.join(m.vars)}]")
            return Type("float")
        if fn == "round":
            self.scalar(args[0], ("int", "float"), "round's first argument")
            if not (isinstance(args[1], A.Num) and 0 <= args[1].value <= 10):
                raise _err(args[1], "round's second argument must be an integer 0..10")
            return Type("float")
        # branch(condition, then, else)
        self.scalar(args[0], ("bool",), "branch's condition")
        a = self.scalar(args[1], ("int", "float", "bool", "node"), "branch's value")
        b = self.scalar(args[2], ("int", "float", "bool", "node"), "branch's value")
        if a.kind == b.kind:
            return a
        raise _err(e, f"branch's two values must have one kind, got {a.kind} and {b.kind}")

    def expr(self, e: A.Expr) -> Type:
        if isinstance(e, A.Access):
            if e.name not in self.rel:
                raise _err(e, f"{e.name} is not defined (define it before use)")
            kind, arity = self.rel[e.name]
            if e.indices is None:
                if arity:
                    raise _err(e, f"{e.name} has {arity} indices; write "
                                  f"{e.name}[{', '.join('xyzw'[:arity])}]")
                return Type(kind)
            return Type(kind, self.indices(e.indices, arity, e.name, e).vars)
        if isinstance(e, A.Call):
            return self.call(e)
        if isinstance(e, A.Num):
            return Type("int")
        if isinstance(e, A.Bool):
            return Type("bool")
        if isinstance(e, A.Str):
            return Type("node")
        if isinstance(e, A.Var):
            raise _err(e, f"index {e.name} alone is not a value; compare it, e.g. "
                          f"({e.name} != X), or index a tensor with it")
        if isinstance(e, A.Not):
            t = self.expr(e.operand)
            if t.kind != "bool":
                raise _err(e, f"! takes a Boolean, got {t.kind}")
            return t
        if isinstance(e, A.Cmp):
            return self.cmp(e)
        if isinstance(e, A.Mul):
            ts = [self.expr(f) for f in e.factors]
            for f, t in zip(e.factors, ts):
                if t.kind == "node":
                    raise _err(f, "a node cannot be joined; compare it, e.g. (y == X)")
            kinds = {t.kind for t in ts}
            kind = "float" if "float" in kinds else "int" if "int" in kinds else "bool"
            return Type(kind, union(*(t.vars for t in ts)))
        if isinstance(e, A.Add):
            ts = [self.expr(t) for t in e.terms]
            kinds = {t.kind for t in ts}
            if "node" in kinds or ("bool" in kinds and len(kinds) > 1):
                raise _err(e, f"+ needs all-Boolean or all-numeric terms, got "
                              f"{', '.join(sorted(kinds))} (num(...) turns a Boolean into 0/1)")
            kind = "float" if "float" in kinds else ts[0].kind
            return Type(kind, union(*(t.vars for t in ts)))
        raise _err(e, f"unknown expression {type(e).__name__}")

    def cmp(self, e: A.Cmp) -> Type:
        sides = []
        for side in (e.left, e.right):
            t = Type("node", (side.name,)) if isinstance(side, A.Var) else self.expr(side)
            sides.append(t)
        a, b = sides
        numeric = {"int", "float"}
        if not ((a.kind == b.kind == "node") or (a.kind in numeric and b.kind in numeric)
                or (e.op in ("==", "!=") and a.kind == b.kind == "bool")):
            raise _err(e, f"cannot compare {a.kind} with {b.kind} using {e.op}")
        return Type("bool", union(a.vars, b.vars))

    def rule(self, r: A.Rule, out: Checked) -> None:
        if r.head in self.rel:
            raise _err(r, f"{r.head} is already defined; every name is defined once")
        names = [v.name for v in r.indices]
        if len(set(names)) != len(names):
            raise _err(r, f"{r.head}'s head repeats an index")
        recursive = mentions(r.body, r.head)
        kind = "bool"
        if recursive:  # typed Boolean if that checks, else integer
            out.recursive.add(r.head)
            self.rel[r.head] = ("bool", len(names))
            try:
                t = self.expr(r.body)
            except TLTypeError:
                t = Type("int")
            if t.kind != "bool":
                self.rel[r.head] = ("int", len(names))
                t = self.expr(r.body)
        else:
            t = self.expr(r.body)
        kind = t.kind
        missing = [v for v in r.indices if v.name not in t.vars]
        if missing:
            raise _err(missing[0], f"head index {missing[0].name} of {r.head} does not occur "
                                   "in the body")
        if names and kind == "node":
            raise _err(r, f"{r.head} has indices but its body is a node")
        self.rel[r.head] = (kind, len(names))

    def answer(self, a: A.Answer) -> None:
        values = a.value.fields if isinstance(a.value, A.Record) else (("", a.value),)
        keys = [k for k, _ in values]
        if len(set(keys)) != len(keys):
            raise _err(a, "answer record repeats a field")
        for _, v in values:
            t = self.expr(v)
            if t.vars and not (t.kind == "bool" and len(t.vars) == 1):
                raise _err(v, "an answer is a scalar or a set (a Boolean over one index); got "
                              f"{t.kind} over [{', '.join(t.vars)}]")


def check(program: A.Program, relations: dict[str, int] | None = None,
          scalars: dict[str, str] | None = None) -> Checked:
    """Check a program; ``relations`` (name -> arity) and ``scalars`` (name -> kind) declare
    inputs given from outside, as generation does for the graph and the query."""
    rel: dict[str, tuple[str, int]] = {k: ("bool", a) for k, a in (relations or {}).items()}
    rel.update({k: (kind, 0) for k, kind in (scalars or {}).items()})
    facts: dict[str, int] = {}
    for s in program.statements:
        if isinstance(s, A.Decl):
            if not 1 <= s.arity <= 4:
                raise _err(s, f"a relation has 1 to 4 arguments, not {s.arity}")
            if facts.get(s.relation, s.arity) != s.arity:
                raise _err(s, f"{s.relation} is declared twice with different arities")
            facts[s.relation] = s.arity
        elif isinstance(s, A.Fact):
            want = facts.get(s.relation, rel.get(s.relation, ("bool", len(s.args)))[1])
            if want != len(s.args):
                raise _err(s, f"{s.relation} facts have {want} arguments, this one "
                              f"{len(s.args)}")
            facts[s.relation] = len(s.args)
    rel.update({k: ("bool", a) for k, a in facts.items()})
    checker = _Checker(rel)
    out = Checked(program, {}, facts)
    answers = [s for s in program.statements if isinstance(s, A.Answer)]
    if len(answers) != 1:
        at = answers[1] if answers else None
        raise TLTypeError(f"a program has exactly one answer statement, found {len(answers)}",
                          at.line if at else None, at.column if at else None)
    if program.statements[-1] is not answers[0]:
        raise _err(answers[0], "the answer statement must come last")
    for s in program.statements:
        if isinstance(s, A.Rule):
            if s.head in facts:
                raise _err(s, f"{s.head} is a fact relation; a rule cannot redefine it")
            checker.rule(s, out)
    checker.answer(answers[0])
    out.relations, out.answer = checker.rel, answers[0]
    return out
