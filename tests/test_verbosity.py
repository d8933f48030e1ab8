"""Verbosity: longer names, the same structure and answer; names never inside one another."""

from __future__ import annotations

import json
import random
from itertools import permutations

import pytest

import closurebench as cb
from closurebench.categories import CATEGORIES
from closurebench.cli import main
from closurebench.generation.length import length_density, length_kwargs, pick_verbosity, sweep
from closurebench.generation.presets import preset
from closurebench.generation.tokens import CHARS_PER_TOKEN, counter, estimate_tokens
from closurebench.surface.verbosity import (
    MAX_VERBOSITY,
    WORDS,
    code_words,
    prefix_free,
    separable,
    verbose_names,
)


def _fold(name: str) -> str:
    return "".join(name.split()).casefold()  # as the judge folds labels


def assert_no_name_inside_another(names: list[str]) -> None:
    folded = [_fold(x) for x in names]
    assert len(set(folded)) == len(folded)
    joined = "\0".join(folded)
    for key in folded:
        assert joined.count(key) == 1, key  # once: its own place, inside no other name


def _relabel(value, rename):
    if isinstance(value, str):
        return rename.get(value, value)
    if isinstance(value, list):
        out = [_relabel(v, rename) for v in value]
        return sorted(out) if all(isinstance(v, str) for v in value) else out
    if isinstance(value, dict):
        return {k: _relabel(v, rename) for k, v in value.items()}
    return value


def test_the_word_pool_is_prefix_free_and_capitalised():
    assert prefix_free(WORDS) and separable(WORDS) and len(WORDS) >= 100
    assert all(w[0].isupper() and w[1:].islower() and w.isalpha() for w in WORDS)
    assert not prefix_free(("Oak", "Oaken")) and not prefix_free(("Oak", "oak"))
    assert not separable(("Arrow", "Sparrow")) and not separable(("Ash", "Pen", "Shp"))


@pytest.mark.parametrize("n", [2, 80, 129, 300])
@pytest.mark.parametrize("verbosity", [1, 2, 5])
def test_names_are_distinct_and_never_inside_one_another(n, verbosity):
    names = verbose_names(random.Random(n * 7 + verbosity), n, verbosity)
    assert len(names) == n
    words = max(verbosity, code_words(n))
    assert all(sum(c.isupper() for c in x) == words for x in names)
    assert all(x.isalpha() for x in names)  # no separators inside a name
    assert_no_name_inside_another(names)


def test_code_words_cover_n():
    assert code_words(1) == code_words(len(WORDS)) == 1
    assert code_words(len(WORDS) + 1) == 2 and code_words(2000) == 2
    with pytest.raises(ValueError, match="verbosity must be between 1 and"):
        verbose_names(random.Random(0), 3, 0)


def test_verbosity_zero_is_todays_bytes():
    kw = dict(per_category=2, seed=11)
    assert list(cb.generate("all", **kw)) == list(cb.generate("all", verbosity=0, **kw))
    assert cb.Config.make("all").digest == cb.Config.make("all", verbosity=0).digest


@pytest.mark.parametrize("seed", [0, 404, *(pytest.param(s, marks=pytest.mark.slow)
                                            for s in (1, 5, 23))])  # 4 s a seed
def test_same_structure_and_answer_at_every_verbosity(seed):
    kw = dict(per_category=2, seed=seed)
    base = list(cb.generate("all", **kw))
    for v in range(1, 5):
        longer = list(cb.generate("all", verbosity=v, **kw))
        assert len(longer) == len(base)
        for a, b in zip(base, longer):
            assert (a["category"], a["n"], a["structural_seed"], a["domain"], a["style"]) == (
                b["category"], b["n"], b["structural_seed"], b["domain"], b["style"])
            assert b["verbosity"] == v and b["label_pool"] == "words" and "verbosity" not in a
            rename = dict(zip(a["nodes"], b["nodes"]))
            assert len(set(rename.values())) == len(rename)
            assert b["edges"] == [[rename[u], rename[w]] for u, w in a["edges"]]
            assert b["edges_after"] == [[rename[u], rename[w]] for u, w in a["edges_after"]]
            assert json.loads(b["query"]) == _relabel(json.loads(a["query"]), rename)
            assert json.loads(b["answer"]) == _relabel(json.loads(a["answer"]), rename)
            assert all(x in b["question"] for x in b["nodes"])
            assert_no_name_inside_another(b["nodes"])


@pytest.mark.parametrize("category", ["max_degree", "set_intersection", "triangle_count",
                                      "path_and_compare", "reach_then_filter"])
def test_the_judge_scores_long_name_answers(category):
    recs = list(cb.generate(category, per_category=4, seed=3, verbosity=4))
    right = [f'The answer is {{"answer": {r["answer"]}}}' for r in recs]
    assert cb.score(right, recs)["accuracy_strict"] == 1.0
    spec = CATEGORIES[category]
    if spec.answer not in ("label", "labels"):
        return
    wrong = []
    for r in recs:  # another node's name, or one name too many
        ans = json.loads(r["answer"])
        if spec.answer == "label":
            ans = next(x for x in r["nodes"] if x != ans)
        else:
            ans = sorted([*ans, next(x for x in r["nodes"] if x not in ans)])
        wrong.append(json.dumps({"answer": ans}))
    assert cb.score(wrong, recs)["accuracy_strict"] == 0.0


