"""The category registry: one module per category, listed here in taxonomy order.

A new category is one module in this folder, one line below and one test file; a test fails if
a module here is not registered. Ids are part of the public record format.
"""

from __future__ import annotations

from closurebench.categories._spec import (
    Category,
    Target,
    labelled_answer,
    load_registry,
    twin_input,
)
from closurebench.errors import ConfigError

__all__ = [
    "CATEGORIES", "CONFIGS", "GRALGO_CONFIGS", "LEVELS", "TASKS", "Category", "Target", "get",
    "labelled_answer", "twin_input",
]

_ORDER = (
    # L1 atomic
    "triangle_count", "reachability", "negative_reachability", "degree_count", "max_degree",
    "same_scc", "set_intersection", "set_difference", "ancestor", "sibling", "cousin",
    # L2 chain
    "reach_then_count", "reach_then_filter", "kinship_chain", "triangle_in_subgraph",
    "path_and_compare", "scc_then_count", "degree_then_reach", "intersect_then_size",
    # L3 composition
    "multi_query", "conditional", "aggregate_over_set", "kinship_complex", "graph_comparison",
    "chain_of_filters", "mixed_domain",
)


CATEGORIES: dict[str, Category] = load_registry(__name__, _ORDER, "category")
"""Every category by id, in taxonomy order (L1, then L2, then L3)."""

LEVELS: dict[int, tuple[str, ...]] = {
    lvl: tuple(c for c, spec in CATEGORIES.items() if spec.level == lvl) for lvl in (1, 2, 3)
}

CONFIGS: dict[str, tuple[str, ...]] = {
    "all": tuple(CATEGORIES),
    "l1": LEVELS[1],
    "l2": LEVELS[2],
    "l3": LEVELS[3],
    **{c: (c,) for c in CATEGORIES},
}
"""Config name -> the categories it holds."""

from closurebench.categories.gralgo import TASK_CONFIGS as GRALGO_CONFIGS  # noqa: E402
from closurebench.categories.gralgo import TASKS  # noqa: E402

#: ``GRALGO_CONFIGS``: GrAlgoBench's configs (``gralgo``, ``gralgo-<paradigm>``, each task id)
#: -> its tasks; ``TASKS``: the nine tasks by id. Kept out of ``CONFIGS`` and ``CATEGORIES``,
#: so everything that walks the 26 categories (splits, card, audits) is as it was.


def get(category: str) -> Category:
    """The spec of one category or GrAlgoBench task, or a ``ConfigError`` listing the ids."""
    try:
        return CATEGORIES[category]
    except (KeyError, TypeError):
        pass
    try:
        return TASKS[category]
    except (KeyError, TypeError):
        raise ConfigError(
            f"category must be one of {', '.join(CATEGORIES)} (or a GrAlgoBench task: "
            f"{', '.join(TASKS)}); got {category!r}"
        ) from None
