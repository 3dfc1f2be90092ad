"""The Numberlink solver: which engine answers, within which limits.

Two exact engines answer the same question, each fast where the other is slow:

- the SAT model (``sat.py``): every rule set; proves "no solution" and "unique";
- the scan search (``scan.py``, a compiled depth-first search): ``fill-notouch`` only, but
  its solutions are solutions under ``fill`` and ``blank`` too;
- the router (``route.py``, compiled too): ``blank`` with one solution asked for only; it
  searches shortest solutions, which settles "is there one" exactly, but not how many;
  after its head start it races SAT, which then runs as two solvers, Glucose here and
  CaDiCaL in a child process (``sat_child.py``).

``solve`` checks its arguments, finds once which parts of the board each label reaches
(``reach.Reach``: a label whose ends are cut off proves the puzzle unsolvable before any
search), and hands over to the scan search or the router and their race against SAT
(``race.py``), or to SAT alone.  Under ``fill-notouch`` the scan's quick try
(``race.quick_search``) comes first: the scan is exact there, cut-off ends included, so a
board it settles needs no ``Reach`` (on the small boards most files hold, building it cost
about what their search does), and one it leaves open goes on from the node it reached.
One ``Deadline``, created when ``solve`` starts, bounds every engine and times the result.
"""

from __future__ import annotations

from ...core.deadline import Deadline
from ...core.errors import InvalidParameterError
from ...core.result import SolveResult
from ..model import Puzzle, Rules, Solution
from .race import plain_first, quick_search, route_answer, scan_answer, scan_result
from .reach import Reach

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

    exact = rules is Rules.FILL_NOTOUCH
    quick = None
    if exact and scan_limit and engine == "auto" and _never_too_big(puzzle):
        # The scan is exact under fill-notouch, cut-off ends included, so a board its
        # quick try settles needs no ``Reach`` (on a small board it costs about what the
        # search does); one it leaves open goes on from where it stopped.
        quick = quick_search(puzzle, scan_limit, deadline)
        if quick is not None and quick.finished:
            return scan_result(quick.outcome(), deadline)
    # a tiny board's parts in plain Python: the compiled kernel would import numpy
    reach = Reach(puzzle, compiled=False if plain_first(puzzle) else None)
    if reach.cut_off:
        from .sat import sat_result  # here and below: a board the scan settles needs no SAT

        return sat_result(deadline, [], True, False)
    too_big = reach.variables > MAX_LABEL_VARIABLES
    routable = (len(reach.ends) + 1) * padded <= MAX_ROUTE_CELLS
    if rules is Rules.BLANK and limit == 1 and engine == "auto" and routable:
        return route_answer(puzzle, reach, deadline, too_big=too_big)
    if rules is Rules.BLANK and limit == 2 and engine == "auto" and routable:
        from .unique_blank import unique_blank  # here: only a uniqueness question needs it

        return unique_blank(puzzle, reach=reach, deadline=deadline)
    # The scan search answers fill-notouch exactly; under fill and blank only a solution it
    # finds counts, so it is worth trying there when one solution is asked for.
    if scan_limit and engine != "sat" and (exact or (scan_limit == 1 and engine == "auto")):
        answer = scan_answer(
            puzzle,
            rules,
            reach,
            scan_limit,
            deadline,
            scan_only=engine == "scan",
            too_big=too_big,
            quick=quick,
        )
        if answer is not None:
            return answer
    from .sat import Alarm, sat_result, sat_solve

    if too_big:
        return sat_result(deadline, [], False, False)  # a size limit, not a proof
    return sat_solve(puzzle, rules, reach.domains(), limit, deadline, Alarm(deadline))


def _never_too_big(puzzle: Puzzle) -> bool:
    """Whether ``Reach.variables`` cannot pass ``MAX_LABEL_VARIABLES`` on ``puzzle``,
    whatever its clues: each of at most ``cells / 2`` labels has at most ``cells`` pairs."""
    cells = puzzle.width * puzzle.height
    return (cells // 2) * cells <= MAX_LABEL_VARIABLES
