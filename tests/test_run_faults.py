"""The runner under a hostile server on 127.0.0.1: faults are retried within bounds, then
recorded as that question's error; the run never ends on one question, writes only what its
own scorer accepts, never writes or prints the key, and bounds every wait.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from stub_server import Reply, StubServer, answer_text, question_of

import closurebench.cli
from closurebench.errors import ConfigError
from closurebench.run import RetryPolicy, RunSettings, Selection, build_report, run
from closurebench.run.client import count, parse_completion
from closurebench.run.data import load_instances, read_jsonl

pytest.importorskip("openai", reason="the runner's server tests need the openai package")

KEY = "sk-live-very-secret-0123456789"
SEL = Selection(config="all", split=None, fresh_seed=11, per_category=1)
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", KEY)


@cache
def records(limit: int | None = None) -> tuple[dict[str, Any], ...]:
    return tuple(load_instances(SEL if limit is None else replace(SEL, limit=limit)))


def lookup() -> dict[str, tuple[int, dict[str, Any]]]:
    return {r["question"]: (i, r) for i, r in enumerate(records())}


def settings(url: str, **kw: Any) -> RunSettings:
    base: dict[str, Any] = {"model": "stub", "base_url": url, "selection": SEL, "timeout": 5.0,
                            "retry": RetryPolicy(max_attempts=4, base=0.0, cap=0.01),
                            "concurrency": 8}
    base.update(kw)
    return RunSettings(**base)


#: One entry per fault kind the issue lists; each is served for a question's first attempts.
FAULTS: list[Reply] = [
    Reply(raw=b'{"id": "x", "choices": [{"message": {"content": "ok"'),   # truncated JSON text
    Reply(raw=b"<html>502 Bad Gateway</html>"),                            # not JSON at all
    Reply(raw=b"[]"),                                                      # JSON, not an object
    Reply(raw=b'{"choices": []}'),                                         # no choices
    Reply(raw=b'{"choices": [{"message": {"content": 12}}]}'),             # content not text
    Reply(raw=b"[" * 50_000 + b"]" * 50_000),                              # nested too deeply
    Reply(content="x" * 200, truncate=40),                                 # cut short of length
    Reply(reset=True),                                                     # TCP reset
    Reply(drop=True),                                                      # closed, no reply
    Reply(status=500, content="boom"),
    Reply(status=502),
    Reply(status=503, headers={"retry-after": "nan"}),
    Reply(status=429, headers={"retry-after": "1e9"}),
]
ODD_USAGE: list[Any] = [
    {"prompt_tokens": -1, "completion_tokens": -5},
    {"prompt_tokens": "12", "completion_tokens": "7"},
    {"completion_tokens": 1e308},
    {"completion_tokens": True},
    {"completion_tokens": None},
    "lots",
    [],
    {"completion_tokens": 3.0, "prompt_tokens": 10},
]


def mixed(body: dict[str, Any], attempt: int) -> Reply:
    """Question i fails its first (i % 4) attempts with assorted faults; i % 9 == 8 fails all
    of them; successful answers carry odd usage fields now and then."""
    i, rec = lookup()[question_of(body)]
    if i % 9 == 8 or attempt < i % 4:
        return FAULTS[(i + attempt) % len(FAULTS)]
    usage = ODD_USAGE[i % len(ODD_USAGE)] if i % 3 == 0 else None
    return Reply(answer_text(rec), usage_fields=usage)


def test_mixed_faults_never_end_the_run_and_its_files_rescore(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r"
    recs = records()
    with StubServer(mixed) as stub:
        result = run(settings(stub.base_url), out, progress=False)
    assert result.complete and result.n_done == len(recs)
    rows = read_jsonl(str(out / "predictions.jsonl"))
    assert sorted(r["id"] for r in rows) == sorted(r["id"] for r in recs)  # none lost or twice
    by_index = {r["id"]: r for r in rows}
    for i, rec in enumerate(recs):
        row = by_index[rec["id"]]
        if i % 9 == 8:
            assert row["transient"] is True and row["error"].startswith("gave up after 4")
        else:
            assert row["error"] is None and row["attempts"] == i % 4 + 1, (i, row)
        for key in ("prompt_tokens", "completion_tokens"):
            assert row[key] is None or (type(row[key]) is int and row[key] >= 0)
    assert "--retry-cap" in capsys.readouterr().err  # the 1e9 Retry-After was visibly capped

    report = build_report(out, plots=False, card=False)
    rescored = tmp_path / "rescore.json"
    code = closurebench.cli.main(["score", str(out / "predictions.jsonl"), "--references",
                                  str(out / "references.jsonl"), "--json-out", str(rescored)])
    assert code == 0
    again = json.loads(rescored.read_text())
    for key in ("accuracy_strict", "accuracy_lenient", "parse_rate", "n_predictions"):
        assert again[key] == report["metrics"][key], key
    assert report["n_errors"] == sum(1 for i in range(len(recs)) if i % 9 == 8)


def test_a_lone_surrogate_in_an_answer_is_written_as_valid_utf8(tmp_path: Path) -> None:
    body = b'{"choices": [{"message": {"content": "\\ud800 {\\"answer\\": true}"}}]}'
    with StubServer(lambda b, a: Reply(raw=body)) as stub:
        result = run(settings(stub.base_url, selection=replace(SEL, limit=3)), tmp_path / "r",
                     progress=False)
    assert result.complete
    text = (tmp_path / "r" / "predictions.jsonl").read_bytes().decode("utf-8")  # strict
    assert text.count("\ufffd") == 3
    assert closurebench.cli.main(["score", str(tmp_path / "r" / "predictions.jsonl"),
                                  "--references", str(tmp_path / "r" / "references.jsonl")]) == 0


@pytest.mark.parametrize("usage", ODD_USAGE)
def test_odd_usage_becomes_unknown_or_a_count(usage: Any) -> None:
    body = json.dumps({"choices": [{"message": {"content": "x"}, "finish_reason": 7}],
                       "usage": usage}).encode()
    c = parse_completion(body, 0.1, 1)
    assert c.output == "x" and c.finish_reason is None
    for value in (c.prompt_tokens, c.completion_tokens):
        assert value is None or (type(value) is int and value >= 0)
    assert count(3.0) == 3 and count(float("nan")) is None and count(-1) is None


def _assert_no_key(out: Path, *texts: str) -> None:
    for path in out.rglob("*"):
        if path.is_file() and path.suffix in (".json", ".jsonl", ".md"):
            assert KEY not in path.read_text(encoding="utf-8"), path
    for text in texts:
        assert KEY not in text


def test_an_echoed_key_is_redacted_everywhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    recs = records(8)
    table = {r["question"]: (i, r) for i, r in enumerate(recs)}

    def echo(body: dict[str, Any], attempt: int) -> Reply:
        i, rec = table[question_of(body)]
        if i % 4 == 1:
            return Reply(status=400, content=f"bad request, key {KEY}", echo_auth=True)
        if i % 4 == 2 and attempt == 0:
            return Reply(status=500, echo_auth=True)
        return Reply(answer_text(rec), echo_auth=True)

    out = tmp_path / "r"
    with StubServer(echo) as stub:
        code = closurebench.cli.main([
            "run", "--model", "m", "--base-url", stub.base_url, "--seed", "11",
            "--per-category", "1", "--limit", "8", "--out", str(out), "--no-progress",
            "--retry-base", "0", "--no-plots", "--extra-body", json.dumps({"user": KEY})])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    rows = read_jsonl(str(out / "predictions.jsonl"))
    assert any("Bearer [REDACTED]" in r["output"] for r in rows)
    assert any("[REDACTED]" in (r["error"] or "") for r in rows)
    _assert_no_key(out, captured.out, captured.err)
    assert (out / "report.md").exists() and (out / "model_card.md").exists()


def test_a_401_that_echoes_the_key_prints_it_redacted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with StubServer(lambda b, a: Reply(status=401, content=f"Incorrect API key {KEY}")) as stub:
        code = closurebench.cli.main(["run", "--model", "m", "--base-url", stub.base_url,
                                      "--seed", "11", "--per-category", "1", "--limit", "2",
                                      "--out", str(tmp_path / "r"), "--no-progress"])
    err = capsys.readouterr().err
    assert code == 2 and "401" in err and "[REDACTED]" in err
    _assert_no_key(tmp_path / "r", err)


def test_the_timeout_is_a_total_deadline_not_a_per_read_one(tmp_path: Path) -> None:
    recs = records(2)
    table = {r["question"]: r for r in recs}

    def trickle(body: dict[str, Any], attempt: int) -> Reply:
        return Reply(answer_text(table[question_of(body)]), trickle=0.1)  # ~10 s of body

    start = time.monotonic()
    with StubServer(trickle) as stub:
        result = run(settings(stub.base_url, selection=replace(SEL, limit=2), timeout=0.6,
                              concurrency=1, retry=RetryPolicy(1, 0.0, 0.0)),
                     tmp_path / "r", progress=False)
    elapsed = time.monotonic() - start
    assert result.complete
    rows = read_jsonl(str(tmp_path / "r" / "predictions.jsonl"))
    assert all("within --timeout 0.6s" in r["error"] for r in rows)
    assert elapsed < 7.0, elapsed  # 2 questions x 0.6 s, not 2 x the 5 s trickle


def test_retry_after_is_capped(tmp_path: Path) -> None:
    recs = records(1)
    rec = recs[0]
    start = time.monotonic()
    with StubServer(lambda b, a: Reply(status=429, headers={"retry-after": "1000000000"})
                    if a == 0 else Reply(answer_text(rec))) as stub:
        run(settings(stub.base_url, selection=replace(SEL, limit=1),
                     retry=RetryPolicy(3, 0.0, 0.2)), tmp_path / "r", progress=False)
    assert time.monotonic() - start < 10.0  # not 1e9 s
    row = read_jsonl(str(tmp_path / "r" / "predictions.jsonl"))[0]
    assert row["attempts"] == 2 and row["error"] is None
    meta = json.loads((tmp_path / "r" / "run.json").read_text())
    assert meta["retry"]["cap_s"] == 0.2


@pytest.mark.parametrize("key", ["model", "max_tokens", "max_completion_tokens", "messages",
                                 "temperature", "stream", "n"])
def test_extra_body_cannot_override_what_run_json_records(key: str) -> None:
    with pytest.raises(ConfigError, match=f"extra_body may not set {key}"):
        RunSettings(model="m", base_url="http://127.0.0.1:9/v1", extra_body={key: 1})
    ok = RunSettings(model="m", extra_body={"chat_template_kwargs": {"enable_thinking": False}})
    assert ok.describe()["extra_body"] == {"chat_template_kwargs": {"enable_thinking": False}}


_KILL_SCRIPT = """\
import sys
import closurebench.cli as cli
cli.EXTENSIONS = ("closurebench.run.cli",)
sys.exit(cli.main(sys.argv[1:]))
"""


def _kill_and_resume(tmp_path: Path, sig: int, kills: int) -> None:
    recs = records()
    table = lookup()
    out = tmp_path / "r"
    script = tmp_path / "cb.py"
    script.write_text(_KILL_SCRIPT)
    argv = [sys.executable, str(script), "run", "--model", "m", "--seed", "11",
            "--per-category", "1", "--out", str(out), "--concurrency", "3", "--no-progress",
            "--retry-base", "0", "--retry-cap", "0.05"]
    pred = out / "predictions.jsonl"

    def slow(body: dict[str, Any], attempt: int) -> Reply:
        i, rec = table[question_of(body)]
        if attempt == 0 and i % 5 == 0:
            return FAULTS[i % len(FAULTS)]
        return Reply(answer_text(rec), delay=0.08)

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with StubServer(slow) as stub:
        for k in range(kills):
            before = len(pred.read_text().splitlines()) if pred.exists() else 0
            proc = subprocess.Popen([*argv, "--base-url", stub.base_url]
                                    + (["--resume"] if k else []), env=env,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                    # an ignored SIGINT in this process would be inherited
                                    preexec_fn=lambda: signal.signal(signal.SIGINT,
                                                                     signal.SIG_DFL))
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and proc.poll() is None:
                if pred.exists() and len(pred.read_text().splitlines()) >= before + 3:
                    break
                time.sleep(0.01)
            proc.send_signal(sig)
            proc.communicate(timeout=30)
        final = closurebench.cli.main([*argv[2:], "--base-url", stub.base_url, "--resume",
                                       "--no-plots"])
    assert final == 0
    text = pred.read_text()
    assert text.endswith("\n")
    keys = [(r["id"], r["sample"]) for r in (json.loads(line) for line in text.splitlines())]
    assert len(keys) == len(set(keys)), "a prediction was written twice"
    assert sorted(k[0] for k in keys) == sorted(r["id"] for r in recs), "a prediction was lost"


def test_sigkill_then_resume_loses_and_duplicates_nothing(tmp_path: Path) -> None:
    """(Ctrl-C once is test_run_loop's; repeated kills of both kinds are the slow tests.)"""
    _kill_and_resume(tmp_path, signal.SIGKILL, kills=1)


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGKILL], ids=["SIGINT", "SIGKILL"])
def test_repeated_kills_then_resume_lose_and_duplicate_nothing(tmp_path: Path, sig: int) -> None:
    _kill_and_resume(tmp_path, sig, kills=5)
