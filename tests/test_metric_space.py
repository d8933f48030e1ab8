"""The metric loads the ways its card says, and its Space folder serves the widget (loopback).

evaluate resolves ``ORG/NAME`` to ``<endpoint>/spaces/ORG/NAME/resolve/main/NAME.py``; the
Space test serves exactly the files ``publish --metric-space`` would upload from a loopback
HTTP server and points evaluate's ``HF_ENDPOINT`` at it.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import urllib.request
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("evaluate", reason="the metric needs evaluate (closurebench[hf])")

ROOT = Path(__file__).resolve().parents[1]
METRIC_DIR = ROOT / "metric" / "closurebench"
CARD = (METRIC_DIR / "README.md").read_text(encoding="utf-8")
ROWS = [['{"answer": 3}', "3", "triangle_count"],
        ['so {"answer": ["A"]}', '["A","C"]', "set_intersection"],
        ["no idea", "true", "reachability"]]


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HF_", "HUGGING"))}
    env.update(HF_HOME=str(tmp_path / "hf"), PYTHONPATH=str(ROOT), **extra)
    return env


def _load_in_subprocess(paths: list[str], env: dict[str, str], cwd: Path) -> list[dict]:
    """``evaluate.load`` each path in one fresh interpreter (evaluate reads its env once)."""
    code = ("import json, sys, evaluate\n"
            "for path in sys.argv[1:]:\n"
            "    m = evaluate.load(path)\n"
            "    r = m.compute(predictions=['{\"answer\": 3}', 'x'], references=['3', 'true'],\n"
            "                  categories=['triangle_count', 'reachability'])\n"
            "    print(json.dumps({'name': m.name, 'strict': r['accuracy_strict']}))\n")
    res = subprocess.run([sys.executable, "-c", code, *paths], env=env, cwd=cwd,
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-2000:]
    return [json.loads(line) for line in res.stdout.strip().splitlines()[-len(paths):]]


def test_a_local_folder_named_like_the_script_and_a_file_path_in_any_folder(tmp_path):
    env = _env(tmp_path, HF_EVALUATE_OFFLINE="1", HF_HUB_OFFLINE="1")
    other = tmp_path / "my metric folder"
    shutil.copytree(METRIC_DIR, other, ignore=shutil.ignore_patterns("__pycache__"))
    got = _load_in_subprocess([str(METRIC_DIR), str(other / "closurebench.py")], env, tmp_path)
    assert got == [{"name": "closurebench", "strict": 0.5}] * 2


class _Hub:
    """A loopback HTTP server holding one Space's files under /spaces/ORG/NAME/resolve/main/."""

    def __init__(self, root: Path) -> None:
        handler = partial(SimpleHTTPRequestHandler, directory=str(root))
        handler.log_message = lambda *a: None  # type: ignore[method-assign]
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> _Hub:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


def test_a_space_repo_id_loads_whatever_the_space_is_called(tmp_path):
    """``publish`` uploads the script as ``<space name>.py``, the file evaluate asks for."""
    from closurebench.hf.publish import space_files

    spaces = ["org/closurebench", "org/closurebench-metric"]
    for space in spaces:
        folder = tmp_path / "hub" / "spaces" / space / "resolve" / "main"
        folder.mkdir(parents=True)
        for name, data in space_files(ROOT, space).items():
            (folder / name).write_bytes(data)
    with _Hub(tmp_path / "hub") as hub:
        got = _load_in_subprocess(spaces, _env(tmp_path, HF_ENDPOINT=hub.url), tmp_path)
    assert [g["strict"] for g in got] == [0.5, 0.5]


def test_the_card_documents_the_ways_that_work():
    from closurebench.hf.hub import metric_space_id

    assert f'evaluate.load("{metric_space_id()}")' in CARD
    assert '"closurebench/closurebench"' not in CARD and 'closurebench-metric")' not in CARD
    assert "HF_EVALUATE_OFFLINE=1" in CARD and "evaluate-metric/" in CARD
    assert "whole ClosureBench record" in CARD  # what the widget accepts


