"""Attribution over a whole run: tables per level and category, three examples per class.

Used by ``closurebench report`` (the ``error_attribution`` section of report.json and
report.md, and a plot); reads the references the run kept, which carry each instance's graph
and query.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from closurebench.diagnose.attribute import CLASS_NAMES, CLASSES, attribute
from closurebench.diagnose.counterfactuals import MISREAD_BUDGET

__all__ = ["EXAMPLES_PER_CLASS", "attribution_table", "format_attribution"]

EXAMPLES_PER_CLASS = 3
_EXCERPT = 160


def _excerpt(ref: dict[str, Any]) -> str:
    """The question's last lines (the query), else the query and graph size."""
    q = ref.get("question")
    if isinstance(q, str) and q:
        tail = q.strip().splitlines()[-2] if len(q.strip().splitlines()) > 1 else q
        return tail if len(tail) <= _EXCERPT else tail[: _EXCERPT - 1] + "…"
    edges = ref.get("edges") or []
    return f"{ref['category']} {ref.get('query')} on {ref.get('n')} nodes, {len(edges)} edges"


def _matched(a: dict[str, Any]) -> Any:
    if a["label"] in ("format", "other"):
        return a["cause"]
    if a["label"] == "drift":
        return f"reference {json.dumps(a['reference'], ensure_ascii=False)}"
    return {c: a["matches"].get(c, [])[:2] for c in a["candidates"]}


def attribution_table(references: Sequence[dict[str, Any]], outputs: Sequence[Any],
                      finish_reasons: Sequence[str | None] | None = None,
                      *, budget: int = MISREAD_BUDGET,
                      failed: Sequence[bool] | None = None) -> dict[str, Any]:
    """Attribute every wrong answer; counts overall, per level and per category, examples.

    References without the graph fields (runs written before they were kept) are counted as
    ``skipped`` rather than guessed at. ``failed`` marks requests that got no answer from the
    server (transport failures, refusals): no model wrote those outputs, so they are counted
    apart (``n_request_failed``), never as the model's format errors.
    """
    reasons = list(finish_reasons) if finish_reasons is not None else [None] * len(outputs)
    lost = list(failed) if failed is not None else [False] * len(outputs)
    request_failed: Counter[str] = Counter()
    overall: Counter[str] = Counter()
    likely: Counter[str] = Counter()
    by_level: dict[str, Counter[str]] = {}
    by_category: dict[str, Counter[str]] = {}
    amb_likely: dict[str, Counter[str]] = {}
    pairs: Counter[str] = Counter()
    causes: Counter[str] = Counter()
    examples: dict[str, list[dict[str, Any]]] = {}
    n_wrong = skipped = 0
    inexhaustive = 0
    for ref, out, why, no_answer in zip(references, outputs, reasons, lost, strict=True):
        if no_answer:
            request_failed[str(ref["level"])] += 1
            continue
        if "edges" not in ref or "query" not in ref:
            skipped += 1
            continue
        found = attribute(out, ref, why, budget=budget)
        if found is None:
            continue
        a = found.as_dict()
        n_wrong += 1
        label = a["label"]
        overall[label] += 1
        likely[a["likely"] or "none"] += 1
        by_level.setdefault(str(ref["level"]), Counter())[label] += 1
        if label == "ambiguous":
            amb_likely.setdefault(str(ref["level"]), Counter())[a["likely"] or "none"] += 1
        by_category.setdefault(ref["category"], Counter())[label] += 1
        if label == "ambiguous":
            pairs[" + ".join(a["candidates"])] += 1
        if a["cause"]:
            causes[a["cause"]] += 1
        if a["search"] and not a["search"]["exhaustive"]:
            inexhaustive += 1
        kept = examples.setdefault(label, [])
        if len(kept) < EXAMPLES_PER_CLASS:
            kept.append({"id": ref["id"], "question": _excerpt(ref),
                         "answer": a["answer"], "reference": a["reference"],
                         "matched": _matched(a)})
    order = list(CLASSES)
    return {
        "note": ("each wrong answer is labelled by the class of perturbation that reproduces "
                 "it; several classes matching is 'ambiguous' (with 'likely' when one "
                 "class's share of matching readings dominates)"),
        "classes": order,
        "n_wrong": n_wrong,
        "n_skipped": skipped,
        "n_request_failed": sum(request_failed.values()),
        "request_failed_by_level": dict(sorted(request_failed.items())),
        "overall": {c: overall[c] for c in order if overall[c]},
        "likely": dict(likely.most_common()),
        "by_level": {k: {c: v[c] for c in order if v[c]} for k, v in sorted(by_level.items())},
        "by_category": {k: {c: v[c] for c in order if v[c]} for k, v in by_category.items()},
        "ambiguous_between": dict(pairs.most_common()),
        "ambiguous_likely_by_level": {k: dict(v.most_common())
                                      for k, v in sorted(amb_likely.items())},
        "format_causes": dict(causes.most_common()),
        "misread_search": {"budget": budget, "instances_sampled": inexhaustive},
        "examples": {c: examples[c] for c in order if c in examples},
    }


