"""Reasoning-trace figures: the share after the answer first appears, self-verification."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from closurebench.diagnose.traces import analyse_trace, trace_table


def _wrong(answer: Any) -> Any:
    return (not answer) if isinstance(answer, bool) else answer + 7


def cot(record: dict[str, Any], kind: int) -> str:
    """Scripted chains of thought: fixed by a check, broken by a check, no check at all."""
    right = json.loads(record["answer"])
    wrong = _wrong(right)
    r, w = json.dumps(right), json.dumps(wrong)
    if kind == 0:
        return (f"Let me think.\nThe answer is {w}.\nWait, let me double-check.\n"
                f"The answer is {r}.\n{{\"answer\": {r}}}")
    if kind == 1:
        return (f"The answer is {r}.\nHmm, let me verify.\nThe answer is {w}.\n"
                f"{{\"answer\": {w}}}")
    return f"Counting step by step, one node at a time.\n{{\"answer\": {r}}}"


@pytest.fixture(scope="module")
def recs(sample):
    return [r for r in sample if r["category"] in ("reachability", "reach_then_count",
                                                    "degree_count", "scc_then_count")]


def test_single_traces(recs):
    rec = recs[0]
    fixed, broken, plain = (analyse_trace(cot(rec, k), rec) for k in range(3))
    assert fixed["correct"] and not broken["correct"] and plain["correct"]
    assert [v["to_right"] for v in fixed["verifications"]] == [True]
    assert [(v["to_wrong"], v["marker"]) for v in broken["verifications"]] == [(True, "hmm")]
    assert plain["verifications"] == [] and plain["share_after_answer"] == 0.0
    text = cot(rec, 0)
    pos = text.index("The answer is", text.index("Wait")) + len("The answer is ")
    pos += len(json.dumps(json.loads(rec["answer"])))
    assert fixed["first_answer_at"] == pos
    assert fixed["share_after_answer"] == pytest.approx((len(text) - pos) / len(text))
    assert analyse_trace("", rec) is None and analyse_trace("no answer", rec) is None


def test_table_per_level(recs):
    outputs = [cot(r, i % 3) for i, r in enumerate(recs)]
    table = trace_table(recs, outputs, tokens=[100] * len(recs))["by_level"]
    for lvl, row in table.items():
        kinds = [i % 3 for i, r in enumerate(recs) if str(r["level"]) == lvl]
        assert row["traces"] == len(kinds)
        assert row["verification_segments"] == row["segments_changing_answer"] == sum(
            k < 2 for k in kinds)
        assert row["changes_to_right"] == kinds.count(0)
        assert row["changes_to_wrong"] == kinds.count(1)
        assert 0 < row["share_after_answer"] < 0.5
        assert row["tokens_after_answer"] == pytest.approx(100 * row["share_after_answer"])


def test_cot_run_report_shows_trace_figures(tmp_path: Path, recs,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A CoT run through a local OpenAI-compatible stub: the report carries the figures."""
    pytest.importorskip("openai")
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from stub_server import Reply, StubServer, question_of

    import closurebench.run.baselines as baselines
    from closurebench.run import RunSettings, Selection, build_report, run
    from closurebench.run.data import load_instances

    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setattr(baselines, "majority_table", lambda: {})
    sel = Selection(config="all", split=None, fresh_seed=3, per_category=3,
                    categories=("reachability", "reach_then_count", "degree_count"))
    instances = load_instances(sel)
    lookup = {r["question"]: (i, r) for i, r in enumerate(instances)}

    def script(body: dict[str, Any], attempt: int) -> Reply:
        i, rec = lookup[question_of(body)]
        return Reply(cot(rec, i % 3))

    with StubServer(script) as stub:
        run(RunSettings(model="stub", base_url=stub.base_url, selection=sel, mode="cot",
                        concurrency=1), tmp_path / "r", progress=False, instances=instances)
    report = build_report(tmp_path / "r", plots=False, card=False)
    rows = report["traces"]["by_level"]
    assert sum(r["traces"] for r in rows.values()) == len(instances)
    assert sum(r["changes_to_right"] for r in rows.values()) == len(instances[0::3])
    assert sum(r["changes_to_wrong"] for r in rows.values()) == len(instances[1::3])
    md = (tmp_path / "r" / "report.md").read_text()
    assert "## Reasoning traces" in md and "## Error attribution" in md
    assert report["error_attribution"]["n_wrong"] == len(instances[1::3])
