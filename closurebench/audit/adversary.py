"""The learned adversary: readers that never chain two edges, trained on one seed, scored on
another. A benchmark whose instances such a reader answers is measuring the generator.

A fixed list of shortcut readers (``audit.readers``) only certifies the shortcuts someone
thought of. This module *searches*: per category it fits small classifiers (gradient-boosted
trees and logistic regression, scikit-learn) on features that never follow two directed edges
in a row (``audit.features``), on the records of one seed, and scores them strictly on the
records of another seed (or on a released split). Four kinds of reader, all scored:

* ``direct``: the answer itself from one row per instance (yes/no, a count, a number, an
  object), or from one row per node (which node; which nodes: a membership model);
* ``engine``: the category's *own* program, run with every relation that chains edges
  (``reach``, ``coreach``, ``distances``, ``generations_above``, ``A ∘ A``) replaced by a
  classifier's guess from the same no-chaining features (``tensor.substitute``), so counts,
  filters and comparisons go through the category's own arithmetic;
* every fixed reader the project has (``audit.readers.floor_readers``);
* the floors: ``majority`` (the training seed's most frequent answer at the instance's n) and
  ``constant`` (the program with each chained relation at its base rate: what is left when
  the local parts of an answer are computed and the closure is guessed), and for a single
  node answer ``uniform`` (one of the n nodes at random: 1/n expected, as ``baseline:random``
  gets; a name majority is near 0 there only because every instance draws its own names).

The **learned floor** of a category is its best no-chaining reader's strict accuracy on the
test records; its **chance floor** is the best of ``majority``, ``constant`` and
``uniform``. The gap between the two is what the planting gives away.
"""

from __future__ import annotations

import contextlib
import json
import warnings
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from closurebench.audit import readers as shortcuts
from closurebench.audit.features import Context, instance_features, node_features, pair_features
from closurebench.categories import Category, get
from closurebench.errors import UnposableQuery
from closurebench.generation.records import canonical
from closurebench.graph import tensor as T

__all__ = ["ADVERSARY_TARGETS", "AdversaryRow", "adversary", "adversary_misses",
           "format_adversary", "hops_bucket", "n_bucket"]

#: The no-shortcut targets (issue 21), checked by ``adversary_misses``.
ADVERSARY_TARGETS: dict[str, float] = {
    "gap_mean_max": 0.10,    # learned floor − chance floor, averaged over categories
    "gap_max": 0.15,         # ... in every category
    "boolean_max": 0.60,     # learned floor of a yes/no category
    "flat_max": 0.05,        # spread of the pooled gap over n buckets and over hops buckets
}

#: Relations a reader must not compute by chaining edges: what the engine reader guesses.
CHAINED = ("reach", "coreach", "distances", "generations_above", "compose")

MODELS = ("gbt", "logistic", "forest")
"""Model families the learned readers are fitted with: boosted trees, a linear model and
randomised trees (extra trees), the last added when an independent search with forests found
floors the first two missed (docs/audit-and-floors.md)."""
#: Distinct training answers above which an integer answer is regressed, not classified
#: (``_regressed``): the 26 categories' counts stay far below it at every released axis;
#: GrAlgoBench's weight totals (MST, heaviest triangle) run into the hundreds.
MAX_CLASSES = 40


def n_bucket(n: int) -> str:
    """The n buckets of the flatness check (the default axes span 4..10)."""
    return "4-5" if n <= 5 else "6-7" if n <= 7 else "8+"


def hops_bucket(hops: int | None) -> str:
    return "-" if hops is None else "1" if hops == 1 else "2" if hops == 2 else "3+"


@dataclass
class _Item:
    """One record as a reader meets it."""

    record: dict[str, Any]
    graph: Any
    query: dict[str, Any]
    labels: list[str]
    ctx: Context

    @property
    def matrices(self) -> list[np.ndarray]:
        graphs = self.graph if isinstance(self.graph, tuple) else (self.graph,)
        return [g.adjacency for g in graphs]

    @property
    def answer(self) -> str:
        return self.record["answer"]

    @property
    def n(self) -> int:
        return int(self.record["n"])


