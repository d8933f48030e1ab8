"""The Hub dataset card and ``dataset_infos.json``: prose kept, everything else generated.

The card lives in the package (``closurebench/hf/dataset_card.md``, shipped as package data so
``build-card`` and ``publish`` work from a wheel); the repository's README.md is the guide,
not the card. ``closurebench build-card`` rewrites the card's YAML front matter and every block
between ``<!-- BEGIN GENERATED name ... -->`` and ``<!-- END GENERATED name -->``; all other
text is hand-written prose and is kept as it is. The same blocks in ``docs/*.md`` (the
category tables, say) are kept current too. Every generated text comes from the builder's
``DatasetInfo``, the category registry and the committed splits' manifest, so a test can
regenerate it all and compare (``--check``).

The card names the Hub repositories as ``{{dataset_id}}`` and ``{{metric_space_id}}``; the
export (``hub_card_text``) fills them in, so a fork's card names the fork.

Features are written in the form ``datasets`` 3.x writes them (``sequence:``, ``Sequence``),
which 3.x and 5.x both read; 5.x's own ``list:``/``List`` would break 3.x readers.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import re
from pathlib import Path
from typing import Any

from closurebench.categories import CATEGORIES, CONFIGS
from closurebench.generation.release import SPLITS
from closurebench.hf.splits import (
    GRALGO_MANIFEST,
    MANIFEST,
    config_files,
    config_pattern,
    features_dict,
    features_yaml,
    gralgo_pattern,
    read_manifest,
    released_rows,
)

__all__ = [
    "CARD", "CARD_FILE", "INFOS", "CardDrift", "build_card", "card_file", "card_text",
    "hub_card_text", "infos_json", "yaml_data",
]

#: The card's name in the Hub export (the Hub reads a dataset's card from its README.md).
CARD = "README.md"
#: The card itself, relative to the repository root (and shipped in the package).
CARD_FILE = "closurebench/hf/dataset_card.md"
INFOS = "dataset_infos.json"
#: Repository pages whose generated blocks ``build-card`` keeps current beside the card's.
DOCS_GLOB = "docs/*.md"

PRETTY_NAME = "ClosureBench"
TAGS = [
    "graph-reasoning", "compositional-reasoning", "transitive-closure", "benchmark",
    "synthetic", "llm-evaluation", "tensor-logic",
]
TASK_CATEGORIES = ["question-answering", "text-generation"]

#: What each record field means (the card's field table).
FIELD_DOCS: dict[str, str] = {
    "id": "`<category>-<index>-<config digest>`; the same instance has the same id in every "
          "config that contains it",
    "category": "category id (one of the 26 below)",
    "level": "compositional level: 1 atomic, 2 chain, 3 composition",
    "n": "number of nodes (graph size axis)",
    "density": "nominal edge density ρ (density axis; for family trees, the probability that a "
               "child has a second recorded parent)",
    "edge_density": "realised edge density of the (first) graph: edges over possible pairs",
    "depth": "query depth axis; equals the level",
    "hops": "hop depth: the smallest k for which a reader cutting every closure at k edges gets "
            "the answer (null for categories that do not chain edges)",
    "structural_seed": "per-instance seed of graph, query and answer",
    "surface_seed": "per-instance seed of labels, domain frame, style and edge order",
    "domain": "domain frame the graph is described in (e.g. fraud, supply chain, kinship)",
    "label_pool": "node label pool (letters, names, servers, animals, numeric)",
    "style": "presentation style of the edge list (`none` for structured encodings)",
    "encoding": "graph encoding: `nl` (natural language) or a structured one",
    "question": "the full prompt text a model sees",
    "answer": "reference answer as canonical JSON (compact, sorted keys)",
    "answer_schema": "JSON Schema (Draft 2020-12) of the answer, as JSON",
    "tolerance": "the paper's literal tolerance (`accuracy_lenient_paper`): `none`, `count` "
                 "(±1) or `set` (± one element); `accuracy_lenient` forgives only the source slip",
    "nodes": "node labels in the order the question lists them",
    "edges": "edges `[source, target]` in the order the question states them",
    "edges_after": "second graph's edges (`graph_comparison` only, else empty)",
    "query": "the query's parameters (node labels, thresholds) as JSON",
    "program": "standalone Python+NetworkX program printing `{\"answer\": ...}` "
               "(never shown to models)",
    "program_tl": "the same instance as a program in ClosureBench's tensor-logic language "
                  "(`closurebench.tl`; never shown to models)",
}

_TOLERANCE = {"none": "exact", "count": "±1", "set": "± one element"}
_BLOCK = re.compile(
    r"(<!-- BEGIN GENERATED (?P<name>[\w-]+)[^>]*-->\n)(?P<body>.*?)"
    r"(<!-- END GENERATED (?P=name) -->)",
    re.DOTALL,
)


_FRONT = re.compile(r"---\n(?:.*?\n)?---\n", re.DOTALL)
#: The Hub ids the export fills in (``hub_card_text``).
_PLACEHOLDER = re.compile(r"\{\{([a-z_]+)\}\}")
#: A clause naming a test file in a category docstring: for the repository's docs, not the card.
_TEST_CLAUSE = re.compile(r";[^;()]*\btests/[\w/.-]+\.py")
#: What a card for Hub users must never show: a clone's setup, paths and loading script.
_NOT_FOR_USERS = (".ci/", ".venv/bin/", "pip install -e", "trust_remote_code",
                  "metric/closurebench", "tests/", "<org>", "ORG/", "REPO-ONLY", "HUB-ONLY")


class CardDrift(ValueError):
    """The card, a docs page or dataset_infos.json differ from what the code generates."""


def _info() -> Any:
    from closurebench.hf.builder import builder_info

    return builder_info()


def _split_sizes(manifest: dict[str, Any], config: str) -> dict[str, dict[str, int]]:
    out = {}
    for split in SPLITS:
        missing = [p for p in config_files(config, split) if p not in manifest["files"]]
        if missing:
            raise CardDrift(f"{MANIFEST} does not list {missing[0]} (another file layout): "
                            "run `closurebench build-splits` first")
        files = [manifest["files"][p] for p in config_files(config, split)]
        out[split] = {
            "num_bytes": sum(f["num_bytes"] for f in files),
            "num_examples": sum(f["num_examples"] for f in files),
            "size": sum(f["size"] for f in files),
        }
    return out


def _size_category(n: int) -> str:
    for bound, label in ((1000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K")):
        if n < bound:
            return label
    return "100K<n<1M"


def yaml_data(manifest: dict[str, Any]) -> dict[str, Any]:
    """The front matter as data: metadata and one ``configs`` entry per config.

    Each config's split is one glob (see ``closurebench.hf.splits``), and the per-config
    ``dataset_info`` (features and sizes, 30 times over) is left to ``dataset_infos.json`` and
    the features embedded in every Parquet file, so the front matter stays short.
    """
    info = _info()
    configs = []
    for name in CONFIGS:
        entry: dict[str, Any] = {"config_name": name, "data_files": [
            {"split": s, "path": config_pattern(name, s)} for s in SPLITS]}
        if name == "all":
            entry["default"] = True
        configs.append(entry)
    total = sum(s["num_examples"] for s in manifest["splits"].values())
    if "gralgo" in manifest:  # GrAlgoBench's files, once built (``build-splits --gralgo``)
        configs.append({"config_name": "gralgo", "data_files": [
            {"split": s, "path": gralgo_pattern(s)} for s in SPLITS]})
        total += sum(s["num_examples"] for s in manifest["gralgo"]["splits"].values())
    return {
        "pretty_name": PRETTY_NAME,
        "license": info.license,
        "language": ["en"],
        "multilinguality": ["monolingual"],
        "annotations_creators": ["machine-generated"],
        "language_creators": ["machine-generated"],
        "source_datasets": ["original"],
        "size_categories": [_size_category(total)],
        "task_categories": TASK_CATEGORIES,
        "tags": TAGS,
        "configs": configs,
    }


def _builder_configs() -> list[str]:
    """The builder's config names, in its order: ``dataset_infos.json`` has one entry each."""
    from closurebench.hf.builder import BUILDER_CONFIGS

    return [c.name for c in BUILDER_CONFIGS]


