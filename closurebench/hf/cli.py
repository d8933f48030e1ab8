"""Commands ``build-splits``, ``build-card`` and ``publish`` (wired by ``closurebench.cli``).

Each handler imports its module on call, so ``closurebench generate`` never imports pyarrow,
``datasets`` or ``huggingface_hub``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

__all__ = ["add_parsers"]


def _build_splits(args: argparse.Namespace) -> int:
    from closurebench.hf.splits import DriftError, build_gralgo_splits, build_splits

    def progress(path: str) -> None:
        if not args.quiet:
            print(("checked " if args.check else "wrote ") + path, file=sys.stderr)

    try:
        build = build_gralgo_splits if args.gralgo else build_splits
        manifest = build(args.root, check=args.check, workers=args.workers, progress=progress)
    except DriftError as exc:
        print(f"drift: {exc}", file=sys.stderr)
        return 1
    for name, s in manifest["splits"].items():
        print(f"{name}: {s['num_examples']} rows, sha256(jsonl) {s['jsonl_sha256']}")
    return 0


def _build_card(args: argparse.Namespace) -> int:
    from closurebench.hf.card import CardDrift, build_card

    try:
        written = build_card(args.root, check=args.check)
    except CardDrift as exc:
        print(f"drift: {exc}", file=sys.stderr)
        return 1
    for path in written:
        print(("up to date: " if args.check else "wrote ") + path, file=sys.stderr)
    return 0


def _publish(args: argparse.Namespace) -> int:
    from closurebench.hf.publish import publish_dataset, publish_metric

    if args.export_only:
        return _export_only(args)
    if not args.repo_id and not args.metric_space:
        raise ValueError("publish needs --repo-id, --metric-space or --export-only")
    common: dict[str, Any] = {"private": args.private, "endpoint": args.endpoint}
    if args.repo_id:
        url = publish_dataset(args.root, args.repo_id, metric_space_id=args.metric_space,
                              **common)
        print(f"published dataset {args.repo_id}: {url}", file=sys.stderr)
    if args.metric_space:
        url = publish_metric(args.root, args.metric_space, **common)
        print(f"published metric Space {args.metric_space}: {url}", file=sys.stderr)
    return 0


def _export_only(args: argparse.Namespace) -> int:
    """What ``publish`` would upload, written to disk: the dataset folder in DIR, or with
    ``--metric-space`` the dataset in DIR/dataset and the Space in DIR/space."""
    from closurebench.hf.publish import PublishError, export, export_space

    out = Path(args.export_only)
    ids = {"dataset_id": args.repo_id, "metric_space_id": args.metric_space}
    if not args.metric_space:
        files = export(args.root, out, **ids)
        print(f"exported {len(files)} files to {out}", file=sys.stderr)
        return 0
    if out.exists() and any(out.iterdir()):
        raise PublishError(f"export folder {out} is not empty")
    space = export_space(args.root, args.metric_space, out / "space")  # checks the id first
    files = export(args.root, out / "dataset", **ids)
    print(f"exported {len(files)} files to {out / 'dataset'} and the {len(space)} files of "
          f"Space {args.metric_space} to {out / 'space'}", file=sys.stderr)
    return 0


def add_parsers(sub: Any) -> None:
    """Add this module's subcommands to the ``closurebench`` parser."""
    p = sub.add_parser("build-splits",
                       help="regenerate the released Parquet splits and their manifest")
    p.add_argument("--root", default=".", help="repository root (default: .)")
    p.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 if the committed files differ from a fresh build")
    p.add_argument("--workers", type=int, default=1, help="processes (output is identical)")
    p.add_argument("--quiet", action="store_true", help="no per-file progress")
    p.add_argument("--gralgo", action="store_true",
                   help="GrAlgoBench's splits instead (splits/gralgo: 9 tasks x 6 scales x 50)")
    p.set_defaults(func=_build_splits)

    c = sub.add_parser("build-card",
                       help="regenerate the dataset card's front matter and tables, the docs' "
                       "tables, and dataset_infos.json")
    c.add_argument("--root", default=".", help="repository root (default: .)")
    c.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 if the card (closurebench/hf/dataset_card.md), "
                   "a docs/ page or dataset_infos.json is stale")
    c.set_defaults(func=_build_card)

    u = sub.add_parser("publish", help="export the Hub dataset folder and upload it")
    u.add_argument("--repo-id", default=None,
                   help="ORG/NAME of the dataset repository (the released one is "
                   "closurebench.hf.hub.DATASET_ID; set CLOSUREBENCH_DATASET_ID for a fork)")
    u.add_argument("--private", action="store_true", help="create the repositories private")
    u.add_argument("--export-only", metavar="DIR", default=None,
                   help="only write what would be uploaded, to DIR (no network); with "
                   "--metric-space, the dataset to DIR/dataset and the Space to DIR/space")
    u.add_argument("--metric-space", metavar="ORG/NAME", default=None,
                   help="also upload metric/closurebench/ as a Space; its script is "
                   "uploaded as NAME.py, so evaluate.load('ORG/NAME') works")
    u.add_argument("--root", default=".", help="repository root (default: .)")
    u.add_argument("--endpoint", default=None,
                   help="Hub URL (default: huggingface_hub's, i.e. HF_ENDPOINT or the Hub)")
    u.set_defaults(func=_publish)
