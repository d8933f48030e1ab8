"""The in-package ``datasets`` builder and ``closurebench.hf.load_dataset`` (datasets 5.x path)."""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

import pytest

datasets = pytest.importorskip("datasets")

from closurebench.errors import ConfigError  # noqa: E402
from closurebench.generation.instances import instance  # noqa: E402
from closurebench.generation.release import SPLITS, split_config  # noqa: E402
from closurebench.hf import builder as builder_mod  # noqa: E402
from closurebench.hf import load_dataset  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def expected(name: str, split: str, **axes) -> list[dict]:
    cfg = split_config(split, name, **axes)
    return [instance(cfg, k) for k in range(cfg.size)]


def test_fresh_config_rows_match_the_generator(tmp_path):
    ds = load_dataset("l3", n_max=10, per_category=2, cache_dir=str(tmp_path))
    assert set(ds) == set(SPLITS)
    for split in SPLITS:
        assert list(ds[split]) == expected("l3", split, per_category=2)


def test_default_config_reproduces_the_released_files(tmp_path, release_root):
    import pyarrow.parquet as pq

    from closurebench.hf.splits import file_path

    ds = load_dataset("same_scc", cache_dir=str(tmp_path))
    for split in SPLITS:
        committed = pq.read_table(release_root / file_path("same_scc", split))
        assert list(ds[split]) == committed.to_pylist()


def test_held_out_seeds_are_derived_not_shared(tmp_path):
    ds = load_dataset("reachability", seed=5, per_category=4, cache_dir=str(tmp_path))
    train, held = list(ds["train"]), list(ds["held_out"])
    assert {r["structural_seed"] for r in train}.isdisjoint(r["structural_seed"] for r in held)
    assert {r["surface_seed"] for r in train}.isdisjoint(r["surface_seed"] for r in held)


def test_num_proc_gives_identical_rows(tmp_path):
    # more rows than one shard (SHARD_SIZE), so two processes really split the work
    kw = {"per_category": 25, "categories": ["reachability", "cousin", "conditional"]}
    assert builder_mod.SHARD_SIZE < 25 * 3
    one = load_dataset("all", cache_dir=str(tmp_path / "a"), **kw)
    two = load_dataset("all", num_proc=2, cache_dir=str(tmp_path / "b"), **kw)
    assert len(two["train"].cache_files) == 2  # written by two jobs
    for split in SPLITS:
        assert list(one[split]) == list(two[split]) == expected("all", split, **kw)


def test_streaming_and_split_argument(tmp_path):
    rows = expected("sibling", "held_out", per_category=3)
    assert list(load_dataset("sibling", "held_out", per_category=3, streaming=True)) == rows
    ds = load_dataset("sibling", "held_out", per_category=3, cache_dir=str(tmp_path))
    assert isinstance(ds, datasets.Dataset) and list(ds) == rows


def test_axes_as_density_pair_and_category_string(tmp_path):
    ds = load_dataset("l1", density=(0.3, 0.4), categories="reachability,same_scc",
                      per_category=2, cache_dir=str(tmp_path))
    assert [r["category"] for r in ds["train"]] == ["reachability"] * 2 + ["same_scc"] * 2
    assert all(0.3 <= r["density"] <= 0.4 for r in ds["train"])


@pytest.mark.parametrize(("kwargs", "word"), [
    ({"n_max": 1}, "n_max"), ({"density": (0.5, 0.2)}, "density"), ({"seed": -1}, "seed"),
    ({"density": "dense"}, "density"), ({"per_category": 1.5}, "per_category"),
    ({"categories": ["cousin"], "name": "l3"}, "categories"), ({"name": "l4"}, "config"),
    ({"split": "validation"}, "split"),
])
def test_bad_arguments_name_the_argument(tmp_path, kwargs, word):
    with pytest.raises(ConfigError, match=word):
        load_dataset(cache_dir=str(tmp_path), **{"name": "all", **kwargs})


def test_cache_key_follows_the_source(tmp_path, monkeypatch):
    a = builder_mod.ClosureBench(config_name="l1", cache_dir=str(tmp_path))
    monkeypatch.setattr(builder_mod, "source_hash", lambda: "edited")
    b = builder_mod.ClosureBench(config_name="l1", cache_dir=str(tmp_path))
    assert a.cache_dir != b.cache_dir


def test_cache_key_follows_the_datasets_version(tmp_path, monkeypatch):
    """Two venvs sharing one HF_HOME: another datasets version gets its own cache folder."""
    a = builder_mod.ClosureBench(config_name="l1", cache_dir=str(tmp_path))
    monkeypatch.setattr(builder_mod, "datasets_version", lambda: "3.6")
    b = builder_mod.ClosureBench(config_name="l1", cache_dir=str(tmp_path))
    assert a.cache_dir != b.cache_dir


def test_source_hash_changes_with_any_edit(tmp_path):
    pkg = tmp_path / "closurebench"
    shutil.copytree(ROOT / "closurebench", pkg, ignore=shutil.ignore_patterns("__pycache__"))
    before = builder_mod.tree_hash(pkg)
    assert before == builder_mod.tree_hash(pkg) == builder_mod.source_hash()
    gen = pkg / "generation" / "pose.py"
    gen.write_text(gen.read_text() + "\n# edited\n")
    assert builder_mod.tree_hash(pkg) != before


