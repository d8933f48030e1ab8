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

import importlib
import importlib.abc
import importlib.machinery
import sys
import types

from closurebench.api import generate, instance, solve
from closurebench.categories import CATEGORIES, CONFIGS, Category
from closurebench.errors import (
    ClosureBenchError,
    ConfigError,
    EngineDisagreement,
    InputError,
    UnposableQuery,
)
from closurebench.generation.config import Config

__version__ = "0.3.15"

#: Public names served from modules with heavier imports (jsonschema, datasets), loaded on use
#: so that ``import closurebench`` and the CLI stay fast.
_LAZY = {
    "extract_answer": "closurebench.scoring",
    "reward": "closurebench.train.rewards",
    "score": "closurebench.scoring",
}
#: Served by ``closurebench.api``: the module functions, checked at the door (named errors
#: and did-you-mean instead of bare TypeErrors).
_CHECKED = ("load_dataset", "memorisation_gap")


#: Module paths of earlier releases and the module that holds their code now. ``import
#: closurebench.rewards`` keeps working and gives the very module object of its new home (a
#: tuple: the first module, with the others' public names readable through it).
MOVED: dict[str, str | tuple[str, ...]] = {
    "closurebench.auditcli": "closurebench.audit.cli",
    "closurebench.config": "closurebench.generation.config",
    "closurebench.curriculum": "closurebench.train.curriculum",
    "closurebench.generator": (
        "closurebench.generation.instances", "closurebench.generation.pose",
    ),
    "closurebench.graphs": "closurebench.graph.families",
    "closurebench.harness_logs": "closurebench.scoring.harness_logs",
    "closurebench.hub": "closurebench.hf.hub",
    "closurebench.integrations": "closurebench.train",
    "closurebench.integrations.reasoning_gym": "closurebench.train.reasoning_gym",
    "closurebench.io": "closurebench.generation.io",
    "closurebench.parallel": "closurebench.generation.parallel",
    "closurebench.plant": "closurebench.graph.plant",
    "closurebench.presets": "closurebench.generation.presets",
    "closurebench.records": "closurebench.generation.records",
    "closurebench.release": "closurebench.generation.release",
    "closurebench.rewards": "closurebench.train.rewards",
    "closurebench.safejson": "closurebench.scoring.safejson",
    "closurebench.sandbox": "closurebench.run.sandbox",
    "closurebench.schema": "closurebench.generation.schema",
    "closurebench.scorecli": "closurebench.scoring.cli",
    "closurebench.seeds": "closurebench.graph.seeds",
    "closurebench.sensitivity": "closurebench.generation.sensitivity",
    "closurebench.sft": "closurebench.train.sft",
    "closurebench.shortcuts": "closurebench.audit.readers",
    "closurebench.solve": "closurebench.tl.solve",
    "closurebench.tensor": "closurebench.graph.tensor",
    "closurebench.twins": "closurebench.generation.twins",
}


class _Moved(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves an old module path as its new module: one table, no shim files at the root."""

    def find_spec(self, fullname: str, path: object = None, target: object = None
                  ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        homes = MOVED[spec.name]
        homes = (homes,) if isinstance(homes, str) else homes
        modules = [importlib.import_module(h) for h in homes]
        if len(modules) == 1:
            spec.loader_state = modules[0].__spec__  # the import system overwrites __spec__
            return modules[0]
        return _Merged(spec.name, modules)

    def exec_module(self, module: types.ModuleType) -> None:
        real = module.__spec__.loader_state if module.__spec__ else None
        if real is not None:
            module.__spec__ = real


class _Merged(types.ModuleType):
    """An old module whose names now live in several modules (read-only view)."""

    def __init__(self, name: str, modules: list[types.ModuleType]) -> None:
        super().__init__(name, modules[0].__doc__)
        self._homes = modules

    def __getattr__(self, name: str) -> object:
        for m in self._homes:
            if hasattr(m, name):
                return getattr(m, name)
        raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")


class _Package(types.ModuleType):
    """The package module: importing an old module path (``closurebench.solve``) must not
    replace the public function of the same name with that module."""

    def __setattr__(self, name: str, value: object) -> None:
        if isinstance(value, types.ModuleType) and f"{self.__name__}.{name}" in MOVED \
                and callable(self.__dict__.get(name)):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
if not any(isinstance(f, _Moved) for f in sys.meta_path):
    sys.meta_path.insert(0, _Moved())  # before the path finder, which would load a copy


def __getattr__(name: str) -> object:
    if name in _CHECKED:
        from closurebench import api

        return getattr(api, name)
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    if f"{__name__}.{name}" in MOVED:  # ``closurebench.release`` without an import first
        return importlib.import_module(f"{__name__}.{name}")
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
