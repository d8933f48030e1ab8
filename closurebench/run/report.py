"""A run directory in, its report out: the metric's numbers plus chance floors, cost and plots.

Every accuracy in the report comes from ``closurebench.scoring.score`` on the run's
predictions, unchanged (a test checks equality), so the runner never re-implements a scoring
rule. Around those numbers this module adds what a reader needs to judge them: the majority
and random floors on the same instances, the compositional drop (L1 − L3), confidence
intervals, tokens per correct answer, and, across two runs, the seen-vs-fresh memorisation gap.
"""

from __future__ import annotations

import json
import os
import statistics
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from closurebench.run.client import RunError
from closurebench.run.redact import redact_obj
from closurebench.run.runner import PREDICTIONS_FILE, REFERENCES_FILE, RUN_FILE

__all__ = [
    "DROP_NAME",
    "DROP_NOTE",
    "RunFiles",
    "build_report",
    "compositional_drop",
    "format_gap",
    "format_markdown",
    "format_points",
    "format_summary",
    "gap_report",
    "load_run",
    "verdicts",
]

REPORT_VERSION = 1

#: What report.json's ``cons_all`` holds (runs of several samples).
CONS_ALL_NOTE = ("cons@k by GrAlgoBench's rule: every sample votes, one without a parsed "
                 "answer for 'no answer' (never correct); metrics' cons@k lets parsed answers "
                 "alone vote")

#: The one name of the L1 → L3 figure, in the report, its plots and the model card.
DROP_NAME = "compositional drop"
DROP_NOTE = "accuracy on L1 minus accuracy on L3, in points; positive when L3 is harder"


@dataclass(frozen=True)
class RunFiles:
    """A run directory read back: run.json, references in order, predictions in order.

    ``predictions`` holds one row per (instance, sample) present, ordered like the references
    (then by sample); when a pair appears twice the last line wins.
    """

    path: Path
    meta: dict[str, Any]
    references: list[dict[str, Any]]
    predictions: list[tuple[dict[str, Any], dict[str, Any]]]

    @property
    def samples(self) -> int:
        return int(self.meta.get("samples", 1))


def load_run(run_dir: str | Path) -> RunFiles:
    """Read a run directory; a ``RunError`` says what is missing or malformed.

    Every file is read in bounded memory (``closurebench.scoring.safejson``), and a run.json that is
    not an object or claims an absurd sample count is refused instead of trusted.
    """
    from closurebench.run.client import count
    from closurebench.run.runner import MAX_SAMPLES
    from closurebench.scoring.safejson import iter_jsonl, load_json_file

    if not isinstance(run_dir, (str, os.PathLike)):
        raise RunError(f"run_dir must be a folder path, got {run_dir!r}")
    path = Path(run_dir)
    if not path.is_dir():
        raise RunError(f"{path} is not a run directory (not a folder); run `closurebench run`")
    for name in (RUN_FILE, REFERENCES_FILE):
        if not (path / name).is_file():
            raise RunError(f"{path} is not a run directory (no {name}); run `closurebench run`")
    meta = load_json_file(path / RUN_FILE, what="run.json")
    samples = meta.get("samples", 1)
    if isinstance(samples, bool) or not isinstance(samples, int) or not (
            1 <= samples <= MAX_SAMPLES):
        raise RunError(f"{path / RUN_FILE}: 'samples' must be an integer between 1 and "
                       f"{MAX_SAMPLES}, got {samples!r}")
    refs = []
    for lineno, ref in iter_jsonl(path / REFERENCES_FILE, complete_only=True):
        if not isinstance(ref.get("id"), str) or "level" not in ref:
            raise RunError(f"{path / REFERENCES_FILE} line {lineno}: not a reference record "
                           "(needs 'id' and 'level')")
        refs.append(ref)
    rows: dict[tuple[str, int], dict[str, Any]] = {}
    pred_path = path / PREDICTIONS_FILE
    if pred_path.exists():
        for lineno, row in iter_jsonl(pred_path, complete_only=True):
            sample = row.get("sample", 0)
            if not isinstance(row.get("id"), str) or isinstance(sample, bool) or not isinstance(
                    sample, int):
                raise RunError(f"{pred_path} line {lineno}: an answer needs a string 'id' and "
                               "an integer 'sample'")
            if not isinstance(row.get("output"), str):
                row["output"] = ""
            for key in ("prompt_tokens", "completion_tokens"):
                row[key] = count(row.get(key))
            row["latency_s"] = _seconds(row.get("latency_s"))
            rows[(row["id"], sample)] = row
    by_id: dict[str, list[int]] = {}
    for rid, sample in rows:
        if 0 <= sample < samples:
            by_id.setdefault(rid, []).append(sample)
    ordered = [(ref, rows[(ref["id"], s)]) for ref in refs
               for s in sorted(by_id.get(ref["id"], ()))]
    meta["samples"] = samples
    if not isinstance(meta.get("selection"), dict):  # hand-edited: report it as unknown
        meta["selection"] = None
    return RunFiles(path, meta, refs, ordered)


