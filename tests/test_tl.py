"""The tensor-logic language: syntax errors, type errors, semantics, bounds, reference programs."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import subprocess
import sys

import pytest

import closurebench as cb
from closurebench import tl
from closurebench.categories import CATEGORIES
from closurebench.errors import EngineDisagreement
from closurebench.generation.records import canonical

CHAIN = 'nodes "A", "B", "C", "D".\nEdge("A", "B"). Edge("B", "C").\n'
CYCLE = 'nodes "A", "B", "C", "D".\nEdge("A", "B"). Edge("B", "C"). Edge("C", "A").\n'


def run(body: str, graph: str = CHAIN, **kw):
    return tl.run(graph + body, **kw)


# --- syntax -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("source", "where", "what"), [
    ('answer 1', "line 1, column 8", "unexpected end of input"),
    ('R[x] = = 2.\nanswer 1.', "line 1, column 8", "unexpected '='"),
    ('Edge("A", "B").\nanswer $.', "line 2, column 8", "unexpected character '\\$'"),
    ('answer count(.', "line 1, column 14", "unexpected '.'"),
])
def test_syntax_errors_name_line_and_column(source, where, what):
    with pytest.raises(tl.TLSyntaxError, match=f"{where}: {what}"):
        tl.run(source)


def test_a_huge_program_is_refused_before_parsing():
    with pytest.raises(tl.TLSyntaxError, match="at most 2000000"):
        tl.run("# " + "x" * 2_000_001)


# --- types --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("body", "message"), [
    ("answer Nope[x].", "line 3, column 8: Nope is not defined"),
    ("answer Edge[x].", "Edge has 2 indices, given 1"),
    ("answer Edge.", "Edge has 2 indices; write Edge\\[x, y\\]"),
    ("R[x, y] = Edge[x, z].\nanswer 1.", "head index y of R does not occur in the body"),
    ("R[x] = Edge[x, y] + outdeg(Edge)[x].\nanswer 1.", "\\+ needs all-Boolean or all-numeric"),
    ("answer !outdeg(Edge)[x].", "! takes a Boolean, got int"),
    ("answer Edge[x, y].", "an answer is a scalar or a set"),
    ("answer count(outdeg(Edge)[x]).", "count takes a bool expression, got int"),
    ("answer closure(Edge).", "closure\\(...\\) is a tensor with 2 indices; index it"),
    ("answer argmax(Edge[x, y]).", "argmax takes an int or bool expression over exactly one"),
    ('answer branch(Edge["A", "B"], 1, "A").', "branch's two values must have one kind"),
    ("answer (y).", "index y alone is not a value"),
    ("R = 1.\nR = 2.\nanswer R.", "R is already defined"),
    ('Edge("A", "B", "C").\nanswer 1.', "Edge facts have 2 arguments, this one 3"),
    ("answer 1.\nanswer 2.", "exactly one answer statement, found 2"),
    ('answer ("A" < 2).', "cannot compare node with int"),
    ("answer Edge[X, y].", "X in an index position must be a node"),
])
def test_type_errors_are_caught_before_running(body, message):
    with pytest.raises(tl.TLTypeError, match=message):
        run(body)


# --- semantics ----------------------------------------------------------------------------------

def test_recursion_reaches_the_transitive_closure():
    assert run('R[y] = Edge["A", y] + R[z] Edge[z, y].\nanswer R[y].') == ["B", "C"]
    reach = "Reach[x, y] = Edge[x, y] + Reach[x, z] Edge[z, y].\n"
    assert run(reach + "answer Reach[x, x].", CYCLE) == ["A", "B", "C"]  # a diagonal
    assert run(reach + "answer Reach[x, x].") == []


def test_a_join_sums_out_indices_the_head_does_not_name():
    # Boolean: there exists a middle node; integer: how many two-step paths
    assert run('Two[x, y] = Edge[x, z] Edge[z, y].\nanswer Two["A", y].') == ["C"]
    assert run('Paths = num(Edge[x, z]) num(Edge[z, y]).\nanswer Paths.') == 1
    assert run("Deg[x] = num(Edge[x, y]).\nanswer Deg[\"B\"].") == 1


def test_each_top_level_term_is_contracted_on_its_own():
    # the unary term is not multiplied by the size of z's range
    assert run('N[x] = num(Edge[x, "B"]) + num(Edge[x, z]).\nanswer N["A"].') == 2


def test_builtins():
    assert run('answer closure(Edge)["A", y].') == ["B", "C"]
    assert run('answer dist(Edge, "A")["C"].') == 2
    assert run('answer dist(Edge, "A")["D"].') == -1
    assert run("answer argmax(indeg(Edge)[x] + outdeg(Edge)[x]).") == "B"
    assert run('answer round(mean(outdeg(Edge)[y], closure(Edge)["A", y]), 2).') == 0.5
    assert run('answer branch(Edge["A", "B"], count(Edge[x, y]), -1).') == 2
    assert run("answer sum(outdeg(Edge)[x]).") == 2
    assert run("answer count((x < y)).") == 6  # node order: as the nodes are listed


def test_answers_take_the_json_shapes_of_the_benchmark():
    body = ('X = "A".\nanswer {n: count(Edge[x, y]), ok: Edge[X, "B"], who: argmax(outdeg(Edge)'
            '[x] (x != X)), set: closure(Edge)[X, y], mean: round(mean(indeg(Edge)[x], '
            '(x != "D")), 2)}.')
    assert run(body) == {"n": 2, "ok": True, "who": "B", "set": ["B", "C"], "mean": 0.67}
    out = subprocess.run([sys.executable, "-m", "closurebench.tl", "-"], input=CHAIN +
                         "answer count(Edge[x, y]).", capture_output=True, text=True,
                         check=True, timeout=60).stdout
    assert json.loads(out) == {"answer": 2}


@pytest.mark.parametrize(("body", "message"), [
    ('answer argmax(outdeg(Edge)[x] (x != "A") (x != "B")).', "argmax: 4 nodes tie for the max"),
    ('answer round(mean(outdeg(Edge)[y], (y == "A") (y == "B")), 2).', "mean over an empty"),
    ('answer Edge["A", "Q"].', 'unknown node \'Q\''),
])
def test_runtime_errors_name_the_problem(body, message):
    with pytest.raises(tl.TLRuntimeError, match=message):
        run(body)


def test_a_checked_program_runs_on_any_domain():
    """Compiled once, a program reads its nodes, facts and inputs afresh on every run."""
    logic = ('R[y] = closure(Edge)[X, y].\nanswer {n: count(R[y] (y != X)), d: dist(Edge, X)["C"],'
             ' top: argmax(outdeg(Edge)[x]), diag: Edge[x, x]}.')
    checked = tl.compile_program(logic, {"Edge": 2}, {"X": "node"})
    graphs = [(["A", "B", "C"], [("A", "B"), ("A", "C"), ("C", "C")], "A"),
              (["C", "Z", "B", "A"], [("Z", "C"), ("C", "B"), ("B", "A"), ("Z", "Z")], "Z"),
              (["B", "C"], [("C", "B"), ("C", "C")], "C")]
    for labels, edges, x in graphs:
        text = (f"nodes {', '.join(map(json.dumps, labels))}.\nrelation Edge/2.\n" +
                " ".join(f'Edge("{u}", "{v}").' for u, v in edges) + f'\nX = "{x}".\n' + logic)
        assert tl.execute(checked, labels, {"Edge": edges}, {"X": x}) == tl.run(text)


def test_branch_evaluates_only_the_chosen_value():
    body = 'answer branch(Edge["A", "B"], "A", argmax(outdeg(Edge)[x] (x == "D"))).'
    assert run(body) == "A"


# --- bounds -------------------------------------------------------------------------------------

def test_a_rule_without_a_fixed_point_stops():
    with pytest.raises(tl.TLLimitError, match="fixed point in 50 rounds"):
        run("N[x] = N[x] + num(Edge[x, y]).\nanswer N[\"A\"].", limits=tl.Limits(max_iterations=50))


def test_integers_cannot_overflow_silently():
    with pytest.raises(tl.TLLimitError, match="at most 2\\*\\*53"):
        run("N[x] = N[x] N[x] + num(Edge[x, y]) + num(Edge[x, y]).\nanswer N[\"A\"].")


def test_tensor_size_and_time_are_bounded():
    nodes = "nodes " + ", ".join(f'"n{i}"' for i in range(60)) + ".\n"
    wide = "answer count(Edge[a, b] Edge[b, c] Edge[c, d] Edge[d, e]).\n"
    with pytest.raises(tl.TLLimitError, match="cells; at most"):
        tl.run(nodes + 'Edge("n0", "n1").\n' + wide)
    with pytest.raises(tl.TLLimitError, match="ran longer than"):
        tl.run(nodes + 'Edge("n0", "n1").\nanswer count(Edge[a, b] Edge[b, c]).',
               limits=tl.Limits(max_seconds=0.0))
    with pytest.raises(tl.TLLimitError, match="61 nodes; at most 60"):
        tl.run(nodes + 'Edge("n0", "x").\nanswer 1.', limits=tl.Limits(max_nodes=60))


def test_the_spec_ships_with_the_package_and_stays_short():
    assert "answer" in tl.SPEC and "closure(R)" in tl.SPEC
    # ~600 tokens (the paper's size): about 3.5 characters per token for code-heavy text
    assert len(tl.SPEC) <= 2100 and len(tl.SPEC.split()) <= 400


def test_the_spec_example_runs():
    example = tl.SPEC.split("Example, how many nodes \"A\" reaches:")[1]
    assert tl.run("\n".join(line.strip() for line in example.splitlines())) == 2


# --- the reference programs ---------------------------------------------------------------------

def test_every_category_has_tl_logic_that_checks():
    for cat in CATEGORIES.values():
        assert cat.tl_program is not None, cat.id


def test_every_program_tl_runs_to_the_reference_answer():
    recs = list(cb.generate("all", per_category=6, seed=3))
    recs += list(cb.generate("l1", per_category=2, seed=4, encoding="numeric"))
    for r in recs:
        assert canonical(tl.run(r["program_tl"])) == r["answer"], r["id"]
        assert r["program_tl"].startswith("# ClosureBench reference program")


def test_a_wrong_tl_program_stops_generation():
    from closurebench.generation.pose import pose
    from closurebench.generation.records import build_record

    posed = pose("reach_then_count", 5, (4, 8), (0.2, 0.4))
    broken = dataclasses.replace(posed, category=dataclasses.replace(
        posed.category, tl_program="answer 12345.\n"))
    kw = {"record_id": "x", "structural_seed": 5, "surface_seed": 5, "encoding": "nl"}
    assert build_record(broken, **kw, cross_check=False)["program_tl"].endswith("answer 12345.\n")
    with pytest.raises(EngineDisagreement, match="tl=12345"):
        build_record(broken, **kw)


def test_mutated_programs_fail_only_with_tl_errors():
    """Whatever a model writes, the interpreter answers or raises a TLError, nothing else."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    sources = [r["program_tl"] for r in cb.generate("all", per_category=1, seed=2)]
    pieces = [*'()[],.+!=<>{}:"#\n ', "answer", "nodes", "relation", "count(", "closure(",
              "argmax(", "mean(", "branch(", "round(", "dist(", "num(", "sum(", "x", "X",
              "Edge", "-1", "9" * 30, '"A"', "/2"]

    @settings(max_examples=150, deadline=None, derandomize=True)
    @given(st.sampled_from(sources), st.lists(st.tuples(
        st.integers(0, 10**6), st.integers(0, 1), st.sampled_from(pieces)), max_size=4))
    def check(source, edits):
        text = list(source)
        for at, op, piece in edits:
            at %= len(text) + 1
            if op:
                text.insert(at, piece)
            elif text:
                del text[min(at, len(text) - 1)]
        with contextlib.suppress(tl.TLError):
            tl.run("".join(text))

    check()


def test_the_docs_show_the_spec_as_shipped():
    from pathlib import Path

    page = Path(__file__).resolve().parents[1] / "docs" / "program-synthesis.md"
    body = "\n".join(tl.SPEC.strip().splitlines()[2:])
    assert body in page.read_text(encoding="utf-8"), (
        "docs/program-synthesis.md's TL section is out of date with closurebench/tl/spec.md")
