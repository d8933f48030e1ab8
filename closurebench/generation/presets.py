"""Named size sweeps: ``generate`` keyword arguments for the studies people rerun.

A preset fixes the graph-size axes only, so it combines with any config, seed or encoding
(``generate("all", **PRESETS["gralgo-s3"])``). Density keeps the library default unless a
preset says otherwise: the paper's size study and GrAlgoBench's scales vary n alone.

* ``paper-size-sweep``: the paper's size study, n from 4 to 20.
* ``gralgo-s1`` .. ``gralgo-s6``: GrAlgoBench's six scales (8–15, 16–30, 31–50, 51–80, 81–120
  and 121–160 nodes), so results can be put side by side with theirs.
"""

from __future__ import annotations

from typing import Any

from closurebench.errors import ConfigError

__all__ = ["PRESETS", "preset"]

_GRALGO_SCALES = ((8, 15), (16, 30), (31, 50), (51, 80), (81, 120), (121, 160))

PRESETS: dict[str, dict[str, Any]] = {
    "paper-size-sweep": {"n_min": 4, "n_max": 20},
    **{f"gralgo-s{i}": {"n_min": lo, "n_max": hi}
       for i, (lo, hi) in enumerate(_GRALGO_SCALES, start=1)},
}
"""Preset name -> ``generate``/``Config.make`` keyword arguments."""


def preset(name: str) -> dict[str, Any]:
    """A copy of one preset's keyword arguments, or a ``ConfigError`` naming the valid ones.

    >>> preset("gralgo-s2")
    {'n_min': 16, 'n_max': 30}
    """
    try:
        return dict(PRESETS[name])
    except KeyError:
        raise ConfigError(f"preset must be one of {', '.join(PRESETS)}; got {name!r}") from None