def _items(cat: Category, records: Iterable[dict[str, Any]]) -> list[_Item]:
    out = []
    for rec in records:
        _, graph, query, labels = shortcuts.record_instance(rec)
        out.append(_Item(rec, graph, query, labels, Context.of(rec, cat, query, len(labels))))
    return out


def _drop(names: list[str], rows: np.ndarray, cat: Category) -> tuple[list[str], np.ndarray]:
    """Leave out the columns that are the category's asked computation."""
    keep = [i for i, k in enumerate(names) if not k.startswith(tuple(cat.local_answer))] \
        if cat.local_answer else list(range(len(names)))
    return [names[i] for i in keep], rows[:, keep]


def _stack(views: list[tuple[list[str], np.ndarray]], cat: Category) -> np.ndarray:
    """One row block from one view per graph (a before/after pair gives two, side by side)."""
    parts = [_drop(*v, cat)[1] for v in views]
    return np.hstack(parts) if len(parts) > 1 else parts[0]


class _Constant:
    """A classifier for a target with a single value in training."""

    def __init__(self, value: Any) -> None:
        self.classes_ = np.array([value])

    def predict(self, x: np.ndarray) -> np.ndarray:
        return np.repeat(self.classes_, len(x))

    def predict_proba(self, x: np.ndarray) -> np.ndarray:
        return np.ones((len(x), 1))


def _fit(kind: str, x: np.ndarray, y: Sequence[Any]) -> Any:
    """A fitted classifier of ``kind`` (or a constant one if training saw one class only)."""
    y = np.asarray(y)
    if len(set(y.tolist())) < 2:
        return _Constant(y[0])
    if kind == "gbt":
        from sklearn.ensemble import HistGradientBoostingClassifier

        model = HistGradientBoostingClassifier(max_iter=120, learning_rate=0.1,
                                               max_leaf_nodes=15, min_samples_leaf=8,
                                               early_stopping=False, random_state=0)
    elif kind == "forest":
        from sklearn.ensemble import ExtraTreesClassifier

        model = ExtraTreesClassifier(n_estimators=150, min_samples_leaf=2, random_state=0,
                                     n_jobs=1)
    else:
        from sklearn.linear_model import LogisticRegression
        from sklearn.pipeline import make_pipeline
        from sklearn.preprocessing import StandardScaler

        model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000, C=1.0))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # convergence chatter on tiny, separable samples
        model.fit(x, y)
    return model


def _positive(model: Any, x: np.ndarray) -> np.ndarray:
    """P(class True) for a Boolean target (0 or 1 when training saw one class only)."""
    classes = list(model.classes_)
    if True not in classes and 1 not in classes:
        return np.zeros(len(x))
    col = classes.index(True) if True in classes else classes.index(1)
    return model.predict_proba(x)[:, col]


# --- readers -----------------------------------------------------------------------------------

#: A reader answers a batch of items at once: a fitted model predicts a whole test set in one
#: call (one call per item spent most of an audit in sklearn's per-call overhead).
Reader = Callable[[list[_Item]], "list[str | None]"]


def _each(read: Callable[[_Item], str | None]) -> Reader:
    """A reader from a per-item one."""
    return lambda items: [read(it) for it in items]


def _rows(cat: Category, items: list[_Item], per_node: bool) -> tuple[np.ndarray, list[int]]:
    """The feature rows of ``items`` stacked, and where each item's block ends."""
    feats = node_features if per_node else instance_features
    blocks = [_stack([feats(m, it.ctx) for m in it.matrices], cat) for it in items]
    ends = np.cumsum([len(b) for b in blocks]).tolist()
    return (np.vstack(blocks) if blocks else np.zeros((0, 0))), ends


def _members(cat: Category, items: list[_Item]) -> list[bool]:
    """Per node of every item, in ``_rows``' order: is it (one of) the answer."""
    out: list[bool] = []
    for it in items:
        truth = json.loads(it.answer)
        truth = {truth} if cat.answer == "label" else set(truth)
        out += [label in truth for label in it.labels]
    return out


