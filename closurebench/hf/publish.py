"""Publishing: a clean export folder for the Hub, and its upload with ``huggingface_hub``.

The export holds exactly what the Hub needs to load and show every config with no code:
``README.md`` (the card, ``closurebench/hf/dataset_card.md`` with the Hub ids filled in, whose
``configs:`` map configs to files), ``dataset_infos.json``, the Parquet files and their
manifest. Never ``closurebench.py``: a loading script in the repository
makes ``datasets`` >= 4 and the Hub viewer refuse the whole dataset.

The token comes from huggingface_hub's usual sources (``HF_TOKEN``, the token file written by
``hf auth login``); it is never printed, and is scrubbed from any error message.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from closurebench.errors import ClosureBenchError
from closurebench.hf.card import CARD, INFOS, build_card, card_file, hub_card_text
from closurebench.hf.splits import GRALGO_MANIFEST, MANIFEST, read_manifest

__all__ = [
    "DATASET_PATTERNS", "METRIC_DIR", "METRIC_PATTERNS", "PublishError", "export",
    "export_space", "publish_dataset", "publish_metric", "space_files",
]

#: Everything the dataset repository may receive (``upload_folder`` allow patterns).
#: splits/l<level>/*.parquet and GrAlgoBench's splits/gralgo/*.parquet (its own manifest).
DATASET_PATTERNS = [CARD, INFOS, MANIFEST, GRALGO_MANIFEST, "splits/*/*.parquet"]
#: The evaluate metric folder (made by the metric module) and what of it goes to the Space.
METRIC_DIR = "metric/closurebench"
METRIC_PATTERNS = ["*.py", "*.md", "requirements.txt"]


class PublishError(ClosureBenchError):
    """Publishing failed: no token, no network, or the Hub refused; the message is one line."""


def _empty_folder(out: Path) -> None:
    if out.exists() and any(out.iterdir()):
        raise PublishError(f"export folder {out} is not empty")


def export(
    root: str | os.PathLike[str], out: str | os.PathLike[str], *,
    dataset_id: str | None = None, metric_space_id: str | None = None,
) -> list[str]:
    """Copy the Hub files into ``out`` (new or empty) after checking they are current.

    Refuses a stale card and any Parquet file whose hash differs from the manifest, so what is
    uploaded is what the tests checked. The card names ``dataset_id`` and ``metric_space_id``
    (default: ``closurebench.hf.hub.dataset_id()`` and the Space beside it).
    """
    root, out = Path(root), Path(out)
    if (root / "closurebench.py").resolve() == (out / "closurebench.py").resolve():
        raise PublishError("the export folder must not be the repository itself")
    _empty_folder(out)
    build_card(root, check=True)
    manifest = read_manifest(root)
    files = [CARD, INFOS, MANIFEST]
    for rel, meta in manifest["files"].items():
        data = (root / rel).read_bytes()
        if hashlib.sha256(data).hexdigest() != meta["sha256"]:
            raise PublishError(f"{rel} does not match {MANIFEST}; run closurebench build-splits")
        files.append(rel)
    files += _gralgo_files(root)
    card = hub_card_text(card_file(root).read_text(encoding="utf-8"), dataset_id,
                         metric_space_id)
    for rel in files:
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        if rel == CARD:  # the card, with the Hub ids filled in
            (out / rel).write_text(card, encoding="utf-8", newline="\n")
        else:
            shutil.copyfile(root / rel, out / rel)
    return files


def _gralgo_files(root: Path) -> list[str]:
    """GrAlgoBench's split files and manifest, checked against it (none if not built)."""
    path = root / GRALGO_MANIFEST
    if not path.exists():
        return []
    manifest = json.loads(path.read_text(encoding="utf-8"))
    for rel, meta in manifest["files"].items():
        if hashlib.sha256((root / rel).read_bytes()).hexdigest() != meta["sha256"]:
            raise PublishError(f"{rel} does not match {GRALGO_MANIFEST}; run closurebench "
                               f"build-splits --gralgo")
    return [GRALGO_MANIFEST, *manifest["files"]]


def export_space(
    root: str | os.PathLike[str], space_id: str, out: str | os.PathLike[str],
) -> list[str]:
    """Write what ``publish --metric-space space_id`` uploads into ``out`` (new or empty)."""
    out = Path(out)
    files = space_files(root, space_id)
    _empty_folder(out)
    out.mkdir(parents=True, exist_ok=True)
    for rel, data in files.items():
        (out / rel).write_bytes(data)
    return list(files)


