"""``closurebench compare RUN_DIR...``: several runs side by side, as a leaderboard.

Each run directory must hold its report (``closurebench report DIR`` writes it); its
predictions are judged again with the metric's own rules to get one outcome per instance
(``closurebench.scoring.instance_outcomes``), since a paired test needs them. Three views:

* accuracy by the chosen metric per run, overall and per level, category, paradigm (when the
  records carry one) and scale (GrAlgoBench's six node ranges, or each n), each with a Wilson
  95% interval over the run's instances;
* a paired test for every pair of runs on the instances both answered (same id, same
  reference): the two-sided exact McNemar test on the discordant instances, with Holm's
  adjustment over the pairs;
* GrAlgoBench's normalised score: per task (category) a z-score across the runs, rescaled to
  0-100 by min-max over the runs (``closurebench.scoring.stats.normalised_scores``), averaged
  over tasks.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from closurebench.run.client import RunError

__all__ = ["COMPARE_VERSION", "compare_runs", "format_compare", "format_compare_markdown"]

COMPARE_VERSION = 1
SCALES = ("gralgo", "n")
"""``--scale``: GrAlgoBench's node ranges (``gralgo-s1`` .. ``gralgo-s6``), or each n."""

_PAIRED_NOTE = ("two-sided exact McNemar test on the instances both runs answered (same id "
                "and reference): a_only / b_only count instances only that run got right; "
                "p_holm adjusts for the number of pairs (Holm)")
_NORMALISED_NOTE = (
    "GrAlgoBench's normalised score: per task (category) z = (x - mean) / std across the "
    "runs, rescaled to 0-100 by (z - min z) / (max z - min z) over the runs, which equals "
    "(x - min x) / (max x - min x); a task where all runs score the same has none. 'mean' "
    "averages a run's tasks that have one; with two runs every task gives 0 or 100")


@dataclass(frozen=True)
class _Run:
    label: str
    path: Path
    meta: dict[str, Any]
    outcomes: dict[str, bool]
    refs: dict[str, dict[str, Any]]
    complete: bool


def _gralgo_scale(n: int) -> str:
    from closurebench.generation.presets import PRESETS

    ranges = sorted((p["n_min"], p["n_max"], name) for name, p in PRESETS.items()
                    if name.startswith("gralgo-s"))
    if n < ranges[0][0]:
        return f"n<{ranges[0][0]}"
    for lo, hi, name in ranges:
        if lo <= n <= hi:
            return f"{name.removeprefix('gralgo-')} ({lo}-{hi})"
    return f"n>{ranges[-1][1]}"


def _scale_key(label: str) -> tuple[int, str]:
    if label.startswith("n<"):
        return (-1, label)
    if label.startswith("n>"):
        return (10**9, label)
    head = label.split(" ")[0].lstrip("s")
    return (int(head), label) if head.isdigit() else (10**8, label)


def _load(run_dir: str | os.PathLike[str]) -> tuple[Any, list[Any], dict[str, Any]]:
    """A run directory's files, its judged outcomes, and its report (which must exist)."""
    from closurebench.run.report import load_run
    from closurebench.scoring.safejson import load_json_file

    path = Path(run_dir)
    if not path.is_dir():
        raise RunError(f"{path} is not a run directory (not a folder)")
    if not (path / "report.json").is_file():
        raise RunError(f"{path} has no report.json; write it with `closurebench report {path}`")
    report = load_json_file(path / "report.json", what="report.json")
    if "closurebench_report" not in report or not isinstance(report.get("metrics"), dict):
        raise RunError(f"{path / 'report.json'} is not a report written by `closurebench run` "
                       "or `closurebench report`")
    files = load_run(path)
    if not files.predictions:
        raise RunError(f"{path} has no predictions")
    return files, files.predictions, report


def _label(meta: dict[str, Any], path: Path, taken: set[str]) -> str:
    base = str(meta.get("model") or path.name)
    label = base if base not in taken else f"{base} ({path.name})"
    k = 2
    while label in taken:
        label, k = f"{base} ({path.name} #{k})", k + 1
    taken.add(label)
    return label


