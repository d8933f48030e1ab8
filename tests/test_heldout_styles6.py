"""Smoke test of the sixth held-out battery (``python -m benchmarks.heldout_styles6``): it
runs, on one style of each part and one record per category, and prints both tables. The full
run is a benchmark, not a test: its styles are held out, not goals."""

from __future__ import annotations

from benchmarks import heldout_styles, heldout_styles5, heldout_styles6


def test_the_sixth_battery_runs_on_two_styles(capsys) -> None:  # type: ignore[no-untyped-def]
    argv = ["--styles", "final tag,policy refusal", "--per-category", "1"]
    assert heldout_styles6.main(argv) == 0
    out = capsys.readouterr().out
    assert "final tag" in out and "policy refusal" in out
    assert "total credit" in out and "total must-not" in out
    (a,) = heldout_styles6.run_a(["final tag"], per_category=1)
    assert a["credited"] + a["missed"] == 26 and a["renderings"] == 26
    (b,) = heldout_styles6.run_b(["policy refusal"], per_category=1)
    assert b["outputs"] == 52 and b["over"] == b["over_right"] + b["over_wrong"]
    assert 0 <= b["parsed"] <= b["outputs"]


def test_the_sixth_battery_has_its_styles_and_honest_exclusions() -> None:
    assert len(heldout_styles6.SHOULD_CREDIT) == 25
    assert len(heldout_styles6.MUST_NOT_CREDIT) == 13
    assert not set(heldout_styles6.SIXTH) & set(heldout_styles.STYLES)
    assert not set(heldout_styles6.SIXTH) & set(heldout_styles5.FIFTH)
    for excluded, part in ((heldout_styles6.EXCLUDED, heldout_styles6.SHOULD_CREDIT),
                           (heldout_styles6.EXCLUDED_B, heldout_styles6.MUST_NOT_CREDIT)):
        assert set(excluded) <= set(part)
        for kinds in excluded.values():
            assert set(kinds) < set(heldout_styles.KINDS)  # every style renders some type
