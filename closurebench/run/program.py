"""Program mode: the model writes a program, we run it, and its printed answer is scored.

``ProgramBackend`` wraps any backend (a chat server or ``baseline:program-oracle``): it takes
the program out of the reply (the last fenced block), runs it (TL in the bounded interpreter,
Python in ``closurebench.run.sandbox``) and hands the printed ``{"answer": ...}`` on as the output
the metric scores. Each program, its run and a diagnosis go to ``programs.jsonl``: when the
answer is wrong, the program is run again on the *true* graph (its facts or edge lists swapped
for the reference ones). Right then means the model misread the graph (the differing edges are
listed); still wrong means the logic was wrong, as in the paper's §4.5 error split.
"""

from __future__ import annotations

import ast as pyast
import dataclasses
import json
import re
import threading
from collections import Counter
from pathlib import Path
from typing import Any

from closurebench.run.client import Backend, Completion

__all__ = [
    "LANGUAGES", "PROGRAMS_FILE", "OracleProgramBackend", "ProgramBackend", "extract_program",
    "program_markdown", "program_section", "run_program", "wrap",
]

LANGUAGES = ("tl", "python")
PROGRAMS_FILE = "programs.jsonl"

_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+-]*)[^\n]*\n(.*?)```", re.DOTALL)
_THINK = re.compile(r"<think>.*?</think>", re.DOTALL | re.IGNORECASE)


def extract_program(text: str) -> str:
    """The program in a reply: the last fenced code block, else the whole reply."""
    text = _THINK.sub("", text or "")
    blocks = _FENCE.findall(text)
    return (blocks[-1][1] if blocks else text).strip() + "\n"


# --- running, and running again on the true graph ---------------------------------------------

def run_program(source: str, language: str, limits: Any = None) -> dict[str, Any]:
    """Run a program; ``{"executed", "output", "error", "isolation"}`` (never raises)."""
    if language == "tl":
        from closurebench import tl

        try:
            return {"executed": True, "output": tl.format_answer(tl.run(source, limits)),
                    "error": None, "isolation": "tl-interpreter"}
        except tl.TLError as exc:
            return {"executed": False, "output": "", "error": str(exc),
                    "isolation": "tl-interpreter"}
        except Exception as exc:  # a model's program must never stop the run
            return {"executed": False, "output": "", "isolation": "tl-interpreter",
                    "error": f"interpreter error: {type(exc).__name__}: {exc}"}
    from closurebench.run import sandbox

    ex = sandbox.run_python(source, limits)
    error = None if ex.ok else ("timed out" if ex.timed_out else
                                (ex.stderr.strip().splitlines() or [f"exit {ex.returncode}"])[-1])
    return {"executed": ex.ok, "output": ex.stdout[-4000:], "error": error,
            "isolation": ex.isolation}


def _tl_statements(source: str) -> tuple[list[Any], list[Any]] | None:
    from closurebench.tl import TLError, ast, parse

    try:
        stmts = parse(source).statements
    except TLError:
        return None
    graph = [s for s in stmts if isinstance(s, (ast.Nodes, ast.Decl, ast.Fact))]
    return graph, [s for s in stmts if s not in graph]


def _tl_facts(stmts: list[Any]) -> set[tuple[str, ...]]:
    return {(s.relation, *s.args) for s in stmts if hasattr(s, "args")}


def _on_true_graph_tl(source: str, record: dict[str, Any]) -> tuple[str | None, dict]:
    from closurebench import tl
    from closurebench.tl import ast

    mine, truth = _tl_statements(source), _tl_statements(record["program_tl"])
    if mine is None or truth is None:
        return None, {}
    have, want = _tl_facts(mine[0]), _tl_facts(truth[0])
    diff = {"missing": sorted(want - have), "extra": sorted(have - want)}
    program = ast.Program(tuple(truth[0] + mine[1]))
    try:
        checked = tl.check(program)
        labels, facts = tl.domain(checked)
        return tl.format_answer(tl.execute(checked, labels, facts)), diff
    except tl.TLError:
        return None, diff


_EDGES_CALL = re.compile(r"^(\s*\w+)\.add_edges_from\((.*)\)\s*$", re.MULTILINE)


def _on_true_graph_python(source: str, record: dict[str, Any]) -> tuple[str | None, dict]:
    truths = [record.get("edges") or []] + ([record["edges_after"]]
                                            if record.get("edges_after") else [])
    calls = list(_EDGES_CALL.finditer(source))
    if len(calls) != len(truths):
        return None, {}
    diff: dict[str, list] = {"missing": [], "extra": []}
    for call, true in zip(calls, truths):
        try:  # a literal only: never evaluated as code
            have = {tuple(e) for e in pyast.literal_eval(call.group(2))}
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            return None, {}
        want = {tuple(e) for e in true}
        diff["missing"] += sorted(want - have)
        diff["extra"] += sorted(have - want)
    fixed, last = [], 0
    for call, true in zip(calls, truths):
        fixed += [source[last:call.start()],
                  f"{call.group(1)}.add_edges_from({[tuple(e) for e in true]!r})"]
        last = call.end()
    out = run_program("".join(fixed) + source[last:], "python")
    return (out["output"] if out["executed"] else None), diff


def _strict(output: str, record: dict[str, Any]) -> bool:
    from closurebench.scoring import score

    return score([output], [record])["accuracy_strict"] == 1.0


# --- backends ---------------------------------------------------------------------------------

class OracleProgramBackend:
    """``baseline:program-oracle``: replies with the record's reference program."""

    concurrent = False

    def __init__(self, language: str) -> None:
        self.language = language
        self.name = "baseline:program-oracle"

    def complete(self, record: dict[str, Any], sample: int) -> Completion:
        source = record["program_tl"] if self.language == "tl" else record["program"]
        return Completion(output=f"```{self.language}\n{source}```", finish_reason="stop")


def wrap(settings: Any, stop: Any, out_dir: str | Path, make: Any) -> ProgramBackend:
    """The program-mode backend of a run: ``make(settings, stop)``'s, or the oracle's."""
    inner = (OracleProgramBackend(settings.language)
             if settings.model == "baseline:program-oracle" else make(settings, stop))
    return ProgramBackend(inner, settings.language, out_dir)


class ProgramBackend:
    """Runs the program in each reply; the printed answer becomes the scored output."""

    def __init__(self, inner: Backend, language: str, out_dir: str | Path) -> None:
        if language not in LANGUAGES:
            raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, got {language!r}")
        self.inner, self.language = inner, language
        self.name = getattr(inner, "name", "model")
        # Python programs wait on a subprocess: run them in parallel even for a baseline
        self.concurrent = bool(getattr(inner, "concurrent", False)) or language == "python"
        self.path = Path(out_dir) / PROGRAMS_FILE
        self._lock = threading.Lock()

    def complete(self, record: dict[str, Any], sample: int) -> Completion:
        c = self.inner.complete(record, sample)
        source = extract_program(c.output)
        result = run_program(source, self.language) if c.output.strip() else {
            "executed": False, "output": "", "error": "empty reply", "isolation": None}
        row: dict[str, Any] = {"id": record["id"], "sample": sample, "language": self.language,
                               "program": source, **result, "true_graph_output": None,
                               "edges_missing": [], "edges_extra": []}
        if result["executed"] and not _strict(result["output"], record):
            rerun = _on_true_graph_tl if self.language == "tl" else _on_true_graph_python
            output, diff = rerun(source, record)
            row["true_graph_output"] = output
            row["edges_missing"] = [list(e) for e in diff.get("missing", [])]
            row["edges_extra"] = [list(e) for e in diff.get("extra", [])]
        line = json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n"
        with self._lock, open(self.path, "a", encoding="utf-8", newline="\n") as fh:
            fh.write(line)
        error = c.error or (None if result["executed"] else f"program: {result['error']}")
        return dataclasses.replace(c, output=result["output"], error=error)


# --- the report section -----------------------------------------------------------------------

def program_section(run_dir: str | Path, predictions: list[tuple[dict, dict]],
                    flags: list[tuple[bool, bool, bool]]) -> dict[str, Any] | None:
    """Execution rate, accuracy, tokens per correct answer and the error split of a run."""
    path = Path(run_dir) / PROGRAMS_FILE
    if not path.exists():
        return None
    rows: dict[tuple[str, int], dict[str, Any]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            rows[(row["id"], int(row["sample"]))] = row  # the last run of each answer counts
    split: Counter[str] = Counter()
    examples: list[dict[str, Any]] = []
    executed = tokens = correct = 0
    have_tokens = True
    for (ref, pred), (_, strict, _) in zip(predictions, flags, strict=True):
        row = rows.get((ref["id"], int(pred["sample"])))
        executed += bool(row and row["executed"])
        correct += strict
        if pred.get("completion_tokens") is None:
            have_tokens = False
        else:
            tokens += pred["completion_tokens"]
        if strict:
            continue
        if not row or not row["executed"]:
            split["execution_failure"] += 1
        elif row["true_graph_output"] and _strict(row["true_graph_output"], ref):
            split["misread_graph"] += 1
            if len(examples) < 5:
                examples.append({"id": ref["id"], "missing": row["edges_missing"],
                                 "extra": row["edges_extra"]})
        else:
            split["wrong_logic"] += 1
    n = len(predictions)
    isolation = sorted({r["isolation"] for r in rows.values() if r.get("isolation")})
    return {
        "language": next(iter(rows.values()))["language"] if rows else None,
        "isolation": isolation,
        "n": n,
        "execution_rate": executed / n if n else None,
        "accuracy_strict": correct / n if n else None,
        "tokens_per_correct": (tokens / correct) if have_tokens and correct else None,
        "errors": {k: split.get(k, 0) for k in ("misread_graph", "wrong_logic",
                                                "execution_failure")},
        "misread_examples": examples,
    }


def program_markdown(section: dict[str, Any]) -> list[str]:
    """The report.md lines of the program section."""
    def pct(v: float | None) -> str:
        return "—" if v is None else f"{100 * v:.1f}%"

    e, tpc = section["errors"], section["tokens_per_correct"]
    lines = ["", "## Program execution", "",
             f"Language {section['language']}, run in {', '.join(section['isolation']) or '—'}: "
             f"execution rate {pct(section['execution_rate'])}, strict accuracy "
             f"{pct(section['accuracy_strict'])}, tokens per correct answer "
             f"{'—' if tpc is None else format(tpc, '.1f')}.",
             "", "Errors (wrong answers, the program re-run on the true graph): "
             f"misread graph {e['misread_graph']}, wrong logic {e['wrong_logic']}, "
             f"execution failure {e['execution_failure']}."]
    for ex in section["misread_examples"]:
        lines.append(f"- `{ex['id']}`: missing {ex['missing']}, extra {ex['extra']}")
    return lines
