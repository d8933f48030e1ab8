"""``closurebench export sft``: chat-format training data, with the prompts the runner uses.

Each record becomes ``{"messages": [system, user, assistant], "id", "category", "level"}``,
the conversational format TRL's ``SFTTrainer`` reads: the system prompt and the question are
exactly what ``closurebench run`` sends, and the assistant turn is the target: the reference
TL program (``--target tl``), the Python+NetworkX program (``python``), or the answer
(``answer``; with ``--mode cot`` the answer follows its derivation as a TL program). Data comes
from a config's train split (seed ``--seed``; seed 0 under the released axes is the released
train split) or, with ``--split held_out --allow-held-out``, its held-out split, which is
otherwise refused so evaluation data does not leak into training by accident.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from itertools import islice
from typing import Any

from closurebench.errors import ConfigError

__all__ = ["TARGETS", "add_parsers", "sft_example", "sft_records", "write_sft"]

TARGETS = ("tl", "python", "answer")


def _assistant(record: dict[str, Any], target: str, mode: str) -> str:
    if target == "tl":
        return f"```tl\n{record['program_tl']}```"
    if target == "python":
        return f"```python\n{record['program']}```"
    answer = json.dumps({"answer": json.loads(record["answer"])}, ensure_ascii=False)
    if mode == "cot":
        return ("The facts and the computation, as a tensor-logic program:\n"
                f"```tl\n{record['program_tl']}```\nRunning it gives the answer.\n{answer}")
    return answer


def _prompt(target: str, mode: str | None) -> tuple[str, str | None]:
    """(prompt key, answer mode) of a target, or a ``ConfigError`` for a bad pair."""
    from closurebench.run.prompts import prompt_key

    if target not in TARGETS:
        raise ConfigError(f"target must be one of {', '.join(TARGETS)}, got {target!r}")
    if target == "answer":
        mode = mode or "direct"
        if mode not in ("direct", "cot"):
            raise ConfigError(f"--mode must be direct or cot for --target answer, got {mode!r}")
        key = prompt_key(mode)
    else:
        if mode is not None:
            raise ConfigError("--mode applies to --target answer only; program targets use "
                              "the program prompt")
        key = prompt_key("program", target)
    return key, mode


def sft_example(record: dict[str, Any], target: str, mode: str | None = None) -> dict[str, Any]:
    """One chat-format training example from one record."""
    from closurebench.run.prompts import build_messages

    key, mode = _prompt(target, mode)
    messages = build_messages(record["question"], key)
    messages.append({"role": "assistant", "content": _assistant(record, target, mode or "")})
    return {"messages": messages, "id": record["id"], "category": record["category"],
            "level": record["level"]}


def sft_records(config: Any, target: str, mode: str | None = None) -> Iterator[dict[str, Any]]:
    """Examples for every record of a ``Config``, in record order."""
    from closurebench.generation.instances import instance

    for k in range(config.size):
        yield sft_example(instance(config, k), target, mode)


def write_sft(examples: Iterable[dict[str, Any]], out: str, *, batch: int = 500) -> int:
    """Write JSONL (``-`` for stdout) or ``*.parquet``; returns the count."""
    if out.endswith(".parquet"):
        import pyarrow as pa
        import pyarrow.parquet as pq

        message = pa.struct([("role", pa.string()), ("content", pa.string())])
        schema = pa.schema([("messages", pa.list_(message)), ("id", pa.string()),
                            ("category", pa.string()), ("level", pa.int64())])
        it, count = iter(examples), 0
        with pq.ParquetWriter(out, schema) as writer:
            while chunk := list(islice(it, batch)):
                writer.write_table(pa.Table.from_pylist(chunk, schema=schema))
                count += len(chunk)
        return count
    fh = sys.stdout if out == "-" else open(out, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
    count = 0
    try:
        for ex in examples:
            fh.write(json.dumps(ex, ensure_ascii=False, separators=(",", ":")) + "\n")
            count += 1
    finally:
        if fh is not sys.stdout:
            fh.close()
    return count


def _config(args: argparse.Namespace) -> Any:
    from closurebench.generation.cli import config_kwargs
    from closurebench.generation.config import Config
    from closurebench.generation.release import SPLITS, TRAIN, held_out_seed, split_seeds

    kw = config_kwargs(args)
    seeds = split_seeds(args.split, kw.pop("seed"), kw.pop("surface_seed"))
    released_held_out = held_out_seed(TRAIN.seed)
    if not args.allow_held_out and (args.split == "held_out"
                                    or released_held_out in (seeds.seed, seeds.surface_seed)):
        raise ConfigError("refusing to export held-out data as training data: that is the "
                          "evaluation split; pass --allow-held-out if you really mean it")
    if kw.get("half") is None:  # a split keeps its structural half, as the released ones do
        kw["half"] = SPLITS.index(args.split)
    return Config.make(args.config, seed=seeds.seed, surface_seed=seeds.surface_seed, **kw)


def _export_sft(args: argparse.Namespace) -> int:
    _prompt(args.target, args.mode)
    cfg = _config(args)
    count = write_sft(sft_records(cfg, args.target, args.mode), args.out)
    if args.out != "-":
        print(f"wrote {count} {args.target} examples to {args.out}", file=sys.stderr)
    return 0


def add_parsers(sub: Any) -> None:
    """``closurebench export sft``."""
    from closurebench.generation.cli import add_config_arguments

    e = sub.add_parser("export", help="export training data (export sft)")
    kinds = e.add_subparsers(dest="kind", required=True)
    s = kinds.add_parser(
        "sft", help="chat-format SFT data (messages: system, user, assistant) for TRL",
        description="Write one chat-format example per instance: the runner's system prompt "
        "and question, and the target as the assistant turn. JSONL or Parquet; "
        "`datasets.load_dataset('json'|'parquet', data_files=FILE)` reads it, with a "
        "`messages` column as TRL's SFTTrainer expects.")
    add_config_arguments(s)
    s.add_argument("--target", choices=TARGETS, required=True,
                   help="tl (TL program), python (Python+NetworkX program) or answer")
    s.add_argument("--mode", choices=("direct", "cot"), default=None,
                   help="--target answer only: the direct or chain-of-thought prompt "
                   "(default direct)")
    s.add_argument("--split", choices=("train", "held_out"), default="train",
                   help="the config's train split (default; seed --seed) or its held-out split")
    s.add_argument("--allow-held-out", action="store_true",
                   help="allow exporting held-out data (evaluation data!) as training data")
    s.add_argument("--out", required=True, help="FILE.jsonl, FILE.parquet or - (stdout)")
    s.set_defaults(func=_export_sft)
