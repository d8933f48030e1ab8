"""Shortcut readers, structural twins and the audit, on literal cases and a small sample."""

from __future__ import annotations

import json

import pytest

import closurebench as cb
from closurebench.audit import TARGETS, audit_records, format_table, misses
from closurebench.audit import readers as shortcuts
from closurebench.categories import CATEGORIES, get
from closurebench.cli import main
from closurebench.generation import twins
from closurebench.generation.records import canonical
from closurebench.graph.families import Graph


def _record(category: str, n: int, edges: list[tuple[int, int]], query: dict, **extra) -> dict:
    """A minimal record on nodes "A", "B", ... with the tensor program's answer."""
    cat = get(category)
    labels = [chr(65 + i) for i in range(n)]
    g = Graph(n, tuple(edges), directed=cat.family != "undirected")
    answer = cat.tensor_program(g, query)
    from closurebench.generation.pose import answer_hops

    return {
        "id": extra.get("id", f"{category}-x"), "category": category, "level": cat.level, "n": n,
        "nodes": labels, "edges": [[labels[u], labels[v]] for u, v in edges], "edges_after": [],
        "query": canonical({k: labels[v] if k in cat.node_keys else v for k, v in query.items()}),
        "answer": canonical(shortcuts.labelled(cat, answer, labels)),
        "hops": answer_hops(cat, g, query, answer),
    }


CHAIN = [(0, 1), (1, 2), (2, 3)]


@pytest.mark.parametrize(("reader", "record", "answer"), [
    ("one-hop", _record("reachability", 4, CHAIN, {"x": 0, "y": 3}), False),
    ("three-hop", _record("reachability", 4, CHAIN, {"x": 0, "y": 3}), True),
    ("one-hop", _record("reach_then_count", 4, CHAIN, {"x": 0}), 1),
    ("n-1", _record("reach_then_count", 4, CHAIN, {"x": 0}), 3),
    ("local", _record("reachability", 4, CHAIN, {"x": 3, "y": 0}), False),  # 3 is a sink
    ("local", _record("reachability", 4, CHAIN, {"x": 1, "y": 0}), False),  # 0 is a source
    ("local", _record("reachability", 4, [*CHAIN, (3, 0)], {"x": 2, "y": 1}), True),
    ("most-mentioned", _record("max_degree", 4, [(0, 1), (2, 1), (3, 1), (1, 0)],
                               {"direction": "in"}), "B"),
])
def test_shared_readers(reader, record, answer) -> None:
    assert shortcuts.answer_of(reader, record) == answer


def test_readers_apply_by_category_kind() -> None:
    assert "one-hop" in shortcuts.readers("reachability")
    assert "one-hop" not in shortcuts.readers("degree_count")
    assert "n-1" in shortcuts.readers("reach_then_count")
    assert "local" not in shortcuts.readers("sibling")
    assert shortcuts.answer_of("local", _record("reach_then_count", 4, CHAIN, {"x": 0})) is None


def test_every_category_reader_returns_an_answer_of_its_kind() -> None:
    from closurebench.generation.instances import generate

    for cat_id in CATEGORIES:
        for rec in generate(cat_id, per_category=2, seed=11, cross_check=False):
            for name in shortcuts.readers(cat_id):
                got = shortcuts.answer_of(name, rec)  # may be None (no answer), never raises
                assert got is None or json.loads(canonical(got)) == got


def test_isomorphic_instances_share_a_half_and_are_found_as_twins() -> None:
    cat = get("reachability")
    g1 = Graph(4, ((0, 1), (1, 2), (2, 3)))
    g2 = Graph(4, ((3, 2), (2, 1), (1, 0)))  # the same chain, relabelled
    assert twins.invariant(cat, g1, {"x": 0, "y": 3}) == twins.invariant(cat, g2, {"x": 3, "y": 0})
    assert twins.invariant(cat, g1, {"x": 0, "y": 3}) != twins.invariant(cat, g1, {"x": 3, "y": 0})
    a = _record("reachability", 4, [(0, 1), (1, 2), (2, 3)], {"x": 0, "y": 3}, id="a")
    b = _record("reachability", 4, [(3, 2), (2, 1), (1, 0)], {"x": 3, "y": 0}, id="b")
    c = _record("reachability", 4, [(0, 1), (1, 2), (2, 3)], {"x": 0, "y": 2}, id="c")
    assert twins.cross_twins([a], [b, c]) == [("a", "b")]


