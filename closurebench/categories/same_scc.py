"""same_scc (L1): can x and y each reach the other (same strongly connected component)?

Example: A -> B -> A -> C: A and B yes; A and C no. Balanced 50/50.

Built, not sampled. "True": x and y on one planted petal through x, y a hops out and b hops
back, max(a, b) the drawn depth, with more petals and chords that keep both distances. "False":
x and y in different components of a planted condensation, each with an in- and an out-edge,
and at most two undirected steps apart (an edge, a path through a third node, a shared child
or parent), so neither a sink/source nor a missing edge gives the answer away.
"""

from __future__ import annotations

from closurebench.categories._components import flower, layout
from closurebench.categories._spec import Category, distinct
from closurebench.graph import tensor as T
from closurebench.graph.plant import draw_depth, plant, sprinkle


def propose(rng, g):
    pair = distinct(rng, g.n, 2)
    return pair and {"x": pair[0], "y": pair[1]}


def _together(rng, n, rho, depth):
    nodes = list(range(n))
    rng.shuffle(nodes)
    x, y, rest = nodes[0], nodes[1], nodes[2:]
    a, b = depth, rng.randint(1, min(depth, n - depth))
    if rng.random() < 0.5:
        a, b = b, a
    lead, rest = [*rest[:a - 1], y, *rest[a - 1:a + b - 2]], rest[a + b - 2:]
    k = rng.randint(0, len(rest))
    extra, rest = rest[:k], rest[k:]
    petals, inner = flower(rng, n, x, lead, extra, max(1, depth))
    cycles, ok = layout(rng, n, [[x, *lead, *extra], *_blocks(rng, rest)], inner)
    return sprinkle(rng, plant(rng, n, rho, petals + cycles, ok), ok), {"x": x, "y": y}


def _blocks(rng, nodes):
    """The other nodes as components: each joins a random earlier block or starts one."""
    blocks: list[list[int]] = []
    for v in nodes:
        if blocks and rng.random() < 0.5:
            rng.choice(blocks).append(v)
        else:
            blocks.append([v])
    return blocks


def _apart(rng, n, rho):
    nodes = list(range(n))
    rng.shuffle(nodes)
    x, y = nodes[0], nodes[1]
    bx, by, rest = [x], [y], []
    for v in nodes[2:]:
        u = rng.random()
        (bx if u < 0.2 else by if u < 0.4 else rest).append(v)
    cycles, ok = layout(rng, n, [bx, by, *_blocks(rng, rest)])
    need = list(cycles)
    # close in the undirected graph: an edge, a path through w, a shared child or parent
    links = [[(x, y)], [(y, x)]]
    for w in range(n):
        if w not in (x, y):
            links += [[(x, w), (w, y)], [(y, w), (w, x)], [(x, w), (y, w)], [(w, x), (w, y)]]
    allow = ok.tolist()  # Python lists: a numpy scalar read per pair costs more
    links = [p for p in links if all(allow[u][v] for u, v in p)]
    if not links:
        return None
    need += rng.choice(links)
    for v in (x, y):
        for side, col in ((0, False), (1, True)):
            if v not in {e[side] for e in need}:
                pick = [w for w in range(n) if (allow[w][v] if col else allow[v][w])]
                if not pick:
                    return None
                w = rng.choice(pick)
                need.append((w, v) if col else (v, w))
    return sprinkle(rng, plant(rng, n, rho, need, ok), ok), {"x": x, "y": y}


def construct(rng, n, rho, target):
    """A true pair at the target depth, or a false one that no local reading decides."""
    if target.want:
        lo, hi = target.hops or (1, n - 1)
        return _together(rng, n, rho, draw_depth(rng, lo, hi))
    return _apart(rng, n, rho)


def local(g, q):
    """Local reader: mutual edges mean yes; a sink or source among x, y means no; else yes."""
    a, x, y = g.adjacency, q["x"], q["y"]
    if a[x, y] and a[y, x]:
        return True
    return bool(a[x].any() and a[:, x].any() and a[y].any() and a[:, y].any())


def tensor_program(g, q):
    """``SCC[x, y] = TC[x, y] ∧ TC[y, x]``."""
    a, x, y = g.adjacency, q["x"], q["y"]
    return bool(T.reach(a, x)[y] and T.reach(a, y)[x])


def nx_program(G, q):
    import networkx as nx

    return any(q["x"] in c and q["y"] in c for c in nx.strongly_connected_components(G))


TL_PROGRAM = """\
Reach[x, y] = closure(Edge)[x, y].
answer Reach[X, Y] Reach[Y, X].
"""


def template(w, q):
    return (
        f"Can {q['x']} and {q['y']} each reach the other by following {w.links} in their "
        f"direction, through any number of steps?"
    )


CATEGORY = Category(
    pair_path=True,
    id="same_scc", level=1, family="digraph", answer="boolean",
    primitives=("closure", "scc"), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=("x", "y"), construct=construct,
    shortcuts={"local": local},
    summary="Are x and y mutually reachable (TC ∧ TCᵀ)?",
    tl_program=TL_PROGRAM,
    generate_min_n=6,  # blind-built from n = 6: below it every view is decided
)
