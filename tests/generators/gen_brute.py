"""An independent brute-force Numberlink counter and solution checker for tiny boards.

It shares no code with the package's solver or generators: it enumerates every simple
path of each label in turn (depth-first) and counts the combinations the rule set allows.
Exponential: meant for boards of at most ~20 cells.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import pairwise

Cells = Sequence[int]


def _neighbours(index: int, width: int, height: int) -> Iterator[int]:
    row, col = divmod(index, width)
    if col > 0:
        yield index - 1
    if col + 1 < width:
        yield index + 1
    if row > 0:
        yield index - width
    if row + 1 < height:
        yield index + width


def _simple_paths(
    start: int, goal: int, free: list[bool], width: int, height: int
) -> Iterator[list[int]]:
    path = [start]

    def extend(here: int) -> Iterator[list[int]]:
        for nxt in _neighbours(here, width, height):
            if nxt == goal:
                yield [*path, goal]
            elif free[nxt]:
                free[nxt] = False
                path.append(nxt)
                yield from extend(nxt)
                path.pop()
                free[nxt] = True

    yield from extend(start)


def _touches_itself(path: list[int], width: int, height: int) -> bool:
    position = {cell: i for i, cell in enumerate(path)}
    for i, cell in enumerate(path):
        for other in _neighbours(cell, width, height):
            j = position.get(other)
            if j is not None and abs(i - j) > 1:
                return True
    return False


def solutions(
    width: int, height: int, cells: Cells, rules: str, limit: int | None = None
) -> list[tuple[int, ...]]:
    """Every solution's label grid (0 empty, -1 blocked) under ``rules``, up to ``limit``."""
    ends: dict[int, list[int]] = {}
    for index, value in enumerate(cells):
        if value > 0:
            ends.setdefault(value, []).append(index)
    labels = sorted(ends)
    free = [value == 0 for value in cells]
    grid = list(cells)
    found: list[tuple[int, ...]] = []

    def route(k: int) -> bool:
        if k == len(labels):
            if rules != "blank" and any(free):
                return False
            found.append(tuple(grid))
            return limit is not None and len(found) >= limit
        label = labels[k]
        a, b = ends[label]
        for path in _simple_paths(a, b, free, width, height):
            if rules == "fill-notouch" and _touches_itself(path, width, height):
                continue
            # the path's inner cells stay marked used by the enumerator while we recurse
            inner = path[1:-1]
            for cell in inner:
                grid[cell] = label
            stop = route(k + 1)
            for cell in inner:
                grid[cell] = 0
            if stop:
                return True
        return False

    route(0)
    return found


def count(width: int, height: int, cells: Cells, rules: str, limit: int | None = None) -> int:
    """How many solutions ``cells`` has under ``rules`` (at most ``limit``)."""
    return len(solutions(width, height, cells, rules, limit))


def valid_solution(
    width: int,
    height: int,
    cells: Cells,
    grid: Cells,
    paths: dict[int, Sequence[tuple[int, int]]],
    rules: str,
) -> str | None:
    """Why ``grid``/``paths`` is not a solution of ``cells`` under ``rules``; None if it is."""
    ends: dict[int, list[tuple[int, int]]] = {}
    for index, value in enumerate(cells):
        if value > 0:
            ends.setdefault(value, []).append(divmod(index, width))
    if set(paths) != set(ends):
        return "paths do not match the labels"
    seen: set[tuple[int, int]] = set()
    for label, path in paths.items():
        if [path[0], path[-1]] != ends[label]:
            return f"path {label} does not join its ends"
        for (r1, c1), (r2, c2) in pairwise(path):
            if abs(r1 - r2) + abs(c1 - c2) != 1:
                return f"path {label} jumps"
        for r, c in path:
            if (r, c) in seen:
                return f"path {label} crosses at {(r, c)}"
            if cells[r * width + c] not in (0, label):
                return f"path {label} runs over {(r, c)}"
            if grid[r * width + c] != label:
                return f"grid disagrees with path {label} at {(r, c)}"
            seen.add((r, c))
        flat = [r * width + c for r, c in path]
        if rules == "fill-notouch" and _touches_itself(flat, width, height):
            return f"path {label} touches itself"
    for index, value in enumerate(cells):
        cell = divmod(index, width)
        if value == -1 and (cell in seen or grid[index] != -1):
            return f"blocked cell {cell} used"
        if value == 0 and cell not in seen:
            if rules != "blank":
                return f"cell {cell} is empty"
            if grid[index] != 0:
                return f"grid marks unused cell {cell}"
    return None