def _read_runs(run_dirs: Sequence[str | os.PathLike[str]], metric: str,
               warnings: list[str]) -> list[_Run]:
    from closurebench.scoring import instance_outcomes, parse_metric

    _, k = parse_metric(metric)
    seen: dict[Path, str] = {}
    runs: list[_Run] = []
    taken: set[str] = set()
    for run_dir in run_dirs:
        resolved = Path(run_dir).resolve()
        if resolved in seen:
            raise RunError(f"{run_dir} is given twice (as {seen[resolved]} too)")
        seen[resolved] = str(run_dir)
        files, pairs, _ = _load(run_dir)
        if files.samples < k:
            raise RunError(f"{files.path} has {files.samples} sample(s) per instance; {metric} "
                           f"needs at least {k} (run with --samples {k})")
        outcomes = instance_outcomes(
            [row.get("output") or "" for _, row in pairs], [ref for ref, _ in pairs],
            [ref["id"] for ref, _ in pairs], metric,
            finish_reasons=[row.get("finish_reason") for _, row in pairs])
        refs = {ref["id"]: ref for ref, _ in pairs}
        short = len(refs) - len(outcomes)
        if short:
            warnings.append(f"{files.path}: {short} instances have fewer than {k} answers on "
                            f"file and are left out")
        complete = len(files.predictions) >= len(files.references) * files.samples
        if not complete:
            warnings.append(f"{files.path} is incomplete ({len(files.predictions)} of "
                            f"{len(files.references) * files.samples} answers)")
        runs.append(_Run(_label(files.meta, files.path, taken), files.path, files.meta,
                         outcomes, refs, complete))
    return runs


def _cell(flags: list[bool]) -> dict[str, Any]:
    from closurebench.scoring import wilson_interval

    k, n = sum(flags), len(flags)
    return {"n": n, "correct": k, "accuracy": k / n, "ci95": list(wilson_interval(k, n))}


def _groups(runs: list[_Run], scale: str) -> dict[str, dict[str, dict[str, Any]]]:
    """view -> group -> run label -> cell; a view appears only when some record has it."""
    def keys(ref: dict[str, Any]) -> dict[str, str | None]:
        n = ref.get("n")
        has_n = isinstance(n, int) and not isinstance(n, bool)
        return {
            "overall": "all",
            "level": f"L{ref['level']}" if ref.get("level") is not None else None,
            "paradigm": str(ref["paradigm"]) if ref.get("paradigm") else None,
            "category": str(ref["category"]) if ref.get("category") else None,
            "scale": None if not has_n else (_gralgo_scale(n) if scale == "gralgo" else str(n)),
        }

    flags: dict[str, dict[str, dict[str, list[bool]]]] = {}
    for run in runs:
        for rid, ok in run.outcomes.items():
            for view, group in keys(run.refs[rid]).items():
                if group is not None:
                    flags.setdefault(view, {}).setdefault(group, {}).setdefault(
                        run.label, []).append(ok)
    order = {"level": lambda g: (len(g), g), "category": str, "paradigm": str,
             "scale": _scale_key if scale == "gralgo" else (lambda g: (int(g), g)),
             "overall": str}
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for view in ("overall", "level", "paradigm", "category", "scale"):
        if view not in flags:
            continue
        out[view] = {g: {label: _cell(fl) for label, fl in flags[view][g].items()}
                     for g in sorted(flags[view], key=order[view])}
    return out


def _paired(runs: list[_Run], warnings: list[str]) -> dict[str, Any]:
    from closurebench.scoring.stats import mcnemar_exact

    pairs: list[dict[str, Any]] = []
    for i, a in enumerate(runs):
        for b in runs[i + 1 :]:
            shared = sorted(set(a.outcomes) & set(b.outcomes))
            differ = [r for r in shared if a.refs[r].get("answer") != b.refs[r].get("answer")]
            if differ:
                warnings.append(f"{len(differ)} instances shared by {a.label} and {b.label} "
                                f"have different references (e.g. {differ[0]}); left out of "
                                "their paired test")
            shared = [r for r in shared if r not in set(differ)]
            row: dict[str, Any] = {"a": a.label, "b": b.label, "n_shared": len(shared)}
            if not shared:
                warnings.append(f"{a.label} and {b.label} share no instance: no paired test "
                                "(run them on the same split or seed)")
                row.update(a_only=0, b_only=0, accuracy_a=None, accuracy_b=None,
                           difference=None, p_value=None)
            else:
                a_only = sum(a.outcomes[r] and not b.outcomes[r] for r in shared)
                b_only = sum(b.outcomes[r] and not a.outcomes[r] for r in shared)
                acc_a = sum(a.outcomes[r] for r in shared) / len(shared)
                acc_b = sum(b.outcomes[r] for r in shared) / len(shared)
                row.update(a_only=a_only, b_only=b_only, accuracy_a=acc_a, accuracy_b=acc_b,
                           difference=acc_a - acc_b, p_value=mcnemar_exact(a_only, b_only))
            pairs.append(row)
    tested = sorted((row["p_value"], j) for j, row in enumerate(pairs)
                    if row["p_value"] is not None)
    running = 0.0
    for rank, (p, j) in enumerate(tested):  # Holm: step down, kept monotone
        running = max(running, min(1.0, (len(tested) - rank) * p))
        pairs[j]["p_holm"] = running
    for row in pairs:
        row.setdefault("p_holm", None)
    return {"test": "exact McNemar (two-sided)", "note": _PAIRED_NOTE, "pairs": pairs}


