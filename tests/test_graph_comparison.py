"""graph_comparison's change is a rewiring: where the cell has room, every node keeps its
in- and out-degree and x keeps its successors, so no one-graph or degree-change reading
names the lost nodes."""

from __future__ import annotations

import json

import numpy as np

from closurebench import generate
from closurebench.categories import graph_comparison as gc
from closurebench.graph import tensor as T


def _matrices(record):
    index = {v: i for i, v in enumerate(record["nodes"])}
    n = len(index)
    out = []
    for key in ("edges", "edges_after"):
        a = np.zeros((n, n), dtype=bool)
        for u, v in record[key]:
            a[index[u], index[v]] = True
        out.append(a)
    return index, out


def test_most_roomy_instances_keep_every_degree_and_x_s_successors():
    kept = roomy = 0
    for record in generate("graph_comparison", per_category=200, seed=11):
        lost = json.loads(record["answer"])
        if record["n"] - len(lost) < 4 or record["hops"] < 2:
            continue  # no room for the swaps: built by cutting edges (``_cut``)
        roomy += 1
        index, (before, after) = _matrices(record)
        x = index[json.loads(record["query"])["x"]]
        same = (np.array_equal(before.sum(0), after.sum(0))
                and np.array_equal(before.sum(1), after.sum(1)))
        if same:
            kept += 1
            assert np.array_equal(before[x], after[x])
            assert not before[:, x].any()  # x a source, S fed by x alone: no shared neighbours
    assert roomy >= 50 and kept >= 0.5 * roomy  # 57 of 95 on this seed


def test_rewired_pairs_lose_exactly_the_planted_part_at_the_planted_depth():
    import random

    for seed in range(300):
        rng = random.Random(seed)
        n, h = rng.randint(6, 10), rng.randint(2, 4)
        m = rng.randint(1, n - 4)
        built = gc._rewired(rng, n, 0.3, min(h, n - 2), m)
        if built is None:
            continue
        before, after, x = built
        lost = gc.tensor_program((before, after), {"x": x})
        assert len(lost) == m
        assert T.distances(before.adjacency, x)[lost].max() == min(h, n - 2)
        assert np.array_equal(before.adjacency.sum(0), after.adjacency.sum(0))
        assert np.array_equal(before.adjacency.sum(1), after.adjacency.sum(1))
