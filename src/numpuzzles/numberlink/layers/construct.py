"""Layered boards made with a solution by construction, for tests and the benchmark.

No layered problem of the 2016-2017 contests could be found in public (their problem sets
were handed out at the contest; the public sample files have one layer), so the layered
benchmark poses its own: lines laid one at a time as random self-avoiding walks through
free cells, six ways, each walk never touching itself (so the answer reads back the same
way under the contest's checker, which sees labels only), its two ends kept as the
problem.  The walks are a solution, so every board is solvable; it need not be unique
(under ``blank`` few are).  Seeded: the same arguments give the same board.
"""

from __future__ import annotations

import random

from ...core.errors import InvalidParameterError
from .model import Cell3, LayeredPuzzle, LayeredSolution


def construct(
    width: int, height: int, depth: int, lines: int, seed: int, longest: int = 30
) -> tuple[LayeredPuzzle, LayeredSolution]:
    """A board of ``lines`` lines with the walks that made it (see the module docstring)."""
    if lines < 1 or 2 * lines > width * height * depth:
        raise InvalidParameterError(f"{lines} lines do not fit on {width}x{height}x{depth}")
    rng = random.Random(seed)
    used: dict[Cell3, int] = {}
    walks: list[list[Cell3]] = []
    free = [(z, r, c) for z in range(depth) for r in range(height) for c in range(width)]
    tries = 0
    while len(walks) < lines:
        tries += 1
        if tries > 200 * lines:
            raise InvalidParameterError(
                f"could not lay {lines} lines on {width}x{height}x{depth}; ask for fewer")
        start = rng.choice(free)
        if start in used:
            continue
        walk = _walk(rng, start, used, (width, height, depth), rng.randint(2, longest))
        if len(walk) < 2:
            continue
        label = len(walks) + 1
        for cell in walk:
            used[cell] = label
        walks.append(walk)
    size = width * height * depth
    givens, cells = [0] * size, [0] * size

    def at(cell: Cell3) -> int:
        return (cell[0] * height + cell[1]) * width + cell[2]

    paths = []
    for label, walk in enumerate(walks, start=1):
        givens[at(walk[0])] = givens[at(walk[-1])] = label
        for cell in walk:
            cells[at(cell)] = label
        if at(walk[0]) > at(walk[-1]):
            walk.reverse()  # a solution's path runs from its first end in storage order
        paths.append((label, tuple(walk)))
    puzzle = LayeredPuzzle(width, height, depth, tuple(givens))
    return puzzle, LayeredSolution(width, height, depth, tuple(cells), tuple(paths))


def _near(cell: Cell3, size: tuple[int, int, int]) -> list[Cell3]:
    z, r, c = cell
    w, h, d = size
    return [(a, b, e) for a, b, e in ((z, r - 1, c), (z, r + 1, c), (z, r, c - 1),
                                       (z, r, c + 1), (z - 1, r, c), (z + 1, r, c))
            if 0 <= a < d and 0 <= b < h and 0 <= e < w]


def _walk(rng: random.Random, start: Cell3, used: dict[Cell3, int],
          size: tuple[int, int, int], length: int) -> list[Cell3]:
    walk = [start]
    mine = {start}
    while len(walk) < length:
        options = [n for n in _near(walk[-1], size) if n not in used and n not in mine
                   and all(m == walk[-1] or m not in mine for m in _near(n, size))]
        if not options:
            break
        step = rng.choice(options)
        walk.append(step)
        mine.add(step)
    return walk