#: Arrow sizes of GrAlgoBench files by SHA-256: ``build-card --check`` runs often in tests.
_GRALGO_NBYTES: dict[str, int] = {}


def _gralgo_sizes(root: Path, gralgo: dict[str, Any]) -> dict[str, dict[str, int]]:
    """The ``gralgo`` config's sizes per split, from its manifest and files.

    That manifest records no Arrow size, and its files must stay as released, so ``num_bytes``
    is measured here the way ``build-splits`` measures the 26 categories' (the rows rebuilt in
    the pinned schema), once per file content; a file that is not the manifest's is drift.
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    from closurebench.hf.splits import _arrow_nbytes, gralgo_file

    out = {}
    for split in SPLITS:
        paths = [gralgo_file(split, scale) for scale in gralgo["scales"]]
        nbytes = 0
        for rel in paths:
            meta = gralgo["files"].get(rel)
            blob = (root / rel).read_bytes() if (root / rel).is_file() else b""
            if meta is None or hashlib.sha256(blob).hexdigest() != meta["sha256"]:
                raise CardDrift(f"{rel} does not match {GRALGO_MANIFEST}: run "
                                "`closurebench build-splits --gralgo` first")
            if meta["sha256"] not in _GRALGO_NBYTES:
                rows = pq.read_table(pa.BufferReader(blob)).to_pylist()
                _GRALGO_NBYTES[meta["sha256"]] = _arrow_nbytes(rows, weighted=True)
            nbytes += _GRALGO_NBYTES[meta["sha256"]]
        out[split] = {"num_bytes": nbytes,
                      "num_examples": sum(gralgo["files"][p]["num_examples"] for p in paths),
                      "size": sum(gralgo["files"][p]["size"] for p in paths)}
    return out


def infos_json(manifest: dict[str, Any], root: str | os.PathLike[str] = ".") -> str:
    """Legacy ``dataset_infos.json``: one entry per builder config, from the same info as the
    card. ``gralgo`` is there once its files are built (``manifest["gralgo"]``, read from
    ``root``); a builder config with no released files is an error, not a missing entry."""
    from closurebench import __version__
    from closurebench.hf.builder import GRALGO, builder_info

    major, minor, patch = (int(x) for x in __version__.split(".")[:3])
    out = {}
    for name in _builder_configs():
        if name == GRALGO:
            if "gralgo" not in manifest:
                continue  # not built (an sdist's fresh build): the card leaves it out too
            sizes = _gralgo_sizes(Path(root), manifest["gralgo"])
        elif name in CONFIGS:
            sizes = _split_sizes(manifest, name)
        else:
            raise CardDrift(f"builder config {name!r} has no released files to describe")
        info = builder_info(weighted=name == GRALGO)
        out[name] = {
            "description": info.description, "citation": info.citation,
            "homepage": info.homepage, "license": info.license,
            "features": features_dict(weighted=name == GRALGO),
            "builder_name": "closurebench", "dataset_name": "closurebench",
            "config_name": name,
            "version": {"version_str": __version__, "major": major, "minor": minor,
                        "patch": patch},
            "splits": {s: {"name": s, "num_bytes": sizes[s]["num_bytes"],
                           "num_examples": sizes[s]["num_examples"],
                           "dataset_name": "closurebench"} for s in SPLITS},
            "download_size": sum(v["size"] for v in sizes.values()),
            "dataset_size": sum(v["num_bytes"] for v in sizes.values()),
        }
    return json.dumps(out, indent=2, ensure_ascii=False) + "\n"


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _table(head: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    lines += ["| " + " | ".join(_cell(c) for c in r) + " |" for r in rows]
    return "\n".join(lines) + "\n"


def _paragraphs(category: str) -> list[str]:
    doc = importlib.import_module(f"closurebench.categories.{category}").__doc__ or ""
    return [" ".join(p.split()) for p in doc.strip().split("\n\n") if p.strip()]


def _first_rows(train: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each category's first train row (the card's examples)."""
    out: dict[str, dict[str, Any]] = {}
    for r in train:
        out.setdefault(r["category"], r)
    return {c: out[c] for c in CATEGORIES}


