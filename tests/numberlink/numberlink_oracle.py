"""The Numberlink tests' one brute-force oracle: every path set, listed the slow way, and
a solution checker of its own.

Both share nothing with the solvers, the generators or ``numberlink/check.py``.  The
enumerator it lists every simple path of each label in
turn (avoiding blocked cells, other labels' ends and earlier paths) and keeps the path sets
that satisfy the rule set.  Under ``blank`` a solution is a set of paths, so solutions that
differ only by an empty loop are one solution, as the solver promises.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import pairwise

from numpuzzles.numberlink.model import BLOCKED, EMPTY, Puzzle, Rules, Solution

Cell = tuple[int, int]
Cells = Sequence[int]


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


def as_solution(puzzle: Puzzle, paths: dict[int, list[Cell]]) -> Solution:
    """The ``Solution`` of ``blank_solutions``' paths (each cell labelled by its path)."""
    cells = list(puzzle.cells)
    for label, path in paths.items():
        for r, c in path:
            cells[r * puzzle.width + c] = label
    ordered = tuple(sorted((label, tuple(path)) for label, path in paths.items()))
    return Solution(puzzle.width, puzzle.height, tuple(cells), ordered)


def reroutes_agree(
    puzzles: Iterable[Puzzle],
    search: Callable[[Puzzle, Solution], Solution | None],
    is_reroute: Callable[[Puzzle, dict[int, list[Cell]], dict[int, list[Cell]]], bool],
) -> tuple[int, int]:
    """A search for a second ``blank`` solution near a first one (``pair_detour``,
    ``group_detour``), held to the oracle on every solvable board of ``puzzles``: from the
    first listed solution it finds one exactly when some other listed solution
    ``is_reroute`` of the first, and what it finds is listed and passes the checker.
    Returns how many boards were solvable and on how many it found one."""
    from numpuzzles.numberlink.check import check

    found = checked = 0
    for puzzle in puzzles:
        listed = list(blank_solutions(puzzle))
        if not listed:
            continue
        checked += 1
        first = listed[0]
        second = search(puzzle, as_solution(puzzle, first))
        expected = any(is_reroute(puzzle, first, other) for other in listed[1:])
        assert (second is not None) == expected, puzzle
        if second is not None:
            found += 1
            assert check(puzzle, second, Rules.BLANK) == []
            paths = {label: list(path) for label, path in second.paths}
            assert paths != first and paths in listed
    return checked, found


def blank_solutions(puzzle: Puzzle) -> Iterator[dict[int, list[Cell]]]:
    """Every ``blank`` solution of ``puzzle`` as its paths (label -> cells, end to end),
    each path set once."""
    ends = list(puzzle.endpoints().items())

    def place(
        i: int, used: set[Cell], chosen: dict[int, list[Cell]]
    ) -> Iterator[dict[int, list[Cell]]]:
        if i == len(ends):
            yield dict(chosen)
            return
        label, (a, b) = ends[i]
        if a == b:
            return
        for path in _paths(puzzle, a, b, used, False):
            chosen[label] = path
            yield from place(i + 1, used | set(path), chosen)
            del chosen[label]

    yield from place(0, set(), {})


def count(width: int, height: int, cells: Cells, rules: str, limit: int | None = None) -> int:
    """How many solutions the flat board ``cells`` has under ``rules`` (at most ``limit``):
    ``brute_count`` for the generator tests, which hold boards as cell tuples."""
    puzzle = Puzzle(width, height, tuple(cells))
    cap = len(cells) ** len(cells) if limit is None else limit - 1
    return brute_count(puzzle, Rules(rules), cap)


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


def _touches_itself(path: list[int], width: int, height: int) -> bool:
    position = {cell: i for i, cell in enumerate(path)}
    for i, cell in enumerate(path):
        for other in _neighbours(cell, width, height):
            j = position.get(other)
            if j is not None and abs(i - j) > 1:
                return True
    return False


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


def sparse_board(
    rnd: random.Random, sides: tuple[int, int] = (3, 6), labels: tuple[int, int] = (2, 7)
) -> Puzzle:
    """A board of up to 6x6 with up to 7 labels: more paths to block each other than on
    ``random_board``'s, so a router's backjumps (``numberlink/solve/route.py``) get exercised.
    ``sides`` and ``labels``: the least and most of each (a test of three-path groups asks
    for at least three labels on boards small enough to list every solution at once)."""
    w, h = rnd.randint(*sides), rnd.randint(*sides)
    cells = [EMPTY] * (w * h)
    order = list(range(w * h))
    rnd.shuffle(order)
    for label in range(1, rnd.randint(labels[0], min(labels[1], w * h // 3)) + 1):
        cells[order.pop()] = label
        cells[order.pop()] = label
    if rnd.random() < 0.3:
        for _ in range(rnd.randint(1, 3)):
            cells[order.pop()] = BLOCKED
    return Puzzle(w, h, tuple(cells))


def scattered_board(rnd: random.Random, w: int, h: int, labels: int) -> list[int]:
    """The cells of a ``w`` x ``h`` board with ``labels`` pairs of ends on random cells
    (a list, for callers that add blocked cells before making the ``Puzzle``)."""
    cells = [EMPTY] * (w * h)
    order = list(range(w * h))
    rnd.shuffle(order)
    for label in range(1, labels + 1):
        cells[order.pop()] = label
        cells[order.pop()] = label
    return cells
