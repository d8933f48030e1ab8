"""``audit.explain``: the features the adversary's boosted reader leans on, named right."""

from __future__ import annotations

import pytest

from closurebench.categories import get
from closurebench.generation.instances import generate

pytest.importorskip("sklearn")

from closurebench.audit.adversary import _items, _rows
from closurebench.audit.explain import _names, explain, format_explanations


def _records(cat: str, seed: int, k: int) -> list[dict]:
    return list(generate(cat, seed=seed, per_category=k, cross_check=False))


def test_a_local_answer_field_is_what_the_reader_reads() -> None:
    """multi_query asks x's in- and out-degree beside a reach question: the degrees are read
    off x's own edges, so the reader must rank one of x's degree columns first. A name list
    out of step with the columns would put some other name there."""
    got = explain("multi_query", _records("multi_query", 4242, 80),
                  _records("multi_query", 5151, 40))
    assert got is not None and got.unit == "instance"
    assert got.features[0][0] in {"x.in", "x.out", "x.in_rel", "x.out_rel", "x.in_rank",
                                  "x.out_rank"}, got.features
    drops = [d for _, d in got.features]
    assert drops == sorted(drops, reverse=True)
    assert got.base < got.accuracy <= 1.0  # the degree fields are there to read


@pytest.mark.parametrize("cat_id", ["set_difference", "graph_comparison", "degree_count"])
def test_names_match_the_reader_columns_and_leave_out_the_asked_computation(cat_id: str) -> None:
    """One name per column of the adversary's rows (two graphs: ``g0:``/``g1:`` blocks), and
    none of the columns a category leaves out as its asked computation."""
    cat = get(cat_id)
    items = _items(cat, _records(cat_id, 11, 3))
    per_node = cat.answer in ("label", "labels")
    names = _names(cat, items[0], per_node)
    x, _ = _rows(cat, items, per_node)
    assert len(names) == x.shape[1] == len(set(names))
    bare = [n.split(":", 1)[1] if n[:2] in ("g0", "g1") else n for n in names]
    assert not [n for n in bare if cat.local_answer and n.startswith(tuple(cat.local_answer))]
    if len(items[0].matrices) == 2:
        assert names[0].startswith("g0:") and names[-1].startswith("g1:")


def test_a_set_answer_is_read_per_node_and_the_table_names_it() -> None:
    got = explain("set_difference", _records("set_difference", 4242, 40),
                  _records("set_difference", 5151, 20), top=5)
    assert got is not None and got.unit == "node" and len(got.features) == 5
    table = format_explanations({"set_difference": got})
    assert table.splitlines()[2].startswith("| set_difference | node | ")
    assert explain("set_difference", [], _records("set_difference", 5151, 5)) is None
