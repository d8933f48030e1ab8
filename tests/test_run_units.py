"""The runner's pieces on their own: prompts, split seeds, selection, baselines, retry policy."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from jsonschema import Draft202012Validator

import closurebench
from closurebench.audit import readers as shortcuts
from closurebench.categories import CATEGORIES
from closurebench.run import baselines
from closurebench.run.client import RetryPolicy, base_url_host
from closurebench.run.data import RELEASED_AXES, SPLIT_SEEDS, Selection, load_instances
from closurebench.run.prompts import (
    MODES,
    PROMPT_VERSION,
    SYSTEM_PROMPTS,
    build_messages,
    prompt_sha256,
)

# Changing a prompt must bump PROMPT_VERSION and these hashes together.
PINNED = {"1": {"direct": "765b9129c79a7fb5", "cot": "4a346931ed36e866"}}


def test_prompt_hash_is_pinned_to_the_version():
    for mode, prefix in PINNED[PROMPT_VERSION].items():
        assert prompt_sha256(mode).startswith(prefix), f"changed {mode} prompt: bump the version"


def test_prompts_describe_the_format_generically():
    for mode in MODES:
        text = SYSTEM_PROMPTS[mode]
        assert '{"answer": <value>}' in text
        assert not any(cat in text for cat in CATEGORIES), "no per-category example"
    assert "step by step" in SYSTEM_PROMPTS["cot"]
    assert "step by step" not in SYSTEM_PROMPTS["direct"]


def test_messages_carry_the_question_verbatim():
    msgs = build_messages("Is there a route?", "cot")
    assert [m["role"] for m in msgs] == ["system", "user"]
    assert msgs[1]["content"] == "Is there a route?"
    with pytest.raises(ValueError, match="mode must be one of"):
        build_messages("q", "fast")


def test_split_seeds_are_the_released_ones():
    from closurebench.generation.release import HELD_OUT, split_config

    assert SPLIT_SEEDS["train"] == 0 and SPLIT_SEEDS["held_out"] == HELD_OUT.seed
    assert Selection(split="held_out").seed == HELD_OUT.seed
    assert Selection(split="held_out").released
    first = load_instances(Selection(split="held_out", limit=1))[0]
    assert first == closurebench.instance(split_config("held_out"), 0)
    assert not Selection(split="held_out", n_max=12).released
    assert Selection(split=None, fresh_seed=9).label == "fresh-seed-9"
    with pytest.raises(ValueError, match="exactly one"):
        Selection(split="train", fresh_seed=3)


def test_selection_matches_generate_and_limit_interleaves_categories():
    sel = Selection(config="l1", split=None, fresh_seed=5, per_category=2)
    recs = load_instances(sel)
    direct = list(closurebench.generate("l1", seed=5, per_category=2))
    assert sorted(r["id"] for r in recs) == sorted(r["id"] for r in direct)
    eleven = Selection(config="l1", split=None, fresh_seed=5, per_category=2, limit=11)
    limited = load_instances(eleven)
    assert len({r["category"] for r in limited}) == 11
    assert Selection.from_dict(sel.as_dict()) == sel
    # ids: the selection's records with those ids, in its order, nothing else regenerated
    ask = [recs[5]["id"], recs[1]["id"], recs[1]["id"], "reachability-00000-0000000f",
           limited[3]["id"]]
    assert load_instances(sel, ids=ask) == [r for r in recs if r["id"] in ask]
    twelve = Selection(config="l1", split=None, fresh_seed=5, per_category=2, limit=12)
    beyond = load_instances(twelve)[-1]["id"]  # the 12th: inside `twelve`, outside `limited`
    assert load_instances(eleven, ids=[beyond, limited[3]["id"]]) == [limited[3]]


def test_majority_table_is_the_most_frequent_train_answer():
    table = baselines.majority_table()
    assert set(table) == set(CATEGORIES)
    train = [r for r in closurebench.generate("reachability", seed=SPLIT_SEEDS["train"],
                                              cross_check=False, **RELEASED_AXES)]
    counts = Counter(r["answer"] for r in train)
    top = max(counts.values())
    assert counts[table["reachability"]] == top


def test_majority_by_n_is_the_most_frequent_train_answer_at_that_n():
    table = baselines.majority_by_n_table()
    train = [r for r in closurebench.generate("kinship_complex", seed=SPLIT_SEEDS["train"],
                                              cross_check=False, **RELEASED_AXES)]
    for n in {r["n"] for r in train}:
        counts = Counter(r["answer"] for r in train if r["n"] == n)
        assert counts[table[("kinship_complex", n)]] == max(counts.values())
    rec = {"category": "kinship_complex", "n": 8, "id": "x"}
    want = json.loads(table[("kinship_complex", 8)])
    assert baselines.baseline_answer(baselines.BY_N, rec) == want
    # an n the train split does not hold falls back to the category's majority answer
    far = {**rec, "n": 40}
    assert baselines.baseline_answer(baselines.BY_N, far) == json.loads(
        baselines.majority_table()["kinship_complex"])


def test_majority_by_n_reads_more_than_the_majority_where_small_graphs_leave_few_counts():
    """Few counts fit a small family tree, so knowing n alone beats the category's majority
    answer on kinship_complex's held_out split: the floor reports say so."""
    from closurebench.generation.release import split_config

    held = load_instances(Selection(config="kinship_complex", split="held_out"))
    assert len(held) == split_config("held_out").per_category
    f = baselines.floors(held)
    row = f["shortcut"]["by_category"]["kinship_complex"]
    assert row["accuracy_strict"] > f["majority"]["by_category"]["kinship_complex"][
        "accuracy_strict"]