def _block_configs(manifest: dict[str, Any]) -> str:
    rows = []
    for name in CONFIGS:
        sizes = _split_sizes(manifest, name)
        cats = CONFIGS[name]
        what = f"{len(cats)} categories" if len(cats) > 1 else f"L{CATEGORIES[name].level}"
        rows.append([f"`{name}`" + (" (default)" if name == "all" else ""), what,
                     *(str(sizes[s]["num_examples"]) for s in SPLITS),
                     f"`{config_pattern(name, 'train')}`"])
    return _table(["config", "holds", *SPLITS, "train files (held_out alike)"], rows)


def _block_fields() -> str:
    from closurebench.generation.records import FIELDS

    types = {f["name"]: f.get("dtype") or f"list of {_kind(f)}" for f in features_yaml()}
    return _table(["field", "type", "meaning"],
                  [[f"`{k}`", types[k], FIELD_DOCS[k]] for k in FIELDS])


def _kind(f: dict[str, Any]) -> str:
    inner = f["sequence"]
    return inner if isinstance(inner, str) else f"list of {inner['sequence']}"


def _block_categories() -> str:
    rows = []
    for c in CATEGORIES.values():
        first = _paragraphs(c.id)[0]
        first = first.split(": ", 1)[1] if first.startswith(f"{c.id} (") else first
        slip = {"+1": "count + 1", "-1": "count − 1", "query": "∪ query node(s)"}.get(c.slip, "—")
        rows.append([f"`{c.id}`", f"L{c.level}", " → ".join(c.primitives), c.answer,
                     f"`{json.dumps(c.schema, sort_keys=True, separators=(',', ':'))}`",
                     slip, _TOLERANCE[c.tolerance], str(c.n_floor),
                     "yes" if c.chains else "—", first])
    return _table(["id", "level", "primitives", "answer", "JSON Schema", "lenient (slip)",
                   "paper lenient", "generated from n", "hops", "definition"], rows)


