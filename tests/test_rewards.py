"""The training reward: the metric's strict verdict, and TRL GRPO's reward-function call."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest

import closurebench
from closurebench.scoring import score
from closurebench.train.rewards import GRPO_COLUMNS, grpo_reward, make_grpo_reward, reward


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    from closurebench.errors import UnposableCell
    from closurebench.generation.config import Config
    from closurebench.generation.instances import instance

    cfg = Config.make("all", per_category=1, seed=5)
    out = []
    for k in range(cfg.size):
        try:
            out.append(instance(cfg, k, cross_check=False))
        except UnposableCell:
            continue
    return out


def _outputs(records: list[dict[str, Any]]) -> list[str]:
    """Right, wrong-but-parsed and unparseable answers, in turn."""
    out = []
    for i, r in enumerate(records):
        if i % 3 == 0:
            out.append(f'Thinking... {{"answer": {r["answer"]}}}')
        elif i % 3 == 1:
            out.append('{"answer": 12345}' if r["answer_schema"].find('"integer"') >= 0
                       else '{"answer": "nobody"}')
        else:
            out.append("I am not sure.")
    return out


def test_reward_is_the_metrics_strict_verdict(records):
    outputs = _outputs(records)
    got = reward(outputs, records)
    assert got == [score([o], [r])["accuracy_strict"] for o, r in zip(outputs, records)]
    assert closurebench.reward(outputs, records) == got
    assert 0 < sum(got) < len(got)


def test_format_credit_shapes_parsed_wrong_answers_only(records):
    outputs = _outputs(records)
    plain, shaped = reward(outputs, records), reward(outputs, records, format_credit=0.2)
    parsed = [score([o], [r])["parse_rate"] == 1.0 for o, r in zip(outputs, records)]
    for p, s, ok in zip(plain, shaped, parsed):
        assert s == (1.0 if p == 1.0 else (0.2 if ok else 0.0))
    with pytest.raises(ValueError, match="format_credit must be in"):
        reward(outputs, records, format_credit=1.5)


def test_reward_never_raises_on_model_output(records):
    rec = records[0]
    weird = [None, 3, b"\xff", [], [{"role": "assistant"}], "{" * 10_000, "\x00"]
    assert reward(weird, [rec] * len(weird)) == [0.0] * len(weird)
    with pytest.raises(ValueError, match="completions has 1 items but records has 2"):
        reward(["x"], [rec, rec])


def _columns(records: list[dict[str, Any]]) -> dict[str, list[Any]]:
    """What a ``datasets`` batch of ClosureBench rows hands the trainer: one list per column."""
    keys = ["prompt", "question", *GRPO_COLUMNS, "id"]
    rows = [{**r, "prompt": r["question"]} for r in records]
    return {k: [row[k] for row in rows] for k in keys}


def test_grpo_signature_standard_and_conversational(records):
    """The documented call: ``reward_func(prompts=, completions=, completion_ids=, **columns,
    trainer_state=, log_extra=, log_metric=)``; conversational completions are message lists."""
    cols = _columns(records)
    prompts = cols.pop("prompt")
    outputs = _outputs(records)
    extra = {"trainer_state": object(), "log_extra": lambda *a, **k: None,
             "log_metric": lambda *a, **k: None}
    standard = grpo_reward(prompts=prompts, completions=outputs,
                           completion_ids=[[1, 2]] * len(outputs), **cols, **extra)
    chat = grpo_reward(prompts=[[{"role": "user", "content": p}] for p in prompts],
                       completions=[[{"role": "assistant", "content": o}] for o in outputs],
                       completion_ids=None, **cols, **extra)
    assert standard == chat == reward(outputs, records)
    assert make_grpo_reward(0.5)(completions=outputs, **cols)[1] in (0.5, 0.0)
    with pytest.raises(ValueError, match="needs the columns answer_schema"):
        grpo_reward(completions=outputs, answer=cols["answer"])


def test_real_trl_grpo_trainer_calls_it(records):
    """TRL's own ``GRPOTrainer._calculate_rewards`` (the code that calls reward functions),
    run on a stand-in trainer: the rewards it gathers are ours."""
    trl = pytest.importorskip("trl")
    torch = pytest.importorskip("torch")
    from accelerate import Accelerator

    cols = _columns(records)
    outputs = _outputs(records)
    inputs = [{k: cols[k][i] for k in cols} for i in range(len(records))]
    accelerator = Accelerator(cpu=True)
    fake = SimpleNamespace(
        accelerator=accelerator, reward_funcs=[grpo_reward],
        reward_processing_classes=[None], reward_func_names=["closurebench_reward"],
        state=SimpleNamespace(global_step=0), args=SimpleNamespace(report_to=[]),
        _log_completion_extra=lambda *a, **k: None, _log_metric=lambda *a, **k: None,
        environments=None)
    got = trl.GRPOTrainer._calculate_rewards(fake, inputs, cols["prompt"], outputs,
                                             [[0]] * len(outputs))
    assert isinstance(got, torch.Tensor) and got.shape == (len(records), 1)
    assert got[:, 0].tolist() == reward(outputs, records)
    assert json.loads(records[0]["answer"]) is not None


def test_content_part_messages_are_scored_like_their_text(records):
    """Chat templates and multimodal processors give ``content`` as a list of parts."""
    from closurebench.train.rewards import completion_text

    outputs = _outputs(records)
    cols = _columns(records)
    cols.pop("prompt")
    want = reward(outputs, records)
    assert 0 < sum(want) < len(want)

    def parts(text: str) -> list[dict[str, Any]]:  # split in two text parts, plus a non-text one
        half = len(text) // 2
        return [{"type": "text", "text": text[:half]}, {"type": "image", "image": None},
                {"type": "text", "text": text[half:]}]

    shapes = {
        "parts": [[{"role": "assistant", "content": parts(o)}] for o in outputs],
        "one message": [{"role": "assistant", "content": parts(o)} for o in outputs],
        "after a tool turn": [[{"role": "assistant", "content": "calling"},
                               {"role": "tool", "content": "..."},
                               {"role": "assistant", "content": [{"type": "text", "text": o}]}]
                              for o in outputs],
    }
    for name, completions in shapes.items():
        assert grpo_reward(completions=completions, **cols) == want, name
        assert [completion_text(c) for c in completions] == outputs, name
    odd = [[{"role": "assistant", "content": [{"type": "image"}]}],
           [{"role": "assistant", "content": [{"type": "text", "text": 3}]}],
           [{"role": "assistant", "content": None}], [[{"type": "text", "text": "x"}]]]
    assert [completion_text(c) for c in odd] == ["", "", "", ""]
    assert reward(odd, [records[0]] * len(odd)) == [0.0] * len(odd)


def test_the_reward_reads_every_field_the_metric_reads():
    from closurebench.scoring import RECORD_FIELDS

    assert set(GRPO_COLUMNS) == set(RECORD_FIELDS)


def test_a_bad_record_string_is_named_by_index(records):
    deep = "[" * 100_000 + "]" * 100_000
    for bad in (deep, "{", "not json"):
        with pytest.raises(ValueError, match=r"records\[1\]"):
            reward(["x", "y"], [records[0], bad])
