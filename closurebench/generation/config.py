"""Generation configs: the arguments that, with a seed, fix every byte of a split.

Validation lives here so the Python API, the CLI and the ``datasets`` builder reject the same
bad input with the same message (naming the argument, the allowed range and the value).
"""

from __future__ import annotations

import hashlib
import json
import numbers
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from functools import cached_property

from closurebench.categories import CONFIGS, GRALGO_CONFIGS, get
from closurebench.errors import ConfigError
from closurebench.surface.encodings import ENCODINGS
from closurebench.surface.real_names import REAL_POOLS
from closurebench.surface.verbosity import MAX_VERBOSITY

__all__ = ["N_LIMITS", "SEED_LIMIT", "Config"]

N_LIMITS = (2, 2000)
#: Most edges a question may list (expected, at n_max and density_max): at n = 2,000 and the
#: default density a graph has ~10^6 edges and a 23 MB question no model can read; above this
#: a config is refused with the largest density that fits, rather than generated for a minute.
MAX_EDGES = 20_000
#: The density range of a config that sets neither ``density`` nor ``mean_degree``.
DEFAULT_DENSITY = (0.1, 0.5)
#: Most name words a question may hold (expected: (n_max + 2 edges) x verbosity): about
#: 60 MB of text; above it a config is refused rather than written for minutes.
MAX_NAME_WORDS = 5_000_000
#: Where a config's graphs come from: built by each category (``synthetic``), or sampled from
#: NetworkX's bundled real networks (``real``, undirected categories only).
SOURCES = ("synthetic", "real")
SEED_LIMIT = 2**63 - 1
#: Every config name ``Config.make`` accepts: the 26 categories' and GrAlgoBench's.
ALL_CONFIGS = {**CONFIGS, **GRALGO_CONFIGS}
PER_CATEGORY_LIMIT = 10**9


def _is_bool(value: object) -> bool:
    return isinstance(value, bool) or type(value).__name__ == "bool_"  # numpy's bool too


def _int(name: str, value: object, lo: int, hi: int) -> int:
    """An integer in ``[lo, hi]``; numpy integers count (and come back as ``int``)."""
    if _is_bool(value) or not isinstance(value, numbers.Integral):
        raise ConfigError(f"{name} must be an integer between {lo} and {hi}, got {value!r}")
    value = int(value)
    if not lo <= value <= hi:
        raise ConfigError(f"{name} must be between {lo} and {hi}, got {value}")
    return value


def _density(value: object) -> tuple[float, float]:
    if isinstance(value, numbers.Real) and not _is_bool(value):
        value = (value, value)
    if not (isinstance(value, Sequence) and not isinstance(value, str) and len(value) == 2):
        raise ConfigError(f"density must be a number or a (min, max) pair in (0, 1], got {value!r}")
    lo, hi = value
    for name, v in (("density_min", lo), ("density_max", hi)):
        if _is_bool(v) or not isinstance(v, numbers.Real) or not 0 < v <= 1:
            raise ConfigError(f"{name} must be in (0, 1], got {v!r}")
    if lo > hi:
        raise ConfigError(f"density_min must be <= density_max, got {lo} > {hi}")
    return float(lo), float(hi)


