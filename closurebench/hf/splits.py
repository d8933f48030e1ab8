"""The released splits on disk: one Parquet file per category and split, plus a manifest.

Files are stored once per category, in a folder per level, named so that one glob selects a
config: ``splits/l<level>/<split>-<NN>-<category>.parquet`` (``NN`` the category's position in
the taxonomy). ``splits/*/train-*.parquet`` is ``all``, ``splits/l2/train-*.parquet`` is
``l2``, and a category is its one file; globs resolve in sorted order, which the ``NN`` makes
the taxonomy order ``generate`` yields. So the card's front matter names one path per split
and config, nothing is stored twice, and every config's rows are the same bytes.
``closurebench build-splits`` rewrites them;
``--check`` regenerates in memory and compares, which is what the drift test runs.

Parquet bytes depend on the pyarrow version (its ``created_by`` string, encoders), so byte
identity is promised only for the pyarrow version recorded in the manifest; across versions the
check compares the decoded rows and the SHA-256 of the canonical JSONL, which is what the card
publishes as each split's fingerprint.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from closurebench.categories import CATEGORIES, CONFIGS
from closurebench.generation.io import dumps_record
from closurebench.generation.release import (
    DEFAULTS,
    PER_CATEGORY,
    SPLITS,
    split_config,
    split_seeds,
)

__all__ = [
    "GRALGO_DIR", "GRALGO_MANIFEST", "MAJORITY", "MANIFEST", "SPLITS_DIR", "WRITER_OPTIONS",
    "DriftError",
    "build_gralgo_splits", "build_splits", "config_files", "config_pattern", "features_dict",
    "features_yaml", "file_path", "gralgo_file", "gralgo_pattern", "jsonl_bytes",
    "jsonl_sha256", "parquet_bytes", "read_manifest", "released_rows",
]

#: Folder of the released data, relative to the repository (or export) root.
SPLITS_DIR = "splits"
#: The manifest: seeds, versions, row counts and fingerprints of every file and split.
MANIFEST = f"{SPLITS_DIR}/MANIFEST.json"
#: GrAlgoBench's release, apart: its files are named ``gralgo-<split>-s<i>.parquet`` so no
#: glob of the 26 categories' configs (``splits/*/train-*.parquet``) ever selects them, and
#: ``build-splits`` leaves the folder alone (it has a manifest of its own).
GRALGO_DIR = f"{SPLITS_DIR}/gralgo"
GRALGO_MANIFEST = f"{GRALGO_DIR}/MANIFEST.json"
#: The train split's majority tables, package data beside the code that reads them
#: (``run.baselines``): written and checked with the split files, since they are a digest of one.
MAJORITY = "closurebench/run/majority.json"

#: Every writer option that shapes the bytes, pinned (defaults move between pyarrow versions).
WRITER_OPTIONS: dict[str, Any] = {
    "compression": "zstd", "compression_level": 9, "version": "2.6",
    "data_page_version": "1.0", "use_dictionary": True, "write_statistics": True,
    "data_page_size": 1 << 20, "store_schema": True,
}

_DTYPES = {"string": "string", "int64": "int64", "double": "float64"}


class DriftError(ValueError):
    """The committed splits differ from what the code generates now."""


def file_path(category: str, split: str) -> str:
    """Repository-relative path of one category's split file."""
    position = list(CATEGORIES).index(category) + 1
    return f"{SPLITS_DIR}/l{CATEGORIES[category].level}/{split}-{position:02d}-{category}.parquet"


def config_pattern(config: str, split: str) -> str:
    """The one path or glob that selects a config's split (what the card's ``configs`` say)."""
    if config == "all":
        return f"{SPLITS_DIR}/*/{split}-*.parquet"
    if config in ("l1", "l2", "l3"):
        return f"{SPLITS_DIR}/{config}/{split}-*.parquet"
    return file_path(config, split)


def config_files(config: str, split: str) -> list[str]:
    """The files holding a config's split, in taxonomy order (the order ``generate`` yields).

    Exactly the files ``config_pattern`` matches, in its sorted order (a test checks both).
    """
    return [file_path(c, split) for c in CONFIGS[config]]


