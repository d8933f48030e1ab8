"""The curriculum helper: fresh configs whose difficulty rises along level, n and hops."""

from __future__ import annotations

import json
from itertools import pairwise

import pytest

from closurebench.categories import CATEGORIES
from closurebench.errors import ConfigError, UnposableCell
from closurebench.generation.instances import instance
from closurebench.generation.release import SPLITS, split_seeds
from closurebench.train.curriculum import curriculum


def test_stages_rise_one_axis_at_a_time():
    stages = list(curriculum(per_category=2))
    assert [s.index for s in stages] == list(range(len(stages)))
    assert [s.difficulty for s in stages] == sorted(s.difficulty for s in stages)
    first, last = stages[0], stages[-1]
    assert (first.level, first.n_range, first.hops) == (1, (4, 6), (1, 2))
    assert (last.level, last.n_range, last.hops) == (3, (9, 12), (3, None))
    for a, b in pairwise(stages):
        assert b.difficulty - a.difficulty in (0, 1)
    seeds = [s.config.seed for s in stages]
    assert len(set(seeds)) == len(seeds)
    assert not set(seeds) & {split_seeds(s).seed for s in SPLITS}
    assert [s.config for s in curriculum(per_category=2)] == [s.config for s in stages]


def test_stage_configs_generate_on_their_axes():
    for stage in list(curriculum(per_category=2))[::5]:
        cfg = stage.config
        for k in range(0, cfg.size, max(cfg.size // 4, 1)):
            try:
                rec = instance(cfg, k, cross_check=False)
            except UnposableCell:
                continue  # the cell cannot carry an instance: said so, never relaxed
            assert rec["level"] == stage.level
            assert stage.n_range[0] <= rec["n"] <= stage.n_range[1]
            cat = CATEGORIES[rec["category"]]
            unbound = cat.balance is not None and not cat.balance(json.loads(rec["answer"]))
            if rec["hops"] is not None and not unbound:  # a "no" half has no hop target
                lo, hi = stage.hops
                assert rec["hops"] >= lo and (hi is None or rec["hops"] <= hi)


@pytest.mark.parametrize("levels", [(), (0,), (3, 1), (1, 4)])
def test_bad_levels_are_named(levels):
    with pytest.raises(ConfigError, match="levels must be increasing values of 1, 2, 3"):
        list(curriculum(levels=levels))


def test_a_stage_becomes_a_dataset_of_exactly_its_instances():
    pytest.importorskip("datasets")
    from closurebench.run.prompts import build_messages

    stage = list(curriculum(per_category=2))[12]  # a stage with a cell that cannot carry hops
    data = stage.dataset()
    want = []
    for k in range(stage.config.size):
        try:
            want.append(instance(stage.config, k))
        except UnposableCell:
            continue
    assert 0 < len(want) < stage.config.size
    assert list(data) == want
    grpo = stage.dataset(format="grpo")
    assert grpo["prompt"] == [build_messages(r["question"], "direct") for r in want]
    assert grpo["answer"] == [r["answer"] for r in want]


@pytest.mark.parametrize(("kwargs", "word"), [
    ({"n_steps": [(4,)]}, r"n_steps\[0\] must be a \(min, max\) pair"),
    ({"n_steps": [(4, 6), "ab"]}, r"n_steps\[1\]"),
    ({"hops_steps": [("a", None)]}, r"hops_steps\[0\]"),
    ({"n_steps": [(4, None)]}, r"n_steps\[0\]"),
])
def test_bad_steps_are_named(kwargs, word):
    with pytest.raises(ConfigError, match=word):
        list(curriculum(**kwargs))


def test_a_stage_holds_only_the_categories_generated_at_its_sizes() -> None:
    """sibling and cousin start at 7 nodes (their smaller trees give the answer away): a
    stage up to 6 nodes leaves them out instead of failing, and a later one holds them."""
    from closurebench.categories import get

    stages = list(curriculum(per_category=1))
    for stage in stages:
        assert all(get(c).n_floor <= stage.n_range[1] for c in stage.config.categories)
    first = {s.level: s for s in reversed(stages)}  # each level's earliest stage
    assert not {"sibling", "cousin"} & set(first[1].config.categories)
    assert any({"sibling", "cousin"} <= set(s.config.categories) for s in stages)
