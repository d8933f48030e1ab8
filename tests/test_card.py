"""The dataset card and dataset_infos.json: generated, current, and readable by ``datasets``."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

yaml = pytest.importorskip("yaml")
pytest.importorskip("datasets")

from closurebench import cli  # noqa: E402
from closurebench.categories import CATEGORIES, CONFIGS  # noqa: E402
from closurebench.generation.release import SPLITS  # noqa: E402
from closurebench.hf.card import (  # noqa: E402
    CARD_FILE,
    CardDrift,
    build_card,
    card_file,
    card_text,
    hub_card_text,
)
from closurebench.hf.hub import DATASET_ID, DATASET_ID_ENV  # noqa: E402
from closurebench.hf.splits import read_manifest  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def front_matter(text: str) -> dict:
    assert text.startswith("---\n")
    return yaml.safe_load(text[4:text.index("\n---\n", 4)])


@pytest.fixture(scope="module")
def card(release_root) -> str:
    return card_file(release_root).read_text(encoding="utf-8")


def test_card_and_infos_are_current(monkeypatch, capsys):
    if "closurebench.hf.cli" not in cli.EXTENSIONS:
        monkeypatch.setattr(cli, "EXTENSIONS", (*cli.EXTENSIONS, "closurebench.hf.cli"))
    assert cli.main(["build-card", "--check"]) == 0, capsys.readouterr().err


def test_front_matter_declares_every_config(card, release_root):
    meta = front_matter(card)
    assert meta["license"] == "apache-2.0" and meta["pretty_name"] == "ClosureBench"
    assert meta["task_categories"] and meta["tags"]
    configs = {c["config_name"]: c for c in meta["configs"]}
    gralgo = (release_root / "splits" / "gralgo" / "MANIFEST.json").exists()
    assert list(configs) == [*CONFIGS, *(["gralgo"] if gralgo else [])]
    assert [n for n, c in configs.items() if c.get("default")] == ["all"]
    manifest = read_manifest(release_root)
    if gralgo:  # GrAlgoBench's files: 9 tasks x 6 scales x 50 per split, scale order
        entry = configs.pop("gralgo")
        for f in entry["data_files"]:
            files = sorted(p.name for p in release_root.glob(f["path"]))
            assert files == [f"gralgo-{f['split']}-s{i}.parquet" for i in range(1, 7)]
    for name, entry in configs.items():
        assert [f["split"] for f in entry["data_files"]] == list(SPLITS)
        for f in entry["data_files"]:
            assert isinstance(f["path"], str)  # one glob per split, not a list of files
            files = sorted(p.relative_to(release_root).as_posix()
                           for p in release_root.glob(f["path"]))
            assert sum(manifest["files"][p]["num_examples"] for p in files) == 50 * len(
                CONFIGS[name])
    # an order of magnitude below the 2,015 lines of the one-path-per-file layout
    assert card[:card.index("\n---\n", 4)].count("\n") < 250


def test_datasets_reads_the_recorded_infos(release_root):
    from datasets.info import DatasetInfosDict

    infos = DatasetInfosDict.from_directory(str(release_root))
    assert set(infos) <= set(CONFIGS) | {"gralgo"}  # every entry is a config the builder has
    assert {s: infos["l2"].splits[s].num_examples for s in SPLITS} == dict.fromkeys(SPLITS, 400)
    legacy = json.loads((release_root / "dataset_infos.json").read_text())
    assert legacy["all"]["splits"]["held_out"]["num_examples"] == 1300
    assert legacy["all"]["license"] == "apache-2.0"


def test_every_builder_config_has_an_infos_entry(release_root):
    """One entry per ``BUILDER_CONFIGS`` name, in its order (``gralgo`` once its files are
    built), each with that config's features and the released files' sizes."""
    import datasets

    from closurebench.generation.schema import features
    from closurebench.hf.builder import BUILDER_CONFIGS

    legacy = json.loads((release_root / "dataset_infos.json").read_text())
    gralgo_manifest = release_root / "splits" / "gralgo" / "MANIFEST.json"
    names = [c.name for c in BUILDER_CONFIGS]
    assert list(legacy) == (names if gralgo_manifest.exists() else names[:-1])
    for name, entry in legacy.items():
        weighted = name == "gralgo"
        assert datasets.Features.from_dict(entry["features"]) == features(weighted), name
        assert entry["config_name"] == name
    if not gralgo_manifest.exists():
        return
    gralgo = json.loads(gralgo_manifest.read_text())
    entry = legacy["gralgo"]
    assert {s: entry["splits"][s]["num_examples"] for s in SPLITS} == dict.fromkeys(SPLITS, 2700)
    assert entry["download_size"] == sum(f["size"] for f in gralgo["files"].values())
    assert all(entry["splits"][s]["num_bytes"] > 0 for s in SPLITS)
    assert "node_weights" in entry["features"] and "node_weights" not in legacy["all"]["features"]


def test_the_card_lives_in_the_package():
    assert card_file(ROOT) == ROOT / CARD_FILE
    import closurebench.hf

    shipped = Path(closurebench.hf.__file__).with_name(Path(CARD_FILE).name)
    assert shipped.is_file() and card_file(ROOT / "no-such-folder") == shipped


def test_body_has_a_row_per_category_and_the_marked_sections(card, release_root):
    for cat in CATEGORIES.values():
        assert f"| `{cat.id}` | L{cat.level} |" in card
    for heading in ("## Datasheet", "### Motivation", "### Composition", "### Collection process",
                    "### Uses", "### Distribution", "### Maintenance", "## Seed provenance",
                    "## Limitations", "## Citation", "### What is ours, not the paper's"):
        assert f"\n{heading}\n" in card
    manifest = read_manifest(ROOT)
    for split in manifest["splits"].values():
        assert split["jsonl_sha256"] in card and split["command"] in card


def test_prose_is_kept_and_generated_blocks_are_rewritten(card, release_root):
    manifest = read_manifest(release_root)
    edited = card.replace("## Limitations\n", "## Limitations\n\nA hand-written line.\n", 1)
    stale = edited.replace("| `reachability` | L1 |", "| `reachability` | L9 |", 1)
    out = card_text(stale, manifest, release_root)
    assert "A hand-written line." in out
    assert out == card_text(edited, manifest, release_root)


def test_a_missing_generated_block_is_an_error(card, release_root):
    broken = card.replace("<!-- END GENERATED fields -->", "", 1)
    with pytest.raises(CardDrift, match="fields"):
        card_text(broken, read_manifest(release_root), release_root)


def test_the_hub_card_is_for_users(card, monkeypatch):
    """No clone setup or paths, no machine benchmark table, no placeholder; the Hub quick
    start shows."""
    monkeypatch.delenv(DATASET_ID_ENV, raising=False)
    hub = hub_card_text(card)
    assert not re.search(r"\{\{[a-z_]+\}\}", hub)  # every placeholder filled in
    for word in (".ci/setup", ".venv/bin", "pip install -e", "<org>", "ORG/",
                 "Performance and scale", "load average", "REPO-ONLY", "HUB-ONLY",
                 "trust_remote_code", "closurebench.py", 'evaluate.load("metric/',
                 "metric/closurebench", "tests/"):
        assert word not in hub, word
    assert f'load_dataset("{DATASET_ID}", "l3")' in hub and 'pip install "closurebench[hf]"' in hub
    assert f'evaluate.load("{DATASET_ID}")' in hub  # the metric Space (same id by default)
    assert front_matter(hub) == front_matter(card)
    assert "## Datasheet" in hub and "| `reachability` | L1 |" in hub
    for leak in ("\nRun `bash .ci/setup` first.\n", "\nSee tests/test_card.py.\n",
                 '\nevaluate.load("metric/closurebench")\n'):
        with pytest.raises(CardDrift, match="Hub users"):
            hub_card_text(card + leak)
    with pytest.raises(CardDrift, match=r"placeholder.*dataset_name"):
        hub_card_text(card + "\n{{dataset_name}}\n")


def _hub_ids(text: str) -> set[str]:
    """Every ``ORG/NAME`` the card names outside its GitHub links."""
    text = re.sub(r"https://github\.com/\S+", "", text)
    return set(re.findall(r"(?<![\w/.-])(?:egolabs-ai|mirror|me)/[\w.-]+", text))


def test_the_card_names_the_hub_only_through_placeholders(card):
    assert _hub_ids(card) == set()
    assert "{{dataset_id}}" in card and "{{metric_space_id}}" in card


def test_the_exported_card_names_the_configured_dataset(card, monkeypatch):
    monkeypatch.setenv(DATASET_ID_ENV, "mirror/cb")
    hub = hub_card_text(card)
    assert _hub_ids(hub) == {"mirror/cb", "mirror/closurebench"}
    assert 'load_dataset("mirror/cb", "l3")' in hub
    assert "https://huggingface.co/spaces/mirror/closurebench" in hub
    assert 'evaluate.load("mirror/closurebench")' in hub
    # an explicit target (publish --repo-id, --metric-space) wins over the setting
    hub = hub_card_text(card, "me/data", "me/metric")
    assert _hub_ids(hub) == {"me/data", "me/metric"}
    # the repository's own GitHub links are not Hub ids and stay as they are
    assert "https://github.com/egolabs-ai/closurebench" in hub


def _root_copy(release_root: Path, tmp: Path, *, card: bool, docs: bool) -> Path:
    (tmp / "splits").symlink_to(release_root / "splits")
    shutil.copyfile(release_root / "dataset_infos.json", tmp / "dataset_infos.json")
    if card:
        (tmp / CARD_FILE).parent.mkdir(parents=True)
        shutil.copyfile(card_file(release_root), tmp / CARD_FILE)
    if docs:
        shutil.copytree(ROOT / "docs", tmp / "docs")
    return tmp


def test_a_root_without_the_card_uses_the_installed_one(release_root, tmp_path):
    """A wheel user's folder: the released files, and the card shipped in the package."""
    root = _root_copy(release_root, tmp_path, card=False, docs=False)
    shipped = card_file(root)
    assert shipped.parent.name == "hf" and not shipped.is_relative_to(tmp_path)
    if release_root == ROOT:  # a fresh build's manifest would not match the shipped card
        assert build_card(root, check=True) == [str(shipped), str(root / "dataset_infos.json")]


