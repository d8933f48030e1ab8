"""The independent shortcut auditor (benchmarks/independent_adversary.py): its features chain
no two edges, and its harness reads a leaked answer."""

from __future__ import annotations

import pytest

pytest.importorskip("sklearn")

from benchmarks import independent_adversary as ia

NODES = ["a", "b", "c", "d", "e"]
TEXT = "The nodes are: a, b, c, d, e.\nWhich nodes?"


def _inst(edges, query, category="set_difference"):
    return ia.Inst(category=category, nodes=NODES, edges=edges, query=query, answer=[],
                   question=TEXT, domain="abstract", label_pool="letters", style="flat")


# Two graphs with every node's in- and out-degree equal, x's one-edge neighbourhood equal and
# the same forks, that differ only in a two-edge chain: a -> b -> c (chain) against
# a -> b -> e, d -> c (swap). Descending edges: x = a reaches c in one, not the other.
SUCC_CHAIN = [("a", "b"), ("b", "c"), ("d", "e")]
SUCC_SWAP = [("a", "b"), ("b", "e"), ("d", "c")]
# The same with the chain running into x: c -> b -> a against e -> b -> a, c -> d.
PRED_CHAIN = [("c", "b"), ("b", "a"), ("e", "d")]
PRED_SWAP = [("e", "b"), ("b", "a"), ("c", "d")]


@pytest.mark.parametrize("chain,swap", [(SUCC_CHAIN, SUCC_SWAP), (PRED_CHAIN, PRED_SWAP)])
@pytest.mark.parametrize("category", ["set_difference", "ancestor", "sibling"])
def test_a_two_edge_chain_changes_no_feature(chain, swap, category):
    q = {"x": "a"}  # only a keeps its one-edge neighbourhood in both graphs
    g1, g2 = _inst(chain, q, category), _inst(swap, q, category)
    # the check has teeth: the chained relations differ ...
    assert (ia.descendants(g1.succ, "a"), ia.descendants(g1.pred, "a")) != \
        (ia.descendants(g2.succ, "a"), ia.descendants(g2.pred, "a"))
    # ... and so would a chained feature (c's predecessors' in-degree: ? -> w -> c)
    assert sum(len(g1.pred[w]) for w in g1.pred["c"]) + sum(len(g1.succ[w]) for w in g1.succ["c"]) \
        != sum(len(g2.pred[w]) for w in g2.pred["c"]) + sum(len(g2.succ[w]) for w in g2.succ["c"])
    # but none of the auditor's features does, for the instance or for any node
    assert ia.instance_features(g1) == ia.instance_features(g2)
    for r1, r2 in zip(ia.node_features(g1), ia.node_features(g2)):
        assert r1 == r2


def test_leaked_answer_is_read_and_real_features_are_not_the_answer():
    train = ia.load_generated(["set_difference"], 40, seed=11)["set_difference"]
    test = ia.load_generated(["set_difference"], 20, seed=12)["set_difference"]

    def leak(inst, v):  # the answer itself, per node
        return {} if v is None else {"leak": float(v in set(inst.answer))}

    leaked = ia.audit_category("set_difference", train, test, leak=leak, only=("rf",))
    assert leaked["readers"]["direct:rf"] >= 0.95, leaked["readers"]
    honest = ia.audit_category("set_difference", train, test, only=("rf",))
    assert honest["readers"]["direct:rf"] < leaked["readers"]["direct:rf"]
    assert 0.0 <= honest["best"] <= 1.0 and honest["kind"] == "set"
    assert set(honest["readers"]) == {"direct:rf", "compose:rf"}


def test_closure_free_categories_leave_the_answer_out():
    inst = _inst(SUCC_CHAIN, {"x": "b", "direction": "out"}, "degree_count")
    vec = ia.Vectoriser("degree_count")
    table = vec.fit([inst])
    assert not [n for n in table.names_i if n.startswith(("x.in", "x.out", "x.mentions"))]
    sib = ia.Vectoriser("sibling").fit([_inst(SUCC_CHAIN, {"x": "c", "y": "e"}, "sibling")])
    assert "x~y.shared_pred" not in sib.names_i and "x~y.fwd" in sib.names_i