@dataclass(frozen=True)
class Config:
    """A validated generation config. Build it with ``Config.make(...)``.

    ``categories`` is the ordered tuple actually generated (the config name's categories, or
    the explicit subset, in taxonomy order). ``surface_seed`` defaults to ``seed``.
    """

    name: str
    n_min: int
    n_max: int
    density: tuple[float, float]
    seed: int
    surface_seed: int
    per_category: int
    categories: tuple[str, ...]
    encoding: str
    hops_min: int = 1
    hops_max: int | None = None
    half: int | None = None
    verbosity: int = 0
    labels: str | None = None
    source: str = "synthetic"
    mean_degree: float | None = None

    @classmethod
    def make(
        cls,
        config: str = "all",
        *,
        n_min: int = 4,
        n_max: int = 10,
        density: float | tuple[float, float] | None = None,
        seed: int = 0,
        surface_seed: int | None = None,
        per_category: int = 50,
        categories: Iterable[str] | str | None = None,
        encoding: str = "nl",
        hops_min: int = 1,
        hops_max: int | None = None,
        half: int | None = None,
        verbosity: int = 0,
        labels: str | None = None,
        source: str = "synthetic",
        mean_degree: float | None = None,
    ) -> Config:
        """Validate every argument; ``hops_min``/``hops_max`` bound the hop depth of closure
        categories (``None``: up to what n allows); ``half`` keeps one of the two structural
        halves (0 for train, 1 for held_out: isomorphic instances always share a half).

        Surface axes that leave the structure alone: ``verbosity`` (words per node name, 0 for
        the usual labels; ``closurebench.surface.verbosity``) and ``labels`` (a real-name pool,
        ``closurebench.surface.real_names``). ``source="real"`` samples each graph from a
        NetworkX real network (``closurebench.graph.real``; undirected categories only).

        ``mean_degree`` replaces the density axis with a mean degree held at every n (each
        instance's ρ is ``mean_degree / (n - 1)``): GrAlgoBench's scales keep sparsity
        steady from 8 to 160 nodes, which no single density range can. ``density`` unset
        (``None``) is the range (0.1, 0.5); set together with ``mean_degree`` (which the
        ``gralgo-s1`` .. ``gralgo-s6`` presets set) it is a ``ConfigError``, since only one
        of them could shape the graphs."""
        if not isinstance(config, str) or config not in ALL_CONFIGS:
            raise ConfigError(
                f"config must be one of all, l1, l2, l3, a category id, gralgo, "
                f"gralgo-enumeration, gralgo-exploration, gralgo-intuition or a GrAlgoBench "
                f"task id; got {config!r}"
            )
        n_min = _int("n_min", n_min, *N_LIMITS)
        n_max = _int("n_max", n_max, n_min, N_LIMITS[1])
        if density is not None and mean_degree is not None:
            raise ConfigError(
                f"density and mean_degree both set the density axis (a mean degree sets each "
                f"instance's ρ to mean_degree / (n - 1); the gralgo-s1 .. gralgo-s6 presets set "
                f"one): give only one, got density={density!r} and mean_degree={mean_degree!r}")
        dens = _density(DEFAULT_DENSITY if density is None else density)
        seed = _int("seed", seed, 0, SEED_LIMIT)
        surface_seed = seed if surface_seed is None else _int(
            "surface_seed", surface_seed, 0, SEED_LIMIT)
        per_category = _int("per_category", per_category, 0, PER_CATEGORY_LIMIT)
        hops_min = _int("hops_min", hops_min, 1, N_LIMITS[1])
        if hops_max is not None:
            hops_max = _int("hops_max", hops_max, hops_min, N_LIMITS[1])
        if half is not None:
            half = _int("half", half, 0, 1)
        if mean_degree is not None:
            if _is_bool(mean_degree) or not isinstance(mean_degree, numbers.Real) or \
                    not 1 <= mean_degree <= n_min - 1:
                raise ConfigError(f"mean_degree must be a number between 1 and n_min - 1 = "
                                  f"{n_min - 1} (or None for the density axis), got "
                                  f"{mean_degree!r}")
            mean_degree = float(mean_degree)
        edges = n_max * (n_max - 1) * dens[1] if mean_degree is None else n_max * mean_degree
        if edges > MAX_EDGES:
            fit = MAX_EDGES / (n_max * (n_max - 1))
            raise ConfigError(
                f"density_max must be at most {fit:.4g} at n_max={n_max} (questions list at most "
                f"~{MAX_EDGES} edges), got {dens[1]}"
            )
        if not isinstance(encoding, str) or encoding not in ENCODINGS:
            raise ConfigError(f"encoding must be one of {', '.join(ENCODINGS)}; got {encoding!r}")
        verbosity = _int("verbosity", verbosity, 0, MAX_VERBOSITY)
        if verbosity and encoding == "numeric":
            raise ConfigError("verbosity must be 0 with encoding numeric (its labels are the "
                              f"integers 0..n-1), got {verbosity}")
        per_word = n_max + 2 * edges  # name mentions: the node list, two per edge (an upper bound)
        if per_word * verbosity > MAX_NAME_WORDS:
            raise ConfigError(f"verbosity must be at most {int(MAX_NAME_WORDS // per_word)} at "
                              f"n_max={n_max} and density_max={dens[1]} (questions hold at most "
                              f"~{MAX_NAME_WORDS:,} name words), got {verbosity}")
        if labels is not None:
            if not isinstance(labels, str) or labels not in REAL_POOLS:
                raise ConfigError(f"labels must be one of {', '.join(REAL_POOLS)} (or None); "
                                  f"got {labels!r}")
            if encoding == "numeric" or verbosity:
                raise ConfigError(f"labels must be None with encoding numeric or verbosity > 0 "
                                  f"(they name nodes their own way), got {labels!r}")
        if not isinstance(source, str) or source not in SOURCES:
            raise ConfigError(f"source must be one of {', '.join(SOURCES)}; got {source!r}")
        allowed = ALL_CONFIGS[config]
        if categories is None:
            chosen = allowed
        else:
            if not isinstance(categories, (str, Iterable)):
                raise ConfigError(f"categories must be a list of category ids, got "
                                  f"{categories!r}")
            wanted = [categories] if isinstance(categories, str) else list(categories)
            if not wanted:
                raise ConfigError("categories must name at least one category (None for all "
                                  f"of config {config!r}); got an empty list")
            bad = [c for c in wanted if not isinstance(c, str) or c not in allowed]
            if bad:
                raise ConfigError(
                    f"categories must be drawn from config {config!r} "
                    f"({', '.join(allowed)}); got {', '.join(map(repr, bad))}"
                )
            chosen = tuple(c for c in allowed if c in set(wanted))
        for c in chosen:
            lo = get(c).n_floor
            if n_max < lo:
                raise ConfigError(f"n_max must be at least {lo} for category {c}, got {n_max}")
        if labels is not None:
            _check_pool(labels, n_max)
        if source == "real":
            _check_real(chosen, n_max)
        return cls(config, n_min, n_max, dens, seed, surface_seed, per_category, chosen,
                   encoding, hops_min, hops_max, half, verbosity, labels, source, mean_degree)

    @property
    def size(self) -> int:
        """Number of instances: ``per_category`` for each category."""
        return self.per_category * len(self.categories)

    def locate(self, k: int) -> tuple[str, int]:
        """Instance ``k`` of the config is instance ``j`` of category ``c``."""
        if not 0 <= k < self.size:
            raise ConfigError(f"index must be between 0 and {self.size - 1}, got {k}")
        return self.categories[k // self.per_category], k % self.per_category

    def index(self, record_id: str) -> int | None:
        """The k whose record has this id (``locate``'s inverse), or ``None`` when the id is
        not one of this config's: a consumer holding some ids regenerates just those."""
        cat, _, rest = str(record_id).partition("-")
        j, _, digest = rest.partition("-")
        if (digest != self.digest or cat not in self.categories or not j.isascii()
                or not j.isdigit() or f"{int(j):05d}" != j or int(j) >= self.per_category):
            return None
        return self.categories.index(cat) * self.per_category + int(j)

    def n_range(self, category: str) -> tuple[int, int]:
        """The n range a category is drawn from: raised to the category's minimum if needed."""
        return max(self.n_min, get(category).n_floor), self.n_max

    @cached_property
    def digest(self) -> str:
        """Eight hex digits over everything that shapes an instance except the category list.

        Used in record ids, so the ``all`` config and a per-category config give a category's
        instances the same ids (they are the same instances).
        """
        keys = asdict(self)
        for k in ("name", "categories", "per_category"):
            keys.pop(k)
        for k, default in (("hops_min", 1), ("hops_max", None), ("half", None),
                           ("verbosity", 0), ("labels", None), ("source", "synthetic"),
                           ("mean_degree", None)):
            if keys[k] == default:  # axes at their defaults leave older digests unchanged
                keys.pop(k)
        blob = json.dumps(keys, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()[:8]


def _check_pool(labels: str, n_max: int) -> None:
    """A real-name pool must hold n_max distinct names (``lesmis`` holds fewer than 77)."""
    from closurebench.surface.real_names import real_pool

    size = len(real_pool(labels))
    if n_max > size:
        raise ConfigError(f"n_max must be at most {size} with labels={labels!r} (the pool's "
                          f"distinct names), got {n_max}")


def _check_real(chosen: tuple[str, ...], n_max: int) -> None:
    """``source="real"`` fits undirected categories whose graphs the real networks can hold."""
    from closurebench.graph.real import MAX_REAL_N

    bad = [c for c in chosen if get(c).family != "undirected"]
    if bad:
        raise ConfigError(f"source 'real' needs undirected categories (the real networks are "
                          f"undirected); got {', '.join(bad)}")
    if n_max > MAX_REAL_N:
        raise ConfigError(f"n_max must be at most {MAX_REAL_N} with source 'real' (the largest "
                          f"bundled network's nodes), got {n_max}")
