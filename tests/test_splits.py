"""The released splits: pinned seeds, disjointness, and no drift between files and code."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

pq = pytest.importorskip("pyarrow.parquet")

from closurebench import cli  # noqa: E402
from closurebench.categories import CATEGORIES, CONFIGS  # noqa: E402
from closurebench.generation import release  # noqa: E402
from closurebench.generation.instances import instance  # noqa: E402
from closurebench.generation.release import (  # noqa: E402
    GRALGO_SCALES,
    HELD_OUT,
    SPLITS,
    TRAIN,
    gralgo_split_configs,
    held_out_seed,
    split_seeds,
)
from closurebench.hf import splits  # noqa: E402
from closurebench.hf.splits import (  # noqa: E402
    GRALGO_DIR,
    GRALGO_MANIFEST,
    MANIFEST,
    config_files,
    config_pattern,
    features_dict,
    features_yaml,
    file_path,
    gralgo_file,
    jsonl_bytes,
    parquet_bytes,
    read_manifest,
)
from closurebench.run import baselines  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def rows(root: Path, split: str) -> list[dict]:
    files = config_files("all", split)
    return [r for path in files for r in pq.read_table(root / path).to_pylist()]


@pytest.fixture(scope="module")
def committed(release_root) -> dict[str, list[dict]]:
    return {split: rows(release_root, split) for split in SPLITS}


def run_cli(argv: list[str], monkeypatch) -> int:
    monkeypatch.setattr(cli, "EXTENSIONS", (*cli.EXTENSIONS, "closurebench.hf.cli")
                        if "closurebench.hf.cli" not in cli.EXTENSIONS else cli.EXTENSIONS)
    return cli.main(argv)


def test_released_seeds_are_pinned(release_root):
    assert (TRAIN.seed, TRAIN.surface_seed) == (0, 0)
    assert HELD_OUT.seed == HELD_OUT.surface_seed == 7246509828802731675
    assert held_out_seed(0) == HELD_OUT.seed
    manifest = read_manifest(release_root)
    assert manifest["splits"]["train"]["seed"] == 0
    assert manifest["splits"]["held_out"]["surface_seed"] == HELD_OUT.surface_seed


def test_split_seeds_rule():
    assert split_seeds("train", 3) == split_seeds("train", 3, 3)
    assert split_seeds("held_out", 3, 9).surface_seed == held_out_seed(9)
    assert held_out_seed(1) not in range(10**6)  # "the next seed" never is a held-out seed
    with pytest.raises(ValueError, match="split"):
        split_seeds("test")


def test_sizes_and_stratification(committed, release_root):
    for split in SPLITS:
        assert len(committed[split]) == 1300
        counts = {c: 0 for c in CATEGORIES}
        for r in committed[split]:
            counts[r["category"]] += 1
        assert set(counts.values()) == {50}
    manifest = read_manifest(release_root)
    assert {s["num_examples"] for s in manifest["splits"].values()} == {1300}
    assert len(manifest["files"]) == 2 * len(CATEGORIES)


def test_train_and_held_out_share_no_seed_and_no_text(committed):
    train, held = committed["train"], committed["held_out"]
    for key in ("structural_seed", "surface_seed", "question", "id"):
        assert {r[key] for r in train}.isdisjoint(r[key] for r in held), key
    # nor within a split: every per-instance seed is distinct
    for split in SPLITS:
        assert len({r["structural_seed"] for r in committed[split]}) == 1300
        assert len({r["surface_seed"] for r in committed[split]}) == 1300


def test_manifest_fingerprints_match_the_committed_rows(committed, release_root):
    manifest = read_manifest(release_root)
    for split in SPLITS:
        whole = hashlib.sha256(jsonl_bytes(committed[split])).hexdigest()
        assert whole == manifest["splits"][split]["jsonl_sha256"]
        for cat in CATEGORIES:
            path = file_path(cat, split)
            meta = manifest["files"][path]
            assert hashlib.sha256((release_root / path).read_bytes()).hexdigest() == meta["sha256"]


@pytest.fixture(scope="module")
def rebuilt(committed):
    """``_generate_all``'s build made from the committed rows instead of regenerated ones (a
    second, not a minute): what the tests of ``--check``'s reporting need. That the committed
    rows are the code's is the drift tests' job below."""
    by_file = {(split, cat): committed[split][i * splits.PER_CATEGORY:
                                            (i + 1) * splits.PER_CATEGORY]
               for split in SPLITS for i, cat in enumerate(CATEGORIES)}
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(splits, "_all_records", lambda workers: iter(by_file.items()))
        return splits._generate_all(1, None)


def test_sampled_rows_do_not_drift_from_the_code(committed):
    """The default drift check: four rows per category and split (208 rows, a few seconds),
    regenerated on their own from the released split configs, equal the committed rows; the
    row index moves with the split and the category, so not only first rows are compared.
    The manifest-command test below regenerates the first and last categories whole, and the
    full regeneration of all 2,600 rows is the slow test after this one."""
    per = splits.PER_CATEGORY
    for s, split in enumerate(SPLITS):
        for p, cat in enumerate(CATEGORIES):
            cfg = release.split_config(split, cat)
            for k in sorted({(7 * s + 3 * p + step) % per for step in (0, 13, 26, 39)}):
                want = committed[split][p * per + k]
                assert want["category"] == cat
                assert instance(cfg, k) == want, f"{split} {cat} row {k}"


@pytest.mark.slow  # about a minute: every row of both splits, both engines
def test_committed_files_do_not_drift_from_the_code(monkeypatch, capsys):
    """Bytes are compared when pyarrow is the manifest's, decoded rows otherwise."""
    assert run_cli(["build-splits", "--check", "--quiet", "--workers", "2"], monkeypatch) == 0
    out = capsys.readouterr().out
    assert read_manifest(ROOT)["splits"]["train"]["jsonl_sha256"] in out


