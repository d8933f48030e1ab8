"""How well attribution recovers errors injected on purpose (the issue's ≥ 95% check).

For each error-injecting baseline, only instances where the injected error changes the answer
count. An instance is *recovered* when attribution names the injected class: as its label, or
among the classes of an ``ambiguous`` label (the answer is then explained by several readings,
and the injected one is listed). ``unambiguous`` and ``likely`` give the stricter shares.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from closurebench.diagnose.attribute import attribute
from closurebench.diagnose.inject import injected_class, injected_output

__all__ = ["DEFAULT_KINDS", "recovery"]

DEFAULT_KINDS = ("reversed", "truncated-1", "truncated-2", "source-inclusion", "misread-edge",
                 "drift", "format")


def recovery(records: Sequence[dict[str, Any]], kinds: Iterable[str] = DEFAULT_KINDS,
             seed: int = 0) -> dict[str, dict[str, Any]]:
    """Per injecting baseline: instances changed, and the recovered / unambiguous / likely
    shares with the labels attribution gave."""
    out: dict[str, dict[str, Any]] = {}
    for kind in kinds:
        cls = injected_class(kind)
        labels: Counter[str] = Counter()
        recovered = unambiguous = likely = 0
        for rec in records:
            found = attribute(injected_output(kind, rec, 0, seed), rec)
            if found is None:
                continue  # the injected error left the answer right
            labels[found.label] += 1
            unambiguous += found.label == cls
            recovered += found.label == cls or (found.label == "ambiguous"
                                                and cls in found.candidates)
            likely += found.likely == cls
        changed = sum(labels.values())
        out[kind] = {
            "class": cls, "changed": changed,
            "recovered": recovered / changed if changed else None,
            "unambiguous": unambiguous / changed if changed else None,
            "likely": likely / changed if changed else None,
            "labels": dict(labels.most_common()),
        }
    return out
