"""The Fubuki puzzle: size, totals, givens, and the variants (diagonals, products).

Cells are numbered row by row.  Internally a cell is an index 0..n²-1; the command line and
the original program number positions 1..n² row by row (``position = index + 1``).
A total of ``None`` is hidden (the generator hides totals in the variants).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..core.errors import InvalidPuzzleError
from ..core.words import index_words
from ..sumgrid.table import Line, combine

SIZES = (3, 4, 5)

Filling = tuple[tuple[int, ...], ...]
"""A filled grid as rows of digits."""


@dataclass(frozen=True)
class Puzzle:
    """An n×n Fubuki puzzle.

    ``givens`` has n² entries row by row, 0 for an empty cell.  ``diagonals`` holds the
    totals of the main diagonal (top-left to bottom-right) and the anti-diagonal, or is None
    when the puzzle has no diagonal totals.  With ``product`` every total is a product.
    """

    size: int
    rows: tuple[int | None, ...]
    cols: tuple[int | None, ...]
    givens: tuple[int, ...]
    diagonals: tuple[int | None, int | None] | None = None
    product: bool = False

    def __post_init__(self) -> None:
        validate(self)

    @property
    def cell_count(self) -> int:
        """n², also the largest digit."""
        return self.size * self.size

    @property
    def width(self) -> int:
        """n: the table's width, as the genre's shared code (``sumgrid``) reads it."""
        return self.size

    @property
    def height(self) -> int:
        """n, as ``width``."""
        return self.size

    def lines(self) -> list[Line]:
        """Rows, columns, then diagonals (when present), with their totals."""
        n = self.size
        result = [
            Line(f"row {r + 1}", tuple(r * n + c for c in range(n)), self.rows[r]) for r in range(n)
        ]
        result += [
            Line(f"column {c + 1}", tuple(r * n + c for r in range(n)), self.cols[c])
            for c in range(n)
        ]
        if self.diagonals is not None:
            result.append(
                Line("main diagonal", tuple(i * n + i for i in range(n)), self.diagonals[0])
            )
            result.append(
                Line("anti-diagonal", tuple(i * n + n - 1 - i for i in range(n)), self.diagonals[1])
            )
        return result

    @property
    def given_count(self) -> int:
        """How many cells are given."""
        return sum(1 for v in self.givens if v)

    def with_givens(self, givens: tuple[int, ...]) -> Puzzle:
        """The same totals with other givens."""
        return Puzzle(self.size, self.rows, self.cols, givens, self.diagonals, self.product)


def line_totals(filling: Filling, diagonals: bool) -> tuple[list[int], list[int], list[int]]:
    """Sums of the rows, the columns and (if asked) the two diagonals of a filling."""
    n = len(filling)
    rows = [sum(row) for row in filling]
    cols = [sum(filling[r][c] for r in range(n)) for c in range(n)]
    diags = []
    if diagonals:
        diags = [sum(filling[i][i] for i in range(n)), sum(filling[i][n - 1 - i] for i in range(n))]
    return rows, cols, diags


def validate(puzzle: Puzzle) -> None:
    """Raise InvalidPuzzleError with a clear message for anything that cannot be a puzzle."""
    n = puzzle.size
    if n not in SIZES:
        raise InvalidPuzzleError(f"size must be one of {', '.join(map(str, SIZES))}, got {n}")
    if len(puzzle.rows) != n or len(puzzle.cols) != n:
        raise InvalidPuzzleError(
            f"a {n}x{n} puzzle needs {n} row totals and {n} column totals, "
            f"got {len(puzzle.rows)} and {len(puzzle.cols)}"
        )
    top = n * n
    if len(puzzle.givens) != top:
        raise InvalidPuzzleError(f"a {n}x{n} puzzle has {top} cells, got {len(puzzle.givens)}")
    seen: dict[int, int] = {}
    for index, value in enumerate(puzzle.givens):
        if value == 0:
            continue
        if not 1 <= value <= top:
            where = index_words(index, n)
            raise InvalidPuzzleError(f"the given {value} in {where} is outside 1..{top}")
        if value in seen:
            raise InvalidPuzzleError(
                f"digit {value} is given twice ({index_words(seen[value], n)} "
                f"and {index_words(index, n)})"
            )
        seen[value] = index
    kind = "product" if puzzle.product else "total"
    everything = combine(list(range(1, top + 1)), puzzle.product)
    for name, totals in (("row", puzzle.rows), ("column", puzzle.cols)):
        known = [t for t in totals if t is not None]
        if any(t <= 0 for t in known):
            raise InvalidPuzzleError(f"{name} {kind}s must be positive")
        if len(known) == n and combine(known, puzzle.product) != everything:
            raise InvalidPuzzleError(
                f"the {name} {kind}s combine to {combine(known, puzzle.product)}, but the digits "
                f"1..{top} combine to {everything}: the totals cannot add up"
            )
    unused = sorted(set(range(1, top + 1)) - set(seen))
    for line in puzzle.lines():
        if line.total is None:
            continue
        placed = [puzzle.givens[i] for i in line.cells if puzzle.givens[i]]
        free = n - len(placed)
        if not _reachable(line.total, placed, free, unused, puzzle.product):
            raise InvalidPuzzleError(
                f"{line.name} {kind} {line.total} cannot be reached with its givens "
                f"and the digits 1..{top}"
            )


def _reachable(total: int, placed: list[int], free: int, unused: list[int], product: bool) -> bool:
    """Whether ``total`` lies within what the line's free cells can still contribute."""
    if product:
        done = math.prod(placed)
        if total % done:
            return False
        rest = total // done
        if free == 0:
            return rest == 1
        if free > len(unused):
            return False
        return math.prod(unused[:free]) <= rest <= math.prod(unused[-free:])
    rest = total - sum(placed)
    if free == 0:
        return rest == 0
    if free > len(unused):
        return False
    return sum(unused[:free]) <= rest <= sum(unused[-free:])
