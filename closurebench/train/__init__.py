"""Training on ClosureBench: rewards, curricula, SFT data and a reasoning-gym adapter.

* ``rewards``: the metric's strict verdict as a reward (and TRL's GRPO signature).
* ``curriculum``: fresh configs of rising difficulty along level, n and hop depth.
* ``sft``: chat-format training data with the runner's prompts (``closurebench export sft``).
* ``reasoning_gym``: ClosureBench as a reasoning-gym dataset, scored by the same verdict.
"""
