"""Numberlink (and Arukone) as SVG: each label's path a coloured tube, ends numbered.

Colours come from ``draw.svg.label_colour`` (distinct for hundreds of labels), and every
end also carries its label in text, so the drawing reads without telling colours apart.
Blocked cells are shaded.  Without a solution only the numbered ends are drawn.

``draw_analysis`` draws what ``analyse`` found (``draw --analyse``): the joins every
solution uses as tubes, exactly as a solution's paths are drawn, in the label's colour
where every solution gives those cells the same label (grey where the same join belongs to
different labels in different solutions); a cell whose label is settled but none of whose
joins are is marked with a dot of that colour; the cells where solutions differ are
tinted and hatched (``draw.svg``), and a caption says how many solutions there are.  Why
the ends are always discs there: the discs are the key to the tubes' colours, and a
setter reads a half-drawn board by them.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.analysis import Analysis, Cell, Edge
from ..draw.svg import (
    DIFFER_HATCH,
    DIFFER_TINT,
    STYLES,
    GridPicture,
    analysis_caption,
    ink_on,
    label_colour,
)
from .model import BLOCKED, Puzzle, Solution

BLOCKED_SHADE = "#6b6b6b"
UNKNOWN_LABEL = "#888888"
"""A join every solution uses, but not always for the same label."""


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


def chains(edges: Iterable[Edge]) -> list[list[Cell]]:
    """The joins as runs of cells, each run as long as it goes, so that a bend is drawn
    as one tube's corner: joins that all solutions use lie on their paths, so no cell has
    more than two and runs start at a cell with one (a closed run, which no solution has,
    would still be drawn, from its first cell round to it again)."""
    links: dict[Cell, list[Cell]] = {}
    for a, b in edges:
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    seen: set[Cell] = set()
    out: list[list[Cell]] = []
    starts = sorted(links, key=lambda cell: (len(links[cell]) != 1, cell))
    for start in starts:
        if start in seen:
            continue
        run, at = [start], start
        seen.add(start)
        while True:
            ahead = [n for n in links[at] if n not in seen]
            if not ahead:
                if len(run) > 2 and start in links[at]:
                    run.append(start)  # closed
                break
            at = ahead[0]
            run.append(at)
            seen.add(at)
        out.append(run)
    return out


def draw_analysis(puzzle: Puzzle, analysis: Analysis) -> str:
    """The puzzle with what every solution shares drawn in and the differing cells
    shaded, captioned with the count (see the module docstring)."""
    picture = GridPicture(puzzle.height, puzzle.width)
    colours = {label: label_colour(i) for i, label in enumerate(puzzle.labels)}
    for index, value in enumerate(puzzle.cells):
        if value == BLOCKED:
            row, col = divmod(index, puzzle.width)
            picture.fill(row, col, BLOCKED_SHADE)
    common = analysis.common
    if common is not None:
        for row, col in analysis.differ:
            picture.fill(row, col, DIFFER_TINT, hatch=DIFFER_HATCH, kind="differ")
        joined: set[Cell] = set()
        for run in chains(analysis.common_edges):
            joined.update(run)
            settled = {v for v in (common[r][c] for r, c in run) if v is not None}
            label = next(iter(settled)) if len(settled) == 1 else None
            colour = UNKNOWN_LABEL if label is None else colours.get(label, UNKNOWN_LABEL)
            name = "" if label is None or label <= 0 else puzzle.label_name(label)
            picture.tube(run, colour, name)
        for row, values in enumerate(common):
            for col, known in enumerate(values):
                end = puzzle.at(row, col) == known
                if known is not None and known in colours and (row, col) not in joined \
                        and not end:
                    picture.dot(row, col, colours[known])
    for label, ends in puzzle.endpoints().items():
        name = puzzle.label_name(label)
        colour = colours[label]
        for row, col in ends:
            picture.disc(row, col, colour)
            picture.text(row, col, name, "label", colour=ink_on(colour), size=_label_size(name))
    picture.caption(analysis_caption(analysis))
    return picture.to_svg()
