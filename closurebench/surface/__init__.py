"""The surface layer: labels, domain frames, presentation styles and encodings.

Nothing here touches structure or answers; a surface seed picks every choice made here.
"""

from closurebench.surface.domains import DOMAINS, KINSHIP, WEIGHTED_DOMAINS, Frame, WeightedFrame
from closurebench.surface.encodings import ENCODINGS, render_graph, render_weighted
from closurebench.surface.labels import POOLS, pool_labels, sample_labels
from closurebench.surface.styles import STYLES, render_nl

__all__ = [
    "DOMAINS",
    "ENCODINGS",
    "KINSHIP",
    "POOLS",
    "STYLES",
    "WEIGHTED_DOMAINS",
    "Frame",
    "WeightedFrame",
    "pool_labels",
    "render_graph",
    "render_nl",
    "render_weighted",
    "sample_labels",
]
