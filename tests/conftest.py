"""Shared fixtures: where the released files of the current layout are."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

try:  # hypothesis is a dev dependency; the oldest-versions venv runs without it
    from hypothesis import settings as _hypothesis_settings
except ImportError:  # pragma: no cover
    _hypothesis_settings = None

if _hypothesis_settings is not None:
    # The suite's property tests draw the same examples on every run and machine: a run that
    # passes on main passes in CI. CLOSUREBENCH_FUZZ_RANDOM=1 searches fresh examples (with
    # CLOSUREBENCH_FUZZ_EXAMPLES for more of them); what it finds becomes a fixed test.
    _hypothesis_settings.register_profile(
        "closurebench", derandomize=os.environ.get("CLOSUREBENCH_FUZZ_RANDOM") != "1")
    _hypothesis_settings.load_profile("closurebench")

ROOT = Path(__file__).resolve().parents[1]


def _current_layout(root: Path) -> bool:
    from closurebench.categories import CATEGORIES
    from closurebench.generation.release import SPLITS
    from closurebench.hf.splits import file_path, read_manifest

    try:
        files = set(read_manifest(root)["files"])
    except FileNotFoundError:
        return False
    want = {file_path(c, s) for c in CATEGORIES for s in SPLITS}
    return files == want and all((root / f).is_file() for f in want)


@pytest.fixture(scope="session")
def release_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A root holding ``splits/``, the dataset card and ``dataset_infos.json`` as the code lays
    them out: the checkout's own when they are current, else a fresh build in a temp folder.

    The fresh build (about 2 s) covers a source tree without released data (an sdist) and the
    window between a layout change and the release that regenerates ``splits/``; the drift
    tests still compare the checkout itself and fail until then.
    """
    pytest.importorskip("pyarrow", reason="building the released splits needs pyarrow")
    if _current_layout(ROOT):
        return ROOT
    from closurebench.hf.card import CARD_FILE, build_card
    from closurebench.hf.splits import build_splits

    root = tmp_path_factory.mktemp("release")
    build_splits(root, workers=2)
    (root / CARD_FILE).parent.mkdir(parents=True)
    shutil.copyfile(ROOT / CARD_FILE, root / CARD_FILE)
    (root / "metric").symlink_to(ROOT / "metric")  # what `publish --metric-space` uploads
    build_card(root)
    return root
