"""Numberlink (and Arukone) as SVG: each label's path a coloured tube, ends numbered.

Colours come from ``draw.svg.label_colour`` (distinct for hundreds of labels), and every
end also carries its label in text, so the drawing reads without telling colours apart.
Blocked cells are shaded.  Without a solution only the numbered ends are drawn.
"""

from __future__ import annotations

from ..draw.svg import STYLES, GridPicture, ink_on, label_colour
from .model import BLOCKED, Puzzle, Solution

BLOCKED_SHADE = "#6b6b6b"


def _label_size(text: str) -> float:
    """Font size that keeps a label of this many characters inside its end disc."""
    base = STYLES["label"].size
    return min(base, 27 / (0.72 * max(1, len(text))))  # bold DejaVu digits: ~0.7 em


def draw(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The puzzle (and, if given, its solution's paths) as an SVG document."""
    picture = GridPicture(puzzle.height, puzzle.width)
    colours = {label: label_colour(i) for i, label in enumerate(puzzle.labels)}
    for index, value in enumerate(puzzle.cells):
        if value == BLOCKED:
            row, col = divmod(index, puzzle.width)
            picture.fill(row, col, BLOCKED_SHADE)
    if solution is not None:
        for label, cells in solution.paths:
            if len(cells) > 1:
                picture.tube(cells, colours.get(label, "#888888"), puzzle.label_name(label))
    for label, ends in puzzle.endpoints().items():
        name = puzzle.label_name(label)
        colour = colours[label]
        for row, col in ends:
            if solution is not None:
                picture.disc(row, col, colour)
                picture.text(row, col, name, "label", colour=ink_on(colour),
                             size=_label_size(name))
            else:
                picture.text(row, col, name, "label", size=_label_size(name))
    return picture.to_svg()
