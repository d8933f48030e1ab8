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

from closurebench.categories import CATEGORIES, CONFIGS, Category
from closurebench.config import Config
from closurebench.errors import ClosureBenchError, ConfigError, EngineDisagreement, UnposableQuery
from closurebench.generator import generate, instance
from closurebench.solve import solve

__version__ = "0.1.0"

__all__ = [
    "CATEGORIES",
    "CONFIGS",
    "Category",
    "ClosureBenchError",
    "Config",
    "ConfigError",
    "EngineDisagreement",
    "UnposableQuery",
    "__version__",
    "generate",
    "instance",
    "solve",
]
