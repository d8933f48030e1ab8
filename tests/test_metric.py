"""The evaluate metric, end to end through ``evaluate.load(<local path>)``, offline."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_EVALUATE_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")

from closurebench.scoring import score

METRIC_DIR = Path(__file__).resolve().parent.parent / "metric" / "closurebench"
MQ = '{"can_reach":true,"in_degree":1,"out_degree":2}'


def _record(rid: str, category: str, answer: str, **kw: object) -> dict[str, object]:
    from closurebench.categories import CATEGORIES

    spec = CATEGORIES[category]
    return {
        "id": rid,
        "category": category,
        "level": spec.level,
        "n": kw.get("n", 8),
        "density": kw.get("density", 0.3),
        "question": "…",
        "answer": answer,
        "answer_schema": json.dumps(spec.schema, sort_keys=True, separators=(",", ":")),
        "tolerance": spec.tolerance,
        "nodes": ["A", "B", "C"],
    }


RECORDS = [
    _record("r1", "triangle_count", "3", n=6),
    _record("r2", "reach_then_count", "5"),
    _record("r3", "set_intersection", '["A","C"]', density=0.15),
    _record("r4", "multi_query", MQ, n=12),
    _record("r5", "aggregate_over_set", "2.33"),
]
OUTPUTS = [
    '{"answer": 3}',
    'Counting reachable nodes... {"answer": 4}',
    '```json\n{"answer": ["A"]}\n```',
    "{'answer': {'out_degree': 2, 'in_degree': 1, 'can_reach': True}}",
    "The mean is \\boxed{2.333}",
]


@pytest.fixture(scope="module")
def metric():
    evaluate = pytest.importorskip("evaluate")
    return evaluate.load(str(METRIC_DIR))


def test_records_match_the_plain_function(metric) -> None:
    expected = score(predictions=OUTPUTS, references=RECORDS)
    got = metric.compute(predictions=OUTPUTS, references=RECORDS)
    assert got == expected
    # 4 for 5 and [A] for [A, C] are not the source slip: only the paper's rule credits them
    assert (got["accuracy_strict"], got["accuracy_lenient"]) == (0.6, 0.6)
    assert got["accuracy_lenient_paper"] == 1.0
    assert list(got["by_level"]) == ["1", "2", "3"]


def test_records_as_json_strings(metric) -> None:
    got = metric.compute(predictions=OUTPUTS, references=[json.dumps(r) for r in RECORDS])
    assert got == score(predictions=OUTPUTS, references=RECORDS)


def test_dataset_split_as_references(metric) -> None:
    datasets = pytest.importorskip("datasets")
    ds = datasets.Dataset.from_list(RECORDS)
    got = metric.compute(predictions=OUTPUTS, references=ds, token_counts=[5, 6, 7, 8, 9])
    assert got == score(predictions=OUTPUTS, references=RECORDS, token_counts=[5, 6, 7, 8, 9])
    assert got["tokens_per_correct"] == pytest.approx(35 / 3)
    # columns of a split work too
    assert metric.compute(predictions=OUTPUTS, references=ds[:])["accuracy_strict"] == 0.6


def test_answers_with_categories_and_samples(metric) -> None:
    got = metric.compute(
        predictions=['{"answer": 3}', '{"answer": 2}', "junk", '{"answer": true}'],
        references=["3", "3", "3", "true"],
        categories=["triangle_count"] * 3 + ["reachability"],
        sample_ids=["a", "a", "a", "b"],
        k_values=[1],
    )
    assert got["pass@1"] == pytest.approx((1 / 3 + 1) / 2)
    assert got["cons@1"] == 1.0
    assert got["n_instances"] == 2


def test_add_batch_then_compute(metric) -> None:
    metric.add_batch(predictions=OUTPUTS[:2], references=RECORDS[:2])
    metric.add(prediction=OUTPUTS[2], reference=RECORDS[2])
    got = metric.compute(predictions=OUTPUTS[3:], references=RECORDS[3:])
    assert got == score(predictions=OUTPUTS, references=RECORDS)


def test_numpy_values_in_records(metric) -> None:
    np = pytest.importorskip("numpy")
    rec = dict(RECORDS[0], n=np.int64(6), density=np.float64(0.3), level=np.int64(1))
    got = metric.compute(predictions=['{"answer": 3}'], references=[rec])
    assert got["by_n"] == {
        "6": {
            "n": 1,
            "accuracy_strict": 1.0,
            "accuracy_lenient": 1.0,
            "accuracy_lenient_paper": 1.0,
            "parse_rate": 1.0,
            "format_rate": 1.0,
        }
    }


def test_errors_reach_the_caller(metric) -> None:
    with pytest.raises(ValueError, match=r"references\[0\]: unknown category 'nope'"):
        metric.compute(predictions=["x"], references=["3"], categories=["nope"])


def test_kwargs_example_runs(metric) -> None:
    results = metric.compute(
        predictions=['{"answer": 3}', 'Reasoning... {"answer": ["A", "C"]}'],
        references=["3", '["A", "C"]'],
        categories=["triangle_count", "set_intersection"],
    )
    assert (results["accuracy_strict"], results["parse_rate"]) == (1.0, 1.0)
    assert "accuracy_strict" in metric.inputs_description


def test_metric_card() -> None:
    yaml = pytest.importorskip("yaml")
    text = (METRIC_DIR / "README.md").read_text(encoding="utf-8")
    assert text.startswith("---\n")
    header = yaml.safe_load(text.split("---\n")[1])
    for key in (
        "title",
        "emoji",
        "colorFrom",
        "colorTo",
        "sdk",
        "sdk_version",
        "app_file",
        "pinned",
        "tags",
    ):
        assert key in header, key
    assert header["sdk"] == "gradio" and header["app_file"] == "app.py"
    for section in (
        "Description",
        "How to Use",
        "Inputs",
        "Output Values",
        "Examples",
        "Limitations and Bias",
        "Citation",
    ):
        assert re.search(rf"^##+ (Metric )?{section}$", text, re.MULTILINE), section
    from closurebench.categories import CATEGORIES

    for category in CATEGORIES:  # every category's tolerance is documented
        assert category in text, category
