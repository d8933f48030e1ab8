"""``python -m closurebench.run.lm_eval_tasks`` prints lm-eval's ``--include_path``."""

from closurebench.run.lm_eval_tasks import include_path

print(include_path())
