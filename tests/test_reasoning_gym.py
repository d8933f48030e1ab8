"""The reasoning-gym adapter, against the real reasoning_gym package."""

from __future__ import annotations

import json

import pytest

rg = pytest.importorskip("reasoning_gym")

from closurebench.integrations import reasoning_gym as adapter  # noqa: E402

CATS = ("reachability", "reach_then_count", "negative_reachability", "multi_query",
        "aggregate_over_set")


def _dataset(**kw):
    return rg.create_dataset("closurebench", categories=CATS, size=10, seed=3, **kw)


def test_registered_and_created_through_reasoning_gym():
    ds = _dataset()
    assert isinstance(ds, rg.dataset.ProceduralDataset) and len(ds) == 10
    entries = list(ds)
    assert len(entries) == 10
    assert {e["metadata"]["category"] for e in entries} == set(CATS)
    for i, e in enumerate(entries):
        assert isinstance(e["question"], str) and isinstance(e["answer"], str)
        assert e["metadata"]["source_dataset"] == "closurebench"
        assert e["metadata"]["source_index"] == i
        assert set(e["metadata"]["difficulty"]) == {"level", "n", "hops"}
        json.dumps(e)  # JSON-serialisable, as reasoning-gym's tooling expects
    assert [e["question"] for e in _dataset()] == [e["question"] for e in entries]
    assert _dataset()[7] == entries[7]  # entry k on its own


def test_score_answer_is_the_metric(tmp_path):
    ds = _dataset()
    for e in ds:
        ans = json.loads(e["answer"])
        assert ds.score_answer(e["answer"], e) == 1.0
        assert ds.score_answer(json.dumps({"answer": ans}), e) == 1.0
        assert ds.score_answer(None, e) == 0.0 and ds.score_answer("", e) == 0.0
        if isinstance(ans, list) and len(ans) > 1:
            assert ds.score_answer(json.dumps(ans[::-1]), e) == 1.0  # a set, in any order
        if isinstance(ans, bool):
            assert ds.score_answer(json.dumps(not ans), e) == 0.0
    # reasoning-gym's own answer-tag extraction feeds score_answer
    e = ds[1]
    completion = f"Let me think.\n<answer>{e['answer']}</answer>"
    assert ds.score_answer(rg.utils.extract_answer(completion), e) == 1.0


def test_bad_config_names_the_field():
    from closurebench.errors import ConfigError

    with pytest.raises(ConfigError, match="n_min"):
        rg.create_dataset("closurebench", n_min=0, size=5, seed=1)
    with pytest.raises(ConfigError, match="size must be a positive integer"):
        rg.create_dataset("closurebench", size=0, seed=1)
    with pytest.raises(IndexError, match=r"index must be in 0\.\.9"):
        _dataset()[10]
    assert adapter.DATASET_NAME == "closurebench"
