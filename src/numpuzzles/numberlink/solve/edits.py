"""Many edits of one Numberlink puzzle on one incremental SAT solver: how many solutions
(0, 1 or "two or more") each edit leaves.

Why: ``analyse``'s suggestion tries tens of candidate changes (an end moved, a pair
added, a pair removed), and a fresh model a candidate cost 5-40 ms on 10x10 to 15x15
boards to build and load, ten times the SAT calls themselves (profiled with cProfile on
``bench/analyse_bench.py``'s ``fill`` cases: 23 of 55 s building ``sat_model.Model``,
20 s loading its clauses, 4 s solving).  Here the model is built once, for the puzzle
and every edit together, and an edit is chosen by assumptions, so each candidate costs
one SAT call (no solution) or two (is there another?) on a solver that keeps what it
learnt from the candidates before it; and the second is often spared: a change inside
one 2x2 square of the first solution that gives a second one proves "two or more" at
once (``another``).

The model generalises ``sat_model.Model``'s full (one-hot label) encoding to cells whose
role an edit changes ("switchable" cells): each such cell has an end variable ``z``
(an end when true, else a free cell) and, like every cell, one label variable per label
that may reach it.  A fixed end is a cell whose one label variable is a unit clause.
Every clause below holds in every solution of every edit, so an assumption set (each
switchable cell's ``z``, an end's label, each label that may be absent present or not)
leaves exactly the edited puzzle's solutions:

- degrees: a fixed end has exactly one path edge; a free cell two under the ``fill``
  rules (and some label), zero or two under ``blank``; a switchable cell the one or the
  other as ``z`` says, and as an end no label but its own;
- a path edge makes its two cells agree on every label; under ``blank`` a cell with a
  label has a path edge; a label absent from an edit (a removed pair, a new pair not
  added) labels no cell;
- ``fill-notouch``: two touching cells of one label are joined, and no three edges of a
  2x2 square are used; ``fill`` and ``blank``: no 2x2 square uses all four edges.

Which labels may reach a cell: the parts of the board (connected through cells free or
switchable, the fixed ends and blocked cells as walls) that hold or touch a cell where the
label may have an end.  In each edit a label's path runs from one end through cells free
in that edit, all inside one such part, so this is a superset of every edit's own
``reach`` domains.

A model may still hold cycles touching no end.  Under the ``fill`` rules a cycle's cells
must be left by some path edge unless one of them is an end: the cut is that clause with
the switchable cells' ``z`` added, so it holds in every edit.  Under ``blank`` a cycle
is an empty loop, forbidden outright (no path holds a whole cycle), as the backbone does.
Proving "exactly one": the first solution is blocked by a clause switched on by a fresh
selector, retired after the second call (the solution's path edges decide it under every
rule set, as ``sat.py`` blocks solutions).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pysat.solvers import Solver

from ...core.deadline import Deadline
from ..model import BLOCKED, EMPTY, Cell, Puzzle, Rules, Solution
from .sat import SAT_ENGINE, Alarm

Edit = Mapping[int, int]
"""An edit: cell index -> its value in the edited puzzle (EMPTY, or the label whose end it
becomes); every other cell keeps its value.  Each label has two ends or none after it."""


BUDGET = "budget"
"""``EditModel._solve``'s answer when a SAT call ran out of its conflict budget."""


@dataclass
class Attempt:
    """One edit's proof in progress (``EditModel.advance``): its assumptions and ends, the
    solutions found so far, the selector of the block on the first, and the count once
    known (0, 1, or 2 for "two or more")."""

    assumptions: list[int]
    ends: dict[int, int]
    solutions: tuple[Solution, ...] = ()
    selector: int = 0
    count: int | None = None


