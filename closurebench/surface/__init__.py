"""The surface layer: labels, domain frames, presentation styles and encodings.

Nothing here touches structure or answers; a surface seed picks every choice made here.
"""

from closurebench.surface.domains import DOMAINS, KINSHIP, Frame
from closurebench.surface.encodings import ENCODINGS, render_graph
from closurebench.surface.labels import POOLS, pool_labels, sample_labels
from closurebench.surface.styles import STYLES, render_nl

__all__ = [
    "DOMAINS",
    "ENCODINGS",
    "KINSHIP",
    "POOLS",
    "STYLES",
    "Frame",
    "pool_labels",
    "render_graph",
    "render_nl",
    "sample_labels",
]
