"""ClosureBench: compositional graph-reasoning questions whose answers are computed.

Every instance is a natural-language question about a small directed graph; its reference
answer comes from a tensor-logic program (numpy) and is cross-checked by an independently
written NetworkX program. Instance k of a config is a pure function of (config, seed, k).

>>> import closurebench
>>> rec = next(closurebench.generate("reachability", per_category=1))
>>> sorted(rec)[:4]
['answer', 'answer_schema', 'category', 'density']
"""

from __future__ import annotations

from closurebench.api import generate, instance, solve
from closurebench.categories import CATEGORIES, CONFIGS, Category
from closurebench.config import Config
from closurebench.errors import (
    ClosureBenchError,
    ConfigError,
    EngineDisagreement,
    InputError,
    UnposableQuery,
)

__version__ = "0.2.3"

#: Public names served from modules with heavier imports (jsonschema, datasets), loaded on use
#: so that ``import closurebench`` and the CLI stay fast.
_LAZY = {
    "extract_answer": "closurebench.scoring",
    "reward": "closurebench.rewards",
    "score": "closurebench.scoring",
}
#: Served by ``closurebench.api``: the module functions, checked at the door (named errors
#: and did-you-mean instead of bare TypeErrors).
_CHECKED = ("load_dataset", "memorisation_gap")


def __getattr__(name: str) -> object:
    if name in _CHECKED:
        from closurebench import api

        return getattr(api, name)
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'closurebench' has no attribute {name!r}")

__all__ = [
    "CATEGORIES",
    "CONFIGS",
    "Category",
    "ClosureBenchError",
    "Config",
    "ConfigError",
    "EngineDisagreement",
    "InputError",
    "UnposableQuery",
    "__version__",
    "extract_answer",
    "generate",
    "instance",
    "load_dataset",
    "memorisation_gap",
    "reward",
    "score",
    "solve",
]
