"""Drawing puzzles: SVG built once for every grid family (``svg``), PNG and PDF made
from it (``render``) with the font shipped in ``fonts/``, and printable books (``book``).
Each family's own picture is its ``draw`` module, drawn with ``svg``'s builder."""

from .svg import GridPicture, label_colour

__all__ = ["GridPicture", "label_colour"]