def _token(token: str | None) -> str:
    if token:
        return token
    from huggingface_hub import get_token

    found = get_token()
    if not found:
        raise PublishError(
            "no Hugging Face token: set HF_TOKEN or run `hf auth login` (needs write access)")
    return found


def _one_line(exc: BaseException, token: str) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text.replace(token, "***")[:300]


@dataclass(frozen=True)
class _Repo:
    """A Hub repository that exists and takes writes: what an upload needs."""

    api: Any
    token: str
    repo_id: str
    repo_type: str
    where: str

    def failed(self, exc: BaseException) -> PublishError:
        return PublishError(f"publishing {self.repo_type} {self.repo_id} to {self.where} "
                            f"failed: {_one_line(exc, self.token)}")


def _repo(repo_id: str, repo_type: str, *, private: bool, endpoint: str | None,
          token: str | None, **create: Any) -> _Repo:
    """Create the repository (or find it). Called before any long work: the dataset's export
    rebuilds the card's audit (a minute or two), and no network or no write access must
    fail at once, not after it."""
    from huggingface_hub import HfApi

    tok = _token(token)
    api = HfApi(endpoint=endpoint, token=tok)
    repo = _Repo(api, tok, repo_id, repo_type, endpoint or api.endpoint)
    try:
        api.create_repo(repo_id, repo_type=repo_type, private=private, exist_ok=True, **create)
    except Exception as exc:  # network, HTTP and validation errors alike become one line
        raise repo.failed(exc) from None
    return repo


def _upload(repo: _Repo, folder: Path, patterns: list[str], message: str) -> str:
    try:
        info = repo.api.upload_folder(folder_path=str(folder), repo_id=repo.repo_id,
                                      repo_type=repo.repo_type, allow_patterns=patterns,
                                      commit_message=message)
    except Exception as exc:
        raise repo.failed(exc) from None
    return str(getattr(info, "commit_url", info))


def publish_dataset(
    root: str | os.PathLike[str], repo_id: str, *, private: bool = False,
    endpoint: str | None = None, token: str | None = None, metric_space_id: str | None = None,
) -> str:
    """Export and upload the dataset repository; the commit URL. Its card names ``repo_id``
    and ``metric_space_id`` (default: the Space beside ``repo_id``)."""
    from closurebench import __version__
    from closurebench.hf.hub import validate_repo_id

    validate_repo_id(repo_id, "--repo-id")
    _token(token)  # fail before any work when there is no token
    repo = _repo(repo_id, "dataset", private=private, endpoint=endpoint, token=token)
    with tempfile.TemporaryDirectory(prefix="closurebench-export-") as tmp:
        export(root, tmp, dataset_id=repo_id, metric_space_id=metric_space_id)
        return _upload(repo, Path(tmp), DATASET_PATTERNS,
                       f"ClosureBench {__version__}: released splits and card")


def space_files(root: str | os.PathLike[str], space_id: str) -> dict[str, bytes]:
    """What the metric Space receives: the metric folder's files, the script renamed.

    ``evaluate.load("ORG/NAME")`` downloads ``NAME.py`` from the Space, so the script goes up
    as ``<space name>.py`` whatever the Space is called; ``app.py`` finds it by elimination.
    """
    from closurebench.hf.hub import METRIC_SCRIPT, validate_repo_id

    name = validate_repo_id(space_id, "--metric-space").split("/")[1]
    folder = Path(root) / METRIC_DIR
    if not (folder / METRIC_SCRIPT).is_file():
        raise PublishError(f"{folder} has no {METRIC_SCRIPT} metric module")
    if name == "app":
        raise PublishError("--metric-space cannot be named 'app' (app.py is the widget)")
    out = {}
    for path in sorted(folder.iterdir()):  # caches and stray files never reach the Space
        if path.is_file() and any(path.match(p) for p in METRIC_PATTERNS):
            out[f"{name}.py" if path.name == METRIC_SCRIPT else path.name] = path.read_bytes()
    return out


def publish_metric(
    root: str | os.PathLike[str], space_id: str, *, private: bool = False,
    endpoint: str | None = None, token: str | None = None,
) -> str:
    """Upload ``metric/closurebench/`` as a Gradio Space; the commit URL."""
    from closurebench import __version__

    with tempfile.TemporaryDirectory(prefix="closurebench-metric-") as tmp:
        export_space(root, space_id, tmp)
        repo = _repo(space_id, "space", private=private, endpoint=endpoint, token=token,
                     space_sdk="gradio")
        return _upload(repo, Path(tmp), METRIC_PATTERNS, f"ClosureBench metric {__version__}")
