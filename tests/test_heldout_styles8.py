"""Smoke test of the eighth held-out battery (``python -m benchmarks.heldout_styles8``): it runs,
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
)


def test_the_eighth_battery_runs_on_two_styles(capsys) -> None:  # type: ignore[no-untyped-def]
    argv = ["--styles", "crlf and tab,Answer: ???", "--per-category", "1", "--examples", "1"]
    assert heldout_styles8.main(argv) == 0
    out = capsys.readouterr().out
    assert "crlf and tab" in out and "Answer: ???" in out
    assert "total credit" in out and "total must-not" in out
    (a,) = heldout_styles8.run_a(["crlf and tab"], per_category=1)
    assert a["credited"] + a["missed"] == 26 and a["renderings"] == 26
    (b,) = heldout_styles8.run_b(["Answer: ???"], per_category=1)
    assert b["outputs"] == 52 and b["over"] == b["over_right"] + b["over_wrong"]
    assert 0 <= b["parsed"] <= b["outputs"]


def test_the_eighth_battery_has_its_styles_and_honest_exclusions() -> None:
    assert len(heldout_styles8.SHOULD_CREDIT) == 25
    assert len(heldout_styles8.MUST_NOT_CREDIT) == 10
    for earlier in (heldout_styles.STYLES, heldout_styles2.STYLES, heldout_styles3.STYLES,
                    heldout_styles4.A_STYLES, heldout_styles4.B_STYLES, heldout_styles5.FIFTH,
                    heldout_styles6.SIXTH, heldout_styles7.SEVENTH):
        assert not set(heldout_styles8.EIGHTH) & set(earlier)
    special = set(heldout_styles8.WHOLE) | set(heldout_styles8.TRANSFORM)
    assert special <= set(heldout_styles8.EIGHTH)
    for excluded, part in ((heldout_styles8.EXCLUDED, heldout_styles8.SHOULD_CREDIT),
                           (heldout_styles8.EXCLUDED_B, heldout_styles8.MUST_NOT_CREDIT)):
        assert set(excluded) <= set(part)
        for kinds in excluded.values():
            assert set(kinds) < set(heldout_styles.KINDS)  # every style renders some type