def _block_conventions() -> str:
    lines = []
    for c in CATEGORIES.values():
        rest = " ".join(_paragraphs(c.id)[1:])
        lines.append(f"- **`{c.id}`**: {rest}" if rest else f"- **`{c.id}`**: (no extra notes)")
    return "\n".join(lines) + "\n"


def _block_examples(first: dict[str, dict[str, Any]]) -> str:
    rows = [[f"`{c}`", r["question"].split("\n")[-2], f"`{r['answer']}`"]
            for c, r in first.items()]
    return _table(["id", "question (the graph description above it is omitted)",
                   "reference answer"], rows)


def _block_example_record(first: dict[str, dict[str, Any]]) -> str:
    rec = first["reachability"]
    keep = {k: rec[k] for k in ("id", "category", "level", "n", "density", "domain", "style",
                                "answer", "answer_schema", "tolerance", "query")}
    return ("```text\n" + rec["question"] + "\n```\n\n```json\n"
            + json.dumps(keep, indent=2, ensure_ascii=False) + "\n```\n")


def _block_provenance(manifest: dict[str, Any]) -> str:
    splits = [(name, manifest["splits"][name]) for name in SPLITS]
    rows = [[f"`{name}`", str(s["seed"]), str(s["surface_seed"]), str(s["num_examples"]),
             f"`{s['jsonl_sha256']}`"] for name, s in splits]
    size = sum(f["size"] for f in manifest["files"].values())
    return (
        _table(["split", "structural seed", "surface seed", "rows", "SHA-256 of canonical JSONL"],
               rows)
        + f"\nPackage version **{manifest['package_version']}**; axes "
        f"n ∈ [{manifest['axes']['n_min']}, {manifest['axes']['n_max']}], "
        f"ρ ∈ [{manifest['axes']['density'][0]}, {manifest['axes']['density'][1]}], "
        f"{manifest['per_category']} instances per category, encoding "
        f"`{manifest['axes']['encoding']}`. Parquet written by pyarrow "
        f"{manifest['pyarrow_version']} ({len(manifest['files'])} files, {size:,} bytes); "
        f"per-file hashes are in `{MANIFEST}`.\n\n"
        "Verify a split from scratch (the hash is over exactly the JSONL that "
        "`closurebench generate` prints):\n\n```bash\n"
        + "".join(f"{s['command']} | sha256sum   # {name}\n" for name, s in splits)
        + "closurebench build-splits --check   # regenerates every Parquet file and compares\n"
        "```\n"
    )


