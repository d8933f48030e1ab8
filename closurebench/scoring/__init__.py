"""Scoring for ClosureBench: extract answers from raw outputs, judge them, report.

``score`` is the whole pipeline (and what the ``evaluate`` metric calls); the pieces are
exported for users who need one step, e.g. ``extract_answer`` to inspect a parse failure.
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
    extract_answer,
)
from closurebench.scoring.report import (
    DENSITY_BUCKET_WIDTH,
    RECORD_FIELDS,
    density_bucket,
    format_report,
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
    "coerce_answer",
    "compile_schema",
    "consensus_correct",
    "density_bucket",
    "extract_answer",
    "format_report",
    "memorisation_gap",
    "newcombe_interval",
    "pass_at_k",
    "score",
    "set_f1",
    "verdicts",
    "wilson_interval",
]
