"""The Survo puzzle: an m×n table, its row and column sums, and the givens.

Cells are numbered row by row (index ``r * width + c``); the command line numbers
positions 1..m·n the same way.  A sum of ``None`` is hidden: that line is not constrained.

Why ``MAX_CELLS`` is 36: the published puzzles run from 2×3 to 4×5 and a few 6×6; past 36
cells the exact counter's states no longer fit in seconds, and a documented maximum is
refused up front everywhere (``core/params.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import InvalidPuzzleError
from ..core.words import index_words
from ..sumgrid.table import Line

MIN_SIDE = 2
MAX_CELLS = 36
SHAPE_RULE = f"{MIN_SIDE} ≤ m, n and m·n ≤ {MAX_CELLS}"
"""The shapes accepted, as ``--help`` says them."""

Filling = tuple[tuple[int, ...], ...]
"""A filled table as rows of numbers."""


def shape_error(height: int, width: int) -> str | None:
    """Why ``height × width`` is not a Survo shape, or None when it is one."""
    if height < MIN_SIDE or width < MIN_SIDE or height * width > MAX_CELLS:
        return f"a Survo table is m×n with {SHAPE_RULE}, got {height}x{width}"
    return None


@dataclass(frozen=True)
class Puzzle:
    """An m×n Survo puzzle: ``rows`` holds the m row sums, ``cols`` the n column sums
    (None: hidden), ``givens`` the m·n cells row by row (0: empty)."""

    height: int
    width: int
    rows: tuple[int | None, ...]
    cols: tuple[int | None, ...]
    givens: tuple[int, ...]

    def __post_init__(self) -> None:
        validate(self)

    @property
    def cell_count(self) -> int:
        """m·n, also the largest number."""
        return self.height * self.width

    @property
    def given_count(self) -> int:
        """How many cells are given."""
        return sum(1 for v in self.givens if v)

    @property
    def is_open(self) -> bool:
        """No givens: the sums alone (an "open" Survo puzzle)."""
        return not any(self.givens)

    def row_cells(self, r: int) -> tuple[int, ...]:
        """The cells of row ``r``."""
        return tuple(r * self.width + c for c in range(self.width))

    def col_cells(self, c: int) -> tuple[int, ...]:
        """The cells of column ``c``."""
        return tuple(r * self.width + c for r in range(self.height))

    @property
    def product(self) -> bool:
        """Survo's lines always add up (Fubuki's product variant has no Survo form)."""
        return False

    def lines(self) -> list[Line]:
        """(name, cells, sum) for each row, then each column."""
        out = [Line(f"row {r + 1}", self.row_cells(r), self.rows[r]) for r in range(self.height)]
        out += [Line(f"column {c + 1}", self.col_cells(c), self.cols[c])
                for c in range(self.width)]
        return out

    def with_givens(self, givens: tuple[int, ...]) -> Puzzle:
        """The same sums with other givens."""
        return Puzzle(self.height, self.width, self.rows, self.cols, givens)

    def transposed(self) -> Puzzle:
        """The n×m puzzle whose solutions are this one's transposed."""
        m, n = self.height, self.width
        givens = tuple(self.givens[r * n + c] for c in range(n) for r in range(m))
        return Puzzle(n, m, self.cols, self.rows, givens)


def filling_totals(filling: Filling) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Row sums and column sums of a filled table."""
    rows = tuple(sum(row) for row in filling)
    cols = tuple(sum(col) for col in zip(*filling, strict=True))
    return rows, cols


def open_puzzle(filling: Filling) -> Puzzle:
    """The open puzzle (sums only) a filling poses."""
    rows, cols = filling_totals(filling)
    return Puzzle(len(filling), len(filling[0]), rows, cols, (0,) * (len(rows) * len(cols)))


def validate(puzzle: Puzzle) -> None:
    """Raise InvalidPuzzleError, with the reason, for anything that cannot be a puzzle."""
    m, n = puzzle.height, puzzle.width
    problem = shape_error(m, n)
    if problem:
        raise InvalidPuzzleError(problem)
    if len(puzzle.rows) != m or len(puzzle.cols) != n:
        raise InvalidPuzzleError(
            f"a {m}x{n} puzzle needs {m} row sums and {n} column sums, "
            f"got {len(puzzle.rows)} and {len(puzzle.cols)}")
    top = m * n
    if len(puzzle.givens) != top:
        raise InvalidPuzzleError(f"a {m}x{n} puzzle has {top} cells, got {len(puzzle.givens)}")
    seen: dict[int, int] = {}
    for index, value in enumerate(puzzle.givens):
        if value == 0:
            continue
        if not 1 <= value <= top:
            where = index_words(index, n)
            raise InvalidPuzzleError(f"the given {value} in {where} is outside 1..{top}")
        if value in seen:
            raise InvalidPuzzleError(
                f"{value} is given twice ({index_words(seen[value], n)} "
                f"and {index_words(index, n)})")
        seen[value] = index
    everything = top * (top + 1) // 2
    for name, sums in (("row", puzzle.rows), ("column", puzzle.cols)):
        known = [s for s in sums if s is not None]
        if any(s <= 0 for s in known):
            raise InvalidPuzzleError(f"{name} sums must be positive")
        if len(known) == len(sums) and sum(known) != everything:
            raise InvalidPuzzleError(
                f"the {name} sums add up to {sum(known)}, but 1..{top} add up to "
                f"{everything}: the sums cannot all be met")
        if sum(known) > everything:
            raise InvalidPuzzleError(
                f"the {name} sums add up to {sum(known)}, more than 1..{top} make ({everything})")
    unused = sorted(set(range(1, top + 1)) - set(seen))
    for name, cells, total in puzzle.lines():
        if total is None:
            continue
        placed = [puzzle.givens[i] for i in cells if puzzle.givens[i]]
        free = len(cells) - len(placed)
        rest = total - sum(placed)
        low, high = sum(unused[:free]), sum(unused[len(unused) - free:]) if free else 0
        if free > len(unused) or not low <= rest <= high:
            raise InvalidPuzzleError(
                f"{name} sum {total} cannot be reached with its givens and the numbers 1..{top}")
