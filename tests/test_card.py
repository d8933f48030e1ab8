"""The dataset card and dataset_infos.json: generated, current, and readable by ``datasets``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

yaml = pytest.importorskip("yaml")
pytest.importorskip("datasets")

from closurebench import cli  # noqa: E402
from closurebench.categories import CATEGORIES, CONFIGS  # noqa: E402
from closurebench.hf.card import CardDrift, card_text  # noqa: E402
from closurebench.hf.splits import read_manifest  # noqa: E402
from closurebench.release import SPLITS  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def front_matter(text: str) -> dict:
    assert text.startswith("---\n")
    return yaml.safe_load(text[4:text.index("\n---\n", 4)])


@pytest.fixture(scope="module")
def card() -> str:
    return (ROOT / "README.md").read_text(encoding="utf-8")


def test_card_and_infos_are_current(monkeypatch, capsys):
    if "closurebench.hf.cli" not in cli.EXTENSIONS:
        monkeypatch.setattr(cli, "EXTENSIONS", (*cli.EXTENSIONS, "closurebench.hf.cli"))
    assert cli.main(["build-card", "--check"]) == 0, capsys.readouterr().err


def test_front_matter_declares_every_config(card):
    meta = front_matter(card)
    assert meta["license"] == "apache-2.0" and meta["pretty_name"] == "ClosureBench"
    assert meta["task_categories"] and meta["tags"]
    configs = {c["config_name"]: c for c in meta["configs"]}
    assert list(configs) == list(CONFIGS)
    assert [n for n, c in configs.items() if c.get("default")] == ["all"]
    manifest = read_manifest(ROOT)
    for info in meta["dataset_info"]:
        name = info["config_name"]
        for s in info["splits"]:
            files = next(f["path"] for f in configs[name]["data_files"] if f["split"] == s["name"])
            assert s["num_examples"] == sum(manifest["files"][p]["num_examples"] for p in files)
            assert s["num_examples"] == 50 * len(CONFIGS[name])
        assert "list" not in json.dumps(info["features"])  # 3.x-readable "sequence" form


def test_datasets_reads_the_recorded_infos():
    from datasets.info import DatasetInfosDict

    infos = DatasetInfosDict.from_directory(str(ROOT))
    assert set(infos) == set(CONFIGS)
    assert {s: infos["l2"].splits[s].num_examples for s in SPLITS} == dict.fromkeys(SPLITS, 400)
    legacy = json.loads((ROOT / "dataset_infos.json").read_text())
    assert legacy["all"]["splits"]["held_out"]["num_examples"] == 1300
    assert legacy["all"]["license"] == "apache-2.0"


def test_body_has_a_row_per_category_and_the_marked_sections(card):
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


def test_prose_is_kept_and_generated_blocks_are_rewritten(card):
    manifest = read_manifest(ROOT)
    edited = card.replace("## Limitations\n", "## Limitations\n\nA hand-written line.\n", 1)
    stale = edited.replace("| `reachability` | L1 |", "| `reachability` | L9 |", 1)
    out = card_text(stale, manifest)
    assert "A hand-written line." in out
    assert out == card_text(edited, manifest)


def test_a_missing_generated_block_is_an_error(card):
    broken = card.replace("<!-- END GENERATED fields -->", "", 1)
    with pytest.raises(CardDrift, match="fields"):
        card_text(broken, read_manifest(ROOT))
