"""GrAlgoBench's nine tasks: hand-worked answers, both engines, configs, records, weights."""

from __future__ import annotations

import hashlib
import json
import random
import re

import jsonschema
import networkx as nx
import pytest

import closurebench as cb
from closurebench import ConfigError, solve
from closurebench.categories import CATEGORIES, GRALGO_CONFIGS, TASKS, get, twin_input
from closurebench.categories.gralgo import PARADIGMS
from closurebench.categories.gralgo._common import (
    clique_number,
    hop_matrix,
    k_core_mask,
    minplus_closure,
    sparse_graph,
    weight_matrix,
)
from closurebench.errors import UnposableQuery
from closurebench.generation.config import Config
from closurebench.generation.io import dumps_record
from closurebench.generation.presets import PRESETS, preset
from closurebench.graph.families import Graph

ENGINES = ("tensor", "networkx")


# --- hand-worked answers, one per convention ------------------------------------------------

@pytest.mark.parametrize("engine", ENGINES)
def test_max_degree_docstring_example(engine: str) -> None:
    edges = [("A", "B"), ("A", "C"), ("B", "C"), ("C", "D")]
    assert solve("gralgo_max_degree", edges, {}, engine=engine) == 3


@pytest.mark.parametrize("engine", ENGINES)
def test_heaviest_triangle_leaves_out_the_heaviest_node_on_no_triangle(engine: str) -> None:
    edges = [("A", "B"), ("B", "C"), ("C", "A"), ("C", "D")]
    weights = {"A": 5, "B": 7, "C": 1, "D": 9}
    assert solve("gralgo_max_weight_triangle", edges, {}, node_weights=weights,
                 engine=engine) == 13


def test_heaviest_triangle_needs_node_weights() -> None:
    with pytest.raises(ConfigError, match="node_weights is required"):
        solve("gralgo_max_weight_triangle", [("A", "B"), ("B", "C"), ("C", "A")], {})


@pytest.mark.parametrize("engine", ENGINES)
def test_max_clique_docstring_example_and_k4(engine: str) -> None:
    assert solve("gralgo_max_clique", [("A", "B"), ("B", "C"), ("C", "A"), ("C", "D")], {},
                 engine=engine) == 3
    k4 = [(a, b) for i, a in enumerate("ABCD") for b in "ABCD"[i + 1:]]
    assert solve("gralgo_max_clique", [*k4, ("D", "E")], {}, engine=engine) == 4


@pytest.mark.parametrize("engine", ENGINES)
def test_path_sum_counts_strictly_heavier_paths(engine: str) -> None:
    edges = [("X", "A", 5), ("X", "B", 2), ("B", "C", 4)]
    assert solve("gralgo_path_sum", edges, {"x": "X", "t": 5}, engine=engine) == 1
    assert solve("gralgo_path_sum", edges, {"x": "X", "t": 4}, engine=engine) == 2
    assert solve("gralgo_path_sum", edges, {"x": "X", "t": 6}, engine=engine) == 0


def test_path_sum_refuses_a_graph_that_is_not_a_tree() -> None:
    with pytest.raises(UnposableQuery, match="tree"):
        solve("gralgo_path_sum", [("X", "A", 1), ("A", "B", 1), ("B", "X", 1)],
              {"x": "X", "t": 1})


def test_path_sum_threshold_and_weights_do_not_depend_on_the_answer() -> None:
    """The tree, t, the weights (as a multiset) and x's own links are drawn before the
    answer; only which link below x carries which weight follows the answer."""
    from closurebench.categories._spec import Target
    from closurebench.categories.gralgo import gralgo_path_sum as ps

    for seed in range(40):
        built = {}
        for u in (0.15, 0.5, 0.85):
            got = ps.construct(random.Random(seed), 30, 0.1, Target(quantile=u))
            if got is not None:
                built[u] = got
        answers = {ps.tensor_program(g, q) for g, q in built.values()}
        if len(answers) < 2:
            continue
        firsts = [(g, q) for g, q in built.values()]
        g0, q0 = firsts[0]
        root = [i for i, (p, _) in enumerate(g0.edges) if p == 0]
        for g, q in firsts[1:]:
            assert g.edges == g0.edges and q == q0
            assert sorted(g.edge_weights) == sorted(g0.edge_weights)
            assert [g.edge_weights[i] for i in root] == [g0.edge_weights[i] for i in root]
        return
    raise AssertionError("no seed built two different answers on one tree")


