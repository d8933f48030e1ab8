"""Our primitives against labels from other graph-reasoning benchmarks.

The instances live outside the repository, in ``../shared/external-checks`` (see its README);
they are read, never copied. Each check maps another benchmark's label onto one of our
primitives and asserts agreement on every instance, and that at least one was checked.

* NLGraph / GraphOmni connectivity (undirected): our ``reachability`` on the symmetric digraph.
* NLGraph cycle (undirected): a graph is a forest iff |E| = n - #components; components are
  the strongly connected components of the symmetric digraph (``tensor.scc``).
* GraphOmni triangle: our ``triangle_count``.
* DyVal reachability (directed): our ``reachability``.
* reasoning-gym family_relationships: mother/father and daughter/son are parent edges of our
  family graph (``A``); sister/brother implies our ``sibling``; grandmother/grandfather are in
  our ``kinship_chain`` grandparents. Rules apply first-match, so a label from a later rule
  also says that no parent edge joins the two.
* reasoning-gym course_schedule: "True" iff acyclic iff ``tensor.scc`` is the identity.
* GraphOmni diameter: both engines of ``gralgo_diameter``.
* NLGraph shortest_path: the weighted distance is the (min,+) closure of the GrAlgoBench
  tasks' engine (``categories.gralgo._common``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from closurebench import solve
from closurebench.graph import tensor as T
from closurebench.graph.families import Graph

EXTERNAL = Path(__file__).resolve().parents[1].parent / "shared" / "external-checks"

pytestmark = pytest.mark.skipif(
    not EXTERNAL.is_dir(), reason=f"external checks not found at {EXTERNAL}"
)


def rows(name: str) -> Iterator[dict[str, Any]]:
    path = EXTERNAL / name
    if not path.is_file():
        pytest.skip(f"external check file {path} is absent")
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


def both_ways(edges: list[list[int]]) -> list[tuple[int, int]]:
    return [(u, v) for u, v in edges] + [(v, u) for u, v in edges]


def connected(n: int, edges: list[list[int]], u: int, v: int) -> bool:
    """Undirected connectivity as our directed reachability on the symmetric digraph."""
    query = {"x": u, "y": v}
    return solve("reachability", both_ways(edges), query, nodes=list(range(n)))


def test_nlgraph_connectivity_is_reachability_both_ways() -> None:
    checked = 0
    for inst in rows("nlgraph/connectivity.jsonl"):
        for u, v, label in inst["queries"]:
            assert connected(inst["n"], inst["edges"], u, v) is label, (inst["id"], u, v)
            checked += 1
    assert checked == 2232


def test_nlgraph_cycle_is_more_edges_than_a_spanning_forest() -> None:
    checked = 0
    for inst in rows("nlgraph/cycle.jsonl"):
        n = inst["n"]
        g = Graph(n, tuple(both_ways(inst["edges"])))
        components = len({row.tobytes() for row in T.scc(g.adjacency)})
        has_cycle = len(inst["edges"]) > n - components
        assert has_cycle is inst["answer"], inst["id"]
        checked += 1
    assert checked == 1150


def test_graphomni_connectivity_is_reachability_both_ways() -> None:
    checked = 0
    for inst in rows("graphomni/connectivity.jsonl"):
        u, v = inst["query"]
        assert connected(inst["n"], inst["edges"], u, v) is inst["answer"], inst["name_id"]
        checked += 1
    assert checked == 759


def test_graphomni_triangle_is_triangle_count() -> None:
    checked = 0
    for inst in rows("graphomni/triangle.jsonl"):
        got = solve("triangle_count", inst["edges"], {}, nodes=list(range(inst["n"])))
        assert got == inst["answer"], inst["name_id"]
        checked += 1
    assert checked == 672


def test_dyval_reachability_is_reachability() -> None:
    checked = 0
    for inst in rows("dyval/reachability.jsonl"):
        query = {"x": inst["source"], "y": inst["target"]}
        got = solve("reachability", inst["edges"], query, nodes=inst["nodes"])
        assert got is inst["answer"], inst["id"]
        checked += 1
    assert checked == 1500


PARENT_LABELS = {"mother", "father"}
CHILD_LABELS = {"daughter", "son"}
SIBLING_LABELS = {"sister", "brother"}
GRANDPARENT_LABELS = {"grandmother", "grandfather"}


def test_reasoning_gym_family_relationships_map_onto_kinship() -> None:
    checked: dict[str, int] = {"parent": 0, "child": 0, "sibling": 0, "grandparent": 0,
                               "no_parent_edge": 0}
    for inst in rows("reasoning_gym/family_relationships_seed42_n1300.jsonl"):
        people = sorted(inst["gender"])
        index = {p: i for i, p in enumerate(people)}
        edges = [tuple(e) for e in inst["parent_edges"]]
        a = Graph(len(people), tuple((index[p], index[c]) for p, c in edges)).adjacency
        p1, p2, label = inst["person1"], inst["person2"], inst["answer"]
        is_parent, is_child = bool(a[index[p1], index[p2]]), bool(a[index[p2], index[p1]])
        where = (inst["index"], label)
        if label in PARENT_LABELS:
            assert is_parent, where
            checked["parent"] += 1
        elif label in CHILD_LABELS:
            assert is_child, where
            checked["child"] += 1
        else:
            assert not (is_parent or is_child), where
            checked["no_parent_edge"] += 1
        if label in SIBLING_LABELS:
            assert solve("sibling", edges, {"x": p1, "y": p2}, nodes=people) is True, where
            checked["sibling"] += 1
        if label in GRANDPARENT_LABELS:
            up = solve("kinship_chain", edges, {"x": p2, "relation": "grandparents"},
                       nodes=people)
            down = solve("kinship_chain", edges, {"x": p1, "relation": "grandchildren"},
                         nodes=people)
            assert p1 in up and p2 in down, where
            checked["grandparent"] += 1
    assert all(count > 0 for count in checked.values()), checked
    assert checked["parent"] + checked["child"] + checked["no_parent_edge"] == 1300


def test_reasoning_gym_course_schedule_is_acyclicity() -> None:
    checked = 0
    for inst in rows("reasoning_gym/course_schedule_seed42_n1300.jsonl"):
        n = inst["num_courses"]
        g = Graph(n, tuple((b, a) for a, b in inst["prerequisites"]))
        acyclic = bool(np.array_equal(T.scc(g.adjacency), np.eye(n, dtype=bool)))
        assert acyclic is (inst["answer"] == "True"), inst["index"]
        checked += 1
    assert checked == 1300


# --- GrAlgoBench's tasks (closurebench.categories.gralgo) -------------------------------------

@pytest.mark.parametrize("engine", ["tensor", "networkx"])
def test_graphomni_diameter_is_gralgo_diameter(engine: str) -> None:
    """GraphOmni's diameter labels (connected undirected graphs) against both engines of
    ``gralgo_diameter`` (the tensor side: the max of the hop-distance matrix)."""
    checked = 0
    for inst in rows("graphomni/diameter.jsonl"):
        got = solve("gralgo_diameter", inst["edges"], {}, nodes=list(range(inst["n"])),
                    engine=engine)
        assert got == int(inst["answer"]) and inst["answer"] == int(inst["answer"]), \
            inst["name_id"]
        checked += 1
    assert checked == 680


def test_nlgraph_weighted_distances_are_the_minplus_closure() -> None:
    """NLGraph's Dijkstra distances against the (min,+) closure that ``gralgo_path_sum`` and
    ``gralgo_distance_threshold`` read (its paths are not unique; the distance is)."""
    from closurebench.categories.gralgo._common import minplus_closure, weight_matrix

    checked = 0
    for inst in rows("nlgraph/shortest_path.jsonl"):
        weight: dict[tuple[int, int], int] = {}
        for u, v, w in inst["weighted_edges"]:
            weight[(min(u, v), max(u, v))] = w
        es = tuple(sorted(weight))
        g = Graph(inst["n"], es, directed=False, edge_weights=tuple(weight[e] for e in es))
        s, t = inst["query"]
        assert int(minplus_closure(weight_matrix(g))[s, t]) == inst["answer"]["total_weight"], \
            inst["id"]
        checked += 1
    assert checked == 380

