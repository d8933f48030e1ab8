"""The loading script under ``datasets`` 3.x (run by .ci/run in the second venv, ``-m ds36``).

Both ways docs/configs-and-loading.md documents, from a clone laid out like the repository:
the folder name (run from the clone's parent, where the clone shadows the package as a
namespace package) and the script's path. Both must give exactly the rows of the package's
own builder.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

datasets = pytest.importorskip("datasets")

from closurebench.generation.instances import instance  # noqa: E402
from closurebench.generation.release import SPLITS, split_config  # noqa: E402
from closurebench.hf.splits import jsonl_sha256  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
V3 = int(datasets.__version__.split(".")[0]) == 3

pytestmark = [
    pytest.mark.ds36,
    pytest.mark.skipif(not V3, reason="loading scripts need datasets 3.x"),
]


@pytest.fixture(scope="module")
def clone(tmp_path_factory, release_root) -> Path:
    """``<tmp>/closurebench/``: the script, the README (a guide, no card), infos and splits,
    and the package folder."""
    parent = tmp_path_factory.mktemp("parent")
    folder = parent / "closurebench"
    folder.mkdir()
    for name in ("closurebench.py", "closurebench", "README.md"):
        (folder / name).symlink_to(ROOT / name)
    for name in ("dataset_infos.json", "splits"):
        (folder / name).symlink_to(release_root / name)
    return folder


def load_in_subprocess(cwd: Path, path: str, config: str, cache: Path, **kwargs) -> dict:
    """``datasets.load_dataset`` in a fresh interpreter (cwd decides what ``import`` finds)."""
    code = (
        "import json, sys, datasets\n"
        "from closurebench.hf.splits import jsonl_sha256\n"
        "a = json.loads(sys.argv[1])\n"
        "ds = datasets.load_dataset(a['path'], a['config'], trust_remote_code=True,\n"
        "                           cache_dir=a['cache'], **a['kwargs'])\n"
        "print(json.dumps({s: [len(ds[s]), jsonl_sha256(ds[s])] for s in ds}))\n"
    )
    arg = json.dumps({"path": path, "config": config, "cache": str(cache), "kwargs": kwargs})
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    res = subprocess.run([sys.executable, "-c", code, arg], cwd=cwd, env=env,
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-2000:]
    return json.loads(res.stdout.strip().splitlines()[-1])


def expected(config: str, **axes) -> dict:
    out = {}
    for split in SPLITS:
        cfg = split_config(split, config, **axes)
        rows = [instance(cfg, k) for k in range(cfg.size)]
        out[split] = [len(rows), jsonl_sha256(rows)]
    return out


def test_by_folder_name_from_the_clone_parent(clone, tmp_path):
    got = load_in_subprocess(clone.parent, "closurebench", "l3", tmp_path, n_max=10,
                             per_category=2)
    assert got == expected("l3", n_max=10, per_category=2)


def test_by_script_path_gives_the_same_rows(clone, tmp_path):
    got = load_in_subprocess(tmp_path, str(clone / "closurebench.py"), "l3", tmp_path,
                             n_max=10, per_category=2)
    assert got == expected("l3", n_max=10, per_category=2)


def test_released_config_and_package_builder_agree(clone, tmp_path, release_root):
    import pyarrow.parquet as pq

    from closurebench.hf import load_dataset
    from closurebench.hf.splits import file_path

    got = load_in_subprocess(clone.parent, "closurebench", "kinship_chain", tmp_path)
    mine = load_dataset("kinship_chain", cache_dir=str(tmp_path / "pkg"))
    for split in SPLITS:
        rows = pq.read_table(release_root / file_path("kinship_chain", split))
        assert got[split] == [50, jsonl_sha256(rows.to_pylist())] == [50, jsonl_sha256(
            mine[split])]


def _other_datasets_python() -> str | None:
    """A Python whose ``datasets`` is >= 4 (CI's ``.venv``, or ``CLOSUREBENCH_DS5_PYTHON``)."""
    for cand in (os.environ.get("CLOSUREBENCH_DS5_PYTHON"), str(ROOT / ".venv/bin/python")):
        if cand and Path(cand).is_file():
            res = subprocess.run([cand, "-c", "import datasets; print(datasets.__version__)"],
                                 capture_output=True, text=True, timeout=120)
            if res.returncode == 0 and int(res.stdout.split(".")[0]) >= 4:
                return cand
    return None


def test_one_cache_shared_with_a_newer_datasets(tmp_path, release_root):
    """datasets 5.x writes ``List`` into its cached infos; 3.6 must not be served them.

    Both the package's builder and the Hub export (Parquet, no code) are loaded first by the
    newer datasets, then here, from the same cache folder.
    """
    other = _other_datasets_python()
    if other is None:
        pytest.skip("no datasets >= 4 interpreter (.venv or CLOSUREBENCH_DS5_PYTHON)")
    from closurebench.hf.publish import export

    export(release_root, tmp_path / "export")
    cache = tmp_path / "cache"
    code = ("import sys, closurebench, datasets\n"
            "ds = closurebench.load_dataset('kinship_chain', per_category=2,\n"
            "                               cache_dir=sys.argv[1])\n"
            "hub = datasets.load_dataset(sys.argv[2], 'l3', cache_dir=sys.argv[1])\n"
            "print(len(ds['train']), len(hub['held_out']))\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HF_DATASETS_OFFLINE": "1"}
    res = subprocess.run([other, "-c", code, str(cache), str(tmp_path / "export")], env=env,
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0 and res.stdout.strip().endswith("2 350"), res.stderr[-2000:]
    from closurebench.hf import load_dataset

    ds = load_dataset("kinship_chain", per_category=2, cache_dir=str(cache))
    assert jsonl_sha256(ds["train"]) == expected("kinship_chain", per_category=2)["train"][1]
    hub = datasets.load_dataset(str(tmp_path / "export"), "l3", cache_dir=str(cache))
    assert len(hub["held_out"]) == 350


def test_loading_writes_no_lock_beside_the_package(tmp_path):
    """datasets 3.6 locks ``<package>/../<name>.lock``; ours goes to the datasets cache."""
    import shutil

    root = tmp_path / "site"
    shutil.copytree(ROOT / "closurebench", root / "closurebench",
                    ignore=shutil.ignore_patterns("__pycache__"))
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import closurebench\n"
            "assert closurebench.__file__.startswith(sys.argv[1]), closurebench.__file__\n"
            "closurebench.load_dataset('sibling', per_category=1, cache_dir=sys.argv[2])\n")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["HF_DATASETS_CACHE"] = str(tmp_path / "cache")
    res = subprocess.run([sys.executable, "-c", code, str(root), str(tmp_path / "cache")],
                         env=env, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-2000:]
    assert sorted(p.name for p in root.iterdir()) == ["closurebench"]


def test_import_from_the_clone_parent_is_the_package(tmp_path):
    """An editable install is a plain path entry, so the clone folder cannot shadow it."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    where = [sys.executable, "-c", "import closurebench; print(closurebench.__file__)"]
    res = subprocess.run(where, cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=120)
    if not res.stdout.strip().startswith(str(ROOT / "closurebench")):
        pytest.skip("closurebench is not installed editable from this checkout")
    parent = tmp_path / "parent"
    parent.mkdir()
    (parent / "closurebench").symlink_to(ROOT)
    res = subprocess.run(where, cwd=parent, env=env, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0 and res.stdout.strip().endswith("__init__.py"), res.stderr
