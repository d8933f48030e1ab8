"""ClosureBench's lm-evaluation-harness tasks, shipped in the package.

The YAML task files in this folder are what ``lm_eval --include_path`` reads; ``include_path()``
gives the folder wherever the package is installed:

    lm_eval --include_path "$(python -m closurebench.run.lm_eval_tasks)" --tasks closurebench ...

or, from Python, ``lm_eval.tasks.TaskManager(include_path=include_path())``. The task
families and their ``--metadata`` keys are described in ``tasks``.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["include_path"]


def include_path() -> str:
    """The folder holding the task files: lm-eval's ``--include_path``."""
    return str(Path(__file__).resolve().parent)
