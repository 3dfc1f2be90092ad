"""Number Match as SVG: digits in their cells, cleared cells greyed, and a solution's moves.

A solution is drawn the way a newspaper prints its answer grid: the two cells of each pair
taken get a ring of the same colour (``label_colour`` of the step, the palette the page
paints with too) and the step's number on a small tag of that colour in the cell's top-left
corner.  Nothing is drawn over a digit: the ring runs round it and the tag sits above it,
so the board can still be read and the pairs followed in order.  (Lines between the two
cells, tried first, crossed the grid and hid the digits they joined.)

Why a solution may need several boards: under the fixed-grid presets (``original``,
``brief``) cells never move, so one board carries every pair.  Under the reading-order
presets (``classic``, ``easybrain``) a row emptied by a pair is removed and the rows below
move up, and "add numbers" appends digits; the coordinates of the moves after either refer
to the new board.  So the solution is cut into *phases*, the runs of moves during which no
cell moves, and each phase gets its own small board: the board as it stands when the phase
begins, with that phase's pairs marked on it.  A heading over each board names its steps
and what made the new board (an addition, with its step number, or an emptied row).  A
phase with no pair (two additions in a row) gets no board of its own; its addition is
named over the next one.  Moves that cannot be made on the board they meet (a solution that
does not fit the puzzle) are listed as text under the boards, in the ``x1,y1,x2,y2`` form
the CLI reads.

Every element a move draws carries ``data-step`` (its 1-based step number), and each board
is a ``<g class="phase">`` translated to its place, so tests and tools can read the picture
back.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.errors import NumpuzzlesError
from ..draw.svg import (
    CAPTION_LINE,
    CAPTION_SIZE,
    CELL,
    FONT_FAMILY,
    STYLES,
    SVG_NS,
    GridPicture,
    ink_on,
    label_colour,
)
from .board import Board, Pair
from .rules import Rules, get_rules
from .sequence import Move, add_seq, board_cells, take_seq, to_board
from .take import take

CLEARED = "#c8c8c8"
RING_RADIUS = 13.5
"""The ring round a taken digit: its inner edge (12 units from the centre) clears the
corners of a bold 20-unit digit (about 7 by 7.3 units from the centre)."""
RING_WIDTH = 3.0
TAG_SIZE = 8.0
"""Font size of the step number; the tag is ``TAG_HEIGHT`` high from ``TAG_INSET``, so its
bottom (11 units) stays above the top of a digit (about 12.4 units down the cell)."""
TAG_HEIGHT = 9.5
TAG_INSET = 1.5
TAG_DIGIT = 0.7 * TAG_SIZE
"""Room for one digit of the step number (DejaVu Sans Bold's digits are 0.696 em wide)."""
PANEL_GAP = 24
"""Space between two boards of a solution, in user units."""


@dataclass(frozen=True)
class Phase:
    """One board of a solution: the board as it stands when the phase begins, the pairs
    taken on it with their step numbers, and what made this board (``events``: additions
    and emptied rows since the previous board, in words)."""

    board: Board
    steps: tuple[tuple[int, Pair], ...]
    events: tuple[str, ...] = ()


def phases(board: Board, rules: Rules | str, moves: Sequence[Move]) -> tuple[list[Phase], int]:
    """The solution cut into phases, and how many leading moves they hold (the moves after
    that could not be made and are not drawn)."""
    rules = get_rules(rules)
    current = board if rules.fixed else to_board(board_cells(board), board.width)
    out: list[Phase] = []
    start = current
    steps: list[tuple[int, Pair]] = []
    events: list[str] = []
    adds = 0

    def close() -> None:
        nonlocal steps, events
        if steps:
            out.append(Phase(start, tuple(steps), tuple(events)))
            steps, events = [], []

    for number, move in enumerate(moves, start=1):
        if not isinstance(move, Pair):
            if rules.fixed:
                close()
                return out, number - 1
            try:
                after = add_seq(current, rules, adds)
            except NumpuzzlesError:
                close()
                return out, number - 1
            close()
            adds += 1
            events.append(f"{number}. add numbers")
            current = start = after
            continue
        if not (current.contains(move.a) and current.contains(move.b)):
            close()
            return out, number - 1
        taken = take(current, move, rules) if rules.fixed else take_seq(current, move, rules)
        if taken is None:
            close()
            return out, number - 1
        steps.append((number, move))
        if not rules.fixed and taken.height != current.height and number < len(moves):
            close()
            gone = current.height - taken.height
            events.append(f"step {number} emptied {'a row' if gone == 1 else f'{gone} rows'}")
            start = taken
        current = taken
    close()
    return out, len(moves)


def _wrap(items: Sequence[str], width: int, sep: str = "  ") -> list[str]:
    """``items`` joined by ``sep`` into lines of at most ``width`` characters."""
    lines: list[str] = []
    line = ""
    for item in items:
        if line and len(line) + len(sep) + len(item) > width:
            lines.append(line)
            line = ""
        line = f"{line}{sep}{item}" if line else item
    if line:
        lines.append(line)
    return lines


def _grid(board: Board) -> GridPicture:
    """The board alone: digits, cleared cells greyed, no outline where a short last row
    leaves cells outside the board."""
    holes = frozenset(
        (board.height - 1, c) for c in range(board.width)
        if (board.height - 1) * board.width + c >= len(board.cells)
    )
    picture = GridPicture(board.height, board.width, holes=holes)
    for index, value in enumerate(board.cells):
        row, col = board.cell(index)
        if value:
            picture.text(row, col, str(value), "given")
        else:
            picture.fill(row, col, CLEARED)
    return picture


def _el(parent: ET.Element, tag: str, attrs: dict[str, object]) -> ET.Element:
    """A child element; floats written without trailing zeros."""
    return ET.SubElement(parent, tag, {
        k: (f"{v:.2f}".rstrip("0").rstrip(".") if isinstance(v, float) else str(v))
        for k, v in attrs.items()
    })


def _text(parent: ET.Element, x: float, y: float, value: str, cls: str, size: float,
          weight: str, colour: str, anchor: str = "middle") -> None:
    """A text on its baseline (``y`` is its middle), with every attribute converters need."""
    node = _el(parent, "text", {
        "x": float(x), "y": float(y + 0.35 * size), "class": cls, "font-family": FONT_FAMILY,
        "font-size": float(size), "font-weight": weight, "fill": colour,
        "text-anchor": anchor,
    })
    node.text = value


def _mark(parent: ET.Element, cell: tuple[int, int], step: int) -> None:
    """The ring round one taken digit and the step's tag in its top-left corner."""
    row, col = cell
    colour = label_colour(step - 1)
    left, top = col * CELL, row * CELL
    _el(parent, "circle", {
        "cx": float(left + CELL / 2), "cy": float(top + CELL / 2), "r": RING_RADIUS,
        "fill": "none", "stroke": colour, "stroke-width": RING_WIDTH, "class": "ring",
        "data-step": step,
    })
    label = str(step)
    width = TAG_DIGIT * len(label) + 3.0
    _el(parent, "rect", {
        "x": float(left + TAG_INSET), "y": float(top + TAG_INSET), "width": float(width),
        "height": TAG_HEIGHT, "rx": 2.0, "fill": colour, "class": "step-tag", "data-step": step,
    })
    _text(parent, left + TAG_INSET + width / 2, top + TAG_INSET + TAG_HEIGHT / 2, label,
          "step", TAG_SIZE, "bold", ink_on(colour))


def _heading(phase: Phase, chars: int) -> list[str]:
    """The lines over a phase's board: what made it, then its steps."""
    first, last = phase.steps[0][0], phase.steps[-1][0]
    word = "Step" if not phase.events else "step"
    steps = f"{word} {first}" if first == last else f"{word}s {first}–{last}"
    return _wrap([*phase.events, steps], chars, sep="; ")


def _panel(phase: Phase, heading: bool) -> tuple[ET.Element, float, float, int]:
    """One phase's board as a group with its origin at the board's top-left corner, its
    width and height (heading included) and the heading's height."""
    picture = _grid(phase.board)
    element = picture.to_element()
    group = ET.Element("g", {"class": "phase"})
    lines = _heading(phase, max(12, int(picture.width / (0.6 * CAPTION_SIZE)))) if heading else []
    head = len(lines) * CAPTION_LINE + (6 if lines else 0)
    caption = STYLES["caption"]
    for index, line in enumerate(lines):
        _text(group, 0, index * CAPTION_LINE + CAPTION_LINE / 2, line, "heading",
              caption.size, "bold", caption.colour, anchor="start")
    board = ET.SubElement(group, "g", {"transform": f"translate(0 {head})"})
    for child in list(element):
        board.append(child)
    for step, pair in phase.steps:
        for cell in (pair.a, pair.b):
            _mark(board, cell, step)
    return group, float(picture.width), float(picture.height + head), head


def _columns(sizes: Sequence[tuple[float, float]]) -> int:
    """How many boards to a row: the count that makes the whole picture closest to square,
    so it is as large as it can be in a book's slot or on a screen."""
    best, best_ratio = 1, math.inf
    for columns in range(1, len(sizes) + 1):
        width, height = _layout_size(sizes, columns)
        ratio = max(width / height, height / width)
        if ratio < best_ratio - 1e-9:
            best, best_ratio = columns, ratio
    return best


def _layout_size(sizes: Sequence[tuple[float, float]], columns: int) -> tuple[float, float]:
    width = 0.0
    height = 0.0
    for start in range(0, len(sizes), columns):
        row = sizes[start : start + columns]
        width = max(width, sum(w for w, _ in row) + PANEL_GAP * (len(row) - 1))
        height += max(h for _, h in row) + (PANEL_GAP if start else 0)
    return width, height


def draw(board: Board, rules: str, moves: Sequence[Move] | None = None) -> str:
    """The board (and, if given, a move list clearing it, see the module docstring) as an
    SVG document."""
    if not moves:
        return _grid(board).to_svg()
    cut, drawn = phases(board, rules, moves)
    if not cut:
        cut = [Phase(board if get_rules(rules).fixed
                     else to_board(board_cells(board), board.width), ())]
    headed = len(cut) > 1 or bool(cut[0].events)  # an addition is named over its board
    panels = [
        _panel(phase, headed) if phase.steps else (*_blank(phase.board), 0)
        for phase in cut
    ]
    sizes = [(w, h) for _, w, h, _ in panels]
    columns = _columns(sizes)
    width, height = _layout_size(sizes, columns)
    rest = [f"{n}. {m}" for n, m in enumerate(moves[drawn:], start=drawn + 1)]
    chars = max(20, int(width / (0.6 * CAPTION_SIZE)))
    captions = _wrap(rest, chars) if rest else []
    if captions:
        captions.insert(0, "Moves not drawn (x1,y1,x2,y2 or add):")
    total_h = height + (len(captions) * CAPTION_LINE + 8 if captions else 0)
    svg = ET.Element("svg", {
        "xmlns": SVG_NS, "width": _n(width), "height": _n(total_h),
        "viewBox": f"-1 -1 {_n(width)} {_n(total_h)}",
    })
    _el(svg, "rect", {"x": -1, "y": -1, "width": _n(width), "height": _n(total_h),
                      "fill": "#ffffff"})
    y = 0.0
    for start in range(0, len(panels), columns):
        row = panels[start : start + columns]
        x = 0.0
        for group, w, _h, _head in row:
            group.set("transform", f"translate({_n(x)} {_n(y)})")
            svg.append(group)
            x += w + PANEL_GAP
        y += max(h for _, _, h, _ in row) + PANEL_GAP
    caption = STYLES["caption"]
    for index, line in enumerate(captions):
        _text(svg, 2, height + 8 + index * CAPTION_LINE + CAPTION_LINE / 2, line, "caption",
              caption.size, caption.weight, caption.colour, anchor="start")
    return ET.tostring(svg, encoding="unicode") + "\n"


def _blank(board: Board) -> tuple[ET.Element, float, float]:
    """A board with no marks (no move of the solution could be made on it)."""
    picture = _grid(board)
    group = ET.Element("g", {"class": "phase"})
    for child in list(picture.to_element()):
        group.append(child)
    return group, float(picture.width), float(picture.height)


def _n(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text if text != "-0" else "0"