def test_builder_features_are_the_schema():
    from closurebench.generation.schema import features

    assert builder_mod.builder_info().features == features()
    assert [c.name for c in builder_mod.BUILDER_CONFIGS][:4] == ["all", "l1", "l2", "l3"]


def test_root_script_is_thin_and_subclasses_the_package_builder():
    script = ROOT / "closurebench.py"
    spec = importlib.util.spec_from_file_location("closurebench_loading_script", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert issubclass(module.Closurebench, builder_mod.ClosureBench)
    assert module.Closurebench.__dict__.keys() <= {"__module__", "__doc__", "__qualname__",
                                                   "__firstlineno__", "__static_attributes__"}
    assert "_generate_examples" not in script.read_text()


@pytest.mark.skipif(int(datasets.__version__.split(".")[0]) < 4, reason="datasets >= 4 only")
def test_datasets_4_refuses_the_script_so_the_package_path_exists(tmp_path):
    with pytest.raises(RuntimeError, match="scripts are no longer supported"):
        datasets.load_dataset(str(ROOT / "closurebench.py"), cache_dir=str(tmp_path))


def test_test_is_an_alias_of_held_out(tmp_path):
    test = load_dataset("sibling", split="test", per_category=2, cache_dir=str(tmp_path))
    held = load_dataset("sibling", split="held_out", per_category=2, cache_dir=str(tmp_path))
    assert list(test) == list(held)
    with pytest.raises(ConfigError, match="alias of held_out"):
        load_dataset("sibling", split="validation", cache_dir=str(tmp_path))


def test_split_sizes_are_declared_so_progress_has_a_total(tmp_path):
    b = builder_mod.ClosureBench(config_name="l2", per_category=3, cache_dir=str(tmp_path))
    b._split_generators(None)
    assert {s: b.info.splits[s].num_examples for s in SPLITS} == dict.fromkeys(SPLITS, 24)


def test_hop_and_half_axes_as_generate_takes_them(tmp_path):
    """``hops_min``, ``hops_max`` and ``half`` are axes of ``load_dataset`` as of ``generate``."""
    kw = {"hops_min": 2, "hops_max": 3, "per_category": 3}
    ds = load_dataset("reachability", cache_dir=str(tmp_path / "hops"), **kw)
    for split in SPLITS:
        assert list(ds[split]) == expected("reachability", split, **kw)
    halves = load_dataset("reachability", per_category=3, half=1, cache_dir=str(tmp_path / "h"))
    for split in SPLITS:  # one half for both splits
        assert list(halves[split]) == expected("reachability", split, per_category=3, half=1)
    assert halves["train"]["id"] != expected("reachability", "train", per_category=3)[0]["id"]


@pytest.mark.parametrize(("kwargs", "word"), [
    ({"per_category": 0}, "per_category must be at least 1"),
    ({"hops_min": 0}, "hops_min"), ({"hops_max": 1, "hops_min": 2}, "hops_max"),
    ({"half": 2}, "half"),
])
def test_bad_new_axes_are_named(tmp_path, kwargs, word):
    import closurebench

    for load in (load_dataset, closurebench.load_dataset):
        with pytest.raises(ConfigError, match=word):
            load("reachability", cache_dir=str(tmp_path), **kwargs)


def test_training_formats_carry_the_runner_prompt_and_the_reward_columns(tmp_path):
    import closurebench
    from closurebench.run.prompts import build_messages
    from closurebench.train.rewards import GRPO_COLUMNS, grpo_reward
    from closurebench.train.sft import sft_example

    rows = expected("set_difference", "train", per_category=3)
    grpo = closurebench.load_dataset("set_difference", "train", per_category=3, format="grpo",
                                     mode="cot", cache_dir=str(tmp_path))
    assert set(grpo.column_names) == {"prompt", *GRPO_COLUMNS}
    assert grpo["prompt"] == [build_messages(r["question"], "cot") for r in rows]
    columns = {k: grpo[k] for k in GRPO_COLUMNS}
    right = [json.dumps({"answer": json.loads(r["answer"])}) for r in rows]
    assert grpo_reward(prompts=grpo["prompt"], completions=right, **columns) == [1.0] * 3
    sft = closurebench.load_dataset("set_difference", "train", per_category=3, format="sft",
                                    target="tl", cache_dir=str(tmp_path))
    assert list(sft) == [sft_example(r, "tl") for r in rows]
    streamed = closurebench.load_dataset("set_difference", "train", per_category=3,
                                         streaming=True, format="grpo")
    assert [r["prompt"] for r in streamed] == [build_messages(r["question"], "direct")
                                              for r in rows]
    both = closurebench.load_dataset("set_difference", per_category=1, format="grpo",
                                     cache_dir=str(tmp_path))
    assert set(both) == set(SPLITS) and "question" not in both["held_out"].column_names
    for kw, word in (({"format": "ppo"}, "format must be one of grpo, sft"),
                     ({"format": "grpo", "mode": "fast"}, "mode must be one of"),
                     ({"format": "sft", "target": "prose"}, "target must be one of")):
        with pytest.raises(ConfigError, match=word):
            closurebench.load_dataset("set_difference", cache_dir=str(tmp_path), **kw)
