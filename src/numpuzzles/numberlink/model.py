"""The Numberlink board model shared by formats, solver, checker and generators.

Cells are stored row-major in one tuple: ``0`` an empty cell, ``-1`` a blocked cell (the
union-find generator's solid ``X``), ``k > 0`` an endpoint of label ``k``.  Coordinates are
``(row, col)``, 0-based.  Labels are positive integers; formats that use letters keep the
characters in ``Puzzle.names`` (label ``k`` is written ``names[k - 1]``).

API contract between modules (keep it stable):
- ``numberlink.solve.solve(puzzle, *, rules=Rules.FILL, limit=1, timeout=None)
  -> SolveResult[Solution]``; ``limit=2`` decides uniqueness, ``limit=None`` counts all.
- ``numberlink.check.check(puzzle, solution, rules) -> list[Violation]`` (independent).
- ``numberlink.formats.parse(text, format=None) -> list[Puzzle]`` and
  ``numberlink.formats.dump(puzzle, format, solution=None) -> str``.
- ``numberlink.formats.parse_solution(text, puzzle, format=None) -> Solution`` reads a
  solved grid (paths traced by ``numberlink.trace`` when the format holds labels only).
- ``numberlink.count.count(puzzle, rules) -> int | None``: exact solution counts without
  listing them (a compiled frontier dynamic programme; every rule set).
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass

from ..core.errors import InvalidPuzzleError

EMPTY = 0
BLOCKED = -1

Cell = tuple[int, int]


class Rules(enum.Enum):
    """The three rule sets in real use; they give different answers on the same grid."""

    FILL = "fill"
    """Every free cell lies on a path; a path may run alongside itself."""
    FILL_NOTOUCH = "fill-notouch"
    """``fill``, and no cell touches a cell of its own path other than its path neighbours."""
    BLANK = "blank"
    """Cells may stay empty (Nikoli's and the BwInf Arukone rule)."""


@dataclass(frozen=True)
class Puzzle:
    """A Numberlink board: size, cells (row-major), optional display names of labels."""

    width: int
    height: int
    cells: tuple[int, ...]
    names: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if self.width < 1 or self.height < 1:
            raise InvalidPuzzleError(f"board must be at least 1x1, got {self.width}x{self.height}")
        if len(self.cells) != self.width * self.height:
            raise InvalidPuzzleError(
                f"{self.width}x{self.height} board needs {self.width * self.height} cells, "
                f"got {len(self.cells)}"
            )
        # counted in C (``Counter``): a loop over the cells in Python would cost a small
        # board more than its search
        counts = Counter(self.cells)
        if counts and (lowest := min(counts)) < BLOCKED:
            raise InvalidPuzzleError(f"invalid cell value {lowest}")
        for label, count in sorted(counts.items()):
            if label > 0 and count != 2:
                raise InvalidPuzzleError(
                    f"label {self.label_name(label)} has {count} end{'s' if count != 1 else ''}, "
                    "needs exactly 2"
                )

    def at(self, row: int, col: int) -> int:
        """The value of cell ``(row, col)``."""
        return self.cells[row * self.width + col]

    @property
    def labels(self) -> tuple[int, ...]:
        """The labels on the board, ascending."""
        return tuple(sorted({v for v in self.cells if v > 0}))

    def endpoints(self) -> dict[int, tuple[Cell, Cell]]:
        """Each label's two ends, the first in row-major order first (a new dict each call).

        Found once per puzzle and kept (outside the fields, so equality, hashing and
        ``dataclasses.replace`` ignore it): solving one board asks for them several times,
        and on a small board each search costs about what this scan of the cells does."""
        known: dict[int, tuple[Cell, Cell]] | None = self.__dict__.get("_endpoints")
        if known is None:
            found: dict[int, list[Cell]] = {}
            for index, value in enumerate(self.cells):
                if value > 0:
                    found.setdefault(value, []).append(divmod(index, self.width))
            known = {label: (ends[0], ends[1]) for label, ends in sorted(found.items())}
            object.__setattr__(self, "_endpoints", known)
        return dict(known)

    def label_name(self, label: int) -> str:
        """How label ``label`` is written: its letter when the puzzle has names, else the number."""
        if self.names is not None and 0 < label <= len(self.names):
            return self.names[label - 1]
        return str(label)

    def rows(self) -> list[list[int]]:
        """The cells as a list of rows (for JSON)."""
        w = self.width
        return [list(self.cells[r * w : (r + 1) * w]) for r in range(self.height)]


@dataclass(frozen=True)
class Solution:
    """A solved board: the label of every cell (0 empty, -1 blocked) and each label's path.

    ``paths`` maps each label to its ordered cells, from the label's first end in
    row-major order to its second.
    """

    width: int
    height: int
    cells: tuple[int, ...]
    paths: tuple[tuple[int, tuple[Cell, ...]], ...]

    def path(self, label: int) -> tuple[Cell, ...]:
        """The ordered cells of ``label``'s path."""
        for key, cells in self.paths:
            if key == label:
                return cells
        raise KeyError(label)

    def rows(self) -> list[list[int]]:
        """The cell labels as a list of rows (for JSON)."""
        w = self.width
        return [list(self.cells[r * w : (r + 1) * w]) for r in range(self.height)]