def _normalised(runs: list[_Run], groups: dict[str, Any]) -> dict[str, Any]:
    from closurebench.scoring.stats import normalised_scores

    table: dict[str, dict[str, float]] = {run.label: {} for run in runs}
    for task, cells in groups.get("category", {}).items():
        for label, cell in cells.items():
            table[label][task] = cell["accuracy"]
    scores = normalised_scores(table)
    level_of: dict[str, str] = {}
    for run in runs:
        for ref in run.refs.values():
            if ref.get("category") and ref.get("level") is not None:
                level_of.setdefault(str(ref["category"]), f"L{ref['level']}")
    out: dict[str, Any] = {}
    for run in runs:
        by_task = scores[run.label]
        defined = [v for v in by_task.values() if v is not None]
        by_level: dict[str, list[float]] = {}
        for task, v in by_task.items():
            if v is not None and task in level_of:
                by_level.setdefault(level_of[task], []).append(v)
        out[run.label] = {
            "mean": sum(defined) / len(defined) if defined else None,
            "n_tasks": len(defined),
            "by_level": {lvl: sum(v) / len(v) for lvl, v in sorted(by_level.items())},
            "by_task": by_task,
        }
    return {"note": _NORMALISED_NOTE, "scores": out}


def compare_runs(run_dirs: Sequence[str | os.PathLike[str]], *, metric: str = "accuracy",
                 scale: str = "gralgo") -> dict[str, Any]:
    """The comparison of two or more run directories (see the module docstring); a
    ``RunError`` names a directory that is missing, has no report or no predictions."""
    from closurebench.scoring import parse_metric

    if isinstance(run_dirs, (str, os.PathLike)) or len(run_dirs) < 2:
        got = 1 if isinstance(run_dirs, (str, os.PathLike)) else len(run_dirs)
        raise RunError(f"compare needs at least two run directories, got {got}")
    if scale not in SCALES:
        raise RunError(f"scale must be one of {', '.join(SCALES)}, got {scale!r}")
    parse_metric(metric)
    warnings: list[str] = []
    runs = _read_runs(run_dirs, metric, warnings)
    for key in ("mode", "prompt_sha256", "temperature", "samples"):
        values = {str(r.meta.get(key)) for r in runs}
        if len(values) > 1:
            warnings.append(f"the runs differ in {key}: {', '.join(sorted(values))}")
    groups = _groups(runs, scale)
    return {
        "closurebench_compare": COMPARE_VERSION,
        "metric": metric,
        "scale": scale,
        "note": f"per instance: {metric} (strict), Wilson 95% intervals over instances",
        "runs": [{"label": r.label, "dir": str(r.path), "model": r.meta.get("model"),
                  "mode": r.meta.get("mode"), "samples": r.meta.get("samples"),
                  "selection": r.meta.get("selection"), "n_instances": len(r.outcomes),
                  "complete": r.complete} for r in runs],
        "groups": groups,
        "paired": _paired(runs, warnings),
        "normalised": _normalised(runs, groups),
        "warnings": warnings,
    }


_VIEW_TITLES = {"overall": "overall", "level": "level", "paradigm": "paradigm",
                "category": "category", "scale": "scale (n)"}


def _cell_text(cell: dict[str, Any] | None) -> str:
    if cell is None:
        return "—"
    lo, hi = cell["ci95"]
    return f"{100 * cell['accuracy']:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] n={cell['n']}"


def _p(value: float | None) -> str:
    return "—" if value is None else (f"{value:.4f}" if value >= 1e-4 else f"{value:.1e}")


def _pp(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:+.1f} pp"


def _score(value: float | None) -> str:
    return "—" if value is None else f"{value:.1f}"


