"""The harness integrations, offline: lm-eval with a scripted LM, inspect-ai with its mock model.

Both must agree with ``closurebench.scoring.score`` on the same outputs. Each test skips (with
the reason) only when its harness is not importable.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

import closurebench
from closurebench.generation.io import write_records
from closurebench.scoring import score

ROOT = Path(__file__).resolve().parents[1]
LM_EVAL_TASKS = ROOT / "integrations" / "lm_eval" / "closurebench"
INSPECT_TASK = ROOT / "integrations" / "inspect_ai" / "closurebench_task.py"


def _reply(rec: dict[str, Any]) -> str:
    """Right on L1 and L3, a non-answer on L2: distinct per-level scores to check."""
    if rec["level"] == 2:
        return "I cannot tell."
    return "Working...\n" + json.dumps({"answer": json.loads(rec["answer"])})


def _lm_eval_model(records: list[dict[str, Any]]) -> Any:
    from lm_eval.api.model import LM

    class ScriptedLM(LM):
        """Answers from a lookup on the question inside the prompt; asserts the system prompt."""

        def __init__(self) -> None:
            super().__init__()
            self.contexts: list[str] = []

        def loglikelihood(self, requests: Any) -> Any:
            raise NotImplementedError("ClosureBench is generative")

        def loglikelihood_rolling(self, requests: Any) -> Any:
            raise NotImplementedError("ClosureBench is generative")

        def generate_until(self, requests: Any) -> list[str]:
            out = []
            for req in requests:
                context, _gen_kwargs = req.args
                self.contexts.append(context)
                rec = next(r for r in records if r["question"] in context)
                out.append(_reply(rec))
            return out

    return ScriptedLM()


def _expected_by_level(records: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    return {lvl: score([_reply(r) for r in records if r["level"] == lvl],
                       [r for r in records if r["level"] == lvl]) for lvl in (1, 2, 3)}


def test_lm_eval_fresh_config_through_metadata() -> None:
    pytest.importorskip("lm_eval", reason="lm-evaluation-harness is not installed")
    from lm_eval import simple_evaluate
    from lm_eval.tasks import TaskManager

    records = list(closurebench.generate("all", seed=5, per_category=1))
    model = _lm_eval_model(records)
    manager = TaskManager(include_path=str(LM_EVAL_TASKS), include_defaults=False,
                          metadata={"seed": 5, "per_category": 1})
    out = simple_evaluate(model=model, tasks=["closurebench_fresh"], task_manager=manager,
                          bootstrap_iters=0, log_samples=False)
    results = out["results"]
    expected = _expected_by_level(records)
    for lvl in (1, 2, 3):
        row = results[f"closurebench_fresh_l{lvl}"]
        assert row["acc_strict,none"] == pytest.approx(expected[lvl]["accuracy_strict"])
        assert row["acc_lenient,none"] == pytest.approx(expected[lvl]["accuracy_lenient"])
        assert row["parse_rate,none"] == pytest.approx(expected[lvl]["parse_rate"])
        for rec in (r for r in records if r["level"] == lvl):  # per-category results
            want = score([_reply(rec)], [rec])["accuracy_strict"]
            assert row[f"acc_strict_{rec['category']},none"] == pytest.approx(want)
    overall = score([_reply(r) for r in records], records)
    group = results["closurebench_fresh"]
    assert group["acc_strict,none"] == pytest.approx(overall["accuracy_strict"])
    assert all(c.startswith("You answer questions about small graphs") for c in model.contexts)
    # no chat template: prompt, a blank line, the question (never glued together)
    from closurebench.run.prompts import SYSTEM_PROMPTS

    by_question = {r["question"]: r for r in records}
    for context in model.contexts:
        question = next(q for q in by_question if context.endswith(q))
        assert context == SYSTEM_PROMPTS["direct"] + "\n\n" + question


def _simple_evaluate(tasks: list[str], model: Any, metadata: dict | None = None,
                     **kw: Any) -> dict:
    from lm_eval import simple_evaluate
    from lm_eval.tasks import TaskManager

    manager = TaskManager(include_path=str(LM_EVAL_TASKS), include_defaults=False,
                          metadata=metadata)
    return simple_evaluate(model=model, tasks=tasks, task_manager=manager, bootstrap_iters=0,
                           **kw)


def test_lm_eval_orders_documents_round_robin_like_run(release_root):
    """``--limit 11`` on L1 is one instance of each of the 11 L1 categories, in run's order."""
    pytest.importorskip("lm_eval", reason="lm-evaluation-harness is not installed")
    import pyarrow.parquet as pq

    from closurebench.hf.splits import config_files
    from closurebench.run.data import Selection, load_instances

    records = [r for f in config_files("l1", "held_out")
               for r in pq.read_table(release_root / f).to_pylist()]
    model = _lm_eval_model(records)
    out = _simple_evaluate(["closurebench_local_l1"], model, {"root": str(release_root)},
                           limit=11, log_samples=False)
    assert out["results"]["closurebench_local_l1"]["acc_strict,none"] == pytest.approx(1.0)
    asked = [next(r["id"] for r in records if r["question"] in c) for c in model.contexts]
    run_order = [r["id"] for r in load_instances(Selection(config="l1", limit=11))]
    assert sorted(asked) == sorted(run_order)  # lm-eval may batch, but the same 11 documents
    assert len({i.rsplit("-", 2)[0] for i in asked}) == 11


