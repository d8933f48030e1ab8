"""``closurebench compare`` and the report's GrAlgoBench sections (cons_all@k, outcome
efficiency, accuracy by prompt length), on baseline runs and on run directories written the
way the runner writes them."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

import closurebench.cli
from closurebench.run.compare import compare_runs, format_compare, format_compare_markdown
from closurebench.run.data import Selection, load_instances, slim
from closurebench.run.lengths import CHARS_PER_TOKEN, token_bin
from closurebench.run.prompts import build_messages
from closurebench.run.report import build_report
from closurebench.run.runner import RunSettings, run
from closurebench.scoring import verdicts
from closurebench.scoring.stats import mcnemar_exact

SEL = Selection(config="all", split="held_out", per_category=1, limit=26)


def _cli(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> int:
    monkeypatch.setattr(closurebench.cli, "EXTENSIONS", ("closurebench.run.cli",))
    return closurebench.cli.main(argv)


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Three baseline runs on the same 26 instances (one per category)."""
    root = tmp_path_factory.mktemp("runs")
    instances = load_instances(SEL)
    out = {}
    for kind in ("majority", "one-hop", "random"):
        path = root / kind
        run(RunSettings(model=f"baseline:{kind}", selection=SEL), path, progress=False,
            instances=instances)
        build_report(path, plots=False, card=False)
        out[kind] = path
    return out


def _first_sample_flags(path: Path) -> dict[str, bool]:
    refs = [json.loads(line) for line in (path / "references.jsonl").read_text().splitlines()]
    rows = {json.loads(line)["id"]: json.loads(line)
            for line in (path / "predictions.jsonl").read_text().splitlines()}
    flags = verdicts([rows[r["id"]]["output"] for r in refs], refs)
    return {r["id"]: f[1] for r, f in zip(refs, flags, strict=True)}


def test_overall_accuracy_is_the_reports_own(runs: dict[str, Path]) -> None:
    result = compare_runs([runs["majority"], runs["random"]])
    for kind, label in (("majority", "baseline:majority"), ("random", "baseline:random")):
        report = json.loads((runs[kind] / "report.json").read_text())
        cell = result["groups"]["overall"]["all"][label]
        assert cell["accuracy"] == report["metrics"]["accuracy_strict"]
        assert cell["n"] == 26 and cell["ci95"] == report["ci95"]["accuracy_strict"]
        for level, row in report["metrics"]["by_level"].items():
            assert result["groups"]["level"][f"L{level}"][label]["accuracy"] == (
                row["accuracy_strict"])
    assert len(result["groups"]["category"]) == 26
    assert set(result["groups"]["scale"]) <= {"n<8", "s1 (8-15)"}


def test_paired_counts_and_exact_mcnemar_on_shared_instances(runs: dict[str, Path]) -> None:
    a, b = _first_sample_flags(runs["majority"]), _first_sample_flags(runs["random"])
    a_only = sum(a[i] and not b[i] for i in a)
    b_only = sum(b[i] and not a[i] for i in a)
    result = compare_runs([runs["majority"], runs["random"]])
    (pair,) = result["paired"]["pairs"]
    assert (pair["n_shared"], pair["a_only"], pair["b_only"]) == (26, a_only, b_only)
    assert pair["difference"] == pytest.approx((a_only - b_only) / 26)
    assert pair["p_value"] == mcnemar_exact(a_only, b_only) == pair["p_holm"]
    assert result["paired"]["test"] == "exact McNemar (two-sided)"


def test_holm_adjusts_over_every_pair(runs: dict[str, Path]) -> None:
    result = compare_runs([runs["majority"], runs["one-hop"], runs["random"]])
    pairs = result["paired"]["pairs"]
    assert [(p["a"], p["b"]) for p in pairs] == [
        ("baseline:majority", "baseline:one-hop"), ("baseline:majority", "baseline:random"),
        ("baseline:one-hop", "baseline:random")]
    ps = sorted(p["p_value"] for p in pairs)
    assert min(p["p_holm"] for p in pairs) == pytest.approx(min(1.0, 3 * ps[0]))
    assert all(p["p_holm"] >= p["p_value"] for p in pairs)