def test_random_baseline_is_deterministic_and_in_domain():
    recs = load_instances(Selection(split=None, fresh_seed=3, per_category=1))
    for rec in recs:
        a = baselines.baseline_answer("random", rec, sample=0, seed=0)
        assert a == baselines.baseline_answer("random", rec, sample=0, seed=0)
        schema = json.loads(rec["answer_schema"])
        assert Draft202012Validator(schema).is_valid(a), (rec["category"], a)
        if schema["type"] == "string":
            assert a in rec["nodes"]
    draws = {json.dumps(baselines.baseline_answer("random", recs[0], sample=s)) for s in range(20)}
    assert len(draws) > 1, "samples differ"


def test_random_value_covers_every_schema_kind():
    rng = random.Random(0)
    nodes = ["a", "b", "c"]
    assert isinstance(baselines.random_value({"type": "boolean"}, rng, nodes, 3), bool)
    assert 0 <= baselines.random_value({"type": "integer", "minimum": 0}, rng, nodes, 3) <= 3
    assert set(baselines.random_value({"type": "array"}, rng, nodes, 3)) <= set(nodes)
    obj = baselines.random_value({"type": "object", "properties": {"k": {"type": "integer"}}},
                                 rng, nodes, 3)
    assert set(obj) == {"k"}
    with pytest.raises(ValueError, match="baseline must be one of"):
        baselines.baseline_answer("oracle", {"id": "x", "n": 3})


def test_floors_score_the_chance_baselines_and_the_best_shortcut_per_category():
    recs = load_instances(Selection(split=None, fresh_seed=3, per_category=2))
    f = baselines.floors(recs)
    assert set(f) == {"majority", "random", "shortcut"}
    assert set(f["majority"]["by_category"]) == set(CATEGORIES)
    assert 0.0 <= f["random"]["accuracy_strict"] <= f["random"]["accuracy_lenient"] <= 1.0
    best = f["shortcut"]["by_category"]
    assert set(best) == set(CATEGORIES)
    for cat, row in best.items():  # the best shortcut is never below the majority answer
        assert row["accuracy_strict"] >= f["majority"]["by_category"][cat]["accuracy_strict"]
        assert row["reader_strict"] in ("majority", baselines.BY_N) \
            or row["reader_strict"] in shortcuts.readers(cat)
    assert set(f["shortcut"]["by_level"]) == {"1", "2", "3"}


def test_retry_policy_is_bounded_and_honours_retry_after():
    policy = RetryPolicy(max_attempts=3, base=0.5, cap=2.0)
    rng = random.Random(1)
    assert all(0 <= policy.delay(i, None, rng) <= min(2.0, 0.5 * 2**i) for i in range(10))
    assert policy.delay(0, 30.0, rng) == 2.0
    with pytest.raises(ValueError):
        RetryPolicy(max_attempts=0)


def test_base_url_host_keeps_no_credentials_or_path():
    assert base_url_host("http://user:pw@127.0.0.1:8000/v1?key=x") == "127.0.0.1:8000"
    assert base_url_host("https://api.example.com/v1") == "api.example.com"
    assert base_url_host(None) is None


@pytest.mark.slow  # regenerates the train split (about 30 s)
def test_without_the_packaged_table_the_majorities_are_regenerated_alike(monkeypatch, tmp_path):
    """``run/majority.json`` is a digest of the train split: without it (a tree before its
    first build-splits) the floors regenerate the split and read the same tables."""
    packaged = (baselines.majority_table(), baselines.majority_by_n_table())
    monkeypatch.setattr(baselines, "MAJORITY_FILE", tmp_path / "missing.json")
    for fn in (baselines._released_tables, baselines.majority_table,
               baselines.majority_by_n_table):
        fn.cache_clear()
    try:
        assert (baselines.majority_table(), baselines.majority_by_n_table()) == packaged
    finally:
        for fn in (baselines._released_tables, baselines.majority_table,
                   baselines.majority_by_n_table):
            fn.cache_clear()
