"""A Numberlink board of ``depth`` stacked layers, and its solution.

Cells are stored layer by layer, each layer row-major: cell ``(z, row, col)`` is index
``(z * height + row) * width + col``, with ``z``, ``row`` and ``col`` 0-based inside the
library (the contest's files number layers from 1; ``formats`` converts at the edge).
Values as in the 2-D model: ``0`` empty, ``k > 0`` an end of label ``k``.  The contest has
no blocked cells, so neither does this model.

*Vias* (the 2016 contest's rule; ``vias`` empty: the rule of 2017 on).  From 2017 a path
may step to the same cell one layer up or down anywhere.  The 2016 contest instead gave
fixed vias, each a column of cells at one ``(row, col)`` over consecutive layers, named by
letters: a path changes layer only through a via, entering at one end layer and leaving
at the other (the layers between are the via's own, joined to nothing in their plane),
every via is used by exactly one line, a line uses at most one, and a board has exactly
as many vias as lines whose ends lie on different layers (the contest's "no useless
via").  So each such line takes one via whose end layers are its ends' layers, and every
other line stays in its layer.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.errors import InvalidPuzzleError

Cell3 = tuple[int, int, int]
"""``(z, row, col)``, 0-based."""
Via = tuple[str, tuple[Cell3, ...]]
"""A via: its name (the contest's letters) and its cells, from the lowest layer up."""

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
    vias: tuple[Via, ...] = ()
    """The 2016 rule's vias (see the module docstring); empty: paths change layer anywhere."""

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
        if self.vias:
            self._check_vias()

    def _check_vias(self) -> None:
        """The 2016 rule's conditions on the vias themselves (module docstring)."""
        w, h, d = self.width, self.height, self.depth
        taken: set[Cell3] = set()
        names: set[str] = set()
        for name, cells in self.vias:
            if not name or name in names:
                raise InvalidPuzzleError(f"via name {name!r} is empty or repeated")
            names.add(name)
            if len(cells) < 2:
                raise InvalidPuzzleError(f"via {name} has {len(cells)} cell(s), needs 2 or more")
            z0, r0, c0 = cells[0]
            for k, (z, r, c) in enumerate(cells):
                if not (0 <= z < d and 0 <= r < h and 0 <= c < w):
                    raise InvalidPuzzleError(f"via {name} leaves the board")
                if (r, c) != (r0, c0) or z != z0 + k:
                    raise InvalidPuzzleError(
                        f"via {name} must stand on one place over consecutive layers")
                if self.cells[self.index((z, r, c))]:
                    raise InvalidPuzzleError(f"via {name} stands on a line's end")
                if (z, r, c) in taken:
                    raise InvalidPuzzleError(f"via {name} shares a cell with another via")
                taken.add((z, r, c))
        crossing = sum(1 for a, b in self.endpoints().values() if a[0] != b[0])
        if crossing != len(self.vias):
            raise InvalidPuzzleError(
                f"{len(self.vias)} via(s) for {crossing} line(s) whose ends lie on different "
                "layers: the 2016 rule needs exactly one via for each such line")

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
