"""One dataset id: every doc, card and task names ``closurebench.hf.hub.DATASET_ID``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from closurebench.hf import hub

ROOT = Path(__file__).resolve().parents[1]
DOCS = ["README.md", "metric/closurebench/README.md", "integrations/README.md"]
#: Ids that were never real: a placeholder org, and a repository that does not exist.
STALE = re.compile(r"<org>/|ORG/closurebench|[\"'`]closurebench/closurebench[\"'`]")


def _texts() -> dict[str, str]:
    files = [*DOCS, *(p.relative_to(ROOT).as_posix() for sub in ("closurebench", "integrations",
                                                                  "metric", "docs")
                      for p in (ROOT / sub).rglob("*") if p.is_file()
                      and p.suffix in (".py", ".md", ".yaml", "") and "__pycache__" not in p.parts)]
    return {f: (ROOT / f).read_text(encoding="utf-8") for f in sorted(set(files))}


def test_no_file_names_another_dataset_id():
    stale = {f: STALE.findall(t) for f, t in _texts().items() if STALE.search(t)}
    assert stale == {}


@pytest.mark.parametrize("doc", DOCS)
def test_the_docs_name_the_setting(doc):
    assert hub.DATASET_ID in (ROOT / doc).read_text(encoding="utf-8")


def test_the_setting_and_its_override(monkeypatch):
    monkeypatch.delenv(hub.DATASET_ID_ENV, raising=False)
    assert hub.dataset_id() == hub.DATASET_ID == "egolabs-ai/closurebench"
    assert hub.metric_space_id() == "egolabs-ai/closurebench"
    monkeypatch.setenv(hub.DATASET_ID_ENV, "mirror/cb")
    assert hub.dataset_id() == "mirror/cb" and hub.metric_space_id() == "mirror/closurebench"
    assert hub.metric_space_id("me/data") == "me/closurebench"  # the Space beside a given id
    from closurebench.hf.card import _info  # the dataset card links the same repository

    assert "egolabs-ai/closurebench" in _info().homepage
    for bad in ("cb", "a/b/c", "-x/y", "x/../y", "x/y z"):
        with pytest.raises(ValueError, match="ORG/NAME"):
            hub.validate_repo_id(bad)
