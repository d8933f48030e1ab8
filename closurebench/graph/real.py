"""Real topologies: connected subgraphs of the real networks NetworkX bundles.

GrAlgoBench samples its graphs from real networks by random walks (its §2); this module does
the same on the four small social networks that ship with NetworkX, so no data is fetched:

* ``karate``: Zachary's karate club (34 members, 78 ties);
* ``lesmis``: Les Misérables co-appearances (77 characters, 254 ties);
* ``florentine``: Florentine families' marriages (15 families, 20 ties);
* ``davis``: Davis's southern women and the events they attended (32 nodes, bipartite).

``sample_real(rng, n)`` draws a network that has at least ``n`` nodes, a start node, and runs
a random walk with restart from it; the ``n`` most-visited nodes that stay connected
(``most_visited_connected``) are the subgraph, renumbered ``0..n-1`` in a random order so an
id says nothing about how often it was visited. Everything is a function of ``rng``: node
and neighbour lists are sorted, never read in a set's order.
"""

from __future__ import annotations

import random
from functools import cache

from closurebench.graph.families import Graph

__all__ = ["MAX_REAL_N", "NETWORKS", "most_visited_connected", "network", "random_walk_visits",
           "sample_real", "walk_sample"]

#: Network id -> NetworkX's function that builds it (looked up lazily: networkx loads on use).
NETWORKS: dict[str, str] = {
    "karate": "karate_club_graph",
    "lesmis": "les_miserables_graph",
    "florentine": "florentine_families_graph",
    "davis": "davis_southern_women_graph",
}
#: The node counts of ``NETWORKS`` (checked by a test against NetworkX).
SIZES: dict[str, int] = {"karate": 34, "lesmis": 77, "florentine": 15, "davis": 32}
#: The largest n a real subgraph can have: the largest network's node count.
MAX_REAL_N = max(SIZES.values())
#: The walk's chance of jumping back to its start at each step (PageRank's usual 0.15).
RESTART = 0.15
#: Walk steps per node of the network: enough that the visit counts rank nodes by closeness.
STEPS_PER_NODE = 30


@cache
def network(name: str) -> tuple[tuple[str, ...], tuple[tuple[int, ...], ...]]:
    """A bundled network as sorted node names and, per node, its sorted neighbour indices."""
    import networkx as nx

    if name not in NETWORKS:
        raise ValueError(f"network must be one of {', '.join(NETWORKS)}, got {name!r}")
    g = getattr(nx, NETWORKS[name])()
    nodes = tuple(sorted(str(v) for v in g.nodes))
    index = {v: i for i, v in enumerate(nodes)}
    adj = tuple(tuple(sorted(index[str(u)] for u in g.neighbors(v)))
                for v in sorted(g.nodes, key=str))
    return nodes, adj


def random_walk_visits(rng: random.Random, adj: tuple[tuple[int, ...], ...], start: int,
                       steps: int, restart: float = RESTART) -> list[int]:
    """Visit counts of a random walk with restart of ``steps`` steps from ``start``."""
    visits = [0] * len(adj)
    visits[start] = 1
    at = start
    for _ in range(steps):
        if rng.random() < restart or not adj[at]:
            at = start
        else:
            at = adj[at][rng.randrange(len(adj[at]))]
        visits[at] += 1
    return visits


def most_visited_connected(adj: tuple[tuple[int, ...], ...], visits: list[int], start: int,
                           n: int) -> list[int] | None:
    """The ``n`` most-visited nodes that stay connected: grown from ``start``, each step adding
    the most-visited node next to the set (ties to the lower index); ``None`` if the start's
    component has fewer than ``n`` nodes.

    >>> most_visited_connected(((1,), (0, 2), (1,), ()), [5, 1, 9, 7], 0, 3)
    [0, 1, 2]
    """
    chosen, inside = [start], {start}
    frontier = set(adj[start])
    while len(chosen) < n:
        if not frontier:
            return None
        best = min(frontier, key=lambda v: (-visits[v], v))
        frontier.discard(best)
        chosen.append(best)
        inside.add(best)
        frontier.update(u for u in adj[best] if u not in inside)
    return chosen


def walk_sample(rng: random.Random, n: int,
                networks: tuple[str, ...] | None = None) -> tuple[str, list[int]]:
    """The network drawn and the ``n`` nodes chosen (indices into ``network(name)[0]``).

    The network is drawn among those with at least ``n`` nodes (``networks`` narrows the
    choice), the start node uniformly; see the module docstring for the walk.
    """
    names = tuple(sorted(networks or NETWORKS))
    fits = [m for m in names if SIZES[m] >= n]
    if n < 1 or not fits:
        raise ValueError(f"n must be between 1 and {max(SIZES[m] for m in names)} for the "
                         f"networks {', '.join(names)}, got {n}")
    name = rng.choice(fits)
    _, adj = network(name)
    start = rng.randrange(len(adj))
    visits = random_walk_visits(rng, adj, start, STEPS_PER_NODE * len(adj))
    chosen = most_visited_connected(adj, visits, start, n)
    if chosen is None:  # never for the bundled networks, which are connected
        raise ValueError(f"the walk's start lies in a component of fewer than {n} nodes")
    return name, chosen


def sample_real(rng: random.Random, n: int,
                networks: tuple[str, ...] | None = None) -> Graph:
    """A connected ``n``-node subgraph of a bundled real network (an undirected ``Graph``):
    the subgraph ``walk_sample`` chooses, induced, its nodes renumbered in a random order."""
    name, chosen = walk_sample(rng, n, networks)
    _, adj = network(name)
    ids = rng.sample(range(n), n)
    new = {v: ids[i] for i, v in enumerate(chosen)}
    edges = sorted({(min(new[v], new[u]), max(new[v], new[u]))
                    for v in chosen for u in adj[v] if u in new})
    return Graph(n, tuple(edges), directed=False)
