"""Hugging Face integration: the ``datasets`` builder, the released splits, the card, publishing.

Importing this package is cheap: ``datasets`` is imported only when a builder or
``load_dataset`` is first used, so the CLI does not pay for it on every command.

>>> from closurebench.hf import load_dataset      # doctest: +SKIP
>>> load_dataset("l3", n_max=10)["held_out"]      # doctest: +SKIP
"""

from __future__ import annotations

from typing import Any

__all__ = ["ClosureBench", "ClosureBenchConfig", "load_dataset"]


def load_dataset(
    name: str = "all",
    split: str | None = None,
    *,
    num_proc: int | None = None,
    streaming: bool = False,
    cache_dir: str | None = None,
    **config_kwargs: Any,
) -> Any:
    """A config's ``DatasetDict`` (``train``, ``held_out``), built by the in-package builder.

    ``split="test"`` is accepted as an alias of ``held_out`` (the split to evaluate on).

    Works on every ``datasets`` version >= 3.6 (no loading script involved). ``config_kwargs``
    are the generation axes, as ``closurebench.generate`` takes them (``n_min``, ``n_max``,
    ``density``, ``seed``, ``surface_seed``, ``per_category`` >= 1, ``categories``,
    ``encoding``, ``hops_min``, ``hops_max``, ``half``); defaults give the released splits.
    ``closurebench.load_dataset`` also takes ``format="grpo"`` or ``"sft"`` (training
    columns, see ``closurebench.train.formats``).
    """
    from closurebench.hf.builder import load_dataset as _load

    return _load(name, split, num_proc=num_proc, streaming=streaming, cache_dir=cache_dir,
                 **config_kwargs)


def __getattr__(name: str) -> Any:
    if name in ("ClosureBench", "ClosureBenchConfig"):
        from closurebench.hf import builder

        return getattr(builder, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
