"""The board as a graph of cells: what the SAT encoding is written over.

Why a graph and not the grid: a stacked board's cells touch six ways (four in their
layer, the same cell one layer up and down), and an encoding that only knows "vertices,
edges, ends" works unchanged for any such shape.  The 2-D engines keep their own grid
code (``core/grid.py``), tuned to the plane.
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import LayeredPuzzle


@dataclass(frozen=True)
class CellGraph:
    """Vertices ``0..size-1``, each with its neighbours (ascending), and each vertex's
    value (0 free, ``k > 0`` an end of label ``k``)."""

    size: int
    neighbours: tuple[tuple[int, ...], ...]
    values: tuple[int, ...]
    forced: tuple[tuple[int, int], ...] = ()
    """Edges ``(a, b)``, ``a < b``, that every solution uses: a via's steps between its
    layers (each via is used, whole, by one line)."""

    def edges(self) -> list[tuple[int, int]]:
        """Every edge once, as ``(a, b)`` with ``a < b``, in order."""
        return [(a, b) for a in range(self.size) for b in self.neighbours[a] if a < b]

    def ends(self) -> dict[int, tuple[int, int]]:
        """Each label's two ends, the lower vertex first."""
        found: dict[int, list[int]] = {}
        for vertex, value in enumerate(self.values):
            if value > 0:
                found.setdefault(value, []).append(vertex)
        return {label: (ends[0], ends[1]) for label, ends in sorted(found.items())}


def stacked_graph(puzzle: LayeredPuzzle) -> CellGraph:
    """The six-neighbour graph of ``puzzle``'s cells (vertex = cell index).

    With vias (the 2016 rule) a step between layers exists only inside a via, whose
    steps are ``forced``, and a via's cells on the layers between its ends have no
    neighbours in their plane.  Nothing more is needed for the rule: every via is used
    whole, a line needs a via to change layer, and there are as many vias as lines that
    change layer, so each of those takes exactly one and no other line takes any."""
    w, h, d = puzzle.width, puzzle.height, puzzle.depth
    plane = w * h
    vertical = not puzzle.vias
    middle: set[int] = set()
    up: set[int] = set()  # vertices with a via step to the layer above
    forced: list[tuple[int, int]] = []
    for _name, cells in puzzle.vias:
        column = [puzzle.index(cell) for cell in cells]
        middle.update(column[1:-1])
        up.update(column[:-1])
        forced.extend((a, a + plane) for a in column[:-1])
    out: list[tuple[int, ...]] = []
    for index in range(plane * d):
        z, rest = divmod(index, plane)
        r, c = divmod(rest, w)
        near = []
        if z > 0 and (vertical or index - plane in up):
            near.append(index - plane)
        if index not in middle:
            for n, ok in ((index - w, r > 0), (index - 1, c > 0), (index + 1, c < w - 1),
                          (index + w, r < h - 1)):
                if ok and n not in middle:
                    near.append(n)
        if z < d - 1 and (vertical or index in up):
            near.append(index + plane)
        out.append(tuple(near))
    return CellGraph(plane * d, tuple(out), puzzle.cells, tuple(forced))
