"""The syntax tree of a tensor-logic program: plain frozen dataclasses, one per construct.

Every node keeps the line and column it came from, so the checker and the interpreter can
point at the offending text. Nothing here executes anything.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "Access", "Add", "Answer", "Bool", "Call", "Cmp", "Decl", "Expr", "Fact", "Index", "Mul",
    "Node", "Nodes", "Not", "Num", "Program", "Record", "Ref", "Rule", "Stmt", "Str", "Var",
]


@dataclass(frozen=True)
class Node:
    line: int
    column: int

    @property
    def where(self) -> str:
        return f"line {self.line}, column {self.column}"


@dataclass(frozen=True)
class Var(Node):
    """An index variable (lower case): ``y`` in ``R[y]`` or in ``(y != X)``."""

    name: str


@dataclass(frozen=True)
class Str(Node):
    """A node constant: ``"Alice"``."""

    label: str


@dataclass(frozen=True)
class Num(Node):
    value: int


@dataclass(frozen=True)
class Bool(Node):
    value: bool


@dataclass(frozen=True)
class Access(Node):
    """``Name`` or ``Name[i, j]``; each index is a ``Var``, a ``Str`` or a node scalar's name."""

    name: str
    indices: tuple[Index, ...] | None


@dataclass(frozen=True)
class Call(Node):
    """A builtin: ``count(e)``, ``closure(Edge)[x, y]``..."""

    fn: str
    args: tuple[Expr, ...]
    indices: tuple[Index, ...] | None


@dataclass(frozen=True)
class Not(Node):
    operand: Expr


@dataclass(frozen=True)
class Cmp(Node):
    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Mul(Node):
    """A join: factors written side by side (an einsum over their shared indices)."""

    factors: tuple[Expr, ...]


@dataclass(frozen=True)
class Add(Node):
    """A union (Boolean) or a sum (integer) of terms."""

    terms: tuple[Expr, ...]


@dataclass(frozen=True)
class Ref(Node):
    """A capitalised name in an index position: a node scalar such as ``X``."""

    name: str


Index = Var | Str | Ref
Expr = Access | Call | Not | Cmp | Mul | Add | Num | Str | Bool | Var


@dataclass(frozen=True)
class Nodes(Node):
    labels: tuple[str, ...]


@dataclass(frozen=True)
class Decl(Node):
    """``relation Edge/2.``: a fact relation and its arity, so it exists even with no facts."""

    relation: str
    arity: int


@dataclass(frozen=True)
class Fact(Node):
    relation: str
    args: tuple[str, ...]


@dataclass(frozen=True)
class Rule(Node):
    head: str
    indices: tuple[Var, ...]
    body: Expr


@dataclass(frozen=True)
class Record(Node):
    fields: tuple[tuple[str, Expr], ...]


@dataclass(frozen=True)
class Answer(Node):
    value: Expr | Record


Stmt = Nodes | Decl | Fact | Rule | Answer


@dataclass(frozen=True)
class Program:
    statements: tuple[Stmt, ...]
