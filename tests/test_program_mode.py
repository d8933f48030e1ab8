"""Program mode end to end: the oracle scores 100% in both languages, errors are split."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from stub_server import Reply, StubServer, question_of

import closurebench.cli
from closurebench import tl
from closurebench.run.data import Selection, load_instances
from closurebench.run.program import extract_program
from closurebench.run.prompts import build_messages, prompt_sha256
from closurebench.run.report import build_report
from closurebench.run.runner import RunSettings, run


def _cli(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> int:
    monkeypatch.setattr(closurebench.cli, "EXTENSIONS", ("closurebench.run.cli",))
    return closurebench.cli.main(argv)


def _oracle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str, limit: int | None
            ) -> dict:
    out = tmp_path / language
    argv = ["run", "--model", "baseline:program-oracle", "--mode", "program", "--language",
            language, "--split", "held_out", "--out", str(out), "--no-plots", "--no-progress"]
    assert _cli(monkeypatch, argv + (["--limit", str(limit)] if limit else [])) == 0
    return json.loads((out / "report.json").read_text())


@pytest.mark.parametrize(("language", "limit"), [("tl", 260), ("python", 26)])
def test_the_oracle_program_scores_100_percent(tmp_path, monkeypatch, language, limit):
    report = _oracle(tmp_path, monkeypatch, language, limit)
    assert report["metrics"]["accuracy_strict"] == 1.0
    assert report["metrics"]["n_predictions"] == limit
    assert len(report["metrics"]["by_category"]) == 26
    prog = report["program"]
    assert prog["execution_rate"] == 1.0 and prog["language"] == language
    assert prog["errors"] == {"misread_graph": 0, "wrong_logic": 0, "execution_failure": 0}
    assert report["run"]["language"] == language


@pytest.mark.slow
@pytest.mark.parametrize("language", ["tl", "python"])
def test_the_oracle_scores_100_percent_on_the_whole_held_out_split(
        tmp_path, monkeypatch, language):
    report = _oracle(tmp_path, monkeypatch, language, None)
    assert report["metrics"]["accuracy_strict"] == 1.0
    assert report["metrics"]["n_predictions"] == 1300


def test_wrong_answers_split_into_misread_graph_wrong_logic_and_failures(tmp_path):
    """A served model (the real client) whose programs misread, mislogic or do not run."""
    sel = Selection(config="reachability", split="held_out", limit=4)
    records = load_instances(sel)
    true_ones = [r for r in records if r["answer"] == "true"]
    plan: dict[str, str] = {}
    for r, kind in zip(true_ones + [r for r in records if r not in true_ones],
                       ("misread", "logic", "garbage", "right")):
        text = r["program_tl"]
        if kind == "misread":  # the model forgot every edge out of x
            x = json.loads(r["query"])["x"]
            text = re.sub(rf'Edge\("{re.escape(x)}", "[^"]*"\)\. ?', "", text)
            assert tl.run(text) is False
        elif kind == "logic":
            text = text.replace("answer R[Y].", "answer !R[Y].")
        elif kind == "garbage":
            text = "I think the answer is yes."
        plan[r["question"]] = f"Here you go:\n```tl\n{text}\n```" if kind != "garbage" else text

    def script(body, attempt):
        assert "TL: tensor logic for graphs" in body["messages"][0]["content"]
        return Reply(content=plan[question_of(body)])

    with StubServer(script) as stub:
        settings = RunSettings(model="stub", base_url=stub.base_url, selection=sel,
                               mode="program", language="tl", concurrency=2)
        run(settings, tmp_path / "r", progress=False, instances=records)
    report = build_report(tmp_path / "r", plots=False, card=False)
    prog = report["program"]
    assert prog["errors"] == {"misread_graph": 1, "wrong_logic": 1, "execution_failure": 1}
    assert prog["execution_rate"] == 0.75 and prog["accuracy_strict"] == 0.25
    assert prog["tokens_per_correct"] is not None
    (example,) = prog["misread_examples"]
    assert example["missing"] and not example["extra"]
    assert all(edge[0] == "Edge" for edge in example["missing"])
    md = (tmp_path / "r" / "report.md").read_text()
    assert "## Program execution" in md and "misread graph 1, wrong logic 1" in md


def test_a_python_program_that_misreads_an_edge_is_a_misread(tmp_path):
    from closurebench.run.program import ProgramBackend, program_section
    from closurebench.run.report import verdicts

    rec = next(r for r in load_instances(Selection(config="reach_then_count", split="train",
                                                   limit=10)) if json.loads(r["answer"]) > 0)
    x = json.loads(rec["query"])["x"]
    kept = [e for e in rec["edges"] if e[0] != x]

    class Misreader:
        name, concurrent = "m", False

        def complete(self, record, sample):
            from closurebench.run.client import Completion

            edges = repr([tuple(e) for e in rec["edges"]])
            return Completion(output=rec["program"].replace(edges, repr(
                [tuple(e) for e in kept])), finish_reason="stop")

    backend = ProgramBackend(Misreader(), "python", tmp_path)
    c = backend.complete(rec, 0)
    flags = verdicts([c.output], [rec])
    section = program_section(tmp_path, [(rec, {"sample": 0, "completion_tokens": None})], flags)
    assert section["errors"]["misread_graph"] == 1, (c, section)
    assert sorted(map(tuple, section["misread_examples"][0]["missing"])) == sorted(
        tuple(e) for e in rec["edges"] if e[0] == x)


def test_program_extraction_and_prompts():
    assert extract_program("<think>```tl\nno\n```</think>ok:\n```tl\nanswer 1.\n```\n") == \
        "answer 1.\n"
    assert extract_program("```\nA\n```\n```python\nprint(1)\n```") == "print(1)\n"
    assert extract_program("answer 2.") == "answer 2.\n"
    system = build_messages("Q?", "program-tl")[0]["content"]
    assert system.endswith(tl.SPEC) and "```tl" in system
    assert "networkx" in build_messages("Q?", "program-python")[0]["content"]
    assert prompt_sha256("program-tl") != prompt_sha256("program-python")


@pytest.mark.parametrize(("argv", "message"), [
    (["--mode", "program"], "--mode program needs --language tl or python"),
    (["--language", "tl"], "--language is for --mode program only"),
    (["--model", "baseline:program-oracle"], "baseline:program-oracle needs --mode program"),
])
def test_bad_program_mode_flags_are_one_clear_error(tmp_path, monkeypatch, capsys, argv,
                                                    message):
    base = ["run", "--model", "baseline:majority", "--out", str(tmp_path / "x"), "--limit", "2"]
    if "--model" in argv:
        base = base[:1] + base[3:]
    assert _cli(monkeypatch, base + argv) == 2
    assert message in capsys.readouterr().err