def _labelled(cat: Category, item: _Item, ids: Any) -> str:
    return canonical(shortcuts.labelled(cat, ids, item.labels))


def _program(cat: Category, item: _Item, view: Callable[..., Any] | None) -> str | None:
    """The category's own program on the item, under ``view`` (None: no answer)."""
    try:
        with T.substitute(view):
            ids = cat.tensor_program(item.graph, item.query)
        return _labelled(cat, item, ids)
    except (UnposableQuery, ValueError, IndexError, KeyError, TypeError):
        return None


def _role(cat: Category, item: _Item) -> str:
    """An answer as a chance reader can name it: a single node that is one of the query
    nodes by its slot (``@y``: "the second node asked about"), anything else as itself.
    Without it the majority floor of a question whose answer is always y or z counts names,
    which differ in every instance, and sits near 0 where a coin is right half the time."""
    if cat.answer == "label":
        for k in cat.node_keys:
            if item.answer == _labelled(cat, item, item.query[k]):
                return f"@{k}"
    return item.answer


def _majority(cat: Category, train: list[_Item]) -> Reader:
    """The training seed's most frequent answer (or query slot) at the instance's n."""
    counts: dict[int | None, Counter[str]] = defaultdict(Counter)
    for it in train:
        counts[it.n][_role(cat, it)] += 1
        counts[None][_role(cat, it)] += 1
    mode = {k: min(c.items(), key=lambda kv: (-kv[1], kv[0]))[0] for k, c in counts.items()}

    def read(it: _Item) -> str:
        got = mode.get(it.n, mode[None])
        if got.startswith("@") and got[1:] in it.query:
            return _labelled(cat, it, it.query[got[1:]])
        return got

    return _each(read)


def _fixed(cat: Category) -> dict[str, Reader]:
    def wrap(reader: Callable[..., Any]) -> Reader:
        def read(it: _Item) -> str | None:
            try:
                return _labelled(cat, it, reader(it.graph, it.query))
            except (UnposableQuery, ValueError, IndexError, KeyError, TypeError):
                return None
        return _each(read)

    return {f"fixed:{name}": wrap(r) for name, r in shortcuts.floor_readers(cat).items()
            if f"fixed:{name}" not in cat.local_answer}


def _direct(cat: Category, train: list[_Item], kind: str) -> Reader:
    """The answer from the instance's (or each node's) no-chaining features."""
    if cat.answer in ("label", "labels"):
        x, _ = _rows(cat, train, per_node=True)
        model = _fit(kind, x, _members(cat, train))

        def read_nodes(items: list[_Item]) -> list[str | None]:
            if not items:
                return []
            rows, ends = _rows(cat, items, per_node=True)
            blocks = np.split(_positive(model, rows), ends[:-1])
            if cat.answer == "label":
                return [canonical(it.labels[int(np.argmax(p))]) for it, p in zip(items, blocks)]
            return [canonical(sorted(it.labels[i] for i in np.flatnonzero(p > 0.5)))
                    for it, p in zip(items, blocks)]
        return read_nodes

    x, _ = _rows(cat, train, per_node=False)
    answers = [it.answer for it in train]
    if cat.answer == "integer" and len(set(answers)) > MAX_CLASSES:
        return _regressed(cat, x, [int(a) for a in answers], kind)
    model = _fit(kind, x, answers)

    def read_instances(items: list[_Item]) -> list[str | None]:
        if not items:
            return []
        return [str(a) for a in model.predict(_rows(cat, items, per_node=False)[0])]
    return read_instances


