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

from dataclasses import dataclass, replace
from itertools import pairwise
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from pysat.solvers import Solver

from ...core.deadline import Deadline
from ..model import BLOCKED, EMPTY, Puzzle, Rules, Solution
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
    listed: tuple[Solution, ...] = ()
    """With ``list_limit``: the solutions listed after the backbone settled (the
    backbone's own first), on the same solver."""
    every: bool = False
    """Whether ``listed`` is every solution (the listing ran out of solutions before the
    limit and the deadline)."""


def backbone(
    puzzle: Puzzle,
    rules: Rules,
    domains: dict[int, set[int]],
    deadline: Deadline,
    *,
    list_limit: int = 0,
) -> Backbone:
    """The backbone of ``puzzle`` under ``rules`` (see the module docstring);
    ``domains``: ``reach.label_domains(puzzle)``.

    ``list_limit``: once the backbone is settled, go on listing solutions on the same
    solver, up to ``list_limit`` of them, within ``deadline`` (``Backbone.listed``).
    Why here: ``analyse`` wants the exact count of a board with up to a thousand
    solutions, and a second model (``solve``) cost as much to build and load as the
    backbone's whole search at 25x25 (measured 0.2-0.3 s), and then learnt it all again."""
    from pysat.solvers import Solver  # the SAT library loads only when asked

    model = Model(puzzle, rules, domains)
    solver = Solver(name=SAT_ENGINE, bootstrap_with=model.clauses)
    alarm = Alarm(deadline)
    alarm.watch(solver)
    search = _Search(model, solver, alarm, deadline)
    try:
        bone = search.run()
        if list_limit and bone.settled:
            # no solution at all (proved) is a complete listing too
            listed: tuple[Solution, ...] = ()
            every = True
            if bone.solutions:
                listed, every = search.listing(bone.solutions, list_limit)
            bone = replace(bone, listed=listed, every=every)
        return bone
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
        self._coords: list[tuple[int, int]] | None = None
        """For ``_paths``: each cell's (row, column), the unsolved cells, the cells to
        cover (made on first use)."""
        self._template: list[int] = []
        self._cover = 0

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

    def listing(
        self, found: tuple[Solution, ...], limit: int
    ) -> tuple[tuple[Solution, ...], bool]:
        """Every solution after ``found`` (the backbone's, distinct), each blocked once
        found (its path edges, as ``sat.py`` blocks them), up to ``limit`` in all; and
        whether that was all of them.  The backbone's selectors are all retired by now,
        so the solver's models are the solutions, less the ones blocked."""
        listed = list(found)
        edges = self.model.edges
        for solution in found:
            self._add(_block(solution, edges))
        solver = self.solver
        while len(listed) < limit:
            if self.deadline.expired() or self.alarm.fired:
                return tuple(listed), False
            self.calls += 1
            if self.deadline.remaining() is None:
                answer = solver.solve()
            else:
                answer = solver.solve_limited(expect_interrupt=True)
            if answer is None:
                return tuple(listed), False
            if not answer:
                return tuple(listed), True
            values: list[int] = solver.get_model()
            quick = self._paths(values)
            if quick is None:  # a cycle (the fill rules): cut it as ``_solve`` does
                _solution, _used, cuts = self.model.decode(values)
                for cut in cuts:
                    self._add(cut)
                continue
            solution, used = quick
            listed.append(solution)
            self._add([-v for v in used])
        return tuple(listed), False

    def _paths(self, values: list[int]) -> tuple[Solution, list[int]] | None:
        """The solution in a model and its path edges, read faster than ``Model.decode``
        (measured at 25x25 under ``blank``: decoding took 1.4 of the listing's 2.5 s
        profiled, the SAT calls 0.2 s), the same ``Solution``; None when the model holds
        a cycle under the fill rules (some cell off every path), which needs its cut.

        Why it may skip ``decode``'s checks: with the label variables every path from an
        end runs to the other end of its label (a model of the full encoding, as here,
        never needs the cuts for wrong joins or touches), and under ``blank`` an empty
        loop is nothing to a solution."""
        model = self.model
        puzzle = model.puzzle
        given = puzzle.cells
        size = len(given)
        if self._coords is None:
            w = puzzle.width
            self._coords = [divmod(i, w) for i in range(size)]
            self._template = [v if v == BLOCKED else EMPTY for v in given]
            self._cover = sum(1 for v in given if v != BLOCKED)
        coords = self._coords
        one = [0] * size
        two = [0] * size
        ea, eb = model.edge_a, model.edge_b
        for var in values[: model.n_edges]:
            if var > 0:
                a = ea[var]
                b = eb[var]
                if one[a]:
                    two[a] = var
                else:
                    one[a] = var
                if one[b]:
                    two[b] = var
                else:
                    one[b] = var
        cells = list(self._template)
        paths: list[tuple[int, tuple[tuple[int, int], ...]]] = []
        used: list[int] = []
        covered = 0
        for label, start in model.ends:
            at, var = start, one[start]
            order = [start]
            while True:
                used.append(var)
                at = eb[var] if ea[var] == at else ea[var]
                order.append(at)
                if given[at] > 0:
                    break
                var = two[at] if one[at] == var else one[at]
            for index in order:
                cells[index] = label
            paths.append((label, tuple([coords[i] for i in order])))
            covered += len(order)
        if not self.blank and covered < self._cover:
            return None
        return Solution(puzzle.width, puzzle.height, tuple(cells), tuple(paths)), used

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


def _block(solution: Solution, edges: dict[tuple[Index, Index], int]) -> list[int]:
    """The clause that forbids ``solution``'s path edges together."""
    w = solution.width
    clause = []
    for _label, cells in solution.paths:
        for (r1, c1), (r2, c2) in pairwise(cells):
            a, b = r1 * w + c1, r2 * w + c2
            clause.append(-edges[(a, b) if a < b else (b, a)])
    return clause
