"""Smoke test of the tenth held-out battery (``python -m benchmarks.heldout_styles10``): it runs,
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
    heldout_styles10,
)


def test_the_tenth_battery_runs_on_two_styles(capsys) -> None:  # type: ignore[no-untyped-def]
    argv = ["--styles", "answer, hope this helps!,two readings, no pick", "--per-category", "1",
            "--examples", "1"]
    assert heldout_styles10.main(argv) == 0
    out = capsys.readouterr().out
    assert "answer, hope this helps!" in out and "two readings, no pick" in out
    assert "total credit" in out and "total must-not" in out
    (a,) = heldout_styles10.run_a(["answer, hope this helps!"], per_category=1)
    assert a["credited"] + a["missed"] == 26 and a["renderings"] == 26
    (b,) = heldout_styles10.run_b(["two readings, no pick"], per_category=1)
    assert b["outputs"] == 52  # 26 records, right and wrong value
    assert b["over"] == b["over_right"] + b["over_wrong"]
    assert 0 <= b["parsed"] <= b["outputs"]


def test_the_tenth_battery_has_its_styles_and_honest_exclusions() -> None:
    assert len(heldout_styles10.SHOULD_CREDIT) == 22
    assert len(heldout_styles10.MUST_NOT_CREDIT) == 8
    for earlier in (heldout_styles.STYLES, heldout_styles2.STYLES, heldout_styles3.STYLES,
                    heldout_styles4.A_STYLES, heldout_styles4.B_STYLES, heldout_styles5.FIFTH,
                    heldout_styles6.SIXTH, heldout_styles7.SEVENTH, heldout_styles8.EIGHTH,
                    heldout_styles9.NINTH):
        assert not set(heldout_styles10.TENTH) & set(earlier)
    assert heldout_styles10.WHOLE.issubset(heldout_styles10.TENTH)
    for excluded, part in ((heldout_styles10.EXCLUDED, heldout_styles10.SHOULD_CREDIT),
                           (heldout_styles10.EXCLUDED_B, heldout_styles10.MUST_NOT_CREDIT)):
        assert set(excluded) <= set(part)
        for kinds in excluded.values():
            assert set(kinds) < set(heldout_styles.KINDS)  # every style renders some type
