"""The report's figures: one scoring rule per panel (model and every floor), the shortcut
floor on every accuracy axis, one name and sign for the compositional drop, nothing clipped."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("matplotlib", reason="plots need matplotlib")

from closurebench.cli import main
from closurebench.run import build_report
from closurebench.run import plots as plots_mod
from closurebench.run.report import DROP_NAME, DROP_NOTE, format_markdown, format_summary


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("plots") / "run"
    assert main(["run", "--model", "baseline:majority", "--split", "held_out", "--limit", "104",
                 "--out", str(out), "--no-progress", "--no-plots"]) == 0
    return out


def _figures(monkeypatch: pytest.MonkeyPatch, report: dict[str, Any], out: Path) -> dict[str, Any]:
    """Every figure make_plots draws, drawn (so text has its final place), by file name."""
    figs: dict[str, Any] = {}
    save = plots_mod._save

    def keep(plt: Any, fig: Any, path: Path) -> Path:
        fig.tight_layout()
        fig.canvas.draw()
        figs[path.name] = (fig, [t for ax in fig.axes for t in ax.texts],
                           [ax for ax in fig.axes])
        fig.savefig(path, dpi=110)
        return path

    monkeypatch.setattr(plots_mod, "_save", keep)
    plots_mod.make_plots(report, out)
    monkeypatch.setattr(plots_mod, "_save", save)
    return figs


def test_every_accuracy_panel_uses_one_rule_for_the_model_and_every_floor(
        run_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    report = build_report(run_dir, plots=False, card=False)
    figs = _figures(monkeypatch, report, tmp_path)
    for name in ("level.png", "n.png", "density.png", "category.png"):
        _, _, axes = figs[name]
        assert len(axes) == 2, name
        for ax, rule in zip(axes, ("strict", "lenient"), strict=True):
            labels = ax.get_legend_handles_labels()[1]
            assert labels and all(label.endswith(f"({rule})") for label in labels), labels
            assert ax.get_title().startswith(f"{rule} scoring")
            # every floor, the best shortcut reader's too, on every axis (n and density too)
            assert {f"{label} ({rule})" for _, label, _, _ in plots_mod.FLOORS} <= set(labels)


def test_the_shortcut_floor_has_n_and_density_tables_equal_to_its_categories(
        run_dir: Path) -> None:
    report = build_report(run_dir, plots=False, card=False)
    shortcut = report["floors"]["shortcut"]
    for table in ("by_n", "by_density"):
        assert set(shortcut[table]) == set(report["metrics"][table])
        assert sum(r["n"] for r in shortcut[table].values()) == report["metrics"][
            "n_predictions"]
        for key in ("accuracy_strict", "accuracy_lenient"):  # the same instances, weighted
            total = sum(r[key] * r["n"] for r in shortcut[table].values())
            assert total / report["metrics"]["n_predictions"] == pytest.approx(shortcut[key])


def test_the_compositional_drop_has_one_name_and_one_sign(run_dir: Path) -> None:
    report = build_report(run_dir, plots=False, card=False)
    levels = report["metrics"]["by_level"]
    drop = report["compositional_drop"]
    assert drop["note"] == DROP_NOTE and "slope" not in str(report).lower()
    assert drop["strict"] == pytest.approx(levels["1"]["accuracy_strict"]
                                           - levels["3"]["accuracy_strict"])
    assert drop["lenient"] == pytest.approx(levels["1"]["accuracy_lenient"]
                                            - levels["3"]["accuracy_lenient"])
    want = f"{100 * drop['strict']:+.1f} pp"
    card = (run_dir / "model_card.md").read_text()
    for text in (format_markdown(report), format_summary(report), card):
        assert DROP_NAME in text.lower() and want in text
        assert "slope" not in text.lower()


def test_strict_vs_lenient_labels_stay_inside_the_figure(
        run_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The three widest gaps named, with points at both edges (strict 0 and strict 1)."""
    report = copy.deepcopy(build_report(run_dir, plots=False, card=False))
    rows = report["metrics"]["by_category"]
    names = sorted(rows)
    for row in rows.values():  # no gap but the three below
        row["accuracy_lenient"] = row["accuracy_strict"]
    for i, (name, strict) in enumerate(((names[0], 0.0), (names[1], 0.01), (names[2], 0.97))):
        rows[name].update(accuracy_strict=strict, accuracy_lenient=min(strict + 0.3 + i / 10, 1))
    fig, texts, _ = _figures(monkeypatch, report, tmp_path)["strict_vs_lenient.png"]
    box = fig.bbox
    renderer = fig.canvas.get_renderer()
    assert {t.get_text() for t in texts} == set(names[:3])
    for text in texts:
        extent = text.get_window_extent(renderer)
        assert box.x0 <= extent.x0 and extent.x1 <= box.x1, text.get_text()
        assert box.y0 <= extent.y0 and extent.y1 <= box.y1, text.get_text()
