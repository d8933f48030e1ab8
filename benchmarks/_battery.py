"""The runner pieces the held-out judge batteries (``heldout_styles*``) share.

One runner for all batteries, so that a fix to how a battery draws its cases, reads its
command line or writes its rows lands once rather than in each auditor's copy. The styles,
their expected verdicts, the exclusions and each battery's row shapes and tables stay in the
battery's own module: they are the auditor's content.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator, Mapping
from typing import Any

STYLES_HELP = "comma-separated style names of either part (default: all)"
COMMAS_HELP = "comma-separated style names of either part (names may hold commas; default: all)"
EXAMPLES_HELP = ("print up to N example outputs per style with a miss, an over-credit or a "
                 "parsed must-not")


def cases(name: str, recs: list[dict[str, Any]], seed: int,
          ) -> Iterator[tuple[dict[str, Any], str, Any, Any, str]]:
    """(record, kind, right value, wrong value, prelude) per record, the prelude drawn from a
    generator seeded by ``seed`` and the style's name (a style's preludes do not depend on
    the others), one draw per record whether or not the style renders it."""
    from benchmarks.heldout_styles import PRELUDES, _kind, _wrong

    rng = random.Random(f"{seed}/{name}")
    for rec in recs:
        kind = _kind(rec)
        answer = json.loads(rec["answer"])
        wrong = _wrong(rec, answer)
        yield rec, kind, answer, wrong, PRELUDES[rng.randrange(len(PRELUDES))]


def types(d: Mapping[str, int]) -> str:
    """A by-type count as a table cell: ``integer 2, label 1``."""
    return ", ".join(f"{k} {n}" for k, n in sorted(d.items()))


def parser(prog: str, description: str, per_category: int, *, commas: bool = False,
           examples: bool = False) -> argparse.ArgumentParser:
    """The two-part batteries' command line: ``--styles``, ``--per-category``, ``--json``
    and, where the battery prints them, ``--examples``."""
    p = argparse.ArgumentParser(prog=prog, description=description)
    p.add_argument("--styles", help=COMMAS_HELP if commas else STYLES_HELP)
    p.add_argument("--per-category", type=int, default=per_category)
    p.add_argument("--json", help="also write the rows (both parts) to this file")
    if examples:
        p.add_argument("--examples", type=int, default=0, help=EXAMPLES_HELP)
    return p


def plain_names(spec: str | None) -> list[str] | None:
    """``--styles`` split at every comma (None: all styles)."""
    return [s.strip() for s in spec.split(",")] if spec else None


def parts(p: argparse.ArgumentParser, names: list[str] | None, should: Mapping[str, Any],
          must_not: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """The Part A and Part B names among ``names`` (None: all of each); an unknown name is
    a usage error listing every style."""
    known = {**should, **must_not}
    unknown = [n for n in names or [] if n not in known]
    if unknown:
        p.error(f"unknown styles {unknown}; known: {', '.join(known)}")
    return ([n for n in names or should if n in should],
            [n for n in names or must_not if n in must_not])


def header(seed: int, per_category: int) -> str:
    return (f"seed {seed}, {per_category} per category, right and wrong value per record; "
            "strict verdicts")


def write_json(path: str, rows: Any, *, ensure_ascii: bool = False,
               default: Any = str) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(rows, fh, indent=1, ensure_ascii=ensure_ascii, default=default)


def tally_b(row: dict[str, Any], kind: str, right: bool, verdict: Any) -> None:
    """Count one Part B verdict into ``row``: ``parsed`` (read as some answer at all) and
    ``over`` (strictly credited, split by whether the right or the wrong value was shown),
    each with its by-type count."""
    if verdict.parsed:
        row["parsed"] += 1
        row["parsed_types"][kind] = row["parsed_types"].get(kind, 0) + 1
    if verdict.strict:
        row["over"] += 1
        row["over_right" if right else "over_wrong"] += 1
        row["over_types"][kind] = row["over_types"].get(kind, 0) + 1
