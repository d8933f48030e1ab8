"""``closurebench run``, ``report``, ``gap`` and ``compare``: the evaluation loop on the
command line.

Loaded by ``closurebench.cli`` through ``EXTENSIONS``; heavy imports (openai, matplotlib)
happen only inside the handlers so ``closurebench --help`` stays fast.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from closurebench.errors import ConfigError
from closurebench.generation.config import N_LIMITS, SEED_LIMIT
from closurebench.run.checks import check_base_url, check_float, check_int, check_model, cli_type
from closurebench.run.client import MAX_ATTEMPTS, MAX_RETRY_CAP, RunError
from closurebench.run.runner import MAX_CONCURRENCY, MAX_OUTPUT_TOKENS, MAX_SAMPLES, MAX_TIMEOUT

__all__ = ["add_parsers"]

_RUN_EPILOG = """\
examples:
  offline, a built-in baseline (no server):
    closurebench run --model baseline:majority --config all --split held_out --out runs/baseline
  a local vLLM / llama.cpp / Ollama server (key from OPENAI_API_KEY, default "EMPTY"):
    closurebench run --model Qwen/Qwen3-4B --base-url http://127.0.0.1:8000/v1 --mode cot \\
        --split held_out --concurrency 8 --out runs/qwen3-4b-cot
  a quick look: --limit 52 takes 2 instances of each of the 26 categories.
  program mode: the model writes a program (TL, or Python with networkx run in a sandbox)
  whose printed answer is scored; the report adds execution rate and the misread-graph /
  wrong-logic split (programs.jsonl holds every program and its run):
    closurebench run --model baseline:program-oracle --mode program --language tl --limit 52

memorisation gap (seen vs fresh): run the same model on the train split (seed 0) and on a fresh
seed, then compare the two run directories:
    closurebench run --model M --split train --out runs/m-train
    closurebench run --model M --fresh-seed 7 --out runs/m-fresh7
    closurebench gap runs/m-train runs/m-fresh7 --out runs/m-gap

