"""Brute-force helpers for the Numberlink tests: every path set, listed the slow way.

The enumerator shares nothing with the solvers: it lists every simple path of each label in
turn (avoiding blocked cells, other labels' ends and earlier paths) and keeps the path sets
that satisfy the rule set.  Under ``blank`` a solution is a set of paths, so solutions that
differ only by an empty loop are one solution, as the solver promises.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from numpuzzles.numberlink.model import BLOCKED, EMPTY, Puzzle, Rules

Cell = tuple[int, int]


def _paths(
    puzzle: Puzzle, start: Cell, goal: Cell, used: set[Cell], notouch: bool
) -> Iterator[list[Cell]]:
    """Every simple path start..goal through free, unused cells (not touching itself)."""
    w, h = puzzle.width, puzzle.height
    path = [start]
    on_path = {start}

    def grow() -> Iterator[list[Cell]]:
        r, c = path[-1]
        for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            nr, nc = n
            if not (0 <= nr < h and 0 <= nc < w) or n in on_path or n in used:
                continue
            value = puzzle.at(nr, nc)
            if n != goal and value != EMPTY:
                continue
            if notouch:
                around = ((nr - 1, nc), (nr + 1, nc), (nr, nc - 1), (nr, nc + 1))
                if any(m in on_path and m != path[-1] for m in around):
                    continue
            path.append(n)
            on_path.add(n)
            if n == goal:
                yield list(path)
            else:
                yield from grow()
            path.pop()
            on_path.discard(n)

    yield from grow()


def brute_count(puzzle: Puzzle, rules: Rules, cap: int) -> int:
    """Number of solutions of ``puzzle`` under ``rules``, counting at most ``cap + 1``."""
    ends = list(puzzle.endpoints().items())
    free = sum(1 for v in puzzle.cells if v != BLOCKED)
    notouch = rules is Rules.FILL_NOTOUCH
    count = 0

    def place(i: int, used: set[Cell]) -> bool:
        nonlocal count
        if i == len(ends):
            if rules is Rules.BLANK or len(used) == free:
                count += 1
            return count > cap
        _label, (a, b) = ends[i]
        if a == b:
            return False
        paths = _paths(puzzle, a, b, used, notouch)
        return any(place(i + 1, used | set(path)) for path in paths)

    place(0, set())
    return count


def random_board(rnd: random.Random) -> Puzzle:
    """A small random board: up to 5x5, up to 4 labels, sometimes blocked cells."""
    while True:
        w = rnd.choice([1, 2, 2, 3, 3, 3, 4, 4, 5])
        h = rnd.choice([1, 2, 2, 3, 3, 3, 4, 4, 5])
        if w * h >= 2:
            break
    cells = [EMPTY] * (w * h)
    order = list(range(w * h))
    rnd.shuffle(order)
    labels = rnd.randint(1, min(4, w * h // 2))
    for label in range(1, labels + 1):
        cells[order.pop()] = label
        cells[order.pop()] = label
    if order and rnd.random() < 0.3:
        for _ in range(rnd.randint(1, max(1, len(order) // 4))):
            cells[order.pop()] = BLOCKED
    return Puzzle(w, h, tuple(cells))


def sparse_board(rnd: random.Random) -> Puzzle:
    """A board of up to 6x6 with up to 7 labels: more paths to block each other than on
    ``random_board``'s, so a router's backjumps (``numberlink/route.py``) get exercised."""
    w, h = rnd.randint(3, 6), rnd.randint(3, 6)
    cells = [EMPTY] * (w * h)
    order = list(range(w * h))
    rnd.shuffle(order)
    for label in range(1, rnd.randint(2, min(7, w * h // 3)) + 1):
        cells[order.pop()] = label
        cells[order.pop()] = label
    if rnd.random() < 0.3:
        for _ in range(rnd.randint(1, 3)):
            cells[order.pop()] = BLOCKED
    return Puzzle(w, h, tuple(cells))