def _regressed(cat: Category, x: np.ndarray, y: list[int], kind: str) -> Reader:
    """An integer answer with too many values for a classifier (an MST's total): a
    regressor's estimate, rounded. One boosted classifier per value would be thousands of
    trees, and a value seen once in training cannot be predicted by a class anyway."""
    if kind == "gbt":
        from sklearn.ensemble import HistGradientBoostingRegressor

        model: Any = HistGradientBoostingRegressor(max_iter=120, learning_rate=0.1,
                                                   max_leaf_nodes=15, min_samples_leaf=8,
                                                   early_stopping=False, random_state=0)
    elif kind == "forest":
        from sklearn.ensemble import ExtraTreesRegressor

        model = ExtraTreesRegressor(n_estimators=150, min_samples_leaf=2, random_state=0,
                                    n_jobs=1)
    else:
        from sklearn.linear_model import Ridge
        from sklearn.pipeline import make_pipeline
        from sklearn.preprocessing import StandardScaler

        model = make_pipeline(StandardScaler(), Ridge(alpha=1.0))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model.fit(x, y)

    def read(items: list[_Item]) -> list[str | None]:
        if not items:
            return []
        return [str(round(float(v)))
                for v in model.predict(_rows(cat, items, per_node=False)[0])]
    return read


class _Recorder:
    """A ``tensor.substitute`` view that lets the engine compute and keeps, per relation,
    the no-chaining features of every node beside the true value (training data)."""

    def __init__(self, item: _Item, cat: Category, rows: dict[str, list], ys: dict[str, list]):
        self.item, self.cat, self.rows, self.ys = item, cat, rows, ys

    def __call__(self, name: str, m: np.ndarray, arg: Any) -> None:
        with T.substitute(None):
            if name == "compose":
                if not _is_adjacency(self.item, m, arg):
                    return None
                truth = T.compose(m, arg)
                for s in range(m.shape[0]):
                    self._keep(name, m, s, truth[s])
                return None
            truth = getattr(T, name)(m, arg)
        self._keep(name, m, arg, truth)
        return None

    def _keep(self, name: str, m: np.ndarray, s: int, truth: np.ndarray) -> None:
        self.rows[name].append(_drop(*pair_features(m, s, self.item.ctx), self.cat)[1])
        self.ys[name] += np.asarray(truth).tolist()


def _is_adjacency(item: _Item, a: np.ndarray, b: Any) -> bool:
    """Whether ``compose(a, b)`` chains the graph's own edges (``A ∘ A``): the only products
    a no-chaining reader must guess (``Aᵀ ∘ A``, shared parents, is a fork it may read)."""
    return isinstance(b, np.ndarray) and any(
        a.shape == m.shape and b.shape == m.shape and np.array_equal(a, m)
        and np.array_equal(b, m) for m in item.matrices)


class _Guess:
    """A ``tensor.substitute`` view answering each chained relation from fitted models."""

    def __init__(self, item: _Item, cat: Category, models: dict[str, Any]):
        self.item, self.cat, self.models = item, cat, models

    def __call__(self, name: str, m: np.ndarray, arg: Any) -> Any:
        model = self.models.get(name)
        if name == "compose":
            if model is None or not _is_adjacency(self.item, m, arg):
                return None
            return np.array([self._row(name, model, m, s) for s in range(m.shape[0])], dtype=bool)
        if model is None:
            return None
        return self._row(name, model, m, arg)

    def _row(self, name: str, model: Any, m: np.ndarray, s: int) -> np.ndarray:
        x = _drop(*pair_features(m, s, self.item.ctx), self.cat)[1]
        if name in ("reach", "coreach", "compose"):
            return _positive(model, x) > 0.5
        guess = np.asarray(model.predict(x), dtype=np.int64)
        guess[s] = 0  # a node is at distance 0 from itself, 0 generations above itself
        return guess


def _engine(cat: Category, train: list[_Item], kind: str | None) -> Reader | None:
    """The category's program with its chained relations guessed (``kind`` None: each at its
    base rate, the ``constant`` floor); None if the program chains nothing."""
    rows: dict[str, list] = defaultdict(list)
    ys: dict[str, list] = defaultdict(list)
    for it in train:
        try:
            with T.substitute(_Recorder(it, cat, rows, ys)):
                cat.tensor_program(it.graph, it.query)
        except UnposableQuery:
            continue
    if not ys:
        return None
    models: dict[str, Any] = {}
    for name, y in ys.items():
        if kind is None:
            models[name] = _Constant(Counter(y).most_common(1)[0][0])
        else:
            models[name] = _fit(kind, np.vstack(rows[name]), y)
    return _each(lambda it: _program(cat, it, _Guess(it, cat, models)))


