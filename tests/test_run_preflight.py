"""The runner fails fast and says so: the pre-flight of the URL and the model, a run whose every
question failed, a run that cannot write its predictions, and transport failures counted apart
from the model's own format errors. Servers are scripted stubs on 127.0.0.1."""

from __future__ import annotations

import errno
import json
import socket
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from stub_server import Reply, StubServer, answer_text, question_of

from closurebench.cli import main
from closurebench.run import RetryPolicy, RunError, RunSettings, Selection, build_report, run
from closurebench.run.data import load_instances, read_jsonl

pytest.importorskip("openai", reason="the runner's server tests need the openai package")

SEL = Selection(config="all", split=None, fresh_seed=5, per_category=1, limit=6)
FAST = RetryPolicy(max_attempts=2, base=0.0, cap=0.0)


@pytest.fixture(autouse=True)
def _env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-secret-123")


def _settings(url: str, **kw: Any) -> RunSettings:
    return RunSettings(**{"model": "stub-model", "base_url": url, "selection": SEL,
                          "retry": RetryPolicy(max_attempts=6, base=1.0, cap=60.0),
                          "timeout": 30.0, "concurrency": 2, **kw})


def _right(body: dict[str, Any], attempt: int) -> Reply:
    recs = {r["question"]: r for r in load_instances(SEL)}
    return Reply(answer_text(recs[question_of(body)]))


def _free_port() -> int:
    with socket.socket() as s:  # a loopback port nobody listens on
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_dead_base_url_is_named_within_seconds(tmp_path: Path) -> None:
    """Connection refused: one request, a named error, none of the default policy's retries
    (six attempts with backoff up to a minute)."""
    url = f"http://127.0.0.1:{_free_port()}/v1"
    started = time.monotonic()
    with pytest.raises(RunError, match=rf"cannot reach the server at {url}: .*--base-url"):
        run(_settings(url), tmp_path / "r", progress=False)
    assert time.monotonic() - started < 10
    assert json.loads((tmp_path / "r" / "run.json").read_text())["status"] == "failed"
    assert read_jsonl(str(tmp_path / "r" / "predictions.jsonl")) == []


def test_the_dead_url_through_the_command_line(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    url = f"http://127.0.0.1:{_free_port()}/v1"
    code = main(["run", "--model", "m", "--base-url", url, "--fresh-seed", "5",
                 "--per-category", "1", "--limit", "3", "--out", str(tmp_path / "r"),
                 "--no-progress"])
    err = capsys.readouterr().err
    assert code == 2 and err.strip().splitlines()[-1].startswith("error: cannot reach")


def test_the_model_listing_is_checked_and_a_refused_key_stops_at_once(tmp_path: Path,
                                                                      capsys: Any) -> None:
    with StubServer(_right, models=["stub-model", "other"]) as stub:
        result = run(_settings(stub.base_url), tmp_path / "ok", progress=False)
        assert stub.listings == 1 and result.complete
    assert "note:" not in capsys.readouterr().err
    with StubServer(_right, models=["qwen3-4b"]) as stub:  # llama.cpp answers under any name
        result = run(_settings(stub.base_url), tmp_path / "unlisted", progress=False)
        assert result.complete
    err = capsys.readouterr().err
    assert "lists 1 model(s) (qwen3-4b) and not 'stub-model'" in err and "--model" in err
    with StubServer(_right, models=[], models_status=401) as stub, \
            pytest.raises(RunError, match=r"answered 401.*OPENAI_API_KEY"):
        run(_settings(stub.base_url), tmp_path / "key", progress=False)
    assert stub.requests == []  # not one question was asked


def test_a_run_whose_every_question_failed_exits_non_zero(tmp_path: Path,
                                                          capsys: Any) -> None:
    with StubServer(lambda b, a: Reply(status=400, content="bad request")) as stub:
        result = run(_settings(stub.base_url), tmp_path / "r", progress=False)
    assert result.all_failed and result.n_asked == result.n_failed == 6
    out = tmp_path / "cli"
    with StubServer(lambda b, a: Reply(status=503)) as stub:
        code = main(["run", "--model", "stub-model", "--base-url", stub.base_url,
                     "--fresh-seed", "5", "--per-category", "1", "--limit", "3",
                     "--max-attempts", "2", "--retry-base", "0", "--out", str(out),
                     "--no-progress"])
    err = capsys.readouterr().err
    assert code == 1, err
    assert "error: all 3 questions asked failed" in err and "HTTP 503" in err
    assert not (out / "report.json").exists()  # no report of a measurement that never was
    with StubServer(_right) as stub:  # one answer is enough for a report
        code = main(["run", "--model", "stub-model", "--base-url", stub.base_url,
                     "--fresh-seed", "5", "--per-category", "1", "--limit", "3",
                     "--out", str(out), "--resume", "--no-progress", "--no-plots"])
    assert code == 0 and (out / "report.json").exists()


class _FullDisk:
    """The predictions file on a disk that fills after ``room`` lines."""

    def __init__(self, fh: Any, room: int) -> None:
        self.fh, self.room = fh, room

    def write(self, text: str) -> int:
        if self.room <= 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        self.room -= 1
        return self.fh.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.fh, name)


