"""Node labels as a careful grader reads them: case, spaces, look-alikes and a full stop aside.

No two nodes of a ClosureBench graph differ only in case or spacing, so ``SRV-04``, ``srv-04 ``,
``srv-04.``, ``srv‑04`` (U+2011) and ``ｓｒｖ－０４`` (full width) all name ``srv-04`` when that is
the only node they can name. A label that names no node, or several, is left as written (and
so is simply wrong).
"""

from __future__ import annotations

from collections.abc import Iterable

from closurebench.scoring.parse import label_key

__all__ = ["LabelIndex", "label_key"]


class LabelIndex:
    """Maps any spelling of a node label to the node it names, if it names exactly one."""

    __slots__ = ("by_key", "exact")

    def __init__(self, labels: Iterable[object]) -> None:
        self.exact: set[str] = set()
        self.by_key: dict[str, str | None] = {}
        for label in labels:
            text = str(label)
            if text in self.exact:
                continue
            self.exact.add(text)
            key = label_key(text)
            self.by_key[key] = None if key in self.by_key else text  # None: ambiguous

    def canonical(self, label: str) -> str:
        """The node ``label`` names, or ``label`` itself when it names none or several."""
        if label in self.exact:
            return label
        node = self.by_key.get(label_key(label))
        return label if node is None else node

    def names_one(self, label: str) -> bool:
        """Whether ``label`` names exactly one node."""
        return label in self.exact or self.by_key.get(label_key(label)) is not None
