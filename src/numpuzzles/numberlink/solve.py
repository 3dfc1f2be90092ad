"""The Numberlink solver: which engine answers, within which limits.

Two exact engines answer the same question, each fast where the other is slow:

- the SAT model (``sat.py``): every rule set; proves "no solution" and "unique";
- the scan search (``scan.py``, a compiled depth-first search): ``fill-notouch`` only, but
  its solutions are solutions under ``fill`` and ``blank`` too;
- the router (``route.py``, compiled too): ``blank`` with one solution asked for only; it
  searches shortest solutions, which settles "is there one" exactly, but not how many.

``solve`` checks its arguments, finds once which parts of the board each label reaches
(``sat.Reach``: a label whose ends are cut off proves the puzzle unsolvable before any
search), and hands over to the scan search or the router and their race against SAT
(``race.py``), or to SAT alone.  One ``Deadline``, created when ``solve`` starts, bounds
every engine and times the result.
"""

from __future__ import annotations

from dataclasses import replace

from ..core.deadline import Deadline
from ..core.errors import InvalidParameterError
from ..core.result import SolveResult
from .model import Puzzle, Rules, Solution
from .race import route_answer, scan_answer
from .sat import Alarm, Reach, sat_result, sat_solve

ENGINES = ("auto", "sat", "scan")
MAX_LABEL_VARIABLES = 2_000_000
"""Beyond this many (cell, label) pairs the SAT model would need gigabytes: only the scan
search runs (``fill-notouch``), else the answer is UNKNOWN."""
MAX_SCAN_SOLUTION_CELLS = 20_000_000
"""The scan search keeps room for ``limit`` solutions of the padded board in one array;
beyond this many cells (160 MB) a large ``limit`` goes to SAT instead."""
MAX_ROUTE_CELLS = 20_000_000
"""The router keeps a distance map of the padded board per label (``route.py``); beyond this
many cells in all (160 MB) the board goes to the scan search and SAT as under ``fill``."""


def solve(
    puzzle: Puzzle,
    *,
    rules: Rules = Rules.FILL,
    limit: int | None = 1,
    timeout: float | None = None,
    engine: str = "auto",
) -> SolveResult[Solution]:
    """Up to ``limit`` solutions of ``puzzle`` under ``rules`` (None: all of them).

    ``limit=2`` decides uniqueness.  With ``timeout`` (seconds) the search may stop early;
    the status is then ``UNKNOWN`` unless a solution was already found, never ``UNSOLVABLE``.
    ``engine``: ``auto`` (under ``fill-notouch`` the scan search first, then raced against
    SAT; under ``fill`` the same when ``limit`` is 1, a scan solution being valid there too;
    under ``blank`` with ``limit`` 1 the router, then raced against SAT), ``sat`` (SAT
    only) or ``scan`` (the scan search only, until the
    timeout; ``fill-notouch`` with a limit only).  Every engine is exact; they differ only in
    speed.
    """
    deadline = Deadline(timeout)
    if engine not in ENGINES:
        raise InvalidParameterError(f"engine must be one of {', '.join(ENGINES)}, got {engine}")
    if engine == "scan" and (rules is not Rules.FILL_NOTOUCH or limit is None):
        raise InvalidParameterError("the scan engine needs rules fill-notouch and a limit")
    if limit is not None and limit < 1:
        raise InvalidParameterError(f"limit must be at least 1 or None, got {limit}")
    padded = (puzzle.width + 2) * (puzzle.height + 2)
    scan_limit = limit if limit is not None and limit * padded <= MAX_SCAN_SOLUTION_CELLS else 0
    if engine == "scan" and not scan_limit:
        raise InvalidParameterError(
            f"the scan engine keeps at most {MAX_SCAN_SOLUTION_CELLS // padded} solutions "
            "of this board: use a smaller limit or another engine"
        )

    reach = Reach(puzzle)
    if reach.cut_off:
        return sat_result(deadline, [], True, False)
    too_big = reach.variables > MAX_LABEL_VARIABLES
    routable = (len(reach.ends) + 1) * padded <= MAX_ROUTE_CELLS
    if rules is Rules.BLANK and limit == 1 and engine == "auto" and routable:
        return route_answer(puzzle, reach, deadline, too_big=too_big)
    # The scan search answers fill-notouch exactly; under fill and blank only a solution it
    # finds counts, so it is worth trying there when one solution is asked for.
    exact = rules is Rules.FILL_NOTOUCH
    if scan_limit and engine != "sat" and (exact or (scan_limit == 1 and engine == "auto")):
        answer = scan_answer(
            puzzle,
            rules,
            reach,
            scan_limit,
            deadline,
            scan_only=engine == "scan",
            too_big=too_big,
        )
        if answer is not None:
            return answer
    if too_big:
        return sat_result(deadline, [], False, False)  # a size limit, not a proof
    return sat_solve(puzzle, rules, reach.domains(), limit, deadline, Alarm(deadline))


