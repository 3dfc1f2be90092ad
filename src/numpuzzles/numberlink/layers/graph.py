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
    """The six-neighbour graph of ``puzzle``'s cells (vertex = cell index)."""
    w, h, d = puzzle.width, puzzle.height, puzzle.depth
    plane = w * h
    out: list[tuple[int, ...]] = []
    for index in range(plane * d):
        z, rest = divmod(index, plane)
        r, c = divmod(rest, w)
        near = []
        if z > 0:
            near.append(index - plane)
        if r > 0:
            near.append(index - w)
        if c > 0:
            near.append(index - 1)
        if c < w - 1:
            near.append(index + 1)
        if r < h - 1:
            near.append(index + w)
        if z < d - 1:
            near.append(index + plane)
        out.append(tuple(near))
    return CellGraph(plane * d, tuple(out), puzzle.cells)
