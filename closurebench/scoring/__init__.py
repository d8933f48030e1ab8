"""Scoring for ClosureBench: extract answers from raw outputs, judge them, report.

``score`` is the whole pipeline (and what the ``evaluate`` metric calls); ``judge_outputs``
gives one ``Verdict`` per output (a reward function's input). The pieces are exported for
users who need one step, e.g. ``extract_answer`` to see what was read from an output.
Modules: ``final`` (drop the reasoning), ``extract`` (find candidates), ``policy`` (pick the
committed answer, lenient credit), ``coerce`` (schema), ``labels``, ``judge`` (one output
against one case), ``references`` (resolving references), ``report``, ``stats``.
"""

from __future__ import annotations

from closurebench.scoring.coerce import (
    FLOAT_TOLERANCE,
    coerce_answer,
    compile_schema,
    set_f1,
)
from closurebench.scoring.extract import (
    MAX_DEPTH,
    MAX_INT_DIGITS,
    MAX_SCAN_CHARS,
)
from closurebench.scoring.final import answer_region
from closurebench.scoring.judge import TRUNCATED_FINISH_REASONS, Verdict
from closurebench.scoring.policy import SLIPS, extract_answer, slip_credit
from closurebench.scoring.references import DENSITY_BUCKET_WIDTH, RECORD_FIELDS, density_bucket
from closurebench.scoring.report import format_report, judge_outputs, score, verdicts
from closurebench.scoring.stats import (
    consensus_correct,
    memorisation_gap,
    newcombe_interval,
    pass_at_k,
    wilson_interval,
)

__all__ = [
    "DENSITY_BUCKET_WIDTH",
    "FLOAT_TOLERANCE",
    "MAX_DEPTH",
    "MAX_INT_DIGITS",
    "MAX_SCAN_CHARS",
    "RECORD_FIELDS",
    "SLIPS",
    "TRUNCATED_FINISH_REASONS",
    "Verdict",
    "answer_region",
    "coerce_answer",
    "compile_schema",
    "consensus_correct",
    "density_bucket",
    "extract_answer",
    "format_report",
    "judge_outputs",
    "memorisation_gap",
    "newcombe_interval",
    "pass_at_k",
    "score",
    "set_f1",
    "slip_credit",
    "verdicts",
    "wilson_interval",
]
