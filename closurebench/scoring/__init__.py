"""Scoring for ClosureBench: the judge, as a short pipeline, and the report.

``score`` is the whole pipeline (and what the ``evaluate`` metric calls); ``judge_outputs``
gives one ``Verdict`` per output (a reward function's input). The judge's stages, one module
each: ``reasoning`` (strip every family's reasoning markers and chat tokens), ``commit`` (find
the final commitment), ``parse`` (typed reading per schema), ``judge`` (strict, the targeted
lenient slip, format); ``marks`` gives the two middle stages one rule for the marks around an
answer (separators, brackets, bullets, by Unicode property). Then ``labels``,
``references`` (resolving references), ``report``, ``stats``; ``extract_answer`` shows what
was read from an output.
"""

from __future__ import annotations

from closurebench.scoring.judge import (
    SLIPS,
    TRUNCATED_FINISH_REASONS,
    Verdict,
    extract_answer,
    slip_credit,
)
from closurebench.scoring.parse import (
    FLOAT_TOLERANCE,
    MAX_DEPTH,
    MAX_INT_DIGITS,
    coerce_answer,
    compile_schema,
    set_f1,
)
from closurebench.scoring.reasoning import MAX_OUTPUT_CHARS as MAX_SCAN_CHARS
from closurebench.scoring.reasoning import answer_region
from closurebench.scoring.references import DENSITY_BUCKET_WIDTH, RECORD_FIELDS, density_bucket
from closurebench.scoring.report import (
    format_report,
    instance_outcomes,
    judge_outputs,
    parse_metric,
    score,
    verdicts,
)
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
    "instance_outcomes",
    "judge_outputs",
    "memorisation_gap",
    "newcombe_interval",
    "parse_metric",
    "pass_at_k",
    "score",
    "set_f1",
    "slip_credit",
    "verdicts",
    "wilson_interval",
]