def test_audit_counts_what_it_claims() -> None:
    recs = [
        _record("reach_then_count", 4, CHAIN, {"x": 0}, id="r0"),  # 3 = n - 1, three hops
        _record("reach_then_count", 4, CHAIN, {"x": 1}, id="r1"),  # 2, two hops
        _record("reach_then_count", 4, CHAIN, {"x": 2}, id="r2"),  # 1, one hop
    ]
    row = audit_records(recs)["reach_then_count"]
    assert row.count == 3 and row.relaxed == 0
    assert row.readers["one-hop"] == pytest.approx(1 / 3)
    assert row.readers["n-1"] == pytest.approx(1 / 3)
    assert row.hops3 == pytest.approx(1 / 3)
    assert row.top_share == pytest.approx(1 / 3)
    assert row.sensitivity == 1.0
    broken = dict(recs[0], answer="2")
    assert audit_records([broken])["reach_then_count"].relaxed == 1
    lines = misses(audit_records(recs))
    assert any("n - k rule scores 33%" in m for m in lines)
    assert "| reach_then_count | 3 |" in format_table(audit_records(recs))


def test_audit_cli_runs_and_gates(capsys, tmp_path) -> None:
    pytest.importorskip("sklearn")
    floors = tmp_path / "floors.json"
    status = main(["audit", "reach_then_count", "--per-category", "20", "--seed", "3", "--json",
                   "--train-per-category", "40", "--floors-out", str(floors)])
    out = json.loads(capsys.readouterr().out)
    row = out["config"]["categories"]["reach_then_count"]
    assert row["count"] == 20
    adv = out["adversary"]
    assert adv["test"] == "seed 3" and adv["train"] != "seed 3"  # never trained where scored
    learned = adv["categories"]["reach_then_count"]
    assert learned["test"] == 20 and learned["train"] == 40
    assert learned["chance_floor"] <= learned["learned_floor"]
    assert json.loads(floors.read_text()) == adv
    assert status == (1 if out["config"]["misses"] or adv["misses"] else 0)


def test_audit_without_the_adversary_needs_no_training(capsys) -> None:
    main(["audit", "reach_then_count", "--per-category", "10", "--json", "--no-adversary"])
    assert "adversary" not in json.loads(capsys.readouterr().out)


def test_audit_views_reports_open_views_per_bucket_and_gates_nothing(capsys) -> None:
    base = ["audit", "reach_then_count", "--per-category", "12", "--no-adversary"]
    code = main([*base, "--json", "--views"])
    out = json.loads(capsys.readouterr().out)
    table = out["views"]["reach_then_count"]
    assert sum(b["total"] for b in table.values()) == 12
    assert all(0 <= b["open"] <= b["total"] for b in table.values())
    assert code == main([*base, "--json"])  # the views are a measurement, not a target
    capsys.readouterr()
    main([*base, "--views"])
    assert "## open views" in capsys.readouterr().out


def test_targets_are_the_issue_numbers() -> None:
    assert TARGETS["local_max"] == 0.65 and TARGETS["one_hop_pooled_max"] == 0.30
    assert TARGETS["top_share_max"] == 0.30 and TARGETS["n_minus_max"] == 0.25
    assert TARGETS["sensitivity_min"] == 0.80 and TARGETS["twins_max"] == 0


def test_the_released_splits_meet_every_target(release_root) -> None:
    """The release claim itself (0.2.2 on): no target missed on either split, spread included
    (0.2.1 missed three spread targets by 1-4 points), and no held_out twin of a train
    instance. On the released files, which ``test_splits``' drift test holds to the code."""
    pytest.importorskip("pyarrow")
    from closurebench.hf.splits import released_rows

    recs = {split: released_rows(release_root, split) for split in ("train", "held_out")}
    held = audit_records(recs["held_out"], against=recs["train"])
    assert misses(audit_records(recs["train"])) == []
    assert misses(held) == []
    assert sum(r.twins for r in held.values()) == 0


def test_audit_over_several_seeds_counts_the_misses_per_target(capsys) -> None:
    from closurebench.cli import main

    code = main(["audit", "triangle_count", "--per-category", "10", "--seed", "300",
                 "--seeds", "3", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert out["seeds"] == [300, 302] and 0 <= out["clean"] <= 3
    assert code == (0 if out["clean"] == 3 else 1)
    for target, lines in out["misses"].items():
        assert target.startswith("triangle_count: ") and "%" not in target
        assert lines and all(line.startswith("triangle_count: ") for line in lines)
    with pytest.raises(SystemExit) as exit_:
        main(["audit", "all", "--seeds", "0"])
    assert exit_.value.code == 2
    assert "--seeds must be a whole number from 1 to 1000" in capsys.readouterr().err


def test_pooled_closure_targets_hold_over_all_closure_categories_only() -> None:
    """l3's closure categories are mostly yes/no-balanced ones (a one-hop "no" half): their
    pooled one-hop share is a different mix from the issue's pooled target, printed but not
    held to it; over every closure category the same records are held to it."""
    rows = audit_records(cb.generate("l3", per_category=10, seed=3))
    assert not [m for m in misses(rows) if m.startswith("closure categories")]
    assert "a subset" in format_table(rows)
    every = audit_records(cb.generate("all", per_category=4, seed=3))
    lax = {**TARGETS, "one_hop_pooled_max": 0.0}
    assert any(m.startswith("closure categories: one-hop") for m in misses(every, lax))
    assert "a subset" not in format_table(every)
