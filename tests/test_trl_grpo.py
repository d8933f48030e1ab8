"""GRPO end to end with the real TRL on CPU: ``load_dataset(format="grpo")`` in,
``grpo_reward`` scoring what the trainer generated, two optimiser steps out.

The model is a randomly initialised two-layer GPT-2 and the tokenizer a byte-level BPE trained
here on the prompts, so nothing comes from a hub. The two answers of a yes/no category are
single tokens and every other token is suppressed for the one-token completion, so the group's
rewards differ and GRPO has a gradient to follow. Skipped where TRL and torch are not installed
(``.ci/run`` runs it in ``.venv-trl``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

trl = pytest.importorskip("trl", reason="TRL is not installed (.ci/run uses .venv-trl)")
torch = pytest.importorskip("torch")
pytest.importorskip("datasets")

import closurebench  # noqa: E402
from closurebench.generation.instances import instance  # noqa: E402
from closurebench.generation.release import split_config  # noqa: E402
from closurebench.run.prompts import SYSTEM_PROMPTS  # noqa: E402
from closurebench.scoring import score  # noqa: E402
from closurebench.train.rewards import grpo_reward  # noqa: E402

ANSWERS = ['{"answer": true}', '{"answer": false}']


def _tokenizer(texts: list[str]) -> Any:
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    bpe = Tokenizer(models.BPE())
    bpe.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    bpe.decoder = decoders.ByteLevel()
    bpe.train_from_iterator(texts, trainers.BpeTrainer(
        vocab_size=600, special_tokens=["<|endoftext|>"], show_progress=False,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet()))
    tok = PreTrainedTokenizerFast(tokenizer_object=bpe, eos_token="<|endoftext|>",
                                  pad_token="<|endoftext|>")
    tok.add_tokens(ANSWERS)
    tok.chat_template = ("{% for m in messages %}<|{{ m['role'] }}|>{{ m['content'] }}\n"
                         "{% endfor %}{% if add_generation_prompt %}<|assistant|>{% endif %}")
    return tok


def test_grpo_trains_on_closurebench_rows_scored_by_the_metric(tmp_path) -> None:
    from transformers import GPT2Config, GPT2LMHeadModel

    train = closurebench.load_dataset("reachability", "train", per_category=8, format="grpo",
                                      cache_dir=str(tmp_path / "hf"))
    cfg = split_config("train", "reachability", per_category=8)
    records = {r["id"]: r for r in (instance(cfg, k) for k in range(cfg.size))}
    assert set(train["id"]) == set(records)
    tokenizer = _tokenizer([m["content"] for p in train["prompt"] for m in p])
    allowed = {tokenizer.convert_tokens_to_ids(a) for a in ANSWERS}
    eos = tokenizer.eos_token_id
    torch.manual_seed(0)
    model = GPT2LMHeadModel(GPT2Config(vocab_size=len(tokenizer), n_positions=1024, n_embd=32,
                                       n_layer=2, n_head=2, bos_token_id=eos, eos_token_id=eos,
                                       pad_token_id=eos))
    before = [p.detach().clone() for p in model.parameters()]
    calls: list[dict[str, Any]] = []

    def closurebench_reward(prompts: Any = None, completions: Any = None, **columns: Any
                            ) -> list[float]:
        rewards = grpo_reward(prompts=prompts, completions=completions, **columns)
        calls.append({"prompts": prompts, "completions": completions, "ids": columns["id"],
                      "rewards": rewards})
        return rewards

    args = trl.GRPOConfig(
        output_dir=str(tmp_path / "out"), per_device_train_batch_size=4, num_generations=4,
        max_completion_length=1, max_steps=2, learning_rate=1e-3, logging_steps=1,
        report_to=[], use_cpu=True, save_strategy="no", seed=0,
        generation_kwargs={"suppress_tokens": [i for i in range(len(tokenizer))
                                               if i not in allowed]})
    trainer = trl.GRPOTrainer(model=model, reward_funcs=[closurebench_reward], args=args,
                              train_dataset=train, processing_class=tokenizer)
    trainer.train()

    assert len(calls) == 2 and all(len(c["completions"]) == 4 for c in calls)
    rewards = []
    for call in calls:
        for prompt, completion, rid, got in zip(call["prompts"], call["completions"],
                                                call["ids"], call["rewards"], strict=True):
            # the runner's system prompt and the record's own question reached the model
            assert prompt[0] == {"role": "system", "content": SYSTEM_PROMPTS["direct"]}
            assert prompt[1] == {"role": "user", "content": records[rid]["question"]}
            text = completion[-1]["content"] if isinstance(completion, list) else completion
            assert text in ANSWERS
            assert got == score([text], [records[rid]])["accuracy_strict"]  # the metric's
            rewards.append(got)
    assert 0 < sum(rewards) < len(rewards)
    logged = [h for h in trainer.state.log_history if "reward" in h]
    assert len(logged) == 2 and any(h["grad_norm"] > 0 for h in logged)
    after = list(model.parameters())
    assert any(not torch.equal(a, b) for a, b in zip(before, after, strict=True))
    assert json.loads(records[calls[0]["ids"][0]]["answer"]) in (True, False)
