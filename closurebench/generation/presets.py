"""Named size sweeps: ``generate`` keyword arguments for the studies people rerun.

A preset fixes the graph-size axes, so it combines with any config, seed or encoding
(``generate("all", **PRESETS["gralgo-s3"])``). Density keeps the library default unless a
preset says otherwise: the paper's size study varies n alone; GrAlgoBench's scales set a
mean degree instead, for every config, the 26 categories included, because their sparsity is
what those scales are (ρ = 0.1 .. 0.5 at 160 nodes is 16 to 80 neighbours a node, against
GrAlgoBench's 5.9). So a ``gralgo-s*`` preset changes the 26 categories' density too, and an
explicit ``density`` with one is a ``ConfigError`` naming both (``--density-min``/
``--density-max`` and ``--preset`` on the command line), never a silent choice. For
GrAlgoBench's sizes at a density range, pass ``n_min``/``n_max`` instead of the preset.

* ``paper-size-sweep``: the paper's size study, n from 4 to 20.
* ``gralgo-s1`` .. ``gralgo-s6``: GrAlgoBench's six scales (8–15, 16–30, 31–50, 51–80, 81–120
  and 121–160 nodes) at its mean degrees (3.2, 4.0, 4.6, 5.1, 5.5, 5.9; the ``mean_degree``
  axis, in place of ``density`` for any config), so results can be put side by side with
  theirs.
* ``gralgo-length``: the structure of GrAlgoBench's token-length study (§3.1), 80 nodes and
  200 expected edges of an undirected graph (``triangle_count``); ``gralgo-length-directed``
  the same for directed categories (200 expected arcs). The lengths themselves come from
  ``verbosity`` (``closurebench.generation.length``).
"""

from __future__ import annotations

from typing import Any

from closurebench.errors import ConfigError

__all__ = ["PRESETS", "preset"]

_GRALGO_SCALES = ((8, 15), (16, 30), (31, 50), (51, 80), (81, 120), (121, 160))
#: GrAlgoBench's mean degree at each scale: a density range cannot hold sparsity steady from
#: 8 to 160 nodes (ρ = 0.3 is degree 2.1 at 8 nodes and 48 at 160), a mean degree can.
_GRALGO_DEGREES = (3.2, 4.0, 4.6, 5.1, 5.5, 5.9)
#: 200 expected edges at n = 80: over the 3,160 unordered pairs, or the 6,320 ordered ones.
_LENGTH_UNDIRECTED = round(200 / 3160, 6)
_LENGTH_DIRECTED = round(200 / 6320, 6)

PRESETS: dict[str, dict[str, Any]] = {
    "paper-size-sweep": {"n_min": 4, "n_max": 20},
    **{f"gralgo-s{i}": {"n_min": lo, "n_max": hi, "mean_degree": d}
       for i, ((lo, hi), d) in enumerate(zip(_GRALGO_SCALES, _GRALGO_DEGREES), start=1)},
    "gralgo-length": {"n_min": 80, "n_max": 80, "density": _LENGTH_UNDIRECTED},
    "gralgo-length-directed": {"n_min": 80, "n_max": 80, "density": _LENGTH_DIRECTED},
}
"""Preset name -> ``generate``/``Config.make`` keyword arguments."""


def preset(name: str) -> dict[str, Any]:
    """A copy of one preset's keyword arguments, or a ``ConfigError`` naming the valid ones.

    A ``gralgo-s*`` preset's ``mean_degree`` sets the density axis of whatever config it is
    used with; adding ``density=`` to it is a ``ConfigError`` (see the module note).

    >>> preset("gralgo-s2")
    {'n_min': 16, 'n_max': 30, 'mean_degree': 4.0}
    """
    try:
        return dict(PRESETS[name])
    except KeyError:
        raise ConfigError(f"preset must be one of {', '.join(PRESETS)}; got {name!r}") from None
