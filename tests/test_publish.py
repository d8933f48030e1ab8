"""Publishing: the Hub export loads config by config, and the upload reaches a (fake) Hub intact.

The fake Hub is a loopback ``http.server`` implementing only what ``huggingface_hub`` calls for
``create_repo`` + ``upload_folder``: repo creation, README metadata validation, preupload and
the NDJSON commit. It answers "regular" for every file's upload mode, so contents arrive
base64-encoded inside the commit (the real Hub would route Parquet through LFS/Xet, a
transport this test does not re-implement).
"""

from __future__ import annotations

import base64
import json
import os
import socket
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

pq = pytest.importorskip("pyarrow.parquet")
yaml = pytest.importorskip("yaml")

from closurebench import cli  # noqa: E402
from closurebench.categories import CONFIGS  # noqa: E402
from closurebench.generation.release import SPLITS  # noqa: E402
from closurebench.hf.card import card_file, hub_card_text  # noqa: E402
from closurebench.hf.hub import DATASET_ID_ENV  # noqa: E402
from closurebench.hf.publish import PublishError, export, space_files  # noqa: E402
from closurebench.hf.splits import config_files, config_pattern, read_manifest  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "hf_testtoken_never_printed_0123456789"
QUICK = ("all", "l1", "graph_comparison")


@pytest.fixture(scope="module")
def exported(tmp_path_factory, release_root) -> Path:
    out = tmp_path_factory.mktemp("export")
    export(release_root, out)
    return out


def expected_files(root: Path) -> set[str]:
    gralgo = root / "splits" / "gralgo" / "MANIFEST.json"
    extra = {"splits/gralgo/MANIFEST.json",
             *json.loads(gralgo.read_text(encoding="utf-8"))["files"]} if gralgo.exists() else set()
    return {"README.md", "dataset_infos.json", "splits/MANIFEST.json",
            *read_manifest(root)["files"], *extra}


def test_export_holds_exactly_the_hub_files(exported, release_root):
    found = {p.relative_to(exported).as_posix() for p in exported.rglob("*") if p.is_file()}
    assert found == expected_files(release_root)
    assert not any(f.endswith(".py") for f in found)  # never the loading script
    for rel in found:
        if rel != "README.md":  # the card is the user-facing one (test_card checks it)
            assert (exported / rel).read_bytes() == (release_root / rel).read_bytes()


def test_the_exported_card_is_the_card_with_the_configured_ids(release_root, tmp_path,
                                                               monkeypatch):
    card = card_file(release_root).read_text(encoding="utf-8")
    monkeypatch.setenv(DATASET_ID_ENV, "mirror/cb")
    export(release_root, tmp_path / "env")
    exported = (tmp_path / "env" / "README.md").read_text(encoding="utf-8")
    assert exported == hub_card_text(card, "mirror/cb") != card
    assert 'load_dataset("mirror/cb", "l3")' in exported
    export(release_root, tmp_path / "given", dataset_id="me/data", metric_space_id="me/metric")
    exported = (tmp_path / "given" / "README.md").read_text(encoding="utf-8")
    assert 'load_dataset("me/data", "l3")' in exported and 'evaluate.load("me/metric")' in exported


def test_export_only_with_a_metric_space_writes_both_folders(release_root, tmp_path, capsys,
                                                              monkeypatch):
    monkeypatch.delenv(DATASET_ID_ENV, raising=False)
    if "closurebench.hf.cli" not in cli.EXTENSIONS:
        monkeypatch.setattr(cli, "EXTENSIONS", (*cli.EXTENSIONS, "closurebench.hf.cli"))
    out = tmp_path / "out"
    code = cli.main(["publish", "--export-only", str(out), "--metric-space", "org/cb-metric",
                     "--root", str(release_root)])
    err = capsys.readouterr().err
    assert code == 0, err
    assert f"to {out / 'dataset'}" in err and f"Space org/cb-metric to {out / 'space'}" in err
    assert sorted(p.name for p in out.iterdir()) == ["dataset", "space"]
    found = {p.relative_to(out / "dataset").as_posix() for p in (out / "dataset").rglob("*")
             if p.is_file()}
    assert found == expected_files(release_root)
    card = (out / "dataset" / "README.md").read_text(encoding="utf-8")
    assert 'evaluate.load("org/cb-metric")' in card  # the card names the exported Space
    space = space_files(release_root, "org/cb-metric")
    assert {p.name: p.read_bytes() for p in (out / "space").iterdir()} == space
    assert "cb-metric.py" in space
    # a folder that is not empty is refused before anything is written
    assert cli.main(["publish", "--export-only", str(out), "--metric-space", "org/cb-metric",
                     "--root", str(release_root)]) == 2
    assert "not empty" in capsys.readouterr().err
    assert cli.main(["publish", "--export-only", str(tmp_path / "bad"), "--metric-space",
                     "org/app", "--root", str(release_root)]) == 2
    assert "cannot be named 'app'" in capsys.readouterr().err
    assert not (tmp_path / "bad").exists()


