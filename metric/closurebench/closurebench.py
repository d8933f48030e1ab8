"""ClosureBench metric for 🤗 Evaluate: a thin wrapper over ``closurebench.scoring.score``.

Evaluate stores only the declared features (``predictions``, ``references``, both strings) in
its Arrow cache and hands every other ``compute`` keyword straight to ``_compute``. So
per-example lists (``categories``, ``token_counts``, ``sample_ids``) go in as ``compute``
keywords. Dataset records given to ``compute`` travel the same way (the cache keeps their
answer strings); records given to ``add``/``add_batch`` are serialised to JSON strings and
recognised again by the package.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import datasets
import evaluate

from closurebench.hf.hub import hub_url
from closurebench.scoring import RECORD_FIELDS, score
from closurebench.scoring.reasoning import as_text

_CITATION = """\
@misc{closurebench2025,
  title  = {ClosureBench: A Constructive Benchmark for Compositional Graph Reasoning},
  author = {{ClosureBench contributors}},
  year   = {2025},
  note   = {Questions whose answers are computed by two agreeing engines}
}
"""

_DESCRIPTION = """\
Scores raw model outputs on ClosureBench, a constructive graph-reasoning benchmark, as a
careful grader would: only the final, committed answer counts (every model family's
reasoning block is ignored; an output that stops inside its reasoning, is cut off (a finish
reason such as "length" or "MAX_TOKENS"), withdraws its answer, hedges it or ends in an
unreadable answer has none), in any clear final form (JSON, a tag, \\boxed{...}, an answer
line, a closing sentence, lists and tables, number words), with labels matched case- and
look-alike-insensitively when they name one node. Reports strict
accuracy (the headline), targeted lenient accuracy (the reference with its category's one
source slip), the paper's literal lenient rule, parse rate, format rate (exactly the JSON
object asked for), set F1 as separate partial credit, breakdowns by level, category, graph
size and density, tokens per correct answer, and pass@k / cons@k for repeated samples.
"""

_KWARGS_DESCRIPTION = """
Args:
    predictions (`list` of `str`): raw model outputs, one per sample; any other object (None
        from a failed API call, bytes, a number) is scored, never raised.
    references (`list` of `str` or `dict`): either the reference answers as canonical JSON
        strings (then pass `categories`), or ClosureBench dataset records (dicts with
        `answer`, `answer_schema`, `tolerance`, `level`, `category`, `n`, `density`, `nodes`,
        `query`), or records serialised as JSON strings. A `datasets.Dataset` split works.
    categories (`list` of `str`, optional): category id per prediction; needed only when
        references are bare answer strings.
    finish_reasons (`list`, optional): the API's finish reason per prediction, in any
        provider's spelling ("length", "MAX_TOKENS", an enum): a cut-off has no answer.
    token_counts (`list` of `int`, optional): tokens generated per prediction; adds
        `tokens_per_correct` and `total_tokens`.
    sample_ids (`list`, optional): instance id per prediction, for several samples per
        instance; adds `pass@k`, `cons@k` and `n_instances`. Records' `id` fields are used
        when this is omitted.
    k_values (`list` of `int`, optional): the k for pass@k / cons@k (default 1, 2, 4, ...
        up to the smallest number of samples per instance).
Returns:
    accuracy_strict (`float`): strict accuracy, the headline.
    accuracy_lenient (`float`): strict plus the category's one source slip (count +1 where
        the question excludes x, -1 where it includes x, a set with the query node(s)).
    accuracy_lenient_paper (`float`): strict plus the paper's literal ±1 / ± one element.
    parse_rate (`float`): share of predictions with a final committed answer.
    format_rate (`float`): share that are exactly the JSON object the question asked for.
    n_predictions, n_parsed, n_parse_failures, n_correct_strict, n_correct_lenient,
        n_correct_lenient_paper, n_format_ok (`int`).
    set_f1 (`float` or `None`): mean F1 over set answers (partial credit, not accuracy).
    by_level, by_category, by_n, by_density (`dict`): per-bucket n, accuracies and rates.
    tokens_per_correct, pass@k, cons@k: when token counts / several samples are given.
