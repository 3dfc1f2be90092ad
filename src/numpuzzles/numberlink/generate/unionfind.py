"""The union-find Numberlink generator, emulated faithfully (``--method unionfind``).

The original (C, n x n) grows random non-crossing paths one at a time:

1. pick two adjacent cells that no path uses yet (a random free cell with a free
   neighbour, then a random such neighbour); union-find joins them into one set;
2. repeatedly extend from the path's end to a random free neighbour whose only neighbour
   in the path's set is that end (so a path never runs alongside itself); join it;
3. when no such neighbour is left, both ends become the path's endpoints, labelled
   1, 2, ... in the order paths were grown;
4. when no two adjacent free cells remain, every cell outside all paths becomes solid ``X``.

It prints the puzzle as "Table to be solved:" (endpoints numbered, other cells blank,
``X`` solid) and "The solution to the above table:" (every cell its path's label), rows
of cells like ``| 4 |``, ``|   |``, ``| X |``, ``| 12|``.  ``dump_tables`` reproduces that
printout byte for byte in shape (see tests/data/numberlink/seed-union-find-7x7.txt)
with the ``table`` format's writer, the one place that shape is written.

Its puzzles are solvable under every rule set (the grown paths never touch themselves and
cover every free cell) but are not guaranteed unique; the default generator is.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...core.dsf import DisjointSets
from ...core.errors import InvalidParameterError
from ...core.grid import orthogonal_neighbours
from ...core.seeds import rng
from ..formats import table
from ..limits import UNIONFIND_MAX_CELLS as MAX_CELLS
from ..model import BLOCKED, Cell, Puzzle, Solution


@dataclass(frozen=True)
class UnionFindBoard:
    """A puzzle grown by the union-find method and the paths it grew (its solution)."""

    puzzle: Puzzle
    solution: Solution


def grow_paths(width: int, height: int, random_source: random.Random) -> list[list[int]]:
    """The original's loop: grow paths until no two adjacent free cells remain."""
    size = width * height
    sets = DisjointSets(size)
    used = [False] * size
    near = [orthogonal_neighbours(i, width, height) for i in range(size)]
    paths: list[list[int]] = []
    while True:
        starts = [i for i in range(size) if not used[i] and any(not used[j] for j in near[i])]
        if not starts:
            return paths
        first = random_source.choice(starts)
        second = random_source.choice([j for j in near[first] if not used[j]])
        used[first] = used[second] = True
        root = sets.union(first, second)
        path = [first, second]
        while True:
            end = path[-1]
            options = [
                j
                for j in near[end]
                if not used[j] and [k for k in near[j] if used[k] and sets.find(k) == root] == [end]
            ]
            if not options:
                break
            step = random_source.choice(options)
            used[step] = True
            root = sets.union(root, step)
            path.append(step)
        paths.append(path)


def generate_unionfind(width: int, height: int, seed: int) -> UnionFindBoard:
    """The union-find original's puzzle for ``seed``: solid ``X`` where no path grew."""
    if width < 1 or height < 1 or width * height < 2:
        raise InvalidParameterError("the union-find method needs at least two cells")
    if width * height > MAX_CELLS:
        raise InvalidParameterError(
            f"the union-find method grows boards of at most {MAX_CELLS:,} cells (200x200), "
            f"got {width}x{height}"
        )
    paths = grow_paths(width, height, rng(seed))
    cells = [BLOCKED] * (width * height)
    grid = [BLOCKED] * (width * height)
    ordered_paths: list[tuple[int, tuple[Cell, ...]]] = []
    for label, path in enumerate(paths, start=1):
        for index in path:
            grid[index] = label
            cells[index] = 0
        cells[path[0]] = cells[path[-1]] = label
        ordered = path if path[0] < path[-1] else path[::-1]
        ordered_paths.append((label, tuple(divmod(i, width) for i in ordered)))
    puzzle = Puzzle(width, height, tuple(cells))
    solution = Solution(width, height, tuple(grid), tuple(ordered_paths))
    return UnionFindBoard(puzzle, solution)


table_rows = table.rows
"""Rows in the original's cell shape (the ``table`` format's writer, under its old name)."""


def dump_tables(board: UnionFindBoard) -> str:
    """The original's printout: the puzzle table, two blank lines, the solution table
    (the ``table`` format's writer, which keeps the original's cell shape)."""
    return table.dump(board.puzzle, board.solution)