def test_a_prefix_of_a_long_name_is_not_that_name():
    r = next(cb.generate("max_degree", per_category=1, seed=2, verbosity=3))
    name = json.loads(r["answer"])
    cut = name[: -len(next(w for w in WORDS if name.endswith(w)))]
    assert cb.score([json.dumps({"answer": cut})], [r])["accuracy_strict"] == 0.0


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"verbosity": -1}, r"verbosity must be between 0 and 512, got -1"),
    ({"verbosity": MAX_VERBOSITY + 1}, r"verbosity must be between 0 and 512"),
    ({"verbosity": 2, "encoding": "numeric"}, r"verbosity must be 0 with encoding numeric"),
    ({"verbosity": 400, "n_max": 2000, "density": 0.002}, r"verbosity must be at most \d+ at"),
])
def test_bad_verbosity_is_named(kwargs, message):
    with pytest.raises(cb.ConfigError, match=message):
        cb.Config.make("all", **kwargs)


# --- tokens and the length sweep --------------------------------------------------------------

def test_the_estimate_is_characters_over_the_calibration():
    assert estimate_tokens("x" * 345) == round(345 / CHARS_PER_TOKEN) == 100
    count, name = counter(real=False)
    assert count is estimate_tokens and name == "chars/3.45"


def test_the_real_tokenizer_counts_o200k():
    pytest.importorskip("bpe_openai")
    count, name = counter(real=True)
    assert name == "o200k_base" and count("hello world") == 2


def test_pick_verbosity_finds_the_closest_mean():
    calls = []

    def questions(v):
        calls.append(v)
        return ["x" * (100 * v + 50), "x" * (100 * v + 150)]  # mean 100 v + 100

    assert pick_verbosity(questions, 1_100, count=len)[0] == 10
    assert pick_verbosity(questions, 1_149, count=len)[0] == 10
    assert pick_verbosity(questions, 1_151, count=len)[0] == 11
    assert pick_verbosity(questions, 10, count=len)[0] == 1
    assert pick_verbosity(questions, 10**9, count=len, hi=40)[0] == 40
    assert len(set(calls)) < 25  # measured a few verbosities, not every one


def test_length_preset_is_80_nodes_and_200_expected_edges():
    assert preset("gralgo-length") == {"n_min": 80, "n_max": 80, "density": length_density(False)}
    assert preset("gralgo-length-directed")["density"] == length_density(True)
    assert round(length_density(False) * 80 * 79 / 2) == 200
    assert round(length_density(True) * 80 * 79) == 200
    assert length_kwargs("degree_count")["density"] == length_density(True)


def test_the_sweep_reaches_its_target_at_a_fixed_structure():
    points = sweep("triangle_count", (4_000, 8_000), per_category=6, real=False)
    for p in points:
        assert abs(p.mean_tokens - p.target) / p.target < 0.1, p
    assert points[0].verbosity < points[1].verbosity
    kw = length_kwargs("triangle_count", 3)
    a = list(cb.generate("triangle_count", verbosity=points[0].verbosity, **kw))
    b = list(cb.generate("triangle_count", verbosity=points[1].verbosity, **kw))
    assert [r["answer"] for r in a] == [r["answer"] for r in b]
    assert [len(r["edges"]) for r in a] == [len(r["edges"]) for r in b]
    assert all(150 <= len(r["edges"]) <= 250 for r in a)


def test_cli_verbosity_and_tokens(capsys):
    assert main(["generate", "triangle_count", "--per-category", "1", "--verbosity", "3"]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert rec["verbosity"] == 3
    assert main(["generate", "degree_count", "--preset", "gralgo-length-directed",
                 "--per-category", "2", "--tokens", "3000"]) == 0
    out = capsys.readouterr()
    recs = [json.loads(line) for line in out.out.splitlines()]
    assert "--tokens 3000: verbosity" in out.err and recs[0]["n"] == 80
    assert recs[0]["verbosity"] == recs[1]["verbosity"] >= 1
    assert main(["generate", "triangle_count", "--tokens", "3000", "--verbosity", "2"]) == 2
    assert "--tokens and --verbosity are exclusive" in capsys.readouterr().err


def test_permuted_word_orders_are_distinct_names():
    # Same words in another order name another node: each is its own name, none inside another.
    names = ["".join(p) for p in permutations(WORDS[:3])]
    assert_no_name_inside_another(names)


def test_load_dataset_takes_the_surface_axes(tmp_path):
    pytest.importorskip("datasets")
    base = cb.load_dataset("triangle_count", split="train", cache_dir=str(tmp_path / "a"))
    long = cb.load_dataset("triangle_count", split="train", verbosity=2,
                           cache_dir=str(tmp_path / "b"))
    assert long["label_pool"] == ["words"] * len(base)
    assert long["answer"] == base["answer"] and long["structural_seed"] == base["structural_seed"]
    assert all(sum(c.isupper() for c in x) == 2 for x in long[0]["nodes"])
