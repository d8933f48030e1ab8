"""``closurebench audit``: the shortcut floors and generation rules of a config, checked.

Prints ``closurebench.audit``'s table for a fresh config (or, with ``--release``, for the
released train and held_out splits, with cross-split twins) and exits 1 if any target in
``closurebench.audit.TARGETS`` is missed, so CI and release scripts can gate on it. With
``--seeds K`` it audits the config at K structural seeds from ``--seed`` on and reports, per
target missed anywhere, on how many seeds: "any fresh seed" claims are checked, not sampled
once.

The learned adversary runs too (``audit.adversary``; ``--no-adversary`` skips it): trained on
a seed derived from the audited one (never the audited one), scored on the audited records,
held to ``ADVERSARY_TARGETS``; ``--floors-out FILE`` keeps its table (the learned floors that
reports turn into chance-corrected scores).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from pathlib import Path
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
    from closurebench.audit.adversary import adversary_misses, format_adversary
    from closurebench.generation.cli import config_kwargs
    from closurebench.generation.config import Config
    from closurebench.generation.instances import instance

    def records(cfg: Config) -> list[dict[str, Any]]:
        return [instance(cfg, k, cross_check=False) for k in range(cfg.size)]

    if args.release:
        from closurebench.generation.release import split_config

        axes = {"per_category": args.per_category} if args.per_category != 50 else {}
        train = records(split_config("train", args.config, **axes))
        audited = records(split_config("held_out", args.config, **axes))
        tables = {"train": audit_records(train),
                  "held_out": audit_records(audited, against=train)}
    elif args.seeds > 1:
        return _sweep(args, records)
    else:
        audited = records(Config.make(args.config, **config_kwargs(args)))
        tables = {"config": audit_records(audited)}
    if args.adversary and args.seeds > 1:
        args.adversary = False  # a sweep audits the fixed rules; the adversary is one run
    failed: list[str] = []
    out: dict[str, Any] = {}
    if args.adversary:
        _, adv, meta = _adversary(args, audited)
        out["adversary"] = meta
        missed = adversary_misses(adv)
        failed += [f"adversary: {m}" for m in missed]
        out["adversary"]["misses"] = missed
        if not args.json:
            print(f"## learned adversary ({meta['train']} -> {meta['test']})\n\n"
                  f"{format_adversary(adv)}\n")
        if "explain" in meta and not args.json:
            from closurebench.audit.explain import Explanation, format_explanations

            rows_ = {c: Explanation(d["category"], d["unit"], d["accuracy"], d["base"],
                                    [tuple(f) for f in d["features"]])
                     for c, d in meta["explain"].items()}
            print(f"## what the boosted reader reads\n\n{format_explanations(rows_)}\n")
        if args.floors_out:
            Path(args.floors_out).write_text(json.dumps(meta, indent=2) + "\n",
                                             encoding="utf-8")
    if args.views:  # what no construction can hide: informative, not a target
        from closurebench.audit.views import format_views, view_table, views_json

        open_rows = view_table(audited)
        out["views"] = views_json(open_rows)
        if not args.json:
            print("## open views (another answer under the same no-chaining view)\n\n"
                  f"{format_views(open_rows)}\n")
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


def _adversary(args: argparse.Namespace, test: list[dict[str, Any]]
               ) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """Train the adversary on a seed derived from the audited one, score it on ``test``."""
    from collections import defaultdict

    from closurebench import __version__
    from closurebench.audit.adversary import adversary
    from closurebench.generation.cli import config_kwargs
    from closurebench.generation.config import SEED_LIMIT, Config
    from closurebench.generation.instances import instance
    from closurebench.graph.seeds import derive

    kw = config_kwargs(args)
    seed = derive("audit", "adversary", kw.get("seed", 0)) % SEED_LIMIT
    train_cfg = Config.make(args.config, **{**kw, "seed": seed, "surface_seed": None,
                                            "per_category": args.train_per_category})
    by_cat: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for k in range(train_cfg.size):
        rec = instance(train_cfg, k, cross_check=False)
        by_cat[rec["category"]].append(rec)
    tested: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for rec in test:
        tested[rec["category"]].append(rec)
    rows = {c: adversary(c, by_cat[c], recs) for c, recs in tested.items() if by_cat.get(c)}
    explained = {}
    if getattr(args, "explain", False):
        from closurebench.audit.explain import explain

        explained = {c: e for c, recs in tested.items() if by_cat.get(c)
                     and (e := explain(c, by_cat[c], recs)) is not None}
    where = "the released held_out split" if args.release else f"seed {kw.get('seed', 0)}"
    meta = {"version": __version__, "config": args.config, "train": f"seed {seed}",
            "test": where, "train_per_category": args.train_per_category,
            "categories": {c: r.as_dict() for c, r in rows.items()},
            "mean_gap": sum(r.gap for r in rows.values()) / max(len(rows), 1)}
    if explained:
        meta["explain"] = {c: e.as_dict() for c, e in explained.items()}
    return where, rows, meta


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
    a.add_argument("--no-adversary", dest="adversary", action="store_false",
                   help="skip the learned adversary (fixed readers only; much faster)")
    a.add_argument("--train-per-category", type=_count, default=200, metavar="N",
                   help="the adversary's training instances per category (default 200)")
    a.add_argument("--views", action="store_true",
                   help="also search each audited instance for another graph with its "
                        "no-chaining view and a different answer (audit.views)")
    a.add_argument("--explain", action="store_true",
                   help="also rank the features the adversary's boosted reader leans on "
                        "(permutation importance on the audited records; audit.explain)")
    a.add_argument("--floors-out", default=None, metavar="FILE",
                   help="write the adversary's table (learned floors) as JSON")
    a.set_defaults(func=_run)
