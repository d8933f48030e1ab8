"""Smoke test of the ninth held-out battery (``python -m benchmarks.heldout_styles9``): it runs,
on one style of each part and one record per category, and prints both tables. The full run is a
benchmark, not a test: its styles are held out, not goals."""

from __future__ import annotations

from benchmarks import (
    heldout_styles,
    heldout_styles2,
    heldout_styles3,
    heldout_styles4,
    heldout_styles5,
    heldout_styles6,
    heldout_styles7,
    heldout_styles8,
    heldout_styles9,
)


def test_the_ninth_battery_runs_on_two_styles(capsys) -> None:  # type: ignore[no-untyped-def]
    argv = ["--styles", "not O; it is X,not X, last", "--per-category", "1", "--examples", "1"]
    assert heldout_styles9.main(argv) == 0
    out = capsys.readouterr().out
    assert "not O; it is X" in out and "not X, last" in out
    assert "total credit" in out and "total must-not" in out
    (a,) = heldout_styles9.run_a(["not O; it is X"], per_category=1)
    assert a["credited"] + a["missed"] == 26 and a["renderings"] == 26
    (b,) = heldout_styles9.run_b(["not X, last"], per_category=1)
    assert b["outputs"] == 44  # yes/no excluded: 26 records less 4 yes/no, right and wrong
    assert b["over"] == b["over_right"] + b["over_wrong"]
    assert 0 <= b["parsed"] <= b["outputs"]


def test_the_ninth_battery_has_its_styles_and_honest_exclusions() -> None:
    assert len(heldout_styles9.SHOULD_CREDIT) == 11
    assert len(heldout_styles9.MUST_NOT_CREDIT) == 20
    for earlier in (heldout_styles.STYLES, heldout_styles2.STYLES, heldout_styles3.STYLES,
                    heldout_styles4.A_STYLES, heldout_styles4.B_STYLES, heldout_styles5.FIFTH,
                    heldout_styles6.SIXTH, heldout_styles7.SEVENTH, heldout_styles8.EIGHTH):
        assert not set(heldout_styles9.NINTH) & set(earlier)
    for excluded, part in ((heldout_styles9.EXCLUDED, heldout_styles9.SHOULD_CREDIT),
                           (heldout_styles9.EXCLUDED_B, heldout_styles9.MUST_NOT_CREDIT)):
        assert set(excluded) <= set(part)
        for kinds in excluded.values():
            assert set(kinds) < set(heldout_styles.KINDS)  # every style renders some type
