"""The report's figures (PNG, matplotlib's Agg backend, so no display is ever needed).

Each accuracy plot has one panel per scoring rule (strict, the headline; lenient), and in each
the model and every floor of ``FLOORS`` (best shortcut reader, majority, random, on the same
instances) are scored by that one rule, said in the legend. So what a model must clear is
visible on every axis the paper breaks results out by: level, category, n and density.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from closurebench.run.client import require
from closurebench.run.report import DROP_NAME, format_points

__all__ = ["FLOORS", "RULES", "make_plots"]

_STRICT, _LENIENT = "#1f77b4", "#9ecae1"
_MAJORITY, _RANDOM = "#d62728", "#7f7f7f"
_SHORTCUT = "#9467bd"
_LEARNED = "#ff7f0e"


def _pyplot(config_dir: Path | None = None) -> Any:
    """pyplot on Agg. On first import, matplotlib's config and font cache go to
    ``config_dir`` (the run's ``.matplotlib``) unless ``MPLCONFIGDIR`` is set, so a run writes
    nothing into ``$HOME``; matplotlib reads the variable once, so it is restored at once."""
    import os
    import sys

    first = "matplotlib" not in sys.modules
    saved = os.environ.get("MPLCONFIGDIR")
    if first and config_dir is not None and saved is None:
        config_dir.mkdir(parents=True, exist_ok=True)
        os.environ["MPLCONFIGDIR"] = str(config_dir)
    try:
        matplotlib = require("matplotlib")
        matplotlib.use("Agg", force=True)
        import matplotlib.pyplot as plt
    finally:
        if saved is None:
            os.environ.pop("MPLCONFIGDIR", None)
    return plt


#: The scoring rules a plot can use: (name, the report's key). Each panel uses one, for the
#: model and for every floor, and says which in its legend.
RULES: tuple[tuple[str, str], ...] = (("strict", "accuracy_strict"),
                                      ("lenient", "accuracy_lenient"))
#: The floors every plot draws beside the model, in legend order: (``report["floors"]`` key,
#: label, colour, marker). Each is a floor table like a score report's (``by_level``,
#: ``by_category``, ``by_n``, ``by_density``, each row with both rules); a new floor (a learned
#: reader, chance-corrected accuracy beside it) joins every plot by one line here.
FLOORS: tuple[tuple[str, str, str, str], ...] = (
    ("shortcut", "best shortcut floor", _SHORTCUT, "D"),
    ("majority", "majority floor", _MAJORITY, "_"),
    ("random", "random floor", _RANDOM, "x"),
    ("learned", "learned floor (no-chaining adversary)", _LEARNED, "s"),
)


def _floor_values(report: dict[str, Any], kind: str, table: str, keys: list[str],
                  measure: str) -> list[float]:
    rows = (report["floors"].get(kind) or {}).get(table, {})
    return [rows[k][measure] if k in rows else float("nan") for k in keys]


def _floors(ax: Any, report: dict[str, Any], table: str, keys: list[str], where: list[float],
            rule: tuple[str, str], *, horizontal: bool = False, joined: bool = False) -> None:
    """Every floor of ``FLOORS`` under one scoring rule: markers at ``where`` (or dotted
    lines through them when ``joined``), labelled with the rule."""
    name, measure = rule
    for kind, label, color, marker in FLOORS:
        if kind not in report["floors"]:  # a report written before this floor existed
            continue
        vals = _floor_values(report, kind, table, keys, measure)
        if joined:
            ax.plot(where, vals, ":", color=color, marker=marker, ms=5, label=f"{label} ({name})")
            continue
        xy = (vals, where) if horizontal else (where, vals)
        size = {"_": 220, "D": 28}.get(marker, 50)
        if horizontal and marker == "_":
            marker, size = "|", 60
        ax.scatter(*xy, color=color, marker=marker, s=size, zorder=4, label=f"{label} ({name})")


def _title(report: dict[str, Any], what: str) -> str:
    run = report["run"]
    return f"{run.get('model')} ({run.get('mode')}): {what}"


def _panels(plt: Any, width: float, height: float, horizontal: bool = False) -> tuple[Any, Any]:
    """One panel per scoring rule, side by side on a shared accuracy axis."""
    share = {"sharex": True} if horizontal else {"sharey": True}
    return plt.subplots(1, len(RULES), figsize=(width, height), squeeze=False, **share)


def _bars(plt: Any, report: dict[str, Any], table: str, labels: list[str], what: str,
          path: Path, xlabel: str, notes: dict[str, str] | None = None) -> Path:
    rows = report["metrics"][table]
    keys = list(rows)
    x = list(range(len(keys)))
    fig, axes = _panels(plt, max(9.0, 1.2 * len(keys) + 5), 4.0)
    for ax, rule in zip(axes[0], RULES, strict=True):
        name, measure = rule
        ax.bar(x, [rows[k][measure] for k in keys], 0.55,
               color=_STRICT if name == "strict" else _LENIENT, label=f"model ({name})")
        _floors(ax, report, table, keys, x, rule)
        ax.set_xticks(x, labels)
        ax.set_ylim(0, 1.05)
        ax.set_xlabel(xlabel)
        ax.set_title(f"{name} scoring" + (f"; {notes[name]}" if notes and notes.get(name)
                                          else ""), fontsize=9)
        ax.legend(fontsize=7, loc="upper right")
        ax.grid(axis="y", alpha=0.3)
    axes[0][0].set_ylabel("accuracy")
    fig.suptitle(_title(report, what), fontsize=10)
    return _save(plt, fig, path)


def _lines(plt: Any, report: dict[str, Any], table: str, what: str, path: Path,
           xlabel: str) -> Path:
    rows = report["metrics"][table]
    keys = list(rows)
    x = list(range(len(keys)))
    fig, axes = _panels(plt, 10.0, 4.0)
    for ax, rule in zip(axes[0], RULES, strict=True):
        name, measure = rule
        ax.plot(x, [rows[k][measure] for k in keys], "o-",
                color=_STRICT if name == "strict" else _LENIENT, label=f"model ({name})")
        _floors(ax, report, table, keys, x, rule, joined=True)
        for i, k in enumerate(keys):
            ax.annotate(str(rows[k]["n"]), (i, 0.02), ha="center", fontsize=6, color="#555555")
        ax.set_xticks(x, keys, rotation=30 if table == "by_density" else 0, fontsize=8)
        ax.set_ylim(0, 1.05)
        ax.set_xlabel(xlabel + " (count of answers at the bottom)")
        ax.set_title(f"{name} scoring", fontsize=9)
        ax.legend(fontsize=7)
        ax.grid(alpha=0.3)
    axes[0][0].set_ylabel("accuracy")
    fig.suptitle(_title(report, what), fontsize=10)
    return _save(plt, fig, path)


def _categories(plt: Any, report: dict[str, Any], path: Path) -> Path:
    from closurebench.categories import CATEGORIES

    rows = report["metrics"]["by_category"]
    keys = [c for c in CATEGORIES if c in rows] + [c for c in rows if c not in CATEGORIES]
    y = list(range(len(keys)))[::-1]
    fig, axes = _panels(plt, 11.0, 0.28 * len(keys) + 1.6, horizontal=True)
    names = [f"L{CATEGORIES[k].level} {k}" if k in CATEGORIES else k for k in keys]
    for i, (ax, rule) in enumerate(zip(axes[0], RULES, strict=True)):
        name, measure = rule
        ax.barh(y, [rows[k][measure] for k in keys], 0.6,
                color=_STRICT if name == "strict" else _LENIENT, label=f"model ({name})")
        _floors(ax, report, "by_category", keys, y, rule, horizontal=True)
        ax.set_yticks(y, names, fontsize=7)
        ax.tick_params(axis="y", labelleft=i == 0)  # the names once, on the left
        ax.set_xlim(0, 1.02)
        ax.set_xlabel("accuracy")
        ax.set_title(f"{name} scoring", fontsize=9)
        ax.legend(fontsize=7, loc="lower right")
        ax.grid(axis="x", alpha=0.3)
    fig.suptitle(_title(report, "accuracy per category"), fontsize=10)
    return _save(plt, fig, path)


def _strict_vs_lenient(plt: Any, report: dict[str, Any], path: Path) -> Path:
    from closurebench.categories import CATEGORIES

    rows = report["metrics"]["by_category"]
    fig, ax = plt.subplots(figsize=(4.8, 4.6))
    ax.plot([0, 1], [0, 1], color="#bbbbbb", lw=1)
    colors = {1: "#2ca02c", 2: "#ff7f0e", 3: "#9467bd"}
    for lvl in (1, 2, 3):
        ks = [k for k in rows if k in CATEGORIES and CATEGORIES[k].level == lvl]
        ax.scatter([rows[k]["accuracy_strict"] for k in ks],
                   [rows[k]["accuracy_lenient"] for k in ks], color=colors[lvl], label=f"L{lvl}")
    gaps = sorted((rows[k]["accuracy_lenient"] - rows[k]["accuracy_strict"], k) for k in rows)
    for i, (gap, k) in enumerate(reversed(gaps[-3:])):  # name the three widest gaps only
        if gap > 0.02:
            x = rows[k]["accuracy_strict"]
            # the label goes toward the middle, so a point near an edge keeps its whole name
            left = x < 0.5
            ax.annotate(k, (x, rows[k]["accuracy_lenient"]),
                        xytext=(6 if left else -6, 6 + 9 * i), textcoords="offset points",
                        ha="left" if left else "right", fontsize=6,
                        arrowprops={"arrowstyle": "-", "lw": 0.4})
    m = report["metrics"]
    ax.scatter([m["accuracy_strict"]], [m["accuracy_lenient"]], marker="*", s=160,
               color="black", label="overall")
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlabel("strict accuracy")
    ax.set_ylabel("lenient accuracy")
    ax.set_title(_title(report, "strict vs lenient per category"), fontsize=9)
    ax.legend(fontsize=7, loc="lower right")
    ax.grid(alpha=0.3)
    return _save(plt, fig, path)


def _tokens(plt: Any, report: dict[str, Any], path: Path) -> Path:
    by_level = report["cost"]["by_level"]
    keys = list(by_level)
    x = list(range(len(keys)))
    fig, ax = plt.subplots(figsize=(5.0, 3.6))
    per_answer = [by_level[k]["tokens_per_answer"] for k in keys]
    per_correct = [by_level[k]["tokens_per_correct"] or float("nan") for k in keys]
    ax.bar([i - 0.2 for i in x], per_answer, 0.4, color=_LENIENT, label="tokens per answer")
    ax.bar([i + 0.2 for i in x], per_correct, 0.4, color=_STRICT,
           label="tokens per correct (strict)")
    ax.set_xticks(x, [f"L{k}" for k in keys])
    ax.set_ylabel("completion tokens")
    ax.set_title(_title(report, "cost by level"), fontsize=10)
    ax.legend(fontsize=7)
    ax.grid(axis="y", alpha=0.3)
    return _save(plt, fig, path)


def make_plots(report: dict[str, Any], out_dir: str | Path, *,
               config_dir: str | Path | None = None) -> list[Path]:
    """Write the report's PNGs into ``out_dir``; returns their paths (tokens only with usage).

    ``config_dir`` receives matplotlib's font cache if matplotlib is not imported yet and
    ``MPLCONFIGDIR`` is unset (``build_report`` passes the run's ``.matplotlib``).
    """
    plt = _pyplot(None if config_dir is None else Path(config_dir))
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    m = report["metrics"]
    drop = report.get("compositional_drop") or {}
    notes = {name: f"{DROP_NAME} {format_points(drop[name])}" for name, _ in RULES
             if drop.get(name) is not None}
    paths = [
        _bars(plt, report, "by_level", [f"L{k}" for k in m["by_level"]], "accuracy by level",
              out / "level.png", "compositional level", notes),
        _lines(plt, report, "by_n", "accuracy by graph size n", out / "n.png", "n (nodes)"),
        _lines(plt, report, "by_density", "accuracy by edge density", out / "density.png",
               "density bucket"),
        _categories(plt, report, out / "category.png"),
        _strict_vs_lenient(plt, report, out / "strict_vs_lenient.png"),
    ]
    if report.get("cost"):
        paths.append(_tokens(plt, report, out / "tokens.png"))
    if (report.get("error_attribution") or {}).get("n_wrong"):
        from closurebench.diagnose.plot import attribution_plot

        paths.append(_save(plt, attribution_plot(plt, report), out / "attribution.png"))
    return paths


def _save(plt: Any, fig: Any, path: Path) -> Path:
    """Lay out, write and close one figure (every plot ends the same way)."""
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