class EditModel:
    """The SAT model of ``puzzle`` and every one of ``edits`` (see the module docstring),
    loaded into one solver; ``count`` answers one edit at a time.  Close it (or use it as a
    context manager) to free the solver."""

    def __init__(
        self, puzzle: Puzzle, rules: Rules, edits: Sequence[Edit], deadline: Deadline
    ) -> None:
        from pysat.solvers import Solver  # the SAT library loads only when asked

        self.puzzle = puzzle
        self.rules = rules
        self.deadline = deadline
        self.edits = [{i: v for i, v in edit.items() if v != puzzle.cells[i]} for edit in edits]
        self.calls = 0
        self.nvars = 0
        self.clauses: list[list[int]] = []
        self._build()
        self.solver: Solver = Solver(name=SAT_ENGINE, bootstrap_with=self.clauses)
        self.clauses = []
        self.alarm = Alarm(deadline)
        self.alarm.watch(self.solver)

    def __enter__(self) -> EditModel:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.alarm.cancel()
        self.solver.delete()

    def _new(self) -> int:
        self.nvars += 1
        return self.nvars

    # --- building ---------------------------------------------------------------------

    def _build(self) -> None:
        puzzle = self.puzzle
        w, h, cells = puzzle.width, puzzle.height, puzzle.cells
        size = w * h
        roles: dict[int, set[int]] = {}
        labels = set(puzzle.labels)
        for edit in self.edits:
            for index, value in edit.items():
                roles.setdefault(index, set())
                if value > 0:
                    roles[index].add(value)
                    labels.add(value)
        for index, found in roles.items():
            if cells[index] > 0:
                found.add(cells[index])
        self.roles = roles
        self.labels = sorted(labels)
        # which labels may be absent: those with no end in some edit (or not in the puzzle)
        optional: set[int] = set()
        for edit in self.edits:
            optional |= labels - self._present(edit)
        self.optional: dict[int, int] = {}
        """A label that may be absent -> its presence variable."""
        # the parts: walls are blocked cells and fixed ends
        wall = [v == BLOCKED or (v > 0 and i not in roles) for i, v in enumerate(cells)]
        part = [-1] * size
        parts: list[list[int]] = []
        for start in range(size):
            if wall[start] or part[start] >= 0:
                continue
            number = len(parts)
            part[start] = number
            members = [start]
            stack = [start]
            while stack:
                at = stack.pop()
                for n in _around(at, w, h):
                    if not wall[n] and part[n] < 0:
                        part[n] = number
                        members.append(n)
                        stack.append(n)
            parts.append(members)
        places: dict[int, set[int]] = {label: set() for label in self.labels}
        for index, value in enumerate(cells):
            if value > 0:
                places[value].add(index)
        for index, found in roles.items():
            for label in found:
                places[label].add(index)
        domain: dict[int, set[int]] = {}
        for label, ends in places.items():
            near = {part[n] for e in ends for n in (e, *_around(e, w, h)) if part[n] >= 0}
            domain[label] = set(ends).union(*(parts[p] for p in near))
        # per cell: the labels that may reach it, in label order
        dom: list[list[int]] = [[] for _ in range(size)]
        for label in self.labels:
            for index in domain[label]:
                dom[index].append(label)
        self.dom = dom
        # edge variables first (row-major, right then down), as in sat_model.Model
        self.edges: dict[tuple[int, int], int] = {}
        self.edge_keys: list[tuple[int, int]] = []
        incident: list[list[int]] = [[] for _ in range(size)]
        for a in range(size):
            if not dom[a]:
                continue
            for b in _forward(a, w, size):
                if not dom[b]:
                    continue
                if not set(dom[a]) & set(dom[b]):
                    continue
                var = self._new()
                self.edges[a, b] = var
                self.edge_keys.append((a, b))
                incident[a].append(var)
                incident[b].append(var)
        self.incident = incident
        self.n_edges = len(self.edge_keys)
        self.x: list[dict[int, int]] = [{} for _ in range(size)]
        for index in range(size):
            own = self.x[index]
            for label in dom[index]:
                own[label] = self._new()
        self.z = {index: self._new() for index in sorted(roles)}
        for label in sorted(optional):
            self.optional[label] = self._new()
        self._degrees()
        self._labels()
        if self.rules is Rules.FILL_NOTOUCH:
            self._notouch()
            self._squares(3)
        else:
            self._squares(4)

    def _present(self, edit: Edit) -> set[int]:
        """The labels with ends after ``edit``."""
        cells = self.puzzle.cells
        present = {v for i, v in enumerate(cells) if v > 0 and i not in edit}
        present.update(v for v in edit.values() if v > 0)
        return present

    def _degrees(self) -> None:
        add = self.clauses.append
        extend = self.clauses.extend
        fill = self.rules is not Rules.BLANK
        cells = self.puzzle.cells
        for index, edges in enumerate(self.incident):
            if not self.dom[index]:
                if fill and cells[index] == EMPTY:
                    add([])  # a free cell no label can reach
                continue
            n = len(edges)
            negated = [-e for e in edges]
            z = self.z.get(index)
            if z is None and cells[index] > 0:
                add(edges)  # exactly one
                extend(map(list, combinations(negated, 2)))
                add([self.x[index][cells[index]]])
                continue
            extend(map(list, combinations(negated, 3)))  # at most two
            guard = [] if z is None else [z]
            if fill:
                if n < 2:
                    add(guard)
                else:
                    extend([*guard, *c] for c in combinations(edges, n - 1))
                add([*guard, *self.x[index].values()])
            else:
                for i in range(n):
                    add([*guard, negated[i], *edges[:i], *edges[i + 1 :]])
            if z is not None:
                add([-z, *edges])
                extend([-z, *c] for c in combinations(negated, 2))
                own = self.x[index]
                add([-z, *(own[label] for label in sorted(self.roles[index]))])
                for label in sorted(self.roles[index]):
                    mine = own[label]
                    extend([-z, -mine, -var] for other, var in own.items() if other != label)

    def _labels(self) -> None:
        """A path edge makes its two cells agree on every label; an absent label labels no
        cell; under ``blank`` a labelled cell has a path edge."""
        clauses = self.clauses
        x = self.x
        for (a, b), edge in self.edges.items():
            xa, xb = x[a], x[b]
            for label, p in xa.items():
                q = xb.get(label)
                if q is None:
                    clauses.append([-edge, -p])
                else:
                    clauses.append([-edge, -p, q])
                    clauses.append([-edge, -q, p])
            for label, q in xb.items():
                if label not in xa:
                    clauses.append([-edge, -q])
        for label, present in self.optional.items():
            clauses.extend([-own[label], present] for own in x if label in own)
        if self.rules is Rules.BLANK:
            for index, own in enumerate(x):
                clauses.extend([-var, *self.incident[index]] for var in own.values())

    def _notouch(self) -> None:
        """Two touching cells of one label are joined by a path edge."""
        w, h = self.puzzle.width, self.puzzle.height
        x = self.x
        for a in range(w * h):
            for b in _forward(a, w, w * h):
                edge = self.edges.get((a, b))
                base = [] if edge is None else [edge]
                xb = x[b]
                for label, p in x[a].items():
                    q = xb.get(label)
                    if q is not None:
                        self.clauses.append([*base, -p, -q])

    def _squares(self, most: int) -> None:
        """No 2x2 square uses ``most`` of its edges (3: a U, a touch under
        ``fill-notouch``; 4: a loop)."""
        w, h = self.puzzle.width, self.puzzle.height
        edges = self.edges
        for r in range(h - 1):
            for a in range(r * w, r * w + w - 1):
                square = [
                    v for v in (
                        edges.get((a, a + 1)), edges.get((a, a + w)),
                        edges.get((a + 1, a + w + 1)), edges.get((a + w, a + w + 1)),
                    ) if v
                ]
                if len(square) >= most:
                    self.clauses.extend(map(list, combinations([-v for v in square], most)))

    # --- answering --------------------------------------------------------------------

    def assumptions(self, edit: Edit) -> list[int]:
        """The literals that choose ``edit`` (one of ``edits``, or any edit of the same
        switchable cells and labels)."""
        edit = {i: v for i, v in edit.items() if v != self.puzzle.cells[i]}
        cells = self.puzzle.cells
        out: list[int] = []
        for index, z in self.z.items():
            value = edit.get(index, cells[index])
            if value > 0:
                out.extend((z, self.x[index][value]))
            else:
                out.append(-z)
        present = self._present(edit)
        out.extend(var if label in present else -var for label, var in self.optional.items())
        return out

    def count(self, edit: Edit) -> tuple[int, tuple[Solution, ...]] | None:
        """How many solutions ``edit`` leaves: 0, 1, or 2 for "two or more", with the
        ones found; None when the deadline came first."""
        attempt = self.start(edit)
        if not self.advance(attempt, None):
            return None
        assert attempt.count is not None
        return attempt.count, attempt.solutions

    def start(self, edit: Edit) -> Attempt:
        """An unstarted proof of how many solutions ``edit`` leaves (``advance``)."""
        return Attempt(self.assumptions(edit), self._ends(edit))

    def advance(self, attempt: Attempt, budget: int | None) -> bool | None:
        """Work on ``attempt`` for at most ``budget`` conflicts a SAT call (None: no
        bound): True once ``attempt.count`` is known, False when the budget ran out first
        (call again, with a larger one: what was found is kept), None at the deadline.

        Why budgets: a few candidates cost a hundred times the typical one (measured at
        25x25: most calls under 100 conflicts and 5 ms, a few over 10,000 and 0.4-1 s),
        and any candidate proved unique will do, so the cheap ones are all tried first."""
        if attempt.count is not None:
            return True
        if not attempt.solutions:
            first = self._solve(attempt.assumptions, attempt.ends, budget)
            if first is None or first == BUDGET:
                return None if first is None else False
            if first is False:
                attempt.count = 0
                return True
            assert not isinstance(first, (bool, str))
            solution, used = first
            attempt.solutions = (solution,)
            other = another(solution, self.rules)
            if other is not None:
                attempt.count = 2
                attempt.solutions = (solution, other)
                return True
            attempt.selector = self._new()
            self.solver.add_clause([-attempt.selector, *(-v for v in used)])
        second = self._solve([*attempt.assumptions, attempt.selector], attempt.ends, budget)
        if second is None or second == BUDGET:
            return None if second is None else False
        self.solver.add_clause([-attempt.selector])  # retired: the block holds no more
        if second is False:
            attempt.count = 1
        else:
            assert not isinstance(second, (bool, str))
            attempt.count = 2
            attempt.solutions = (*attempt.solutions, second[0])
        return True

    def _ends(self, edit: Edit) -> dict[int, int]:
        """Every end after ``edit``: cell index -> label."""
        ends = {i: v for i, v in enumerate(self.puzzle.cells) if v > 0}
        for index, value in edit.items():
            if value > 0:
                ends[index] = value
            else:
                ends.pop(index, None)
        return ends

    def _solve(
        self, assumptions: list[int], ends: dict[int, int], budget: int | None
    ) -> tuple[Solution, list[int]] | bool | str | None:
        """A solution under ``assumptions`` with its path edges, False when there is none,
        ``BUDGET`` when a call ran past ``budget`` conflicts, None at the deadline; models
        with cycles are cut and solved again."""
        solver = self.solver
        while True:
            if self.deadline.expired() or self.alarm.fired:
                return None
            self.calls += 1
            if self.deadline.remaining() is None and budget is None:
                answer = solver.solve(assumptions=assumptions)
            else:
                solver.conf_budget(-1 if budget is None else budget)
                answer = solver.solve_limited(assumptions=assumptions, expect_interrupt=True)
            if answer is None:
                return None if self.alarm.fired or self.deadline.expired() else BUDGET
            if not answer:
                return False
            solution, used, cuts = self._decode(solver.get_model(), ends)
            if cuts:
                solver.append_formula(cuts)
                continue
            assert solution is not None
            return solution, used

    def _decode(
        self, values: list[int], ends: dict[int, int]
    ) -> tuple[Solution | None, list[int], list[list[int]]]:
        """The solution in a model, its path edges, and the cycle cuts it calls for (then
        no solution)."""
        puzzle = self.puzzle
        w = puzzle.width
        size = len(puzzle.cells)
        near: list[list[tuple[int, int]]] = [[] for _ in range(size)]
        keys = self.edge_keys
        on: list[int] = []
        for var in values[: self.n_edges]:
            if var > 0:
                a, b = keys[var - 1]
                near[a].append((b, var))
                near[b].append((a, var))
                on.append(var)
        seen = [False] * size
        used: list[int] = []
        paths: dict[int, tuple[Cell, ...]] = {}
        cells = [BLOCKED if v == BLOCKED else EMPTY for v in puzzle.cells]
        for start, label in sorted(ends.items()):
            if seen[start]:
                continue
            order = [start]
            seen[start] = True
            previous, at = -1, start
            while True:
                step = [(n, v) for n, v in near[at] if n != previous]
                if not step or (at != start and at in ends):
                    break
                previous, (at, var) = at, step[0]
                seen[at] = True
                order.append(at)
                used.append(var)
            # the label clauses keep a path between two ends of its own label
            assert ends.get(order[-1]) == label and len(order) > 1, (order, label)
            for index in order:
                cells[index] = label
            paths[label] = tuple(divmod(i, w) for i in order)
        cuts: list[list[int]] = []
        on_path = set(used)
        rest = [v for v in on if v not in on_path]
        if rest:
            cuts = self._cycles(rest, near)
        if cuts:
            return None, used, cuts
        solution = Solution(
            puzzle.width, puzzle.height, tuple(cells), tuple(sorted(paths.items()))
        )
        return solution, used, []

    def _cycles(
        self, rest: list[int], near: list[list[tuple[int, int]]]
    ) -> list[list[int]]:
        """One clause for each cycle of path edges touching no end (see the module
        docstring)."""
        keys = self.edge_keys
        cuts: list[list[int]] = []
        done: set[int] = set()
        for var in rest:
            if var in done:
                continue
            start = keys[var - 1][0]
            loop = [start]
            inside = {start}
            loop_edges: list[int] = []
            stack = [start]
            while stack:
                at = stack.pop()
                for n, v in near[at]:
                    if v not in done:
                        done.add(v)
                        loop_edges.append(v)
                    if n not in inside:
                        inside.add(n)
                        loop.append(n)
                        stack.append(n)
            if self.rules is Rules.BLANK:
                cuts.append([-v for v in loop_edges])
                continue
            leave = [
                v for a in loop for b in _around(a, self.puzzle.width, self.puzzle.height)
                if b not in inside and (v := self._edge(a, b))
            ]
            cuts.append([*leave, *(self.z[a] for a in loop if a in self.z)])
        return cuts

    def _edge(self, a: int, b: int) -> int:
        return self.edges.get((a, b) if a < b else (b, a), 0)


