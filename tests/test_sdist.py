"""The sdist carries what its own test suite needs (data, loading script, metric, tasks, docs);
the wheel carries the dataset card, so ``build-card`` and ``publish`` work from it."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NEEDED = ("tests/", "splits/", "metric/", "integrations/", "closurebench/", "docs/")
ROOT_FILES = ("LICENSE", "README.md", "README.pypi.md", "dataset_infos.json", "closurebench.py",
              "pyproject.toml")


@pytest.mark.slow
def test_the_sdist_holds_every_file_the_tests_read(tmp_path):
    if importlib.util.find_spec("build") is None:
        pytest.skip("needs the 'build' package (pip install build)")
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if tracked.returncode != 0:
        pytest.skip("not a git checkout (this is an sdist already)")
    want = {f for f in tracked.stdout.splitlines()
            if f.startswith(NEEDED) or f in ROOT_FILES}
    subprocess.run([sys.executable, "-m", "build", "--sdist", "--outdir", str(tmp_path), "."],
                   cwd=ROOT, check=True, capture_output=True, timeout=600)
    (sdist,) = tmp_path.glob("closurebench-*.tar.gz")
    with tarfile.open(sdist) as tar:
        have = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    assert sorted(want - have) == []


@pytest.mark.slow
def test_the_wheel_ships_the_dataset_card(tmp_path):
    if importlib.util.find_spec("build") is None:
        pytest.skip("needs the 'build' package (pip install build)")
    import zipfile

    from closurebench.hf.card import CARD_FILE

    # the sdist, then the wheel built from it (as pip does), leaving no build/ in the checkout
    subprocess.run([sys.executable, "-m", "build", "--outdir", str(tmp_path), "."],
                   cwd=ROOT, check=True, capture_output=True, timeout=900)
    (wheel,) = tmp_path.glob("closurebench-*.whl")
    with zipfile.ZipFile(wheel) as whl:
        assert whl.read(CARD_FILE) == (ROOT / CARD_FILE).read_bytes()


def test_the_pypi_page_is_not_the_dataset_card():
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    readme = (ROOT / project["readme"]).read_text(encoding="utf-8")
    assert project["readme"] != "README.md" and not readme.startswith("---")
    assert ".ci/" not in readme and len(readme.splitlines()) < 80
    assert project["license"] == "Apache-2.0" and project["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text().split()[:4] == ["Apache", "License", "Version", "2.0,"]
    assert {"Homepage", "Source", "Issues", "Dataset"} <= set(project["urls"])


def _package_data_files() -> set[str]:
    """Every file in the package folder that is not Python source or a cache."""
    return {p.relative_to(ROOT).as_posix() for p in (ROOT / "closurebench").rglob("*")
            if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts}


def test_every_data_file_of_the_package_is_declared_package_data():
    """A data file the code reads (the release's learned floors, its train majorities, the
    card) that no ``package-data`` pattern names is left out of the wheel without a word:
    0.3.7's wheel shipped no ``floors.json``, so installed reports had no learned floors."""
    import fnmatch

    tomllib = pytest.importorskip("tomllib")
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]["closurebench"]
    undeclared = [f for f in sorted(_package_data_files())
                  if not any(fnmatch.fnmatch(f.removeprefix("closurebench/"), p) for p in patterns)]
    assert undeclared == []


@pytest.mark.slow
def test_the_wheel_ships_the_harness_tasks_and_the_inspect_entry_point(tmp_path):
    """Built as README.pypi.md says (pip wheel --no-deps): lm-eval's task files beside their
    module, and the inspect_ai entry point, so no clone is needed to run either harness."""
    import zipfile

    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                    str(tmp_path), str(ROOT)], check=True, capture_output=True, timeout=600)
    (wheel,) = tmp_path.glob("closurebench-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        entry_points = next(zf.read(n).decode() for n in names
                            if n.endswith(".dist-info/entry_points.txt"))
    tasks = ROOT / "closurebench" / "run" / "lm_eval_tasks"
    shipped = {p.relative_to(ROOT).as_posix() for p in tasks.iterdir() if p.is_file()
               and p.suffix in (".yaml", ".py", "") and p.name != "__pycache__"}
    assert shipped and shipped <= names
    assert "closurebench/run/inspect_task.py" in names
    assert sorted(_package_data_files() - names) == []
    assert "[inspect_ai]\nclosurebench = closurebench.run.inspect_task" in entry_points
