"""Learned floors and chance-corrected accuracy."""

from __future__ import annotations

import json

import pytest

from closurebench.audit.floors import chance_corrected, level_means, load_floors
from closurebench.errors import ConfigError
from closurebench.run.report import learned_section


def test_chance_correction_is_zero_at_the_floor_and_one_at_perfect() -> None:
    assert chance_corrected(0.5, 0.5) == 0.0
    assert chance_corrected(1.0, 0.5) == 1.0
    assert chance_corrected(0.25, 0.5) == -0.5
    assert chance_corrected(0.7, None) is None and chance_corrected(0.7, 1.0) is None


def test_level_means_average_a_level_s_categories() -> None:
    means = level_means({"reachability": 0.2, "degree_count": 0.4, "reach_then_count": 0.1,
                         "multi_query": None})
    assert means["1"] == pytest.approx(0.3) and means["2"] == 0.1 and means["3"] is None


def test_a_floors_file_gives_chance_corrected_scores_per_category_and_level(tmp_path) -> None:
    path = tmp_path / "floors.json"
    path.write_text(json.dumps({"categories": {
        "reachability": {"learned_floor": 0.6}, "multi_query": {"learned_floor": 0.5}}}))
    metrics = {"by_category": {"reachability": {"accuracy_strict": 0.8},
                               "multi_query": {"accuracy_strict": 0.5}}}
    cc = learned_section(metrics, None, path)
    assert cc["by_category"]["reachability"] == pytest.approx(0.5)
    assert cc["by_category"]["multi_query"] == 0.0
    assert cc["by_level"]["1"] == pytest.approx(0.5) and cc["by_level"]["3"] == 0.0
    assert cc["compositional_drop"] == pytest.approx(0.5)
    assert learned_section(metrics, {"split": None, "n_min": 5}) is None  # not the release axes


@pytest.mark.parametrize("text", ["[]", "{}", '{"categories": {"x": {}}}', "not json"])
def test_a_bad_floors_file_is_a_named_error(tmp_path, text) -> None:
    path = tmp_path / "f.json"
    path.write_text(text)
    with pytest.raises(ConfigError, match="floors"):
        load_floors(path)
