"""``closurebench audit``: the shortcut floors and generation rules of a config, checked.

Prints ``closurebench.audit``'s table for a fresh config (or, with ``--release``, for the
released train and held_out splits, with cross-split twins) and exits 1 if any target in
``closurebench.audit.TARGETS`` is missed, so CI and release scripts can gate on it.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from typing import Any

__all__ = ["add_parsers"]


def _run(args: argparse.Namespace) -> int:
    from closurebench.audit import audit_records, format_table, misses, pooled
    from closurebench.cli import config_kwargs
    from closurebench.config import Config
    from closurebench.generator import instance

    def records(cfg: Config) -> list[dict[str, Any]]:
        return [instance(cfg, k, cross_check=False) for k in range(cfg.size)]

    if args.release:
        from closurebench.release import split_config

        axes = {"per_category": args.per_category} if args.per_category != 50 else {}
        train = records(split_config("train", args.config, **axes))
        held = records(split_config("held_out", args.config, **axes))
        tables = {"train": audit_records(train), "held_out": audit_records(held, against=train)}
    else:
        cfg = Config.make(args.config, **config_kwargs(args))
        tables = {"config": audit_records(records(cfg))}
    failed: list[str] = []
    out: dict[str, Any] = {}
    for name, rows in tables.items():
        missed = misses(rows)
        failed += [f"{name}: {m}" for m in missed]
        out[name] = {"categories": {k: asdict(v) for k, v in rows.items()},
                     "pooled": pooled(rows), "misses": missed}
        if not args.json:
            print(f"## {name}\n\n{format_table(rows)}\n")
    if args.json:
        print(json.dumps(out, indent=2))
    elif failed:
        print("Targets missed:\n" + "\n".join(f"- {m}" for m in failed))
    else:
        print("All targets met.")
    return 1 if failed else 0


def add_parsers(sub: Any) -> None:
    from closurebench.cli import add_config_arguments

    a = sub.add_parser("audit", help="shortcut floors, hop depths and spread of a config, "
                                     "checked against the release targets (exit 1 on a miss)")
    add_config_arguments(a)
    a.add_argument("--release", action="store_true",
                   help="audit the released train and held_out splits of CONFIG (with twins)")
    a.add_argument("--json", action="store_true", help="print the measurements as JSON")
    a.set_defaults(func=_run)