def gralgo_file(split: str, scale: str) -> str:
    """Repository-relative path of one GrAlgoBench scale's split file."""
    return f"{GRALGO_DIR}/gralgo-{split}-{scale.rsplit('-', 1)[1]}.parquet"


def gralgo_pattern(split: str) -> str:
    """The glob of the ``gralgo`` config's split: its six scale files, in scale order."""
    return f"{GRALGO_DIR}/gralgo-{split}-*.parquet"


def _feature(t: Any) -> dict[str, Any]:
    import pyarrow as pa

    if pa.types.is_list(t):
        return {"feature": _feature(t.value_type), "_type": "Sequence"}
    return {"dtype": _DTYPES[str(t)], "_type": "Value"}


def features_dict(weighted: bool = False) -> dict[str, Any]:
    """``datasets`` features as a JSON dict every version reads (``Sequence``, never ``List``).

    Built from the Arrow schema so writing the splits needs pyarrow only; ``weighted``: a
    GrAlgoBench record's.
    """
    from closurebench.generation.schema import arrow_schema

    return {f.name: _feature(f.type) for f in arrow_schema(weighted)}


def features_yaml() -> list[dict[str, Any]]:
    """The same features in the dataset card's YAML form (``sequence:``, as 3.x writes it)."""

    def inner(d: dict[str, Any]) -> Any:
        return {"sequence": inner(d["feature"])} if d["_type"] == "Sequence" else d["dtype"]

    out = []
    for name, d in features_dict().items():
        v = inner(d)
        out.append({"name": name, "dtype": v} if isinstance(v, str) else {"name": name, **v})
    return out


def _schema(weighted: bool = False) -> Any:
    from closurebench.generation.schema import arrow_schema

    meta = {"info": {"features": features_dict(weighted)}}
    return arrow_schema(weighted).with_metadata(
        {"huggingface": json.dumps(meta, sort_keys=True)})


def parquet_bytes(records: list[dict[str, Any]], weighted: bool = False) -> bytes:
    """One Parquet file (a single row group) with the pinned writer options (``weighted``:
    GrAlgoBench records, with their weight columns)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.Table.from_pylist(records, schema=_schema(weighted))
    buf = io.BytesIO()
    pq.write_table(table, buf, row_group_size=max(len(records), 1), **WRITER_OPTIONS)
    return buf.getvalue()


def jsonl_bytes(records: Iterable[dict[str, Any]]) -> bytes:
    """The canonical JSONL of records: exactly what ``closurebench generate`` prints."""
    return "".join(dumps_record(r) + "\n" for r in records).encode()


def jsonl_sha256(records: Iterable[dict[str, Any]]) -> str:
    """The fingerprint of a split: SHA-256 of its canonical JSONL."""
    return hashlib.sha256(jsonl_bytes(records)).hexdigest()


def _records(task: tuple[str, str]) -> list[dict[str, Any]]:
    from closurebench.generation.instances import instance

    cfg = split_config(*task)
    return [instance(cfg, k) for k in range(cfg.size)]


def _all_records(workers: int) -> Iterator[tuple[tuple[str, str], list[dict[str, Any]]]]:
    """Every (split, category) file's records, in order; one process pool for all of them."""
    tasks = [(split, cat) for split in SPLITS for cat in CATEGORIES]
    if workers == 1:
        yield from ((t, _records(t)) for t in tasks)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(workers) as pool:
        yield from zip(tasks, pool.map(_records, tasks))


def _arrow_nbytes(records: list[dict[str, Any]], weighted: bool = False) -> int:
    """A file's ``num_bytes`` (``dataset_infos.json``): its rows' size as an Arrow table."""
    import pyarrow as pa

    return pa.Table.from_pylist(records, schema=_schema(weighted)).nbytes


