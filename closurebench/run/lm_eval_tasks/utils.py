"""What the task files beside it name with ``!function utils.<name>``.

lm-eval imports a task folder's ``utils.py`` by its path; the code lives in the package module
``closurebench.run.lm_eval_tasks.tasks``, so it is imported once per process.
"""

from closurebench.run.lm_eval_tasks.tasks import *  # noqa: F403
from closurebench.run.lm_eval_tasks.tasks import __all__  # noqa: F401
