"""Drawing puzzles as SVG, written once for every grid family."""

from .svg import GridPicture

__all__ = ["GridPicture"]