LIST_FIRST = 1_000
LIST_SECONDS = 0.3
"""``count_solutions``: how many solutions, and for how long, the solvers list before the
counter goes on alone."""

COUNT_FIRST = 1 << 18
"""States the counter reads before the listing's turn: about 0.1 s, within which it
counts most boards up to 10x10 whatever their number of solutions."""


def count_solutions(
    puzzle: Puzzle,
    *,
    rules: Rules = Rules.FILL,
    timeout: float | None = None,
    engine: str = "auto",
) -> SolveResult[Solution]:
    """Every solution counted, with one shown: ``total`` holds the exact count.

    With engine ``auto`` two exact methods take turns.  The frontier counter
    (``count.py``) counts without listing, so counts like 10^19 are fine, but its work
    grows with the frontier's states, not with the answer: on a generated 17x17 with one
    solution under ``blank`` it read 20 million states (7 s) before its sweeps met and
    turned rows, and still reads millions (about a second).  Listing the solutions
    (``solve`` with a limit of ``LIST_FIRST``) proves such a count in 0.03-0.08 s, but
    cannot reach large counts.  So the counter runs first for ``COUNT_FIRST`` states, then
    the listing for at most ``LIST_SECONDS``, then the counter to the end; ``solve``
    supplies the solution shown.  The same under all three rule sets (``fill-notouch`` once
    let the listing go first, while its counter still gave every fresh piece each label at
    once).  When the counter hits its state limit, ``solve`` enumerates the solutions
    within what is left of the time.
    """
    deadline = Deadline(timeout)
    if engine == "auto":
        from ..core.result import Stats, Status
        from .count import Counting

        counting = Counting(puzzle, rules)
        counting.run(deadline, COUNT_FIRST)
        if counting.answer is None and not deadline.expired():
            left = deadline.remaining()
            brief = LIST_SECONDS if left is None else min(LIST_SECONDS, left)
            listed = solve(puzzle, rules=rules, limit=LIST_FIRST, timeout=brief)
            if listed.complete:
                stats = replace(listed.stats, seconds=deadline.elapsed())
                return replace(listed, stats=stats, total=listed.count)
            counting.run(deadline)
        exact = counting.answer
        if exact == 0:  # proved: nothing to show, so no solver run
            stats = Stats(deadline.elapsed(), 0, 0)
            return SolveResult(Status.UNSOLVABLE, (), True, False, stats, total=0)
        if exact is not None:
            shown = solve(puzzle, rules=rules, limit=1, timeout=deadline.remaining())
            stats = Stats(deadline.elapsed(), shown.stats.nodes, shown.stats.conflicts)
            return SolveResult(Status.SOLVED, shown.solutions, True, False, stats, total=exact)
    listed = solve(puzzle, rules=rules, limit=None, timeout=deadline.remaining(), engine=engine)
    return replace(listed, stats=replace(listed.stats, seconds=deadline.elapsed()))