def read_manifest(root: str | os.PathLike[str] = ".") -> dict[str, Any]:
    """The committed manifest, or a ``FileNotFoundError`` naming the command that makes it."""
    path = Path(root) / MANIFEST
    if not path.exists():
        raise FileNotFoundError(f"{path} not found; run `closurebench build-splits` first")
    return json.loads(path.read_text(encoding="utf-8"))


def released_rows(root: str | os.PathLike[str], split: str,
                  config: str = "all") -> list[dict[str, Any]]:
    """A released split's rows as committed under ``root``, in taxonomy order, each file's
    bytes checked against the manifest (a ``DriftError`` names a file that differs). What the
    card's audit and first rows are computed from: the card describes the published files,
    and ``build-splits --check`` holds those to the code, so nothing regenerates 2,600
    instances to describe them."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    root = Path(root)
    files = read_manifest(root)["files"]
    out: list[dict[str, Any]] = []
    for rel in config_files(config, split):
        blob = (root / rel).read_bytes() if (root / rel).is_file() else b""
        if rel not in files or hashlib.sha256(blob).hexdigest() != files[rel]["sha256"]:
            raise DriftError(f"{rel} does not match {MANIFEST}: run `closurebench "
                             "build-splits` first")
        out += pq.read_table(pa.BufferReader(blob)).to_pylist()
    return out


def _generate_all(workers: int, progress: Callable[[str], None] | None
                  ) -> tuple[dict[str, Any], dict[str, bytes], dict[str, list[dict[str, Any]]]]:
    import pyarrow as pa

    files: dict[str, dict[str, Any]] = {}
    blobs: dict[str, bytes] = {}
    rows: dict[str, list[dict[str, Any]]] = {}
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be an integer >= 1, got {workers!r}")
    whole = {split: hashlib.sha256() for split in SPLITS}
    counts = dict.fromkeys(SPLITS, 0)
    for (split, cat), recs in _all_records(workers):
        path = file_path(cat, split)
        blob = parquet_bytes(recs)
        jsonl = jsonl_bytes(recs)
        whole[split].update(jsonl)
        counts[split] += len(recs)
        blobs[path], rows[path] = blob, recs
        files[path] = {
            "num_examples": len(recs), "num_bytes": _arrow_nbytes(recs), "size": len(blob),
            "sha256": hashlib.sha256(blob).hexdigest(),
            "jsonl_sha256": hashlib.sha256(jsonl).hexdigest(),
        }
        if progress:
            progress(path)
    splits: dict[str, dict[str, Any]] = {}
    for split in SPLITS:
        s = split_seeds(split)
        splits[split] = {
            "seed": s.seed, "surface_seed": s.surface_seed, "num_examples": counts[split],
            "jsonl_sha256": whole[split].hexdigest(),
            "command": f"closurebench generate all --seed {s.seed} --surface-seed {s.surface_seed}"
                       f" --half {SPLITS.index(split)}",
        }
    from closurebench import __version__

    manifest = {
        "package_version": __version__, "pyarrow_version": pa.__version__,
        "axes": {**DEFAULTS, "density": list(DEFAULTS["density"])},
        "per_category": PER_CATEGORY, "writer_options": WRITER_OPTIONS,
        "splits": splits, "files": files,
    }
    return manifest, blobs, rows


def _dump(manifest: dict[str, Any]) -> str:
    return json.dumps(manifest, indent=2, sort_keys=True) + "\n"


def _majority(rows: dict[str, list[dict[str, Any]]]) -> str:
    from closurebench.audit.measure import majority_tables

    train = (r for cat in CATEGORIES for r in rows[file_path(cat, "train")])
    return _dump(majority_tables(train))


def build_splits(
    root: str | os.PathLike[str] = ".",
    *,
    check: bool = False,
    workers: int = 1,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Write (or with ``check``, verify) every released split file and the manifest.

    ``check`` raises ``DriftError`` listing what differs. Parquet bytes are compared only when
    the running pyarrow is the one recorded in the committed manifest (see the module note).
    """
    manifest, blobs, rows = _generate_all(workers, progress)
    root = Path(root)
    if not check:
        for path, blob in blobs.items():
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_bytes(blob)
        _remove_stale(root, set(blobs))
        (root / MANIFEST).write_text(_dump(manifest), encoding="utf-8", newline="\n")
        (root / MAJORITY).parent.mkdir(parents=True, exist_ok=True)
        (root / MAJORITY).write_text(_majority(rows), encoding="utf-8", newline="\n")
        return manifest
    _compare(root, manifest, blobs, rows)
    return manifest


