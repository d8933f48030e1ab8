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
from closurebench.audit.floors import chance_corrected, release_floor
from closurebench.generation.io import write_records
from closurebench.run.lm_eval_tasks import include_path
from closurebench.scoring import score

ROOT = Path(__file__).resolve().parents[1]
LM_EVAL_TASKS = Path(include_path())  # the task files the wheel ships
INSPECT_TASK = ROOT / "closurebench" / "run" / "inspect_task.py"


def _reply(rec: dict[str, Any]) -> str:
    """Right on L1 and L3, a non-answer on L2: distinct per-level scores to check."""
    if rec["level"] == 2:
        return "I cannot tell."
    return "Working...\n" + json.dumps({"answer": json.loads(rec["answer"])})


def _slip(rec: dict[str, Any]) -> str:
    """The reference with the query node added to a set answer: the source slip that lenient
    credit forgives (and only with the record's ``query``); other answers stay right."""
    answer = json.loads(rec["answer"])
    x = json.loads(rec["query"]).get("x")
    if isinstance(answer, list) and isinstance(x, str) and x not in answer:
        answer = [*answer, x]
    return json.dumps({"answer": answer})


def _lm_eval_model(records: list[dict[str, Any]], reply: Any = _reply) -> Any:
    from lm_eval.api.model import LM

    class ScriptedLM(LM):
        """Answers from a lookup on the question inside the prompt; asserts the system prompt."""

        def __init__(self) -> None:
            super().__init__()
            self.contexts: list[str] = []
            self.gen_kwargs: list[dict[str, Any]] = []

        def loglikelihood(self, requests: Any) -> Any:
            raise NotImplementedError("ClosureBench is generative")

        def loglikelihood_rolling(self, requests: Any) -> Any:
            raise NotImplementedError("ClosureBench is generative")

        def generate_until(self, requests: Any) -> list[str]:
            out = []
            for req in requests:
                context, gen_kwargs = req.args
                self.contexts.append(context)
                self.gen_kwargs.append(dict(gen_kwargs))
                rec = next(r for r in records if r["question"] in context)
                out.append(reply(rec))
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
        # the release's floors apply at the released axes: (acc - f) / (1 - f), per category
        # and, one document per category here, the level's mean over its categories
        corrected = {}
        for rec in (r for r in records if r["level"] == lvl):
            f = release_floor(rec["category"])
            corrected[rec["category"]] = chance_corrected(
                score([_reply(rec)], [rec])["accuracy_strict"], f)
            assert row[f"acc_chance_corrected_{rec['category']},none"] == pytest.approx(
                corrected[rec["category"]])
        assert row["acc_chance_corrected,none"] == pytest.approx(
            sum(corrected.values()) / len(corrected))
        assert (row["acc_chance_corrected,none"] < 0) == (lvl == 2)
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


def test_lm_eval_fresh_documents_give_the_lenient_credit_score_gives() -> None:
    """Fresh-seed documents keep ``query`` and ``nodes``: the set slip earns lenient credit."""
    pytest.importorskip("lm_eval", reason="lm-evaluation-harness is not installed")
    records = list(closurebench.generate("all", seed=8, per_category=2))
    slipped = [r for r in records if json.loads(_slip(r))["answer"] != json.loads(r["answer"])]
    assert len(slipped) >= 10
    out = _simple_evaluate(["closurebench_fresh"], _lm_eval_model(records, _slip),
                           {"seed": 8, "per_category": 2}, log_samples=False)
    forgiven = []
    for lvl in (1, 2, 3):
        mine = [r for r in records if r["level"] == lvl]
        want = score([_slip(r) for r in mine], mine)
        row = out["results"][f"closurebench_fresh_l{lvl}"]
        assert row["acc_lenient,none"] == pytest.approx(want["accuracy_lenient"])
        assert row["acc_strict,none"] == pytest.approx(want["accuracy_strict"])
        forgiven.append(want["accuracy_lenient"] > want["accuracy_strict"])
    assert any(forgiven)  # the slips earn lenient credit here, so the test can fail


def _yaml(path: Path) -> dict[str, Any]:
    """A task file as lm-eval merges it: the included template, then the file's own keys."""
    import yaml

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_constructor("!function", lambda loader, node: loader.construct_scalar(node))
    own = yaml.load(path.read_text(), Loader=Loader)  # a SafeLoader subclass
    base = _yaml(path.parent / own["include"]) if "include" in own else {}
    return {**base, **own}