def _seconds(value: Any) -> float | None:
    """A latency as recorded by the runner (finite, non-negative, under a day), else None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if 0 <= value <= 86400 else None


def verdicts(outputs: list[str], references: list[dict[str, Any]],
             finish_reasons: list[Any] | None = None) -> list[tuple[bool, bool, bool]]:
    """``(parsed, strict, lenient)`` per prediction, from the metric's own rules.

    The per-instance flags feed confidence intervals and the memorisation gap.
    """
    from closurebench.scoring import verdicts as scoring_verdicts

    return scoring_verdicts(outputs, references, finish_reasons=finish_reasons)


def _ci(flags: list[bool]) -> list[float] | None:
    from closurebench.scoring import wilson_interval

    return list(wilson_interval(sum(flags), len(flags))) if flags else None


def _parse(flags: list[tuple[bool, bool, bool]], failed: list[bool]) -> dict[str, Any]:
    """The parse rate of the model's own outputs: requests that got no answer (transport
    failures, refusals) are counted apart, not as outputs the model failed to format."""
    answered = [f[0] for f, lost in zip(flags, failed, strict=True) if not lost]
    return {
        "note": "parse rate over the answers the server returned; failed requests apart",
        "rate_answered": sum(answered) / len(answered) if answered else None,
        "n_answered": len(answered),
        "n_request_failed": len(failed) - len(answered),
    }


def _parse_rate(report: dict[str, Any]) -> str:
    """The parse rate shown in report.md and the summary: of the answered outputs."""
    parse = report.get("parse")
    if not parse:
        return _pct(report["metrics"]["parse_rate"])
    lost = f" ({parse['n_request_failed']} requests failed)" if parse["n_request_failed"] else ""
    return f"{_pct(parse['rate_answered'])}{lost}"


def compositional_drop(by_level: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The compositional drop (``DROP_NOTE``) of a ``by_level`` table, strict and lenient;
    each ``None`` without both L1 and L3."""
    def drop(key: str) -> float | None:
        ends = [(by_level.get(lvl) or {}).get(key) for lvl in ("1", "3")]
        if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in ends):
            return ends[0] - ends[1]
        return None

    return {"note": DROP_NOTE, "strict": drop("accuracy_strict"),
            "lenient": drop("accuracy_lenient")}


def _cost(files: RunFiles, flags: list[tuple[bool, bool, bool]]) -> dict[str, Any] | None:
    tokens = [row.get("completion_tokens") for _, row in files.predictions]
    if not tokens or any(t is None for t in tokens):
        return None
    by_level: dict[str, dict[str, float]] = {}
    for (ref, _), count, (_, strict, _) in zip(files.predictions, tokens, flags, strict=True):
        slot = by_level.setdefault(str(ref["level"]), {"tokens": 0, "answers": 0, "correct": 0})
        slot["tokens"] += count
        slot["answers"] += 1
        slot["correct"] += strict
    prompt = [row.get("prompt_tokens") for _, row in files.predictions]
    return {
        "completion_tokens_total": sum(tokens),
        "tokens_per_answer": sum(tokens) / len(tokens),
        "prompt_tokens_per_answer": (sum(prompt) / len(prompt)
                                     if all(p is not None for p in prompt) else None),
        "by_level": {
            lvl: {
                "tokens_per_answer": s["tokens"] / s["answers"],
                "tokens_per_correct": s["tokens"] / s["correct"] if s["correct"] else None,
            }
            for lvl, s in sorted(by_level.items())
        },
    }


#: What the chance-corrected section says of itself.
CORRECTED_NOTE = ("chance-corrected accuracy per category: (strict - learned floor) / "
                  "(1 - learned floor), the learned floor being the best strict accuracy of "
                  "readers that never chain two edges (closurebench audit); a level's figure "
                  "is the mean over its categories; the corrected drop is L1 - L3 of those")


