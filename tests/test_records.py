"""The record's ``program`` field runs on its own and prints the reference answer."""

from __future__ import annotations

import json
import subprocess
import sys

import closurebench as cb


def test_every_category_program_prints_the_answer(tmp_path):
    """One instance per category (and one structured encoding), run as real subprocesses."""
    recs = list(cb.generate("all", per_category=1, seed=9))
    recs += list(cb.generate("l3", per_category=1, seed=10, encoding="numeric"))
    scripts = []
    for i, r in enumerate(recs):
        path = tmp_path / f"p{i}.py"
        path.write_text(r["program"] + f"print('=== {i}')\n", encoding="utf-8")
        scripts.append(path)
    # one interpreter for all programs keeps this fast; each runs in a fresh namespace
    runner = ("import runpy, sys\n"
              "for p in sys.argv[1:]:\n    runpy.run_path(p, run_name='__main__')\n")
    out = subprocess.run([sys.executable, "-c", runner, *map(str, scripts)], check=True,
                         capture_output=True, text=True, timeout=120).stdout.splitlines()
    answers = [json.loads(line)["answer"] for line in out if not line.startswith("===")]
    assert len(answers) == len(recs)
    for r, a in zip(recs, answers, strict=True):
        assert json.dumps(a, sort_keys=True, separators=(",", ":"),
                          ensure_ascii=False) == r["answer"], r["id"]


def test_a_program_runs_as_a_plain_script(tmp_path):
    rec = next(cb.generate("graph_comparison", per_category=1, seed=2))
    path = tmp_path / "prog.py"
    path.write_text(rec["program"], encoding="utf-8")
    out = subprocess.run([sys.executable, str(path)], check=True, capture_output=True,
                         text=True, timeout=60).stdout.strip().splitlines()[-1]
    assert json.loads(out) == {"answer": json.loads(rec["answer"])}


def test_solve_reproduces_record_answers_with_both_engines():
    for r in cb.generate("all", per_category=2, seed=13):
        kwargs = {"nodes": r["nodes"]}
        if r["category"] == "graph_comparison":
            kwargs["edges_after"] = r["edges_after"]
        for engine in ("tensor", "networkx"):
            got = cb.solve(r["category"], r["edges"], r["query"], engine=engine, **kwargs)
            assert json.dumps(got, sort_keys=True, separators=(",", ":"),
                              ensure_ascii=False) == r["answer"], (r["id"], engine)
