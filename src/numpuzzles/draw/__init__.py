"""Drawing puzzles: SVG built once for every grid family (``svg``), and PNG and PDF made
from it (``render``) with the font shipped in ``fonts/``."""

from .svg import GridPicture, label_colour

__all__ = ["GridPicture", "label_colour"]