def test_normalised_score_rescales_each_category_across_runs(runs: dict[str, Path]) -> None:
    result = compare_runs([runs["majority"], runs["one-hop"], runs["random"]])
    cats = result["groups"]["category"]
    scores = result["normalised"]["scores"]
    for task, cells in cats.items():
        accs = {label: c["accuracy"] for label, c in cells.items()}
        lo, hi = min(accs.values()), max(accs.values())
        for label, acc in accs.items():
            got = scores[label]["by_task"][task]
            if hi == lo:
                assert got is None
            else:
                assert got == pytest.approx(100 * (acc - lo) / (hi - lo))
    for s in scores.values():
        defined = [v for v in s["by_task"].values() if v is not None]
        assert s["mean"] == (pytest.approx(sum(defined) / len(defined)) if defined else None)


def test_cli_prints_the_table_and_writes_json_and_markdown(
        runs: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    js, md = tmp_path / "c.json", tmp_path / "c.md"
    code = _cli(monkeypatch, ["compare", str(runs["majority"]), str(runs["random"]),
                              "--json", str(js), "--markdown", str(md), "--scale", "n"])
    assert code == 0
    printed = capsys.readouterr().out
    data = json.loads(js.read_text())
    assert printed == format_compare(data)
    assert md.read_text() == format_compare_markdown(data)
    assert "baseline:majority vs baseline:random" in printed
    assert all(g.isdigit() for g in data["groups"]["scale"])
    assert "## Paired test" in md.read_text() and "## Normalised score" in md.read_text()
    # an existing output file is not overwritten without --force
    code = _cli(monkeypatch, ["compare", str(runs["majority"]), str(runs["random"]),
                              "--json", str(js)])
    assert code == 2 and "already exists" in capsys.readouterr().err


@pytest.mark.parametrize(("case", "message"), [
    ("one", "at least two run directories, got 1"),
    ("missing", "is not a run directory"),
    ("no-report", "has no report.json; write it with `closurebench report"),
    ("twice", "is given twice"),
    ("samples", "needs at least 3 (run with --samples 3)"),
])
def test_bad_input_is_one_error_line_and_exit_2(
        case: str, message: str, runs: dict[str, Path], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = str(runs["majority"]), str(runs["random"])
    bare = tmp_path / "bare"
    bare.mkdir()
    (bare / "run.json").write_text((runs["random"] / "run.json").read_text())
    argv = {"one": [a], "missing": [a, str(tmp_path / "nope")], "no-report": [a, str(bare)],
            "twice": [a, a + "/"], "samples": [a, b, "--metric", "cons@3"]}[case]
    assert _cli(monkeypatch, ["compare", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and err.count("\n") == 1


def test_a_mistyped_option_gets_a_did_you_mean(
        runs: dict[str, Path], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        _cli(monkeypatch, ["compare", str(runs["majority"]), str(runs["random"]),
                           "--metrc", "accuracy"])
    assert exit_.value.code == 2 and "did you mean --metric?" in capsys.readouterr().err


# ---- run directories written as the runner writes them ----------------------------------


def _write_run(path: Path, outputs: dict[str, list[str]], records: list[dict[str, Any]],
               model: str, prompt_tokens: int | None = None) -> Path:
    """A run directory of hand-written answers: run.json, references.jsonl, predictions."""
    sel = Selection(config="triangle_count", split=None, fresh_seed=11, per_category=4)
    settings = RunSettings(model=model, selection=sel, samples=3, temperature=0.7)
    path.mkdir()
    meta = {**settings.describe(), "status": "complete", "n_instances": len(records),
            "n_expected": 3 * len(records)}
    (path / "run.json").write_text(json.dumps(meta))
    (path / "references.jsonl").write_text(
        "".join(json.dumps(slim(r)) + "\n" for r in records))
    rows = [{"id": r["id"], "sample": s, "output": out, "finish_reason": "stop",
             "prompt_tokens": prompt_tokens, "completion_tokens": None, "latency_s": 0.1,
             "attempts": 1, "error": None}
            for r in records for s, out in enumerate(outputs[r["id"]])]
    (path / "predictions.jsonl").write_text("".join(json.dumps(row) + "\n" for row in rows))
    build_report(path, plots=False, card=False)
    return path


@pytest.fixture(scope="module")
def triangles() -> list[dict[str, Any]]:
    return load_instances(Selection(config="triangle_count", split=None, fresh_seed=11,
                                    per_category=4))


def _answer(rec: dict[str, Any], delta: int = 0) -> str:
    return json.dumps({"answer": json.loads(rec["answer"]) + delta})


def test_report_has_cons_all_outcome_efficiency_and_prompt_bins(
        triangles: list[dict[str, Any]], tmp_path: Path) -> None:
    r0, r1, r2, r3 = triangles
    thought = f"Listing the triangles.\n\nSo there are {json.loads(r0['answer'])}.\n\n"
    outputs = {
        r0["id"]: [thought + _answer(r0), "junk", "no idea"],  # cons right, cons_all wrong
        r1["id"]: [_answer(r1), _answer(r1), _answer(r1, 1)],  # both right
        r2["id"]: [_answer(r2, 1), "junk", _answer(r2)],  # tie 1:1, the wrong one first
        r3["id"]: ["junk", "junk", "junk"],  # nothing
    }
    path = _write_run(tmp_path / "m", outputs, triangles, "model-m", prompt_tokens=600)
    report = json.loads((path / "report.json").read_text())
    assert report["metrics"]["cons@3"] == 0.5 and "cons_all@3" not in report["metrics"]
    assert report["cons_all"]["cons_all@3"] == 0.25
    eff = report["outcome_efficiency"]
    first = thought + _answer(r0)
    share0 = len(thought.rstrip()) / len(first)
    # correct answers: r0 s0, r1 s0, r1 s1, r2 s2 (all but r0's a single segment)
    assert eff["n_correct"] == 4
    assert eff["outcome_efficiency"] == pytest.approx((share0 + 3) / 4)
    bins = report["by_prompt_tokens"]
    assert bins["source"] == "server" and list(bins["bins"]) == [token_bin(600)] == ["512-1k"]
    assert bins["bins"]["512-1k"]["accuracy_strict"] == pytest.approx(4 / 12)
    md = (path / "report.md").read_text()
    assert "| cons_all@3 | 25.0% |" in md and "## Outcome efficiency" in md
    assert "## By prompt length" in md


def test_prompt_tokens_are_estimated_from_the_rebuilt_prompts(
        triangles: list[dict[str, Any]], tmp_path: Path) -> None:
    outputs = {r["id"]: [_answer(r)] * 3 for r in triangles}
    path = _write_run(tmp_path / "e", outputs, triangles, "model-e")  # no server counts
    bins = json.loads((path / "report.json").read_text())["by_prompt_tokens"]
    assert bins["source"] == f"estimate: characters / {CHARS_PER_TOKEN}"
    lengths = [math.ceil(sum(len(m["content"]) for m in build_messages(r["question"], "direct"))
                         / 4) for r in triangles]
    (only,) = {token_bin(t) for t in lengths}
    assert bins["bins"][only]["mean_prompt_tokens"] == pytest.approx(sum(lengths) / 4)
    assert bins["bins"][only]["accuracy_strict"] == 1.0


def test_compare_by_cons_all_differs_from_cons_where_unparsed_answers_decide(
        triangles: list[dict[str, Any]], tmp_path: Path) -> None:
    r0, r1, r2, r3 = triangles
    good = {r["id"]: [_answer(r)] * 3 for r in triangles}
    shaky = {r0["id"]: [_answer(r0), "junk", "junk"], r1["id"]: [_answer(r1)] * 3,
             r2["id"]: ["junk", _answer(r2), "junk"], r3["id"]: [_answer(r3, 2)] * 3}
    a = _write_run(tmp_path / "good", good, triangles, "good")
    b = _write_run(tmp_path / "shaky", shaky, triangles, "shaky")
    cons = compare_runs([a, b], metric="cons@3")
    cons_all = compare_runs([a, b], metric="cons_all@3")
    assert cons["groups"]["overall"]["all"]["shaky"]["correct"] == 3
    assert cons_all["groups"]["overall"]["all"]["shaky"]["correct"] == 1
    (pair,) = cons_all["paired"]["pairs"]
    assert (pair["a_only"], pair["b_only"]) == (3, 0)
    assert pair["p_value"] == mcnemar_exact(3, 0) == 0.25
    pass3 = compare_runs([a, b], metric="pass@3")
    assert pass3["groups"]["overall"]["all"]["shaky"]["correct"] == 3
