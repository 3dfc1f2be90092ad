"""The SAT engine: the encoding of ``sat_model.py`` solved incrementally, with lazy cuts.

Why SAT: it is sound under every rule set, proves "no solution" and "unique" by
exhausting the model, and keeps learnt clauses between the calls that count solutions.

The model (``sat_model.py``) is built once a call; this module runs the solver on it.

Cycles that touch no end satisfy the local constraints.  Under the ``fill`` rules they are
wrong, and each one found in a model is cut by a clause (some edge must leave the cycle's
cells, since those cells must lie on paths between ends outside it) and the model solved
again (``sat_solve``).  Under ``blank`` they are simply dropped: the cells are empty.  A
solution is blocked by forbidding its path edges together, which also blocks every model
that adds only empty loops to it, so under ``blank`` solutions differing by an empty loop
count once.

Under ``fill-notouch`` the model starts without one-hot label variables (see
``LAZY_ROUNDS``): each free cell carries its label's number in binary instead
(``sat_model.Model._label_bits``), so no path joins two labels, and a model whose path
touches itself is cut like a cycle.  Speed (measured on ahle-inputs9, 101 boards of
40x20): most of the time is Python building ~20k clauses per board and the first SAT call;
the bits cut the SAT calls per board from ~12 to ~1, and one timer per ``solve``
(``Alarm``) replaces a thread per call.

Glucose 4 is used because the time limit interrupts it cleanly (CaDiCaL in python-sat
ignores interrupts).
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported where a solver is made: a board the scan settles never needs it
    from pysat.solvers import Solver

from ...core.deadline import Deadline
from ...core.errors import InvalidParameterError
from ...core.result import SolveResult, Stats, status_for
from ..model import Puzzle, Rules, Solution
from .sat_model import Model

SAT_ENGINE = "glucose4"
LAZY_ROUNDS = 200
"""Under ``fill-notouch`` the model starts without one-hot label variables and learns, from
each wrong model, a clause against it (paths touching themselves, cycles; paths joining two
labels only when ``sat_model.LABEL_BITS`` is too small to give every label its own
code): measured on ahle-inputs9/10, 1-2 rounds a board, several times faster than the
full model.  After this many rounds the full model with labels takes over."""
LAZY_RULES = frozenset({Rules.FILL_NOTOUCH})
"""The rule sets whose model starts without one-hot labels (see ``LAZY_ROUNDS``).  Tried for
``fill`` and ``blank`` too: no better on ahle-inputs9/4 (both time out there either way)."""
def sat_result(
    deadline: Deadline,
    found: list[Solution],
    exhausted: bool,
    timed_out: bool,
    conflicts: int = 0,
    calls: int = 0,
) -> SolveResult[Solution]:
    """A result with SAT's effort (``calls`` as nodes), timed from ``deadline``'s start."""
    return SolveResult(
        status_for(len(found), exhausted),
        tuple(found),
        complete=exhausted,
        timed_out=timed_out,
        stats=Stats(deadline.elapsed(), calls, conflicts),
    )


def sat_solve(
    puzzle: Puzzle,
    rules: Rules,
    domains: dict[int, set[int]],
    limit: int | None,
    deadline: Deadline,
    alarm: Alarm,
    *,
    shortest: bool = False,
    model: Model | None = None,
) -> SolveResult[Solution]:
    """The SAT model's answer (see the module docstring), interrupted by ``alarm``; stops
    unfinished at ``deadline``.  ``domains``: ``reach.label_domains(puzzle)``.

    ``shortest`` (``blank``, ``limit`` 1 only): add clauses that hold in every shortest
    solution (no path touches itself; ``route.py`` argues why one always exists), which
    leave the solver less freedom; wrong for counting and uniqueness, where every
    solution counts.  ``model``: the model already built for these arguments (with label
    variables), so a race that hands it to a second solver builds it once."""
    if shortest and (rules is not Rules.BLANK or limit != 1):
        raise InvalidParameterError("shortest solutions answer only 'one blank solution'")

    def result(
        found: list[Solution], exhausted: bool, timed_out: bool, conflicts: int = 0, calls: int = 0
    ) -> SolveResult[Solution]:
        return sat_result(deadline, found, exhausted, timed_out, conflicts, calls)

    lazy = rules in LAZY_RULES and model is None
    if model is None:
        model = Model(puzzle, rules, domains, labels=not lazy, shortest=shortest)
    if deadline.expired() or alarm.fired:
        alarm.cancel()
        return result([], False, True)
    found: list[Solution] = []
    blocks: list[list[int]] = []
    calls = rounds = 0
    from pysat.solvers import Solver

    solver = Solver(name=SAT_ENGINE)
    alarm.watch(solver)
    try:
        solver.append_formula(model.clauses, no_return=True)
        while True:
            if deadline.expired():
                return result(found, False, True, _conflicts(solver), calls)
            calls += 1
            answer = alarm.run(solver)
            if answer is None:
                return result(found, False, True, _conflicts(solver), calls)
            if not answer:
                return result(found, True, False, _conflicts(solver), calls)
            solution, used, cuts = model.decode(solver.get_model())
            if cuts:
                rounds += 1
                if lazy and rounds > LAZY_ROUNDS:
                    # too many cuts: switch to the model with label variables
                    lazy = False
                    alarm.watch(None)
                    solver.delete()
                    model = Model(puzzle, rules, domains)
                    solver = Solver(name=SAT_ENGINE)
                    alarm.watch(solver)
                    solver.append_formula(model.clauses, no_return=True)
                    solver.append_formula(blocks, no_return=True)
                    continue
                solver.append_formula(cuts, no_return=True)
                continue
            assert solution is not None  # no cuts: a valid solution
            found.append(solution)
            if limit is not None and len(found) >= limit:
                return result(found, False, False, _conflicts(solver), calls)
            blocks.append([-v for v in used])
            solver.add_clause(blocks[-1])
    finally:
        alarm.cancel()
        solver.delete()


def _conflicts(solver: Solver) -> int:
    stats = solver.accum_stats() or {}
    return int(stats.get("conflicts", 0))


class Alarm:
    """One timer for a whole ``solve`` call that interrupts whichever SAT engine is current.

    Why not a timer per SAT call: starting a thread costs about a millisecond on a busy
    machine, and a puzzle takes ten or more calls.  An interrupt that arrives between calls
    stays pending in Glucose, so the next call returns at once (measured), and the loop
    checks the clock before each call anyway.

    The timer fires at ``deadline`` (never without a limit).  ``always``: run every SAT call
    interruptibly even without a timer (another thread may call ``fire``); an interruptible
    call also lets other threads run meanwhile.
    """

    def __init__(self, deadline: Deadline, always: bool = False) -> None:
        self.fired = False
        self._always = always
        self._lock = threading.Lock()
        self._solver: Solver | None = None
        seconds = deadline.remaining()
        self._timer = None if seconds is None else threading.Timer(seconds, self.fire)
        if self._timer is not None:
            self._timer.daemon = True
            self._timer.start()

    def fire(self) -> None:
        """Interrupt the current SAT engine now, and any later one at once."""
        with self._lock:
            self.fired = True
            if self._solver is not None:
                self._solver.interrupt()

    def watch(self, solver: Solver | None) -> None:
        """Interrupt ``solver`` when the time is up (at once if it already is)."""
        with self._lock:
            self._solver = solver
            if self.fired and solver is not None:
                solver.interrupt()

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self.watch(None)

    def run(self, solver: Solver) -> bool | None:
        """One SAT call; None when the time ran out first."""
        if self._timer is None and not self._always:
            return bool(solver.solve())
        answer = solver.solve_limited(expect_interrupt=True)
        return None if answer is None else bool(answer)
