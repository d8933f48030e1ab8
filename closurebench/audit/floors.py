"""Learned floors: what the best no-chaining reader scores, kept for the scores that need it.

A raw accuracy mixes reasoning with what the instances give away. The audit's adversary
(``audit.adversary``) measures, per category, the best strict accuracy of readers that never
chain two edges (the *learned floor*); a score is worth what it clears above it. The
**chance-corrected accuracy** of a category is ``(acc - floor) / (1 - floor)`` with the learned
floor: 0 at the floor, 1 at perfect, negative below the floor. Averaged over a level's
categories it is comparable across levels, where raw accuracy is not (chance itself falls from
L1's yes/no questions to L3's sets).

The release's table is stored beside the package (``floors.json``, written by ``closurebench
audit all --release --floors-out``); any other config's comes from the audit that measured it
(``--floors-out FILE``), read back with ``load_floors``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

__all__ = ["RELEASE_FLOORS", "chance_corrected", "level_means", "load_floors",
           "release_floor", "release_floors"]

#: The released splits' adversary table (package data).
RELEASE_FLOORS = Path(__file__).with_name("floors.json")


def load_floors(path: str | Path) -> dict[str, Any]:
    """A floors file (``closurebench audit --floors-out``): ``{"categories": {id: row}, ...}``
    where each row has at least ``learned_floor``. A ``ConfigError`` names a bad file."""
    from closurebench.errors import ConfigError

    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ConfigError(f"--floors {path}: cannot read a floors file ({exc})") from None
    rows = data.get("categories") if isinstance(data, dict) else None
    if not isinstance(rows, dict) or not all(
            isinstance(r, dict) and isinstance(r.get("learned_floor"), (int, float))
            for r in rows.values()):
        raise ConfigError(f"--floors {path}: not a floors file (no categories with a "
                          "learned_floor)")
    return data


@cache
def release_floors() -> dict[str, Any] | None:
    """The released splits' table, or ``None`` if this installation has none."""
    if not RELEASE_FLOORS.is_file():
        return None
    return load_floors(RELEASE_FLOORS)


def release_floor(category: str) -> float | None:
    """One category's learned floor in the release's table (``None`` if it has none): what a
    per-instance consumer (lm-eval, inspect) needs to chance-correct a released instance."""
    table = release_floors()
    row = (table or {}).get("categories", {}).get(category)
    return None if row is None else float(row["learned_floor"])


def chance_corrected(accuracy: float | None, floor: float | None) -> float | None:
    """``(accuracy - floor) / (1 - floor)``: 0 at the floor, 1 at perfect (``None`` if either
    is unknown, or the floor is 1 and nothing can be cleared)."""
    if accuracy is None or floor is None or floor >= 1.0:
        return None
    return (accuracy - floor) / (1.0 - floor)


def level_means(per_category: Mapping[str, float | None]) -> dict[str, float | None]:
    """Each level's mean over its categories (those with a value), keyed ``"1"``..``"3"``."""
    from closurebench.categories import CATEGORIES

    out: dict[str, float | None] = {}
    for level in (1, 2, 3):
        vals = [v for c, v in per_category.items()
                if v is not None and c in CATEGORIES and CATEGORIES[c].level == level]
        out[str(level)] = sum(vals) / len(vals) if vals else None
    return out