def learned_section(metrics: dict[str, Any], selection: dict[str, Any] | None,
                    floors_file: str | Path | None = None) -> dict[str, Any] | None:
    """Learned floors and chance-corrected accuracy for a report's categories, from
    ``floors_file`` (``closurebench audit --floors-out``) or, for the released axes, the
    release's table; ``None`` where no table applies (an audit can measure one)."""
    from closurebench.audit.floors import (
        chance_corrected,
        level_means,
        load_floors,
        release_floors,
    )
    from closurebench.run.data import RELEASED_AXES

    if floors_file is not None:
        table, source = load_floors(floors_file), str(floors_file)
    else:
        sel = selection or {}
        axes = {k: (tuple(sel[k]) if k == "density" and sel.get(k) is not None else sel.get(k))
                for k in RELEASED_AXES}
        table = release_floors() if axes == RELEASED_AXES else None
        source = "the release's audit (default axes)"
    if table is None:
        return None
    rows = table["categories"]
    by_cat = metrics.get("by_category") or {}
    floors = {c: float(rows[c]["learned_floor"]) for c in by_cat if c in rows}
    corrected = {c: chance_corrected(by_cat[c].get("accuracy_strict"), f)
                 for c, f in floors.items()}
    levels = level_means(corrected)
    ends = levels.get("1"), levels.get("3")
    return {"note": CORRECTED_NOTE, "source": source, "learned_floor": floors,
            "by_category": corrected, "by_level": levels,
            "overall": (sum(v for v in corrected.values() if v is not None)
                        / max(sum(v is not None for v in corrected.values()), 1)
                        if corrected else None),
            "compositional_drop": (ends[0] - ends[1]) if None not in ends else None}


def _learned_floor_table(section: dict[str, Any]) -> dict[str, Any]:
    """The learned floors as a floor table for the plots (strict; the lenient rule has no
    learned floor of its own, so it is drawn at the strict one)."""
    def row(v: float) -> dict[str, float]:
        return {"accuracy_strict": v, "accuracy_lenient": v}

    floors = section["learned_floor"]
    from closurebench.audit.floors import level_means

    return {"by_category": {c: row(v) for c, v in floors.items()},
            "by_level": {lvl: row(v) for lvl, v in level_means(floors).items()
                         if v is not None}}