def test_path_sum_answers_are_spread() -> None:
    cfg = Config.make("gralgo_path_sum", per_category=40, seed=3, **preset("gralgo-s2"))
    answers = [cb.instance(cfg, k)["answer"] for k in range(cfg.size)]
    top = max(answers.count(a) for a in set(answers))
    assert top / len(answers) <= 0.3 and len(set(answers)) >= 6


@pytest.mark.parametrize("engine", ENGINES)
def test_distance_k_counts_within_not_exactly(engine: str) -> None:
    edges = [("X", "A"), ("A", "B"), ("B", "C")]
    assert solve("gralgo_distance_k", edges, {"x": "X", "k": 2}, engine=engine) == 2
    assert solve("gralgo_distance_k", edges, {"x": "X", "k": 3}, engine=engine) == 3


@pytest.mark.parametrize("engine", ENGINES)
def test_diameter_docstring_example(engine: str) -> None:
    edges = [("A", "B"), ("B", "C"), ("C", "D"), ("B", "D")]
    assert solve("gralgo_diameter", edges, {}, engine=engine) == 2


def test_diameter_of_a_disconnected_graph_is_refused_by_both_engines() -> None:
    g = Graph(4, ((0, 1), (2, 3)), directed=False)
    with pytest.raises(UnposableQuery, match="disconnected"):
        TASKS["gralgo_diameter"].tensor_program(g, {})
    G = twin_input(TASKS["gralgo_diameter"], g, list("ABCD"))
    with pytest.raises(ValueError, match="disconnected"):
        TASKS["gralgo_diameter"].nx_program(G, {})