# --- the audit row -----------------------------------------------------------------------------

#: The chance readers: what a reader gets without looking at the graph at all.
CHANCE = ("majority", "constant", "uniform")


@dataclass
class AdversaryRow:
    """What the adversary found on one category."""

    category: str
    train: int
    test: int
    readers: dict[str, float] = field(default_factory=dict)
    by_n: dict[str, dict[str, float]] = field(default_factory=dict)
    by_hops: dict[str, dict[str, float]] = field(default_factory=dict)
    excluded: tuple[str, ...] = ()

    @property
    def floor(self) -> float:
        """The chance floor: the best of the majority, constant and uniform readers."""
        return max(self.readers.get(k, 0.0) for k in CHANCE)

    @property
    def best(self) -> tuple[str, float]:
        """The best no-chaining reader (learned or fixed) and its strict accuracy."""
        pool = {k: v for k, v in self.readers.items() if k not in CHANCE}
        name = max(pool, key=lambda k: (pool[k], k))
        return name, pool[name]

    @property
    def learned_floor(self) -> float:
        return max(self.best[1], self.floor)

    @property
    def gap(self) -> float:
        return self.learned_floor - self.floor

    def as_dict(self) -> dict[str, Any]:
        name = self.best[0]
        return {"category": self.category, "train": self.train, "test": self.test,
                "majority": self.readers.get("majority"), "constant": self.readers.get("constant"),
                "uniform": self.readers.get("uniform"),
                "chance_floor": self.floor, "learned_floor": self.learned_floor,
                "best_reader": name, "gap": self.gap, "readers": dict(self.readers),
                "excluded_features": list(self.excluded)}


def _one_thread() -> Any:
    """One native thread for the fits: a few hundred rows are too few for OpenMP to pay, and
    where other processes share the cores (an audit's workers, the test suite's) the boosted
    trees' spinning threads ran ~3x slower than one. The models are the same either way."""
    try:
        from threadpoolctl import threadpool_limits  # installed with scikit-learn
    except ImportError:
        return contextlib.nullcontext()
    return threadpool_limits(limits=1)


def adversary(category: str | Category, train: Iterable[dict[str, Any]],
              test: Iterable[dict[str, Any]]) -> AdversaryRow:
    """Fit every reader on ``train`` records of one category, score them on ``test``."""
    with _one_thread():
        return _adversary(category, train, test)


def _adversary(category: str | Category, train: Iterable[dict[str, Any]],
               test: Iterable[dict[str, Any]]) -> AdversaryRow:
    cat = category if isinstance(category, Category) else get(category)
    tr, te = _items(cat, train), _items(cat, test)
    pool: dict[str, Reader | None] = {"majority": _majority(cat, tr),
                                      "constant": _engine(cat, tr, None)}
    pool.update(_fixed(cat))
    for kind in MODELS:
        pool[f"direct:{kind}"] = _direct(cat, tr, kind)
        pool[f"engine:{kind}"] = _engine(cat, tr, kind)
    row = AdversaryRow(cat.id, len(tr), len(te), excluded=tuple(cat.local_answer))
    hits: dict[str, list[bool]] = {}
    for name, reader in pool.items():
        if reader is None:
            continue
        hits[name] = [got == it.answer for got, it in zip(reader(te), te)]
        row.readers[name] = sum(hits[name]) / len(te)
    if cat.answer == "label" and te:  # an expectation, not a draw: no seed, no noise
        row.readers["uniform"] = sum(1 / it.n for it in te) / len(te)
    best = row.best[0]
    for key, bucket in (("by_n", lambda it: n_bucket(it.n)),
                        ("by_hops", lambda it: hops_bucket(it.record.get("hops")))):
        groups: dict[str, list[int]] = defaultdict(list)
        for i, it in enumerate(te):
            groups[bucket(it)].append(i)
        table = {}
        for b, idx in sorted(groups.items()):
            table[b] = {"count": len(idx),
                        "best": sum(hits[best][i] for i in idx) / len(idx),
                        "majority": sum(hits["majority"][i] for i in idx) / len(idx)}
        setattr(row, key, table)
    return row


