"""Shared fixtures of the per-category tests.

Every test that takes ``engine`` runs twice: once on the tensor-logic program and once on its
NetworkX twin. ``records`` is the requesting module's category (its ``CAT``) generated with
``per_category=4, seed=3``, computed once per module.
"""

from __future__ import annotations

from typing import Any

import pytest

import closurebench

ENGINES = ("tensor", "networkx")


@pytest.fixture(params=ENGINES)
def engine(request: pytest.FixtureRequest) -> str:
    """Each engine of ``closurebench.solve`` in turn."""
    return request.param


@pytest.fixture(scope="module")
def records(request: pytest.FixtureRequest) -> list[dict[str, Any]]:
    """Four generated records of the module's category (``CAT``), seed 3."""
    return list(closurebench.generate(request.module.CAT, per_category=4, seed=3))


@pytest.fixture(scope="module")
def posed(request: pytest.FixtureRequest) -> list[Any]:
    """Sixty structural instances of the module's category (``CAT``), as the generator poses
    them across the default axes (seed 5): the sample constructor guarantees are checked on."""
    from ._sample import posed_sample

    return posed_sample(request.module.CAT, 60)
