"""Source text -> syntax tree, with lark (LALR(1)); errors carry line and column.

The grammar is the whole surface syntax of the language (the spec, ``spec.md``, describes it
in words). Juxtaposition is the join, ``+`` the union, ``!`` negation; comparisons bind tighter
than juxtaposition, so ``R[y] (D[y] >= 2)`` and ``R[y] D[y] >= 2`` mean the same.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from closurebench.tl import ast as A
from closurebench.tl.errors import TLSyntaxError

__all__ = ["BUILTINS", "GRAMMAR", "MAX_SOURCE", "parse"]

#: Builtin name -> number of arguments.
BUILTINS: dict[str, int] = {
    "closure": 1, "outdeg": 1, "indeg": 1, "dist": 2, "num": 1, "count": 1, "sum": 1,
    "argmax": 1, "mean": 2, "round": 2, "branch": 3,
}

#: Longest source accepted (characters): room for the facts of a 2,000-node graph.
MAX_SOURCE = 2_000_000
#: Deepest nesting of parentheses, negations and calls (keeps every tree walk shallow).
MAX_DEPTH = 64
#: Largest integer literal (an exact float64, as every integer the interpreter makes).
MAX_INT = 2**53

GRAMMAR = r"""
start: _stmt*
_stmt: nodes | decl | fact | rule | answer
nodes: "nodes" STRING ("," STRING)* "."
decl: "relation" NAME "/" INT "."
fact: NAME "(" STRING ("," STRING)* ")" "."
rule: NAME ["[" VAR ("," VAR)* "]"] "=" expr "."
answer: "answer" (expr | record) "."
record: "{" field ("," field)* "}"
field: VAR ":" expr

?expr: product
     | product ("+" product)+ -> add
?product: unary
        | unary unary+ -> mul
?unary: "!" unary -> neg
      | comparison
?comparison: operand
           | operand CMP operand -> cmp
?operand: atom
        | VAR -> var
?atom: access
     | call
     | INT -> num
     | STRING -> str
     | "true" -> true
     | "false" -> false
     | "(" expr ")"
access: NAME [_indices]
call: FUNC "(" [expr ("," expr)*] ")" [_indices]
_indices: "[" index ("," index)* "]"
index: VAR | STRING | NAME

