"""A generated sample over every category, shared by the diagnosis tests."""

from __future__ import annotations

from typing import Any

import pytest

from closurebench.errors import UnposableCell
from closurebench.generation.config import Config
from closurebench.generation.instances import instance


def generated(per_category: int, seed: int) -> list[dict[str, Any]]:
    """Records of every category; cells the generator cannot pose are skipped, not faked."""
    cfg = Config.make("all", per_category=per_category, seed=seed)
    out = []
    for k in range(cfg.size):
        try:
            out.append(instance(cfg, k, cross_check=False))
        except UnposableCell:
            continue
    return out


@pytest.fixture(scope="session")
def sample() -> list[dict[str, Any]]:
    return generated(4, 7)
