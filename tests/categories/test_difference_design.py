"""The two difference categories' shared size design (``_two_source.DifferenceDesign``)."""

from __future__ import annotations

from collections import defaultdict
from importlib import import_module

import pytest


@pytest.mark.parametrize("category", ["set_difference", "chain_of_filters"])
def test_the_size_design_caps_every_size(category: str) -> None:
    """Walked jointly with n and the depth, no size takes more than about 22% of the design,
    and "every other node" about 6%."""
    design = import_module(f"closurebench.categories.{category}").DESIGN
    share: dict[int, float] = defaultdict(float)
    everyone = 0.0
    for cell, mass in design.cells.items():
        for v, w in zip(design.sizes(cell), design.design[cell]):
            share[v] += mass * w
            everyone += mass * w if v == cell[0] - 2 else 0.0
    assert abs(sum(share.values()) - 1) < 1e-9
    assert max(share.values()) < 0.235 and everyone < 0.07