def _rows(result: dict[str, Any]) -> list[tuple[str, str, list[str]]]:
    labels = [r["label"] for r in result["runs"]]
    rows = []
    for view, table in result["groups"].items():
        for group, cells in table.items():
            rows.append((_VIEW_TITLES[view], group, [_cell_text(cells.get(lb)) for lb in labels]))
    return rows


def format_compare(result: dict[str, Any]) -> str:
    """The comparison as plain-text tables for a terminal."""
    labels = [r["label"] for r in result["runs"]]
    rows = _rows(result)
    head = ["view", "group", *labels]
    body = [[v, g, *cells] for v, g, cells in rows]
    widths = [max(len(str(x)) for x in col) for col in zip(head, *body, strict=True)]

    def line(cells: list[str]) -> str:
        return "  ".join(f"{c:<{w}}" for c, w in zip(cells, widths, strict=True)).rstrip()

    out = [f"metric: {result['metric']} (strict); 95% Wilson intervals; scale: "
           f"{result['scale']}", "", line(head), line(["-" * w for w in widths])]
    out += [line(r) for r in body]
    out += ["", f"paired: {result['paired']['test']} on shared instances"]
    for p in result["paired"]["pairs"]:
        out.append(f"  {p['a']} vs {p['b']}: n={p['n_shared']}, diff {_pp(p['difference'])}, "
                   f"only a {p['a_only']}, only b {p['b_only']}, p={_p(p['p_value'])}, "
                   f"Holm p={_p(p['p_holm'])}")
    out += ["", "normalised score (GrAlgoBench: per-task z-score across runs, rescaled 0-100)"]
    for label, s in result["normalised"]["scores"].items():
        levels = ", ".join(f"{lvl} {_score(v)}" for lvl, v in s["by_level"].items())
        out.append(f"  {label}: {_score(s['mean'])} over {s['n_tasks']} tasks"
                   + (f" ({levels})" if levels else ""))
    out += [f"warning: {w}" for w in result["warnings"]]
    return "\n".join(out) + "\n"


def format_compare_markdown(result: dict[str, Any]) -> str:
    """The comparison as Markdown (``--markdown``)."""
    labels = [r["label"] for r in result["runs"]]
    esc = [lb.replace("|", "\\|") for lb in labels]
    lines = ["# ClosureBench comparison", "",
             f"Metric: {result['metric']} (strict), per instance; 95% Wilson intervals over "
             f"instances; scale: {result['scale']}.", "",
             "| run | directory | mode | samples | instances | complete |",
             "|---|---|---|---:|---:|---|"]
    lines += [f"| {e} | `{r['dir']}` | {r['mode']} | {r['samples']} | {r['n_instances']} | "
              f"{'yes' if r['complete'] else 'no'} |" for e, r in zip(esc, result["runs"],
                                                                        strict=True)]
    lines += ["", "## Accuracy", "", "| view | group | " + " | ".join(esc) + " |",
              "|---|---|" + "---:|" * len(labels)]
    lines += [f"| {v} | {g} | " + " | ".join(cells) + " |" for v, g, cells in _rows(result)]
    lines += ["", "## Paired test", "", result["paired"]["note"] + ".", "",
              "| a | b | shared | a | b | difference | only a | only b | p | p (Holm) |",
              "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for p in result["paired"]["pairs"]:
        acc = [("—" if x is None else f"{100 * x:.1f}%") for x in (p["accuracy_a"],
                                                                   p["accuracy_b"])]
        lines.append(f"| {p['a']} | {p['b']} | {p['n_shared']} | {acc[0]} | {acc[1]} | "
                     f"{_pp(p['difference'])} | {p['a_only']} | {p['b_only']} | "
                     f"{_p(p['p_value'])} | {_p(p['p_holm'])} |")
    norm = result["normalised"]
    levels = sorted({lvl for s in norm["scores"].values() for lvl in s["by_level"]})
    cols = ["run", "mean", "tasks", *levels]
    lines += ["", "## Normalised score", "", norm["note"] + ".", "",
              "| " + " | ".join(cols) + " |", "|---|" + "---:|" * (len(cols) - 1)]
    for e, (_, s) in zip(esc, norm["scores"].items(), strict=True):
        cells = [e, _score(s["mean"]), str(s["n_tasks"]),
                 *(_score(s["by_level"].get(lvl)) for lvl in levels)]
        lines.append("| " + " | ".join(cells) + " |")
    if result["warnings"]:
        lines += ["", "## Warnings", ""] + [f"- {w}" for w in result["warnings"]]
    return "\n".join(lines) + "\n"
