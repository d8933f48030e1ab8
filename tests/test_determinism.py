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
     "3eab0165ba7e010a8cf188be0eaf26f23dfe5c9cdbaaca6cde38a598a60f79f1"),
    (dict(config="all", per_category=2, seed=7, surface_seed=99),
     "b7be9c84c755d2cb1d7579848edbf416c6315bf18937c87eed6030a95eaf1b8f"),
    (dict(config="l2", per_category=3, seed=1, n_min=12, n_max=20, density=(0.05, 0.2),
          encoding="json"),
     "3cb6fec7012df5a031cc6c96f29fffd27fd9278ef7e17f4c39b2964f4d38679f"),
    (dict(config="l3", per_category=2, seed=3, encoding="adjacency"),
     "0baca4ee2b0803221819777575d6e281c3af487596ef6d8a3201116bb13979c4"),
    (dict(config="l1", per_category=2, seed=5, encoding="numeric"),
     "b343488653cc6ce2f44b0b8941888be3e8ed8de6bb14cbba886943cf19a4b8fa"),
    (dict(config="all", per_category=1, seed=11, encoding="markdown"),
     "46df9035a27ed05eab3d7941b91bf82310281f9fa02920dac9c7a7cf271c622d"),
    (dict(config="all", per_category=1, seed=12, encoding="adjacency_list"),
     "38a5e591c40168d1d7b85daccb05d2c3858177efba0af0b4ebdf0520c51e5d7a"),
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
