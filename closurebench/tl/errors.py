"""What can go wrong with a tensor-logic program, each error naming where in the source."""

from __future__ import annotations

from closurebench.errors import ClosureBenchError

__all__ = ["TLError", "TLLimitError", "TLRuntimeError", "TLSyntaxError", "TLTypeError"]


class TLError(ClosureBenchError):
    """Base class: a program that does not parse, type-check or run to an answer.

    ``line`` and ``column`` (1-based) point at the offending text when known.
    """

    kind = "error"

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        self.line, self.column = line, column
        self.message = message
        where = f"line {line}, column {column}: " if line is not None else ""
        super().__init__(f"{self.kind}: {where}{message}")


class TLSyntaxError(TLError):
    kind = "syntax error"


class TLTypeError(TLError):
    kind = "type error"


class TLRuntimeError(TLError):
    kind = "runtime error"


class TLLimitError(TLRuntimeError):
    """A resource bound (nodes, tensor cells, fixed-point iterations, wall time) was hit."""

    kind = "limit exceeded"