def _stale(root: Path, keep: set[str]) -> list[Path]:
    """Parquet files under ``splits/`` that the current layout does not write (an old layout)."""
    base = root / SPLITS_DIR
    if not base.is_dir():
        return []
    gralgo = root / GRALGO_DIR  # GrAlgoBench's files: their own builder, their own manifest
    return sorted(p for p in base.rglob("*.parquet") if p.relative_to(root).as_posix() not in keep
                  and not p.is_relative_to(gralgo))


def _remove_stale(root: Path, keep: set[str]) -> None:
    for path in _stale(root, keep):
        path.unlink()
        if not any(path.parent.iterdir()):
            path.parent.rmdir()


def _file_problems(root: Path, blobs: dict[str, bytes], rows: dict[str, list[dict[str, Any]]],
                   same_arrow: bool) -> list[str]:
    """What differs between the committed data files and a fresh build's: bytes under the
    same pyarrow, decoded rows under another (its Parquet bytes may differ legitimately)."""
    import pyarrow.parquet as pq

    problems = []
    for rel, blob in blobs.items():
        on_disk = root / rel
        if not on_disk.exists():
            problems.append(f"{rel} is missing")
        elif same_arrow:
            if on_disk.read_bytes() != blob:
                problems.append(f"{rel}: bytes differ")
        elif pq.read_table(on_disk).to_pylist() != rows[rel]:
            problems.append(f"{rel}: rows differ")
    return problems


def _compare(root: Path, fresh: dict[str, Any], blobs: dict[str, bytes],
             rows: dict[str, list[dict[str, Any]]]) -> None:

    old = read_manifest(root)
    same_arrow = old.get("pyarrow_version") == fresh["pyarrow_version"]
    problems = []
    if same_arrow and _dump(old) != _dump(fresh):
        problems.append(f"{MANIFEST} differs from a fresh build")
    for key in ("package_version", "axes", "per_category", "splits"):
        if old.get(key) != fresh[key]:
            problems.append(f"{MANIFEST}: {key} differs")
    problems += _file_problems(root, blobs, rows, same_arrow)
    problems += [f"{p.relative_to(root).as_posix()} is not part of the release"
                 for p in _stale(root, set(blobs))]
    majority = root / MAJORITY
    if not majority.is_file() or majority.read_text(encoding="utf-8") != _majority(rows):
        problems.append(f"{MAJORITY} differs from a fresh build")
    if problems:
        raise DriftError("committed splits are stale (run `closurebench build-splits`): "
                         + "; ".join(problems[:5]) + (" ..." if len(problems) > 5 else ""))


def _gralgo_records(task: tuple[str, int]) -> list[dict[str, Any]]:
    from closurebench.generation.instances import instance
    from closurebench.generation.release import gralgo_split_configs

    split, i = task
    cfg = gralgo_split_configs(split)[i]
    return [instance(cfg, k) for k in range(cfg.size)]


