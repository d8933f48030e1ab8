"""Error attribution: counterfactuals rebuilt from records, labels, causes, ambiguity."""

from __future__ import annotations

import json

import pytest

from closurebench.categories import CATEGORIES
from closurebench.diagnose import attribute
from closurebench.diagnose.counterfactuals import misread
from closurebench.diagnose.problem import Problem
from closurebench.errors import ConfigError
from closurebench.generation.pose import answer_hops


def test_problem_rebuilds_every_category(sample):
    """The rebuilt integer problem gives the recorded answer and hop depth, for every category."""
    assert {r["category"] for r in sample} == set(CATEGORIES)
    for rec in sample:
        p = Problem.from_record(rec)
        assert p.key(p.run()) == p.key(json.loads(rec["answer"])), rec["id"]
        raw = p.category.tensor_program(p.graph, p.query)
        assert answer_hops(p.category, p.graph, p.query, raw) == rec["hops"], rec["id"]


def test_correct_answer_is_not_an_error(sample):
    for rec in sample[:30]:
        assert attribute(json.dumps({"answer": json.loads(rec["answer"])}), rec) is None


def _record(category: str, edges: list[list[str]], query: dict, nodes: list[str]) -> dict:
    """A record built by hand through ``solve`` (the public ground truth)."""
    from closurebench import solve
    from closurebench.generation.records import canonical

    cat = CATEGORIES[category]
    answer = solve(category, edges, query, nodes=nodes)
    return {"id": f"hand-{category}", "category": category, "level": cat.level, "n": len(nodes),
            "density": 0.2, "nodes": nodes, "edges": edges, "edges_after": [],
            "query": canonical(query), "answer": canonical(answer), "hops": None,
            "answer_schema": canonical(cat.schema), "tolerance": cat.tolerance}


def test_hand_worked_chain():
    """A -> B -> C -> D, how many does A reach: 3. Hand-derived readings of each error."""
    rec = _record("reach_then_count", [["A", "B"], ["B", "C"], ["C", "D"]], {"x": "A"},
                  ["A", "B", "C", "D", "E"])
    assert rec["answer"] == "3"
    depth1 = attribute('{"answer": 1}', rec)  # one hop: only B (also: remove B->C)
    assert depth1.label == "ambiguous" and depth1.candidates == ("depth", "misread")
    assert {"k": 1} in depth1.matches["depth"]
    assert {"edit": "remove", "edge": ["B", "C"]} in depth1.matches["misread"]
    reversed_ = attribute('{"answer": 0}', rec)  # A has no parents; also remove A->B
    assert reversed_.candidates[0] == "direction"
    source = attribute('{"answer": 4}', rec)  # A counted; also add C->E or similar
    assert "source" in source.candidates and {"counted": 1} in source.matches["source"]
    other = attribute('{"answer": 17}', rec)
    assert other.label == "other" and other.candidates == ()


def test_drift_and_format_causes():
    rec = _record("aggregate_over_set", [["A", "B"], ["B", "C"], ["C", "A"], ["A", "D"]],
                  {"x": "A"}, ["A", "B", "C", "D"])
    ref = json.loads(rec["answer"])
    drift = attribute(json.dumps({"answer": round(ref + 0.4, 2)}), rec)
    assert drift.label in ("drift", "ambiguous", "misread") and drift.answer is not None
    assert attribute("", rec).cause == "empty output"
    assert attribute("Let me think step by", rec, "length").cause == (
        "truncated at the token limit")
    assert attribute("no idea", rec).cause == "no answer found"
    wrong_shape = attribute(json.dumps({"answer": [ref]}), rec)
    assert wrong_shape.label == "format"
    assert wrong_shape.cause == "right content, wrong shape (list for number)"
    assert attribute('{"answer": ["x", "y"]}', rec).cause == "wrong type (list for number)"


def test_misread_search_is_stated_and_deterministic(sample):
    rec = max(sample, key=lambda r: len(r["edges"]))
    p = Problem.from_record(rec)
    full, search = misread(p)
    assert search["exhaustive"] and search["tried"] == search["edits"] == len(full)
    small, s2 = misread(p, budget=10)
    again, _ = misread(p, budget=10)
    assert not s2["exhaustive"] and s2 == {"edits": len(full), "tried": 10,
                                           "exhaustive": False}
    assert [c.detail for c in small] == [c.detail for c in again]


def test_missing_graph_fields_are_named():
    with pytest.raises(ConfigError, match="lacks edges"):
        Problem.from_record({"id": "x", "category": "reachability", "nodes": [], "query": "{}",
                             "answer": "true", "edges_after": []})
    with pytest.raises(ConfigError, match="do not fit together"):
        Problem.from_record({"id": "x", "category": "reachability", "nodes": ["A", "B"],
                             "edges": [["A", "Z"]], "query": '{"x": "A", "y": "B"}',
                             "answer": "true", "edges_after": []})


@pytest.mark.parametrize("output", [None, 7, b'{"answer": 1}', b"\xff\xfe", "{" * 5000,
                                    '{"answer": {"answer": {"answer": 1}}}', '{"answer": NaN}',
                                    "\\boxed{", '{"answer": 1e999}', '{"answer": [[], {}]}'])
def test_attribution_never_raises_on_model_output(sample, output):
    for rec in sample[::13]:
        found = attribute(output, rec, "length")
        assert found is None or found.label in ("direction", "depth", "source", "misread",
                                                "drift", "format", "other", "ambiguous")
