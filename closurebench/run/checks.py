"""Argument checks shared by the runner's Python API and its command line.

Each check raises ``ConfigError`` naming the argument, the allowed range and the value, so
``RunSettings(timeout=0)`` and ``closurebench run --timeout 0`` fail with the same sentence
(the CLI spells the name as its flag). numpy scalars count as the numbers they hold.
"""

from __future__ import annotations

import argparse
import math
import numbers
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from closurebench.errors import ConfigError

__all__ = ["check_base_url", "check_float", "check_int", "check_model", "cli_type"]


def _is_bool(value: object) -> bool:
    return isinstance(value, bool) or type(value).__name__ == "bool_"


def check_int(name: str, value: object, lo: int, hi: int) -> int:
    """``value`` as an ``int`` in ``[lo, hi]`` (bools refused, numpy integers accepted)."""
    if _is_bool(value) or not isinstance(value, numbers.Integral):
        raise ConfigError(f"{name} must be an integer between {lo} and {hi}, got {value!r}")
    value = int(value)
    if not lo <= value <= hi:
        raise ConfigError(f"{name} must be between {lo} and {hi}, got {value}")
    return value


def check_float(name: str, value: object, lo: float, hi: float, *,
                open_lo: bool = False) -> float:
    """``value`` as a finite ``float`` in ``[lo, hi]`` (``(lo, hi]`` with ``open_lo``)."""
    left = "(" if open_lo else "["
    if _is_bool(value) or not isinstance(value, numbers.Real):
        raise ConfigError(f"{name} must be a number in {left}{lo:g}, {hi:g}], got {value!r}")
    value = float(value)
    if not math.isfinite(value) or value < lo or value > hi or (open_lo and value == lo):
        raise ConfigError(f"{name} must be a number in {left}{lo:g}, {hi:g}], got {value}")
    return value


def check_base_url(name: str, value: object) -> str | None:
    """An ``http(s)://host[:port]/...`` URL, or ``None`` for the client's default."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ConfigError(f"{name} must be an http:// or https:// URL, got {value!r}")
    parts = urlsplit(value)
    try:
        parts.port  # noqa: B018 (raises ValueError on a port out of range)
    except ValueError:
        raise ConfigError(f"{name} has an invalid port: {value!r}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ConfigError(
            f"{name} must be an http:// or https:// URL with a host, e.g. "
            f"http://127.0.0.1:8000/v1; got {value!r}")
    return value


def check_model(name: str, value: object) -> str:
    """A non-empty model name without surrounding whitespace or control characters."""
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"{name} must be a non-empty model name, got {value!r}")
    if value != value.strip() or any(ord(c) < 32 for c in value):
        raise ConfigError(f"{name} must not contain whitespace at its ends or control "
                          f"characters, got {value!r}")
    return value


def cli_type(check: Callable[..., Any], *bounds: Any, convert: Callable[[str], Any] = int,
             **kw: Any) -> Callable[[str], Any]:
    """An argparse ``type=``: convert the text, then run ``check`` (errors name the flag).

    argparse prefixes the message with ``argument --flag:``, so the check's own name is
    replaced by ``value``.
    """

    def parse(text: str) -> Any:
        try:
            value = convert(text)
        except ValueError:
            kind = "an integer" if convert is int else "a number"
            raise argparse.ArgumentTypeError(f"expected {kind}, got {text!r}") from None
        try:
            return check("value", value, *bounds, **kw)
        except ConfigError as exc:
            raise argparse.ArgumentTypeError(str(exc).removeprefix("value ")) from None

    parse.__name__ = convert.__name__  # argparse names the type in "invalid X value"
    return parse
