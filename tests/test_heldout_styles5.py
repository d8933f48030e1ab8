"""Smoke test of the fifth held-out battery (``python -m benchmarks.heldout_styles5``): it
runs, on one style of each part and one record per category, and prints both tables. The full
run is a benchmark, not a test: its styles are held out, not goals."""

from __future__ import annotations

from benchmarks import heldout_styles, heldout_styles5


def test_the_fifth_battery_runs_on_two_styles(capsys) -> None:  # type: ignore[no-untyped-def]
    argv = ["--styles", "hermes tool_call,two guesses", "--per-category", "1"]
    assert heldout_styles5.main(argv) == 0
    out = capsys.readouterr().out
    assert "hermes tool_call" in out and "two guesses" in out
    assert "total credit" in out and "total must-not" in out
    (a,) = heldout_styles5.run_a(["hermes tool_call"], per_category=1)
    assert a["credited"] + a["missed"] == 26 and a["wrong_credited"] == 0
    (b,) = heldout_styles5.run_b(["two guesses"], per_category=1)
    assert b["outputs"] == 52 and b["over"] == b["over_right"] + b["over_wrong"]


def test_the_fifth_battery_has_its_styles_and_honest_exclusions() -> None:
    assert len(heldout_styles5.SHOULD_CREDIT) == 26
    assert len(heldout_styles5.MUST_NOT_CREDIT) == 11
    assert not set(heldout_styles5.FIFTH) & set(heldout_styles.STYLES)
    for excluded, part in ((heldout_styles5.EXCLUDED, heldout_styles5.SHOULD_CREDIT),
                           (heldout_styles5.EXCLUDED_B, heldout_styles5.MUST_NOT_CREDIT)):
        assert set(excluded) <= set(part)
        for kinds in excluded.values():
            assert set(kinds) < set(heldout_styles.KINDS)  # every style renders some type
