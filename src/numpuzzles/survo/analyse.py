"""``analyse`` for Survo: the count, the numbers every solution shares, and a given to add.

The same plan as Fubuki's (``fubuki/analyse.py``): the common table is a backbone asked of
the solver one cell at a time (a solution that gives the cell another number, or a proof
there is none), never a listing; the count is the exact counter's (``count.py``); a given
is suggested only after the changed puzzle was solved to the end with one solution.
"""

from __future__ import annotations

import time
from dataclasses import replace

from ..core.analysis import Analysis, Suggestion
from ..core.deadline import Deadline
from ..core.errors import InvalidPuzzleError
from ..core.result import Status
from .count import count
from .formats import to_json
from .model import Puzzle
from .solve import solve

Flat = tuple[int, ...]


class _OutOfTime(Exception):
    """The deadline passed inside a search."""


def _one(puzzle: Puzzle, deadline: Deadline, forbid: dict[int, int]) -> Flat | None:
    result = solve(puzzle, limit=1, timeout=deadline.remaining(), forbid=forbid)
    if result.status is Status.UNKNOWN:
        raise _OutOfTime
    return tuple(v for row in result.solutions[0] for v in row) if result.solutions else None


def backbone(puzzle: Puzzle, known: list[Flat], deadline: Deadline) -> list[int | None]:
    """The number every solution gives each cell (None where two differ); solutions found
    on the way are appended to ``known``."""
    first = known[0]
    common: list[int | None] = list(first)
    for other in known[1:]:
        for i, v in enumerate(other):
            if v != first[i]:
                common[i] = None
    for cell, value in enumerate(first):
        if puzzle.givens[cell] or common[cell] is None:
            continue
        found = _one(puzzle, deadline, {cell: 1 << value})
        if found is None:
            continue
        known.append(found)
        for i, v in enumerate(found):
            if v != first[i]:
                common[i] = None
    return common


def suggest(puzzle: Puzzle, common: list[int | None], known: list[Flat],
            deadline: Deadline) -> tuple[Suggestion | None, bool]:
    """A given proved to leave one solution, and whether every candidate was decided.
    Candidates: a differing cell with a number fewest known solutions put there first (one
    is best: that given keeps it, and often only it), then the numbers none of them has."""
    n = puzzle.width
    seen = set(known)
    settled = {v for v in common if v is not None}
    tries = []
    for cell, value in enumerate(common):
        if value is not None:
            continue
        having = {s[cell] for s in known}
        for number in range(1, puzzle.cell_count + 1):
            if number in settled:
                continue
            times = sum(1 for s in known if s[cell] == number)
            tries.append((times if number in having else len(known) + 1, cell, number))
    for _, cell, number in sorted(tries):
        if sum(1 for s in seen if s[cell] == number) >= 2:
            continue
        if deadline.expired():
            return None, False
        givens = list(puzzle.givens)
        givens[cell] = number
        try:
            changed = puzzle.with_givens(tuple(givens))
        except InvalidPuzzleError:
            continue
        result = solve(changed, limit=2, timeout=deadline.remaining())
        for filling in result.solutions:
            seen.add(tuple(v for row in filling for v in row))
        if result.timed_out:
            return None, False
        if result.complete and result.count == 1:
            r, c = divmod(cell, n)
            return Suggestion("add-given", f"Give {number} in row {r + 1}, column {c + 1}",
                              ((r, c),), to_json(changed)), True
    return None, True


def analyse(puzzle: Puzzle, *, timeout: float | None = None) -> Analysis:
    """The setter's view of ``puzzle`` within ``timeout`` seconds."""
    started = time.perf_counter()
    deadline = Deadline(timeout)
    n = puzzle.width

    def done(analysis: Analysis) -> Analysis:
        return replace(analysis, seconds=time.perf_counter() - started)

    opening = solve(puzzle, limit=2, timeout=deadline.remaining())
    if opening.status is Status.UNKNOWN:
        return done(Analysis(Status.UNKNOWN, 0, False, timed_out=True))
    if opening.status is Status.UNSOLVABLE:
        return done(Analysis(Status.UNSOLVABLE, 0, True))
    known = [tuple(v for row in f for v in row) for f in opening.solutions]
    if opening.complete and opening.count == 1:
        from .grade import grade

        graded = grade(puzzle)
        return done(Analysis(Status.SOLVED, 1, True,
                             common=[list(row) for row in opening.solutions[0]],
                             difficulty=None if graded is None else graded.grade))
    timed_out = False
    common: list[int | None] | None
    try:
        common = backbone(puzzle, known, deadline)
    except _OutOfTime:
        common, timed_out = None, True
    suggestion, settled = None, True
    if common is not None and None in common:
        left = deadline.remaining()
        suggestion, settled = suggest(puzzle, common, known,
                                      deadline if left is None else Deadline(left / 2))
    total, exact = count(puzzle, timeout=deadline.remaining())
    if not exact:
        total, timed_out = len(set(known)), True
    grid = None if common is None else [common[r * n:(r + 1) * n] for r in range(puzzle.height)]
    differ = () if common is None else tuple(
        divmod(cell, n) for cell, value in enumerate(common) if value is None)
    return done(Analysis(Status.SOLVED, total, exact, common=grid, differ=differ,
                         suggestion=suggestion, timed_out=timed_out or not settled))
