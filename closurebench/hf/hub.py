"""Where ClosureBench lives on the Hugging Face Hub: one setting, read by everything.

The dataset card, the model cards ``run`` and ``card`` write, the lm-eval and inspect-ai
tasks, the scoring CLI, ``publish`` and the docs all take the dataset id from
``dataset_id()``, so a fork or a private mirror changes one thing: the environment variable
``CLOSUREBENCH_DATASET_ID`` (e.g. ``myorg/closurebench``). The metric Space has the same
name as its script (``closurebench.py``), which is what ``evaluate.load(<space id>)`` needs.

Stdlib only, so every entry point can import it for free.
"""

from __future__ import annotations

import os
import re

__all__ = [
    "DATASET_ID", "DATASET_ID_ENV", "METRIC_SCRIPT", "dataset_id", "hub_url",
    "metric_space_id", "validate_repo_id",
]

#: The released dataset's Hub id (``closurebench publish --repo-id`` defaults to it).
DATASET_ID = "egolabs-ai/closurebench"
#: Environment variable that overrides ``DATASET_ID`` everywhere (forks, private mirrors).
DATASET_ID_ENV = "CLOSUREBENCH_DATASET_ID"
#: The metric script's file name; a Space id must end in its stem for ``evaluate.load``.
METRIC_SCRIPT = "closurebench.py"

_REPO_ID = re.compile(r"^[A-Za-z0-9][\w.-]{0,95}/[A-Za-z0-9][\w.-]{0,95}$")


def validate_repo_id(repo_id: str, what: str = "repo id") -> str:
    """``repo_id`` if it is ``ORG/NAME`` (Hub rules: letters, digits, ``-_.``), else a
    ``ValueError`` naming ``what``."""
    if not isinstance(repo_id, str) or not _REPO_ID.match(repo_id) or ".." in repo_id:
        raise ValueError(f"{what} must look like ORG/NAME (letters, digits, '-', '_', '.'), "
                         f"got {repo_id!r}")
    return repo_id


def dataset_id() -> str:
    """The dataset's Hub id: ``$CLOSUREBENCH_DATASET_ID`` if set, else ``DATASET_ID``."""
    value = os.environ.get(DATASET_ID_ENV, "").strip()
    return validate_repo_id(value, DATASET_ID_ENV) if value else DATASET_ID


def metric_space_id(dataset: str | None = None) -> str:
    """The metric Space: the organisation of ``dataset`` (default ``dataset_id()``), named
    like the metric script.

    ``evaluate.load("ORG/NAME")`` downloads ``NAME.py`` from the Space, so ``NAME`` must be
    the script's stem; ``publish --metric-space`` uploads the script under the Space's name.
    """
    return f"{(dataset or dataset_id()).split('/')[0]}/{METRIC_SCRIPT.removesuffix('.py')}"


def hub_url(repo_id: str | None = None, kind: str = "datasets") -> str:
    """The Hub page of a repository (``kind`` is ``datasets`` or ``spaces``)."""
    return f"https://huggingface.co/{kind}/{repo_id or dataset_id()}"