def test_check_reports_drift(rebuilt, tmp_path, monkeypatch, capsys, release_root):
    monkeypatch.setattr(splits, "_generate_all", lambda workers, progress: rebuilt)
    (tmp_path / "splits").mkdir()
    manifest = read_manifest(release_root)
    manifest["splits"]["train"]["jsonl_sha256"] = "0" * 64
    (tmp_path / MANIFEST).write_text(json.dumps(manifest))
    assert run_cli(["build-splits", "--check", "--quiet", "--root", str(tmp_path)],
                   monkeypatch) == 1
    assert "stale" in capsys.readouterr().err


def test_check_reports_a_stale_majority_table(rebuilt, tmp_path, monkeypatch):
    """The floors' train majorities are written with the files and checked with them."""
    monkeypatch.setattr(splits, "_generate_all", lambda workers, progress: rebuilt)
    splits.build_splits(tmp_path)
    table = json.loads((tmp_path / splits.MAJORITY).read_text())
    assert table["majority"] == baselines.majority_table()  # the package's copy is current
    splits.build_splits(tmp_path, check=True)
    table["majority"]["reachability"] = "true" if table["majority"]["reachability"] == \
        "false" else "false"
    (tmp_path / splits.MAJORITY).write_text(json.dumps(table))
    with pytest.raises(splits.DriftError, match=r"majority\.json differs"):
        splits.build_splits(tmp_path, check=True)


def test_parquet_writer_is_deterministic_and_carries_3x_features(committed, release_root):
    recs = committed["train"][:50]
    blob = parquet_bytes(recs)
    assert blob == parquet_bytes(recs)
    meta = pq.read_schema(release_root / file_path("triangle_count", "train")).metadata
    features = json.loads(meta[b"huggingface"])["info"]["features"]
    assert features == features_dict()
    assert "List" not in json.dumps(features)  # datasets 3.x has no List feature type


def test_version_neutral_features_parse_to_the_schema():
    datasets = pytest.importorskip("datasets")
    from closurebench.generation.schema import features

    assert datasets.Features.from_dict(features_dict()) == features()
    assert datasets.Features._from_yaml_list(features_yaml()) == features()