def another(solution: Solution, rules: Rules) -> Solution | None:
    """A second solution made from ``solution`` by a change inside one 2x2 square, where
    one is at hand (else None): so an edit whose first solution has one needs no second
    SAT call (measured: most candidates have two solutions or more, each costing a call).

    Under ``fill``: a path that runs alongside itself in one direction (a -> b, later
    c -> d, with a-c and b-d neighbours) may swap those two steps for a -> c and b -> d,
    walking the stretch between them backwards: the same cells, one path, no cycle.
    Under ``blank``: a path with two cells that are neighbours but not consecutive may
    step across directly (the cells between them become empty); a step a -> b beside two
    empty cells c, d of one square may go round them (a -> c -> d -> b).  Under
    ``fill-notouch`` neither can happen (a touch): None.
    """
    if rules is Rules.FILL_NOTOUCH:
        return None
    w, h = solution.width, solution.height
    cells = solution.cells
    for number, (label, path) in enumerate(solution.paths):
        flat = [r * w + c for r, c in path]
        position = {cell: i for i, cell in enumerate(flat)}
        changed: list[int] | None = None
        for i, a in enumerate(flat):
            for b in _around(a, w, h):
                j = position.get(b)
                if j is None or j <= i + 1:
                    continue
                # a = flat[i] and b = flat[j] are neighbours, j > i + 1
                if rules is Rules.BLANK:
                    changed = flat[: i + 1] + flat[j:]
                    break
                # fill: the steps i -> i + 1 and j -> j + 1 (or j - 1 -> j) in one square
                if j + 1 < len(flat) and i + 1 < len(flat):
                    c, d = flat[i + 1], flat[j + 1]
                    if d in _around(c, w, h):
                        # a -> c ... b -> d, a-b and c-d neighbours: swap for a -> b, c -> d
                        # walking c..b backwards
                        changed = flat[: i + 1] + flat[i + 1 : j + 1][::-1] + flat[j + 1 :]
                        break
            if changed is not None:
                break
        if changed is None and rules is Rules.BLANK:
            for i in range(len(flat) - 1):
                a, b = flat[i], flat[i + 1]
                for c in _around(a, w, h):
                    if c == b or cells[c] != EMPTY:
                        continue
                    d = c + (b - a)
                    beside = d in _around(c, w, h) and d in _around(b, w, h)
                    if beside and cells[d] == EMPTY:
                        changed = [*flat[: i + 1], c, d, *flat[i + 1 :]]
                        break
                if changed is not None:
                    break
        if changed is None:
            continue
        new_cells = list(cells)
        for index in flat:
            new_cells[index] = EMPTY
        for index in changed:
            new_cells[index] = label
        paths = list(solution.paths)
        paths[number] = (label, tuple(divmod(i, w) for i in changed))
        return Solution(w, h, tuple(new_cells), tuple(paths))
    return None


def _around(index: int, w: int, h: int) -> list[int]:
    """The on-board orthogonal neighbours of ``index``."""
    r, c = divmod(index, w)
    out = []
    if c:
        out.append(index - 1)
    if c + 1 < w:
        out.append(index + 1)
    if r:
        out.append(index - w)
    if r + 1 < h:
        out.append(index + w)
    return out


def _forward(index: int, w: int, size: int) -> list[int]:
    """The right and lower neighbours of ``index`` on the board (each edge once)."""
    out = []
    if (index + 1) % w:
        out.append(index + 1)
    if index + w < size:
        out.append(index + w)
    return out