files in --out: run.json (model, server host, mode, prompt version and sha256, config,
versions, time), references.jsonl, predictions.jsonl (one line per answer, appended and
flushed; --resume skips what is there), report.json, report.md, plots/*.png, model_card.md,
and .matplotlib/ (matplotlib's font cache, so nothing is written into $HOME; set MPLCONFIGDIR
to share one). A folder holding other files is refused unless --force.

faults: before the first question one quick request (GET /models, at most 10 s, no retry)
checks the server: a base URL that cannot be reached or a refused key is an error at once. A
question whose answer does not arrive (timeouts, resets, 429/5xx, a body that is not
a chat completion) is retried --max-attempts times, waiting at most --retry-cap seconds (also
for a server's Retry-After), then recorded as that question's error ("transient": true) and
the run goes on; --resume asks those questions again. --timeout bounds one whole attempt.
401/403/404 stop the run, as do 16 (or 2 x --concurrency) questions in a row that all fail.
Exit status 1 when every question asked failed (no report is written), 2 when the run cannot
go on (an unreachable server, a full disk: the error names the file), 130 on Ctrl-C.
The API key (OPENAI_API_KEY) is never recorded, and is redacted from everything written or
printed even if the server echoes it back.
Released splits (closurebench.generation.release): train = seed 0, held_out = a hash of seed 0; the
released axes are n 4-10, density 0.1-0.5, 50 per category (1,300 instances each).
"""


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-") or "model"


def _json_object(text: str) -> dict[str, Any]:
    from closurebench.errors import ClosureBenchError
    from closurebench.run.client import check_extra_body
    from closurebench.scoring.safejson import loads

    try:
        value = loads(text, "not JSON")
        if not isinstance(value, dict):
            raise argparse.ArgumentTypeError("must be a JSON object")
        return check_extra_body(value) or {}
    except ClosureBenchError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("extra_body ")) from None


def _model(text: str) -> str:
    try:
        return check_model("model", text)
    except ConfigError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("model ")) from None


def _url(text: str) -> str:
    try:
        return check_base_url("url", text) or ""
    except ConfigError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("url ")) from None


_density = cli_type(check_float, 0.0, 1.0, convert=float, open_lo=True)


def _card(args: argparse.Namespace) -> int:
    from closurebench.run.card import card_text
    from closurebench.scoring.cli import _check_json_out
    from closurebench.scoring.safejson import load_json_file

    if args.out:
        _check_json_out(args.out, args.force, flag="--out")
    report = load_json_file(args.report, what="report")
    text = card_text(report, model_name=args.model_name, dataset_id=args.dataset_id,
                     dataset_name=args.dataset_name, dataset_config=args.dataset_config,
                     dataset_split=args.dataset_split)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def card_command(args: argparse.Namespace) -> int:
    """Handler of ``closurebench card`` (scoring's guard: one ``error:`` line, exit 2)."""
    from closurebench.scoring.cli import _guarded

    return _guarded(_card, args)


def add_parsers(sub: Any) -> None:
    """Add the ``run``, ``report``, ``gap``, ``compare`` and ``card`` commands to the
    ``closurebench`` parser."""
    from closurebench.generation.cli import add_config_argument
    from closurebench.run.data import SPLIT_SEEDS
    from closurebench.run.prompts import PROGRAM_PROMPTS, RUN_MODES

    r = sub.add_parser(
        "run", help="evaluate a model (or a built-in baseline) and write its report",
        description="Ask a model every question of a split or a fresh seed through an\n"
        "OpenAI-compatible chat server, score the answers strictly and leniently, and write\n"
        "a report with breakdowns by level, category, n and density, chance floors and plots.",
        epilog=_RUN_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    r.add_argument("--model", required=True, type=_model,
                   help="served model name, or baseline:KIND (offline): majority, random, the "
                   "shortcut readers (one-hop, local, n-1, ...: see closurebench.audit.readers), "
                   "the error-injecting reversed, truncated-K, source-inclusion, misread-edge, "
                   "drift, format, and program-oracle (the reference program, --mode program)")
    r.add_argument("--base-url", default=None, type=_url,
                   help="http(s) server URL ending in /v1 (default: OPENAI_BASE_URL or OpenAI)")
    r.add_argument("--mode", choices=RUN_MODES, default="direct",
                   help="direct answer, chain-of-thought, or program: the model writes a "
                   "program that is run (default direct)")
    r.add_argument("--language", choices=sorted(PROGRAM_PROMPTS), default=None,
                   help="program mode: tl (ClosureBench's tensor-logic language, run by its "
                   "interpreter) or python (networkx, run in a sandbox)")
    add_config_argument(r, default="all", help="all (default), l1, l2, l3 or a category id")
    which = r.add_mutually_exclusive_group()
    which.add_argument("--split", choices=sorted(SPLIT_SEEDS), default=None,
                       help="a released split, regenerated locally (default held_out)")
    which.add_argument("--seed", "--fresh-seed", dest="fresh_seed", default=None,
                       type=cli_type(check_int, 0, SEED_LIMIT),
                       help="structural seed of fresh instances instead of a released split "
                            "(any seed but the splits'; spelled as in generate and score)")
    r.add_argument("--n-min", type=cli_type(check_int, *N_LIMITS), default=4,
                   help="smallest graph (default 4)")
    r.add_argument("--n-max", type=cli_type(check_int, *N_LIMITS), default=10,
                   help="largest graph (default 10)")
    r.add_argument("--density-min", type=_density, default=0.1, help="in (0, 1], default 0.1")
    r.add_argument("--density-max", type=_density, default=0.5, help="in (0, 1], default 0.5")
    r.add_argument("--per-category", type=cli_type(check_int, 1, 10**9), default=50,
                   help="default 50")
    r.add_argument("--categories", default=None, help="comma-separated subset of the config")
    r.add_argument("--encoding", default="nl", help="graph encoding (default nl)")
    r.add_argument("--surface-seed", type=cli_type(check_int, 0, SEED_LIMIT), default=None,
                   help="default: the seed")
    r.add_argument("--limit", type=cli_type(check_int, 1, 10**9), default=None,
                   help="only the first N instances, taken round-robin over categories")
    r.add_argument("--samples", type=cli_type(check_int, 1, MAX_SAMPLES), default=1,
                   help=f"answers per question (1..{MAX_SAMPLES}); K > 1 adds pass@k and "
                        "cons@k (use temperature > 0)")
    r.add_argument("--temperature", type=cli_type(check_float, 0.0, 2.0, convert=float),
                   default=0.0, help="in [0, 2], default 0 (as the paper)")
    r.add_argument("--max-tokens", type=cli_type(check_int, 1, MAX_OUTPUT_TOKENS), default=None,
                   help="output cap (default 1024 direct, 8192 cot)")
    r.add_argument("--token-param", choices=("max_tokens", "max_completion_tokens"),
                   default="max_tokens", help="request field for the cap (OpenAI o-series: "
                   "max_completion_tokens)")
    r.add_argument("--extra-body", type=_json_object, default=None,
                   help="JSON object merged into every request, e.g. "
                   "'{\"chat_template_kwargs\": {\"enable_thinking\": false}}'; it may not "
                   "set model, messages, temperature, max_tokens, max_completion_tokens, n or "
                   "stream (the flags set those, and run.json records them)")
    r.add_argument("--concurrency", type=cli_type(check_int, 1, MAX_CONCURRENCY), default=4,
                   help="requests in flight (default 4)")
    r.add_argument("--timeout", type=cli_type(check_float, 0.0, MAX_TIMEOUT, convert=float,
                                              open_lo=True), default=600.0,
                   help="seconds one attempt may take in total, connect to last byte "
                        "(default 600)")
    r.add_argument("--max-attempts", type=cli_type(check_int, 1, MAX_ATTEMPTS), default=6,
                   help="tries per question on 429/5xx/timeouts/resets/bad bodies (default 6); "
                        "then the question is recorded as an error and the run goes on")
    r.add_argument("--retry-base", type=cli_type(check_float, 0.0, MAX_RETRY_CAP, convert=float),
                   default=1.0, help="backoff base in seconds: waits up to base*2^i (default 1)")
    r.add_argument("--retry-cap", type=cli_type(check_float, 0.0, MAX_RETRY_CAP, convert=float),
                   default=60.0,
                   help="longest wait between tries in seconds, also for a server's "
                        f"Retry-After (default 60, at most {MAX_RETRY_CAP:g})")
    r.add_argument("--baseline-seed", type=cli_type(check_int, 0, SEED_LIMIT), default=0,
                   help="seed of baseline:random (default 0)")
    r.add_argument("--out", default=None,
                   help="run directory (default runs/MODEL-SPLIT-MODE)")
    r.add_argument("--resume", action="store_true",
                   help="continue the run in --out, skipping answers already on file "
                        "(questions that failed every retry are asked again)")
    r.add_argument("--force", action="store_true",
                   help="write into an --out folder that holds other files")
    r.add_argument("--no-progress", action="store_true", help="no progress bar")
    r.add_argument("--no-plots", action="store_true", help="skip the PNG plots")
    r.set_defaults(func=_run)

    p = sub.add_parser("report", help="(re)score a run directory and rewrite its report",
                       description="Score the predictions on file (also of an unfinished run) "
                       "and write report.json, report.md, plots and model_card.md.")
    p.add_argument("run_dir", help="a directory written by `closurebench run`")
    p.add_argument("--no-plots", action="store_true", help="skip the PNG plots")
    p.add_argument("--floors", default=None, metavar="FILE",
                   help="learned floors for the chance-corrected scores (`closurebench audit "
                        "CONFIG --floors-out FILE`; default: the release's, on its axes)")
    p.set_defaults(func=_report)

    g = sub.add_parser(
        "gap", help="memorisation gap between a seen (train) run and a fresh-seed run",
        description="Seen-minus-fresh accuracy with a 95% interval, overall and per level, "
        "strict and lenient, from two run directories of the same model: one on "
        "--split train, one on --fresh-seed S. An interval above zero suggests memorisation.")
    g.add_argument("seen_dir", help="run on the train split (seed 0)")
    g.add_argument("fresh_dir", help="run on a fresh seed")
    g.add_argument("--method", choices=("newcombe", "bootstrap"), default="newcombe",
                   help="interval for the difference (default newcombe)")
    g.add_argument("--out", default=None, help="directory for gap.json and gap.md")
    g.add_argument("--force", action="store_true", help="overwrite gap.json and gap.md")
    g.set_defaults(func=_gap)

    cmp = sub.add_parser(
        "compare", help="several runs side by side: intervals, a paired test, normalised score",
        description="A leaderboard of two or more run directories (each with its report.json): "
        "accuracy per level, paradigm, category and scale with Wilson 95% intervals, the exact "
        "McNemar test on the instances each pair of runs shares (Holm-adjusted), and "
        "GrAlgoBench's normalised score (per-task z-score across the runs, rescaled to "
        "0-100).", epilog=_COMPARE_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    cmp.add_argument("run_dirs", nargs="+", metavar="RUN_DIR",
                     help="directories written by `closurebench run` (at least two)")
    cmp.add_argument("--metric", default="accuracy", type=_metric,
                     help="per-instance outcome: accuracy (first sample, default), pass@K (any "
                     "of the first K right), cons@K (majority of the first K, parsed answers "
                     "vote) or cons_all@K (GrAlgoBench's rule: unparsed answers vote too)")
    cmp.add_argument("--scale", choices=("gralgo", "n"), default="gralgo",
                     help="scale rows: GrAlgoBench's node ranges s1-s6 (default) or each n")
    cmp.add_argument("--json", default=None, metavar="FILE", help="also write the comparison "
                     "as JSON to FILE")
    cmp.add_argument("--markdown", default=None, metavar="FILE",
                     help="also write the comparison as Markdown to FILE")
    cmp.add_argument("--force", action="store_true", help="overwrite --json / --markdown files")
    cmp.set_defaults(func=_compare)

    c = sub.add_parser(
        "card",
        help="render model-index metadata (a model card) from a score report",
    )
    c.add_argument("report", help="report.json of `closurebench run`, or the JSON of "
                   "`closurebench score --json-out`")
    c.add_argument("--model-name", default=None,
                   help="the model's name or Hub id (default: the one the run recorded)")
    c.add_argument("--dataset-name", default="ClosureBench", help="pretty dataset name")
    c.add_argument("--dataset-id", default=None,
                   help="dataset Hub id (default: $CLOSUREBENCH_DATASET_ID or "
                   "closurebench.hf.hub.DATASET_ID)")
    c.add_argument("--dataset-config", default=None,
                   help="dataset config (default: the run's, else none)")
    c.add_argument("--dataset-split", default=None,
                   help="split scored (default: the run's, else held_out)")
    c.add_argument("--out", help="write the card here (default: stdout)")
    c.add_argument("--force", action="store_true", help="overwrite an existing --out file")
    c.set_defaults(func=card_command)

def _settings(args: argparse.Namespace) -> Any:
    from closurebench.run.client import RetryPolicy
    from closurebench.run.data import SPLIT_SEEDS, Selection
    from closurebench.run.runner import RunSettings

    if args.fresh_seed is not None and args.fresh_seed in SPLIT_SEEDS.values():
        print(f"warning: seed {args.fresh_seed} is a released split's seed, not a fresh one",
              file=sys.stderr)
    sel = Selection(
        config=args.config,
        split=None if args.fresh_seed is not None else (args.split or "held_out"),
        fresh_seed=args.fresh_seed, n_min=args.n_min, n_max=args.n_max,
        density=(args.density_min, args.density_max), per_category=args.per_category,
        categories=tuple(args.categories.split(",")) if args.categories else None,
        encoding=args.encoding, surface_seed=args.surface_seed, limit=args.limit,
    )
    if sel.split is not None and not sel.released:
        print(f"note: the axes differ from the released splits, so this is seed {sel.seed} "
              f"under your axes, not the released {sel.split} split", file=sys.stderr)
    return RunSettings(
        model=args.model, selection=sel, base_url=args.base_url, mode=args.mode,
        samples=args.samples, temperature=args.temperature, max_tokens=args.max_tokens,
        concurrency=args.concurrency, timeout=args.timeout,
        retry=RetryPolicy(max_attempts=args.max_attempts, base=args.retry_base,
                          cap=args.retry_cap),
        extra_body=args.extra_body, token_param=args.token_param,
        baseline_seed=args.baseline_seed, language=args.language,
    )


def _run(args: argparse.Namespace) -> int:
    from closurebench.run.report import build_report, format_summary
    from closurebench.run.runner import run

    settings = _settings(args)
    out = args.out or str(Path("runs") / _slug(
        f"{args.model}-{settings.selection.label}-{settings.prompt}"))
    try:
        result = run(settings, out, resume=args.resume, progress=not args.no_progress,
                     force=args.force)
    except KeyboardInterrupt:  # before the first answer (while generating instances)
        print("\ninterrupted before any answer was written", file=sys.stderr)
        return 130
    if result.interrupted:
        print(f"\ninterrupted: {result.n_done} of {result.n_expected} answers are in "
              f"{Path(out) / 'predictions.jsonl'}; rerun with --resume to continue",
              file=sys.stderr)
        return 130
    if result.all_failed:  # no answer at all: no report, and a failing exit status
        print(f"error: all {result.n_failed} questions asked failed (last: "
              f"{result.last_error}); nothing was measured. Fix the server or the request, "
              "then rerun with --resume", file=sys.stderr)
        return 1
    report = build_report(out, plots=not args.no_plots)
    print(format_summary(report))
    _print_outputs(report, Path(out))
    return 0


def _print_outputs(report: dict[str, Any], out: Path) -> None:
    print(f"report: {out / 'report.md'} (and report.json)")
    if report.get("plots"):
        print(f"plots:  {out / 'plots'} ({len(report['plots'])} PNG)")
    for key in ("plots_skipped", "card_skipped"):
        if report.get(key):
            print(f"note: {report[key]}", file=sys.stderr)
    if report.get("card"):
        print(f"card:   {out / report['card']}")


def _report(args: argparse.Namespace) -> int:
    from closurebench.run.report import build_report, format_summary

    report = build_report(args.run_dir, plots=not args.no_plots, floors_file=args.floors)
    print(format_summary(report))
    _print_outputs(report, Path(args.run_dir))
    return 0


_COMPARE_EPILOG = """\
example (two runs on the same split, then the leaderboard):
    closurebench run --model baseline:majority --split held_out --out runs/majority
    closurebench run --model baseline:one-hop --split held_out --out runs/one-hop
    closurebench compare runs/majority runs/one-hop --markdown runs/compare.md

Exit status 2 for bad input: a missing directory, a run without report.json (write it with
`closurebench report DIR`), a single run, or a --metric needing more samples than a run has.
"""


def _metric(text: str) -> str:
    from closurebench.scoring import parse_metric

    try:
        parse_metric(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("metric ")) from None
    return text


def _compare(args: argparse.Namespace) -> int:
    from closurebench.run.compare import compare_runs, format_compare, format_compare_markdown
    from closurebench.scoring.cli import _check_json_out

    for flag, path in (("--json", args.json), ("--markdown", args.markdown)):
        if path:
            _check_json_out(path, args.force, flag=flag)
    if args.json and args.markdown and Path(args.json).resolve() == Path(
            args.markdown).resolve():
        raise RunError("--json and --markdown name the same file")
    result = compare_runs(args.run_dirs, metric=args.metric, scale=args.scale)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n",
                                   encoding="utf-8")
    if args.markdown:
        Path(args.markdown).write_text(format_compare_markdown(result), encoding="utf-8")
    print(format_compare(result), end="")
    return 0


def _gap(args: argparse.Namespace) -> int:
    from closurebench.run.report import format_gap, gap_report

    gap = gap_report(args.seen_dir, args.fresh_dir, method=args.method)
    text = format_gap(gap)
    if args.out:
        out = Path(args.out)
        if out.exists() and not out.is_dir():
            raise RunError(f"--out {out} exists and is not a directory")
        taken = [n for n in ("gap.json", "gap.md") if (out / n).exists()]
        if taken and not args.force:
            raise RunError(f"--out {out} already holds {', '.join(taken)}; pass --force to "
                           "overwrite")
        out.mkdir(parents=True, exist_ok=True)
        (out / "gap.json").write_text(json.dumps(gap, indent=2) + "\n", encoding="utf-8")
        (out / "gap.md").write_text(text, encoding="utf-8")
    print(text, end="")
    return 0