def _pooled_gap(rows: Iterable[AdversaryRow], key: str) -> dict[str, float]:
    """Per bucket, the best reader's accuracy minus the majority's, pooled over categories.

    By hops only the closure categories with an answer other than yes/no count (the "no"
    side of a yes/no question has no hop depth, so its buckets would compare halves), and
    only from two hops on: at one hop the answer *is* local, by the definition of the depth.
    """
    count: Counter[str] = Counter()
    gap: Counter[str] = Counter()
    for r in rows:
        cat = get(r.category)
        if key == "by_hops" and (not cat.chains or cat.answer == "boolean"):
            continue
        for b, cell in getattr(r, key).items():
            if key == "by_hops" and b in ("-", "1"):
                continue
            count[b] += cell["count"]
            gap[b] += (cell["best"] - cell["majority"]) * cell["count"]
    return {b: gap[b] / count[b] for b in sorted(count) if b != "-"}


def adversary_misses(rows: dict[str, AdversaryRow],
                     targets: dict[str, float] = ADVERSARY_TARGETS) -> list[str]:
    """Every no-shortcut target the rows miss, as readable lines (empty: all met)."""
    out = []
    if not rows:
        return out
    for r in rows.values():
        name, acc = r.best
        if r.gap > targets["gap_max"]:
            out.append(f"{r.category}: learned floor {acc:.0%} ({name}) is "
                       f"{100 * r.gap:.0f} points above the chance floor {r.floor:.0%} "
                       f"(> {100 * targets['gap_max']:.0f})")
        if get(r.category).answer == "boolean" and r.learned_floor > targets["boolean_max"]:
            out.append(f"{r.category}: a no-chaining reader scores {r.learned_floor:.0%} on a "
                       f"yes/no question (> {targets['boolean_max']:.0%})")
    mean = sum(r.gap for r in rows.values()) / len(rows)
    if mean > targets["gap_mean_max"]:
        out.append(f"learned floors are {100 * mean:.1f} points above the chance floors on "
                   f"average (> {100 * targets['gap_mean_max']:.0f})")
    for key, what in (("by_n", "n"), ("by_hops", "hops")):
        pooled = _pooled_gap(rows.values(), key)
        if len(pooled) > 1 and max(pooled.values()) - min(pooled.values()) > targets["flat_max"]:
            cells = ", ".join(f"{b}: {100 * v:+.0f}" for b, v in pooled.items())
            out.append(f"the learned readers' lead over the majority varies with {what} "
                       f"({cells} points; spread > {100 * targets['flat_max']:.0f})")
    return out


def _pct(v: float | None) -> str:
    return "–" if v is None else f"{100 * v:.0f}%"


def format_adversary(rows: dict[str, AdversaryRow]) -> str:
    """A Markdown table of the adversary's rows, the pooled buckets, then nothing else."""
    lines = ["| category | train/test | majority | constant | chance floor | learned floor "
             "| best reader | gap | excluded |", "|" + "---|" * 9]
    for r in rows.values():
        name, _ = r.best
        lines.append(f"| {r.category} | {r.train}/{r.test} | {_pct(r.readers.get('majority'))} "
                     f"| {_pct(r.readers.get('constant'))} | {_pct(r.floor)} "
                     f"| {_pct(r.learned_floor)} | {name} | {100 * r.gap:+.0f} "
                     f"| {', '.join(r.excluded) or '–'} |")
    if rows:
        mean = sum(r.gap for r in rows.values()) / len(rows)
        lines.append("")
        lines.append(f"Mean gap (learned − chance floor): {100 * mean:+.1f} points over "
                     f"{len(rows)} categories.")
        for key, what in (("by_n", "n"), ("by_hops", "hops")):
            pooled = _pooled_gap(rows.values(), key)
            if pooled:
                lines.append(f"Lead over the majority by {what}: " + ", ".join(
                    f"{b}: {100 * v:+.0f}" for b, v in pooled.items()) + " points.")
    return "\n".join(lines)
