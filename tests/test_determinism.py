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
     "79b083570b570eca09117c92a83f6224e4374c812620c4227101fde11ed9442e"),
    (dict(config="all", per_category=2, seed=7, surface_seed=99),
     "6f60b03fd28649f40eb9dafbc18cae2dd3e4814e2e2292d810bc231c023907c6"),
    (dict(config="l2", per_category=3, seed=1, n_min=12, n_max=20, density=(0.05, 0.2),
          encoding="json"),
     "aa5003b5ef47ebf7d2ab4ded0e4bf0215741ceb1eff73104b1bbf5957bd8d0c3"),
    (dict(config="l3", per_category=2, seed=3, encoding="adjacency"),
     "1ac492b8195819bca7569f54d172a003b0881ddb1d9874a53abbb196acb4e9c9"),
    (dict(config="l1", per_category=2, seed=5, encoding="numeric"),
     "e4b5d03832cefa1be6b44ca5495e3b3367376d70f35606ea524d8afc97d4c02a"),
    (dict(config="all", per_category=1, seed=11, encoding="markdown"),
     "8b2d967be3ed0579ff8d71d8a664050118068c35ddad359bf1a206620a19c1bf"),
    (dict(config="l2", per_category=2, seed=2, n_min=7, hops_min=3),
     "d43ffdce6201ea25fb05e3e8b48ae9b91f5d6f1e7f939c5ea7dff4f6757d8db1"),
    (dict(config="all", per_category=1, seed=12, encoding="adjacency_list"),
     "ff97a54fcee99e6faadbb24f3e16d8559e1af9eaec0a408b8a917ba25de23559"),
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
