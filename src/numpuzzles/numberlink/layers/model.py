"""A Numberlink board of ``depth`` stacked layers, and its solution.

Cells are stored layer by layer, each layer row-major: cell ``(z, row, col)`` is index
``(z * height + row) * width + col``, with ``z``, ``row`` and ``col`` 0-based inside the
library (the contest's files number layers from 1; ``formats`` converts at the edge).
Values as in the 2-D model: ``0`` empty, ``k > 0`` an end of label ``k``.  The contest has
no blocked cells, so neither does this model.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.errors import InvalidPuzzleError

Cell3 = tuple[int, int, int]
"""``(z, row, col)``, 0-based."""

MAX_LAYER_CELLS = 100_000
"""The most cells (all layers together) a layered board may have: the contest's largest,
72x72x8, is 41,472; a SAT model of this many cells is already a large one."""


@dataclass(frozen=True)
class LayeredPuzzle:
    """``depth`` layers of ``width`` x ``height`` cells; ends as in ``model.Puzzle``."""

    width: int
    height: int
    depth: int
    cells: tuple[int, ...]

    def __post_init__(self) -> None:
        w, h, d = self.width, self.height, self.depth
        if w < 1 or h < 1 or d < 1:
            raise InvalidPuzzleError(f"board must be at least 1x1x1, got {w}x{h}x{d}")
        if w * h * d > MAX_LAYER_CELLS:
            raise InvalidPuzzleError(
                f"board {w}x{h}x{d} is too large: at most {MAX_LAYER_CELLS:,} cells")
        if len(self.cells) != w * h * d:
            raise InvalidPuzzleError(
                f"{w}x{h}x{d} board needs {w * h * d} cells, got {len(self.cells)}")
        counts: dict[int, int] = {}
        for value in self.cells:
            if value < 0:
                raise InvalidPuzzleError(f"invalid cell value {value}")
            if value > 0:
                counts[value] = counts.get(value, 0) + 1
        for label, count in sorted(counts.items()):
            if count != 2:
                raise InvalidPuzzleError(f"label {label} has {count} end(s), needs exactly 2")

    def index(self, cell: Cell3) -> int:
        """The index of ``(z, row, col)`` in ``cells``."""
        z, r, c = cell
        return (z * self.height + r) * self.width + c

    def cell(self, index: int) -> Cell3:
        """The ``(z, row, col)`` of ``index``."""
        layer, rest = divmod(index, self.width * self.height)
        r, c = divmod(rest, self.width)
        return layer, r, c

    @property
    def labels(self) -> tuple[int, ...]:
        """The labels on the board, ascending."""
        return tuple(sorted({v for v in self.cells if v > 0}))

    def endpoints(self) -> dict[int, tuple[Cell3, Cell3]]:
        """Each label's two ends, the first in storage order first."""
        found: dict[int, list[Cell3]] = {}
        for index, value in enumerate(self.cells):
            if value > 0:
                found.setdefault(value, []).append(self.cell(index))
        return {label: (ends[0], ends[1]) for label, ends in sorted(found.items())}

    def layer(self, z: int) -> tuple[int, ...]:
        """Layer ``z``'s cells, row-major."""
        size = self.width * self.height
        return self.cells[z * size : (z + 1) * size]


@dataclass(frozen=True)
class LayeredSolution:
    """The label of every cell (0 empty) and each label's path, first end to second."""

    width: int
    height: int
    depth: int
    cells: tuple[int, ...]
    paths: tuple[tuple[int, tuple[Cell3, ...]], ...]

    def path(self, label: int) -> tuple[Cell3, ...]:
        """The ordered cells of ``label``'s path."""
        for key, cells in self.paths:
            if key == label:
                return cells
        raise KeyError(label)
