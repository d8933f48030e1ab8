"""``closurebench export sft``: chat-format files that datasets (and so TRL) read as is."""

from __future__ import annotations

import json

import pytest

import closurebench as cb
import closurebench.cli
from closurebench import tl
from closurebench.generation import release
from closurebench.run.program import extract_program
from closurebench.run.prompts import build_messages
from closurebench.scoring import score


def _train(config: str, **axes) -> list[dict]:
    """The train split of a config, as the export builds it (train's structural half)."""
    from closurebench.generation.release import split_config

    cfg = split_config("train", config, **axes)
    return [cb.instance(cfg, k) for k in range(cfg.size)]


def _export(monkeypatch, *argv: str) -> int:
    monkeypatch.setattr(closurebench.cli, "EXTENSIONS", ("closurebench.train.sft",))
    return closurebench.cli.main(["export", "sft", *argv])


@pytest.mark.parametrize("suffix", ["jsonl", "parquet"])
def test_datasets_loads_a_messages_column(tmp_path, monkeypatch, suffix):
    datasets = pytest.importorskip("datasets")
    out = tmp_path / f"sft.{suffix}"
    assert _export(monkeypatch, "l1", "--per-category", "2", "--target", "tl",
                   "--out", str(out)) == 0
    ds = datasets.load_dataset("json" if suffix == "jsonl" else "parquet",
                               data_files=str(out), split="train")
    assert len(ds) == 22 and "messages" in ds.column_names
    recs = _train("l1", per_category=2)
    for row, rec in zip(ds, recs, strict=True):
        assert [m["role"] for m in row["messages"]] == ["system", "user", "assistant"]
        assert row["messages"][:2] == build_messages(rec["question"], "program-tl")
        assert row["id"] == rec["id"]
        assert json.dumps(tl.run(extract_program(row["messages"][2]["content"])),
                          sort_keys=True, separators=(",", ":")) == rec["answer"]


@pytest.mark.parametrize(("target", "mode", "prompt"), [
    ("answer", None, "direct"), ("answer", "cot", "cot"), ("python", None, "program-python")])
def test_every_target_uses_the_runner_prompt_and_a_correct_assistant_turn(
        tmp_path, monkeypatch, target, mode, prompt):
    out = tmp_path / "sft.jsonl"
    argv = ["l3", "--per-category", "1", "--seed", "5", "--target", target, "--out", str(out)]
    assert _export(monkeypatch, *argv, *(["--mode", mode] if mode else [])) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    recs = _train("l3", per_category=1, seed=5)
    for row, rec in zip(rows, recs, strict=True):
        system, user, assistant = row["messages"]
        assert [system, user] == build_messages(rec["question"], prompt)
        if target == "answer":  # the metric scores the assistant turn correct
            assert score([assistant["content"]], [rec])["accuracy_strict"] == 1.0
        else:
            assert extract_program(assistant["content"]) == rec["program"]


def test_the_same_arguments_give_the_same_bytes(tmp_path, monkeypatch):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for out in (a, b):
        _export(monkeypatch, "reachability", "--per-category", "3", "--target", "answer",
                "--out", str(out))
    assert a.read_bytes() == b.read_bytes()


@pytest.mark.parametrize(("argv", "message"), [
    (["--split", "held_out"], "refusing to export held-out data"),
    (["--seed", str(release.HELD_OUT.seed)], "refusing to export held-out data"),
    (["--target", "tl", "--mode", "cot"], "--mode applies to --target answer only"),
])
def test_held_out_data_and_bad_flags_are_refused(tmp_path, monkeypatch, capsys, argv, message):
    base = ["reachability", "--per-category", "1", "--out", str(tmp_path / "x.jsonl")]
    if "--target" not in argv:
        base += ["--target", "answer"]
    assert _export(monkeypatch, *base, *argv) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "x.jsonl").exists()


def test_held_out_export_is_possible_when_asked_for(tmp_path, monkeypatch):
    out = tmp_path / "h.jsonl"
    assert _export(monkeypatch, "reachability", "--per-category", "1", "--target", "answer",
                   "--split", "held_out", "--allow-held-out", "--out", str(out)) == 0
    assert len(out.read_text().splitlines()) == 1
