"""Model cards from ``run`` and ``card`` agree, name the dataset id setting, and never overstate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import closurebench.cli
import closurebench.hf.hub
from closurebench.hf.hub import DATASET_ID, DATASET_ID_ENV
from closurebench.run.card import TASK_TYPE

hub = pytest.importorskip("huggingface_hub")


def _cli(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> int:
    monkeypatch.setattr(closurebench.cli, "EXTENSIONS",
                        ("closurebench.run.cli", "closurebench.scoring.cli"))
    return closurebench.cli.main(argv)


def _run(monkeypatch: pytest.MonkeyPatch, out: Path, *extra: str) -> dict:
    code = _cli(monkeypatch, ["run", "--model", "baseline:majority", "--config", "reachability",
                              "--split", "held_out", "--out", str(out), "--no-plots",
                              "--no-progress", *extra])
    assert code == 0
    return json.loads((out / "report.json").read_text())


def _card(path: Path) -> object:
    return hub.ModelCard(path.read_text(encoding="utf-8"))


def test_a_full_run_and_the_card_command_write_the_same_model_index(tmp_path, monkeypatch):
    report = _run(monkeypatch, tmp_path / "r")
    assert report["complete"]
    from_run = _card(tmp_path / "r" / "model_card.md")
    # `card` reads the report.json that `run` wrote (model name and split from the run)
    assert _cli(monkeypatch, ["card", str(tmp_path / "r" / "report.json"),
                              "--out", str(tmp_path / "card.md")]) == 0
    from_card = _card(tmp_path / "card.md")
    for card in (from_run, from_card):
        results = card.data.eval_results
        assert results and {r.task_type for r in results} == {TASK_TYPE}
        assert {r.dataset_type for r in results} == {DATASET_ID}
        assert {r.dataset_split for r in results} == {"held_out"}
        assert {r.dataset_config for r in results} == {"reachability"}
        assert card.data.model_name == "baseline:majority"
        assert card.data.datasets == [DATASET_ID]
    assert ([(r.metric_name, r.metric_value) for r in from_run.data.eval_results]
            == [(r.metric_name, r.metric_value) for r in from_card.data.eval_results])


def test_a_limited_run_is_marked_partial_with_no_model_index(tmp_path, monkeypatch):
    _run(monkeypatch, tmp_path / "r", "--limit", "5")
    text = (tmp_path / "r" / "model_card.md").read_text()
    card = hub.ModelCard(text)
    assert card.data.eval_results is None and "model-index:" not in text
    assert "Partial run" in text and "--limit 5" in text and "partial-run" in card.data.tags
    assert _cli(monkeypatch, ["card", str(tmp_path / "r" / "report.json")]) == 0


def test_the_dataset_id_setting_reaches_the_cards(tmp_path, monkeypatch):
    monkeypatch.setenv(DATASET_ID_ENV, "my-org/closurebench-mirror")
    _run(monkeypatch, tmp_path / "r")
    card = _card(tmp_path / "r" / "model_card.md")
    assert {r.dataset_type for r in card.data.eval_results} == {"my-org/closurebench-mirror"}
    monkeypatch.setenv(DATASET_ID_ENV, "not an id")
    with pytest.raises(ValueError, match=DATASET_ID_ENV):
        closurebench.hf.hub.dataset_id()


def test_card_without_a_model_name_for_a_score_report_is_one_clear_error(tmp_path, capsys,
                                                                          monkeypatch):
    report = tmp_path / "score.json"
    report.write_text(json.dumps({"accuracy_strict": 0.5, "accuracy_lenient": 0.5}))
    assert _cli(monkeypatch, ["card", str(report)]) == 2
    assert "--model-name" in capsys.readouterr().err