def _generate_gralgo(workers: int, progress: Callable[[str], None] | None
                     ) -> tuple[dict[str, Any], dict[str, bytes], dict[str, list[dict[str, Any]]]]:
    """GrAlgoBench's manifest, Parquet bytes and rows by file, in memory (as ``_generate_all``
    for the 26 categories: what ``build_gralgo_splits`` writes or compares)."""
    import pyarrow as pa

    from closurebench import __version__
    from closurebench.generation.release import GRALGO_PER_TASK, GRALGO_SCALES

    tasks = [(split, i) for split in SPLITS for i in range(len(GRALGO_SCALES))]
    if workers == 1:
        results = [_gralgo_records(t) for t in tasks]
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_gralgo_records, tasks))
    files: dict[str, dict[str, Any]] = {}
    blobs: dict[str, bytes] = {}
    rows: dict[str, list[dict[str, Any]]] = {}
    whole = {split: hashlib.sha256() for split in SPLITS}
    counts = dict.fromkeys(SPLITS, 0)
    for (split, i), recs in zip(tasks, results):
        path = gralgo_file(split, GRALGO_SCALES[i])
        blob, jsonl = parquet_bytes(recs, weighted=True), jsonl_bytes(recs)
        whole[split].update(jsonl)
        counts[split] += len(recs)
        blobs[path], rows[path] = blob, recs
        files[path] = {"num_examples": len(recs), "size": len(blob),
                       "sha256": hashlib.sha256(blob).hexdigest(),
                       "jsonl_sha256": hashlib.sha256(jsonl).hexdigest()}
        if progress:
            progress(path)
    manifest = {
        "package_version": __version__, "pyarrow_version": pa.__version__,
        "scales": list(GRALGO_SCALES), "per_task": GRALGO_PER_TASK,
        "writer_options": WRITER_OPTIONS,
        "splits": {split: {**split_seeds(split).__dict__, "num_examples": counts[split],
                           "jsonl_sha256": whole[split].hexdigest()} for split in SPLITS},
        "files": files,
    }
    return manifest, blobs, rows


def build_gralgo_splits(
    root: str | os.PathLike[str] = ".",
    *,
    check: bool = False,
    workers: int = 1,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Write (or with ``check``, verify) GrAlgoBench's split files and their manifest.

    Twelve files: ``splits/gralgo/gralgo-<split>-s<i>.parquet``, 450 rows each (nine tasks,
    50 per task), one per scale; each split's fingerprint is the SHA-256 of its six files'
    canonical JSONL, in scale order. ``check`` raises ``DriftError`` naming what differs.
    """
    manifest, blobs, rows = _generate_gralgo(workers, progress)
    root = Path(root)
    if check:
        _compare_gralgo(root, manifest, blobs, rows)
        return manifest
    for path, blob in blobs.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(blob)
    (root / GRALGO_MANIFEST).write_text(_dump(manifest), encoding="utf-8", newline="\n")
    return manifest


def _compare_gralgo(root: Path, fresh: dict[str, Any], blobs: dict[str, bytes],
                    rows: dict[str, list[dict[str, Any]]]) -> None:
    """The gralgo drift check, as ``_compare``'s for the 26 categories: the split fingerprints
    and the manifest's keys, and every file on disk (its bytes under the manifest's pyarrow,
    its decoded rows under another), so a file that drifted from its manifest is caught too."""

    path = root / GRALGO_MANIFEST
    old = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    problems = [] if old else [f"{GRALGO_MANIFEST} is missing"]
    problems += [f"{split}: fingerprint differs" for split in SPLITS
                 if old.get("splits", {}).get(split, {}).get("jsonl_sha256")
                 != fresh["splits"][split]["jsonl_sha256"]]
    same_arrow = old.get("pyarrow_version") == fresh["pyarrow_version"]
    if old and same_arrow and _dump(old) != _dump(fresh):
        problems.append(f"{GRALGO_MANIFEST} differs from a fresh build")
    for key in ("package_version", "scales", "per_task", "splits"):
        if old and old.get(key) != fresh[key]:
            problems.append(f"{GRALGO_MANIFEST}: {key} differs")
    problems += _file_problems(root, blobs, rows, same_arrow)
    folder = root / GRALGO_DIR
    if folder.is_dir():
        problems += [f"{p.relative_to(root).as_posix()} is not part of the release"
                     for p in sorted(folder.glob("*.parquet"))
                     if p.relative_to(root).as_posix() not in blobs]
    if problems:
        raise DriftError("GrAlgoBench splits differ from a fresh build (run closurebench "
                         "build-splits --gralgo): " + "; ".join(problems[:5])
                         + (" ..." if len(problems) > 5 else ""))