def test_requirements_name_this_installable_distribution():
    """Every line is a requirement on a distribution pip can resolve: this package's own name,
    extras it defines, a range holding its version (gradio comes from ``sdk_version``)."""
    tomllib = pytest.importorskip("tomllib")
    from packaging.requirements import Requirement

    import closurebench

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    lines = [ln.strip() for ln in (METRIC_DIR / "requirements.txt").read_text().splitlines()
             if ln.strip() and not ln.startswith("#")]
    reqs = [Requirement(ln) for ln in lines]
    assert [r.name for r in reqs] == [project["name"]]
    assert reqs[0].extras <= set(project["optional-dependencies"])
    assert reqs[0].specifier.contains(closurebench.__version__)
    meta = CARD.split("---\n")[1]
    assert "sdk: gradio" in meta and "app_file: app.py" in meta
    # the local widget runs the gradio the Space runs
    sdk = next(ln.split(":", 1)[1].strip() for ln in meta.splitlines()
               if ln.startswith("sdk_version:"))
    local = (METRIC_DIR / "requirements-local.txt").read_text().split()
    assert f"gradio=={sdk}" in local and "requirements.txt" in local


def _app(folder: Path) -> Any:
    spec = importlib.util.spec_from_file_location("closurebench_space_app", folder / "app.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def space(tmp_path_factory) -> Path:
    """The Space as ``publish`` uploads it, in a folder not named closurebench."""
    from closurebench.hf.publish import space_files

    folder = tmp_path_factory.mktemp("space") / "app-folder"
    folder.mkdir()
    for name, data in space_files(ROOT, "org/cb-metric").items():
        (folder / name).write_bytes(data)
    return folder


def test_app_finds_its_script_in_any_folder_and_never_raises(space, monkeypatch):
    monkeypatch.setenv("HF_EVALUATE_OFFLINE", "1")
    app = _app(space)
    assert app.metric_script().name == "cb-metric.py"
    metric = app.load_metric()
    assert app.compute(metric, ROWS)["accuracy_strict"] == pytest.approx(1 / 3)
    record = {"answer": "3", "answer_schema": '{"type":"integer"}', "tolerance": "none",
              "category": "triangle_count", "level": 1}
    assert app.compute(metric, [['{"answer": 3}', json.dumps(record), ""]])["n_correct_strict"] == 1
    for rows, word in (([], "at least one row"), ([["x", "not json", "reachability"]], "JSON"),
                       ([["x", "3", ""]], "category"), ([["x", "3", "nope"]], "nope")):
        out = app.compute(metric, rows)
        assert word in out.get("error", ""), out


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.slow
def test_the_space_serves_its_widget_on_loopback(space, monkeypatch):
    """Slow (gradio start-up): ``pip install gradio`` and ``pytest -m slow`` this file."""
    pytest.importorskip("gradio", reason="the widget needs gradio (the Space's sdk)")
    gradio_client = pytest.importorskip("gradio_client")
    monkeypatch.setenv("HF_EVALUATE_OFFLINE", "1")
    monkeypatch.setenv("GRADIO_ANALYTICS_ENABLED", "False")
    app = _app(space)
    demo = app.build_demo(app.load_metric())
    port = _free_port()
    demo.launch(server_name="127.0.0.1", server_port=port, prevent_thread_lock=True,
                quiet=True, show_error=True)
    try:
        url = f"http://127.0.0.1:{port}/"
        with urllib.request.urlopen(url, timeout=30) as page:
            assert page.status == 200 and b"gradio" in page.read().lower()
        client = gradio_client.Client(url, verbose=False)
        table = {"headers": app.HEADERS, "data": ROWS}
        out = client.predict(table, api_name="/compute")
        assert out["accuracy_strict"] == pytest.approx(1 / 3) and out["n_predictions"] == 3
    finally:
        demo.close()
