"""Package hygiene: the public API, the registry, and imports that stay light."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import closurebench as cb
import closurebench.categories as cats


def test_all_is_sorted_and_complete():
    assert list(cb.__all__) == sorted(cb.__all__)
    for name in cb.__all__:
        assert hasattr(cb, name), name


def test_every_category_module_is_registered():
    modules = {m.name for m in pkgutil.iter_modules(cats.__path__)
               if not m.name.startswith("_") and not m.ispkg}
    assert modules == set(cb.CATEGORIES)


def test_every_gralgo_task_module_is_registered_and_only_gralgo_is_a_subpackage():
    import closurebench.categories.gralgo as gralgo

    assert {m.name for m in pkgutil.iter_modules(cats.__path__) if m.ispkg} == {"gralgo"}
    modules = {m.name for m in pkgutil.iter_modules(gralgo.__path__) if not m.name.startswith("_")}
    assert modules == set(cats.TASKS)
    assert not set(cats.TASKS) & set(cb.CATEGORIES)


def test_registry_order_is_the_taxonomy():
    levels = [c.level for c in cb.CATEGORIES.values()]
    assert levels == sorted(levels) and levels.count(1) == 11 and levels.count(2) == 8
    assert levels.count(3) == 7


def test_each_category_states_its_convention_with_an_example():
    for cat in cb.CATEGORIES.values():
        doc = sys.modules[cat.tensor_program.__module__].__doc__ or ""
        assert doc.startswith(f"{cat.id} (L{cat.level}):"), cat.id
        assert "Example" in doc or "example" in doc, cat.id


def test_twins_are_independent_of_the_tensor_engine():
    """A twin ships as a standalone program: it may use only networkx and builtins."""
    import inspect

    for cat in cb.CATEGORIES.values():
        src = inspect.getsource(cat.nx_program)
        assert "closurebench" not in src and "np." not in src and "T." not in src, cat.id


def test_import_does_not_load_heavy_libraries():
    code = ("import sys, closurebench; "
            "print(sorted(m for m in ('datasets', 'pyarrow', 'evaluate', 'huggingface_hub') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=60).stdout.strip()
    assert out == "[]"