def build_report(run_dir: str | Path, *, plots: bool = True, card: bool = True,
                 floor_seed: int = 0, floors_file: str | Path | None = None) -> dict[str, Any]:
    """Score a run and write report.json, report.md, plots/*.png and model_card.md into it.

    Works on an unfinished run too (it scores what is on file and says so). Learned floors
    and chance-corrected accuracy come from ``floors_file`` or, on the released axes, the
    release's audit (``learned_section``).
    """
    from closurebench.run.baselines import floors
    from closurebench.scoring import score

    files = load_run(run_dir)
    if not files.predictions:
        raise RunError(f"{files.path} has no predictions yet")
    refs = [ref for ref, _ in files.predictions]
    outputs = [row.get("output") or "" for _, row in files.predictions]
    tokens = [row.get("completion_tokens") for _, row in files.predictions]
    token_counts = tokens if all(t is not None for t in tokens) else None
    sample_ids = [ref["id"] for ref in refs] if files.samples > 1 else None
    finishes = [row.get("finish_reason") for _, row in files.predictions]
    metrics = score(outputs, refs, token_counts=token_counts, sample_ids=sample_ids,
                    finish_reasons=finishes, unparsed_votes=files.samples > 1)
    # GrAlgoBench's cons@k (unparsed answers vote) goes beside the metric's own numbers, so
    # "metrics" stays exactly what `closurebench score` reports for these predictions.
    cons_all = {k: metrics.pop(k) for k in [k for k in metrics if k.startswith("cons_all@")]}
    from closurebench.diagnose import attribution_table, trace_table

    failed = [bool(row.get("error")) for _, row in files.predictions]  # no answer came back
    attribution = attribution_table(refs, outputs, finishes, failed=failed)
    traces = (trace_table(refs, outputs, tokens)
              if files.meta.get("mode") != "direct" or any("\n" in o for o in outputs) else None)

    flags = verdicts(outputs, refs, finishes)
    from closurebench.run.lengths import accuracy_by_prompt_tokens
    from closurebench.scoring.efficiency import outcome_efficiency

    first = [f for (_, row), f in zip(files.predictions, flags, strict=True)
             if int(row["sample"]) == 0]
    levels: dict[str, list[tuple[bool, bool, bool]]] = {}
    for ((ref, row), f) in zip(files.predictions, flags, strict=True):
        if int(row["sample"]) == 0:
            levels.setdefault(str(ref["level"]), []).append(f)
    finish = Counter(str(row.get("finish_reason")) for _, row in files.predictions)
    errors = [row["error"] for _, row in files.predictions if row.get("error")]
    latencies = [row["latency_s"] for _, row in files.predictions
                 if row.get("latency_s") is not None]
    meta = files.meta
    n_expected = len(files.references) * files.samples
    report: dict[str, Any] = {
        "closurebench_report": REPORT_VERSION,
        "run": {k: meta.get(k) for k in (
            "model", "base_url_host", "mode", "language", "prompt_version", "prompt_sha256",
            "samples", "temperature", "max_tokens", "closurebench_version", "created", "updated",
            "status",
        )},
        "selection": meta.get("selection"),
        "complete": len(files.predictions) >= n_expected,
        "n_expected": n_expected,
        "n_instances": len({ref["id"] for ref in refs}),
        "metrics": metrics,
        "ci95": {
            "note": "Wilson 95% intervals over instances (first sample of each)",
            "accuracy_strict": _ci([f[1] for f in first]),
            "accuracy_lenient": _ci([f[2] for f in first]),
            "by_level": {
                lvl: {"accuracy_strict": _ci([f[1] for f in fl]),
                      "accuracy_lenient": _ci([f[2] for f in fl])}
                for lvl, fl in sorted(levels.items())
            },
        },
        "compositional_drop": compositional_drop(metrics["by_level"]),
        "cons_all": {"note": CONS_ALL_NOTE, **cons_all} if cons_all else None,
        "outcome_efficiency": outcome_efficiency(outputs, refs, finish_reasons=finishes),
        "by_prompt_tokens": accuracy_by_prompt_tokens(files.meta, files.predictions, flags),
        "parse": _parse(flags, failed),
        "cost": _cost(files, flags),
        "finish_reasons": dict(finish.most_common()),
        "n_errors": len(errors),
        "n_transient_errors": sum(1 for _, row in files.predictions if row.get("transient")),
        "errors_sample": errors[:5],
        "latency_s": {"mean": statistics.fmean(latencies),
                      "median": statistics.median(latencies)} if latencies else None,
        "floors": floors(list({ref["id"]: ref for ref in refs}.values()), seed=floor_seed),
        "chance_corrected": learned_section(metrics, meta.get("selection"), floors_file),
        "error_attribution": attribution,
        "traces": traces,
        "plots": [],
        "card": None,
    }
    if report["chance_corrected"] is not None:
        report["floors"]["learned"] = _learned_floor_table(report["chance_corrected"])
    if meta.get("mode") == "program":
        from closurebench.run.program import program_section

        report["program"] = program_section(files.path, files.predictions, flags)
    out = files.path
    if plots:
        try:
            from closurebench.run.plots import make_plots

            report["plots"] = [str(p.relative_to(out)) for p in make_plots(
                report, out / "plots", config_dir=out / ".matplotlib")]
        except RunError as exc:
            report["plots_skipped"] = str(exc)
    if card:
        try:
            from closurebench.run.card import write_card

            report["card"] = write_card(redact_obj(report), out / "model_card.md").name
        except RunError as exc:
            report["card_skipped"] = str(exc)
    report = redact_obj(report)
    (out / "report.json").write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n",
                                     encoding="utf-8")
    (out / "report.md").write_text(format_markdown(report), encoding="utf-8")
    return report


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"


def format_points(value: float | None) -> str:
    """A difference of accuracies in percentage points, with its sign."""
    return "—" if value is None else f"{100 * value:+.1f} pp"


def _floor(report: dict[str, Any], kind: str, table: str | None, key: str | None) -> str:
    f = report["floors"].get(kind)
    if f is None:  # a report written before this floor existed
        return "—"
    row = f if table is None else f.get(table, {}).get(key or "")
    if not row:
        return "—"
    return f"{_pct(row['accuracy_strict'])} / {_pct(row['accuracy_lenient'])}"


