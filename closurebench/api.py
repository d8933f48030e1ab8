"""The public functions as ``import closurebench`` serves them: checked at the door.

Each wraps the module function of the same name, keeping its signature and docstring, and
turns what Python would report as a bare ``TypeError`` (a mistyped keyword, a value of the
wrong type) into an ``ArgumentError`` naming the argument, with a did-you-mean for a
mistyped keyword (``generate(nmax=10)`` suggests ``n_max``). ``ArgumentError`` is both a
``ConfigError`` (a ``ValueError``) and a ``TypeError``, so either ``except`` still catches it.
``load_dataset`` and ``memorisation_gap`` are built on first use (they import more).
"""

from __future__ import annotations

import difflib
import functools
import inspect
import numbers
import os
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from closurebench.errors import ArgumentError, ConfigError

__all__ = ["checked", "generate", "instance", "solve", "suggest"]

F = TypeVar("F", bound=Callable[..., Any])


def suggest(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest choice, or nothing."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def checked(extra_keywords: Callable[[], Iterable[str]] | None = None) -> Callable[[F], F]:
    """Bind the call to the wrapped function's signature first, so a mistyped keyword is an
    ``ArgumentError`` with a suggestion. ``extra_keywords`` lists what ``**kwargs`` accepts."""

    def wrap(fn: F) -> F:
        sig = inspect.signature(fn)
        params = [n for n, p in sig.parameters.items()
                  if p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL)]
        has_var_kw = any(p.kind is p.VAR_KEYWORD for p in sig.parameters.values())

        @functools.wraps(fn)
        def call(*args: Any, **kwargs: Any) -> Any:
            extra = list(extra_keywords()) if extra_keywords else []
            known = params + [k for k in extra if k not in params]
            for key in kwargs:
                if key not in known and (not has_var_kw or extra_keywords is not None):
                    raise ArgumentError(f"{fn.__name__}() has no argument {key!r}"
                                        f"{suggest(key, known)} (it takes "
                                        f"{', '.join(known)})")
            try:
                sig.bind(*args, **kwargs)
            except TypeError as exc:
                raise ArgumentError(f"{fn.__name__}(): {exc}") from None
            return fn(*args, **kwargs)

        return call  # type: ignore[return-value]

    return wrap


def _is_int(value: object) -> bool:
    return isinstance(value, numbers.Integral) and not (
        isinstance(value, bool) or type(value).__name__ == "bool_")


def _index(name: str, value: object, lo: int = 0) -> int:
    if not _is_int(value):
        raise ArgumentError(f"{name} must be an integer >= {lo}, got {value!r}")
    if int(value) < lo:  # type: ignore[call-overload]
        raise ConfigError(f"{name} must be an integer >= {lo}, got {value!r}")
    return int(value)  # type: ignore[call-overload]


def _flag(name: str, value: object) -> bool:
    if not isinstance(value, bool) and type(value).__name__ != "bool_":
        raise ArgumentError(f"{name} must be True or False, got {value!r}")
    return bool(value)


def _config_keywords() -> list[str]:
    from closurebench.generation.config import Config

    return [n for n in inspect.signature(Config.make).parameters if n not in ("cls", "config")]


def _make_generate() -> Callable[..., Any]:
    from closurebench.generation import instances as generator

    @functools.wraps(generator.generate)
    def generate(*args: Any, **kwargs: Any) -> Any:
        bound = inspect.signature(generator.generate).bind(*args, **kwargs)
        a = bound.arguments
        if "cross_check" in a:
            a["cross_check"] = _flag("cross_check", a["cross_check"])
        if "start" in a:
            a["start"] = _index("start", a["start"])
        if a.get("stop") is not None:
            a["stop"] = _index("stop", a["stop"])
        return generator.generate(*bound.args, **bound.kwargs)

    return checked()(generate)


def _make_instance() -> Callable[..., Any]:
    from closurebench.generation import instances as generator
    from closurebench.generation.config import Config

    @functools.wraps(generator.instance)
    def instance(config: Any, k: Any, *args: Any, **kwargs: Any) -> Any:
        """Record ``k`` of a config (a ``Config``, or a config name with default axes)."""
        if isinstance(config, str):
            config = Config.make(config)
        elif not isinstance(config, Config):
            raise ArgumentError(f"config must be a Config (Config.make(...)) or a config "
                                f"name such as 'all', got {config!r}")
        k = _index("k", k)
        if "cross_check" in kwargs:
            kwargs["cross_check"] = _flag("cross_check", kwargs["cross_check"])
        return generator.instance(config, k, *args, **kwargs)

    return checked()(instance)


