"""``analyse`` for tables of sums: the count, the numbers every solution shares, and a given
to add that is proved to make the puzzle unique.

Why a backbone and not a listing: a 5x5 Fubuki with few givens or an open 4×5 Survo has
millions of solutions, and a setter wants to see which cells are settled long before they
could all be listed.  So ``common`` is found by asking the solver, for one cell at a time,
for a solution that gives that cell another number than the solutions known so far (the
solver's ``forbid``).  No such solution is a proof that every solution agrees there; one
found is a new solution, which at once settles every other cell where it differs from the
first.  At most one search a cell, each stopping at its first solution or its proof.

Why the suggestion is proved: a given is offered only after the changed puzzle was solved
to the end with exactly one solution.  Candidates are the differing cells (a cell every
solution agrees on adds nothing) with a number some known solution gives it, those only one
known solution has first (such a given keeps at least that solution, and often only it);
every pair of solutions found along the way rules out, without a search, every candidate
both share.  Then the numbers no known solution has, which may still be the one that
leaves a single solution.

Under a time limit the search for a suggestion gets at most half of what the backbone
left, then the count runs (``complete`` says whether it is exact), then the suggestion
search goes on with whatever time is left, skipping the candidates already decided.

Each family passes its own engines (``Engines``): solver, counter, grade and JSON record.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..core.analysis import Analysis, Suggestion
from ..core.deadline import Deadline
from ..core.errors import InvalidPuzzleError
from ..core.result import SolveResult, Status
from .table import SumTable, flat

Flat = tuple[int, ...]


@dataclass(frozen=True)
class Engines:
    """A family's parts the analysis runs: ``solve(puzzle, limit=, timeout=, forbid=)``,
    ``count(puzzle, timeout=) -> (total, exact)``, ``grade(puzzle)`` (an object with a
    ``grade``, or None) and ``to_json(puzzle)`` (the record a suggestion carries)."""

    solve: Callable[..., SolveResult[Any]]
    count: Callable[..., tuple[int, bool]]
    grade: Callable[[Any], Any]
    to_json: Callable[[Any], Any]


class _OutOfTime(Exception):
    """The deadline passed inside one of the searches."""


def _one(puzzle: SumTable, engines: Engines, deadline: Deadline,
         forbid: dict[int, int]) -> Flat | None:
    """One solution of ``puzzle`` avoiding ``forbid``, or None when there is none (proved)."""
    result = engines.solve(puzzle, limit=1, timeout=deadline.remaining(), forbid=forbid)
    if result.status is Status.UNKNOWN:
        raise _OutOfTime
    return flat(result.solutions[0]) if result.solutions else None


def backbone(puzzle: SumTable, engines: Engines, known: list[Flat],
             deadline: Deadline) -> list[int | None]:
    """The number every solution gives each cell (``None`` where two solutions differ),
    from the solutions ``known`` (at least one); every solution found on the way is
    appended to ``known``.  Raises ``_OutOfTime`` when the deadline passes first."""
    first = known[0]
    common: list[int | None] = list(first)
    for other in known[1:]:
        for index, value in enumerate(other):
            if value != first[index]:
                common[index] = None
    for cell, value in enumerate(first):
        if puzzle.givens[cell] or common[cell] is None:
            continue
        found = _one(puzzle, engines, deadline, {cell: 1 << value})
        if found is None:
            continue  # proved: every solution puts ``value`` here
        known.append(found)
        for index, number in enumerate(found):
            if number != first[index]:
                common[index] = None
    return common


def _candidates(puzzle: SumTable, common: list[int | None],
                known: list[Flat]) -> list[tuple[int, int]]:
    """(cell, number) givens worth trying, most promising first (see the module docstring)."""
    settled = {v for v in common if v is not None}
    seen: list[tuple[int, int, int]] = []
    unseen: list[tuple[int, int]] = []
    for cell, value in enumerate(common):
        if value is not None:
            continue
        having = {s[cell] for s in known}
        for number in range(1, puzzle.cell_count + 1):
            if number in settled:
                continue
            if number in having:
                seen.append((sum(1 for s in known if s[cell] == number), cell, number))
            else:
                unseen.append((cell, number))
    seen.sort()
    return [(cell, number) for _, cell, number in seen] + unseen


def suggest(puzzle: SumTable, engines: Engines, common: list[int | None], known: list[Flat],
            deadline: Deadline, tried: set[tuple[int, int]]) -> tuple[Suggestion | None, bool]:
    """One given that leaves exactly one solution, proved, and whether every candidate
    was decided (False: the deadline passed first).  New solutions found are appended to
    ``known``; candidates decided are added to ``tried`` and skipped by a later call."""
    width = puzzle.width
    seen = set(known)
    for cell, number in _candidates(puzzle, common, known):
        if (cell, number) in tried:
            continue
        if sum(1 for s in seen if s[cell] == number) >= 2:
            continue  # two known solutions keep this given: not unique
        if deadline.expired():
            return None, False
        givens = list(puzzle.givens)
        givens[cell] = number
        try:
            changed = puzzle.with_givens(tuple(givens))
        except InvalidPuzzleError:  # the totals cannot take this number there
            tried.add((cell, number))
            continue
        result = engines.solve(changed, limit=2, timeout=deadline.remaining())
        for filling in result.solutions:
            found = flat(filling)
            if found not in seen:
                seen.add(found)
                known.append(found)
        if result.timed_out:
            return None, False
        tried.add((cell, number))
        if result.complete and result.count == 1:
            row, col = divmod(cell, width)
            suggestion = Suggestion("add-given", f"Give {number} in row {row + 1}, column "
                                    f"{col + 1}", ((row, col),), engines.to_json(changed))
            return suggestion, True
    return None, True


def analyse(puzzle: SumTable, engines: Engines, *, timeout: float | None = None) -> Analysis:
    """The setter's view of ``puzzle`` (``core/analysis.py``), within ``timeout`` seconds.

    The first search asks for two solutions: a unique puzzle (the common case once a
    setter is nearly done) then needs no backbone at all, its solution is the common table.
    """
    started = time.perf_counter()
    deadline = Deadline(timeout)
    width = puzzle.width

    def done(analysis: Analysis) -> Analysis:
        return replace(analysis, seconds=time.perf_counter() - started)

    opening = engines.solve(puzzle, limit=2, timeout=deadline.remaining())
    if opening.status is Status.UNKNOWN:
        return done(Analysis(Status.UNKNOWN, 0, False, timed_out=True))
    if opening.status is Status.UNSOLVABLE:
        return done(Analysis(Status.UNSOLVABLE, 0, True))
    known = [flat(f) for f in opening.solutions]
    if opening.complete and opening.count == 1:
        graded = engines.grade(puzzle)  # the hint ladder: only a unique puzzle is graded
        return done(Analysis(
            Status.SOLVED, 1, True, common=[list(row) for row in opening.solutions[0]],
            difficulty=None if graded is None else graded.grade))
    timed_out = opening.timed_out
    common: list[int | None] | None
    try:
        common = backbone(puzzle, engines, known, deadline)
    except _OutOfTime:
        common, timed_out = None, True
    suggestion, settled, tried = None, True, set[tuple[int, int]]()
    if common is not None and None in common:
        # at most half of the time left, so that the count gets its turn
        left = deadline.remaining()
        share = deadline if left is None else Deadline(left / 2)
        suggestion, settled = suggest(puzzle, engines, common, known, share, tried)
    total, exact = engines.count(puzzle, timeout=deadline.remaining())
    if common is not None and not settled and not deadline.expired():
        suggestion, settled = suggest(puzzle, engines, common, known, deadline, tried)
    timed_out = timed_out or not settled
    if not exact:
        total, timed_out = max(total, len(set(known))), True
    grid = None if common is None else [
        common[r * width:(r + 1) * width] for r in range(puzzle.height)]
    differ = () if common is None else tuple(
        divmod(cell, width) for cell, value in enumerate(common) if value is None)
    return done(Analysis(
        Status.SOLVED, total, exact, common=grid, differ=differ, suggestion=suggestion,
        timed_out=timed_out,
    ))
