"""ClosureBench metric for 🤗 Evaluate: a thin wrapper over ``closurebench.scoring.score``.

Evaluate stores only the declared features (``predictions``, ``references``, both strings) in
its Arrow cache and hands every other ``compute`` keyword straight to ``_compute``. So
per-example lists (``categories``, ``token_counts``, ``sample_ids``) go in as ``compute``
keywords, and dataset records given as references are serialised to JSON strings here and
recognised again by the package.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import datasets
import evaluate
from closurebench.scoring import score

_CITATION = """\
@misc{closurebench2025,
  title  = {ClosureBench: A Constructive Benchmark for Compositional Graph Reasoning},
  author = {{ClosureBench contributors}},
  year   = {2025},
  note   = {Questions whose answers are computed by two agreeing engines}
}
"""

_DESCRIPTION = """\
Scores raw model outputs on ClosureBench, a constructive graph-reasoning benchmark. The
answer is extracted from each output (bare JSON, fenced JSON, JSON after chain-of-thought,
the last object with an "answer" key, a final \\boxed{...}, Python-style literals), coerced
to the question's answer schema and compared with the reference. Reports strict accuracy
(the headline), lenient accuracy (±1 on counts, ± one element on sets), parse rate, set F1
as separate partial credit, breakdowns by level, category, graph size and density, tokens
per correct answer, and pass@k / cons@k when several samples share an instance.
"""

_KWARGS_DESCRIPTION = """
Args:
    predictions (`list` of `str`): raw model outputs, one per sample.
    references (`list` of `str` or `dict`): either the reference answers as canonical JSON
        strings (then pass `categories`), or ClosureBench dataset records (dicts with
        `answer`, `answer_schema`, `tolerance`, `level`, `category`, `n`, `density`), or
        records serialised as JSON strings. A `datasets.Dataset` split works as is.
    categories (`list` of `str`, optional): category id per prediction; needed only when
        references are bare answer strings.
    token_counts (`list` of `int`, optional): tokens generated per prediction; adds
        `tokens_per_correct` and `total_tokens`.
    sample_ids (`list`, optional): instance id per prediction, for several samples per
        instance; adds `pass@k`, `cons@k` and `n_instances`. Records' `id` fields are used
        when this is omitted.
    k_values (`list` of `int`, optional): the k for pass@k / cons@k (default 1, 2, 4, ...
        up to the smallest number of samples per instance).
Returns:
    accuracy_strict (`float`): share of predictions exactly right after coercion (headline).
    accuracy_lenient (`float`): strict, plus ±1 on "count" answers, ± one element on "set".
    parse_rate (`float`): share of predictions whose answer could be extracted and coerced.
    n_predictions, n_parsed, n_parse_failures, n_correct_strict, n_correct_lenient (`int`).
    set_f1 (`float` or `None`): mean F1 over set answers (partial credit, not accuracy).
    by_level, by_category, by_n, by_density (`dict`): per-bucket n and accuracies.
    tokens_per_correct, pass@k, cons@k: when token counts / several samples are given.
Examples:
    >>> metric = evaluate.load("closurebench")  # or a local path to this folder
    >>> results = metric.compute(
    ...     predictions=['{"answer": 3}', 'Reasoning... {"answer": ["A", "C"]}'],
    ...     references=["3", '["A", "C"]'],
    ...     categories=["triangle_count", "set_intersection"],
    ... )
    >>> results["accuracy_strict"], results["parse_rate"]
    (1.0, 1.0)
"""


def _default(value: Any) -> Any:
    """JSON fallback for numpy scalars that dataset rows may carry."""
    item = getattr(value, "item", None)
    if callable(item):
        return item()
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


def _as_strings(references: Any) -> Any:
    """References as strings for the Arrow cache: records become JSON, strings pass through."""
    if references is None or isinstance(references, str):
        return references
    if isinstance(references, Mapping):  # a dict of columns, e.g. ds[:]
        columns = {k: list(v) for k, v in references.items()}
        count = len(next(iter(columns.values()))) if columns else 0
        references = [{k: v[i] for k, v in columns.items()} for i in range(count)]
    out = []
    for ref in references:
        if isinstance(ref, Mapping):
            out.append(json.dumps(dict(ref), default=_default, ensure_ascii=False))
        else:
            out.append(ref)
    return out


@evaluate.utils.file_utils.add_start_docstrings(_DESCRIPTION, _KWARGS_DESCRIPTION)
class Closurebench(evaluate.Metric):
    """ClosureBench accuracy (strict and lenient), parse rate and breakdowns."""

    def _info(self) -> evaluate.MetricInfo:
        return evaluate.MetricInfo(
            description=_DESCRIPTION,
            citation=_CITATION,
            inputs_description=_KWARGS_DESCRIPTION,
            features=datasets.Features(
                {"predictions": datasets.Value("string"), "references": datasets.Value("string")}
            ),
            reference_urls=["https://huggingface.co/datasets/closurebench/closurebench"],
        )

    def add_batch(self, *, predictions=None, references=None, **kwargs):
        """Add a batch; dataset records among the references are serialised to JSON."""
        return super().add_batch(
            predictions=predictions, references=_as_strings(references), **kwargs
        )

    def add(self, *, prediction=None, reference=None, **kwargs):
        """Add one example; a dataset record as reference is serialised to JSON."""
        if isinstance(reference, Mapping):
            reference = _as_strings([reference])[0]
        return super().add(prediction=prediction, reference=reference, **kwargs)

    def compute(self, *, predictions=None, references=None, **kwargs):
        """Score everything added so far plus these inputs (see the keyword list below).

        Evaluate appends the keyword description to this docstring on instantiation.
        """
        if predictions is not None and not isinstance(predictions, list):
            predictions = list(predictions)
        return super().compute(
            predictions=predictions, references=_as_strings(references), **kwargs
        )

    def _compute(self, predictions, references, **kwargs):
        """Delegate to the package: the metric and ``closurebench score`` agree by design."""
        return score(predictions=predictions, references=references, **kwargs)