def test_every_config_lists_its_categories_files(release_root):
    for name, cats in CONFIGS.items():
        for split in SPLITS:
            files = config_files(name, split)
            assert files == [file_path(c, split) for c in cats]
            assert all((release_root / f).is_file() for f in files)
            # the card's one glob per config selects exactly these files, in this order
            assert sorted(p.relative_to(release_root).as_posix()
                          for p in release_root.glob(config_pattern(name, split))) == files


@pytest.mark.parametrize("shard", ["0/25", "24/25"])
def test_manifest_command_reproduces_the_committed_rows(shard, monkeypatch, capsysbinary,
                                                        release_root, committed):
    """The card's verification recipe, ``closurebench generate all --seed S ...``, on a slice
    (``--shard``: the first and the last categories): its bytes are the committed rows'. With
    the drift test (the whole split is the code's) and the shard test (slices concatenate to
    the whole), that is the recipe's fingerprint; the whole command runs under ``-m slow``."""
    from closurebench.generation.parallel import shard_range

    manifest = read_manifest(release_root)
    for split in SPLITS:
        argv = manifest["splits"][split]["command"].split()[1:]
        assert run_cli([*argv, "--shard", shard], monkeypatch) == 0
        start, stop = shard_range(len(committed[split]), *map(int, shard.split("/")))
        want = splits.jsonl_bytes(committed[split][start:stop])
        assert capsysbinary.readouterr().out == want


@pytest.mark.slow
def test_manifest_command_reproduces_the_fingerprint(monkeypatch, capsysbinary, release_root):
    """The card's verification recipe: ``closurebench generate all --seed S ... | sha256sum``."""
    manifest = read_manifest(release_root)
    for split in SPLITS:
        argv = manifest["splits"][split]["command"].split()[1:]
        assert run_cli(argv, monkeypatch) == 0
        out = capsysbinary.readouterr().out
        assert hashlib.sha256(out).hexdigest() == manifest["splits"][split]["jsonl_sha256"]


# --- GrAlgoBench's splits (splits/gralgo/, a manifest of their own) -------------------------


def gralgo_manifest(root: Path = ROOT) -> dict:
    return json.loads((root / GRALGO_MANIFEST).read_text(encoding="utf-8"))


def test_gralgo_files_match_their_manifest():
    """Every file's bytes and decoded rows are what the manifest records, and each split's
    fingerprint is its six files' canonical JSONL in scale order."""
    manifest = gralgo_manifest()
    assert manifest["scales"] == list(GRALGO_SCALES)
    for split in SPLITS:
        whole = hashlib.sha256()
        for scale in GRALGO_SCALES:
            rel = gralgo_file(split, scale)
            meta, blob = manifest["files"][rel], (ROOT / rel).read_bytes()
            assert hashlib.sha256(blob).hexdigest() == meta["sha256"], rel
            recs = pq.read_table(ROOT / rel).to_pylist()
            assert len(recs) == meta["num_examples"] == 9 * manifest["per_task"]
            assert hashlib.sha256(jsonl_bytes(recs)).hexdigest() == meta["jsonl_sha256"], rel
            whole.update(jsonl_bytes(recs))
        assert whole.hexdigest() == manifest["splits"][split]["jsonl_sha256"]


def test_sampled_gralgo_rows_do_not_drift_from_the_code():
    """The default drift check: one row per task and scale, the split alternating with the
    scale (54 rows, a few seconds), regenerated from the released split configs, equals the
    released file's row; the row index moves with the scale and task, so not only each
    task's first row is compared. The full regeneration of all 5,400 rows is the slow test
    below."""
    for s, split in enumerate(SPLITS):
        for i, (cfg, scale) in enumerate(zip(gralgo_split_configs(split), GRALGO_SCALES)):
            if i % 2 != s:
                continue
            rel = gralgo_file(split, scale)
            released = pq.read_table(ROOT / rel).to_pylist()
            assert len(released) == cfg.size
            for p, task in enumerate(cfg.categories):
                k = p * cfg.per_category + (7 * i + 3 * p) % cfg.per_category
                assert released[k]["category"] == task
                assert instance(cfg, k) == released[k], f"{rel} row {k} ({task})"


