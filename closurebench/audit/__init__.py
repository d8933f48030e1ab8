"""The audit: does every instance demand what its category claims? Measured, per category.

* ``readers``: the shortcut readers, the laziest answers that still score (shared ones and
  each category's own, from its module); they run as baselines beside every model.
* ``measure``: per-category floors, hop depths, answer spread, query sensitivity, relaxed
  instances and cross-split twins, checked against the release targets.
* ``cli``: ``closurebench audit``, which exits non-zero on a missed target.
"""

from __future__ import annotations

from closurebench.audit.measure import (
    TARGETS,
    CategoryAudit,
    audit_records,
    format_table,
    misses,
    modes,
    pooled,
)

__all__ = [
    "TARGETS", "CategoryAudit", "audit_records", "format_table", "misses", "modes", "pooled",
]
