"""Scoring throughput: ``python -m benchmarks.scoring_speed [--n 50000] [--no-evaluate]``.

Builds realistic raw outputs (<= 3 KB, the styles of today's chat and reasoning models: bare
JSON, fenced JSON, chain-of-thought then JSON, ``<think>…</think>`` then JSON or a closing
answer line, reasoning inside the object, ``\\boxed{}``, Python literals, junk) for generated
records, and a hostile mix (non-strings, lone surrogates, unclosed reasoning, broken and deep
JSON, key floods, hedges; <= 8 KiB each), then times ``closurebench.scoring.score`` and the
``evaluate`` metric on the same inputs, and the slowest single prediction among large hostile
outputs (up to 10 MB). Targets: >= 50,000 realistic and >= 20,000 hostile predictions/s
through evaluate's ``compute``; no single prediction over 20 ms.
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
        ["bare", "fenced", "cot", "reasoning", "boxed", "python", "junk", "think", "think_line"],
        weights=[25, 10, 20, 10, 5, 5, 5, 15, 5],
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
    if style == "think":  # a reasoning model: drafts inside the trace, the object after it
        return "<think>\n" + prose + 'Draft: {"answer": 0}\n</think>\n\n{"answer": ' + value + "}"
    if style == "think_line":
        text = value if not isinstance(answer, str) else answer
        return "<think>\n" + prose + "</think>\n\n**Answer:** " + text
    return prose[: rng.randint(0, len(prose))]


_HOSTILE = (
    None,
    3,
    {"answer": 3},
    b'\xff\xfe{"answer": 3}',
    '{"answer": "srv-0\ud83d',  # an emoji cut by the token cap
    "<think>" + "A reaches B. " * 100,  # stopped inside the reasoning
    '{"answer": ' * 100 + "3" + "}" * 100,
    "[" * 1000 + "]" * 1000,
    '{"answer":1,' * 100,
    '{"answer": 1}]' * 100,
    "\\boxed{" * 200,
    '{"answer": "' + '\\"' * 1000,
    "{'answer': [" * 100,
    'either {"answer": 4} or {"answer": 3}',
    '{"answer": 3}\n\nWait, that is not right.',
    "answer: " * 200,
    "The answer is " * 100 + "4",
    "x" * 2000,
    "\udfff" * 500 + '{"answer": true}',
    "{" * 2000,
    '{"answer": 3',
    "```json\n{\"answer\": [\"A\", ",
    "I'm sorry, but I can't help with that.",
    "",
)
"""Hostile outputs of up to 2 KB: what a metric meets besides answers (``_LARGE`` has the
megabyte ones, timed one by one)."""


def build_hostile(n: int, seed: int = 0) -> tuple[list[Any], list[dict[str, Any]]]:
    """``n`` hostile predictions (cycled from a fixed list) against generated records."""
    _, refs = build(max(1, min(n, 2_000)), seed)
    return [_HOSTILE[i % len(_HOSTILE)] for i in range(n)], [refs[i % len(refs)] for i in range(n)]


_LARGE = (
    ("10 MB junk", "x" * 10_000_000),
    ("10 MB then an answer", "y" * 10_000_000 + '{"answer": 3}'),
    ("10 MB of braces", "{" * 10_000_000),
    ("1 MB of nested answers", '{"answer": ' * 100_000 + "3" + "}" * 100_000),
    ("1 MB of answer keys", '{"answer":1,' * 100_000),
    ("3 MB of answer objects", '{"answer": 1}]' * 200_000),
    ("1 MB of escaped quotes", '{"answer": "' + '\\"' * 500_000),
    ("1 MB of <think>", "<think>" * 150_000),
    ("1 MB of answer lines", "Final answer: " * 75_000),
    ("1 MB of \\boxed{", "\\boxed{" * 150_000),
    ("1 MB reasoning field", '{"reasoning": "' + "step " * 200_000 + '", "answer": 3}'),
    ("deep Python literal", "{'answer': " * 20_000 + "1" + "}" * 20_000),
)


def worst_single(repeat: int = 3) -> tuple[str, float]:
    """The slowest large hostile output through ``score``: (name, seconds, best of repeat)."""
    from closurebench.scoring import score

    worst = ("", 0.0)
    for name, text in _LARGE:
        best = float("inf")
        for _ in range(repeat):
            start = time.process_time()
            score(predictions=[text], references=["3"], categories=["triangle_count"])
            best = min(best, time.process_time() - start)
        if best > worst[1]:
            worst = (name, best)
    return worst


def build(n: int, seed: int = 0) -> tuple[list[str], list[dict[str, Any]]]:
    """``n`` raw outputs and their (slim) reference records."""
    import closurebench

    keep = (
        "id", "category", "level", "n", "density", "answer", "answer_schema", "tolerance",
        "nodes", "query",
    )
    base = [
        {k: r[k] for k in keep}
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
    hostile, hostile_refs = build_hostile(args.n)
    plain_hostile = _rate(lambda: score(predictions=hostile, references=hostile_refs), args.n)
    rows.append(("score, hostile mix", plain_hostile))
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
        via_hostile = _rate(
            lambda: metric.compute(predictions=hostile, references=hostile_refs), args.n
        )
        rows.append(("evaluate compute, hostile mix", via_hostile))

    print(f"{args.n} predictions, mean output {size:.0f} chars, one core, CPU time, best of 5")
    width = max(len(name) for name, _ in rows)
    print(f"{'path':<{width}}  {'predictions/s':>14}  {'overhead':>8}")
    for name, rate in rows:
        base = (
            plain_hostile if "hostile" in name else plain_records if "records" in name
            else plain_strings
        )
        overhead = f"{base / rate:.2f}x" if name.startswith("evaluate") else ""
        print(f"{name:<{width}}  {rate:>14,.0f}  {overhead:>8}")
    name, seconds = worst_single()
    print(f"slowest single prediction: {1000 * seconds:.1f} ms ({name}; target <= 20 ms)")


if __name__ == "__main__":
    main()
