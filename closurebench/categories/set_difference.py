"""set_difference (L1): the nodes x reaches that y does not, R(x) ∖ R(y).

Convention: x and y themselves are never listed. Example: A -> B -> C, D -> C: for x=A,
y=D the answer is [B].

Built, not sampled. A target of one or two hops is ``_two_source.difference``: the answer's
size is drawn, and the hop depth comes either from the deepest answer node or from a common
node that x reaches sooner than y does, so a reader who stops early either misses an answer or
keeps a node y does reach. A target of ``DEEP_BLOCKS`` or more hops is built so that every
node off the query nodes' edges has one in- and one out-edge (``_two_source.difference_blocks``,
which says why: the answer's deep nodes a chain to the hub, the common part's a chain from
the hub back to it, the nodes neither source reaches a ring) and emitted without the blind
walk (``Category.blocks_from``), at depths up to n - 6 only (``DifferenceDesign.deepest``:
deeper, the cells' few graphs left one structural half unposable, n = 8 depth 4 in the
released splits; so n = 8 takes one and two hops). Deep lead over the majority (audit,
200 / 300) +61 / +63 / +67 (0.3.13) -> +53 / +52 / +54 (membership blocks kept at depths
n - 5 and n - 4) -> +21 / +31 / +34 on seeds 4242 / 7777 / 9001 (hop shares
``DIFFERENCE_HOP_WEIGHTS``); learned gap +46 / +52 / +52 -> +41 / +41 / +46, independent
auditor (4242 -> 5151) 52% -> 41%. Generated from n = ``BLOCKS_MIN_N``: below it a deep answer
leaves no pair of non-members to look like its deep members, and the six- and seven-node
(blind-walked) instances were read at +78 to +84 over the majority.

The size is walked jointly with n and the depth, as in chain_of_filters (one shared
``_two_source.DifferenceDesign``, ordered by size): a block answer of depth h holds
h..max(h + 2, n - 5) nodes, at most n - 4, so the deep half bunches at sizes 3-5 (drawn
cell by cell, a 50-instance split's most frequent size reached 36%); designed jointly, the
shallow cells take sizes 1, 2 and 6-8 and no size passes 22% of the design. Decoys (the
blind walk's views) keep ``size_of``'s weights.

A one- or two-hop target (and every decoy) takes set_intersection's distractors
(``plant_fitted``: one rate per pair, fitted so every node's expected in- and out-degree is
ρ(n - 1) as far as the reach rules allow, none into x or y) and never exactly one node neither
source reaches (``difference(lone=False)``). With one rate for all pairs a common node had
in/out degree 3.8-4.1 / 1.0 against a member's 2.6 / 2.4-3.0 and a node neither reaches
0.8 / 3.6-3.8, a link into x came only from a member or a node neither reaches and one into y
never from a member, and 6 in 43 one-hop targets had a lone unreached node (a source).
Learned gap (audit --per-category 200 --train-per-category 300) +58 / +62 / +66 -> +50 / +56
/ +58 on seeds 4242 / 7777 / 9001 (two-hop lead +50 -> +32 on 4242); independent auditor
(4242 -> 5151) 63% -> 59%. The blocks' direct nodes fitted the same way read worse (+55).

A one-hop target, x's successors y does not point to, was 18-20% of the instances and read
81-84% (most had no node off x's and y's edges), so the hops are drawn 5 / 40 / 55
(``HOP_WEIGHTS``); a shallow target keeps two nodes neither source reaches where C keeps a
node (``UNREACHED``), and half the two-hop ones put C as deep from y as the depth allows and
its nodes, by a coin of the same odds, right under x (``NEAR``), where a per-node reader takes
them for first-layer members. Learned gap (audit, 200 / 300) +41 / +41 / +46.5 ->
+35.5 / +37.5 / +44.5 on seeds 4242 / 7777 / 9001 (two-hop lead after +42 / +42 / +50);
independent auditor (4242 -> 5151) 41% -> 33%. chain_of_filters' instances are unchanged
(both options off there).
"""

from __future__ import annotations

import numpy as np

from closurebench.categories._reach import DEEP_BLOCKS
from closurebench.categories._spec import Category, distinct
from closurebench.categories._two_source import (
    BLOCKS_MIN_N,
    DifferenceDesign,
    difference,
    size_of,
)
from closurebench.categories._values import draw_value
from closurebench.graph import tensor as T
from closurebench.graph.plant import draw_depth, plant, plant_fitted, sprinkle

#: set_difference's shares of 1, 2 and >= 3 hops (``Category.hop_weights`` and the design's):
#: ``DIFFERENCE_HOP_WEIGHTS`` (15 / 30 / 55, shared with chain_of_filters) with 10 points
#: moved from one hop to two. A one-hop target is x's successors y does not point to: 75 of
#: 111 (seed 4242, 600 instances) had every node but x and y a successor of one of them, and
#: the per-node reader read 93% of those and 81% of one-hop targets (35-44% at two hops).
#: The deep share stays (more put the blocks' sizes 3-5 over 30% of a split).
HOP_WEIGHTS = (0.05, 0.40, 0.55)
#: Nodes neither source reaches kept in a one- or two-hop target (``difference(unreached=)``)
#: where C keeps a node: nodes off x's and y's edges that a per-node reader must tell from the
#: answer's deeper members (one-hop targets with two or more such nodes were read 50-73%,
#: against 93% with none).
UNREACHED = 2
#: ``difference(near=)``: the share of two-hop targets whose common part sits as deep from y
#: as the depth allows, and of its nodes then hung right under x: such a node is x's successor
#: that y does not point to, as a first-layer member is. Two-hop targets with none were read
#: 48%, with one 38%, with two or more 19% (seed 4242, 600 instances). 0.8 read better on
#: 4242 (+32) but not on 7777 (+40) or by the independent auditor (41%, unchanged).
NEAR = 0.5