def test_export_refuses_a_non_empty_folder(tmp_path):
    (tmp_path / "keep.txt").write_text("mine")
    with pytest.raises(PublishError, match="not empty"):
        export(ROOT, tmp_path)


@pytest.mark.ds36
@pytest.mark.parametrize("config", [
    c if c in QUICK else pytest.param(c, marks=pytest.mark.slow) for c in CONFIGS])
def test_hub_export_loads_every_config(exported, config, tmp_path, release_root):
    """What the Hub does with the export: no code, just the card's configs and the files."""
    import datasets

    ds = datasets.load_dataset(str(exported), config, cache_dir=str(tmp_path))
    assert set(ds) == set(SPLITS)
    for split in SPLITS:
        want = [r for f in config_files(config, split)
                for r in pq.read_table(release_root / f).to_pylist()]
        assert list(ds[split]) == want


@pytest.mark.ds36
@pytest.mark.parametrize("config", QUICK)
def test_a_clone_s_files_load_by_their_globs(config, tmp_path, release_root):
    """The route docs/configs-and-loading.md gives for a clone (whose README.md is no card)."""
    import datasets

    files = {s: str(release_root / config_pattern(config, s)) for s in SPLITS}
    ds = datasets.load_dataset("parquet", data_files=files, cache_dir=str(tmp_path))
    for split in SPLITS:
        want = [r for f in config_files(config, split)
                for r in pq.read_table(release_root / f).to_pylist()]
        assert list(ds[split]) == want


class FakeHub:
    """Just enough of the Hub's HTTP API for ``create_repo`` and ``upload_folder``."""

    def __init__(self) -> None:
        self.repos: dict[str, dict] = {}
        self.files: dict[str, dict[str, bytes]] = {}
        self.auth: set[str] = set()
        self.unexpected: list[str] = []
        hub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def reply(self, code: int, obj: object) -> None:
                body = json.dumps(obj).encode()
                self.send_response(code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self) -> None:
                hub.unexpected.append(f"GET {self.path}")
                self.reply(404, {"error": "not implemented by the fake hub"})

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                hub.auth.add(self.headers.get("Authorization", ""))
                base = f"http://{self.headers['Host']}"
                parts = self.path.split("/")
                if self.path == "/api/repos/create":
                    req = json.loads(body)
                    repo = f"{req['organization']}/{req['name']}"
                    hub.repos[repo] = req
                    self.reply(200, {"url": f"{base}/{req['type']}s/{repo}", "name": repo})
                elif self.path == "/api/validate-yaml":
                    text = json.loads(body)["content"]
                    meta = yaml.safe_load(text.split("---\n")[1]) if text.startswith("---") else {}
                    ok = isinstance(meta, dict)
                    self.reply(200 if ok else 400, {"errors": [] if ok else [{"message": "bad"}],
                                                    "warnings": []})
                elif len(parts) == 7 and parts[5] == "preupload":
                    files = json.loads(body)["files"]
                    self.reply(200, {"files": [{"path": f["path"], "uploadMode": "regular",
                                                "shouldIgnore": False} for f in files]})
                elif len(parts) == 7 and parts[5] == "commit":
                    repo = f"{parts[3]}/{parts[4]}"
                    for line in body.decode().splitlines():
                        item = json.loads(line)
                        if item["key"] == "file":
                            v = item["value"]
                            assert v["encoding"] == "base64"
                            hub.files.setdefault(repo, {})[v["path"]] = base64.b64decode(
                                v["content"])
                    self.reply(200, {"commitUrl": f"{base}/{parts[2]}/{repo}/commit/{'a' * 40}",
                                     "commitOid": "a" * 40, "success": True})
                else:
                    hub.unexpected.append(f"POST {self.path}")
                    self.reply(404, {"error": "not implemented by the fake hub"})

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> FakeHub:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