def _row(name: str, counts: dict[str, int], classes: list[str]) -> str:
    total = sum(counts.values())
    cells = " | ".join(str(counts.get(c, 0)) for c in classes)
    return f"| {name} | {total} | {cells} |"


def format_attribution(table: dict[str, Any]) -> list[str]:
    """report.md's "Error attribution" section."""
    classes = list(table["classes"])
    head = "| | wrong | " + " | ".join(CLASS_NAMES[c] for c in classes) + " |"
    sep = "|---|---:|" + "---:|" * len(classes)
    lines = ["", "## Error attribution", "",
             f"{table['n_wrong']} wrong answers attributed by counterfactuals on each "
             "instance (reversed graph / in-out swap, k-hop truncation below the instance's "
             "hops, query node included, one edge added, removed or reversed: exhaustive up "
             f"to {table['misread_search']['budget']} edits, else sampled; "
             f"{table['misread_search']['instances_sampled']} instances sampled). "
             "Several matching classes are reported as ambiguous.", "", head, sep,
             _row("overall", table["overall"], classes)]
    lines += [_row(f"L{k}", v, classes) for k, v in table["by_level"].items()]
    from closurebench.categories import CATEGORIES

    cats = [c for c in CATEGORIES if c in table["by_category"]]
    lines += ["", "By category:", "", head, sep]
    lines += [_row(c, table["by_category"][c], classes) for c in cats]
    if table["ambiguous_between"]:
        lines += ["", "Ambiguous between: " + ", ".join(
            f"{k} ({v})" for k, v in table["ambiguous_between"].items()) + "; likely class "
            "(dominant share of matching readings): " + ", ".join(
            f"{k} {v}" for k, v in table["likely"].items()) + "."]
    if table["format_causes"]:
        lines += ["", "Format / type causes: " + ", ".join(
            f"{k} ({v})" for k, v in table["format_causes"].items()) + "."]
    if table.get("n_request_failed"):
        lines += ["", f"{table['n_request_failed']} questions got no answer from the server "
                  "(the request failed in transport or was refused): scored wrong, but not "
                  "attributed, since no model wrote them."]
    if table["n_skipped"]:
        lines += ["", f"{table['n_skipped']} answers not attributed: their references lack "
                  "the graph (a run written before references kept it)."]
    for cls, rows in table["examples"].items():
        lines += ["", f"Examples: {CLASS_NAMES[cls]}", ""]
        for ex in rows:
            lines.append(f"- `{ex['id']}`: {ex['question']} answer "
                         f"`{json.dumps(ex['answer'], ensure_ascii=False)}`, reference "
                         f"`{json.dumps(ex['reference'], ensure_ascii=False)}`; matched "
                         f"{json.dumps(ex['matched'], ensure_ascii=False)}")
    return lines
