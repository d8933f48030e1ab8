"""The error-attribution figure: each level's wrong answers stacked by error class."""

from __future__ import annotations

from typing import Any

from closurebench.diagnose.attribute import CLASS_NAMES, CLASSES

__all__ = ["attribution_plot"]

_COLORS = {
    "direction": "#1f77b4", "depth": "#ff7f0e", "source": "#2ca02c", "misread": "#d62728",
    "drift": "#9467bd", "format": "#8c564b", "other": "#7f7f7f", "ambiguous": "#c7c7c7",
}


def attribution_plot(plt: Any, report: dict[str, Any]) -> Any:
    """A figure (for ``run.plots`` to save): share of wrong answers per class, per level."""
    table = report["error_attribution"]
    rows = {f"L{k}": v for k, v in table["by_level"].items()}
    keys = list(rows)
    fig, ax = plt.subplots(figsize=(6.4, 3.8))
    bottom = [0.0] * len(keys)
    totals = [max(sum(rows[k].values()), 1) for k in keys]
    for cls in CLASSES[:-1]:
        shares = [rows[k].get(cls, 0) / t for k, t in zip(keys, totals, strict=True)]
        if any(shares):
            ax.bar(keys, shares, 0.6, bottom=bottom, color=_COLORS[cls], label=CLASS_NAMES[cls])
            bottom = [b + s for b, s in zip(bottom, shares, strict=True)]
    # Ambiguous answers, hatched in the colour of their likely class (grey: none dominates).
    likely = {f"L{k}": v for k, v in table.get("ambiguous_likely_by_level", {}).items()}
    for cls in [*CLASSES[:-1], "none"]:
        shares = [likely.get(k, {}).get(cls, 0) / t for k, t in zip(keys, totals, strict=True)]
        if any(shares):
            name = "ambiguous" + ("" if cls == "none" else f", likely {CLASS_NAMES[cls]}")
            ax.bar(keys, shares, 0.6, bottom=bottom, color=_COLORS.get(cls, "#c7c7c7"),
                   alpha=0.45, hatch="//", edgecolor="white", label=name)
            bottom = [b + s for b, s in zip(bottom, shares, strict=True)]
    for i, k in enumerate(keys):
        ax.annotate(str(sum(rows[k].values())), (i, 1.01), ha="center", fontsize=7)
    ax.set_ylim(0, 1.08)
    ax.set_ylabel("share of wrong answers")
    ax.set_xlabel("compositional level (count of wrong answers on top)")
    run = report["run"]
    ax.set_title(f"{run.get('model')} ({run.get('mode')}): error attribution", fontsize=10)
    ax.legend(fontsize=7, loc="center left", bbox_to_anchor=(1.0, 0.5))
    return fig