@pytest.mark.parametrize("concurrency", [1, 3])
def test_a_run_that_cannot_write_its_predictions_fails_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any, concurrency: int) -> None:
    import builtins

    import closurebench.run.runner as runner

    def full_open(path: Any, mode: str = "r", *args: Any, **kw: Any) -> Any:
        fh = builtins.open(path, mode, *args, **kw)  # noqa: SIM115 (handed to the runner)
        return _FullDisk(fh, 2) if str(path).endswith("predictions.jsonl") and "a" in mode else fh

    monkeypatch.setattr(runner, "open", full_open, raising=False)
    out = tmp_path / "r"
    with StubServer(_right) as stub:
        code = main(["run", "--model", "stub-model", "--base-url", stub.base_url,
                     "--fresh-seed", "5", "--per-category", "1", "--limit", "6",
                     "--concurrency", str(concurrency), "--out", str(out), "--no-progress"])
    err = capsys.readouterr().err
    assert code == 2, err
    last = err.strip().splitlines()[-1]
    assert last.startswith(f"error: cannot write the predictions to {out / 'predictions.jsonl'}")
    assert "No space left on device" in last and "--resume" in last
    assert json.loads((out / "run.json").read_text())["status"] == "failed"
    assert len(read_jsonl(str(out / "predictions.jsonl"))) == 2
    assert not (out / "report.json").exists()


def test_transport_failures_are_counted_apart_from_format_errors(tmp_path: Path) -> None:
    """Questions the server never answered are not the model's unparseable outputs: the parse
    rate and the attribution count them apart."""
    recs = load_instances(SEL)
    lost = {recs[0]["question"], recs[3]["question"]}
    unparsed = recs[1]["question"]

    def script(body: dict[str, Any], attempt: int) -> Reply:
        q = question_of(body)
        if q in lost:
            return Reply(status=503)
        if q == unparsed:
            return Reply("I would rather not say.")
        return _right(body, attempt)

    with StubServer(script) as stub:
        run(_settings(stub.base_url, retry=FAST), tmp_path / "r", progress=False)
    report = build_report(tmp_path / "r", plots=False, card=False)
    assert report["metrics"]["parse_rate"] == pytest.approx(3 / 6)  # score's, over every row
    assert report["parse"] == {**report["parse"], "n_answered": 4, "n_request_failed": 2,
                               "rate_answered": pytest.approx(3 / 4)}
    table = report["error_attribution"]
    assert table["n_request_failed"] == 2 and table["n_wrong"] == 1
    assert table["overall"] == {"format": 1}
    md = (tmp_path / "r" / "report.md").read_text()
    assert "75.0% (2 requests failed)" in md and "got no answer from the server" in md


def test_preflight_sits_behind_program_mode(tmp_path: Path) -> None:
    url = f"http://127.0.0.1:{_free_port()}/v1"
    settings = replace(_settings(url), mode="program", language="python", max_tokens=None)
    with pytest.raises(RunError, match="cannot reach the server"):
        run(settings, tmp_path / "r", progress=False)
