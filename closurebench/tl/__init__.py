"""An open tensor-logic language for ClosureBench: parse, check and run programs safely.

In the spirit of Domingos' *Tensor Logic* (arXiv 2510.12269): a rule is a tensor equation
over named indices, a join is an einsum over the shared ones, a Datalog rule is that
contraction read over the Boolean semiring, and recursion runs to a fixed point. A program is
graph facts, rules and one ``answer``; running it prints ``{"answer": ...}``. The interpreter
walks the syntax tree over numpy and never evaluates host code, within ``Limits``, so a
model's program can be run as it is. ``SPEC`` is the language reference shown to models.

>>> run('Edge("A", "B"). Edge("B", "C"). R[y] = Edge["A", y] + R[z] Edge[z, y]. answer R[y].')
['B', 'C']
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from closurebench.tl import ast
from closurebench.tl.checker import Checked, check
from closurebench.tl.errors import (
    TLError,
    TLLimitError,
    TLRuntimeError,
    TLSyntaxError,
    TLTypeError,
)
from closurebench.tl.interpreter import Limits, execute
from closurebench.tl.parser import parse

__all__ = [
    "SPEC",
    "Checked",
    "Limits",
    "TLError",
    "TLLimitError",
    "TLRuntimeError",
    "TLSyntaxError",
    "TLTypeError",
    "check",
    "compile_program",
    "domain",
    "execute",
    "format_answer",
    "parse",
    "run",
    "spec",
]


@cache
def spec() -> str:
    """The language specification (``spec.md``, shipped with the package)."""
    return resources.files(__name__).joinpath("spec.md").read_text(encoding="utf-8")


SPEC = spec()


def compile_program(source: str, relations: dict[str, int] | None = None,
                    scalars: dict[str, str] | None = None) -> Checked:
    """Parse and type-check; ``relations``/``scalars`` declare inputs supplied at run time."""
    return check(parse(source), relations, scalars)


def domain(checked: Checked, extra: list[str] | tuple[str, ...] = ()) -> tuple[
        list[str], dict[str, list[tuple[str, ...]]]]:
    """The program's nodes (``nodes`` statements, then fact arguments, in order) and facts."""
    labels: dict[str, None] = dict.fromkeys(extra)
    facts: dict[str, list[tuple[str, ...]]] = {}
    for s in checked.program.statements:
        if isinstance(s, ast.Nodes):
            labels.update(dict.fromkeys(s.labels))
        elif isinstance(s, ast.Decl):
            facts.setdefault(s.relation, [])
        elif isinstance(s, ast.Fact):
            labels.update(dict.fromkeys(s.args))
            facts.setdefault(s.relation, []).append(s.args)
    return list(labels), facts


def run(source: str, limits: Limits | None = None) -> Any:
    """Parse, check and run a whole program; its answer as a JSON-ready value.

    Raises a ``TLError`` (syntax, type, runtime or limit) naming line and column.
    """
    checked = compile_program(source)
    labels, facts = domain(checked)
    return execute(checked, labels, facts, limits=limits)


def format_answer(value: Any) -> str:
    """What a program prints: ``{"answer": ...}`` on one line."""
    return json.dumps({"answer": value}, ensure_ascii=False)