def _block_audit(recs: dict[str, list[dict[str, Any]]]) -> str:
    """The release audit (``closurebench audit all --release``): held_out's table, both splits'
    pooled figures and the targets' verdict, over the released files' rows."""
    from closurebench.audit import audit_records, format_table, misses, pooled

    train = audit_records(recs["train"])
    held = audit_records(recs["held_out"], against=recs["train"])
    missed = [f"train: {m}" for m in misses(train)] + [f"held_out: {m}" for m in misses(held)]
    pt = pooled(train)
    verdict = ("Every target of these readers is met on both splits (the learned floors below "
               "are another matter)." if not missed else
               "Targets missed: " + "; ".join(missed) + ".")
    return (
        f"{format_table(held)}\n\n"
        f"Train: one-hop reader {100 * pt['one_hop']:.0f}% strict over the closure "
        f"categories, {100 * pt['hops3']:.0f}% need ≥ 3 hops. {verdict}\n"
    )


def _block_learned() -> str:
    """The release's learned floors (``closurebench/audit/floors.json``, written by ``closurebench
    audit all --release --floors-out``): stored with the release, not recomputed, so the card
    states exactly the table that reports and model cards correct against."""
    from closurebench.audit.floors import release_floors

    table = release_floors()
    if table is None:
        return "No learned floors are stored with this release.\n"
    rows = table["categories"]
    body = _table(
        ["category", "chance floor", "learned floor", "best no-chaining reader", "gap"],
        [[c, f"{100 * r['chance_floor']:.0f}%", f"{100 * r['learned_floor']:.0f}%",
          f"`{r['best_reader']}`", f"{100 * r['gap']:+.0f}"] for c, r in rows.items()])
    high = sorted(((r["gap"], c) for c, r in rows.items() if r["gap"] > 0.15), reverse=True)
    named = ", ".join(f"{c} {100 * g:+.0f}" for g, c in high)
    return (
        f"{body}\n\nMeasured for {table['version']}: trained on {table['train']} "
        f"({table['train_per_category']} per category), scored on {table['test']}. Mean gap "
        f"{100 * table['mean_gap']:+.1f} points (target ≤ +10, each ≤ +15). "
        + (f"Categories whose learned floor stays more than 15 points above chance: {named}."
           if high else "Every category is within 15 points of its chance floor.") + "\n"
    )


#: The audit block and first rows per release (keyed by the splits' fingerprints): a
#: process that builds the card several times reads and audits 2,600 rows once.
_RELEASE_BLOCKS: dict[tuple[str, ...], tuple[str, dict[str, dict[str, Any]]]] = {}


def _blocks(manifest: dict[str, Any], root: Path) -> dict[str, str]:
    key = tuple(manifest["splits"][split]["jsonl_sha256"] for split in SPLITS)
    if key not in _RELEASE_BLOCKS:
        recs = {split: released_rows(root, split) for split in SPLITS}
        _RELEASE_BLOCKS[key] = (_block_audit(recs), _first_rows(recs["train"]))
    audit, first = _RELEASE_BLOCKS[key]
    return {
        "audit": audit,
        "learned": _block_learned(),
        "configs": _block_configs(manifest),
        "fields": _block_fields(),
        "categories": _block_categories(),
        "conventions": _block_conventions(),
        "examples": _block_examples(first),
        "example-record": _block_example_record(first),
        "provenance": _block_provenance(manifest),
        "citation": "```bibtex\n" + _info().citation.rstrip() + "\n```\n",
    }


def _block_moved() -> str:
    """The pre-0.3 module paths and their homes (``closurebench.MOVED``), for docs/layout.md."""
    from closurebench import MOVED

    rows = [[f"`{old}`", ", ".join(f"`{h}`" for h in ((new,) if isinstance(new, str) else new))]
            for old, new in sorted(MOVED.items())]
    return _table(["old module path", "new home"], rows)


def _docs_blocks(blocks: dict[str, str]) -> dict[str, str]:
    """The blocks docs/ pages may hold: the card's, and the repository's own."""
    return {**blocks, "moved": _block_moved()}


def _front_matter(manifest: dict[str, Any]) -> str:
    import yaml

    body = yaml.safe_dump(yaml_data(manifest), sort_keys=False, allow_unicode=True,
                          width=100, default_flow_style=False)
    return f"---\n{body}---\n"


def _fill(text: str, blocks: dict[str, str], where: str, *, every: bool) -> str:
    """``text`` with each generated block's body replaced; ``every``: all must be there."""
    seen: set[str] = set()

    def fill(m: re.Match[str]) -> str:
        name = m.group("name")
        if name not in blocks:
            raise CardDrift(f"{where}: unknown generated block {name!r}")
        seen.add(name)
        return m.group(1) + blocks[name] + m.group(4)

    out = _BLOCK.sub(fill, text)
    missing = sorted(set(blocks) - seen)
    if every and missing:
        raise CardDrift(f"{where}: generated block(s) missing: {', '.join(missing)}")
    return out


