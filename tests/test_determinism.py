"""Determinism is the product: same arguments, same bytes, whatever the order or process count.

If a golden fingerprint changes, the generator's output changed: say why in the commit and
bump the package version; never just re-record it.
"""

from __future__ import annotations

import hashlib

import pytest

import closurebench as cb
from closurebench.config import Config
from closurebench.io import dumps_record
from closurebench.parallel import generate_parallel


def fingerprint(records) -> str:
    h = hashlib.sha256()
    for r in records:
        h.update((dumps_record(r) + "\n").encode())
    return h.hexdigest()


GOLDEN = [
    (dict(config="all", per_category=2, seed=0),
     "ae46d4e6ebf5deb5784124217767c5fab1984b1bdb1db7f219e0294d066eaff7"),
    (dict(config="all", per_category=2, seed=7, surface_seed=99),
     "9286f0ba67cfa95c2c64b4fb96363daddeb2262763fb205983c3e2a0f7f72297"),
    (dict(config="l2", per_category=3, seed=1, n_min=12, n_max=20, density=(0.05, 0.2),
          encoding="json"),
     "2f927d659210530ccde9e014ad48a1e0682c906147af8eda07c0bb90ecd6c957"),
    (dict(config="l3", per_category=2, seed=3, encoding="adjacency"),
     "863daa251f2ad0e456630e7c45a1295433add4b442da07b7bfd2c5f888628ebe"),
    (dict(config="l1", per_category=2, seed=5, encoding="numeric"),
     "e4b5d03832cefa1be6b44ca5495e3b3367376d70f35606ea524d8afc97d4c02a"),
    (dict(config="all", per_category=1, seed=11, encoding="markdown"),
     "0559d97b41b7b97f44d336e7dfd02f9fe9e611adb395e8e59332d23a2d914d01"),
    (dict(config="l2", per_category=2, seed=2, n_min=7, hops_min=3),
     "41b196373dc6f33ce2c5230f84ba31be1cda0fc301faf46e8aafd64f43fa012c"),
    (dict(config="all", per_category=1, seed=12, encoding="adjacency_list"),
     "d70ee9c2e3ebc6725733dc7b850f0dfec8884eba7a4a98ef4ec9afbea7581b55"),
]


@pytest.mark.parametrize(("kwargs", "expected"), GOLDEN,
                         ids=[f"{kw['config']}-{kw['seed']}" for kw, _ in GOLDEN])
def test_golden_fingerprint(kwargs, expected):
    assert fingerprint(cb.generate(**kwargs)) == expected


def test_same_arguments_same_bytes():
    a = [dumps_record(r) for r in cb.generate("l1", per_category=3, seed=21)]
    b = [dumps_record(r) for r in cb.generate("l1", per_category=3, seed=21)]
    assert a == b


def test_instance_k_is_independent_of_order():
    cfg = Config.make("all", per_category=2, seed=4)
    forwards = [cb.instance(cfg, k) for k in range(cfg.size)]
    backwards = [cb.instance(cfg, k) for k in reversed(range(cfg.size))][::-1]
    assert forwards == backwards


def test_shards_concatenate_to_the_whole():
    whole = list(cb.generate("l3", per_category=3, seed=2))
    parts = [list(cb.generate("l3", per_category=3, seed=2, start=a, stop=b))
             for a, b in ((0, 5), (5, 13), (13, 100))]
    assert [r for p in parts for r in p] == whole


def test_category_config_rows_equal_rows_of_all():
    every = {r["id"]: r for r in cb.generate("all", per_category=2, seed=8)}
    for r in cb.generate("cousin", per_category=2, seed=8):
        assert every[r["id"]] == r
    for r in cb.generate("l2", per_category=2, seed=8, categories=["path_and_compare"]):
        assert every[r["id"]] == r


def test_two_workers_give_identical_output():
    cfg = Config.make("all", per_category=2, seed=6)
    one = list(generate_parallel(cfg, workers=1))
    two = list(generate_parallel(cfg, workers=2, chunk=7))
    assert one == two


def test_adjacent_seeds_do_not_share_instances():
    """The reasoning-gym pitfall: Random(seed + idx) makes seed s item 1 equal seed s+1 item 0."""
    a = list(cb.generate("reachability", per_category=20, seed=42))
    b = list(cb.generate("reachability", per_category=20, seed=43))
    assert not {r["question"] for r in a} & {r["question"] for r in b}
    assert not {r["structural_seed"] for r in a} & {r["structural_seed"] for r in b}


def test_ids_are_unique_and_stable():
    recs = list(cb.generate("all", per_category=3, seed=0))
    assert len({r["id"] for r in recs}) == len(recs)
    assert recs[0]["id"] == f"triangle_count-00000-{Config.make('all').digest}"
