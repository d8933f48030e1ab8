"""Bad input gets a clear error naming the argument and the allowed range, never a traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest

import closurebench as cb
from closurebench.cli import main


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"n_min": 1}, r"n_min must be between 2 and 2000, got 1"),
    ({"n_max": 5000}, r"n_max must be between 4 and 2000, got 5000"),
    ({"n_min": 12, "n_max": 4}, r"n_max must be between 12 and 2000, got 4"),
    ({"n_min": "4"}, r"n_min must be an integer"),
    ({"density": (0.0, 0.5)}, r"density_min must be in \(0, 1\], got 0.0"),
    ({"density": (0.2, 1.5)}, r"density_max must be in \(0, 1\], got 1.5"),
    ({"density": (0.5, 0.2)}, r"density_min must be <= density_max"),
    ({"density": "dense"}, r"density must be a number or a \(min, max\) pair"),
    ({"per_category": -1}, r"per_category must be between 0 and"),
    ({"seed": -3}, r"seed must be between 0 and"),
    ({"surface_seed": 2**64}, r"surface_seed must be between 0 and"),
    ({"encoding": "xml"}, r"encoding must be one of nl, json, adjacency"),
    ({"categories": ["reachability", "nope"]}, r"categories must be drawn from config 'all'"),
])
def test_bad_arguments_are_named(kwargs, message):
    with pytest.raises(cb.ConfigError, match=message):
        cb.generate("all", **kwargs)


def test_config_errors_are_value_errors():
    with pytest.raises(ValueError, match="config must be one of all, l1, l2, l3"):
        cb.generate("l4")


def test_category_minimum_n_is_enforced():
    with pytest.raises(cb.ConfigError, match="n_max must be at least 7 for category cousin"):
        cb.generate("cousin", n_min=2, n_max=5)
    # a range that overlaps the minimum is raised to it, and recorded per instance
    assert {r["n"] for r in cb.generate("cousin", n_min=2, n_max=7, per_category=6)} == {7}


def test_categories_outside_the_config_are_rejected():
    with pytest.raises(cb.ConfigError, match="categories must be drawn from config 'l1'"):
        cb.generate("l1", categories="multi_query")


def test_zero_per_category_is_empty():
    assert list(cb.generate("all", per_category=0)) == []


def test_unposable_cell_says_what_to_change():
    with pytest.raises(cb.ConfigError, match="lower hops_min or raise n_min"):
        next(cb.generate("degree_then_reach", n_min=6, n_max=6, hops_min=6, per_category=1))
    with pytest.raises(cb.ConfigError, match="n_max must be at least 7 for category negative"):
        next(cb.generate("negative_reachability", n_min=2, n_max=2, density=1e-9, per_category=1))


@pytest.mark.parametrize("argv", [
    ["generate", "all", "--n-min", "1"],
    ["generate", "all", "--density-max", "2"],
    ["generate", "l9"],
    ["generate", "all", "--encoding", "yaml"],
])
def test_cli_prints_one_line_and_exits_2(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: ")


def test_cli_bad_shard_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["generate", "all", "--shard", "3/2"])
    assert exc.value.code == 2
    assert "--shard I/N needs 0 <= I < N" in capsys.readouterr().err


def test_cli_generate_jsonl_and_shards(tmp_path, capsys):
    assert main(["generate", "l1", "--per-category", "2", "--seed", "3"]) == 0
    whole = capsys.readouterr().out
    parts = []
    for i in range(3):
        assert main(["generate", "l1", "--per-category", "2", "--seed", "3",
                     "--shard", f"{i}/3"]) == 0
        parts.append(capsys.readouterr().out)
    assert "".join(parts) == whole and whole.count("\n") == 22


def test_cli_workers_give_identical_bytes(tmp_path):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert main(["generate", "all", "--per-category", "2", "--out", str(one)]) == 0
    assert main(["generate", "all", "--per-category", "2", "--workers", "2",
                 "--out", str(two)]) == 0
    assert one.read_bytes() == two.read_bytes()


def test_cli_parquet_round_trip(tmp_path):
    from closurebench.generation.io import read_records

    out = tmp_path / "l2.parquet"
    assert main(["generate", "l2", "--per-category", "2", "--out", str(out)]) == 0
    assert list(read_records(str(out))) == list(cb.generate("l2", per_category=2))


def test_cli_as_a_process_has_no_traceback():
    proc = subprocess.run([sys.executable, "-m", "closurebench", "generate", "all",
                           "--n-max", "9999"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.strip() == "error: --n-max must be between 4 and 2000, got 9999"


def test_categories_command_lists_all_26(capsys):
    assert main(["categories"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 27 and lines[1].startswith("triangle_count")


@pytest.mark.parametrize(("call", "message"), [
    (lambda: cb.solve("nope", [], {}), "category must be one of"),
    (lambda: cb.solve("reachability", [("A", "B")], {"x": "A", "y": "Q"}),
     r"query\['y'\] = 'Q' is not a node"),
    (lambda: cb.solve("reachability", [("A", "A")], {"x": "A", "y": "B"}, nodes=["A", "B"]),
     "self-loop"),
    (lambda: cb.solve("reachability", [("A", "B", "C")], {}), r"edges\[0\] must be a"),
    (lambda: cb.solve("reachability", [("A", "B")], {"x": "A"}), "needs the node field 'y'"),
    (lambda: cb.solve("ancestor", [("A", "B"), ("B", "A")], {"x": "A"}), "contain a cycle"),
    (lambda: cb.solve("graph_comparison", [("A", "B")], {"x": "A"}), "edges_after is required"),
    (lambda: cb.solve("reachability", [("A", "B")], {"x": "A", "y": "B"}, engine="ein"),
     "engine must be"),
])
def test_solve_rejects_bad_input(call, message):
    with pytest.raises(cb.ConfigError, match=message):
        call()


def test_solve_refuses_ties_with_both_engines():
    edges = [("A", "B"), ("C", "D")]
    for engine in ("tensor", "networkx"):
        with pytest.raises(cb.UnposableQuery):
            cb.solve("max_degree", edges, {"direction": "out"}, engine=engine)


def test_cli_preset_sets_the_size_axes(capsys):
    import json

    assert main(["generate", "reachability", "--preset", "gralgo-s2", "--per-category", "3"]) == 0
    ns = [json.loads(line)["n"] for line in capsys.readouterr().out.splitlines()]
    assert len(ns) == 3 and all(16 <= n <= 30 for n in ns)
    assert main(["generate", "reachability", "--preset", "gralgo-s2", "--n-max", "17",
                 "--per-category", "3"]) == 0
    assert all(16 <= json.loads(x)["n"] <= 17 for x in capsys.readouterr().out.splitlines())
    assert main(["generate", "all", "--preset", "huge"]) == 2
    assert "preset must be one of paper-size-sweep" in capsys.readouterr().err


def test_index_inverts_locate_through_the_record_id():
    """``Config.index`` maps a record's id back to its k (what ``score CONFIG`` regenerates
    from), and any id of another config, category, size or spelling to ``None``."""
    from closurebench.generation.config import Config
    from closurebench.generation.instances import instance

    wide = Config.make("l2", per_category=120)
    gralgo = Config.make("gralgo", per_category=3, n_min=16, n_max=30, mean_degree=4.0)
    for cfg in (wide, gralgo):
        for k in (0, 1, cfg.per_category - 1, cfg.per_category, cfg.size - 1):
            rid = instance(cfg, k, cross_check=False)["id"]
            assert cfg.index(rid) == k
    cat, j, digest = instance(wide, 119, cross_check=False)["id"].split("-")
    for foreign in (f"{cat}-{j}-{gralgo.digest}", f"reachability-{j}-{digest}",
                    f"{cat}-{int(j)}-{digest}", f"{cat}-0{j}-{digest}", f"{cat}-00120-{digest}",
                    f"{cat}-{j}", "", "--", f"{cat}-１１９００-{digest}"):
        assert wide.index(foreign) is None, foreign
    assert Config.make("l2", per_category=119).index(f"{cat}-{j}-{digest}") is None
