"""Smoke test of the held-out styles benchmark (``python -m benchmarks.heldout_styles``): it
runs, on two styles and one record per category, and prints its table. The full run is a
benchmark, not a test: its invented styles are held out, not goals."""

from __future__ import annotations

from benchmarks import heldout_styles


def test_the_heldout_benchmark_runs_on_two_styles(capsys) -> None:  # type: ignore[no-untyped-def]
    assert heldout_styles.main(["--styles", "arrow >>>,blockquote", "--per-category", "1"]) == 0
    out = capsys.readouterr().out
    assert "arrow >>>" in out and "blockquote" in out and "total invented" in out
    rows = heldout_styles.run(["arrow >>>", "blockquote"], per_category=1)
    assert {r["group"] for r in rows} == {"known", "invented"}
    assert all(r["credited"] + r["missed"] == 26 for r in rows)  # one right value a category
    assert all(r["wrong_credited"] == 0 for r in rows)


def test_every_answer_type_and_at_least_twelve_styles() -> None:
    assert len(heldout_styles.STYLES) >= 12 and len(heldout_styles.INVENTED) >= 6
    assert {heldout_styles._kind(r) for r in heldout_styles.records(1)} == set(
        heldout_styles.KINDS)


def test_the_unseen_set_runs_and_never_over_credits() -> None:
    """``benchmarks.heldout_styles2``: ten styles apart from both groups of the first set,
    through the same machinery; none of them may be credited with a wrong value."""
    from benchmarks import heldout_styles2

    assert len(heldout_styles2.UNSEEN) == 10
    assert not set(heldout_styles2.UNSEEN) & set(heldout_styles.STYLES)
    rows = heldout_styles.run(per_category=1, catalogue=heldout_styles2.STYLES)
    assert {r["group"] for r in rows} == {"unseen"} and len(rows) == 10
    assert all(r["credited"] + r["missed"] == 26 for r in rows)
    assert all(r["wrong_credited"] == 0 for r in rows), [r["style"] for r in rows
                                                         if r["wrong_credited"]]


def test_the_third_set_reads_every_style_and_never_over_credits() -> None:
    """``benchmarks.heldout_styles3``: 24 model closing styles, no longer held out once their
    five misreadings were fixed, so every right value is credited and no wrong one."""
    from benchmarks import heldout_styles2, heldout_styles3

    assert len(heldout_styles3.THIRD) == 24
    assert not set(heldout_styles3.THIRD) & (
        set(heldout_styles.STYLES) | set(heldout_styles2.STYLES))
    rows = heldout_styles.run(per_category=1, catalogue=heldout_styles3.STYLES)
    assert all(r["wrong_credited"] == 0 for r in rows)
    assert [r["style"] for r in rows if r["missed"]] == []
    excluded = sum(len(kinds) for kinds in heldout_styles3.EXCLUDED.values())
    assert sum(r["credited"] for r in rows) == 24 * 26 - excluded


def test_the_fourth_set_credits_what_it_should_and_nothing_it_must_not() -> None:
    """``benchmarks.heldout_styles4``: 19 styles that must be credited and 12 that must not
    be (two readings left open, a retraction, "X is wrong", …), regression sets since their
    misreadings were fixed: no wrong value credited, no over-credit at all in part B."""
    from benchmarks import heldout_styles4

    a = heldout_styles4.run_a(per_category=1)
    assert sum(r["wrong_credited"] for r in a) == 0
    assert sum(r["missed"] for r in a) <= 1, [r["style"] for r in a if r["missed"]]
    b = heldout_styles4.run_b(per_category=1)
    assert len(b) == 12 and [r["style"] for r in b if r["over"]] == []