@pytest.mark.slow  # about 2 minutes with two workers (every gralgo row, up to 160 nodes)
def test_gralgo_files_do_not_drift_from_the_code(monkeypatch, capsys):
    argv = ["build-splits", "--gralgo", "--check", "--quiet", "--workers", "2",
            "--root", str(ROOT)]
    assert run_cli(argv, monkeypatch) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    for split in SPLITS:
        assert gralgo_manifest()["splits"][split]["jsonl_sha256"] in out


@pytest.fixture(scope="module")
def small_gralgo():
    """GrAlgoBench's build at one row per task and scale (108 rows), in memory."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(release, "GRALGO_PER_TASK", 1)
        return splits._generate_gralgo(1, None)


def test_gralgo_check_passes_on_its_own_build_and_names_each_drift(small_gralgo, tmp_path,
                                                                   monkeypatch, capsys):
    monkeypatch.setattr(splits, "_generate_gralgo", lambda workers, progress: small_gralgo)
    manifest, blobs, rows = small_gralgo
    assert manifest["per_task"] == 1 and len(blobs) == 12
    base = ["build-splits", "--gralgo", "--quiet", "--root", str(tmp_path)]
    assert run_cli(base, monkeypatch) == 0
    assert run_cli([*base, "--check"], monkeypatch) == 0
    capsys.readouterr()

    def drift() -> str:
        assert run_cli([*base, "--check"], monkeypatch) == 1
        return capsys.readouterr().err

    rel = gralgo_file("held_out", "gralgo-s4")
    (tmp_path / rel).write_bytes(b"other bytes")
    assert f"{rel}: bytes differ" in drift()
    (tmp_path / rel).write_bytes(blobs[rel])
    stray = tmp_path / GRALGO_DIR / "gralgo-train-s7.parquet"
    stray.write_bytes(blobs[rel])
    assert "gralgo-train-s7.parquet is not part of the release" in drift()
    stray.unlink()
    old = gralgo_manifest(tmp_path)
    # under another pyarrow the decoded rows are compared, not the bytes
    other = {**old, "pyarrow_version": "0.0"}
    (tmp_path / GRALGO_MANIFEST).write_text(json.dumps(other), encoding="utf-8")
    assert run_cli([*base, "--check"], monkeypatch) == 0
    (tmp_path / rel).write_bytes(parquet_bytes(rows[rel][:-1], weighted=True))
    assert f"{rel}: rows differ" in drift()
    (tmp_path / rel).write_bytes(blobs[rel])
    old["splits"]["train"]["jsonl_sha256"] = "0" * 64
    (tmp_path / GRALGO_MANIFEST).write_text(json.dumps(old), encoding="utf-8")
    assert "train: fingerprint differs" in drift()
    (tmp_path / GRALGO_MANIFEST).unlink()
    assert f"{GRALGO_MANIFEST} is missing" in drift()


def test_released_rows_are_the_files_rows_and_refuse_other_bytes(release_root, tmp_path):
    """What the card's audit reads: a config's committed rows, each file hash-checked."""
    import shutil

    rel = file_path("reachability", "held_out")
    assert splits.released_rows(release_root, "held_out", "reachability") == pq.read_table(
        release_root / rel).to_pylist()
    (tmp_path / rel).parent.mkdir(parents=True)
    (tmp_path / MANIFEST).parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(release_root / MANIFEST, tmp_path / MANIFEST)
    shutil.copyfile(release_root / rel, tmp_path / rel)
    assert splits.released_rows(tmp_path, "held_out", "reachability")
    (tmp_path / rel).write_bytes((tmp_path / rel).read_bytes() + b"\0")
    with pytest.raises(splits.DriftError, match=r"reachability\.parquet does not match"):
        splits.released_rows(tmp_path, "held_out", "reachability")
    (tmp_path / rel).unlink()
    with pytest.raises(splits.DriftError, match="does not match"):
        splits.released_rows(tmp_path, "held_out", "reachability")