def test_every_lm_eval_task_caps_output_as_run_does() -> None:
    from closurebench.run.prompts import MAX_TOKENS

    tasks = sorted(LM_EVAL_TASKS.glob("closurebench*_l[123].yaml"))
    assert len(tasks) == 6 * 3  # hub, hub cot, local, local cot, fresh, fresh cot
    for path in tasks:
        mode = "cot" if "_cot" in path.stem else "direct"
        assert _yaml(path)["generation_kwargs"]["max_gen_toks"] == MAX_TOKENS[mode], path.name


def test_lm_eval_cot_tasks_ask_for_8192_tokens_and_direct_ones_refuse_cot() -> None:
    pytest.importorskip("lm_eval", reason="lm-evaluation-harness is not installed")
    from closurebench.run.lm_eval_tasks import tasks
    from closurebench.run.prompts import MAX_TOKENS

    records = list(closurebench.generate("l2", seed=9, per_category=1))
    for task, mode in (("closurebench_fresh_cot_l2", "cot"), ("closurebench_fresh_l2", "direct")):
        model = _lm_eval_model(records)
        _simple_evaluate([task], model, {"seed": 9, "per_category": 1, "config": "l2"},
                         limit=2, log_samples=False)
        assert {g["max_gen_toks"] for g in model.gen_kwargs} == {MAX_TOKENS[mode]}
        assert all(("step by step" in c) == (mode == "cot") for c in model.contexts)
    with pytest.raises(ValueError, match="closurebench_fresh_cot"):
        tasks.fresh_dataset(seed=9, mode="cot")
    with pytest.raises(ValueError, match="closurebench_local_cot"):
        tasks.local_dataset(mode="cot")
    with pytest.raises(ValueError, match="mode must be one of"):
        tasks.fresh_cot_dataset(seed=9, mode="fast")


def test_the_lm_eval_include_path_is_printed_by_the_package(tmp_path: Path) -> None:
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "closurebench.run.lm_eval_tasks"],
                         capture_output=True, text=True, check=True, cwd=tmp_path)
    assert Path(out.stdout.strip()) == LM_EVAL_TASKS
    assert (LM_EVAL_TASKS / "_closurebench_template_yaml").is_file()


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
    out = _simple_evaluate(["closurebench_local_cot_l3"], model,
                           {"root": str(release_root)}, limit=7, log_samples=False)
    assert out["results"]["closurebench_local_cot_l3"]["acc_strict,none"] == pytest.approx(1.0)
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


def test_inspect_chance_corrects_against_the_release_floors(tmp_path: Path) -> None:
    """At the released axes the strict scorer adds the chance-corrected accuracy, overall and
    per level (means over categories); an export of unknown axes gets none."""
    pytest.importorskip("inspect_ai", reason="inspect-ai is not installed")
    from inspect_ai import eval as inspect_eval

    module = _inspect_module()
    records = list(closurebench.generate("all", seed=5, per_category=1))
    by_question = {r["question"]: r for r in records}
    log = inspect_eval(module.closurebench(seed=5, per_category=1), model=_mock_model(by_question),
                       log_dir=str(tmp_path), display="none")[0]
    assert log.status == "success", log.error
    scores = {s.name: {k: m.value for k, m in s.metrics.items()} for s in log.results.scores}
    per_cat = {r["category"]: chance_corrected(float(r["level"] != 2),
                                               release_floor(r["category"])) for r in records}
    for lvl in (1, 2, 3):
        vals = [v for r in records if r["level"] == lvl
                for v in [per_cat[r["category"]]]]
        assert scores["strict"][f"chance_corrected_L{lvl}"] == pytest.approx(
            sum(vals) / len(vals))
    assert scores["strict"]["chance_corrected_all"] == pytest.approx(
        sum(per_cat.values()) / len(per_cat))
    assert not any("chance" in k for k in scores["lenient"])
    # an export: its axes are unknown, so no floor is claimed
    write_records(records[:3], str(tmp_path / "export.jsonl"))
    log = inspect_eval(module.closurebench(data_files=str(tmp_path / "export.jsonl")),
                       model=_mock_model(by_question), log_dir=str(tmp_path), display="none")[0]
    strict = next(s for s in log.results.scores if s.name == "strict")
    assert not any("chance" in k for k in strict.metrics)


