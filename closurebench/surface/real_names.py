"""Label pools of real names: airports and their cities, and the characters of Les Misérables.

Chosen by the ``labels`` axis (``labels="airports"``), never by the surface seed: the seed's
pool choice (``labels.POOLS``) is unchanged, so no released record moves. Sources, and why
they may be used:

* ``airports`` and ``cities``: the IATA airports of the ``airportsdata`` package (MIT; the
  optional extra ``closurebench[real]``), their ``name`` and ``city`` fields;
* ``lesmis``: the 77 characters of ``networkx.les_miserables_graph()`` (Knuth's Stanford
  GraphBase data as bundled with NetworkX, BSD-3-Clause), already a core dependency.

A pool is cleaned once so a grader that folds case and spacing can tell every name from every
other: names with characters an encoding uses as syntax (``,`` ``|`` ``:`` ``[`` ``"``) or
the word ``and`` (the prose joins lists with it) are left out, names equal after folding
case and spaces are kept once, and a name whose folded form lies inside another's is left out
(``Count`` inside ``CountessDeLo``, ``Thenardier`` inside ``MmeThenardier``). The pools hold
the package's data as installed, sorted, so the same ``airportsdata`` release gives the same
names (the extra pins a range; a newer release can add or rename airports).
"""

from __future__ import annotations

import random
import re
from functools import cache

__all__ = ["REAL_POOLS", "real_names", "real_pool"]

REAL_POOLS: tuple[str, ...] = ("airports", "cities", "lesmis")
"""The real-name pools, by id (the ``labels`` axis)."""

#: Letters (any script), digits, spaces and the punctuation of proper names.
_PLAIN = re.compile(r"^[^\W_](?:[\w .'\-]*[^\W_.])?$")
_AND = re.compile(r"\band\b", re.IGNORECASE)


def _key(name: str) -> str:
    return "".join(name.split()).casefold()


def clean(names: list[str]) -> tuple[str, ...]:
    """Sorted, distinct after folding, plain, and no folded name inside another's.

    >>> clean(["Count", "CountessDeLo", "Javert", "javert ", "A, B", "Fish and Chips"])
    ('CountessDeLo', 'Javert')
    """
    kept: dict[str, str] = {}
    for name in sorted({" ".join(n.split()) for n in names}):
        if name and _PLAIN.match(name) and not _AND.search(name):
            kept.setdefault(_key(name), name)
    # Inside another: found in the joined keys once more than its own place (one C scan each).
    joined = "\0".join(kept)
    out = [name for key, name in kept.items() if joined.count(key) == 1]
    return tuple(sorted(out))


@cache
def real_pool(pool: str) -> tuple[str, ...]:
    """The cleaned names of one real pool (loaded once per process)."""
    if pool == "lesmis":
        import networkx as nx

        return clean(list(nx.les_miserables_graph().nodes))
    if pool in ("airports", "cities"):
        try:
            import airportsdata
        except ImportError:
            raise ModuleNotFoundError(
                f"labels={pool!r} needs the airportsdata package: pip install "
                "'closurebench[real]'", name="airportsdata") from None
        field = "name" if pool == "airports" else "city"
        return clean([a[field] for a in airportsdata.load("IATA").values()])
    raise ValueError(f"labels must be one of {', '.join(REAL_POOLS)}, got {pool!r}")


def real_names(rng: random.Random, pool: str, n: int) -> list[str]:
    """``n`` distinct names of a real pool in random order (a ``ValueError`` if it is too
    small: ``lesmis`` holds fewer than 77)."""
    names = real_pool(pool)
    if n > len(names):
        raise ValueError(f"n must be at most {len(names)} for labels={pool!r}, got {n}")
    return [names[i] for i in rng.sample(range(len(names)), n)]