FUNC.2: /(closure|outdeg|indeg|dist|num|count|sum|argmax|mean|round|branch)(?![A-Za-z0-9_])/
CMP: "==" | "!=" | "<=" | ">=" | "<" | ">"
NAME: /[A-Z][A-Za-z0-9_]*/
VAR: /[a-z][a-z0-9_]*/
STRING: /"[^"\\\n]*"/
INT: /-?[0-9]+/
COMMENT: /#[^\n]*/
%import common.WS
%ignore WS
%ignore COMMENT
"""

_READABLE = {
    "DOT": "'.'", "COMMA": "','", "LPAR": "'('", "RPAR": "')'", "LSQB": "'['", "RSQB": "']'",
    "LBRACE": "'{'", "RBRACE": "'}'", "EQUAL": "'='", "PLUS": "'+'", "BANG": "'!'",
    "COLON": "':'", "SLASH": "'/'", "NAME": "a Name", "VAR": "an index", "STRING": "a \"string\"",
    "INT": "an integer", "FUNC": "a builtin", "CMP": "a comparison", "$END": "end of input",
}


@cache
def _parser() -> Any:
    from lark import Lark

    return Lark(GRAMMAR, parser="lalr", propagate_positions=True, maybe_placeholders=True)


def _pos(meta: Any) -> tuple[int, int]:
    return (getattr(meta, "line", 0), getattr(meta, "column", 0))


def _index(tok: Any) -> A.Index:
    line, col = tok.line, tok.column
    if tok.type == "VAR":
        return A.Var(line, col, str(tok))
    if tok.type == "STRING":
        return A.Str(line, col, str(tok)[1:-1])
    return A.Ref(line, col, str(tok))


def _indices(items: list[Any]) -> tuple[A.Index, ...] | None:
    idx = [i for i in items if i is not None]
    return tuple(_index(t.children[0]) for t in idx) or None


def _build(tree: Any, depth: int = 0) -> Any:
    """Tree -> AST, recursively, refusing nesting deeper than ``MAX_DEPTH``."""
    kind, kids = tree.data, tree.children
    line, col = _pos(tree.meta)
    if depth > MAX_DEPTH:
        raise TLSyntaxError(f"expressions nest more than {MAX_DEPTH} deep", line, col)
    sub = depth + 1

    def _build(t: Any) -> Any:  # the same, one level down
        return _build_at(t, sub)

    if kind == "nodes":
        return A.Nodes(line, col, tuple(str(t)[1:-1] for t in kids))
    if kind == "decl":
        return A.Decl(line, col, str(kids[0]), int(kids[1]))
    if kind == "fact":
        return A.Fact(line, col, str(kids[0]), tuple(str(t)[1:-1] for t in kids[1:]))
    if kind == "rule":
        head, *rest = kids
        body = rest[-1]
        idx = tuple(A.Var(t.line, t.column, str(t)) for t in rest[:-1] if t is not None)
        return A.Rule(line, col, str(head), idx, _build(body))
    if kind == "answer":
        return A.Answer(line, col, _build(kids[0]))
    if kind == "record":
        return A.Record(line, col, tuple((str(f.children[0]), _build(f.children[1]))
                                         for f in kids))
    if kind == "add":
        return A.Add(line, col, tuple(_build(k) for k in kids))
    if kind == "mul":
        return A.Mul(line, col, tuple(_build(k) for k in kids))
    if kind == "neg":
        return A.Not(line, col, _build(kids[0]))
    if kind == "cmp":
        return A.Cmp(line, col, str(kids[1]), _build(kids[0]), _build(kids[2]))
    if kind == "var":
        return A.Var(kids[0].line, kids[0].column, str(kids[0]))
    if kind == "num":
        tok = kids[0]
        if len(tok.lstrip("-")) > 16 or abs(int(tok)) > MAX_INT:
            raise TLSyntaxError(f"integer {tok[:20]}... is larger than 2**53", tok.line,
                                tok.column)
        return A.Num(tok.line, tok.column, int(tok))
    if kind == "str":
        return A.Str(kids[0].line, kids[0].column, str(kids[0])[1:-1])
    if kind in ("true", "false"):
        return A.Bool(line, col, kind == "true")
    if kind == "access":
        return A.Access(line, col, str(kids[0]), _indices(kids[1:]))
    if kind == "call":
        fn = kids[0]
        args = tuple(_build(k) for k in kids[1:] if k is not None and k.data != "index")
        idx = _indices([k for k in kids[1:] if k is not None and k.data == "index"])
        return A.Call(fn.line, fn.column, str(fn), args, idx)
    raise AssertionError(f"unknown rule {kind}")


_build_at = _build


def _expected(names: Any) -> str:
    shown = sorted({_READABLE.get(n, repr(n.lower())) for n in names if not n.startswith("_")})
    return ", ".join(shown[:8]) + (", ..." if len(shown) > 8 else "")


def parse(source: str) -> A.Program:
    """Parse a program; raises ``TLSyntaxError`` with line and column on bad input."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    if not isinstance(source, str):
        raise TLSyntaxError(f"a program is text, got {type(source).__name__}")
    if len(source) > MAX_SOURCE:
        raise TLSyntaxError(f"program is {len(source)} characters; at most {MAX_SOURCE}")
    try:
        tree = _parser().parse(source)
    except UnexpectedToken as exc:
        tok = exc.token
        got = "end of input" if tok.type == "$END" else repr(str(tok))
        raise TLSyntaxError(f"unexpected {got}; expected {_expected(exc.expected)}",
                            exc.line if exc.line > 0 else None,
                            exc.column if exc.column > 0 else None) from None
    except UnexpectedCharacters as exc:
        raise TLSyntaxError(f"unexpected character {source[exc.pos_in_stream]!r}",
                            exc.line, exc.column) from None
    except UnexpectedEOF as exc:
        raise TLSyntaxError(f"unexpected end of input; expected {_expected(exc.expected)}") \
            from None
    return A.Program(tuple(_build(s) for s in tree.children))
