"""Determinism is the product: same arguments, same bytes, whatever the order or process count.

If a golden fingerprint changes, the generator's output changed: say why in the commit and
bump the package version; never just re-record it.
"""

from __future__ import annotations

import hashlib

import pytest

import closurebench as cb
from closurebench.generation.config import Config
from closurebench.generation.io import dumps_record
from closurebench.generation.parallel import generate_parallel


def fingerprint(records) -> str:
    h = hashlib.sha256()
    for r in records:
        h.update((dumps_record(r) + "\n").encode())
    return h.hexdigest()


GOLDEN = [
    (dict(config="all", per_category=2, seed=0),
     "1eea3182df0372190c57cfed58a8ecfbac0b8faba82beba0bf3bc6a5ab00d4c7"),
    (dict(config="all", per_category=2, seed=7, surface_seed=99),
     "c60925ab7e97612e9cde9f3c91e50d1a2d5ae2c8398ef36db60040c5007d73be"),
    (dict(config="l2", per_category=3, seed=1, n_min=12, n_max=20, density=(0.05, 0.2),
          encoding="json"),
     "27b4fad709e69e81d3e7297bfde523e7ee2d50adb6553f571b4de30fbd40e4f1"),
    (dict(config="l3", per_category=2, seed=3, encoding="adjacency"),
     "84665f4dca192647152582f447069b882c8e7f1a9dc0fff4a5aabf6925fd1208"),
    (dict(config="l1", per_category=2, seed=5, encoding="numeric"),
     "f4895ae93510850cba0116f745de0454e53f9fa6be38a9ce48b437d0a5ad3d57"),
    (dict(config="all", per_category=1, seed=11, encoding="markdown"),
     "84bab410f3562ba15e5c6592bed9d55dbe71a91fe6dfd4720064aac366aa80ee"),
    (dict(config="l2", per_category=2, seed=2, n_min=7, hops_min=3),
     "7bb813efcb0cb7440a09c53d94df9ac0d70662f1f0b51fccbc3508b75204933a"),
    (dict(config="all", per_category=1, seed=12, encoding="adjacency_list"),
     "0f240b7385a714320c516309bada9364c10df8b11176b08f6b232e1daa96d9e2"),
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