def _mock_model(by_question: dict[str, dict[str, Any]], stop: Any = lambda rec: "stop") -> Any:
    """inspect's mock model answering ``_reply``, with a stop reason per record."""
    from inspect_ai.model import ModelOutput, ModelUsage, get_model

    def respond(messages: Any, tools: Any, tool_choice: Any, config: Any) -> Any:
        rec = by_question[next(m.text for m in messages if m.role == "user")]
        output = ModelOutput.from_content(model="mockllm", content=_reply(rec),
                                          stop_reason=stop(rec))
        # explicit usage: otherwise the mock counts tokens with tiktoken, which downloads
        output.usage = ModelUsage(input_tokens=100, output_tokens=10, total_tokens=110)
        return output

    return get_model("mockllm/model", custom_outputs=respond)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_inspect_scores_an_output_cut_off_by_the_cap_as_no_answer(tmp_path: Path) -> None:
    """The stop reason reaches the judge on both inspect routes, as the finish reason does in
    ``closurebench run``: a right answer cut off by the token cap counts as no answer."""
    pytest.importorskip("inspect_ai", reason="inspect-ai is not installed")
    from inspect_ai import eval as inspect_eval

    from closurebench.scoring.cli import main

    records = [r for r in closurebench.generate("l1", seed=5, per_category=1)]
    write_records(records, str(tmp_path / "export.jsonl"))
    cut = {r["id"] for r in records[::2]}

    def stop(rec: dict[str, Any]) -> str:
        return "max_tokens" if rec["id"] in cut else "stop"

    task = _inspect_module().closurebench(data_files=str(tmp_path / "export.jsonl"))
    model = _mock_model({r["question"]: r for r in records}, stop)
    log = inspect_eval(task, model=model, log_dir=str(tmp_path), display="none")[0]
    assert log.status == "success", log.error
    finishes = [stop(r) for r in records]
    want = score([_reply(r) for r in records], records, finish_reasons=finishes)
    assert 0 < want["accuracy_strict"] < score([_reply(r) for r in records],
                                               records)["accuracy_strict"]
    scores = {s.name: s.metrics["accuracy"].value for s in log.results.scores}
    assert scores["strict"] == pytest.approx(want["accuracy_strict"])
    assert scores["lenient"] == pytest.approx(want["accuracy_lenient"])
    by_id = {s.id: s.scores["closurebench_scorer"] for s in log.samples}
    assert all((by_id[i].answer is None) == (i in cut) for i in by_id)
    assert main(["score", log.location, "--json-out", str(tmp_path / "r.json")]) == 0
    rescored = json.loads((tmp_path / "r.json").read_text())
    assert rescored["accuracy_strict"] == want["accuracy_strict"]
    assert rescored["parse_rate"] == want["parse_rate"] < 1


@pytest.mark.slow  # a fresh process runs a whole inspect eval (16 s); .ci/run runs it
def test_inspect_finds_the_installed_task_by_name(tmp_path: Path) -> None:
    """The package's ``inspect_ai`` entry point: ``inspect eval closurebench/closurebench``
    with no task file (the wheel ships the task). Run in a fresh process outside the clone, as
    a user would: in a clone's root, the ``closurebench.egg-info`` an editable install leaves
    there hides the install from inspect, which then names the task without its package."""
    pytest.importorskip("inspect_ai", reason="inspect-ai is not installed")
    import subprocess
    import sys

    code = f"""
import json
from importlib.metadata import entry_points
from inspect_ai import eval
from inspect_ai.model import ModelOutput, ModelUsage, get_model

(ep,) = [e for e in entry_points(group="inspect_ai") if e.name == "closurebench"]
assert ep.value == "closurebench.run.inspect_task", ep.value

def respond(messages, tools, tool_choice, config):
    out = ModelOutput.from_content(model="mockllm", content='{{"answer": 0}}')
    out.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
    return out

log = eval("closurebench/closurebench", model=get_model("mockllm/model", custom_outputs=respond),
           log_dir={str(tmp_path)!r}, display="none",
           task_args={{"seed": 5, "per_category": 1, "limit": 4}})[0]
assert log.status == "success", log.error
print(json.dumps({{"task": log.eval.task, "ids": [s.id for s in log.samples],
                  "strict": [s.scores["closurebench_scorer"].value["strict"]
                             for s in log.samples]}}))
"""
    res = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                         text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-2000:]
    got = json.loads(res.stdout.strip().splitlines()[-1])
    assert got["task"] == "closurebench/closurebench" and len(got["ids"]) == 4
    records = {r["id"]: r for r in closurebench.generate("all", seed=5, per_category=1)}
    want = [score(['{"answer": 0}'], [records[i]])["accuracy_strict"] == 1.0 for i in got["ids"]]
    assert [v == "C" for v in got["strict"]] == want
