"""The loading script under ``datasets`` 3.x (run by .ci/run in the second venv, ``-m ds36``).

Both ways the README documents, from a clone laid out like the repository: the folder name
(run from the clone's parent, where the clone shadows the package as a namespace package) and
the script's path. Both must give exactly the rows of the package's own builder.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

datasets = pytest.importorskip("datasets")

from closurebench.generator import instance  # noqa: E402
from closurebench.hf.splits import jsonl_sha256  # noqa: E402
from closurebench.release import SPLITS, split_config  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
V3 = int(datasets.__version__.split(".")[0]) == 3

pytestmark = [
    pytest.mark.ds36,
    pytest.mark.skipif(not V3, reason="loading scripts need datasets 3.x"),
]


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Path:
    """``<tmp>/closurebench/``: the script, card, infos and splits, and the package folder."""
    parent = tmp_path_factory.mktemp("parent")
    folder = parent / "closurebench"
    folder.mkdir()
    for name in ("closurebench.py", "README.md", "dataset_infos.json", "splits", "closurebench"):
        (folder / name).symlink_to(ROOT / name)
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


def test_released_config_and_package_builder_agree(clone, tmp_path):
    import pyarrow.parquet as pq

    from closurebench.hf import load_dataset

    got = load_in_subprocess(clone.parent, "closurebench", "kinship_chain", tmp_path)
    mine = load_dataset("kinship_chain", cache_dir=str(tmp_path / "pkg"))
    for split in SPLITS:
        rows = pq.read_table(ROOT / f"splits/kinship_chain/{split}-00000-of-00001.parquet")
        assert got[split] == [50, jsonl_sha256(rows.to_pylist())] == [50, jsonl_sha256(
            mine[split])]