def test_score_reads_an_lm_eval_sample_log(tmp_path, capsys):
    """The log lm-eval's own EvaluationTracker writes (``--log_samples``), scored directly."""
    pytest.importorskip("lm_eval", reason="lm-evaluation-harness is not installed")
    from lm_eval.loggers import EvaluationTracker

    from closurebench.scoring.cli import main

    records = list(closurebench.generate("all", seed=6, per_category=1))
    out = _simple_evaluate(["closurebench_fresh"], _lm_eval_model(records),
                           {"seed": 6, "per_category": 1}, log_samples=True)
    tracker = EvaluationTracker(output_path=str(tmp_path / "results.json"))
    samples = out.pop("samples")  # what lm-eval's own CLI does with --log_samples
    tracker.save_results_aggregated(results=out, samples=samples)
    for task in ("closurebench_fresh_l1", "closurebench_fresh_l2", "closurebench_fresh_l3"):
        tracker.save_results_samples(task, samples[task])
    logs = sorted(tmp_path.glob("samples_closurebench_fresh_l*.jsonl"))
    assert len(logs) == 3
    report = tmp_path / "l2.json"
    assert main(["score", str(logs[1]), "--json-out", str(report)]) == 0
    got = json.loads(report.read_text())
    l2 = [r for r in records if r["level"] == 2]
    want = score([_reply(r) for r in l2], l2, sample_ids=[r["id"] for r in l2])
    assert got["accuracy_strict"] == want["accuracy_strict"] and got["n_predictions"] == len(l2)
    assert set(got["by_category"]) == {r["category"] for r in l2}  # per-category results
    capsys.readouterr()


def test_lm_eval_local_family_reads_the_released_files_without_the_hub(release_root):
    pytest.importorskip("lm_eval", reason="lm-evaluation-harness is not installed")
    import pyarrow.parquet as pq

    from closurebench.hf.splits import config_files

    records = [r for f in config_files("l3", "held_out")
               for r in pq.read_table(release_root / f).to_pylist()]
    model = _lm_eval_model(records)
    out = _simple_evaluate(["closurebench_local_l3"], model,
                           {"root": str(release_root), "mode": "cot"}, limit=7,
                           log_samples=False)
    assert out["results"]["closurebench_local_l3"]["acc_strict,none"] == pytest.approx(1.0)
    assert all("step by step" in c for c in model.contexts)


