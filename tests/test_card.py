"""The dataset card and dataset_infos.json: generated, current, and readable by ``datasets``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

yaml = pytest.importorskip("yaml")
pytest.importorskip("datasets")

from closurebench import cli  # noqa: E402
from closurebench.categories import CATEGORIES, CONFIGS  # noqa: E402
from closurebench.generation.release import SPLITS  # noqa: E402
from closurebench.hf.card import CardDrift, card_text, hub_card_text  # noqa: E402
from closurebench.hf.hub import DATASET_ID  # noqa: E402
from closurebench.hf.splits import read_manifest  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def front_matter(text: str) -> dict:
    assert text.startswith("---\n")
    return yaml.safe_load(text[4:text.index("\n---\n", 4)])


@pytest.fixture(scope="module")
def card(release_root) -> str:
    return (release_root / "README.md").read_text(encoding="utf-8")


def test_card_and_infos_are_current(monkeypatch, capsys):
    if "closurebench.hf.cli" not in cli.EXTENSIONS:
        monkeypatch.setattr(cli, "EXTENSIONS", (*cli.EXTENSIONS, "closurebench.hf.cli"))
    assert cli.main(["build-card", "--check"]) == 0, capsys.readouterr().err


def test_front_matter_declares_every_config(card, release_root):
    meta = front_matter(card)
    assert meta["license"] == "apache-2.0" and meta["pretty_name"] == "ClosureBench"
    assert meta["task_categories"] and meta["tags"]
    configs = {c["config_name"]: c for c in meta["configs"]}
    assert list(configs) == list(CONFIGS)
    assert [n for n, c in configs.items() if c.get("default")] == ["all"]
    manifest = read_manifest(release_root)
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
    assert set(infos) == set(CONFIGS)
    assert {s: infos["l2"].splits[s].num_examples for s in SPLITS} == dict.fromkeys(SPLITS, 400)
    legacy = json.loads((release_root / "dataset_infos.json").read_text())
    assert legacy["all"]["splits"]["held_out"]["num_examples"] == 1300
    assert legacy["all"]["license"] == "apache-2.0"


def test_body_has_a_row_per_category_and_the_marked_sections(card, release_root):
    for cat in CATEGORIES.values():
        assert f"| `{cat.id}` | L{cat.level} |" in card
    for marker in ("BEGIN QUICKSTART", "END QUICKSTART", "BEGIN METRIC", "END METRIC"):
        assert f"<!-- {marker}" in card
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
    out = card_text(stale, manifest)
    assert "A hand-written line." in out
    assert out == card_text(edited, manifest)


def test_a_missing_generated_block_is_an_error(card, release_root):
    broken = card.replace("<!-- END GENERATED fields -->", "", 1)
    with pytest.raises(CardDrift, match="fields"):
        card_text(broken, read_manifest(release_root))


def test_the_hub_card_is_for_users(card):
    """No clone setup, no machine benchmark table, no placeholder; the Hub quick start shows."""
    hub = hub_card_text(card)
    for word in (".ci/setup", "<org>", "ORG/", "Performance and scale", "load average",
                 "REPO-ONLY", "HUB-ONLY"):
        assert word not in hub, word
    assert f'load_dataset("{DATASET_ID}", "l3")' in hub and 'pip install "closurebench[hf]"' in hub
    assert front_matter(hub) == front_matter(card)
    assert "## Datasheet" in hub and "| `reachability` | L1 |" in hub
    with pytest.raises(CardDrift, match="REPO-ONLY"):
        hub_card_text(card + "\nRun `bash .ci/setup` first.\n")
