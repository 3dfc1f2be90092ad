"""The backbone of a Numberlink puzzle: what every solution agrees on, found by SAT.

Why a backbone and not a listing: a setter's board may have millions of solutions, but
which cells they all agree on is settled by a few SAT calls on one solver instance.  The
facts ("candidates") are taken from a first solution: each free cell's label (0 for a
cell it leaves empty under ``blank``) and each join (grid edge) its paths use.  Then, over
and over, the solver is asked for a solution that breaks at least one candidate still
standing (one clause, switched on by a fresh assumption literal and retired after the
call: the incremental "all at once" backbone algorithm); every model found refutes all the
candidates it disagrees with at once, and when none is left to break (UNSAT) the rest are
the backbone.  Each model breaks a candidate every earlier model kept, so the models are
distinct solutions: their number is a lower bound on the count.

Why the answer is exact under every rule set: a model of ``sat_model.Model`` (with its
one-hot labels) is a solution except for cycles that touch no end (the local clauses
cannot see them; ``fill-notouch``'s touch rule is in the label clauses).  Under ``fill``
and ``fill-notouch`` a cycle is cut as ``sat.py`` cuts it (some edge must leave its
cells).  Under ``blank`` a cycle is an empty loop: the solution is the same without it,
but a model with a loop could "break" a candidate (a cell's emptiness, an unused join)
only through the loop, so every loop found is forbidden outright (not all of its edges
together).  That clause holds for every model without loops, and those models are
exactly the solutions (a label variable of a cell off every path is false, on a path it
is the path's), so the solver's models after the cuts are the rule set's solutions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from pysat.solvers import Solver

from ...core.deadline import Deadline
from ..model import EMPTY, Puzzle, Rules, Solution
from .sat import SAT_ENGINE, Alarm
from .sat_model import Model

Index = int
"""A cell as its row-major index."""


@dataclass(frozen=True)
class Backbone:
    """What the backbone search settled.

    ``solutions``: the distinct solutions its models gave (empty: none, proved when
    ``settled``); ``cells``: for each free cell index every solution agrees on, its value
    (a label, 0 for empty); ``edges``: the joins (index pairs, the smaller first) every
    solution uses; ``settled``: False when the deadline stopped it (then ``cells`` and
    ``edges`` are not the backbone yet).  ``calls``: SAT calls made.
    """

    solutions: tuple[Solution, ...]
    cells: dict[Index, int]
    edges: frozenset[tuple[Index, Index]]
    settled: bool
    calls: int


def backbone(
    puzzle: Puzzle, rules: Rules, domains: dict[int, set[int]], deadline: Deadline
) -> Backbone:
    """The backbone of ``puzzle`` under ``rules`` (see the module docstring);
    ``domains``: ``reach.label_domains(puzzle)``."""
    from pysat.solvers import Solver  # the SAT library loads only when asked

    model = Model(puzzle, rules, domains)
    solver = Solver(name=SAT_ENGINE, bootstrap_with=model.clauses)
    alarm = Alarm(deadline)
    alarm.watch(solver)
    search = _Search(model, solver, alarm, deadline)
    try:
        return search.run()
    finally:
        alarm.cancel()
        solver.delete()


class _Search:
    """One backbone search over one incremental solver."""

    def __init__(self, model: Model, solver: Solver, alarm: Alarm, deadline: Deadline) -> None:
        self.model = model
        self.solver = solver
        self.alarm = alarm
        self.deadline = deadline
        self.calls = 0
        self.next_var = model.nvars
        self.blank = model.rules is Rules.BLANK

    def run(self) -> Backbone:
        first = self._solve([])
        if first is None or first is False:
            return Backbone((), {}, frozenset(), first is False, self.calls)
        solution, used = first
        found = [solution]
        cells = self._cell_candidates(solution)
        edges = set(used)
        while cells or edges:
            selector = self._new_var()
            clause = [-selector]
            for index, value in cells.items():
                clause.extend(self._breaks_cell(index, value))
            clause.extend(-self.model.edges[edge] for edge in edges)
            self._add(clause)
            answer = self._solve([selector])
            self._add([-selector])  # retired: the clause holds no more
            if answer is None:
                return Backbone(tuple(found), cells, frozenset(edges), False, self.calls)
            if answer is False:
                break
            other, other_used = answer
            found.append(other)
            kept = {i: v for i, v in cells.items() if other.cells[i] == v}
            # the clause made the model break a candidate: if none broke, the model and
            # the solution it decodes to disagree (a bug, which would loop for ever)
            assert len(kept) + len(edges & other_used) < len(cells) + len(edges)
            cells, edges = kept, edges & other_used
        return Backbone(tuple(found), cells, frozenset(edges), True, self.calls)

    def _cell_candidates(self, solution: Solution) -> dict[Index, int]:
        """Each free cell's value in ``solution`` (its ends are constants, not candidates)."""
        given = self.model.puzzle.cells
        return {i: solution.cells[i] for i, v in enumerate(given) if v == EMPTY}

    def _breaks_cell(self, index: Index, value: int) -> list[int]:
        """Literals one of which holds exactly when a solution gives ``index`` another
        value than ``value``: not the label, or (for an empty cell) some path edge."""
        if value > 0:
            return [-self.model.xvar[index, value]]
        return list(self.model.incident[index]) if index in self.model.incident else []

    def _new_var(self) -> int:
        self.next_var += 1
        return self.next_var

    def _add(self, clause: list[int]) -> None:
        self.solver.add_clause(clause)

    def _solve(
        self, assumptions: list[int]
    ) -> tuple[Solution, set[tuple[Index, Index]]] | Literal[False] | None:
        """A solution under ``assumptions`` with its joins, False when there is none,
        None when the deadline came first; models with cycles are cut and solved again."""
        solver = self.solver
        model = self.model
        while True:
            if self.deadline.expired() or self.alarm.fired:
                return None
            self.calls += 1
            if self.deadline.remaining() is None:
                answer = solver.solve(assumptions=assumptions)
            else:
                answer = solver.solve_limited(
                    assumptions=assumptions, expect_interrupt=True
                )
            if answer is None:
                return None
            if not answer:
                return False
            values: list[int] = solver.get_model()
            solution, used, cuts = model.decode(values)
            if self.blank:
                cuts = cuts + self._loops(values, used)
            if cuts:
                for cut in cuts:
                    self._add(cut)
                continue
            assert solution is not None  # no cuts: a valid solution
            return solution, {model.edge_keys[v - 1] for v in used}

    def _loops(self, values: list[int], used: list[int]) -> list[list[int]]:
        """Under ``blank``: one clause per empty loop in the model, not all its edges."""
        model = self.model
        on_paths = set(used)
        rest = [v for v in values[: model.n_edges] if v > 0 and v not in on_paths]
        if not rest:
            return []
        at_cell: dict[Index, list[int]] = {}
        for var in rest:
            a, b = model.edge_keys[var - 1]
            at_cell.setdefault(a, []).append(var)
            at_cell.setdefault(b, []).append(var)
        seen: set[int] = set()
        loops: list[list[int]] = []
        for start in rest:
            if start in seen:
                continue
            loop: list[int] = []
            stack = [start]
            seen.add(start)
            while stack:
                var = stack.pop()
                loop.append(var)
                for cell in model.edge_keys[var - 1]:
                    for other in at_cell[cell]:
                        if other not in seen:
                            seen.add(other)
                            stack.append(other)
            loops.append([-v for v in loop])
        return loops
