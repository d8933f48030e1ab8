"""The floors every report prints next to a model: majority, random and the best shortcut.

``baseline:majority`` answers each category with its most frequent answer in the released
train split (seed 0 under the released axes, as ``closurebench.generation.release`` defines it);
``baseline:majority-by-n`` with its most frequent train answer at the record's n (a reader that
knows the graph size and the training answers and nothing else); ``baseline:random`` draws
uniformly from the answer's type (a node of the question for a label,
a random subset of its nodes for a set, an integer in ``[minimum, n]`` for a count, a coin for
yes/no), deterministically from (seed, id, sample).
Every shortcut reader of ``closurebench.audit.readers`` is a baseline too (``baseline:one-hop``,
``baseline:local``, ``baseline:n-1``, ``baseline:founder``, ...); on a category it does not apply
to it gives the majority answer. The ``shortcut`` floor is, per category, the best of the
majority answer, the majority answer by n and every applicable reader that does no reasoning
(``two-hop``/``three-hop`` chain part of the way and are left out) (levels and overall weight
categories by their instances), so no shortcut score is read as reasoning.
None needs a server, so the whole loop runs offline on them.
Beside them run the error-injecting baselines of ``closurebench.diagnose.inject``
(``baseline:reversed``, ``baseline:truncated-K``, ``baseline:misread-edge``,
``baseline:source-inclusion``, ``baseline:drift``, ``baseline:format``), which validate error
attribution.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

from closurebench.audit.measure import majority_tables
from closurebench.graph import seeds
from closurebench.run.client import Completion

__all__ = [
    "BASELINES",
    "BY_N",
    "MAJORITY_FILE",
    "BaselineBackend",
    "baseline_answer",
    "floors",
    "majority_by_n_table",
    "majority_table",
    "random_value",
]

CHANCE = ("majority", "random")
#: The train split's most frequent answer at the record's n: a floor reader for every category.
BY_N = "majority-by-n"


def _all_baselines() -> tuple[str, ...]:
    from closurebench.audit.readers import names

    return (*CHANCE, BY_N, *names())


BASELINES = _all_baselines()


#: The released train split's most frequent answers, per category and per (category, n):
#: package data that ``closurebench build-splits`` writes beside the split files (and its
#: ``--check`` compares), so a report reads its floors instead of regenerating 1,300 instances.
MAJORITY_FILE = Path(__file__).with_name("majority.json")


@cache
def _released_tables() -> dict[str, Any]:
    try:
        return json.loads(MAJORITY_FILE.read_text(encoding="utf-8"))
    except FileNotFoundError:  # a source tree before its first build-splits
        from closurebench.generation.instances import instance
        from closurebench.generation.release import split_config

        train = split_config("train")
        return majority_tables(instance(train, k, cross_check=False) for k in range(train.size))


@cache
def majority_table() -> dict[str, str]:
    """Category -> most frequent canonical answer in the released train split."""
    return dict(_released_tables()["majority"])


@cache
def majority_by_n_table() -> dict[tuple[str, int], str]:
    """(category, n) -> most frequent canonical answer among the train instances of that n.

    The prior of a reader that knows the graph size and the training answers and reads
    nothing else: "answer n - k" is its special case with one k for every n, and where a
    small graph leaves a count few values, this reader finds the likeliest one per n.
    """
    return {(cat, int(n)): answer for cat, row in _released_tables()["majority_by_n"].items()
            for n, answer in row.items()}


def random_value(schema: dict[str, Any], rng: random.Random, nodes: list[str], n: int) -> Any:
    """A uniform draw from the domain a schema describes, for a question on ``nodes``."""
    kind = schema.get("type")
    if kind == "boolean":
        return rng.random() < 0.5
    if kind == "integer":
        lo = int(schema.get("minimum", 0))
        return rng.randint(lo, max(lo, n))
    if kind == "number":
        return round(rng.uniform(0, max(n - 1, 1)), 2)
    if kind == "string":
        return rng.choice(nodes) if nodes else ""
    if kind == "array":
        return [v for v in nodes if rng.random() < 0.5]
    if kind == "object":
        return {
            name: random_value(sub, rng, nodes, n)
            for name, sub in (schema.get("properties") or {}).items()
        }
    return None


def baseline_answer(kind: str, record: dict[str, Any], sample: int = 0, seed: int = 0) -> Any:
    """The answer value a baseline gives to one record."""
    if kind == BY_N:
        by_n = majority_by_n_table().get((record["category"], int(record["n"])))
        if by_n is not None:
            return json.loads(by_n)
        kind = "majority"  # an n the train split does not hold: the category's majority
    if kind == "majority":
        table = majority_table()
        if record["category"] in table:
            return json.loads(table[record["category"]])
        kind = "random"  # an unknown category has no train answers: fall back to chance
    if kind not in CHANCE and kind in BASELINES:
        from closurebench.audit.readers import answer_of, readers

        if kind in readers(record["category"]):
            return answer_of(kind, record)
        return baseline_answer("majority", record, sample, seed)
    if kind == "random":
        rng = seeds.rng("baseline-random", seed, str(record["id"]), sample)
        schema = record["answer_schema"]
        schema = json.loads(schema) if isinstance(schema, str) else schema
        return random_value(schema, rng, list(record.get("nodes") or []), int(record["n"]))
    raise ValueError(f"baseline must be one of {', '.join(BASELINES)}, got {kind!r}")


class BaselineBackend:
    """A built-in baseline behind the same interface as a chat server (no tokens, no latency)."""

    concurrent = False

    def __init__(self, kind: str, seed: int = 0) -> None:
        from closurebench.diagnose.inject import INJECTED, is_injected

        if kind not in BASELINES and not is_injected(kind):
            raise ValueError(
                f"unknown baseline {kind!r}: use one of "
                + ", ".join(f"baseline:{b}" for b in BASELINES)
                + f", or an error-injecting one: {', '.join('baseline:' + k for k in INJECTED)}"
                " (K a positive integer)"
            )
        self.kind = kind
        self.seed = seed
        self.name = f"baseline:{kind}"

    def complete(self, record: dict[str, Any], sample: int) -> Completion:
        if self.kind not in BASELINES:
            from closurebench.diagnose.inject import injected_output

            output = injected_output(self.kind, record, sample, self.seed)
            return Completion(output=output, finish_reason="stop")
        value = baseline_answer(self.kind, record, sample, self.seed)
        return Completion(output=json.dumps({"answer": value}), finish_reason="stop")


_FLOOR_KEYS = ("accuracy_strict", "accuracy_lenient", "by_level", "by_category", "by_n",
               "by_density")


def floors(references: list[dict[str, Any]], seed: int = 0) -> dict[str, dict[str, Any]]:
    """The chance floors (majority, random) and the best-shortcut floor on these references.

    Every floor has the shape of a ``score`` report's headline and tables (``accuracy_strict``,
    ``accuracy_lenient``, ``by_level``, ``by_category``, ``by_n``, ``by_density``), so a report
    and its plots read every floor the same way. ``shortcut`` holds, per category, the best
    strict (and, separately, lenient) accuracy of the majority answer, the majority answer by n
    and every applicable shortcut reader, with the reader's name; the other tables score each
    category's best reader on its own instances, so levels, n and density weight each
    category's best by its instances.
    """
    from closurebench.audit.readers import floor_readers
    from closurebench.scoring import score

    out: dict[str, dict[str, Any]] = {}
    for kind in CHANCE:
        preds = [json.dumps({"answer": baseline_answer(kind, r, 0, seed)}) for r in references]
        rep = score(preds, references)
        out[kind] = {key: rep[key] for key in _FLOOR_KEYS}
    by_cat: dict[str, list[dict[str, Any]]] = {}
    for r in references:
        by_cat.setdefault(r["category"], []).append(r)
    best: dict[str, dict[str, Any]] = {}
    chosen: dict[str, dict[str, list[str]]] = {"accuracy_strict": {}, "accuracy_lenient": {}}
    for cat, refs in by_cat.items():
        try:
            names = list(floor_readers(cat))
        except ValueError:  # a category this version does not know: chance floors only
            names = []
        preds = {name: [json.dumps({"answer": baseline_answer(name, r, 0, seed)}) for r in refs]
                 for name in ("majority", BY_N, *names)}
        cands = {name: score(p, refs) for name, p in preds.items()}
        row: dict[str, Any] = {"n": len(refs)}
        for key in ("accuracy_strict", "accuracy_lenient"):
            name = max(cands, key=lambda k: (cands[k][key], k))
            row[key] = cands[name][key]
            row[key.replace("accuracy", "reader")] = name
            chosen[key][cat] = preds[name]
        best[cat] = row
    levels: dict[str, dict[str, Any]] = {}
    for cat, row in best.items():
        lvl = str(by_cat[cat][0]["level"])
        agg = levels.setdefault(lvl, {"n": 0, "accuracy_strict": 0.0, "accuracy_lenient": 0.0})
        agg["n"] += row["n"]
        for key in ("accuracy_strict", "accuracy_lenient"):
            agg[key] += row[key] * row["n"]
    for agg in levels.values():
        for key in ("accuracy_strict", "accuracy_lenient"):
            agg[key] /= agg["n"]
    total = sum(r["n"] for r in best.values()) or 1
    out["shortcut"] = {
        "accuracy_strict": sum(r["accuracy_strict"] * r["n"] for r in best.values()) / total,
        "accuracy_lenient": sum(r["accuracy_lenient"] * r["n"] for r in best.values()) / total,
        "by_level": dict(sorted(levels.items())),
        "by_category": best,
        **_best_by(by_cat, chosen, ("by_n", "by_density")),
    }
    return out


def _best_by(by_cat: dict[str, list[dict[str, Any]]], chosen: dict[str, dict[str, list[str]]],
             tables: tuple[str, ...]) -> dict[str, dict[str, dict[str, Any]]]:
    """``tables`` of the best-shortcut floor: every instance answered by its category's best
    reader (one for strict, one for lenient), broken out as ``score`` breaks out a model."""
    from closurebench.scoring import score

    refs = [r for rows in by_cat.values() for r in rows]
    reports = {key: score([p for cat in by_cat for p in picks[cat]], refs)
               for key, picks in chosen.items()}
    return {table: {k: {"n": row["n"],
                        **{key: reports[key][table][k][key] for key in reports}}
                    for k, row in reports["accuracy_strict"][table].items()}
            for table in tables}