Examples:
    >>> metric = evaluate.load("egolabs-ai/closurebench")  # the Space; or a path to this file
    >>> results = metric.compute(
    ...     predictions=['{"answer": 3}', '<think>maybe [A]</think> {"answer": ["A", "C"]}'],
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


_MAX = 1 << 20  # as_text keeps the last 1 MiB of an output; shorter ASCII passes untouched

# One encoder for all records: json.dumps with keyword arguments builds a new one per call.
_ENCODER = json.JSONEncoder(default=_default, ensure_ascii=False, separators=(",", ":"))


def _rows(references: Any) -> Any:
    """References as a list (a dict of columns, e.g. ``ds[:]``, becomes rows)."""
    if references is None or isinstance(references, (str, list)):
        return references
    if isinstance(references, Mapping):
        columns = {k: list(v) for k, v in references.items()}
        count = len(next(iter(columns.values()))) if columns else 0
        return [{k: v[i] for k, v in columns.items()} for i in range(count)]
    return list(references)  # a datasets.Dataset, a Column, any iterable


def _check_record(index: int, ref: Any) -> None:
    if isinstance(ref, Mapping) and "answer" not in ref:
        raise ValueError(f"references[{index}]: reference record has no 'answer' field")


def _as_strings(references: Any) -> Any:
    """References as strings for the Arrow cache: records become JSON, strings pass through."""
    references = _rows(references)
    if references is None or isinstance(references, str):
        return references
    if all(isinstance(r, str) for r in references):
        return references
    out = []
    for index, ref in enumerate(references):
        if isinstance(ref, Mapping):
            _check_record(index, ref)
            # Only what scoring reads: questions, edges and programs would bloat the cache.
            slim = {k: ref[k] for k in RECORD_FIELDS if k in ref}
            out.append(_ENCODER.encode(slim))
        else:
            out.append(ref)
    return out


def _outputs(predictions: Any) -> Any:
    """Predictions the Arrow cache can hold, scored exactly as ``score`` scores the originals.

    A failed API call's ``None``, a number or a dict is no output (``""``); bytes are decoded;
    a lone surrogate (an emoji cut by the token cap) becomes U+FFFD. Without this one odd
    prediction would abort the whole batch inside Arrow.
    """
    if predictions is None:
        return None
    if not isinstance(predictions, list):
        predictions = list(predictions)
    out = predictions
    for index, output in enumerate(predictions):
        if type(output) is str and output.isascii() and len(output) <= _MAX:
            continue
        text = as_text(output)
        if text is None:
            text = ""  # Arrow's string column holds no None here; both are no answer
        if text is not output:
            if out is predictions:
                out = list(predictions)
            out[index] = text
    return out


def _answers(references: list[Any]) -> list[Any]:
    """The answer strings of records (other references as they are), for the Arrow cache."""
    out = []
    for index, ref in enumerate(references):
        if isinstance(ref, Mapping):
            _check_record(index, ref)
            answer = ref["answer"]
            out.append(answer if isinstance(answer, str) else _ENCODER.encode(answer))
        else:
            out.append(ref)
    return out


@evaluate.utils.file_utils.add_start_docstrings(_DESCRIPTION, _KWARGS_DESCRIPTION)
class Closurebench(evaluate.Metric):
    """ClosureBench strict accuracy (the headline), lenient figures, rates and breakdowns."""

    def _info(self) -> evaluate.MetricInfo:
        return evaluate.MetricInfo(
            description=_DESCRIPTION,
            citation=_CITATION,
            inputs_description=_KWARGS_DESCRIPTION,
            features=datasets.Features(
                {"predictions": datasets.Value("string"), "references": datasets.Value("string")}
            ),
            reference_urls=[hub_url()],  # the dataset id setting (closurebench.hf.hub)
        )

    def add_batch(self, *, predictions=None, references=None, **kwargs):
        """Add a batch; dataset records among the references are serialised to JSON.

        Both columns are plain strings by now, which ``Value("string")`` encodes as
        themselves, so they go straight to the Arrow writer: evaluate's per-value encoding
        loop would otherwise cost more than scoring them.
        """
        predictions = _outputs(predictions)
        references = _as_strings(references)
        self._pending = True
        if (
            kwargs
            or not isinstance(predictions, list)
            or not isinstance(references, list)
            or len(predictions) != len(references)
            or not all(type(r) is str for r in references)
        ):
            return super().add_batch(predictions=predictions, references=references, **kwargs)
        batch = {"predictions": predictions, "references": references}
        if self.writer is None:
            self.selected_feature_format = self._infer_feature_from_batch(batch)
            self._init_writer()
        self.writer.write_batch(batch)
        return None

    def add(self, *, prediction=None, reference=None, **kwargs):
        """Add one example; a dataset record as reference is serialised to JSON."""
        if isinstance(reference, Mapping):
            reference = _as_strings([reference])[0]
        prediction = _outputs([prediction])[0]
        self._pending = True
        return super().add(prediction=prediction, reference=reference, **kwargs)

    def compute(self, *, predictions=None, references=None, **kwargs):
        """Score everything added so far plus these inputs (see the keyword list below).

        Evaluate appends the keyword description to this docstring on instantiation.
        """
        predictions = _outputs(predictions)
        rows = _rows(references)
        try:
            if (
                isinstance(rows, list)
                and not getattr(self, "_pending", False)
                and any(isinstance(r, Mapping) for r in rows)
            ):
                # Everything arrives in this call: records travel as a compute keyword, like
                # categories, and the Arrow cache keeps just the answers (no JSON round trip).
                return super().compute(
                    predictions=predictions, references=_answers(rows), _records=rows, **kwargs
                )
            return super().compute(predictions=predictions, references=_as_strings(rows), **kwargs)
        finally:
            self._pending = False

    def _compute(self, predictions, references, _records=None, **kwargs):
        """Delegate to the package: the metric and ``closurebench score`` agree by design."""
        refs = references if _records is None else _records
        return score(predictions=predictions, references=refs, **kwargs)
