"""The random cover the generators start from: paths that never touch themselves, filling
the board, and the puzzle their ends make.

Why its own module: the default generator (``unique.py``) and Arukone's
(``arukone/generate.py``) both start here, and the tests grow random boards with it.  The
growth itself is the union-find method's (``unionfind.grow_paths``); this adds the
leftover cells and the merges down to a target number of pairs.  Paths are lists of flat
indices ``row * width + col``.
"""

from __future__ import annotations

import random

from ...core.errors import GenerationError
from ...core.grid import orthogonal_neighbours
from ..model import Cell, Puzzle, Solution
from .unionfind import grow_paths


def _beside(cell: int, path: list[int], allowed: int, width: int, height: int) -> bool:
    """True when ``cell`` touches a cell of ``path`` other than ``allowed``."""
    members = set(path)
    return any(n in members and n != allowed for n in orthogonal_neighbours(cell, width, height))


def _absorb_leftovers(
    paths: list[list[int]], width: int, height: int, random_source: random.Random
) -> bool:
    """Give every cell outside all paths to a neighbouring path, never making a path touch
    itself; False when some cell cannot be placed so."""
    owner = {cell: i for i, path in enumerate(paths) for cell in path}
    for cell in range(width * height):
        if cell in owner:
            continue
        near = [n for n in orthogonal_neighbours(cell, width, height) if n in owner]
        random_source.shuffle(near)
        placed = False
        for n in near:  # at a path's end: extend it
            path = paths[owner[n]]
            if n not in (path[0], path[-1]) or _beside(cell, path, n, width, height):
                continue
            if path[-1] == n:
                path.append(cell)
            else:
                path.insert(0, cell)
            owner[cell] = owner[n]
            placed = True
            break
        if placed:
            continue
        for n in near:  # beside a path's inside: cut it there and end one piece at the cell
            index = owner[n]
            path = paths[index]
            pos = path.index(n)
            pieces: list[tuple[list[int], list[int]]] = []
            if len(path) - pos - 1 >= 2:
                pieces.append(([*path[: pos + 1], cell], path[pos + 1 :]))
            if pos >= 2:
                pieces.append((path[:pos], [cell, *path[pos:]]))
            for first, second in pieces:
                grown = first if first[-1] == cell else second
                if _beside(cell, [c for c in grown if c != cell], n, width, height):
                    continue
                paths[index] = first
                paths.append(second)
                for c in first:
                    owner[c] = index
                for c in second:
                    owner[c] = len(paths) - 1
                placed = True
                break
            if placed:
                break
        if not placed:
            return False
    return True


def _touches(
    first: list[int], second: list[int], join: tuple[int, int], width: int, height: int
) -> bool:
    """True when ``first`` and ``second`` are adjacent anywhere but at ``join``."""
    other = set(second)
    for cell in first:
        for n in orthogonal_neighbours(cell, width, height):
            if n in other and (cell, n) != join:
                return True
    return False


def _merge(
    paths: list[list[int]], target: int, width: int, height: int, random_source: random.Random
) -> list[list[int]]:
    """Join paths whose ends touch, never letting a path touch itself, down to ``target``."""
    paths = [list(p) for p in paths]
    while len(paths) > target:
        end_of: dict[int, int] = {}
        for i, path in enumerate(paths):
            end_of[path[0]] = i
            end_of[path[-1]] = i
        options: list[tuple[int, int, int, int]] = []
        for cell, i in end_of.items():
            for n in orthogonal_neighbours(cell, width, height):
                j = end_of.get(n)
                if j is not None and j > i:
                    options.append((i, cell, j, n))
        random_source.shuffle(options)
        merged = False
        for i, cell, j, n in options:
            first, second = paths[i], paths[j]
            if _touches(first, second, (cell, n), width, height):
                continue
            head = first if first[-1] == cell else first[::-1]
            tail = second if second[0] == n else second[::-1]
            paths[i] = head + tail
            del paths[j]
            merged = True
            break
        if not merged:
            break
    return paths


def random_cover(
    width: int, height: int, target: int, random_source: random.Random
) -> list[list[int]]:
    """Paths of at least two cells covering the board, about ``target`` of them."""
    for _ in range(100):
        paths = grow_paths(width, height, random_source)
        if _absorb_leftovers(paths, width, height, random_source):
            paths = _merge(paths, target, width, height, random_source)
            while len(paths) < target:  # too few: cut random long paths
                long = [i for i, p in enumerate(paths) if len(p) >= 4]
                if not long:
                    break
                index = random_source.choice(long)
                path = paths[index]
                pos = random_source.randrange(1, len(path) - 2)
                paths[index : index + 1] = [path[: pos + 1], path[pos + 1 :]]
            return paths
    raise GenerationError(f"could not cover a {width}x{height} board with paths")


def as_puzzle(
    width: int, height: int, paths: list[list[int]], *, renumber: bool = True
) -> tuple[Puzzle, Solution]:
    """The puzzle given by the paths' ends, and the paths as its solution.

    Labels are numbered in row-major order of the paths' first ends; with ``renumber``
    False, in the order of ``paths`` (Arukone keeps its drawing order, so that a seed
    prints the puzzle it always printed).  Each path runs from its first end in row-major
    order.
    """
    oriented = [p if p[0] < p[-1] else p[::-1] for p in paths]
    ordered = sorted(oriented) if renumber else oriented
    cells = [0] * (width * height)
    grid = [0] * (width * height)
    labelled: list[tuple[int, tuple[Cell, ...]]] = []
    for label, path in enumerate(ordered, start=1):
        cells[path[0]] = cells[path[-1]] = label
        for index in path:
            grid[index] = label
        labelled.append((label, tuple(divmod(i, width) for i in path)))
    return Puzzle(width, height, tuple(cells)), Solution(
        width, height, tuple(grid), tuple(labelled)
    )
