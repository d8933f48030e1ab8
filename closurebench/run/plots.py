"""The report's figures (PNG, matplotlib's Agg backend, so no display is ever needed).

Each plot draws the model's strict and lenient accuracy with the majority and random floors on
the same instances, so chance level is visible on every axis the paper breaks results out by.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from closurebench.run.client import require

__all__ = ["make_plots"]

_STRICT, _LENIENT = "#1f77b4", "#9ecae1"
_MAJORITY, _RANDOM = "#d62728", "#7f7f7f"
_SHORTCUT = "#9467bd"


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


def _floor_values(report: dict[str, Any], kind: str, table: str, keys: list[str],
                  measure: str = "accuracy_lenient") -> list[float]:
    rows = report["floors"].get(kind, {}).get(table, {})
    return [rows[k][measure] if k in rows else float("nan") for k in keys]


def _shortcut(ax: Any, report: dict[str, Any], table: str, keys: list[str], where: list[int],
              horizontal: bool = False) -> None:
    """The best shortcut reader's strict score: what a model must clear to show reasoning."""
    vals = _floor_values(report, "shortcut", table, keys, "accuracy_strict")
    xy = (vals, where) if horizontal else (where, vals)
    ax.scatter(*xy, color=_SHORTCUT, marker="D", s=28, zorder=4,
               label="best shortcut floor (strict)")


def _title(report: dict[str, Any], what: str) -> str:
    run = report["run"]
    return f"{run.get('model')} ({run.get('mode')}): {what}"


def _bars(plt: Any, report: dict[str, Any], table: str, labels: list[str], what: str,
          path: Path, xlabel: str) -> Path:
    rows = report["metrics"][table]
    keys = list(rows)
    x = list(range(len(keys)))
    fig, ax = plt.subplots(figsize=(max(6.4, 0.6 * len(keys) + 2), 3.8))
    ax.bar([i - 0.2 for i in x], [rows[k]["accuracy_strict"] for k in keys], 0.4,
           color=_STRICT, label="strict")
    ax.bar([i + 0.2 for i in x], [rows[k]["accuracy_lenient"] for k in keys], 0.4,
           color=_LENIENT, label="lenient")
    for kind, color, marker in (("majority", _MAJORITY, "_"), ("random", _RANDOM, "x")):
        ax.scatter(x, _floor_values(report, kind, table, keys), color=color, marker=marker,
                   s=220 if marker == "_" else 50, zorder=3, label=f"{kind} floor (lenient)")
    _shortcut(ax, report, table, keys, x)
    ax.set_xticks(x, labels)
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("accuracy")
    ax.set_xlabel(xlabel)
    ax.set_title(_title(report, what), fontsize=10)
    ax.legend(fontsize=7, loc="upper right")
    ax.grid(axis="y", alpha=0.3)
    return _save(plt, fig, path)


def _lines(plt: Any, report: dict[str, Any], table: str, what: str, path: Path,
           xlabel: str) -> Path:
    rows = report["metrics"][table]
    keys = list(rows)
    x = list(range(len(keys)))
    fig, ax = plt.subplots(figsize=(6.0, 3.8))
    ax.plot(x, [rows[k]["accuracy_strict"] for k in keys], "o-", color=_STRICT, label="strict")
    ax.plot(x, [rows[k]["accuracy_lenient"] for k in keys], "s--", color=_LENIENT,
            label="lenient")
    for kind, color in (("majority", _MAJORITY), ("random", _RANDOM)):
        ax.plot(x, _floor_values(report, kind, table, keys), ":", color=color,
                label=f"{kind} floor (lenient)")
    for i, k in enumerate(keys):
        ax.annotate(str(rows[k]["n"]), (i, 0.02), ha="center", fontsize=6, color="#555555")
    ax.set_xticks(x, keys, rotation=30 if table == "by_density" else 0, fontsize=8)
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("accuracy")
    ax.set_xlabel(xlabel + " (count of answers at the bottom)")
    ax.set_title(_title(report, what), fontsize=10)
    ax.legend(fontsize=7)
    ax.grid(alpha=0.3)
    return _save(plt, fig, path)


def _categories(plt: Any, report: dict[str, Any], path: Path) -> Path:
    from closurebench.categories import CATEGORIES

    rows = report["metrics"]["by_category"]
    keys = [c for c in CATEGORIES if c in rows] + [c for c in rows if c not in CATEGORIES]
    y = list(range(len(keys)))[::-1]
    fig, ax = plt.subplots(figsize=(7.0, 0.28 * len(keys) + 1.4))
    ax.barh(y, [rows[k]["accuracy_lenient"] for k in keys], 0.8, color=_LENIENT,
            label="lenient")
    ax.barh(y, [rows[k]["accuracy_strict"] for k in keys], 0.45, color=_STRICT, label="strict")
    for kind, color, marker in (("majority", _MAJORITY, "|"), ("random", _RANDOM, "x")):
        ax.scatter(_floor_values(report, kind, "by_category", keys), y, color=color,
                   marker=marker, s=60, zorder=3, label=f"{kind} floor (lenient)")
    _shortcut(ax, report, "by_category", keys, y, horizontal=True)
    ax.set_yticks(y, [f"L{CATEGORIES[k].level} {k}" if k in CATEGORIES else k for k in keys],
                  fontsize=7)
    ax.set_xlim(0, 1.02)
    ax.set_xlabel("accuracy")
    ax.set_title(_title(report, "accuracy per category"), fontsize=10)
    ax.legend(fontsize=7, loc="lower right")
    ax.grid(axis="x", alpha=0.3)
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
            ax.annotate(k, (rows[k]["accuracy_strict"], rows[k]["accuracy_lenient"]),
                        xytext=(-4, 6 + 9 * i), textcoords="offset points", ha="right",
                        fontsize=6, arrowprops={"arrowstyle": "-", "lw": 0.4})
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
    slope = report["compositional_slope"]["lenient"]
    level_title = "accuracy by level" + (
        "" if slope is None else f"; L1→L3 drop {100 * slope:.1f} pp (lenient)")
    paths = [
        _bars(plt, report, "by_level", [f"L{k}" for k in m["by_level"]], level_title,
              out / "level.png", "compositional level"),
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
