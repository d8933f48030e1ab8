"""multi_query (L3): three answers about x at once: out-degree, in-degree, can x reach y.

Example: A -> B, C -> A, B -> D: for x = A, y = D: {"out_degree": 1, "in_degree": 1,
"can_reach": true}. Scored field by field; correct only when every field is. Constructed like
reachability's pairs, so can_reach is balanced and no sink/source rule decides it.
"""

from __future__ import annotations

from closurebench.categories._reach import false_pair, true_pair, weak_reach
from closurebench.categories._spec import Category, distinct
from closurebench.graph import tensor as T

SCHEMA = {
    "type": "object",
    "properties": {
        "out_degree": {"type": "integer", "minimum": 0},
        "in_degree": {"type": "integer", "minimum": 0},
        "can_reach": {"type": "boolean"},
    },
    "required": ["out_degree", "in_degree", "can_reach"],
    "additionalProperties": False,
}


def propose(rng, g):
    pair = distinct(rng, g.n, 2)
    return pair and {"x": pair[0], "y": pair[1]}


def construct(rng, n, rho, target):
    if target.want is False or (target.want is None and rng.random() < 0.5):
        g, x, y = false_pair(rng, n, rho)
    else:
        g, x, y, _ = true_pair(rng, n, rho, target)
    return g, {"x": x, "y": y}


def tensor_program(g, q):
    """``Dout[x]``, ``Din[x]`` and ``TC[x, y]``."""
    a, x = g.adjacency, q["x"]
    return {
        "out_degree": int(T.out_degree(a)[x]),
        "in_degree": int(T.in_degree(a)[x]),
        "can_reach": bool(T.reach(a, x)[q["y"]]),
    }


def nx_program(G, q):
    import networkx as nx

    x = q["x"]
    return {
        "out_degree": G.out_degree(x),
        "in_degree": G.in_degree(x),
        "can_reach": nx.has_path(G, x, q["y"]),
    }


def ignore_direction(g, q):
    """Lazy reader: exact degrees, but can_reach read as "linked somehow" (direction ignored)."""
    a, x = g.adjacency, q["x"]
    return {
        "out_degree": int(T.out_degree(a)[x]),
        "in_degree": int(T.in_degree(a)[x]),
        "can_reach": bool(weak_reach(a, x)[q["y"]]),
    }


def swapped(g, q):
    """Counterfactual: the out_degree and in_degree fields exchanged."""
    answer = tensor_program(g, q)
    return {**answer, "out_degree": answer["in_degree"], "in_degree": answer["out_degree"]}


TL_PROGRAM = """\
R[y] = closure(Edge)[X, y].
answer {out_degree: outdeg(Edge)[X], in_degree: indeg(Edge)[X], can_reach: R[Y]}.
"""


def template(w, q):
    x, y = q["x"], q["y"]
    return (
        f"Answer three questions about {x}. out_degree: to how many different {w.nouns} does "
        f"{x} have a direct {w.link}? in_degree: how many different {w.nouns} have a direct "
        f"{w.link} to {x}? can_reach: following {w.links} in their direction, can {x} reach "
        f"{y} through one or more steps?"
    )


CATEGORY = Category(
    pair_path=True,
    id="multi_query", level=3, family="digraph", answer="object",
    primitives=("degree", "degree", "closure"), propose=propose,
    tensor_program=tensor_program, nx_program=nx_program, template=template,
    node_keys=("x", "y"), schema=SCHEMA, balance=lambda a: a["can_reach"],
    answer_format=(
        'Answer with a single JSON object of the form {{"answer": {{"out_degree": <integer>, '
        '"in_degree": <integer>, "can_reach": <true or false>}}}}.'
    ),
    construct=construct, shortcuts={"ignore-direction": ignore_direction},
    counterfactuals={"direction: in- and out-degree swapped": swapped},
    summary="Out-degree, in-degree and reachability of one node, as one JSON object.",
    tl_program=TL_PROGRAM,
    generate_min_n=6,  # blind-built from n = 6: below it every view is decided
)
