"""The offline loop: the README's baseline command, and the seen-vs-fresh memorisation gap."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

import closurebench.cli
from closurebench.run.data import read_jsonl
from closurebench.scoring import memorisation_gap, score

ROOT = Path(__file__).resolve().parents[1]
#: How the README's quick start runs the main job on a fresh machine.
SETUP_THEN = "bash .ci/setup && .venv/bin/closurebench "


def readme_baseline_command() -> list[str]:
    """The arguments of the README's first fresh-machine command (its QUICKSTART block)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("<!-- BEGIN QUICKSTART", 1)[1].split("<!-- END QUICKSTART -->", 1)[0]
    (line,) = [ln for ln in block.splitlines() if ln.startswith(SETUP_THEN)]
    return shlex.split(line.removeprefix(SETUP_THEN))


def _cli(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> int:
    monkeypatch.setattr(closurebench.cli, "EXTENSIONS", ("closurebench.run.cli",))
    return closurebench.cli.main(argv)


def test_readme_baseline_command_runs_the_whole_loop_offline(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "runs" / "baseline"
    argv = readme_baseline_command()
    assert argv == ["run", "--model", "baseline:majority", "--config", "all", "--split",
                    "held_out", "--out", "runs/baseline"]
    code = _cli(monkeypatch, [*argv[:-1], str(out)])
    assert code == 0
    printed = capsys.readouterr().out
    assert "baseline:majority on held_out: 1300 answers" in printed
    report = json.loads((out / "report.json").read_text())
    assert report["complete"] and report["metrics"]["n_predictions"] == 1300
    assert report["selection"]["released"] is True
    # a model's own scores equal its majority floor when the model is the majority baseline
    assert report["metrics"]["accuracy_strict"] == report["floors"]["majority"]["accuracy_strict"]
    # no token plot for a baseline; the error-attribution plot, as majority answers are wrong
    assert len(list((out / "plots").glob("*.png"))) == 6
    md = (out / "report.md").read_text()
    assert "| triangle_count | L1 |" in md and "random floor" in md


def test_gap_between_a_seen_and_a_fresh_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen, fresh, gap_dir = tmp_path / "seen", tmp_path / "fresh", tmp_path / "gap"
    common = ["--model", "baseline:random", "--limit", "52", "--no-progress", "--no-plots"]
    assert _cli(monkeypatch, ["run", *common, "--split", "train", "--out", str(seen)]) == 0
    assert _cli(monkeypatch, ["run", *common, "--fresh-seed", "7", "--out", str(fresh)]) == 0
    capsys.readouterr()
    assert _cli(monkeypatch, ["gap", str(seen), str(fresh), "--out", str(gap_dir)]) == 0
    assert "Memorisation gap" in capsys.readouterr().out
    gap = json.loads((gap_dir / "gap.json").read_text())
    assert gap["warnings"] == []

    def lenient(run_dir: Path) -> list[bool]:
        refs = read_jsonl(str(run_dir / "references.jsonl"))
        rows = {r["id"]: r for r in read_jsonl(str(run_dir / "predictions.jsonl"))}
        return [score([rows[ref["id"]]["output"]], [ref])["accuracy_lenient"] == 1.0
                for ref in refs]

    expected = memorisation_gap(lenient(seen), lenient(fresh))
    assert gap["groups"]["all"]["lenient"] == expected
    assert set(gap["groups"]) == {"all", "L1", "L2", "L3"}


def test_gap_warns_when_the_runs_do_not_pair(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    base = ["--limit", "26", "--no-progress", "--no-plots", "--split", "held_out"]
    assert _cli(monkeypatch, ["run", "--model", "baseline:random", *base, "--out", str(a)]) == 0
    assert _cli(monkeypatch, ["run", "--model", "baseline:majority", *base,
                              "--out", str(b)]) == 0
    assert _cli(monkeypatch, ["gap", str(a), str(b)]) == 0
    out = capsys.readouterr().out
    assert "differ in model" in out and "not on the train split" in out
    assert "same seed" in out


def test_a_shortcut_reader_runs_as_a_baseline_and_its_floor_is_in_the_report(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "one-hop"
    code = _cli(monkeypatch, ["run", "--model", "baseline:one-hop", "--config", "l2",
                              "--split", "held_out", "--limit", "40", "--out", str(out),
                              "--no-plots"])
    assert code == 0
    assert "shortcut s/l" in capsys.readouterr().out
    report = json.loads((out / "report.json").read_text())
    best = report["floors"]["shortcut"]
    # the model *is* a shortcut reader, so on every category the best-shortcut floor is at
    # least its score there
    for cat, row in report["metrics"]["by_category"].items():
        assert best["by_category"][cat]["accuracy_strict"] >= row["accuracy_strict"] - 1e-12
    assert "best shortcut floor" in (out / "report.md").read_text()
