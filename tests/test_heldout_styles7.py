"""Smoke test of the seventh held-out battery (``python -m benchmarks.heldout_styles7``): it
runs, on one style of each part and one record per category, and prints both tables. The full
run is a benchmark, not a test: its styles are held out, not goals."""

from __future__ import annotations

from benchmarks import heldout_styles, heldout_styles5, heldout_styles6, heldout_styles7


def test_the_seventh_battery_runs_on_two_styles(capsys) -> None:  # type: ignore[no-untyped-def]
    argv = ["--styles", "verified tick,[to be filled]", "--per-category", "1"]
    assert heldout_styles7.main(argv) == 0
    out = capsys.readouterr().out
    assert "verified tick" in out and "[to be filled]" in out
    assert "total credit" in out and "total must-not" in out
    (a,) = heldout_styles7.run_a(["verified tick"], per_category=1)
    assert a["credited"] + a["missed"] == 26 and a["renderings"] == 26
    (b,) = heldout_styles7.run_b(["[to be filled]"], per_category=1)
    assert b["outputs"] == 52 and b["over"] == b["over_right"] + b["over_wrong"]
    assert 0 <= b["parsed"] <= b["outputs"]


def test_the_seventh_battery_has_its_styles_and_honest_exclusions() -> None:
    assert len(heldout_styles7.SHOULD_CREDIT) == 26
    assert len(heldout_styles7.MUST_NOT_CREDIT) == 10
    for earlier in (heldout_styles.STYLES, heldout_styles5.FIFTH, heldout_styles6.SIXTH):
        assert not set(heldout_styles7.SEVENTH) & set(earlier)
    assert set(heldout_styles7.WHOLE) - set(heldout_styles7.SEVENTH) == set()
    for excluded, part in ((heldout_styles7.EXCLUDED, heldout_styles7.SHOULD_CREDIT),
                           (heldout_styles7.EXCLUDED_B, heldout_styles7.MUST_NOT_CREDIT)):
        assert set(excluded) <= set(part)
        for kinds in excluded.values():
            assert set(kinds) < set(heldout_styles.KINDS)  # every style renders some type