def _card_blocks(blocks: dict[str, str]) -> dict[str, str]:
    """The blocks as the card shows them: no test-file paths (the docs keep them)."""
    return {**blocks, "conventions": _TEST_CLAUSE.sub("", blocks["conventions"])}


def _card_text(current: str, manifest: dict[str, Any], blocks: dict[str, str]) -> str:
    body = current
    if body.startswith("---\n"):
        m = _FRONT.match(body)
        if m is None:
            raise CardDrift(f"{CARD_FILE}: front matter has no closing '---'")
        body = body[m.end():]
    return _front_matter(manifest) + _fill(body, _card_blocks(blocks), CARD_FILE, every=True)


def card_text(current: str, manifest: dict[str, Any],
              root: str | os.PathLike[str] = ".") -> str:
    """The card ``current`` with its front matter and generated blocks replaced (prose kept),
    for the release under ``root`` (``manifest`` its manifest)."""
    return _card_text(current, manifest, _blocks(manifest, Path(root)))


def hub_card_text(card: str, dataset_id: str | None = None,
                  metric_space_id: str | None = None) -> str:
    """The card as the Hub export holds it: ``{{dataset_id}}`` and ``{{metric_space_id}}``
    filled in (by default ``closurebench.hf.hub.dataset_id()``, which reads
    ``CLOSUREBENCH_DATASET_ID``, and the metric Space beside it). Raises ``CardDrift`` if text
    meant for a clone of the repository would show."""
    from closurebench.hf import hub

    dataset = hub.validate_repo_id(dataset_id or hub.dataset_id(), "dataset id")
    ids = {"dataset_id": dataset, "metric_space_id": hub.validate_repo_id(
        metric_space_id or hub.metric_space_id(dataset), "metric Space id")}
    unknown = sorted({m.group(1) for m in _PLACEHOLDER.finditer(card)} - set(ids))
    if unknown:
        raise CardDrift(f"{CARD_FILE}: unknown placeholder(s) {', '.join(unknown)}")
    text = _PLACEHOLDER.sub(lambda m: ids[m.group(1)], card)
    leaks = sorted({w for w in _NOT_FOR_USERS if w in text})
    if leaks:
        raise CardDrift(f"{CARD_FILE}: the Hub card would show {', '.join(map(repr, leaks))}; "
                        "the card is for Hub users: move that text to the repository's docs/")
    return text


def card_file(root: str | os.PathLike[str] = ".") -> Path:
    """The card under ``root`` (a clone or an sdist), else the installed package's copy."""
    here = Path(root) / CARD_FILE
    return here if here.is_file() else Path(__file__).with_name(Path(CARD_FILE).name)


def build_card(root: str | os.PathLike[str] = ".", *, check: bool = False) -> list[str]:
    """Regenerate (or with ``check``, verify) the card, ``dataset_infos.json`` and the
    generated blocks of ``docs/*.md`` under ``root``; the paths. Writes only what changed."""
    root = Path(root)
    manifest = read_manifest(root)
    if (root / GRALGO_MANIFEST).exists():
        manifest = {**manifest, "gralgo": json.loads(
            (root / GRALGO_MANIFEST).read_text(encoding="utf-8"))}
    blocks = _blocks(manifest, root)
    path = card_file(root)
    want = {path: _card_text(path.read_text(encoding="utf-8"), manifest, blocks),
            root / INFOS: infos_json(manifest, root)}
    docs = _docs_blocks(blocks)
    for page in sorted(root.glob(DOCS_GLOB)):
        text = page.read_text(encoding="utf-8")
        if _BLOCK.search(text):
            want[page] = _fill(text, docs, page.relative_to(root).as_posix(), every=False)
    stale = {p: text for p, text in want.items()
             if not p.exists() or p.read_text(encoding="utf-8") != text}
    if check and stale:
        names = ", ".join(p.relative_to(root).as_posix() if p.is_relative_to(root) else str(p)
                          for p in stale)
        raise CardDrift(f"{names} out of date: run `closurebench build-card`")
    for p, text in stale.items():
        p.write_text(text, encoding="utf-8", newline="\n")
    return [str(p) for p in want]