def propose(rng, g):
    pair = distinct(rng, g.n, 2)
    return pair and {"x": pair[0], "y": pair[1]}


def max_hops(n: int) -> int:
    return max(2, n - 3)


def _shallow(n: int, h: int) -> list[int]:
    """The sizes ``difference`` can plant at depth h: the deepest answer node or a common
    node x reaches sooner than y sets the depth."""
    return [a for a in range(1, n - 1) if a >= h or (h >= 2 and n - 2 - a >= h)]


#: The size design (``_two_source.DifferenceDesign``) over the default n from
#: ``BLOCKS_MIN_N`` to the default n_max: every size at most 22% of it, "every other node"
#: (n - 2) at most 6%, 5% of each cell spread uniformly.
DESIGN = DifferenceDesign(
    n_range=(BLOCKS_MIN_N, 10), max_hops=max_hops, deep_from=DEEP_BLOCKS, shallow=_shallow,
    cap_value=0.22, cap_everyone=0.06, mix=0.05, hop_weights=HOP_WEIGHTS,
)


def construct(rng, n, rho, target):
    """Plant R(x) minus R(y) of a drawn size at a drawn depth (neither reaches the other)."""
    lo, hi = target.hops or (1, n - 2)
    h = draw_depth(rng, lo, hi)
    if DESIGN.deep(n, h) and not target.decoy:
        if h > n - 4:
            return None  # no pair of non-members beside the deep members
        return _blocks(rng, n, rho, h, target.quantile)
    sizes = _shallow(n, h)
    if not sizes:
        return None
    # A decoy (a view to walk from, ``pose._blind``) keeps the old weights, as in
    # chain_of_filters: drawn from the design, the decoys of deep spans take the blocks' sizes.
    weights = None if target.decoy else DESIGN.weights(n, h)
    if weights is None:
        a = size_of(rng, sizes, n - 2, target.quantile)
    else:
        a = draw_value(rng, sizes, weights, target.quantile)
    built = difference(rng, n, h, a, lone=False, unreached=UNREACHED, near=NEAR)
    if built is None:
        return None
    edges, ok, x, y, _, _ = built[0]
    g = plant_fitted(rng, n, rho, edges, ok, (x, y))
    return sprinkle(rng, g, ok & ~_into(n, (x, y))), {"x": x, "y": y}


def _into(n, sources):
    """The pairs into the query nodes: ``sprinkle`` takes none either (``plant_fitted`` does not:
    a link into x came only from a member or a node neither reaches, one into y never from a
    member)."""
    mask = np.zeros((n, n), dtype=bool)
    mask[:, list(sources)] = True
    return mask


def _blocks(rng, n, rho, h, u):
    """A deep target (``difference_blocks``), its size from the design (h..max(h + 2, n - 5),
    at most n - 4, so that beside x, y, the hub and the answer a deep non-member is left to
    look like the deep members). Direct nodes' extra edges are drawn at ρ / 2 (not tuned)."""
    built = DESIGN.blocks(rng, n, h, u)
    if built is None:
        return None
    edges, extra, _, x, y = built
    return plant(rng, n, rho / 2, edges, extra), {"x": x, "y": y}


def ignore_y(g, q):
    """Lazy reader: everything x reaches, as if y's reach were not subtracted."""
    keep = T.reach(g.adjacency, q["x"])
    keep[[q["x"], q["y"]]] = False
    return keep.nonzero()[0].tolist()


def tensor_program(g, q):
    """``R(x) ∧ ¬R(y)``, minus the two query nodes."""
    a, x, y = g.adjacency, q["x"], q["y"]
    only = T.reach(a, x) & ~T.reach(a, y)
    only[[x, y]] = False
    return only.nonzero()[0].tolist()


def nx_program(G, q):
    import networkx as nx

    x, y = q["x"], q["y"]
    return sorted(nx.descendants(G, x) - nx.descendants(G, y) - {x, y})


TL_PROGRAM = """\
Reach[x, y] = closure(Edge)[x, y].
answer Reach[X, y] !Reach[Y, y] (y != X) (y != Y).
"""


def template(w, q):
    x, y = q["x"], q["y"]
    return (
        f"Following {w.links} in their direction through one or more steps, which {w.nouns} "
        f"can {x} reach that {y} cannot reach? Do not include {x} or {y} themselves."
    )


CATEGORY = Category(
    id="set_difference", level=1, family="digraph", answer="labels",
    primitives=("closure", "difference"), propose=propose, tensor_program=tensor_program,
    nx_program=nx_program, template=template, node_keys=("x", "y"), tolerance="set",
    accept=lambda a, g: len(a) > 0, construct=construct, max_hops=max_hops,
    shortcuts={"ignore-y": ignore_y},
    summary="List the nodes x reaches that y does not.",
    tl_program=TL_PROGRAM,
    generate_min_n=BLOCKS_MIN_N,
    blocks_from=DEEP_BLOCKS, blocks_min_n=BLOCKS_MIN_N,
    joint=DESIGN.joint, hop_weights=HOP_WEIGHTS,
)