def _describe(report: dict[str, Any]) -> str:
    run, sel = report["run"], report["selection"] or {}
    split = sel.get("split") or f"fresh seed {sel.get('fresh_seed')}"
    released = " (released split)" if sel.get("released") else ""
    return (
        f"split {split}{released}, seed {sel.get('seed')}, config {sel.get('config')}, "
        f"n {sel.get('n_min')}–{sel.get('n_max')}, density {sel.get('density')}; "
        f"{report['n_instances']} instances × {run.get('samples')} sample(s); mode "
        f"{run.get('mode')}, temperature {run.get('temperature')}; prompt v"
        f"{run.get('prompt_version')} (sha256 {str(run.get('prompt_sha256'))[:12]}…); "
        f"closurebench {run.get('closurebench_version')}; {run.get('updated')}"
    )


def _table(report: dict[str, Any], title: str, table: str, with_level: bool = False) -> list[str]:
    rows = report["metrics"].get(table) or {}
    if not rows:
        return []
    level_of: dict[str, str] = {}
    if with_level:  # the taxonomy order (L1, L2, L3) reads better than the alphabet
        from closurebench.categories import CATEGORIES

        level_of = {c: f"L{spec.level}" for c, spec in CATEGORIES.items()}
        rows = {**{c: rows[c] for c in CATEGORIES if c in rows},
                **{c: r for c, r in rows.items() if c not in CATEGORIES}}
    cc = report.get("chance_corrected") if table == "by_category" else None
    head = f"| {title} |" + (" level |" if with_level else "") + (
        " count | strict | lenient | parsed | best shortcut floor (s / l) | "
        "majority floor (s / l) | random floor (s / l) |") + (
        " learned floor | chance-corrected |" if cc else "")
    sep = "|---|" + ("---|" if with_level else "") + "---:|---:|---:|---:|---:|---:|---:|" + (
        "---:|---:|" if cc else "")
    lines = ["", head, sep]
    for key, row in rows.items():
        name = f"L{key}" if table == "by_level" else key
        lvl = f" {level_of.get(key, '?')} |" if with_level else ""
        extra = (f" {_pct(cc['learned_floor'].get(key))} | "
                 f"{_signed(cc['by_category'].get(key))} |") if cc else ""
        lines.append(
            f"| {name} |{lvl} {row['n']} | {_pct(row['accuracy_strict'])} | "
            f"{_pct(row['accuracy_lenient'])} | {_pct(row['parse_rate'])} | "
            f"{_floor(report, 'shortcut', table, key)} | "
            f"{_floor(report, 'majority', table, key)} | {_floor(report, 'random', table, key)} |"
            + extra
        )
    return lines


def _corrected_lines(report: dict[str, Any]) -> list[str]:
    """The chance-corrected section of report.md (the figure to compare across levels)."""
    cc = report.get("chance_corrected")
    if not cc:
        return ["", "Chance-corrected accuracy: no learned floors for this config (measure "
                "them with `closurebench audit CONFIG --floors-out FILE`, then `closurebench "
                "report RUN_DIR --floors FILE`)."]
    lv = cc["by_level"]
    lines = ["", "## Chance-corrected accuracy (compare levels with this)", "",
             f"{CORRECTED_NOTE.capitalize()}. Floors from {cc['source']}.", "",
             "| level | chance-corrected | raw strict |", "|---|---:|---:|"]
    by_level = report["metrics"].get("by_level") or {}
    for key in ("1", "2", "3"):
        if lv.get(key) is not None:
            raw = (by_level.get(key) or {}).get("accuracy_strict")
            lines.append(f"| L{key} | {_signed(lv[key])} | {_pct(raw)} |")
    lines += ["", f"Chance-corrected {DROP_NAME} (L1 − L3): "
              f"{format_points(cc['compositional_drop'])}; raw strict: "
              f"{format_points(report['compositional_drop']['strict'])}."]
    return lines


def _signed(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:+.1f}%"