@pytest.mark.parametrize(("n", "mean"), [(24, 4.0), (40, 4.6)])
def test_diameter_counts_are_the_reference_graphs_whatever_the_diameter(n: int,
                                                                         mean: float) -> None:
    """At scales 2-3 every D is moved to one reference graph's link count and numbers of
    degree-1 and degree-2 nodes, drawn before D is looked at: from one random state, every D
    the constructor builds has the same three counts (the learned readers read D from them)."""
    from closurebench.categories._spec import Target
    from closurebench.categories.gralgo import gralgo_diameter as mod

    rho = round(mean / (n - 1), 4)
    hi = max(2, min(n - 2, 4 + n // 12))
    for seed in range(2):
        seen = {}
        for diam in range(2, hi + 1):
            q = (diam - 2 + 0.5) / (hi - 1)  # the quantile that picks this D
            built = mod.construct(random.Random(seed), n, rho, Target(quantile=q))
            if built is None:
                continue
            g = built[0]
            assert int(hop_matrix(g).max()) == diam
            if diam >= 4:
                assert mod.double_sweep(g, {}) < diam
            deg = g.adjacency.sum(1)
            seen[diam] = (len(g.edges), int((deg == 1).sum()), int((deg == 2).sum()))
        assert len(seen) >= hi - 2, seen
        assert len(set(seen.values())) == 1, seen


@pytest.mark.parametrize("engine", ENGINES)
def test_k_core_peels_the_tail(engine: str) -> None:
    edges = [("A", "B"), ("B", "C"), ("C", "A"), ("C", "D")]
    assert solve("gralgo_max_k_core", edges, {"k": 2}, engine=engine) == 3
    assert solve("gralgo_max_k_core", edges, {"k": 3}, engine=engine) == 0


@pytest.mark.parametrize("engine", ENGINES)
def test_k_core_peels_a_chain_whose_inner_nodes_have_degree_k(engine: str) -> None:
    # a triangle plus a path P-Q-R-S hanging off it: every inner node has degree 2, yet the
    # path peels from its free end, one node a round
    edges = [("A", "B"), ("B", "C"), ("C", "A"), ("A", "P"), ("P", "Q"), ("Q", "R"), ("R", "S")]
    assert solve("gralgo_max_k_core", edges, {"k": 2}, engine=engine) == 3


@pytest.mark.parametrize("engine", ENGINES)
def test_mst_docstring_example(engine: str) -> None:
    edges = [("A", "B", 1), ("B", "C", 2), ("A", "C", 3)]
    assert solve("gralgo_mst", edges, {}, engine=engine) == 3


def test_mst_of_a_disconnected_graph_is_refused_not_a_forest() -> None:
    g = Graph(4, ((0, 1), (2, 3)), directed=False, edge_weights=(1, 2))
    with pytest.raises(UnposableQuery, match="disconnected"):
        TASKS["gralgo_mst"].tensor_program(g, {})
    G = twin_input(TASKS["gralgo_mst"], g, list("ABCD"))
    assert nx.minimum_spanning_tree(G).size(weight="weight") == 3  # networkx: a forest
    with pytest.raises(ValueError, match="connected"):
        TASKS["gralgo_mst"].nx_program(G, {})


@pytest.mark.parametrize("engine", ENGINES)
def test_distance_threshold_docstring_example(engine: str) -> None:
    edges = [("A", "B", 2), ("B", "C", 2), ("C", "D", 9)]
    assert solve("gralgo_distance_threshold", edges, {"t": 4}, engine=engine) == "D"


def test_distance_threshold_tie_is_refused() -> None:
    with pytest.raises(UnposableQuery, match="tie"):
        solve("gralgo_distance_threshold", [("A", "B", 2), ("B", "C", 2)], {"t": 2})


def test_distance_threshold_answers_are_a_random_node_by_their_own_links() -> None:
    """The answer is chosen at the quantile's place by links and a far pocket planted around
    it, so its degree, and its lightest link, sit anywhere among the nodes' (up to 0.3.11
    about four answers in five were among the fifth fewest-linked at 51-80 nodes)."""
    import numpy as np

    from closurebench.categories._spec import Target
    from closurebench.categories.gralgo import gralgo_distance_threshold as dt
    from closurebench.categories.gralgo._common import INF, weight_matrix

    rng, by_deg, by_light = random.Random(5), [], []
    for k in range(60):
        n = 16 + k % 15
        built = None
        while built is None:
            built = dt.construct(rng, n, 4.0 / (n - 1), Target(quantile=(k + 0.5) / 60))
        g, q = built
        v = dt.tensor_program(g, q)
        deg = g.adjacency.sum(1)
        w = weight_matrix(g)
        np.fill_diagonal(w, INF)
        light = w.min(1)
        by_deg.append((deg < deg[v]).mean())
        by_light.append((light > light[v]).mean())
    assert 0.3 <= np.mean(by_deg) <= 0.7
    assert np.mean(np.array(by_deg) <= 0.2) <= 0.4
    assert np.mean(by_light) >= 0.1  # not the one whose lightest link is heaviest


def test_a_threshold_outside_its_range_names_the_range() -> None:
    with pytest.raises(ConfigError, match="must be an integer from 0 to"):
        solve("gralgo_path_sum", [("X", "A", 5), ("X", "B", 1)], {"x": "X", "t": -1})


# --- the engines against networkx on random graphs ------------------------------------------

def _random(seed: int, weighted: bool = False) -> Graph:
    rng = random.Random(seed)
    n = rng.randint(2, 40)
    es = tuple(sorted(sparse_graph(rng, n, rng.randint(0, 3 * n))))
    return Graph(n, es, directed=False,
                 edge_weights=tuple(rng.randint(1, 99) for _ in es) if weighted else None)


@pytest.mark.parametrize("seed", range(25))
def test_engine_primitives_match_networkx(seed: int) -> None:
    g = _random(seed, weighted=True)
    G = nx.Graph()
    G.add_nodes_from(range(g.n))
    G.add_weighted_edges_from((u, v, w) for (u, v), w in zip(g.edges, g.edge_weights))
    d = minplus_closure(weight_matrix(g))
    h = hop_matrix(g)
    for s, row in nx.all_pairs_dijkstra_path_length(G):
        assert {t: int(d[s, t]) for t in row} == row
    for s, row in nx.all_pairs_shortest_path_length(G):
        assert {t: int(h[s, t]) for t in row} == row
    assert clique_number(g.adjacency) == max((len(c) for c in nx.find_cliques(G)), default=0)
    for k in range(5):
        assert set(k_core_mask(g.adjacency, k).nonzero()[0]) == set(nx.k_core(G, k))


# --- configs, presets, records --------------------------------------------------------------

def test_configs_name_the_suite_its_paradigms_and_each_task() -> None:
    assert GRALGO_CONFIGS["gralgo"] == tuple(TASKS) and len(TASKS) == 9
    for p, tasks in PARADIGMS.items():
        assert GRALGO_CONFIGS[f"gralgo-{p}"] == tasks
    assert all(GRALGO_CONFIGS[t] == (t,) for t in TASKS)
    assert Config.make("gralgo-intuition").categories == PARADIGMS["intuition"]
    assert len(CATEGORIES) == 26 and "gralgo" not in cb.CONFIGS


def test_presets_carry_gralgobench_mean_degrees() -> None:
    assert [PRESETS[f"gralgo-s{i}"]["mean_degree"] for i in range(1, 7)] == [
        3.2, 4.0, 4.6, 5.1, 5.5, 5.9]
    assert preset("gralgo-s6")["n_max"] == 160


@pytest.mark.parametrize("bad", [0.5, -1, True, "4", 20.0])
def test_a_bad_mean_degree_is_a_config_error(bad) -> None:
    with pytest.raises(ConfigError, match="mean_degree must be a number between 1 and"):
        Config.make("gralgo", n_min=8, n_max=15, mean_degree=bad)


def test_mean_degree_sets_each_instance_density() -> None:
    for r in cb.generate("gralgo_max_k_core", per_category=6, **preset("gralgo-s2")):
        assert r["density"] == round(4.0 / (r["n"] - 1), 4)


def test_a_gralgo_preset_sets_the_mean_degree_of_the_26_categories_too() -> None:
    """The preset's point is GrAlgoBench's sparsity, so it holds for any config: a closure
    category at gralgo-s2 is at mean degree 4, not at the library's density range."""
    for r in cb.generate("reachability", per_category=4, **preset("gralgo-s2")):
        assert 16 <= r["n"] <= 30 and r["density"] == round(4.0 / (r["n"] - 1), 4)
    assert Config.make("all", **preset("gralgo-s2")).density == (0.1, 0.5)  # digest unchanged


def test_density_with_a_gralgo_preset_is_a_config_error_naming_both() -> None:
    both = r"density and mean_degree both set the density axis.*density=0\.3.*mean_degree=4\.0"
    with pytest.raises(ConfigError, match=both):
        list(cb.generate("reachability", per_category=1, density=0.3, **preset("gralgo-s2")))
    with pytest.raises(ConfigError, match=both):
        Config.make("gralgo", density=0.3, **preset("gralgo-s2"))
    from closurebench.generation.release import split_config

    # the release's default range steps aside for a mean degree; an explicit one does not
    assert split_config("train", "all", **preset("gralgo-s2")).mean_degree == 4.0
    with pytest.raises(ConfigError, match=both):
        split_config("train", "all", density=0.3, **preset("gralgo-s2"))


@pytest.mark.parametrize(("flags", "named"), [
    (["--preset", "gralgo-s2", "--density-min", "0.3"],
     ["--density-min 0.3", "--preset gralgo-s2", "--n-min/--n-max"]),
    (["--preset", "gralgo-s5", "--density-max", "0.2"],
     ["--density-max 0.2", "--preset gralgo-s5"]),
    (["--mean-degree", "3", "--density-min", "0.2", "--density-max", "0.4"],
     ["--density-min 0.2 --density-max 0.4", "--mean-degree 3.0"]),
])
def test_cli_density_flags_with_a_mean_degree_are_refused(flags, named, capsys) -> None:
    from closurebench.cli import main

    assert main(["generate", "reachability", "--per-category", "1", *flags]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    for text in named:
        assert text in captured.err


def test_the_gralgo_builder_config_refuses_axes_its_presets_set(tmp_path) -> None:
    """``load_dataset("gralgo", density=...)`` used to drop the density without a word."""
    pytest.importorskip("datasets")
    from closurebench.hf.builder import ClosureBench, ClosureBenchConfig

    for kw, named in ((dict(density=0.3), "density=(0.3, 0.3)"), (dict(n_max=40), "n_max=40")):
        with pytest.raises(ConfigError, match=rf"{re.escape(named)} and config 'gralgo'"):
            ClosureBench(config_name="gralgo", cache_dir=str(tmp_path), **kw)
    assert len(ClosureBenchConfig(name="gralgo", seed=4).split_configs("train")) == 6


def test_the_gralgo_builder_config_keeps_every_other_axis() -> None:
    """Surface and source axes given to the ``gralgo`` config reach each scale's config
    (they used to be dropped without a word)."""
    pytest.importorskip("datasets")
    from closurebench.hf.builder import ClosureBenchConfig

    for given in (dict(verbosity=3, hops_max=4), dict(labels="airports")):
        for cfg in ClosureBenchConfig(name="gralgo", seed=4, **given).split_configs("held_out"):
            assert all(getattr(cfg, k) == v for k, v in given.items()), given
    with pytest.raises(ConfigError, match="verbosity"):
        ClosureBenchConfig(name="gralgo", verbosity=-1).split_configs("train")
    # real topologies stop at the largest bundled network: the larger scales say so
    with pytest.raises(ConfigError, match="source 'real'"):
        ClosureBenchConfig(name="gralgo", source="real").split_configs("train")


@pytest.fixture(scope="module")
def records() -> list[dict]:
    return list(cb.generate("gralgo", per_category=4, seed=3, n_min=8, n_max=15,
                            mean_degree=3.2))


def test_records_validate_and_carry_aligned_weights(records) -> None:
    assert [r["category"] for r in records] == [t for t in TASKS for _ in range(4)]
    for r in records:
        task = get(r["category"])
        jsonschema.validate(json.loads(r["answer"]), task.schema)
        assert list(r)[list(r).index("edges") + 1:][:2] == ["node_weights", "edge_weights"]
        nw, ew = r["node_weights"], r["edge_weights"]
        assert (nw is not None) == (task.weights == "node")
        assert (ew is not None) == (task.weights == "edge")
        if nw is not None:
            assert len(nw) == len(r["nodes"]) and all(1 <= w <= 99 for w in nw)
        if ew is not None:
            assert len(ew) == len(r["edges"]) and all(1 <= w <= 99 for w in ew)
            for (a, b), w in list(zip(r["edges"], ew))[:3]:
                assert str(w) in r["question"] and a in r["question"] and b in r["question"]


def test_a_record_resolves_through_solve_and_its_own_program(records) -> None:
    import subprocess
    import sys

    for r in records[::4]:
        task = get(r["category"])
        edges = [tuple(e) for e in r["edges"]] if r["edge_weights"] is None else \
            [(a, b, w) for (a, b), w in zip(r["edges"], r["edge_weights"])]
        weights = None if r["node_weights"] is None else dict(zip(r["nodes"], r["node_weights"]))
        for engine in ENGINES:
            got = solve(task.id, edges, json.loads(r["query"]), nodes=r["nodes"],
                        node_weights=weights, engine=engine)
            assert json.dumps(got) == r["answer"], (r["id"], engine)
        out = subprocess.run([sys.executable, "-c", r["program"]], capture_output=True,
                             text=True, check=True).stdout.strip().splitlines()[-1]
        assert json.loads(out) == {"answer": json.loads(r["answer"])}


@pytest.mark.parametrize("encoding", ["nl", "json", "adjacency", "adjacency_list", "markdown",
                                      "numeric"])
def test_weights_are_shown_in_every_encoding(encoding: str) -> None:
    for task in ("gralgo_mst", "gralgo_max_weight_triangle"):
        r = next(cb.generate(task, per_category=1, n_min=6, n_max=6, encoding=encoding))
        shown = r["edge_weights"] or r["node_weights"]
        assert all(str(w) in r["question"] for w in shown), (task, encoding)


def test_gralgo_records_are_deterministic_and_instance_k_stands_alone() -> None:
    cfg = Config.make("gralgo", per_category=2, seed=9, n_min=8, n_max=15, mean_degree=3.2)
    forwards = [cb.instance(cfg, k) for k in range(cfg.size)]
    backwards = [cb.instance(cfg, k) for k in reversed(range(cfg.size))][::-1]
    assert forwards == backwards


def test_the_26_categories_records_carry_no_weight_fields() -> None:
    r = next(cb.generate("triangle_count", per_category=1))
    assert "node_weights" not in r and "edge_weights" not in r


def test_weights_enter_the_structural_invariant() -> None:
    from closurebench.generation.twins import cross_twins, invariant

    task = TASKS["gralgo_mst"]
    a = Graph(3, ((0, 1), (1, 2)), directed=False, edge_weights=(1, 2))
    b = Graph(3, ((0, 1), (1, 2)), directed=False, edge_weights=(1, 3))
    c = Graph(3, ((0, 1), (1, 2)), directed=False, edge_weights=(2, 1))  # a, relabelled
    assert invariant(task, a, {}) != invariant(task, b, {})
    assert invariant(task, a, {}) == invariant(task, c, {})
    recs = list(cb.generate("gralgo_mst", per_category=3, n_min=6, n_max=6))
    assert cross_twins(recs, recs) == [(r["id"], r["id"]) for r in recs]
    heavier = [{**r, "id": r["id"] + "-w", "edge_weights": [w + 1 for w in r["edge_weights"]]}
               for r in recs]
    assert cross_twins(recs, heavier) == []


# --- release machinery ----------------------------------------------------------------------

def test_records_validate_against_the_gralgo_record_schema(records) -> None:
    from closurebench.generation.schema import GRALGO_RECORD_SCHEMA, RECORD_SCHEMA

    for r in records:
        jsonschema.validate(r, GRALGO_RECORD_SCHEMA)
    with pytest.raises(jsonschema.ValidationError, match="node_weights"):
        jsonschema.validate(records[0], RECORD_SCHEMA)  # the 26's schema admits no weights


def test_gralgo_split_configs_are_six_scales_in_opposite_halves() -> None:
    from closurebench.generation.release import GRALGO_SCALES, gralgo_split_configs

    train, held = gralgo_split_configs("train"), gralgo_split_configs("held_out")
    assert [(c.n_min, c.n_max, c.mean_degree) for c in train] == [
        (preset(s)["n_min"], preset(s)["n_max"], preset(s)["mean_degree"]) for s in GRALGO_SCALES]
    assert sum(c.size for c in train) == sum(c.size for c in held) == 2700
    assert {c.half for c in train} == {0} and {c.half for c in held} == {1}
    assert len({c.digest for c in train + held}) == 12  # every file's record ids are its own


def test_gralgo_files_escape_every_other_config_glob() -> None:
    from fnmatch import fnmatch

    from closurebench.hf.splits import config_pattern, gralgo_file, gralgo_pattern

    paths = [gralgo_file(split, f"gralgo-s{i}") for split in ("train", "held_out")
             for i in range(1, 7)]
    for name in cb.CONFIGS:
        for split in ("train", "held_out"):
            assert not any(fnmatch(p, config_pattern(name, split)) for p in paths), name
    assert [p for p in paths if fnmatch(p, gralgo_pattern("train"))] == paths[:6]


def test_the_builder_has_a_gralgo_config_with_weight_columns() -> None:
    pytest.importorskip("datasets")
    from closurebench.hf.builder import BUILDER_CONFIGS, builder_info

    assert [c.name for c in BUILDER_CONFIGS][-1] == "gralgo"
    assert {"node_weights", "edge_weights"} <= set(builder_info(weighted=True).features)
    assert "node_weights" not in builder_info().features
    gralgo = BUILDER_CONFIGS[-1]
    assert [c.n_max for c in gralgo.split_configs("held_out")] == [15, 30, 50, 80, 120, 160]


#: Golden fingerprints of gralgo configs (as tests/test_determinism.py's): a change means the
#: generator's output changed; say why in the commit, never just re-record.
GOLDEN = [
    (dict(config="gralgo", per_category=2, seed=0, **PRESETS["gralgo-s1"]),
     "b7918a835c3b1a0e3ba719d1a35030430d3760f1207391eefecdadddea9b0455"),
    (dict(config="gralgo-intuition", per_category=2, seed=4, encoding="json",
          **PRESETS["gralgo-s2"]),
     "8ff586d157da52f740818c9dc4ba29888552f2e9d3e066532f8078ec3dabb921"),
    (dict(config="gralgo-exploration", per_category=1, seed=9, encoding="adjacency_list",
          **PRESETS["gralgo-s4"]),
     "3b57c1fdabe1418f69f29bbcc7750c802c5bbb2e5e46e9172d918a6e9ad0f49e"),
]


@pytest.mark.parametrize(("kwargs", "expected"), GOLDEN,
                         ids=[f"{kw['config']}-{kw['seed']}" for kw, _ in GOLDEN])
def test_golden_fingerprint(kwargs, expected) -> None:
    h = hashlib.sha256()
    for r in cb.generate(**kwargs):
        h.update((dumps_record(r) + "\n").encode())
    assert h.hexdigest() == expected


@pytest.mark.slow  # ~1 minute on a busy two-core machine (model fits)
def test_the_learned_adversary_runs_on_a_weighted_task_and_sees_its_weights() -> None:
    pytest.importorskip("sklearn")
    from closurebench.audit.adversary import adversary
    from closurebench.audit.features import Context
    from closurebench.audit.readers import record_instance

    kw = dict(n_min=8, n_max=10, mean_degree=3.2)
    train = list(cb.generate("gralgo_distance_threshold", per_category=20, seed=1, **kw))
    test = list(cb.generate("gralgo_distance_threshold", per_category=10, seed=2, **kw))
    row = adversary("gralgo_distance_threshold", train, test)
    assert row.test == 10 and {"majority", "fixed:fewest-links", "direct:gbt"} <= set(row.readers)
    cat, graph, query, labels = record_instance(test[0])
    assert graph.edge_weights is not None
    ctx = Context.of(test[0], cat, query, len(labels))
    assert {"w.link_sum", "w.link_min", "w.link_max"} == set(ctx.weights)


def test_weight_features_are_one_node_at_a_time() -> None:
    from closurebench.audit.features import Context
    from closurebench.audit.readers import record_instance

    rec = next(cb.generate("gralgo_mst", per_category=1, n_min=6, n_max=6))
    cat, _, query, labels = record_instance(rec)
    ctx = Context.of(rec, cat, query, len(labels))
    total = dict.fromkeys(labels, 0)
    for (a, b), w in zip(rec["edges"], rec["edge_weights"]):
        total[a] += w
        total[b] += w
    assert list(ctx.weights["w.link_sum"]) == [total[v] for v in labels]
    assert ctx.cues["g.w.lightest_n1"] == sum(sorted(rec["edge_weights"])[:5])
