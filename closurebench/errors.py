"""The exception tree, in one place.

``ClosureBenchError`` is the root; ``ConfigError`` is also a ``ValueError`` so callers that
already catch bad arguments the standard way keep working.
"""

from __future__ import annotations

__all__ = [
    "ArgumentError", "ClosureBenchError", "ConfigError", "EngineDisagreement", "InputError",
    "UnposableCell", "UnposableQuery", "as_flags", "install_hint",
]


class ClosureBenchError(Exception):
    """Base class of every error raised on purpose by closurebench."""


class ConfigError(ClosureBenchError, ValueError):
    """A bad argument: the message names the argument, the allowed range and the value."""


class ArgumentError(ConfigError, TypeError):
    """A keyword a public function does not take (with a did-you-mean), or an argument of
    the wrong type. Also a ``TypeError``, which Python itself would have raised."""


class InputError(ClosureBenchError, ValueError):
    """A file or stream that cannot be read as what it should be; the message says where."""


class EngineDisagreement(ClosureBenchError, AssertionError):
    """The tensor-logic program and its NetworkX twin (or the TL interpreter) disagree.

    This is always a bug in one of the programs; it carries its evidence (``engine`` names
    the second one; its answer is ``networkx`` for that engine too, for compatibility).
    """

    def __init__(self, record_id: str, category: str, tensor: object, networkx: object,
                 engine: str = "networkx") -> None:
        self.record_id = record_id
        self.category = category
        self.tensor = tensor
        self.networkx = networkx
        self.engine = engine
        super().__init__(
            f"engines disagree on {record_id} ({category}): "
            f"tensor={tensor!r} {engine}={networkx!r}"
        )


class UnposableQuery(ClosureBenchError):
    """No query of this category can be posed on the sampled graph; the generator resamples."""


class UnposableCell(ConfigError):
    """No valid instance exists (or was found) in a cell (category, n, density, hops) of a config.

    Raised instead of relaxing a rule: the message names the cell and the axes to change.
    """


#: Optional packages and the extra that installs them (for the one-line install hint).
EXTRAS = {
    "datasets": "hf", "huggingface_hub": "hf", "pyarrow": "hf", "evaluate": "hf",
    "openai": "run", "matplotlib": "run", "tqdm": "run",
    "lm_eval": "integrations", "inspect_ai": "integrations", "sklearn": "audit",
    "airportsdata": "real", "bpe_openai": "real",
}
#: Python argument names in ``ConfigError`` messages and the flags that set them.
_FLAGS = ("n_min", "n_max", "density_min", "density_max", "surface_seed", "seed",
          "per_category", "categories", "encoding", "limit", "samples", "fresh_seed",
          "verbosity", "labels", "source")


def install_hint(exc: ImportError) -> str | None:
    """``pip install 'closurebench[EXTRA]'`` for a missing optional package, else ``None``."""
    top = (getattr(exc, "name", None) or "").split(".")[0]
    extra = EXTRAS.get(top)
    if extra is None:
        return None
    return f"this needs the {top!r} package: pip install 'closurebench[{extra}]'"


def as_flags(message: str) -> str:
    """A ``ConfigError`` message with its leading argument name spelled as the CLI flag."""
    for name in _FLAGS:
        if message.startswith(name + " "):
            return "--" + name.replace("_", "-") + message[len(name):]
    return message
