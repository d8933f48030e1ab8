"""What the learned adversary reads: the no-chaining features its reader leans on, per category.

A learned floor says *that* a construction leaves a fingerprint, not *where*. This module fits
the adversary's boosted ``direct`` reader (one row per node for node and set answers, one per
instance otherwise; ``audit.adversary``) on one seed's records and ranks its features by
permutation importance on another seed's (scikit-learn's ``permutation_importance``: how much
the test accuracy drops when one column is shuffled). Release 0.3.9's two fixes came straight
from it: sibling's reader leaned on ``y.fork_pred_out_max`` (how many children y's parents
have) and kinship_chain's on ``v.fork_pred_out_sum``. It is a diagnosis, not a target: a
feature ranked first is where to look, and the fix is a construction that leaves it with one
distribution whatever the answer.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from closurebench.audit.adversary import (
    MAX_CLASSES,
    _drop,
    _fit,
    _items,
    _members,
    _one_thread,
    _rows,
)
from closurebench.audit.features import instance_features, node_features
from closurebench.categories import Category, get

__all__ = ["Explanation", "explain", "format_explanations"]

#: Features listed per category, and shuffles per feature.
TOP = 8
REPEATS = 3


@dataclass
class Explanation:
    """One category's boosted reader: its unit (``node`` rows or ``instance`` rows), its
    accuracy on the test rows beside the most frequent row label's, and its top features as
    (name, mean accuracy drop when shuffled)."""

    category: str
    unit: str
    accuracy: float
    base: float
    features: list[tuple[str, float]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {"category": self.category, "unit": self.unit, "accuracy": self.accuracy,
                "base": self.base, "features": [list(f) for f in self.features]}


def _names(cat: Category, item: Any, per_node: bool) -> list[str]:
    """Column names in ``adversary._rows``' order: one block per graph (``g0:``, ``g1:``
    where a question has two), the category's asked computation left out."""
    feats = node_features if per_node else instance_features
    blocks = [_drop(*feats(m, item.ctx), cat)[0] for m in item.matrices]
    if len(blocks) == 1:
        return blocks[0]
    return [f"g{i}:{name}" for i, block in enumerate(blocks) for name in block]


def _labels(cat: Category, items: list[Any]) -> np.ndarray:
    """Per node: is it (one of) the answer; per instance: the answer itself."""
    if cat.answer not in ("label", "labels"):
        return np.array([it.answer for it in items])
    return np.array(_members(cat, items))


def explain(category: str | Category, train: Iterable[dict[str, Any]],
            test: Iterable[dict[str, Any]], top: int = TOP) -> Explanation | None:
    """Fit the boosted direct reader on ``train`` records of one category and rank its
    features on ``test``; ``None`` for an integer answer with more values than a classifier
    takes (the adversary regresses those) or when either side is empty."""
    from sklearn.inspection import permutation_importance

    cat = category if isinstance(category, Category) else get(category)
    tr, te = _items(cat, train), _items(cat, test)
    if not tr or not te:
        return None
    per_node = cat.answer in ("label", "labels")
    y, y_test = _labels(cat, tr), _labels(cat, te)
    if not per_node and len(set(y.tolist())) > MAX_CLASSES:
        return None
    with _one_thread():
        x, _ = _rows(cat, tr, per_node)
        x_test, _ = _rows(cat, te, per_node)
        model = _fit("gbt", x, y.tolist())
        accuracy = float(np.mean(model.predict(x_test) == y_test))
        ranked = permutation_importance(model, x_test, y_test, n_repeats=REPEATS,
                                        random_state=0, n_jobs=1)
    names = _names(cat, tr[0], per_node)
    _, counts = np.unique(y_test, return_counts=True)
    order = np.argsort(-ranked.importances_mean, kind="stable")[:top]
    return Explanation(cat.id, "node" if per_node else "instance", accuracy,
                       float(counts.max() / counts.sum()),
                       [(names[i], float(ranked.importances_mean[i])) for i in order])


def format_explanations(rows: dict[str, Explanation]) -> str:
    """A Markdown table: per category, the reader's accuracy beside the base rate and the
    features whose shuffling costs it most (accuracy points)."""
    lines = ["| category | rows | accuracy (base) | features it reads (accuracy lost when "
             "shuffled, points) |", "|---|---|---|---|"]
    for c, e in rows.items():
        feats = ", ".join(f"`{name}` {100 * drop:.1f}" for name, drop in e.features
                          if drop > 0.0005) or "none"
        lines.append(f"| {c} | {e.unit} | {100 * e.accuracy:.0f}% ({100 * e.base:.0f}%) "
                     f"| {feats} |")
    return "\n".join(lines)