def format_markdown(report: dict[str, Any]) -> str:
    """report.md: the headline, the floors beside every score, breakdowns, cost and plots."""
    m, run = report["metrics"], report["run"]
    ci = report["ci95"]
    lines = [
        f"# ClosureBench report: {run.get('model')} ({run.get('mode')})",
        "",
        _describe(report),
    ]
    if not report["complete"]:
        lines += ["", f"**Incomplete run:** {m['n_predictions']} of {report['n_expected']} "
                  "answers on file; rerun with `--resume` to finish."]
    lines += [
        "",
        "Strict accuracy (the headline) requires the final committed answer to be right; "
        "lenient also accepts the reference with its category's one source slip (a count +1 "
        "where the question excludes x, -1 where it includes x, a set with the query "
        "node(s)). Floors are the built-in baselines on the same instances, scored the same way.",
        "",
        "| | strict | lenient | parse rate | best shortcut floor (s / l) | "
        "majority floor (s / l) | random floor (s / l) |",
        "|---|---:|---:|---:|---:|---:|---:|",
        f"| overall | {_pct(m['accuracy_strict'])} | {_pct(m['accuracy_lenient'])} | "
        f"{_parse_rate(report)} | {_floor(report, 'shortcut', None, None)} | "
        f"{_floor(report, 'majority', None, None)} | "
        f"{_floor(report, 'random', None, None)} |",
        "",
        f"95% CI (Wilson, by instance): strict {_interval(ci['accuracy_strict'])}, "
        f"lenient {_interval(ci['accuracy_lenient'])}.",
        f"{DROP_NAME.capitalize()} ({DROP_NOTE}): strict "
        f"{format_points(report['compositional_drop']['strict'])}, lenient "
        f"{format_points(report['compositional_drop']['lenient'])}.",
    ]
    if m.get("set_f1") is not None:
        lines.append(f"Set F1 (partial credit, not in accuracy): {_pct(m['set_f1'])} over "
                     f"{m['n_set_answers']} set answers.")
    lines += _corrected_lines(report)
    lines += ["", "## By level", *_table(report, "level", "by_level")]
    lines += ["", "## By category", *_table(report, "category", "by_category", True)]
    lines += ["", "## By graph size n", *_table(report, "n", "by_n")]
    lines += ["", "## By edge density", *_table(report, "density", "by_density")]
    sampling = sorted(k for k in m if k.startswith(("pass@", "cons@")))
    if sampling:
        lines += ["", "## Sampling", "", "| metric | value |", "|---|---:|"]
        lines += [f"| {k} | {_pct(m[k])} |" for k in sampling]
        cons_all = report.get("cons_all") or {}
        lines += [f"| {k} | {_pct(v)} |" for k, v in sorted(cons_all.items()) if "@" in k]
        if cons_all:
            lines += ["", "cons@k: parsed answers vote (an unparsed sample abstains); "
                      "cons_all@k: GrAlgoBench's rule, every sample votes, an unparsed one "
                      "for \"no answer\"."]
    lines += _length_lines(report)
    lines += ["", "## Cost", ""]
    cost = report.get("cost")
    if cost:
        lines += [
            f"Completion tokens per answer: {cost['tokens_per_answer']:.1f}; per correct "
            f"(strict) answer: {_num(m.get('tokens_per_correct'))}.",
            "",
            "| level | tokens / answer | tokens / correct |",
            "|---|---:|---:|",
            *[f"| L{lvl} | {row['tokens_per_answer']:.1f} | {_num(row['tokens_per_correct'])} |"
              for lvl, row in cost["by_level"].items()],
        ]
    else:
        lines.append("No token counts (a built-in baseline, or a server that reports no usage).")
    if report.get("program"):
        from closurebench.run.program import program_markdown

        lines += program_markdown(report["program"])
    from closurebench.diagnose import format_attribution, format_traces

    if report.get("error_attribution"):
        lines += format_attribution(report["error_attribution"])
    if report.get("traces"):
        lines += format_traces(report["traces"])
    lines += ["", "## Answers", "",
              "Finish reasons: " + ", ".join(f"{k} {v}" for k, v in
                                             report["finish_reasons"].items()) + ".",
              f"Requests without an answer (scored wrong): {report['n_errors']}"
              + (f", of which {report['n_transient_errors']} failed every retry in transport "
                 "(`closurebench run --resume` asks them again)"
                 if report.get("n_transient_errors") else "") + "."]
    for err in report["errors_sample"]:
        lines.append(f"- `{err}`")
    if report.get("plots"):
        lines += ["", "## Plots", ""]
        lines += [f"![{Path(p).stem}]({p})" for p in report["plots"]]
    if report.get("card"):
        lines += ["", f"Model-evaluation card (model-index metadata): [{report['card']}]"
                  f"({report['card']})."]
    return "\n".join(lines) + "\n"