@pytest.fixture
def online(monkeypatch):
    """The fake Hub is on 127.0.0.1: huggingface_hub's offline mode (``HF_HUB_OFFLINE=1``, which
    other test modules set for the whole session, and a CI may set) would refuse to reach it.
    The library reads the variable once, at import, so its constant is switched off too."""
    from huggingface_hub import constants

    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)


def test_publish_uploads_every_file_intact(monkeypatch, capsys, release_root, online):
    monkeypatch.setenv("HF_TOKEN", TOKEN)
    if "closurebench.hf.cli" not in cli.EXTENSIONS:
        monkeypatch.setattr(cli, "EXTENSIONS", (*cli.EXTENSIONS, "closurebench.hf.cli"))
    with FakeHub() as hub:
        code = cli.main(["publish", "--repo-id", "org/closurebench", "--private",
                         "--metric-space", "org/closurebench-metric", "--root", str(release_root),
                         "--endpoint", hub.url])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert not hub.unexpected
    assert hub.auth == {f"Bearer {TOKEN}"}
    assert TOKEN not in out.out + out.err
    assert hub.repos["org/closurebench"]["type"] == "dataset"
    assert hub.repos["org/closurebench"].get("private") or (
        hub.repos["org/closurebench"].get("visibility") == "private")
    data = hub.files["org/closurebench"]
    assert set(data) == expected_files(release_root)
    assert all(data[rel] == (release_root / rel).read_bytes() for rel in data if rel != "README.md")
    card = card_file(release_root).read_text(encoding="utf-8")
    # the card, naming the repositories it was published to
    assert data["README.md"].decode() == hub_card_text(
        card, "org/closurebench", "org/closurebench-metric") != card
    assert 'load_dataset("org/closurebench", "l3")' in data["README.md"].decode()
    space = hub.files["org/closurebench-metric"]
    assert hub.repos["org/closurebench-metric"]["sdk"] == "gradio"
    # evaluate.load("org/closurebench-metric") fetches closurebench-metric.py
    assert set(space) == {"closurebench-metric.py", "app.py", "README.md", "requirements.txt"}
    metric_dir = ROOT / "metric/closurebench"
    assert space["closurebench-metric.py"] == (metric_dir / "closurebench.py").read_bytes()
    assert all(space[f] == (metric_dir / f).read_bytes()
               for f in space if f != "closurebench-metric.py")


def run_publish(argv: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    code = ("import sys\nfrom closurebench import cli\n"
            "if 'closurebench.hf.cli' not in cli.EXTENSIONS:\n"
            "    cli.EXTENSIONS = (*cli.EXTENSIONS, 'closurebench.hf.cli')\n"
            "sys.exit(cli.main(sys.argv[1:]))\n")
    base = {k: v for k, v in os.environ.items() if not k.startswith(("HF_", "HUGGING"))}
    return subprocess.run([sys.executable, "-c", code, "publish", *argv], cwd=ROOT,
                          env={**base, **env}, capture_output=True, text=True, timeout=120)


def test_no_token_is_one_clear_line_and_exit_2(tmp_path):
    res = run_publish(["--repo-id", "org/closurebench"], {"HF_HOME": str(tmp_path)})
    assert res.returncode == 2
    assert res.stderr.startswith("error: no Hugging Face token")
    assert len(res.stderr.strip().splitlines()) == 1


def test_no_network_is_one_clear_line_and_exit_2(tmp_path, release_root):
    with socket.socket() as s:  # a loopback port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    res = run_publish(["--repo-id", "org/closurebench", "--endpoint", f"http://127.0.0.1:{port}",
                       "--root", str(release_root)],
                      {"HF_HOME": str(tmp_path), "HF_TOKEN": TOKEN})
    assert res.returncode == 2, res.stderr
    assert res.stderr.startswith("error: publishing dataset org/closurebench")
    assert len(res.stderr.strip().splitlines()) == 1
    assert TOKEN not in res.stderr + res.stdout