def test_lm_eval_released_split_from_a_local_export(tmp_path: Path) -> None:
    pytest.importorskip("lm_eval", reason="lm-evaluation-harness is not installed")
    from lm_eval import simple_evaluate
    from lm_eval.tasks import TaskManager

    records = list(closurebench.generate("l3", seed=1, per_category=2))
    write_records(records, str(tmp_path / "held_out.jsonl"))
    local = tmp_path / "closurebench_local_l3.yaml"
    local.write_text(
        f"include: {LM_EVAL_TASKS / 'closurebench_cot_l3.yaml'}\n"
        "task: closurebench_local_l3\n"
        "dataset_path: json\n"
        "dataset_name: null\n"
        f"dataset_kwargs:\n  data_files:\n    held_out: {tmp_path / 'held_out.jsonl'}\n")
    model = _lm_eval_model(records)
    manager = TaskManager(include_path=str(LM_EVAL_TASKS), include_defaults=False)
    out = simple_evaluate(model=model, tasks=[str(local)], task_manager=manager,
                          bootstrap_iters=0, log_samples=False)
    row = out["results"]["closurebench_local_l3"]
    assert row["acc_strict,none"] == pytest.approx(1.0)
    assert all("step by step" in c for c in model.contexts)  # the cot system prompt


def _inspect_module() -> Any:
    spec = importlib.util.spec_from_file_location("closurebench_inspect_task", INSPECT_TASK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_inspect_task_loads_released_and_fresh_instances() -> None:
    pytest.importorskip("inspect_ai", reason="inspect-ai is not installed")
    module = _inspect_module()
    fresh = module.closurebench(split=None, seed=5, per_category=1)
    expected = {r["id"] for r in closurebench.generate("all", seed=5, per_category=1)}
    assert {s.id for s in fresh.dataset} == expected
    from closurebench.hf.hub import DATASET_ID

    assert fresh.metadata["dataset"] == DATASET_ID  # the one dataset id setting
    held_out = module.closurebench(limit=3, mode="cot")
    sample = held_out.dataset[0]
    assert sample.metadata["level"] == "L1" and "step by step" in sample.input[0].text
    with pytest.raises(ValueError, match="mode must be one of"):
        module.closurebench(mode="fast")


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_inspect_task_with_the_mock_model(tmp_path: Path) -> None:
    pytest.importorskip("inspect_ai", reason="inspect-ai is not installed")
    from inspect_ai import eval as inspect_eval
    from inspect_ai.model import ModelOutput, ModelUsage, get_model

    # two instances per level, through a local export (the data_files path)
    questions = [r for cfg in ("l1", "l2", "l3")
                 for r in closurebench.generate(cfg, seed=5, per_category=1)][::4]
    assert {r["level"] for r in questions} == {1, 2, 3}
    write_records(questions, str(tmp_path / "export.jsonl"))
    task = _inspect_module().closurebench(data_files=str(tmp_path / "export.jsonl"))
    by_question = {r["question"]: r for r in questions}

    def respond(messages: Any, tools: Any, tool_choice: Any, config: Any) -> Any:
        question = next(m.text for m in messages if m.role == "user")
        output = ModelOutput.from_content(model="mockllm", content=_reply(by_question[question]))
        # explicit usage: otherwise the mock counts tokens with tiktoken, which downloads
        output.usage = ModelUsage(input_tokens=100, output_tokens=10, total_tokens=110)
        return output

    model = get_model("mockllm/model", custom_outputs=respond)
    log = inspect_eval(task, model=model, log_dir=str(tmp_path), display="none")[0]
    assert log.status == "success", log.error
    # `closurebench score` reads the .eval log inspect wrote, references included
    from closurebench.scoring.cli import main

    assert log.location.endswith(".eval")
    assert main(["score", log.location, "--json-out", str(tmp_path / "r.json")]) == 0
    rescored = json.loads((tmp_path / "r.json").read_text())
    want = score([_reply(r) for r in questions], questions)
    assert rescored["accuracy_strict"] == want["accuracy_strict"]
    assert rescored["total_tokens"] == 10 * len(questions)
    scores = {s.name: {k: m.value for k, m in s.metrics.items()} for s in log.results.scores}
    expected = _expected_by_level(questions)
    overall = score([_reply(r) for r in questions], questions)
    for kind in ("strict", "lenient"):
        assert scores[kind]["accuracy"] == pytest.approx(overall[f"accuracy_{kind}"])
        for lvl in (1, 2, 3):
            assert scores[kind][f"level_L{lvl}"] == pytest.approx(
                expected[lvl][f"accuracy_{kind}"])
        for rec in questions:
            assert scores[kind][f"category_{rec['category']}"] == (rec["level"] != 2)