def _length_lines(report: dict[str, Any]) -> list[str]:
    """report.md's outcome-efficiency and prompt-length sections (older reports have none)."""
    lines: list[str] = []
    eff = report.get("outcome_efficiency")
    if eff and eff.get("n_correct"):
        lines += ["", "## Outcome efficiency", "",
                  f"{_pct(eff['outcome_efficiency'])} over {eff['n_correct']} strictly correct "
                  "answers: the mean share of a correct answer, in characters, up to the end of "
                  "the first blank-line segment that already holds the correct answer "
                  "(GrAlgoBench's outcome efficiency; 100% when it first appears at the end).",
                  "", "| level | correct answers | outcome efficiency |", "|---|---:|---:|"]
        lines += [f"| L{lvl} | {r['n_correct']} | {_pct(r['outcome_efficiency'])} |"
                  for lvl, r in eff["by_level"].items()]
    lengths = report.get("by_prompt_tokens")
    if lengths and lengths.get("bins"):
        lines += ["", "## By prompt length", "", f"Prompt tokens: {lengths['source']}.", "",
                  "| prompt tokens | count | mean tokens | strict | lenient | 95% CI (strict) |",
                  "|---|---:|---:|---:|---:|---|"]
        lines += [f"| {label} | {r['n']} | {r['mean_prompt_tokens']:.0f} | "
                  f"{_pct(r['accuracy_strict'])} | {_pct(r['accuracy_lenient'])} | "
                  f"{_interval(r['ci95_strict'])} |" for label, r in lengths["bins"].items()]
    elif lengths and lengths.get("note"):
        lines += ["", "## By prompt length", "", f"Not measured: {lengths['note']}."]
    return lines


def _num(value: float | None) -> str:
    return "—" if value is None else f"{value:.1f}"


def _interval(ci: list[float] | None) -> str:
    return "—" if not ci else f"[{100 * ci[0]:.1f}%, {100 * ci[1]:.1f}%]"


def format_summary(report: dict[str, Any]) -> str:
    """The few lines a terminal shows after a run: overall and per level, floors alongside."""
    m = report["metrics"]
    rows = [("overall", m, None, None)] + [
        (f"L{k}", row, "by_level", k) for k, row in m["by_level"].items()]
    width = 8
    lines = [f"{report['run'].get('model')} on {_split_name(report)}: "
             f"{m['n_predictions']} answers, parse rate {_parse_rate(report)}"
             + ("" if report["complete"] else " (INCOMPLETE: rerun with --resume)"),
             f"{'':<{width}} {'strict':>7} {'lenient':>8}   {'shortcut s/l':>15}   "
             f"{'majority s/l':>15}   {'random s/l':>15}"]
    for name, row, table, key in rows:
        lines.append(
            f"{name:<{width}} {_pct(row['accuracy_strict']):>7} {_pct(row['accuracy_lenient']):>8}"
            f"   {_floor(report, 'shortcut', table, key):>15}"
            f"   {_floor(report, 'majority', table, key):>15}"
            f"   {_floor(report, 'random', table, key):>15}")
    drop = report["compositional_drop"]
    lines.append(f"{DROP_NAME} (L1 − L3): strict {format_points(drop['strict'])}, lenient "
                 f"{format_points(drop['lenient'])}")
    if m.get("tokens_per_correct") is not None:
        lines.append(f"tokens per correct answer: {m['tokens_per_correct']:.1f}")
    prog = report.get("program")
    if prog:
        e = prog["errors"]
        lines.append(f"programs ({prog['language']}, {', '.join(prog['isolation'])}): "
                     f"execution rate {_pct(prog['execution_rate'])}; errors: misread graph "
                     f"{e['misread_graph']}, wrong logic {e['wrong_logic']}, execution failure "
                     f"{e['execution_failure']}")
    for k in sorted(k for k in m if k.startswith(("pass@", "cons@"))):
        lines.append(f"{k}: {_pct(m[k])}")
    for k, v in sorted((report.get("cons_all") or {}).items()):
        if "@" in k:
            lines.append(f"{k} (unparsed answers vote): {_pct(v)}")
    attribution = report.get("error_attribution") or {}
    if attribution.get("overall"):
        lines.append("errors: " + ", ".join(f"{c} {v}"
                                            for c, v in attribution["overall"].items()))
    return "\n".join(lines)


