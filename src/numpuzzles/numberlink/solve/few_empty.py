"""One ``blank`` solution, looking first among those that leave few cells empty: SAT with
a bound on the empty cells, the bound raised level by level in rounds of growing effort.

Why: people who set Arukone puzzles by hand draw solutions that fill the board, or nearly.
Of janko.at's published solutions most fill every cell; 437 (15x15, 9 pairs) leaves one
cell empty and 430 (20x20, 26 pairs) four.  Such boards are the hardest for the ``blank``
race: the router keeps to shortest solutions and finds these long, winding paths last, and
the plain SAT model has every way of leaving cells empty to rule out.  Told "at most K
cells empty", Glucose answers them at once (measured, one call each on the shortest model
with ``within_clauses``: 437 with K = 1 in 0.02 s, where neither SAT solver found a
solution in 30 s without the bound; 430 with K = 4 in 0.25 s, where the best unbounded
call took 12 s).  On boards whose solutions leave many cells empty (the ADC problems:
Q15's published answer leaves 41 of 400) the bounded levels only cost time, so this runs
beside the unbounded CaDiCaL of the race (``race._race``), not instead of it.

The schedule: levels ``K`` in ``LEVELS`` (each below the number of free cells) and a last
level without a bound.  Round ``r`` gives the lowest level not yet ruled out ``FIRST_BUDGET * 2**r``
conflicts and each level above half the one below it (at least ``MIN_BUDGET``), lowest
first; a level found unsatisfiable rules out every level at or below it.
All levels share one incremental solver (the bound is an assumption on a totalizer's
outputs, ``pysat.card.ITotalizer``), so what it learns on one level serves the others.

Exact for its question: every model is decoded and is a solution (the bound only chooses
which); the last level is the model alone, and since budgets double without end it is
eventually searched to the end, so "unsatisfiable" there is the same proof as
``sat.sat_solve``'s on the shortest model (``route.py``: a board with a solution has a
shortest one).  ``within_clauses`` (``within.py``) hold in every shortest solution
too, so they keep that proof exact.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.deadline import Deadline
from ...core.result import SolveResult
from ..model import Puzzle, Solution
from .sat import SAT_ENGINE, Alarm, _conflicts, sat_result
from .within import WITHIN_MAX_VARIABLES, within_clauses

if TYPE_CHECKING:
    from .sat_model import Model

LEVELS = (0, 1, 2, 4, 8, 16, 32, 64)
"""The bounds on the empty cells, tried lowest first (doubling: a board's fewest empty
cells are found within a level of twice their number)."""
FIRST_BUDGET = 1_000
"""Conflicts the lowest open level gets in the first round (a few milliseconds on a 20x20);
each round doubles it."""
MIN_BUDGET = 100
"""The least a level gets in a round.  Why each level above the lowest gets half the one
below: the lowest open level is the likeliest to hold the board's solution.  Measured on
janko 430 alone (no race): 1.31 s to its K = 4 solution, 2.5 s when every level got the
full budget."""


def empty_literals(
    model: Model, puzzle: Puzzle, first_free: int
) -> tuple[list[int], list[list[int]]]:
    """For each free cell the model may use, a new variable "this cell is empty" (true
    exactly when none of its edges is on), numbered from ``first_free``; and its clauses."""
    literals: list[int] = []
    clauses: list[list[int]] = []
    given = puzzle.cells
    top = first_free - 1
    for cell in model.usable_cells:
        if given[cell] != 0:
            continue
        edges = model.incident.get(cell, [])
        top += 1
        clauses.extend([-top, -edge] for edge in edges)
        clauses.append([top, *edges])
        literals.append(top)
    return literals, clauses


def few_empty_solve(
    puzzle: Puzzle, model: Model, deadline: Deadline, alarm: Alarm
) -> SolveResult[Solution]:
    """One solution of ``model`` (the shortest ``blank`` model, with label variables), fewest
    empty cells first (see the module docstring), or the proof there is none; stops
    unfinished at ``deadline`` or when ``alarm`` fires."""
    from pysat.card import ITotalizer
    from pysat.solvers import Solver

    solver = Solver(name=SAT_ENGINE)
    alarm.watch(solver)
    calls = 0
    try:
        solver.append_formula(model.clauses, no_return=True)
        if len(model.xvar) <= WITHIN_MAX_VARIABLES:
            solver.append_formula(within_clauses(model, puzzle), no_return=True)
        empties, clauses = empty_literals(model, puzzle, model.nvars + 1)
        solver.append_formula(clauses, no_return=True)
        levels = [k for k in LEVELS if k < len(empties)]
        bounds: list[int] = []
        if levels:
            counter = ITotalizer(
                lits=empties, ubound=levels[-1] + 1, top_id=model.nvars + len(empties)
            )
            solver.append_formula(counter.cnf.clauses, no_return=True)
            bounds = [counter.rhs[k] for k in levels]  # true when more than k are empty
        ruled_out = 0  # levels[:ruled_out] are unsatisfiable
        budget = FIRST_BUDGET
        while True:
            for index in range(ruled_out, len(levels) + 1):
                while True:  # again on the same level after a cut
                    if deadline.expired() or alarm.fired:
                        return sat_result(deadline, [], False, True, _conflicts(solver), calls)
                    calls += 1
                    assumptions = [-bounds[index]] if index < len(levels) else []
                    solver.conf_budget(max(budget >> (index - ruled_out), MIN_BUDGET))
                    answer = solver.solve_limited(assumptions=assumptions, expect_interrupt=True)
                    if answer is not True:
                        break
                    solution, _, cuts = model.decode(solver.get_model())
                    if cuts:  # not expected with label variables under blank
                        solver.append_formula(cuts, no_return=True)
                        continue
                    assert solution is not None
                    return sat_result(deadline, [solution], False, False, _conflicts(solver), calls)
                if answer is False:
                    if index == len(levels):
                        return sat_result(deadline, [], True, False, _conflicts(solver), calls)
                    ruled_out = index + 1
            budget *= 2
    finally:
        alarm.cancel()
        solver.delete()

