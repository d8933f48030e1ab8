"""Scoring throughput: ``python -m benchmarks.scoring_speed [--n 50000] [--no-evaluate]``.

Builds realistic raw outputs (<= 2 KB: bare JSON, fenced JSON, chain-of-thought then JSON,
reasoning inside the object, ``\\boxed{}``, Python literals, junk) for generated records, then
times ``closurebench.scoring.score`` and the ``evaluate`` metric on the same inputs. Targets:
>= 50,000 predictions/s for the plain function on one core, <= 2x overhead through evaluate.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from pathlib import Path
from typing import Any

from closurebench.scoring import extract_answer, score

METRIC_DIR = Path(__file__).resolve().parent.parent / "metric" / "closurebench"

_PROSE = (
    "Let's work through the graph step by step. Starting from {a}, the direct edges lead to "
    "{b}; from there we can continue to {c}. Note [1]: edges are one-way, so {c} -> {a} does "
    "not imply {a} -> {c}. Checking each candidate in turn and keeping a visited set {{...}} "
    "to avoid cycles, we collect the nodes reached. "
)


def _wrong(answer: Any, rng: random.Random) -> Any:
    """A plausible wrong answer of the same type."""
    if isinstance(answer, bool):
        return not answer
    if isinstance(answer, int):
        return answer + rng.choice((-2, -1, 1, 2))
    if isinstance(answer, float):
        return round(answer + 0.5, 2)
    if isinstance(answer, str):
        return answer + "x"
    if isinstance(answer, list):
        return answer[:-1] if answer else ["zz"]
    if isinstance(answer, dict):
        return {**answer, "out_degree": answer.get("out_degree", 0) + 1}
    return answer


def _output(rec: dict[str, Any], rng: random.Random) -> str:
    answer = json.loads(rec["answer"])
    if rng.random() < 0.4:
        answer = _wrong(answer, rng)
    value = json.dumps(answer)
    nodes = rec.get("nodes") or ["A", "B", "C"]
    labels = {k: rng.choice(nodes) for k in "abc"}
    prose = "".join(_PROSE.format(**labels) for _ in range(rng.randint(1, 5)))
    style = rng.choices(
        ["bare", "fenced", "cot", "reasoning", "boxed", "python", "junk"],
        weights=[35, 15, 25, 10, 5, 5, 5],
    )[0]
    if style == "bare":
        return '{"answer": ' + value + "}"
    if style == "fenced":
        return '```json\n{"answer": ' + value + "}\n```"
    if style == "cot":
        return prose + '\nFinal answer:\n```json\n{"answer": ' + value + "}\n```"
    if style == "reasoning":
        return json.dumps({"reasoning": prose, "answer": answer})
    if style == "boxed":
        return prose + "So the answer is $\\boxed{" + value + "}$."
    if style == "python":
        py = value.replace("true", "True").replace("false", "False").replace('"', "'")
        return "{'answer': " + py + ",}"
    return prose[: rng.randint(0, len(prose))]


def build(n: int, seed: int = 0) -> tuple[list[str], list[dict[str, Any]]]:
    """``n`` raw outputs and their (slim) reference records."""
    import closurebench

    keep = ("id", "category", "level", "n", "density", "answer", "answer_schema", "tolerance")
    base = [
        {**{k: r[k] for k in keep}, "nodes": r["nodes"]}
        for r in closurebench.generate("all", per_category=8, n_max=9, seed=seed)
    ]
    rng = random.Random(seed)
    refs = [base[i % len(base)] for i in range(n)]
    outputs = [_output(r, rng) for r in refs]
    # One sample per instance: give each replicated record its own id.
    return outputs, [
        {**{k: r[k] for k in keep}, "id": f"{r['id']}#{i}"} for i, r in enumerate(refs)
    ]


def _rate(fn: Any, count: int, repeat: int = 5) -> float:
    """Predictions per CPU-second of this process, best of ``repeat`` (after one warm-up).

    CPU time rather than wall time, so other work on a shared machine does not count.
    """
    fn()
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return count / best


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=50_000, help="predictions (default 50000)")
    parser.add_argument("--no-evaluate", action="store_true", help="skip the evaluate timing")
    args = parser.parse_args(argv)

    outputs, records = build(args.n)
    size = sum(len(o) for o in outputs) / len(outputs)
    answers = [r["answer"] for r in records]
    categories = [r["category"] for r in records]

    rows: list[tuple[str, float]] = []
    rows.append(
        ("extract_answer only", _rate(lambda: [extract_answer(o) for o in outputs], args.n))
    )
    plain_records = _rate(lambda: score(predictions=outputs, references=records), args.n)
    rows.append(("score(references=records)", plain_records))
    plain_strings = _rate(
        lambda: score(predictions=outputs, references=answers, categories=categories), args.n
    )
    rows.append(("score(references=answers, categories=)", plain_strings))
    if not args.no_evaluate:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("HF_EVALUATE_OFFLINE", "1")
        import evaluate

        metric = evaluate.load(str(METRIC_DIR))
        via_records = _rate(lambda: metric.compute(predictions=outputs, references=records), args.n)
        rows.append(("evaluate compute(references=records)", via_records))
        via_strings = _rate(
            lambda: metric.compute(predictions=outputs, references=answers, categories=categories),
            args.n,
        )
        rows.append(("evaluate compute(references=answers, categories=)", via_strings))

    print(f"{args.n} predictions, mean output {size:.0f} chars, one core, CPU time, best of 5")
    width = max(len(name) for name, _ in rows)
    print(f"{'path':<{width}}  {'predictions/s':>14}  {'overhead':>8}")
    for name, rate in rows:
        base = plain_records if "records" in name else plain_strings
        overhead = f"{base / rate:.2f}x" if name.startswith("evaluate") else ""
        print(f"{name:<{width}}  {rate:>14,.0f}  {overhead:>8}")


if __name__ == "__main__":
    main()
