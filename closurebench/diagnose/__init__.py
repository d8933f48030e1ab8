"""Diagnose, not only score: why a model's answer is wrong, and what its reasoning did.

``attribute`` labels one wrong answer with the error class whose counterfactual reproduces it
(direction confusion, depth truncation, source inclusion, misread edge, accumulation drift,
format / type, other, or ambiguous); ``attribution_table`` does a whole run;
``trace_table`` measures chain-of-thought outputs. The error-injecting baselines that validate
attribution live in ``closurebench.diagnose.inject``.
"""

from __future__ import annotations

from closurebench.diagnose.attribute import CLASS_NAMES, CLASSES, Attribution, attribute
from closurebench.diagnose.counterfactuals import MISREAD_BUDGET
from closurebench.diagnose.inject import INJECTED, injected_answer, injected_output
from closurebench.diagnose.summary import attribution_table, format_attribution
from closurebench.diagnose.traces import analyse_trace, format_traces, trace_table

__all__ = [
    "CLASSES", "CLASS_NAMES", "INJECTED", "MISREAD_BUDGET", "Attribution", "analyse_trace",
    "attribute", "attribution_table", "format_attribution", "format_traces",
    "injected_answer", "injected_output", "trace_table",
]
