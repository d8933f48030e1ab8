"""`closurebench run --model baseline:<injecting>` reports its errors, attributed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import closurebench.cli
import closurebench.run.baselines as baselines

CATEGORIES = "reachability,reach_then_count,negative_reachability,degree_count,multi_query"


def _cli(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> int:
    monkeypatch.setattr(closurebench.cli, "EXTENSIONS", ("closurebench.run.cli",))
    # The majority floor regenerates the whole train split; this test is about attribution.
    monkeypatch.setattr(baselines, "majority_table", lambda: {})
    return closurebench.cli.main(argv)


def test_injecting_baseline_run_reports_attribution(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "reversed"
    code = _cli(monkeypatch, ["run", "--model", "baseline:reversed", "--fresh-seed", "3",
                              "--categories", CATEGORIES, "--per-category", "4",
                              "--no-progress", "--out", str(out)])
    printed = capsys.readouterr().out
    assert code == 0, printed
    assert "errors: direction " in printed
    report = json.loads((out / "report.json").read_text())
    table = report["error_attribution"]
    wrong = report["metrics"]["n_predictions"] - report["metrics"]["n_correct_strict"]
    assert table["n_wrong"] == wrong > 0 and table["n_skipped"] == 0
    assert set(table["overall"]) <= {"direction", "ambiguous"}
    assert table["overall"].get("direction", 0) > 0
    assert sum(sum(v.values()) for v in table["by_level"].values()) == wrong
    for rows in table["examples"].values():
        assert 1 <= len(rows) <= 3 and all("direction" in json.dumps(r["matched"])
                                           for r in rows)
    assert (out / "plots" / "attribution.png").stat().st_size > 0
    md = (out / "report.md").read_text()
    assert "## Error attribution" in md and "Examples: direction confusion" in md
    assert report["traces"] is None  # direct one-line answers carry no trace
