"""Every registered category, generated and re-solved: one parametrised test per property.

The hand-worked facts of each category live in its own ``test_<category>.py``; what is true of
every category's generated records is checked here once.
"""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator

import closurebench
from closurebench import solve
from closurebench.generation.records import canonical

CATEGORIES = sorted(closurebench.CATEGORIES)


@pytest.fixture(scope="module", params=CATEGORIES)
def generated(request: pytest.FixtureRequest) -> tuple[str, list[dict]]:
    """Four records of one category (seed 3), generated once per category."""
    return request.param, list(closurebench.generate(request.param, per_category=4, seed=3))


def test_generate_is_deterministic(generated) -> None:
    cat, records = generated
    assert list(closurebench.generate(cat, per_category=4, seed=3)) == records


def test_generated_records_are_well_formed(generated) -> None:
    cat, records = generated
    assert len(records) == 4
    for rec in records:
        assert (rec["category"], rec["level"]) == (cat, closurebench.CATEGORIES[cat].level)
        schema = json.loads(rec["answer_schema"])
        Draft202012Validator(schema).validate(json.loads(rec["answer"]))


def test_solve_reproduces_every_generated_answer(generated, engine: str) -> None:
    cat, records = generated
    for rec in records:
        extra = {"edges_after": rec["edges_after"]} if cat == "graph_comparison" else {}
        got = solve(cat, rec["edges"], rec["query"], nodes=rec["nodes"], engine=engine, **extra)
        assert canonical(got) == rec["answer"], rec["id"]
