"""GrAlgoBench's nine tasks: category-shaped modules in a registry of their own.

Each task module has a category's shape (``Category`` from ``categories._spec``: constructor,
tensor program, NetworkX twin, template, schema, readers), so the generator, the judge and
the audit run them unchanged. They live apart from the 26 ClosureBench categories: the
``CATEGORIES`` registry, the ``all``/``l1``/``l2``/``l3`` configs and the released splits do
not hold them, and ``closurebench.categories.get`` finds both. ``level`` is the paradigm's
place (1 enumeration, 2 exploration, 3 intuition). A new task is one module here, one line
below and one test entry; a test fails if a module here is not registered.
"""

from __future__ import annotations

from closurebench.categories._spec import Category, load_registry

__all__ = ["PARADIGMS", "TASKS", "TASK_CONFIGS"]

#: GrAlgoBench's taxonomy: paradigm -> its tasks, easy to hard.
PARADIGMS: dict[str, tuple[str, ...]] = {
    "enumeration": ("gralgo_max_degree", "gralgo_max_weight_triangle", "gralgo_max_clique"),
    "exploration": ("gralgo_path_sum", "gralgo_distance_k", "gralgo_diameter"),
    "intuition": ("gralgo_max_k_core", "gralgo_mst", "gralgo_distance_threshold"),
}


TASKS: dict[str, Category] = load_registry(
    __name__, [name for names in PARADIGMS.values() for name in names], "task")
"""Every GrAlgoBench task by id, in taxonomy order."""

TASK_CONFIGS: dict[str, tuple[str, ...]] = {
    "gralgo": tuple(TASKS),
    **{f"gralgo-{p}": names for p, names in PARADIGMS.items()},
    **{t: (t,) for t in TASKS},
}
"""Config name -> the tasks it holds."""
