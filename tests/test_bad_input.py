"""Bad input, table-driven: every case is one clear error naming the argument (or the file),
never a traceback, a hang, a silent overwrite or an unnamed TypeError/AttributeError.
Also the command-line conventions users expect (--version, --help, --seed, progress, hints).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import closurebench as cb
import closurebench.scoring.safejson
from closurebench.cli import build_parser, main
from closurebench.errors import ArgumentError, ConfigError
from closurebench.run import RetryPolicy, RunSettings, Selection

ROOT = Path(__file__).resolve().parents[1]
DEEP = "[" * 200_000 + "]" * 200_000


def _fails(argv: list[str], capsys: pytest.CaptureFixture[str], fragment: str) -> str:
    """Exit status 2, the fragment in the last stderr line, no traceback (argparse's own
    errors exit through SystemExit, ours return 2)."""
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2, err
    assert "Traceback" not in err
    last = err.strip().splitlines()[-1]
    assert "error: " in last and fragment in last, err
    return err


#: (argv, what the error must say): each names the flag and the allowed range.
ARGV_CASES = [
    (["run", "--model", "m", "--timeout", "0"], "argument --timeout: must be a number in (0,"),
    (["run", "--model", "m", "--timeout", "nan"], "argument --timeout"),
    (["run", "--model", "m", "--timeout", "inf"], "argument --timeout"),
    (["run", "--model", "m", "--timeout", "soon"], "argument --timeout: expected a number"),
    (["run", "--model", "m", "--temperature", "-1"], "argument --temperature: must be a number "
                                                     "in [0, 2]"),
    (["run", "--model", "m", "--max-tokens", "0"], "argument --max-tokens: must be between 1"),
    (["run", "--model", "m", "--base-url", "ftp://host/v1"], "argument --base-url: must be an "
                                                             "http:// or https:// URL"),
    (["run", "--model", "m", "--base-url", "http://"], "argument --base-url"),
    (["run", "--model", "m", "--base-url", "http://h:99999/v1"], "argument --base-url"),
    (["run", "--model", "m", "--per-category", "0"], "argument --per-category: must be between 1"),
    (["run", "--model", ""], "argument --model: must be a non-empty model name"),
    (["run", "--model", "   "], "argument --model"),
    (["run", "--model", "m", "--samples", str(10**8)], "argument --samples: must be between 1 "
                                                       "and 1000"),
    (["run", "--model", "m", "--samples", "0"], "argument --samples"),
    (["run", "--model", "m", "--concurrency", "0"], "argument --concurrency"),
    (["run", "--model", "m", "--max-attempts", "0"], "argument --max-attempts"),
    (["run", "--model", "m", "--retry-cap", "-1"], "argument --retry-cap"),
    (["run", "--model", "m", "--retry-base", "1e9"], "argument --retry-base"),
    (["run", "--model", "m", "--limit", "0"], "argument --limit"),
    (["run", "--model", "m", "--n-min", "1"], "argument --n-min: must be between 2 and 2000"),
    (["run", "--model", "m", "--density-min", "0"], "argument --density-min"),
    (["run", "--model", "m", "--seed", "-1"], "argument --seed"),
    (["run", "--model", "m", "--extra-body", '{"model": "other"}'],
     "argument --extra-body: may not set model"),
    (["run", "--model", "m", "--extra-body", '{"max_tokens": 5, "n": 2}'],
     "may not set max_tokens, n"),
    (["run", "--model", "m", "--extra-body", "[1]"], "argument --extra-body: must be a JSON "
                                                     "object"),
    (["run", "--model", "m", "--extra-body", "{"], "argument --extra-body: not JSON"),
    (["run", "--model", "m", "--extra-body", DEEP], "nested too deeply"),
    (["generate", "all", "--per-category", "-1"], "--per-category must be between 0"),
    (["generate", "all", "--n-max", "9999"], "--n-max must be between 4 and 2000"),
    (["generate", "all", "--nmax", "3"], "did you mean --n-max?"),
    (["genrate", "all"], "did you mean generate?"),
    (["generate", "all", "--out", "x.csv"], "--out must end in .jsonl or .parquet"),
    (["generate", "everything"], "config must be one of all, l1, l2, l3"),
    (["generate", "all", "--categories", "nope"], "categories must be drawn from"),
    (["score", "p.jsonl", "--config", "all", "--seed", "-2"], "not found"),
]


@pytest.mark.parametrize(("argv", "fragment"), ARGV_CASES,
                         ids=[" ".join(a)[:60] for a, _ in ARGV_CASES])
def test_bad_flags_name_the_flag(argv: list[str], fragment: str,
                                 capsys: pytest.CaptureFixture[str],
                                 monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    _fails(argv, capsys, fragment)


def _run_dir(root: Path, *, meta: Any = None, predictions: str | None = None) -> Path:
    """A small, valid run directory (one reference), with parts replaced."""
    rec = next(cb.generate("reachability", per_category=1, cross_check=False))
    ref = {k: rec[k] for k in ("id", "category", "level", "n", "density", "answer",
                               "answer_schema", "tolerance", "nodes")}
    out = root / "run"
    out.mkdir()
    base = {"model": "m", "mode": "direct", "samples": 1, "n_expected": 1,
            "selection": {"split": None, "fresh_seed": 3, "config": "reachability"}}
    (out / "run.json").write_text(json.dumps(base) if meta is None else meta)
    (out / "references.jsonl").write_text(json.dumps(ref) + "\n")
    line = json.dumps({"id": rec["id"], "sample": 0, "output": '{"answer": true}'}) + "\n"
    (out / "predictions.jsonl").write_text(line if predictions is None else predictions)
    return out


def _valid_predictions(root: Path) -> tuple[Path, Path]:
    recs = list(cb.generate("reachability", per_category=2, cross_check=False))
    refs = root / "refs.jsonl"
    refs.write_text("".join(json.dumps(r) + "\n" for r in recs))
    preds = root / "preds.jsonl"
    preds.write_text("".join(json.dumps({"id": r["id"], "output": '{"answer": true}'}) + "\n"
                             for r in recs))
    return preds, refs


def _deep_file(root: Path, name: str = "deep.jsonl") -> Path:
    path = root / name
    path.write_text(DEEP + "\n")
    return path


#: name -> builds files under tmp_path and returns (argv, what the error must say).
FILE_CASES: dict[str, Callable[[Path], tuple[list[str], str]]] = {
    "generate --out an existing directory": lambda t: (
        ["generate", "reachability", "--per-category", "1", "--out", str(t)], "is a directory"),
    "generate --out below a regular file": lambda t: (
        (t / "f").write_text("x") and
        ["generate", "reachability", "--per-category", "1", "--out", str(t / "f" / "x.jsonl")],
        "is a file, not a directory"),
    "generate --out an existing file": lambda t: (
        (t / "mine.jsonl").write_text("my data\n") and
        ["generate", "reachability", "--per-category", "1", "--out", str(t / "mine.jsonl")],
        "already exists; pass --force"),
    "score predictions nested 200,000 deep": lambda t: (
        ["score", str(_deep_file(t)), "--references", str(_valid_predictions(t)[1])],
        "nested too deeply"),
    "score references nested 200,000 deep": lambda t: (
        ["score", str(_valid_predictions(t)[0]), "--references", str(_deep_file(t))],
        "nested too deeply"),
    "score predictions without id": lambda t: (
        (t / "p.jsonl").write_text('{"output": "x"}\n') and
        ["score", str(t / "p.jsonl"), "--references", str(_valid_predictions(t)[1])],
        "missing 'id'"),
    "score --json-out an existing file": lambda t: (
        (t / "mine.json").write_text("{}") and
        ["score", str(_valid_predictions(t)[0]), "--references", str(t / "refs.jsonl"),
         "--json-out", str(t / "mine.json")], "already exists; pass --force"),
    "card of a report nested 200,000 deep": lambda t: (
        ["card", str(_deep_file(t, "r.json")), "--model-name", "m"], "nested too deeply"),
    "card of a report that is []": lambda t: (
        (t / "r.json").write_text("[]") and ["card", str(t / "r.json"), "--model-name", "m"],
        "expected a JSON object"),
    "report with run.json []": lambda t: (
        ["report", str(_run_dir(t, meta="[]")), "--no-plots"], "expected a JSON object"),
    "report with run.json nested 200,000 deep": lambda t: (
        ["report", str(_run_dir(t, meta=DEEP)), "--no-plots"], "nested too deeply"),
    "report with run.json samples 10**9": lambda t: (
        ["report", str(_run_dir(t, meta=json.dumps({"samples": 10**9}))), "--no-plots"],
        "'samples' must be an integer between 1 and 1000"),
    "report with predictions without id": lambda t: (
        ["report", str(_run_dir(t, predictions='{"sample": 0, "output": "x"}\n')),
         "--no-plots"], "needs a string 'id'"),
    "report with predictions that are not objects": lambda t: (
        ["report", str(_run_dir(t, predictions='[1, 2]\n')), "--no-plots"],
        "expected a JSON object"),
    "report of a folder that is no run": lambda t: (["report", str(t)], "no run.json"),
    "run --out a folder holding the user's report.md": lambda t: (
        (t / "report.md").write_text("# my notes") and
        ["run", "--model", "baseline:random", "--limit", "1", "--out", str(t), "--no-progress"],
        "not a closurebench run directory"),
    "run --out a regular file": lambda t: (
        (t / "f").write_text("x") and
        ["run", "--model", "baseline:random", "--limit", "1", "--out", str(t / "f")],
        "not a directory"),
    "run --out below a regular file": lambda t: (
        (t / "f").write_text("x") and
        ["run", "--model", "baseline:random", "--limit", "1", "--out", str(t / "f" / "r")],
        "cannot create the run directory"),
    "run --resume on a predictions file without ids": lambda t: (
        (t / "predictions.jsonl").write_text('{"output": "x"}\n') and
        ["run", "--model", "baseline:random", "--config", "reachability", "--seed", "3",
         "--per-category", "1", "--resume", "--force", "--no-progress", "--out", str(t)],
        "no string 'id'"),
}
if os.path.exists("/dev/full"):
    FILE_CASES["generate --out /dev/full"] = lambda t: (
        ["generate", "reachability", "--per-category", "1", "--out", "/dev/full",
         "--no-progress"], "No space left on device")


@pytest.mark.parametrize("case", list(FILE_CASES))
def test_bad_files_are_one_error_line(case: str, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    argv, fragment = FILE_CASES[case](tmp_path)
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    _fails(argv, capsys, fragment)
    for path, data in before.items():  # nothing of the user's was touched
        assert path.read_bytes() == data, path


def test_a_huge_line_is_refused_in_bounded_memory(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    import tracemalloc

    limit = 2**20
    monkeypatch.setattr(closurebench.scoring.safejson, "MAX_LINE_CHARS", limit)
    path = tmp_path / "huge.jsonl"
    with open(path, "w") as fh:
        for _ in range(16):
            fh.write("x" * limit)  # 16 MiB, no newline
    tracemalloc.start()
    try:
        _fails(["score", str(path), "--config", "reachability"], capsys, "longer than 1,048,576")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 6 * limit, peak


def test_force_overwrites_and_the_file_is_replaced_whole(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    out = tmp_path / "x.jsonl"
    out.write_text("mine\n")
    argv = ["generate", "reachability", "--per-category", "2", "--out", str(out)]
    assert main(argv) == 2 and out.read_text() == "mine\n"
    assert main([*argv, "--force"]) == 0
    assert len(out.read_text().splitlines()) == 2
    assert not list(tmp_path.glob(".*partial"))


def test_run_force_writes_into_a_foreign_folder(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    argv = ["run", "--model", "baseline:random", "--config", "reachability", "--seed", "3",
            "--per-category", "2", "--out", str(tmp_path), "--no-progress", "--no-plots"]
    assert main(argv) == 2
    assert main([*argv, "--force"]) == 0
    assert (tmp_path / "notes.txt").read_text() == "mine"
    assert (tmp_path / "report.json").exists()


def test_samples_in_run_json_cannot_hang_report(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """A run directory with samples 10**8 but one answer: refused at once, not looped over."""
    import time

    out = _run_dir(tmp_path, meta=json.dumps({"samples": 10**8, "n_expected": 10**8}))
    start = time.monotonic()
    assert main(["report", str(out), "--no-plots"]) == 2
    assert time.monotonic() - start < 5
    assert "'samples' must be" in capsys.readouterr().err


# -- the Python API ---------------------------------------------------------------------------

CFG = cb.Config.make("reachability", per_category=2)
EDGES = [("A", "B"), ("B", "C"), ("C", "D")]

API_CASES: list[tuple[str, Callable[[], Any], type[Exception], str]] = [
    ("generate(nmax=10)", lambda: cb.generate(nmax=10), ArgumentError, "did you mean 'n_max'"),
    ("generate(per_categry=1)", lambda: cb.generate(per_categry=1), ArgumentError,
     "did you mean 'per_category'"),
    ("generate too many positionals", lambda: cb.generate("all", 4), ArgumentError,
     "positional"),
    ("generate(categories=[])", lambda: cb.generate(categories=[]), ConfigError,
     "at least one category"),
    ("generate(categories=5)", lambda: cb.generate(categories=5), ConfigError,
     "categories must be a list"),
    ("generate(categories=[1])", lambda: cb.generate(categories=[1]), ConfigError,
     "categories must be drawn"),
    ("generate(config=['all'])", lambda: cb.generate(["all"]), ConfigError,
     "config must be one of"),
    ("generate(n_min='4')", lambda: cb.generate(n_min="4"), ConfigError,
     "n_min must be an integer"),
    ("generate(seed=1.5)", lambda: cb.generate(seed=1.5), ConfigError, "seed must be an integer"),
    ("generate(per_category=True)", lambda: cb.generate(per_category=True), ConfigError,
     "per_category must be an integer"),
    ("generate(density='ab')", lambda: cb.generate(density="ab"), ConfigError, "density must be"),
    ("generate(density=[0.1, 'x'])", lambda: cb.generate(density=[0.1, "x"]), ConfigError,
     "density_max must be in (0, 1]"),
    ("generate(encoding=['nl'])", lambda: cb.generate(encoding=["nl"]), ConfigError,
     "encoding must be one of"),
    ("generate(start='x')", lambda: cb.generate(start="x"), ArgumentError,
     "start must be an integer"),
    ("generate(stop=-1)", lambda: cb.generate(stop=-1), ConfigError, "stop must be an integer"),
    ("generate(cross_check='no')", lambda: cb.generate(cross_check="no"), ArgumentError,
     "cross_check must be True or False"),
    ("instance(3, 0)", lambda: cb.instance(3, 0), ArgumentError, "config must be a Config"),
    ("instance(cfg, '1')", lambda: cb.instance(CFG, "1"), ArgumentError,
     "k must be an integer"),
    ("instance(cfg, -1)", lambda: cb.instance(CFG, -1), ConfigError, "k must be an integer >= 0"),
    ("instance(cfg, 99)", lambda: cb.instance(CFG, 99), ConfigError, "index must be between 0"),
    ("instance('nope', 0)", lambda: cb.instance("nope", 0), ConfigError, "config must be one of"),
    ("solve(3, [])", lambda: cb.solve(3, []), ArgumentError, "category must be a category id"),
    ("solve(edges='AB')", lambda: cb.solve("reachability", "AB"), ArgumentError,
     "edges must be a list"),
    ("solve(edges=5)", lambda: cb.solve("reachability", 5), ArgumentError,
     "edges must be a list"),
    ("solve(nodes='AB')", lambda: cb.solve("reachability", EDGES, {"x": "A", "y": "B"},
                                            nodes="ABCD"), ArgumentError, "nodes must be a list"),
    ("solve(query=5)", lambda: cb.solve("reachability", EDGES, 5), ArgumentError,
     "query must be a dict"),
    ("solve(engin=...)", lambda: cb.solve("reachability", EDGES, {"x": "A", "y": "B"},
                                           engin="networkx"), ArgumentError,
     "did you mean 'engine'"),
    ("solve(engine=1)", lambda: cb.solve("reachability", EDGES, {"x": "A", "y": "B"}, engine=1),
     ArgumentError, "engine must be"),
    ("solve(t=True)", lambda: cb.solve("chain_of_filters", EDGES, {"x": "A", "y": "D",
                                                                    "t": True}),
     ConfigError, "must be one of 1, 2; got True"),
    ("solve(edges=[('A',)])", lambda: cb.solve("reachability", [("A",)], nodes=["A", "B"]),
     ConfigError, "must be a (source, target) pair"),
    ("memorisation_gap(3, [1])", lambda: cb.memorisation_gap(3, [1]), ArgumentError,
     "seen_correct must be a list"),
    ("memorisation_gap('10', [1])", lambda: cb.memorisation_gap("10", [1]), ArgumentError,
     "seen_correct must be a list"),
    ("memorisation_gap(nboot=)", lambda: cb.memorisation_gap([1], [0], nboot=200),
     ArgumentError, "did you mean 'n_boot'"),
    ("memorisation_gap(n_boot='x')", lambda: cb.memorisation_gap([1], [0], n_boot="x"),
     ArgumentError, "n_boot must be an integer"),
    ("memorisation_gap(method=1)", lambda: cb.memorisation_gap([1], [0], method=1),
     ArgumentError, "method must be"),
    ("memorisation_gap(seed='s')", lambda: cb.memorisation_gap([1], [0], seed="s"),
     ArgumentError, "seed must be an integer"),
    ("load_dataset(nmax=3)", lambda: cb.load_dataset("all", nmax=3), ArgumentError,
     "did you mean 'n_max'"),
    ("load_dataset(3)", lambda: cb.load_dataset(3), ArgumentError, "name must be all"),
    ("load_dataset('al')", lambda: cb.load_dataset("al"), ArgumentError, "did you mean 'all'"),
    ("load_dataset(split=1)", lambda: cb.load_dataset("all", 1), ArgumentError,
     "split must be"),
    ("load_dataset(num_proc='2')", lambda: cb.load_dataset("all", num_proc="2"), ArgumentError,
     "num_proc must be an integer"),
    ("load_dataset(streaming='no')", lambda: cb.load_dataset("all", streaming="no"),
     ArgumentError, "streaming must be True or False"),
    ("load_dataset(cache_dir=3)", lambda: cb.load_dataset("all", cache_dir=3), ArgumentError,
     "cache_dir must be a path"),
    ("RunSettings(model='')", lambda: RunSettings(model=""), ConfigError,
     "model must be a non-empty"),
    ("RunSettings(samples=10**8)", lambda: RunSettings(model="m", samples=10**8), ConfigError,
     "samples must be between 1 and 1000"),
    ("RunSettings(timeout=nan)", lambda: RunSettings(model="m", timeout=float("nan")),
     ConfigError, "timeout must be a number"),
    ("RunSettings(temperature=-1)", lambda: RunSettings(model="m", temperature=-1), ConfigError,
     "temperature must be a number in [0, 2]"),
    ("RunSettings(max_tokens=0)", lambda: RunSettings(model="m", max_tokens=0), ConfigError,
     "max_tokens must be between 1"),
    ("RunSettings(base_url='ftp://x')", lambda: RunSettings(model="m", base_url="ftp://x"),
     ConfigError, "base_url must be an http://"),
    ("RunSettings(extra_body=[])", lambda: RunSettings(model="m", extra_body=[]), ConfigError,
     "extra_body must be a JSON object"),
    ("Selection(per_category=0)", lambda: Selection(per_category=0), ConfigError,
     "per_category must be between 1"),
    ("Selection(limit='3')", lambda: Selection(limit="3"), ConfigError,
     "limit must be an integer"),
    ("RetryPolicy(max_attempts=0)", lambda: RetryPolicy(max_attempts=0), ConfigError,
     "max_attempts must be between 1"),
    ("RetryPolicy(cap=inf)", lambda: RetryPolicy(cap=float("inf")), ConfigError,
     "retry cap must be a number"),
]


@pytest.mark.parametrize(("name", "call", "kind", "fragment"), API_CASES,
                         ids=[c[0] for c in API_CASES])
def test_api_errors_are_named(name: str, call: Callable[[], Any], kind: type[Exception],
                              fragment: str) -> None:
    with pytest.raises(kind) as info:
        result = call()
        if hasattr(result, "__next__"):
            next(result)
    assert isinstance(info.value, ConfigError)  # never a bare TypeError or AttributeError
    assert fragment in str(info.value), str(info.value)


def test_argument_errors_are_also_type_errors() -> None:
    with pytest.raises(TypeError, match="did you mean 'n_max'"):
        cb.generate(nmax=10)


def test_instance_takes_a_config_name() -> None:
    assert cb.instance("reachability", 1) == cb.instance(cb.Config.make("reachability"), 1)


def test_numpy_integers_count_as_integers() -> None:
    plain = list(cb.generate("reachability", per_category=2, n_max=7, seed=3))
    numpyish = list(cb.generate("reachability", per_category=np.int64(2), n_max=np.int32(7),
                                seed=np.uint8(3), density=(np.float64(0.1), np.float16(0.5))))
    assert numpyish == plain
    cfg = cb.Config.make("reachability", per_category=2, n_max=7, seed=3)
    assert cb.instance(cfg, np.int64(1)) == plain[1]
    assert cb.solve("chain_of_filters", EDGES, {"x": "A", "y": "D", "t": np.int64(2)}) == \
        cb.solve("chain_of_filters", EDGES, {"x": "A", "y": "D", "t": 2})
    settings = RunSettings(model="m", samples=np.int64(2), temperature=np.float32(0.5),
                           selection=Selection(split=None, fresh_seed=np.int64(3),
                                               per_category=np.int16(2)))
    json.dumps(settings.describe())  # everything became plain Python numbers
    with pytest.raises(ConfigError):
        cb.Config.make(per_category=np.bool_(True))


# -- command-line conventions ----------------------------------------------------------------

def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"closurebench {cb.__version__}"


def test_help_keeps_maintainer_commands_apart() -> None:
    text = build_parser().format_help()
    user, _, maintainer = text.partition("maintainer commands")
    for name in ("generate", "score", "run", "report", "gap", "categories", "card"):
        assert f"\n    {name}" in user, name
    for name in ("build-splits", "build-card", "publish"):
        assert name not in user and f"\n  {name}" in maintainer, name


def test_seed_is_spelled_the_same_in_generate_score_and_run() -> None:
    parser = build_parser()
    assert parser.parse_args(["generate", "all", "--seed", "7"]).seed == 7
    assert parser.parse_args(["score", "p.jsonl", "--config", "all", "--seed", "7"]).seed == 7
    assert parser.parse_args(["run", "--model", "m", "--seed", "7"]).fresh_seed == 7
    assert parser.parse_args(["run", "--model", "m", "--fresh-seed", "7"]).fresh_seed == 7


def test_generate_shows_progress_when_writing_a_file(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("tqdm")
    argv = ["generate", "reachability", "--per-category", "3", "--no-cross-check"]
    assert main([*argv, "--out", str(tmp_path / "a.jsonl")]) == 0
    assert "/3 [" in capsys.readouterr().err  # tqdm's "k/3 [elapsed<eta" with a total
    monkeypatch.setitem(sys.modules, "tqdm", None)  # without tqdm: no bar, same file
    assert main([*argv, "--out", str(tmp_path / "b.jsonl")]) == 0
    assert "/3 [" not in capsys.readouterr().err
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()


def test_a_missing_hf_extra_gets_a_one_line_install_hint(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "r.json").write_text(json.dumps({"accuracy_strict": 0.5,
                                                 "accuracy_lenient": 0.5}))
    monkeypatch.setitem(sys.modules, "huggingface_hub", None)
    _fails(["card", str(tmp_path / "r.json"), "--model-name", "m"], capsys,
           "pip install 'closurebench[hf]'")
    code = ("import sys; sys.modules['datasets'] = None\n"
            "import closurebench\n"
            "try:\n    closurebench.load_dataset('reachability', per_category=1)\n"
            "except ImportError as exc:\n    print(exc)\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert "pip install 'closurebench[hf]'" in proc.stdout, proc.stdout + proc.stderr


def test_run_writes_nothing_into_home(tmp_path: Path) -> None:
    """matplotlib's font cache goes to the run's .matplotlib, not $HOME/.cache/matplotlib."""
    pytest.importorskip("matplotlib")
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("MPLCONFIGDIR", "XDG_CACHE_HOME",
                                                            "XDG_CONFIG_HOME")}
    env.update(HOME=str(home), PYTHONPATH=str(ROOT))
    out = tmp_path / "run"
    proc = subprocess.run(
        [sys.executable, "-m", "closurebench", "run", "--model", "baseline:random",
         "--config", "reachability", "--seed", "3", "--per-category", "2", "--out", str(out),
         "--no-progress"], capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert list(out.glob("plots/*.png"))
    assert list(home.rglob("*")) == []
    assert (out / ".matplotlib").is_dir()


def test_gap_refuses_to_overwrite_without_force(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    seen, fresh = _run_dir(tmp_path / "a"), _run_dir(tmp_path / "b")
    out = tmp_path / "gap"
    out.mkdir()
    (out / "gap.md").write_text("my notes")
    argv = ["gap", str(seen), str(fresh), "--out", str(out)]
    _fails(argv, capsys, "already holds gap.md; pass --force")
    assert (out / "gap.md").read_text() == "my notes"
    assert main([*argv, "--force"]) == 0
    assert json.loads((out / "gap.json").read_text())["groups"]["all"]


def test_runner_api_names_a_bad_folder(tmp_path: Path) -> None:
    from closurebench.run import RunError, build_report, run

    with pytest.raises(ConfigError, match="out_dir must be a folder path"):
        run(RunSettings(model="baseline:random"), 5)
    with pytest.raises(ConfigError, match="settings must be a RunSettings"):
        run({"model": "m"}, tmp_path)
    with pytest.raises(RunError, match="run_dir must be a folder path"):
        build_report(None)


def test_a_bad_openai_base_url_in_the_environment_is_named(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", "ftp://example/v1")
    with pytest.raises(ConfigError, match="OPENAI_BASE_URL must be an http"):
        RunSettings(model="m")
    RunSettings(model="baseline:random")  # a baseline talks to no server


_RUN_NUMBERS = ["--timeout", "--temperature", "--max-tokens", "--samples", "--concurrency",
                "--max-attempts", "--retry-base", "--retry-cap", "--per-category", "--limit",
                "--n-min", "--n-max", "--density-min", "--density-max", "--seed",
                "--surface-seed", "--baseline-seed"]


def _fuzz_value() -> Any:
    from hypothesis import strategies as st

    return st.one_of(st.integers(-(10**30), 10**30).map(str),
                     st.floats(allow_nan=True, allow_infinity=True).map(repr),
                     st.sampled_from(["", " ", "1e999", "-0", "0x10", "1_000", "½", "nan", "3"]),
                     st.text(max_size=6))


def test_any_value_of_a_numeric_run_flag_is_accepted_or_named() -> None:
    """Property: a number flag either parses into valid settings or is refused with the flag
    named (SystemExit 2) or a ConfigError; never another exception."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from closurebench.run import cli as run_cli

    parser = build_parser()

    @settings(max_examples=100, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(flag=st.sampled_from(_RUN_NUMBERS), value=_fuzz_value())
    def check(flag: str, value: str) -> None:
        try:
            args = parser.parse_args(["run", "--model", "m", f"{flag}={value}"])
        except SystemExit as exc:
            assert exc.code == 2
            return
        try:
            run_cli._settings(args)
        except ConfigError:
            return

    import contextlib
    import io

    with contextlib.redirect_stderr(io.StringIO()):
        check()


_ODD = [None, [], {}, "x", -1, 1.5, True, [1], {"a": 1}, 10**30, 1e308]


@pytest.mark.parametrize("field", ["output", "sample", "latency_s", "finish_reason", "error",
                                   "transient", "prompt_tokens", "completion_tokens",
                                   "attempts"])
def test_odd_prediction_fields_never_crash_report_or_score(
        field: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A hand-edited predictions.jsonl: each command scores it or names the problem."""
    for i, value in enumerate(_ODD):
        root = tmp_path / str(i)
        root.mkdir()
        out = _run_dir(root, meta=json.dumps({"model": "m", "samples": 2}))
        row = json.loads((out / "predictions.jsonl").read_text())
        row.update({"latency_s": 0.1, "completion_tokens": 3, field: value})
        (out / "predictions.jsonl").write_text(json.dumps(row) + "\n"
                                               + json.dumps({**row, "sample": 1}) + "\n")
        for argv in (["report", str(out), "--no-plots"],
                     ["score", str(out / "predictions.jsonl"), "--references",
                      str(out / "references.jsonl")]):
            code = main(argv)
            err = capsys.readouterr().err
            assert code in (0, 2) and "internal error" not in err, (argv[0], value, err)


@pytest.mark.parametrize("field", ["model", "mode", "samples", "selection", "temperature",
                                   "n_expected", "created", "elapsed_s", "max_tokens"])
def test_odd_run_json_fields_never_crash_report(field: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    for i, value in enumerate(_ODD):
        root = tmp_path / str(i)
        root.mkdir()
        meta = {"model": "m", "mode": "direct", "samples": 1, field: value}
        code = main(["report", str(_run_dir(root, meta=json.dumps(meta))), "--no-plots"])
        err = capsys.readouterr().err
        assert code in (0, 2) and "internal error" not in err, (value, err)


def _deep_reference() -> dict[str, Any]:
    rec = next(cb.generate("triangle_count", per_category=1))
    return {**rec, "answer": "[" * 100_000 + "]" * 100_000}


#: Inputs that used to surface Python's own error (named in the comment): each is now one
#: ``ClosureBenchError`` whose message names the argument.
INTERNAL_CASES = [
    ("score(reference 100,000 deep)",  # RecursionError
     lambda: cb.score(['{"answer": 1}'], [_deep_reference()]), "references[0]: nested too"),
    ("score(reference text 100,000 deep)",  # RecursionError
     lambda: cb.score(['{"answer": 1}'], ["[" * 100_000 + "]" * 100_000]),
     "references[0]: nested too"),
    ("memorisation_gap(n_boot=10**12)",  # MemoryError (7 TiB)
     lambda: cb.memorisation_gap([1, 0], [0, 1], method="bootstrap", n_boot=10**12),
     "n_boot must be between 100 and 10,000,000"),
    ("memorisation_gap(n_boot=10**12, newcombe)",
     lambda: cb.memorisation_gap([1, 0], [0, 1], n_boot=10**12), "n_boot must be between"),
    ("solve(query='[1]')",  # TypeError
     lambda: cb.solve("reachability", EDGES, query="[1]"), "query must be a JSON object"),
    ("solve(query=deep)",  # RecursionError
     lambda: cb.solve("reachability", EDGES, query="[" * 100_000), "query must be a JSON"),
    ("load_dataset(cache_dir=<a file>)",  # FileExistsError
     lambda: cb.load_dataset("reachability", cache_dir=__file__), "cache_dir must be a folder"),
    ("load_dataset(cache_dir=<under a file>)",  # NotADirectoryError
     lambda: cb.load_dataset("reachability", cache_dir=os.path.join(__file__, "cache")),
     "cache_dir must be a folder"),
    ("load_dataset(per_category=0)",  # datasets' "Instruction 'train' corresponds to no data"
     lambda: cb.load_dataset("reachability", per_category=0), "per_category must be at least 1"),
    ("reward(records=[deep string])",  # RecursionError
     lambda: cb.reward(["x"], ["[" * 100_000]), "records[0]"),
]


@pytest.mark.parametrize(("name", "call", "fragment"), INTERNAL_CASES,
                         ids=[c[0] for c in INTERNAL_CASES])
def test_internal_errors_become_named_ones(name: str, call: Callable[[], Any],
                                           fragment: str) -> None:
    from closurebench.errors import ClosureBenchError

    with pytest.raises(ClosureBenchError) as info:
        call()
    assert isinstance(info.value, ValueError)  # the documented type of bad input
    assert fragment in str(info.value), str(info.value)


def test_score_command_names_a_deep_reference_in_one_line(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    rec = _deep_reference()
    (tmp_path / "refs.jsonl").write_text(json.dumps(rec) + "\n")
    (tmp_path / "p.jsonl").write_text(json.dumps({"id": rec["id"], "output": "1"}) + "\n")
    _fails(["score", str(tmp_path / "p.jsonl"), "--references", str(tmp_path / "refs.jsonl")],
           capsys, "references[0]: nested too deeply")