def _make_solve() -> Callable[..., Any]:
    import closurebench.tl.solve as solve_module

    @functools.wraps(solve_module.solve)
    def solve(category: Any, edges: Any, *args: Any, **kwargs: Any) -> Any:
        if not isinstance(category, str):
            raise ArgumentError(f"category must be a category id (a string), got {category!r}")
        for name, value in (("edges", edges), ("edges_after", kwargs.get("edges_after")),
                            ("nodes", kwargs.get("nodes"))):
            if value is None and name != "edges":
                continue
            if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
                raise ArgumentError(f"{name} must be a list, got {value!r}")
        query = kwargs.get("query", args[0] if args else None)
        if query is not None and not isinstance(query, (str, Mapping)):
            raise ArgumentError(f"query must be a dict or a JSON object string, got {query!r}")
        if not isinstance(kwargs.get("engine", "tensor"), str):
            raise ArgumentError(f"engine must be 'tensor' or 'networkx', got "
                                f"{kwargs['engine']!r}")
        return solve_module.solve(category, edges, *args, **kwargs)

    return checked()(solve)


#: ``load_dataset`` keywords that shape training columns (``closurebench.train.formats``).
_FORMAT_KEYWORDS = ("format", "mode", "target")


def _load_dataset_keywords() -> list[str]:
    return [*_config_keywords(), *_FORMAT_KEYWORDS]


def _make_load_dataset() -> Callable[..., Any]:
    from closurebench import hf

    @functools.wraps(hf.load_dataset)
    def load_dataset(name: Any = "all", split: Any = None, **kwargs: Any) -> Any:
        from closurebench.categories import CONFIGS
        from closurebench.train.formats import check_format, to_format

        shape = {k: kwargs.pop(k) for k in _FORMAT_KEYWORDS if k in kwargs}
        check_format(shape.get("format"), shape.get("mode", "direct"),
                     shape.get("target", "answer"))

        known = (*CONFIGS, "gralgo")
        if not isinstance(name, str) or name not in known:
            raise ArgumentError(f"name must be all, l1, l2, l3, a category id or gralgo, got "
                                f"{name!r}{suggest(name, known) if isinstance(name, str) else ''}")
        if split is not None and not isinstance(split, str):
            raise ArgumentError(f"split must be a split name such as 'held_out', got {split!r}")
        if kwargs.get("num_proc") is not None:
            kwargs["num_proc"] = _index("num_proc", kwargs["num_proc"], 1)
        if "streaming" in kwargs:
            kwargs["streaming"] = _flag("streaming", kwargs["streaming"])
        cache = kwargs.get("cache_dir")
        if cache is not None and not isinstance(cache, (str, os.PathLike)):
            raise ArgumentError(f"cache_dir must be a path, got {cache!r}")
        try:
            loaded = hf.load_dataset(name, split, **kwargs)
        except ModuleNotFoundError as exc:
            if (exc.name or "").split(".")[0] in ("datasets", "pyarrow", "huggingface_hub"):
                raise ModuleNotFoundError(
                    f"load_dataset needs the {exc.name!r} package: "
                    "pip install 'closurebench[hf]'", name=exc.name) from None
            raise
        return to_format(loaded, shape.pop("format", None), **shape)

    return checked(_load_dataset_keywords)(load_dataset)


def _make_memorisation_gap() -> Callable[..., Any]:
    from closurebench.scoring import memorisation_gap as gap

    @functools.wraps(gap)
    def memorisation_gap(seen_correct: Any, fresh_correct: Any, **kwargs: Any) -> Any:
        for name, value in (("seen_correct", seen_correct), ("fresh_correct", fresh_correct)):
            if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
                raise ArgumentError(f"{name} must be a list of booleans (or 0/1), got {value!r}")
        if not isinstance(kwargs.get("method", "newcombe"), str):
            raise ArgumentError(f"method must be 'newcombe' or 'bootstrap', got "
                                f"{kwargs['method']!r}")
        if "n_boot" in kwargs:  # named under either method, before any memory is asked for
            from closurebench.scoring.stats import check_n_boot

            kwargs["n_boot"] = check_n_boot(_index("n_boot", kwargs["n_boot"], 100))
        if "seed" in kwargs:
            kwargs["seed"] = _index("seed", kwargs["seed"])
        return gap(seen_correct, fresh_correct, **kwargs)

    return checked()(memorisation_gap)


generate = _make_generate()
instance = _make_instance()
solve = _make_solve()


@functools.cache
def _lazy(name: str) -> Callable[..., Any]:
    return {"load_dataset": _make_load_dataset, "memorisation_gap": _make_memorisation_gap}[name]()


def __getattr__(name: str) -> Any:
    """``load_dataset`` and ``memorisation_gap`` import datasets / jsonschema: built on use."""
    if name in ("load_dataset", "memorisation_gap"):
        return _lazy(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
