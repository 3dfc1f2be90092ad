"""The ``adc`` format: the DA Symposium Algorithm Design Contest problem and answer files.

Problem::

    SIZE 10X10
    LINE_NUM 2
    LINE#1 (8,1)-(8,8)
    LINE#2 (0,0)-(3,4)

Coordinates are ``(x, y)`` = (column, row), zero-based; this module converts them to the
package's ``(row, col)``.  Answer: ``SIZE 10X10`` then one line per row of comma-separated
two-digit line numbers, ``00`` for an empty cell.  Only the 2-D contest variant is read.
"""

from __future__ import annotations

import re

from ...core.errors import PuzzleFormatError
from ...core.intparse import ascii_int, read_int
from ..model import Puzzle, Solution
from .grid import Grid, check_size, no_blocked, to_puzzle

NAME = "adc"
_SIZE = re.compile(r"^SIZE\s+([0-9]+)\s*[Xx]\s*([0-9]+)$")
_COUNT = re.compile(r"^LINE_NUM\s+([0-9]+)$")
_POINT = r"\(\s*([0-9]+)\s*,\s*([0-9]+)\s*\)"
_LINE = re.compile(rf"^LINE#([0-9]+)\s*{_POINT}\s*-\s*{_POINT}$")


def _lines(text: str) -> list[tuple[int, str]]:
    return [(n, raw.strip()) for n, raw in enumerate(text.splitlines(), start=1) if raw.strip()]


def _size(lines: list[tuple[int, str]]) -> tuple[int, int]:
    if not lines:
        raise PuzzleFormatError("empty input, expected 'SIZE WxH'")
    number, line = lines[0]
    match = _SIZE.match(line)
    if match is None:
        raise PuzzleFormatError(f"expected 'SIZE WxH', got {line!r}", line=number)
    width = read_int(match.group(1), "the width", number)
    height = read_int(match.group(2), "the height", number)
    check_size(width, height, number)
    return width, height


def is_answer(text: str) -> bool:
    """True for an answer file (SIZE then grid rows), False for a problem file."""
    lines = _lines(text)
    return len(lines) > 1 and not lines[1][1].upper().startswith("LINE")


def read(text: str) -> list[Grid]:
    """The problem's grid (a list of one)."""
    lines = _lines(text)
    width, height = _size(lines)
    if len(lines) < 2 or _COUNT.match(lines[1][1]) is None:
        where = lines[1][0] if len(lines) > 1 else lines[0][0]
        raise PuzzleFormatError("expected 'LINE_NUM n'", line=where)
    count_match = _COUNT.match(lines[1][1])
    assert count_match is not None
    count = read_int(count_match.group(1), "LINE_NUM", lines[1][0])
    tokens: list[str | None] = [None] * (width * height)
    cell_lines = [lines[0][0]] * height
    seen: set[str] = set()
    for number, line in lines[2:]:
        match = _LINE.match(line)
        if match is None:
            raise PuzzleFormatError(f"expected 'LINE#k (x,y)-(x,y)', got {line!r}", line=number)
        label = str(read_int(match.group(1), "the line number", number))
        if label in seen or label == "0":
            raise PuzzleFormatError(f"line number {label} repeated or invalid", line=number)
        seen.add(label)
        for x_text, y_text in ((match.group(2), match.group(3)), (match.group(4), match.group(5))):
            x, y = read_int(x_text, "x", number), read_int(y_text, "y", number)
            if not (0 <= x < width and 0 <= y < height):
                raise PuzzleFormatError(f"point ({x},{y}) is off the board", line=number)
            if tokens[y * width + x] is not None:
                raise PuzzleFormatError(f"point ({x},{y}) is used twice", line=number)
            tokens[y * width + x] = label
            cell_lines[y] = number
        if match.group(2, 3) == match.group(4, 5):
            raise PuzzleFormatError("a line's two ends are the same point", line=number)
    if len(seen) != count:
        raise PuzzleFormatError(
            f"LINE_NUM says {count} lines, the file has {len(seen)}", line=lines[1][0]
        )
    return [Grid(width, height, tuple(tokens), tuple(cell_lines), numeric=True)]


def read_answer(text: str) -> Grid:
    """An answer file's grid of line numbers."""
    lines = _lines(text)
    width, height = _size(lines)
    body = lines[1 : 1 + height]
    if len(body) != height or len(lines) != height + 1:
        raise PuzzleFormatError(f"expected {height} rows after SIZE", line=lines[-1][0])
    tokens: list[str | None] = []
    for number, line in body:
        parts = [p.strip() for p in line.split(",")]
        if len(parts) != width:
            raise PuzzleFormatError(f"row has {len(parts)} cells, expected {width}", line=number)
        for part in parts:
            value = ascii_int(part, number)
            if value is None or value < 0:
                raise PuzzleFormatError(f"unknown cell {part!r}", line=number)
            tokens.append(None if value == 0 else str(value))
    return Grid(width, height, tuple(tokens), tuple(n for n, _ in body), numeric=True)


def parse(text: str) -> list[Puzzle]:
    """The problem in ``text`` (a list of one)."""
    if is_answer(text):
        raise PuzzleFormatError("this is an ADC answer file, not a problem", line=2)
    return [to_puzzle(grid) for grid in read(text)]


def dump(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The problem file, or the answer file when ``solution`` is given."""
    no_blocked(puzzle, NAME)
    w, h = puzzle.width, puzzle.height
    if solution is not None:
        rows = [",".join(f"{v:02d}" for v in solution.cells[r * w : (r + 1) * w]) for r in range(h)]
        return f"SIZE {w}X{h}\n" + "\n".join(rows) + "\n"
    out = [f"SIZE {w}X{h}", f"LINE_NUM {len(puzzle.labels)}"]
    for label, ((r1, c1), (r2, c2)) in puzzle.endpoints().items():
        out.append(f"LINE#{label} ({c1},{r1})-({c2},{r2})")
    return "\n".join(out) + "\n"
