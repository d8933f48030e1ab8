"""Real names (airports, cities, Les Misérables) and real topologies (NetworkX's networks)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import networkx as nx
import pytest

import closurebench as cb
from closurebench.graph.real import (
    MAX_REAL_N,
    NETWORKS,
    SIZES,
    most_visited_connected,
    network,
    random_walk_visits,
    sample_real,
    walk_sample,
)
from closurebench.surface.real_names import REAL_POOLS, clean, real_names, real_pool
from tests.test_verbosity import assert_no_name_inside_another


def _pool_or_skip(pool: str) -> tuple[str, ...]:
    if pool != "lesmis":
        pytest.importorskip("airportsdata")
    return real_pool(pool)


# --- label pools ------------------------------------------------------------------------------

def test_cleaning_drops_names_inside_others_and_syntax():
    assert clean(["Count", "CountessDeLo", "Javert", "javert ", "A, B", "Fish and Chips",
                  "Zone|1", "O'Hare", "St. Louis"]) == ("CountessDeLo", "Javert", "O'Hare",
                                                        "St. Louis")


@pytest.mark.parametrize("pool", REAL_POOLS)
def test_every_real_pool_is_clean(pool):
    names = _pool_or_skip(pool)
    assert len(names) >= 70 and list(names) == sorted(names)
    assert_no_name_inside_another(list(names))


def test_lesmis_is_networkx_s_characters_less_the_contained_ones():
    left_out = set(nx.les_miserables_graph().nodes) - set(real_pool("lesmis"))
    assert left_out == {"Count", "Gillenormand", "Pontmercy", "Thenardier"}


def test_airportsdata_is_mit_licensed():
    airportsdata = pytest.importorskip("airportsdata")
    from importlib.metadata import distribution

    dist = distribution("airportsdata")
    texts = [f.read_text() for f in dist.files or () if "LICENSE" in f.name.upper()]
    assert dist.metadata["License-Expression"] == "MIT" or any("MIT License" in t for t in texts)
    assert any("MIT License" in t for t in texts), Path(airportsdata.__file__)


@pytest.mark.parametrize("pool", REAL_POOLS)
def test_labels_axis_renames_at_a_fixed_structure(pool):
    _pool_or_skip(pool)
    kw = dict(per_category=2, seed=4, n_max=10)
    base = list(cb.generate("all", **kw))
    real = list(cb.generate("all", labels=pool, **kw))
    names = set(real_pool(pool))
    for a, b in zip(base, real):
        assert b["label_pool"] == pool and set(b["nodes"]) <= names
        rename = dict(zip(a["nodes"], b["nodes"]))
        assert b["edges"] == [[rename[u], rename[w]] for u, w in a["edges"]]
        assert (a["structural_seed"], a["style"], a["domain"]) == (
            b["structural_seed"], b["style"], b["domain"])
    again = list(cb.generate("all", labels=pool, **kw))
    assert again == real
    recs = [r for r in real if r["category"] in ("max_degree", "set_intersection")]
    outputs = [json.dumps({"answer": json.loads(r["answer"])}) for r in recs]
    assert cb.score(outputs, recs)["accuracy_strict"] == 1.0


def test_real_names_are_drawn_from_the_rng():
    a = real_names(random.Random(1), "lesmis", 10)
    assert a == real_names(random.Random(1), "lesmis", 10) != real_names(random.Random(2),
                                                                           "lesmis", 10)
    with pytest.raises(ValueError, match="n must be at most 73 for labels='lesmis'"):
        real_names(random.Random(1), "lesmis", 74)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"labels": "klingon"}, r"labels must be one of airports, cities, lesmis"),
    ({"labels": "lesmis", "n_max": 80}, r"n_max must be at most 73 with labels='lesmis'"),
    ({"labels": "lesmis", "verbosity": 2}, r"labels must be None with encoding numeric or"),
    ({"labels": "lesmis", "encoding": "numeric"}, r"labels must be None with encoding"),
    ({"source": "web"}, r"source must be one of synthetic, real"),
    ({"source": "real"}, r"source 'real' needs undirected categories"),
])
def test_bad_real_axes_are_named(kwargs, message):
    with pytest.raises(cb.ConfigError, match=message):
        cb.Config.make("all", **kwargs)


# --- real topologies --------------------------------------------------------------------------

def test_the_bundled_networks_have_the_sizes_stated():
    for name, builder in NETWORKS.items():
        g = getattr(nx, builder)()
        assert g.number_of_nodes() == SIZES[name] and nx.is_connected(g)
        nodes, adj = network(name)
        assert len(nodes) == SIZES[name] and sum(map(len, adj)) == 2 * g.number_of_edges()
    assert MAX_REAL_N == 77


def test_most_visited_connected_grows_along_links():
    # path 0-1-2-3 plus 4 linked to 0; 3 is visited most but joins only after 1 and 2
    adj = ((1, 4), (0, 2), (1, 3), (2,), (0,))
    assert most_visited_connected(adj, [9, 2, 1, 50, 3], 0, 3) == [0, 4, 1]
    assert most_visited_connected(adj, [9, 2, 1, 50, 3], 0, 4) == [0, 4, 1, 2]
    assert most_visited_connected(((1,), (0,), ()), [1, 1, 1], 0, 3) is None


def test_the_walk_restarts_at_its_start():
    adj = ((1,), (0, 2), (1, 3), (2,))
    visits = random_walk_visits(random.Random(0), adj, 0, 2_000, restart=0.5)
    assert visits[0] > visits[1] > visits[2] > visits[3] and sum(visits) == 2_001


@pytest.mark.parametrize("n", [3, 10, 15, 30, 60, 77])
def test_sample_real_is_a_connected_induced_subgraph(n):
    for seed in range(5):
        g = sample_real(random.Random(seed), n)
        assert g.n == n and not g.directed and g == sample_real(random.Random(seed), n)
        rng = random.Random(seed)  # the same draws, checked against NetworkX's own graph
        name, chosen = walk_sample(rng, n)
        ids = rng.sample(range(n), n)
        nodes = network(name)[0]
        H = getattr(nx, NETWORKS[name])()
        by_name = {str(v): v for v in H.nodes}
        picked = [by_name[nodes[i]] for i in chosen]
        new = dict(zip(picked, ids))
        want = sorted(tuple(sorted((new[u], new[v]))) for u, v in H.subgraph(picked).edges)
        assert list(g.edges) == want
        assert nx.is_connected(H.subgraph(picked))


def test_the_walk_prefers_the_start_s_neighbourhood():
    # the most-visited nodes of a long walk from one end of a path are the nearest ones
    rng = random.Random(3)
    adj = tuple(tuple(u for u in (v - 1, v + 1) if 0 <= u < 30) for v in range(30))
    visits = random_walk_visits(rng, adj, 0, 20_000)
    assert most_visited_connected(adj, visits, 0, 5) == [0, 1, 2, 3, 4]
    assert visits[1] > visits[5] > visits[15]


def test_sample_real_refuses_too_large():
    with pytest.raises(ValueError, match="n must be between 1 and 77"):
        sample_real(random.Random(0), 78)
    with pytest.raises(ValueError, match="n must be between 1 and 15"):
        sample_real(random.Random(0), 16, networks=("florentine",))


def test_source_real_generates_cross_checked_triangle_counts():
    kw = dict(per_category=6, seed=2, n_min=8, n_max=40, source="real")
    recs = list(cb.generate("triangle_count", **kw))  # every answer checked by the NetworkX twin
    assert recs == list(cb.generate("triangle_count", **kw))
    synthetic = list(cb.generate("triangle_count", per_category=6, seed=2, n_min=8, n_max=40))
    assert [r["id"] for r in recs] != [r["id"] for r in synthetic]
    for r in recs:
        G = nx.Graph()
        G.add_nodes_from(r["nodes"])
        G.add_edges_from(r["edges"])
        assert nx.is_connected(G)
        assert sum(nx.triangles(G).values()) // 3 == json.loads(r["answer"])
    with pytest.raises(cb.ConfigError, match="n_max must be at most 77 with source 'real'"):
        cb.Config.make("triangle_count", n_max=80, source="real")
