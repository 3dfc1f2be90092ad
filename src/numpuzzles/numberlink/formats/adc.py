"""The ``adc`` format: the DA Symposium Algorithm Design Contest problem and answer files.

The 2-D files of 2015::

    SIZE 10X10
    LINE_NUM 2
    LINE#1 (8,1)-(8,8)
    LINE#2 (0,0)-(3,4)

and, from 2016 on, boards of ``D`` layers (``SIZE WxHxD``) with 3-D ends ``(x,y,z)``,
the two ends separated by ``-`` or spaces, the layer ``z`` counted from 1 (the contest's
checker ``nlcheck.py`` reads it so)::

    SIZE 10X5X2
    LINE_NUM 1
    LINE#1 (0,0,1) (7,4,2)

Coordinates are ``(x, y)`` = (column, row), zero-based; this module converts them to the
package's ``(row, col)`` (and layers to 0-based).  Answers: the ``SIZE`` line, then rows of
comma-separated two-digit line numbers, ``00`` for an empty cell; from 2016 on each
layer's rows follow a ``LAYER n`` line.  Both are read whichever header they carry.

A 2016-style file of one layer is a plain 2-D board (a ``Puzzle``) and is written back
in the style it came in (``SIZE WxHx1``, ``LAYER 1``): the puzzle remembers it outside
its fields (``LAYERED_STYLE``), so equality and hashing ignore it.  A board of several
layers is read by ``read_stack`` into the raw ``Stack`` (``numberlink/layers`` makes it a
``LayeredPuzzle``); ``parse`` refuses it, since a ``Puzzle`` has one layer.

The 2016 contest's vias: ``VIA#a (x,y,1) (x,y,2)`` names a via (letters) and its cells,
one place over consecutive layers, the points separated by spaces or ``-`` as a line's
are.  A file with vias is played by the 2016 rule (a path changes layer only through a
via, see ``layers/model.py``); one without, by the rule of 2017 on (anywhere).  Answers
are the same either way: a via's cells carry the number of the line that takes it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import pairwise

from ...core.errors import PuzzleFormatError
from ...core.intparse import ascii_int, read_int
from ..model import Puzzle, Solution
from .grid import MAX_CELLS, Grid, check_size, no_blocked, to_puzzle

NAME = "adc"
LAYERED_STYLE = "_adc_layered"
"""The attribute a ``Puzzle`` read from a ``SIZE WxHx1`` file carries (see the docstring)."""
MAX_LAYERS = 64
"""The most layers a file may declare (the contest's boards have at most 8)."""

_SIZE = re.compile(r"^SIZE\s+([0-9]+)\s*[Xx]\s*([0-9]+)(?:\s*[Xx]\s*([0-9]+))?$", re.I)
_COUNT = re.compile(r"^LINE_NUM\s+([0-9]+)$", re.I)
_LAYER = re.compile(r"^LAYER\s+([0-9]+)$", re.I)
_POINT = r"\(\s*([0-9]+)\s*,\s*([0-9]+)\s*\)"
_LINE = re.compile(rf"^LINE#([0-9]+)\s*{_POINT}\s*-\s*{_POINT}$", re.I)
_POINT3 = r"\(\s*([0-9]+)\s*,\s*([0-9]+)\s*,\s*([0-9]+)\s*\)"
_LINE3 = re.compile(rf"^LINE#([0-9]+)\s*{_POINT3}(?:\s*-\s*|\s+){_POINT3}$", re.I)
_VIA = re.compile(rf"^VIA#([A-Za-z]+)\s*({_POINT3}(?:(?:\s*-\s*|\s+){_POINT3})+)$", re.I)
_POINT3_ANY = re.compile(_POINT3)

Point3 = tuple[int, int, int]
"""``(z, row, col)``, 0-based."""


@dataclass(frozen=True)
class Stack:
    """A problem file as read: its size and each line's two ends (by line number)."""

    width: int
    height: int
    depth: int
    ends: dict[int, tuple[Point3, Point3]]
    layered: bool
    """Whether the header gave a layer count (``SIZE WxHxD``)."""
    line_of: dict[int, int]
    """The file's line number that defines each line number's ends (for errors)."""
    vias: dict[str, tuple[Point3, ...]] = field(default_factory=dict)
    """Each via's cells, lowest layer first, by name, in the file's order (2016 rule)."""


def _lines(text: str) -> list[tuple[int, str]]:
    return [(n, raw.strip()) for n, raw in enumerate(text.splitlines(), start=1) if raw.strip()]


def _size(lines: list[tuple[int, str]]) -> tuple[int, int, int, bool]:
    if not lines:
        raise PuzzleFormatError("empty input, expected 'SIZE WxH' or 'SIZE WxHxD'")
    number, line = lines[0]
    match = _SIZE.match(line.lstrip("\ufeff"))
    if match is None:
        raise PuzzleFormatError(f"expected 'SIZE WxH' or 'SIZE WxHxD', got {line!r}",
                                line=number)
    width = read_int(match.group(1), "the width", number)
    height = read_int(match.group(2), "the height", number)
    layered = match.group(3) is not None
    depth = read_int(match.group(3), "the layer count", number) if layered else 1
    if not 1 <= depth <= MAX_LAYERS:
        raise PuzzleFormatError(f"layer count {depth} is not 1 to {MAX_LAYERS}", line=number)
    check_size(width, height, number)
    if width * height * depth > MAX_CELLS:
        raise PuzzleFormatError(f"board {width}x{height}x{depth} is too large: at most "
                                f"{MAX_CELLS:,} cells", line=number)
    return width, height, depth, layered


def depth_of(text: str) -> int:
    """The number of layers ``text``'s ``SIZE`` line declares (1 for ``SIZE WxH``)."""
    return _size(_lines(text))[2]


def is_answer(text: str) -> bool:
    """True for an answer file (SIZE then grid rows), False for a problem file."""
    lines = _lines(text)
    return len(lines) > 1 and not lines[1][1].upper().startswith("LINE")


def read_stack(text: str) -> Stack:
    """The problem in ``text``, of any number of layers (see the module docstring)."""
    lines = _lines(text)
    width, height, depth, layered = _size(lines)
    if len(lines) < 2 or _COUNT.match(lines[1][1]) is None:
        where = lines[1][0] if len(lines) > 1 else lines[0][0]
        raise PuzzleFormatError("expected 'LINE_NUM n'", line=where)
    count_match = _COUNT.match(lines[1][1])
    assert count_match is not None
    count = read_int(count_match.group(1), "LINE_NUM", lines[1][0])
    ends: dict[int, tuple[Point3, Point3]] = {}
    line_of: dict[int, int] = {}
    used: set[Point3] = set()
    vias: dict[str, tuple[Point3, ...]] = {}
    via_lines: list[tuple[int, str]] = []
    for number, line in lines[2:]:
        if line.upper().startswith("VIA#"):
            via_lines.append((number, line))
            continue
        label, points = _line(line, number, layered)
        if label in ends or label == 0:
            raise PuzzleFormatError(f"line number {label} repeated or invalid", line=number)
        for x, y, z in points:
            if not (0 <= x < width and 0 <= y < height and 0 <= z < depth):
                shown = f"({x},{y},{z + 1})" if layered else f"({x},{y})"
                raise PuzzleFormatError(f"point {shown} is off the board", line=number)
        first, second = ((z, y, x) for x, y, z in points)
        if first == second:
            raise PuzzleFormatError("a line's two ends are the same point", line=number)
        for point in (first, second):
            if point in used:
                raise PuzzleFormatError(f"point {_shown(point, layered)} is used twice",
                                        line=number)
            used.add(point)
        ends[label] = (first, second)
        line_of[label] = number
    if len(ends) != count:
        raise PuzzleFormatError(
            f"LINE_NUM says {count} lines, the file has {len(ends)}", line=lines[1][0]
        )
    for number, line in via_lines:
        name, cells = _via(line, number, (width, height, depth), layered)
        if name in vias:
            raise PuzzleFormatError(f"via {name} is defined twice", line=number)
        for point in cells:
            if point in used:
                raise PuzzleFormatError(
                    f"point {_shown(point, layered)} is a line's end or in another via",
                    line=number)
            used.add(point)
        vias[name] = cells
    return Stack(width, height, depth, ends, layered, line_of, vias)


def _via(line: str, number: int, size: tuple[int, int, int],
         layered: bool) -> tuple[str, tuple[Point3, ...]]:
    """A ``VIA#`` line's name and cells ``(z, row, col)``, lowest layer first."""
    match = _VIA.match(line)
    if match is None or not layered:
        raise PuzzleFormatError(
            f"expected 'VIA#name (x,y,z) (x,y,z) ...' on a board of layers, got {line!r}",
            line=number)
    width, height, depth = size
    points = []
    for found in _POINT3_ANY.finditer(match.group(2)):
        x, y, z = (read_int(g, "a coordinate", number) for g in found.groups())
        if not (0 <= x < width and 0 <= y < height and 1 <= z <= depth):
            raise PuzzleFormatError(f"point ({x},{y},{z}) is off the board", line=number)
        points.append((z - 1, y, x))
    points.sort()
    if len({(r, c) for _z, r, c in points}) != 1 or any(
            b[0] != a[0] + 1 for a, b in pairwise(points)):
        raise PuzzleFormatError("a via's points must be one place on consecutive layers",
                                line=number)
    return match.group(1), tuple(points)


def _shown(point: Point3, layered: bool) -> str:
    z, r, c = point
    return f"({c},{r},{z + 1})" if layered else f"({c},{r})"


def _line(line: str, number: int, layered: bool) -> tuple[int, list[Point3]]:
    """A ``LINE#`` line's number and its two points as ``(x, y, z)``, z 0-based."""
    if layered:
        match = _LINE3.match(line)
        if match is None:
            raise PuzzleFormatError(
                f"expected 'LINE#k (x,y,z)-(x,y,z)', got {line!r}", line=number)
        values = [read_int(g, "a coordinate", number) for g in match.groups()[1:]]
        for z in (values[2], values[5]):
            if z < 1:
                raise PuzzleFormatError("layers are numbered from 1", line=number)
        points = [(values[0], values[1], values[2] - 1), (values[3], values[4], values[5] - 1)]
    else:
        match = _LINE.match(line)
        if match is None:
            raise PuzzleFormatError(f"expected 'LINE#k (x,y)-(x,y)', got {line!r}", line=number)
        values = [read_int(g, "a coordinate", number) for g in match.groups()[1:]]
        points = [(values[0], values[1], 0), (values[2], values[3], 0)]
    return read_int(match.group(1), "the line number", number), points


def read(text: str) -> list[Grid]:
    """The problem's grid (a list of one); a board of several layers is refused."""
    return [_grid(read_stack(text))]


def _grid(stack: Stack) -> Grid:
    if stack.depth > 1:
        raise PuzzleFormatError(
            f"the board has {stack.depth} layers; a 2-D puzzle has one (the layered "
            "solver reads it: numberlink.layers)", line=1)
    w, h = stack.width, stack.height
    tokens: list[str | None] = [None] * (w * h)
    rows = [1] * h
    for label, ends in stack.ends.items():
        for _z, r, c in ends:
            tokens[r * w + c] = str(label)
            rows[r] = stack.line_of[label]
    return Grid(w, h, tuple(tokens), tuple(rows), numeric=True)


def read_layers(text: str) -> tuple[int, int, int, tuple[int, ...], int]:
    """An answer file's size, its cells (layer by layer, each row-major: line numbers, 0
    empty) and the line number of its first row; ``SIZE`` may give a layer count or not,
    and a ``LAYER n`` line may head each layer (needed when there are several)."""
    lines = _lines(text)
    width, height, depth, _layered = _size(lines)
    cells: list[list[int] | None] = [None] * depth
    at, current = 1, 0
    first_row = lines[1][0] if len(lines) > 1 else lines[0][0]
    while at < len(lines):
        number, line = lines[at]
        if _SIZE.match(line):
            break  # a second answer follows (``solve --unique -o``): the first is read
        layer = _LAYER.match(line)
        if layer is not None:
            current = read_int(layer.group(1), "the layer", number) - 1
            if not 0 <= current < depth:
                raise PuzzleFormatError(f"layer {current + 1} is not 1 to {depth}", line=number)
            at += 1
        elif depth > 1:
            raise PuzzleFormatError("expected 'LAYER n' before a layer's rows", line=number)
        elif current >= depth:
            raise PuzzleFormatError(f"expected {height} rows after SIZE, found more",
                                    line=number)
        if cells[current] is not None:
            raise PuzzleFormatError(f"layer {current + 1} is given twice", line=number)
        body = lines[at : at + height]
        if len(body) != height or any(_LAYER.match(row) for _, row in body):
            raise PuzzleFormatError(f"expected {height} rows for layer {current + 1}",
                                    line=lines[min(at, len(lines) - 1)][0])
        values: list[int] = []
        for row_number, row in body:
            values.extend(_row(row, row_number, width))
        cells[current] = values
        at += height
        current += 1
    missing = [str(z + 1) for z, found in enumerate(cells) if found is None]
    if missing:
        raise PuzzleFormatError(f"no rows for layer {', '.join(missing)}", line=lines[-1][0])
    return width, height, depth, tuple(v for found in cells if found for v in found), first_row


def _row(line: str, number: int, width: int) -> list[int]:
    parts = [p.strip() for p in line.split(",")]
    if len(parts) != width:
        raise PuzzleFormatError(f"row has {len(parts)} cells, expected {width}", line=number)
    out = []
    for part in parts:
        value = ascii_int(part, number)
        if value is None or value < 0:
            raise PuzzleFormatError(f"unknown cell {part!r}", line=number)
        out.append(value)
    return out


def read_answer(text: str) -> Grid:
    """A 2-D answer file's grid of line numbers (``SIZE WxH`` or ``SIZE WxHx1``, with or
    without a ``LAYER 1`` line)."""
    width, height, depth, cells, first = read_layers(text)
    if depth > 1:
        raise PuzzleFormatError(f"the answer has {depth} layers; a 2-D puzzle has one",
                                line=1)
    tokens = tuple(None if v == 0 else str(v) for v in cells)
    return Grid(width, height, tokens, tuple(range(first, first + height)), numeric=True)


def parse(text: str) -> list[Puzzle]:
    """The problem in ``text`` (a list of one): a board of one layer."""
    if is_answer(text):
        raise PuzzleFormatError("this is an ADC answer file, not a problem", line=2)
    stack = read_stack(text)
    puzzle = to_puzzle(_grid(stack))
    if stack.layered:
        object.__setattr__(puzzle, LAYERED_STYLE, True)
    return [puzzle]


def dump_stack(width: int, height: int, depth: int,
               ends: dict[int, tuple[Point3, Point3]],
               vias: dict[str, tuple[Point3, ...]] | None = None) -> str:
    """A problem file of the 2016 style (``SIZE WxHxD``, layers from 1), with its vias."""
    out = [f"SIZE {width}X{height}X{depth}", f"LINE_NUM {len(ends)}"]
    for label, ((z1, r1, c1), (z2, r2, c2)) in sorted(ends.items()):
        out.append(f"LINE#{label} ({c1},{r1},{z1 + 1})-({c2},{r2},{z2 + 1})")
    for name, cells in (vias or {}).items():
        out.append(f"VIA#{name} " + " ".join(f"({c},{r},{z + 1})" for z, r, c in cells))
    return "\n".join(out) + "\n"


def dump_layers(width: int, height: int, depth: int, cells: tuple[int, ...]) -> str:
    """An answer file of the 2016 style: ``SIZE WxHxD``, each layer's rows after
    ``LAYER n``."""
    out = [f"SIZE {width}X{height}X{depth}"]
    for z in range(depth):
        out.append(f"LAYER {z + 1}")
        for r in range(height):
            start = (z * height + r) * width
            out.append(",".join(f"{v:02d}" for v in cells[start : start + width]))
    return "\n".join(out) + "\n"


def dump(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The problem file, or the answer file when ``solution`` is given, in the style the
    puzzle was read in (2015's ``SIZE WxH`` unless it came as ``SIZE WxHx1``)."""
    no_blocked(puzzle, NAME)
    w, h = puzzle.width, puzzle.height
    layered = bool(puzzle.__dict__.get(LAYERED_STYLE, False))
    if solution is not None:
        if layered:
            return dump_layers(w, h, 1, solution.cells)
        rows = [",".join(f"{v:02d}" for v in solution.cells[r * w : (r + 1) * w]) for r in range(h)]
        return f"SIZE {w}X{h}\n" + "\n".join(rows) + "\n"
    if layered:
        ends = {k: ((0, *a), (0, *b)) for k, (a, b) in puzzle.endpoints().items()}
        return dump_stack(w, h, 1, ends)
    out = [f"SIZE {w}X{h}", f"LINE_NUM {len(puzzle.labels)}"]
    for label, ((r1, c1), (r2, c2)) in puzzle.endpoints().items():
        out.append(f"LINE#{label} ({c1},{r1})-({c2},{r2})")
    return "\n".join(out) + "\n"