def _split_name(report: dict[str, Any]) -> str:
    sel = report.get("selection") or {}
    return sel.get("split") or f"fresh seed {sel.get('fresh_seed')}"


def gap_report(seen_dir: str | Path, fresh_dir: str | Path, *,
               method: str = "newcombe") -> dict[str, Any]:
    """The memorisation gap between a run on seen instances (train) and one on fresh ones.

    Uses the first sample of each instance; the gap is seen minus fresh accuracy with a 95%
    interval (Newcombe, or ``method="bootstrap"``), overall and per level, strict and lenient.
    """
    from closurebench.scoring import memorisation_gap

    runs = [load_run(seen_dir), load_run(fresh_dir)]
    flags: list[dict[str, list[tuple[bool, bool, bool]]]] = []
    for files in runs:
        firsts = [(ref, row) for ref, row in files.predictions if int(row["sample"]) == 0]
        if not firsts:
            raise RunError(f"{files.path} has no predictions yet")
        fl = verdicts([row.get("output") or "" for _, row in firsts], [r for r, _ in firsts])
        groups: dict[str, list[tuple[bool, bool, bool]]] = {"all": fl}
        for (ref, _), f in zip(firsts, fl, strict=True):
            groups.setdefault(f"L{ref['level']}", []).append(f)
        flags.append(groups)
    warnings = []
    seen_meta, fresh_meta = runs[0].meta, runs[1].meta
    for key in ("model", "mode", "prompt_sha256", "temperature"):
        if seen_meta.get(key) != fresh_meta.get(key):
            warnings.append(f"the runs differ in {key}: {seen_meta.get(key)!r} vs "
                            f"{fresh_meta.get(key)!r}")
    seen_sel, fresh_sel = seen_meta.get("selection") or {}, fresh_meta.get("selection") or {}
    if seen_sel.get("split") != "train":
        warnings.append("the seen run is not on the train split (seed 0)")
    if fresh_sel.get("seed") == seen_sel.get("seed"):
        warnings.append("both runs use the same seed: the fresh instances are not fresh")
    for f in runs:
        n_exp = len(f.references) * f.samples
        if len(f.predictions) < n_exp:
            warnings.append(f"{f.path} is incomplete ({len(f.predictions)} of {n_exp})")
    out: dict[str, Any] = {
        "seen": {"dir": str(runs[0].path), "model": seen_meta.get("model"),
                 "split": _split_name({"selection": seen_sel})},
        "fresh": {"dir": str(runs[1].path), "model": fresh_meta.get("model"),
                  "split": _split_name({"selection": fresh_sel})},
        "method": method,
        "groups": {},
        "warnings": warnings,
    }
    for group in ["all", *sorted(g for g in flags[0] if g != "all")]:
        if group not in flags[1]:
            continue
        s, f = flags[0][group], flags[1][group]
        out["groups"][group] = {
            "strict": memorisation_gap([x[1] for x in s], [x[1] for x in f], method=method),
            "lenient": memorisation_gap([x[2] for x in s], [x[2] for x in f], method=method),
        }
    return out


def format_gap(gap: dict[str, Any]) -> str:
    """Markdown table of the memorisation gap, group by group."""
    lines = [
        f"# Memorisation gap: {gap['seen']['model']}",
        "",
        f"Seen: {gap['seen']['split']} ({gap['seen']['dir']}); fresh: {gap['fresh']['split']} "
        f"({gap['fresh']['dir']}). Gap = seen − fresh accuracy, 95% CI ({gap['method']}). "
        "A gap whose interval lies above zero suggests memorised answers.",
        "",
        "| group | scoring | seen | fresh | gap | 95% CI |",
        "|---|---|---:|---:|---:|---|",
    ]
    for group, both in gap["groups"].items():
        for scoring in ("strict", "lenient"):
            g = both[scoring]
            lines.append(
                f"| {group} | {scoring} | {_pct(g['seen_accuracy'])} (n={g['n_seen']}) | "
                f"{_pct(g['fresh_accuracy'])} (n={g['n_fresh']}) | {format_points(g['gap'])} | "
                f"[{100 * g['gap_ci'][0]:+.1f}, {100 * g['gap_ci'][1]:+.1f}] pp |")
    for w in gap["warnings"]:
        lines.append(f"\nwarning: {w}")
    return "\n".join(lines) + "\n"