def test_check_covers_the_docs_tables(release_root, tmp_path):
    root = _root_copy(release_root, tmp_path, card=True, docs=True)
    if release_root == ROOT:
        build_card(root, check=True)
    page = root / "docs" / "categories.md"
    text = page.read_text(encoding="utf-8")
    page.write_text(text.replace("| `reachability` | L1 |", "| `reachability` | L9 |", 1),
                    encoding="utf-8")
    with pytest.raises(CardDrift, match=r"docs/categories\.md out of date"):
        build_card(root, check=True)
    build_card(root)  # the category tables come from the code alone
    assert page.read_text(encoding="utf-8") == text
    page.write_text(text + "\n<!-- BEGIN GENERATED nope -->\n<!-- END GENERATED nope -->\n",
                    encoding="utf-8")
    with pytest.raises(CardDrift, match=r"docs/categories\.md: unknown generated block 'nope'"):
        build_card(root, check=True)



def test_infos_refuse_gralgo_files_that_are_not_their_manifests(release_root, tmp_path):
    """``gralgo``'s Arrow sizes are measured from its files, so a file the manifest does not
    describe (missing, or other bytes) is drift, never a silently wrong size."""
    from closurebench.hf.card import infos_json

    manifest = read_manifest(release_root)
    gralgo = release_root / "splits" / "gralgo" / "MANIFEST.json"
    if not gralgo.exists():
        pytest.skip("the gralgo splits are not built here")
    manifest["gralgo"] = json.loads(gralgo.read_text())
    with pytest.raises(CardDrift, match=r"gralgo-train-s1\.parquet does not match"):
        infos_json(manifest, tmp_path)
    shutil.copytree(release_root / "splits" / "gralgo", tmp_path / "splits" / "gralgo")
    (tmp_path / "splits" / "gralgo" / "gralgo-held_out-s6.parquet").write_bytes(b"other")
    with pytest.raises(CardDrift, match=r"gralgo-held_out-s6\.parquet does not match"):
        infos_json(manifest, tmp_path)
