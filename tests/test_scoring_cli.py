"""``closurebench score`` / ``closurebench card``: files in, table and JSON out, clean errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from closurebench.cli import main
from closurebench.scoring.cli import load_predictions

MQ = '{"can_reach":true,"in_degree":1,"out_degree":2}'


def _records() -> list[dict[str, object]]:
    from closurebench.categories import CATEGORIES

    out = []
    for rid, cat, answer in [
        ("q1", "triangle_count", "3"),
        ("q2", "set_intersection", '["A"]'),
        ("q3", "multi_query", MQ),
    ]:
        spec = CATEGORIES[cat]
        out.append(
            {
                "id": rid,
                "category": cat,
                "level": spec.level,
                "n": 7,
                "density": 0.2,
                "answer": answer,
                "answer_schema": json.dumps(spec.schema),
                "tolerance": spec.tolerance,
            }
        )
    return out


def _write_jsonl(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    refs = _write_jsonl(tmp_path / "refs.jsonl", _records())
    preds = _write_jsonl(
        tmp_path / "preds.jsonl",
        [
            {"id": "q1", "output": '{"answer": 3}', "completion_tokens": 10, "sample": 1},
            {"id": "q1", "output": '{"answer": 4}', "completion_tokens": 20, "sample": 0},
            {"id": "q2", "output": 'so ```json\n{"answer": ["A"]}\n```', "completion_tokens": 30},
            {"id": "q3", "output": "no idea", "completion_tokens": 40},
        ],
    )
    return preds, refs


def test_score_prints_table_and_writes_json(files, tmp_path, capsys) -> None:
    preds, refs = files
    out = tmp_path / "report.json"
    assert main(["score", str(preds), "--references", str(refs), "--json-out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "strict accuracy" in printed and "category" in printed
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["n_predictions"] == 4 and report["n_correct_strict"] == 2
    assert report["tokens_per_correct"] == 50.0
    assert report["n_instances"] == 3 and report["samples_per_instance_min"] == 1
    assert report["cons@1"] == pytest.approx(1 / 3)  # q1's sample 0 (wrong) comes first


def test_score_parquet_references(files, tmp_path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    pa = pytest.importorskip("pyarrow")
    preds, _ = files
    path = tmp_path / "refs.parquet"
    pq.write_table(pa.Table.from_pylist(_records()), path)
    out = tmp_path / "r.json"
    assert main(["score", str(preds), "--references", str(path), "--json-out", str(out)]) == 0
    assert json.loads(out.read_text())["n_correct_strict"] == 2


def test_score_with_regenerated_references(tmp_path) -> None:
    from closurebench import generate

    recs = list(generate("reachability", per_category=3, seed=5))
    preds = _write_jsonl(
        tmp_path / "p.jsonl",
        [{"id": r["id"], "output": '{"answer": ' + r["answer"] + "}"} for r in recs],
    )
    out = tmp_path / "r.json"
    argv = [
        "score",
        str(preds),
        "--config",
        "reachability",
        "--seed",
        "5",
        "--per-category",
        "3",
        "--json-out",
        str(out),
    ]
    assert main(argv) == 0
    assert json.loads(out.read_text())["accuracy_strict"] == 1.0


def test_load_predictions_sorts_samples(files) -> None:
    preds, _ = files
    rows = load_predictions(str(preds))
    assert [(r["id"], r.get("sample")) for r in rows] == [
        ("q1", 0),
        ("q1", 1),
        ("q2", None),
        ("q3", None),
    ]


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (["{not json"], "line 1: not valid JSON"),
        (['{"output": "x"}'], "line 1: missing 'id'"),
        (['{"id": "q1"}'], "line 1: 'output' must be a string"),
        (['{"id": "q1", "output": "x", "completion_tokens": -3}'], "non-negative"),
        (['{"id": "q1", "output": "x", "sample": "first"}'], "'sample' must be an integer"),
        (['{"id": "zz", "output": "x"}'], "no reference record with id 'zz'"),
        ([], "no predictions"),
    ],
)
def test_score_bad_predictions(tmp_path, capsys, files, lines, message) -> None:
    _, refs = files
    preds = tmp_path / "bad.jsonl"
    preds.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    assert main(["score", str(preds), "--references", str(refs)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_score_without_tokens_on_some_lines_leaves_cost_out(tmp_path, capsys, files) -> None:
    """A run's refused requests carry no usage; re-scoring its file must still work (and,
    like `closurebench report`, leave the token cost out)."""
    _, refs = files
    preds = tmp_path / "p.jsonl"
    preds.write_text('{"id": "q1", "output": "x", "completion_tokens": 3}\n'
                     '{"id": "q2", "output": "y"}\n', encoding="utf-8")
    out = tmp_path / "r.json"
    assert main(["score", str(preds), "--references", str(refs), "--json-out", str(out)]) == 0
    assert "line 2 has no 'completion_tokens'" in capsys.readouterr().err
    assert json.loads(out.read_text()).get("tokens_per_correct") is None


def test_score_bad_references(tmp_path, capsys, files) -> None:
    preds, refs = files
    assert main(["score", str(tmp_path / "none.jsonl"), "--references", str(refs)]) == 2
    assert "predictions file not found" in capsys.readouterr().err
    assert main(["score", str(preds), "--references", str(tmp_path / "missing.jsonl")]) == 2
    assert "references file not found" in capsys.readouterr().err
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "q1", "answer": "srv", "category": "max_degree"}\n', encoding="utf-8")
    one = _write_jsonl(tmp_path / "one.jsonl", [{"id": "q1", "output": "x"}])
    assert main(["score", str(one), "--references", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: references[0]: reference answer is not valid JSON")
    dup = _write_jsonl(tmp_path / "dup.jsonl", _records() + _records()[:1])
    assert main(["score", str(one), "--references", str(dup)]) == 2
    assert "duplicate id 'q1'" in capsys.readouterr().err


def test_card_renders_model_index(files, tmp_path) -> None:
    hub = pytest.importorskip("huggingface_hub")
    preds, refs = files
    report = tmp_path / "report.json"
    assert main(["score", str(preds), "--references", str(refs), "--json-out", str(report)]) == 0
    card_path = tmp_path / "README.md"
    argv = ["card", str(report), "--model-name", "org/my-model", "--out", str(card_path)]
    assert main(argv) == 0
    card = hub.ModelCard(card_path.read_text(encoding="utf-8"))
    results = card.data.eval_results
    levels = json.loads(report.read_text())["by_level"]
    assert len(results) == 2 * (1 + len(levels))
    names = {r.metric_name: r.metric_value for r in results}
    assert names["Accuracy (strict)"] == 0.5 and names["Accuracy (lenient)"] == 0.5
    assert {r.dataset_split for r in results} == {"held_out"}
    assert card.data.model_name == "org/my-model"


def test_card_bad_report(tmp_path, capsys) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]", encoding="utf-8")
    assert main(["card", str(bad), "--model-name", "m"]) == 2
    assert capsys.readouterr().err.startswith("error: ")
    assert main(["card", str(tmp_path / "nope.json"), "--model-name", "m"]) == 2
    assert "report not found" in capsys.readouterr().err
    bad.write_text('{"accuracy_strict": 0.5}', encoding="utf-8")
    assert main(["card", str(bad), "--model-name", "m"]) == 2
    assert "accuracy_lenient" in capsys.readouterr().err


def test_score_reads_finish_reason(tmp_path, capsys) -> None:
    """A prediction cut off by the token cap ("length") has no answer, however it ends."""
    refs = _write_jsonl(tmp_path / "refs.jsonl", _records()[:1])
    preds = _write_jsonl(
        tmp_path / "preds.jsonl",
        [
            {"id": "q1", "output": '{"answer": 3}', "sample": 0, "finish_reason": "stop"},
            {"id": "q1", "output": '{"answer": 3}', "sample": 1, "finish_reason": "length"},
        ],
    )
    out = tmp_path / "report.json"
    assert main(["score", str(preds), "--references", str(refs), "--json-out", str(out)]) == 0
    capsys.readouterr()
    report = json.loads(out.read_text(encoding="utf-8"))
    assert (report["n_correct_strict"], report["n_parse_failures"]) == (1, 1)


def _run_of_split(tmp_path: Path, split: str, config: str) -> tuple[str, dict]:
    out = tmp_path / f"run-{split}-{config}"
    assert main(["run", config, "--model", "baseline:majority", "--split", split, "--limit",
                 "12", "--out", str(out), "--no-plots"]) == 0
    preds = str(out / "predictions.jsonl")
    assert main(["score", preds, "--references", str(out / "references.jsonl"),
                 "--json-out", str(tmp_path / "want.json"), "--force"]) == 0
    return preds, json.loads((tmp_path / "want.json").read_text())


def test_score_all_split_held_out_on_a_run_of_the_released_split(tmp_path, capsys) -> None:
    """The issue's case: ``score PREDICTIONS all --split held_out`` on a run's predictions
    gives the report the run's own references give; without ``--split`` the hint names it."""
    preds, want = _run_of_split(tmp_path, "held_out", "all")
    got = tmp_path / "got.json"
    assert main(["score", preds, "all", "--split", "held_out", "--json-out", str(got)]) == 0
    assert json.loads(got.read_text()) == want
    capsys.readouterr()
    assert main(["score", preds, "all"]) == 2
    assert "it is an id of the held_out split: pass --split held_out" in capsys.readouterr().err


@pytest.mark.parametrize("split", ["held_out", "train"])
def test_score_split_spellings_and_conflicts(split, tmp_path, capsys) -> None:
    preds, want = _run_of_split(tmp_path, split, "reachability")
    for argv in (["reachability", "--split", split], ["--config", "reachability", "--split",
                                                       split]):
        got = tmp_path / "got.json"
        assert main(["score", preds, *argv, "--json-out", str(got), "--force"]) == 0
        assert json.loads(got.read_text()) == want
    capsys.readouterr()
    assert main(["score", preds, "reachability"]) == 2
    assert f"pass --split {split}" in capsys.readouterr().err
    assert main(["score", preds, "--split", split, "--references", preds]) == 2
    assert "--split regenerates the references" in capsys.readouterr().err
