"""The Number Match board: digits 1..9 in rows, 0 for a cleared cell, and the pairs taken.

A board is stored row-major as a flat tuple so that it is immutable, hashable and cheap to
turn into bitmasks.  Internally cells are ``(row, col)``, 0-based; the original program and
the command line write a pair as ``x1,y1,x2,y2`` with ``x = column`` and ``y = row``, and
``Pair.from_xy`` / ``Pair.xy`` are the only places that convert.

Text form: rows of digits separated by ``/`` or newlines (blank lines and spaces around a
row are ignored), e.g. ``18866/62725/32795/34448``.  Rectangular boards are the rule; the
``classic`` and ``easybrain`` presets allow a shorter last row (numbers are added in reading
order, so the last row is usually partial).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..core.errors import InvalidPuzzleError, PuzzleFormatError
from ..core.words import cell_words

Cell = tuple[int, int]
"""``(row, col)``, 0-based."""


@dataclass(frozen=True, order=True)
class Pair:
    """Two cells taken together, stored as given (the order of the ends does not matter)."""

    a: Cell
    b: Cell

    @classmethod
    def from_xy(cls, x1: int, y1: int, x2: int, y2: int) -> Pair:
        """The pair the original writes ``{x1,y1,x2,y2}`` (x = column, y = row)."""
        return cls((y1, x1), (y2, x2))

    def xy(self) -> tuple[int, int, int, int]:
        """``(x1, y1, x2, y2)`` with x = column, y = row, as the original and the CLI write it."""
        return (self.a[1], self.a[0], self.b[1], self.b[0])

    def __str__(self) -> str:
        return ",".join(str(v) for v in self.xy())


@dataclass(frozen=True)
class Board:
    """``width`` columns; ``cells`` row-major, 0 = cleared; the last row may be short.

    ``height`` is the number of rows, counting a short last row.
    """

    width: int
    height: int
    cells: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.width < 1:
            raise InvalidPuzzleError(f"a board needs at least one column, got width {self.width}")
        if self.height < 0:
            raise InvalidPuzzleError(f"height must not be negative, got {self.height}")
        n = len(self.cells)
        if not (self.width * (self.height - 1) < n <= self.width * self.height or n == 0):
            raise InvalidPuzzleError(
                f"{n} cells do not fill {self.height} rows of width {self.width}"
            )
        for v in self.cells:
            if not 0 <= v <= 9:
                raise InvalidPuzzleError(f"cell values must be digits 0..9, got {v}")

    @classmethod
    def from_rows(cls, rows: Iterable[Iterable[int]]) -> Board:
        """A board from rows of ints; all rows but the last must have the first row's length."""
        lists = [list(r) for r in rows]
        if not lists:
            raise InvalidPuzzleError("a board needs at least one row")
        width = len(lists[0])
        return cls(width, len(lists), tuple(v for r in lists for v in r))

    @property
    def rectangular(self) -> bool:
        """True when every row is full."""
        return len(self.cells) == self.width * self.height

    def index(self, cell: Cell) -> int:
        """The flat index of ``(row, col)``; raises for a cell outside the board."""
        r, c = cell
        i = r * self.width + c
        if not (0 <= c < self.width and r >= 0 and i < len(self.cells)):
            raise InvalidPuzzleError(f"{cell_words(cell)} is outside the board")
        return i

    def cell(self, index: int) -> Cell:
        """The ``(row, col)`` of a flat index."""
        return divmod(index, self.width)

    def value(self, cell: Cell) -> int:
        """The digit at ``(row, col)`` (0 when cleared)."""
        return self.cells[self.index(cell)]

    def contains(self, cell: Cell) -> bool:
        """True when ``(row, col)`` is on the board."""
        r, c = cell
        return 0 <= c < self.width and r >= 0 and r * self.width + c < len(self.cells)

    @property
    def remaining(self) -> int:
        """How many digits are left."""
        return sum(1 for v in self.cells if v)

    @property
    def cleared(self) -> bool:
        """True when every cell is cleared (the goal)."""
        return not any(self.cells)

    def rows(self) -> Iterator[tuple[int, ...]]:
        """The rows, top to bottom (the last may be short)."""
        for start in range(0, len(self.cells), self.width):
            yield self.cells[start : start + self.width]

    def with_cleared(self, *indices: int) -> Board:
        """A copy with the cells at these flat indices set to 0."""
        cells = list(self.cells)
        for i in indices:
            cells[i] = 0
        return Board(self.width, self.height, tuple(cells))

    def __str__(self) -> str:
        return "/".join("".join(str(v) for v in row) for row in self.rows())

    def pretty(self) -> str:
        """Rows on separate lines, cleared cells as ``.``."""
        return "\n".join(" ".join(str(v) if v else "." for v in row) for row in self.rows())


def parse_board(text: str, *, allow_short_last_row: bool = False) -> Board:
    """Read rows of digits separated by ``/`` or newlines; 0 (or ``.``) marks a cleared cell.

    Raises ``PuzzleFormatError`` (with the 1-based row number) for any other character and
    for rows of different lengths (only the last row may be shorter, and only when
    ``allow_short_last_row``).
    """
    rows: list[tuple[int, ...]] = []
    for number, raw in enumerate(text.replace("/", "\n").split("\n"), start=1):
        line = raw.strip()
        if not line:
            continue
        digits: list[int] = []
        for ch in line:
            if ch in "0123456789":
                digits.append(int(ch))
            elif ch == ".":
                digits.append(0)
            else:
                raise PuzzleFormatError(
                    f"unexpected character {ch!r} in row {line!r} (use digits 0-9, 0 = cleared)",
                    line=number,
                )
        rows.append(tuple(digits))
    if not rows:
        raise PuzzleFormatError("empty board: give rows of digits separated by '/' or newlines")
    width = len(rows[0])
    for k, row in enumerate(rows[1:], start=2):
        short_ok = allow_short_last_row and k == len(rows) and len(row) < width
        if len(row) != width and not short_ok:
            raise PuzzleFormatError(
                f"row {k} has {len(row)} cells but row 1 has {width} (rows must be equal length)",
                line=k,
            )
    return Board.from_rows(rows)
