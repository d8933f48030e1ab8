"""``closurebench audit``: the shortcut floors and generation rules of a config, checked.

Prints ``closurebench.audit``'s table for a fresh config (or, with ``--release``, for the
released train and held_out splits, with cross-split twins) and exits 1 if any target in
``closurebench.audit.TARGETS`` is missed, so CI and release scripts can gate on it. With
``--seeds K`` it audits the config at K structural seeds from ``--seed`` on and reports, per
target missed anywhere, on how many seeds: "any fresh seed" claims are checked, not sampled
once.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from typing import Any

__all__ = ["add_parsers"]


def _count(text: str) -> int:
    """``--seeds``: a whole number of seeds, 1 to 1000 (named error otherwise)."""
    try:
        k = int(text)
    except ValueError:
        k = 0
    if not 1 <= k <= 1000:
        raise argparse.ArgumentTypeError(f"--seeds must be a whole number from 1 to 1000, "
                                         f"got {text!r}")
    return k


def _run(args: argparse.Namespace) -> int:
    from closurebench.audit import audit_records, format_table, misses, pooled
    from closurebench.generation.cli import config_kwargs
    from closurebench.generation.config import Config
    from closurebench.generation.instances import instance

    def records(cfg: Config) -> list[dict[str, Any]]:
        return [instance(cfg, k, cross_check=False) for k in range(cfg.size)]

    if args.release:
        from closurebench.generation.release import split_config

        axes = {"per_category": args.per_category} if args.per_category != 50 else {}
        train = records(split_config("train", args.config, **axes))
        held = records(split_config("held_out", args.config, **axes))
        tables = {"train": audit_records(train), "held_out": audit_records(held, against=train)}
    elif args.seeds > 1:
        return _sweep(args, records)
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


def _overshoot(line: str) -> int:
    """How far a miss line's figure is past its target, in points (0 if it has none)."""
    import re

    found = re.search(r"(\d+)% [<>] (\d+)%", line)
    return abs(int(found[1]) - int(found[2])) if found else 0


def _sweep(args: argparse.Namespace, records: Any) -> int:
    """``--seeds K``: the config at seeds seed .. seed + K - 1; misses counted per target."""
    import re
    from collections import defaultdict

    from closurebench.audit import audit_records, misses
    from closurebench.generation.cli import config_kwargs
    from closurebench.generation.config import Config

    base = config_kwargs(args)
    first = base.get("seed", 0)
    by_target: dict[str, list[tuple[int, str]]] = defaultdict(list)
    clean = 0
    for seed in range(first, first + args.seeds):
        cfg = Config.make(args.config, **{**base, "seed": seed})
        missed = misses(audit_records(records(cfg)))
        clean += not missed
        for line in missed:  # "category: what ... 26% > 25%": the target is the words
            target = re.sub(r"\(.*?\)|[\d%]+|\bscores\b", "", line)
            target = " ".join(target.split(">")[0].split("<")[0].split())
            by_target[target].append((seed, line))
    summary = {"seeds": [first, first + args.seeds - 1], "clean": clean,
               "misses": {t: [line for _, line in hits] for t, hits in by_target.items()}}
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(f"{clean} of {args.seeds} seeds ({first}..{first + args.seeds - 1}) meet every "
              f"target.")
        for target, hits in sorted(by_target.items(), key=lambda kv: -len(kv[1])):
            seeds = ", ".join(str(s) for s, _ in hits)
            worst = max((line for _, line in hits), key=_overshoot)
            print(f"- {target}: {len(hits)} seed{'s' if len(hits) > 1 else ''} ({seeds}); "
                  f"worst {worst}")
    return 0 if clean == args.seeds else 1


def add_parsers(sub: Any) -> None:
    from closurebench.generation.cli import add_config_arguments

    a = sub.add_parser("audit", help="shortcut floors, hop depths and spread of a config, "
                                     "checked against the release targets (exit 1 on a miss)")
    add_config_arguments(a)
    a.add_argument("--release", action="store_true",
                   help="audit the released train and held_out splits of CONFIG (with twins)")
    a.add_argument("--json", action="store_true", help="print the measurements as JSON")
    a.add_argument("--seeds", type=_count, default=1, metavar="K",
                   help="audit K structural seeds from --seed on and count the misses per "
                        "target (default 1)")
    a.set_defaults(func=_run)
