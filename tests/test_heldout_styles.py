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
