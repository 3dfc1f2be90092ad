"""The Numberlink solver: an incremental SAT model with lazy cycle cuts.

Why SAT: it is sound under every rule set, proves "no solution" and "unique" by
exhausting the model, and keeps learnt clauses between the calls that count solutions.

The model (see ``_Model``):
- one Boolean per grid edge between two usable cells ("the path steps across here");
- one Boolean per (free cell, label) pair, for labels whose ends both reach the cell
  (each label is confined to the part of the board connected to both its ends);
- an end has exactly one path edge; under ``fill`` a free cell has exactly two and some
  label, under ``blank`` zero or two;
- a path edge makes its two cells agree on every label, so a path carries one label from
  end to end and never joins two different labels;
- ``fill-notouch``: two touching cells of the same label must be joined by a path edge,
  and (implied, but stated on the edges because it prunes far earlier: measured 30 s+ ->
  0.5 s on 40x20 boards) no three edges of a 2x2 square are used together;
- ``fill`` and ``blank``: no 2x2 square uses all four edges (a loop, wrong or empty).

Cycles that touch no end satisfy the local constraints.  Under the ``fill`` rules they are
wrong, and each one found in a model is cut by a clause (some edge must leave the cycle's
cells, since those cells must lie on paths between ends outside it) and the model solved
again.  Under ``blank`` they are simply dropped: the cells are empty.  A solution is blocked
by forbidding its path edges together, which also blocks every model that adds only empty
loops to it, so under ``blank`` solutions differing by an empty loop count once.

Under ``fill-notouch`` the model starts without label variables (see ``LAZY_ROUNDS``): a
model whose path joins two different labels, or touches itself, is cut like a cycle.

Glucose 4 is used because the time limit interrupts it cleanly (CaDiCaL in python-sat
ignores interrupts).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

from pysat.solvers import Solver

from ..core.errors import InvalidParameterError
from ..core.result import SolveResult, Stats, status_for
from .model import BLOCKED, EMPTY, Cell, Puzzle, Rules, Solution

SAT_ENGINE = "glucose4"
LAZY_ROUNDS = 200
"""Under ``fill-notouch`` the model starts without label variables and learns, from each
wrong model, a clause against it (paths joining two labels, paths touching themselves,
cycles): on large open boards this needs 10-50 rounds and is several times faster than the
full model.  After this many rounds the full model with labels takes over."""
MAX_LABEL_VARIABLES = 2_000_000
"""Beyond this many (cell, label) pairs the model would need gigabytes: answer UNKNOWN."""


def _neighbours(width: int, height: int, index: int) -> Iterator[int]:
    r, c = divmod(index, width)
    if r > 0:
        yield index - width
    if r < height - 1:
        yield index + width
    if c > 0:
        yield index - 1
    if c < width - 1:
        yield index + 1


def label_domains(puzzle: Puzzle) -> dict[int, set[int]] | None:
    """For each label, the cells its path may use; None when some label's ends are cut off.

    A path's inner cells are free cells in one connected part of the free cells, and that
    part touches both of its ends: a label may use only the parts touching both its ends.
    """
    w, h, cells = puzzle.width, puzzle.height, puzzle.cells
    part = [-1] * (w * h)
    parts: list[set[int]] = []
    for first in range(w * h):
        if cells[first] != EMPTY or part[first] >= 0:
            continue
        number = len(parts)
        part[first] = number
        members = {first}
        stack = [first]
        while stack:
            index = stack.pop()
            for n in _neighbours(w, h, index):
                if cells[n] == EMPTY and part[n] < 0:
                    part[n] = number
                    members.add(n)
                    stack.append(n)
        parts.append(members)
    domains: dict[int, set[int]] = {}
    for label, (a, b) in puzzle.endpoints().items():
        start, goal = a[0] * w + a[1], b[0] * w + b[1]
        near_start = {part[n] for n in _neighbours(w, h, start) if part[n] >= 0}
        near_goal = {part[n] for n in _neighbours(w, h, goal) if part[n] >= 0}
        shared = near_start & near_goal
        if not shared and goal not in _neighbours(w, h, start):
            return None
        domains[label] = {start, goal}.union(*(parts[i] for i in shared))
    return domains


def _forward(width: int, height: int, index: int) -> Iterator[int]:
    """The right and lower neighbours of ``index`` (each grid edge seen once)."""
    if index % width < width - 1:
        yield index + 1
    if index + width < width * height:
        yield index + width


class _Model:
    """The SAT encoding of one puzzle under one rule set (see the module docstring)."""

    def __init__(
        self, puzzle: Puzzle, rules: Rules, domains: dict[int, set[int]], labels: bool = True
    ) -> None:
        self.puzzle = puzzle
        self.rules = rules
        self.with_labels = labels
        w, h, cells = puzzle.width, puzzle.height, puzzle.cells
        self.nvars = 0
        self.clauses: list[list[int]] = []
        # cell -> labels allowed there
        allowed: dict[int, list[int]] = {}
        for label, region in domains.items():
            for index in region:
                allowed.setdefault(index, []).append(label)
        self.allowed = allowed
        # label variables (ends are constants: their label is true, others false)
        self.xvar: dict[tuple[int, int], int] = {}
        self.cell_vars: dict[int, dict[int, int]] = {}
        self.allowed_sets = {index: set(found) for index, found in allowed.items()}
        # edge variables
        self.edges: dict[tuple[int, int], int] = {}
        self.edge_keys: list[tuple[int, int]] = []  # variable v is edge_keys[v - 1]
        self.incident: dict[int, list[int]] = {i: [] for i in allowed}
        for index in allowed:
            for n in _forward(w, h, index):
                if n not in allowed:
                    continue
                if not self._can_share(index, n):
                    continue
                var = self._new()
                self.edges[index, n] = var
                self.edge_keys.append((index, n))
                self.incident[index].append(var)
                self.incident[n].append(var)
        # label variables after the edges, so edge variables are numbered alike with and
        # without labels (blocking clauses carry over when the lazy model is replaced)
        for index, found in allowed.items():
            if cells[index] == EMPTY and labels:
                own = self.cell_vars[index] = {}
                for label in found:
                    own[label] = self.xvar[index, label] = self._new()
        if rules is not Rules.BLANK:
            for index, value in enumerate(cells):
                if value == EMPTY and index not in allowed:
                    self.clauses.append([])  # a free cell no label can reach
        self._degrees()
        if labels:
            self._labels()
        if rules is Rules.FILL_NOTOUCH:
            if labels:
                self._notouch()
            self._no_u_turns()
        else:
            self._no_small_loops()

    def _new(self) -> int:
        self.nvars += 1
        return self.nvars

    def _labels_of(self, index: int) -> list[int]:
        value = self.puzzle.cells[index]
        return [value] if value > 0 else self.allowed[index]

    def _can_share(self, a: int, b: int) -> bool:
        return not self.allowed_sets[a].isdisjoint(self.allowed_sets[b])

    def _degrees(self) -> None:
        add = self.clauses.append
        fill = self.rules is not Rules.BLANK
        for index, edges in self.incident.items():
            n = len(edges)
            if self.puzzle.cells[index] > 0:
                add(list(edges))  # at least one (empty list: unsatisfiable)
                for i in range(n):
                    for j in range(i + 1, n):
                        add([-edges[i], -edges[j]])
                continue
            # at most two
            for i in range(n):
                for j in range(i + 1, n):
                    for k in range(j + 1, n):
                        add([-edges[i], -edges[j], -edges[k]])
            if fill:
                # at least two: every n-1 of them hold one
                for skip in range(n):
                    add([e for i, e in enumerate(edges) if i != skip])
                if n < 2:
                    add([])
                if self.with_labels:
                    add([self.xvar[index, label] for label in self.allowed[index]])
            else:
                # zero or two: an edge needs a second one
                for i in range(n):
                    add([-edges[i], *(e for j, e in enumerate(edges) if j != i)])

    def _labels(self) -> None:
        """A path edge makes its two cells agree on every label."""
        clauses = self.clauses
        cells, xv = self.puzzle.cells, self.cell_vars
        for (a, b), edge in self.edges.items():
            ka, kb = cells[a], cells[b]
            if ka > 0 and kb > 0:
                continue  # two ends of one label (edges between different labels do not exist)
            if ka > 0 or kb > 0:
                end_label, free = (ka, b) if ka > 0 else (kb, a)
                for label, var in xv[free].items():
                    clauses.append([-edge, var] if label == end_label else [-edge, -var])
                continue
            va, vb = xv[a], xv[b]
            for label, x in va.items():
                y = vb.get(label)
                if y is None:
                    clauses.append([-edge, -x])
                else:
                    clauses.append([-edge, -x, y])
                    clauses.append([-edge, -y, x])
            for label, y in vb.items():
                if label not in va:
                    clauses.append([-edge, -y])
        if self.rules is Rules.BLANK:
            # a cell off every path carries no label (removes useless freedom)
            for (index, _label), var in self.xvar.items():
                clauses.append([-var, *self.incident[index]])

    def _notouch(self) -> None:
        """Two touching cells of one label must be joined by a path edge."""
        clauses = self.clauses
        w, h = self.puzzle.width, self.puzzle.height
        cells, xv = self.puzzle.cells, self.cell_vars
        for a in self.allowed:
            for b in _forward(w, h, a):
                if b not in self.allowed:
                    continue
                edge = self.edges.get((a, b))
                base = [] if edge is None else [edge]
                ka, kb = cells[a], cells[b]
                if ka > 0 and kb > 0:
                    if ka == kb:
                        clauses.append(base)
                elif ka > 0 or kb > 0:
                    end_label, free = (ka, b) if ka > 0 else (kb, a)
                    var = xv[free].get(end_label)
                    if var is not None:
                        clauses.append([*base, -var])
                else:
                    vb = xv[b]
                    for label, x in xv[a].items():
                        y = vb.get(label)
                        if y is not None:
                            clauses.append([*base, -x, -y])

    def _no_u_turns(self) -> None:
        """Under ``fill-notouch`` no three edges of a 2x2 square are all used.

        Three such edges make a U: its two tips are neighbours on one path but not path
        neighbours, which is a touch (or, with the fourth edge, a cycle).  Stated on the
        edges alone this prunes far earlier than through the label variables.
        """
        w, h = self.puzzle.width, self.puzzle.height
        for r in range(h - 1):
            for c in range(w - 1):
                a, b, d, e = r * w + c, r * w + c + 1, (r + 1) * w + c, (r + 1) * w + c + 1
                square = [self.edges.get(pair) for pair in ((a, b), (a, d), (b, e), (d, e))]
                present = [v for v in square if v is not None]
                if len(present) == 3:
                    self.clauses.append([-v for v in present])
                elif len(present) == 4:
                    for skip in range(4):
                        self.clauses.append([-v for i, v in enumerate(present) if i != skip])

    def _no_small_loops(self) -> None:
        """No 2x2 square uses all four of its edges.

        Such a loop never holds an end, so it is wrong under ``fill`` and, under ``blank``,
        an empty loop that decodes to the same solution as the model without it.
        """
        w, h = self.puzzle.width, self.puzzle.height
        for r in range(h - 1):
            for c in range(w - 1):
                a, b, d, e = r * w + c, r * w + c + 1, (r + 1) * w + c, (r + 1) * w + c + 1
                square = [self.edges.get(pair) for pair in ((a, b), (a, d), (b, e), (d, e))]
                if all(v is not None for v in square):
                    self.clauses.append([-v for v in square if v is not None])

    def decode(self, true_edges: set[int]) -> tuple[Solution, list[int], list[list[int]]]:
        """The solution in a model, its path edge literals, and the cuts it calls for.

        A cut is a clause every solution satisfies and this model breaks: a path joining two
        different labels (possible only without label variables) may not be used whole; a
        path touching itself under ``fill-notouch`` may not keep the stretch between the two
        touching cells; a cycle under the ``fill`` rules must be left by some edge.  No cuts
        means the solution is valid.
        """
        puzzle = self.puzzle
        w, h, given = puzzle.width, puzzle.height, puzzle.cells
        adjacent: dict[int, list[int]] = {}
        keys = self.edge_keys
        for var in true_edges:
            a, b = keys[var - 1]
            adjacent.setdefault(a, []).append(b)
            adjacent.setdefault(b, []).append(a)
        cells = [BLOCKED if v == BLOCKED else EMPTY for v in given]
        used_edges: list[int] = []
        paths: list[tuple[int, tuple[Cell, ...]]] = []
        cuts: list[list[int]] = []
        on_path: set[int] = set()
        for label, (first, _second) in puzzle.endpoints().items():
            at = first[0] * w + first[1]
            if at in on_path:
                continue  # reached from another label's end: already cut
            previous = -1
            order = [at]
            steps: list[int] = []
            while True:
                nxt = [n for n in adjacent.get(at, []) if n != previous]
                if not nxt or (previous != -1 and given[at] > 0):
                    break
                previous, at = at, nxt[0]
                steps.append(self.edges[min(previous, at), max(previous, at)])
                order.append(at)
            on_path.update(order)
            used_edges.extend(steps)
            if given[order[-1]] != label:
                cuts.append([-v for v in steps])
                continue
            if self.rules is Rules.FILL_NOTOUCH and not self.with_labels:
                cuts.extend(_touch_cuts(order, steps, w, h))
            for index in order:
                cells[index] = label
            paths.append((label, tuple(divmod(i, w) for i in order)))
        if self.rules is not Rules.BLANK:
            seen = set(on_path)
            for start in adjacent:
                if start in seen:
                    continue
                loop = [start]
                seen.add(start)
                stack = [start]
                while stack:
                    at = stack.pop()
                    for n in adjacent[at]:
                        if n not in seen:
                            seen.add(n)
                            loop.append(n)
                            stack.append(n)
                cuts.append(self.cycle_cut(loop))
        solution = Solution(puzzle.width, puzzle.height, tuple(cells), tuple(paths))
        return solution, used_edges, cuts

    def cycle_cut(self, loop: list[int]) -> list[int]:
        """Some edge must leave ``loop``'s cells (valid under the fill rules)."""
        inside = set(loop)
        w, h, edges = self.puzzle.width, self.puzzle.height, self.edges
        cut = []
        for a in loop:
            for b in _neighbours(w, h, a):
                if b not in inside:
                    var = edges.get((a, b) if a < b else (b, a))
                    if var is not None:
                        cut.append(var)
        return cut


def _touch_cuts(order: list[int], steps: list[int], width: int, height: int) -> list[list[int]]:
    """For each place a path touches itself, forbid the stretch between the two cells."""
    position = {cell: i for i, cell in enumerate(order)}
    cuts = []
    for i, cell in enumerate(order):
        for n in _forward(width, height, cell):
            j = position.get(n)
            if j is not None and abs(i - j) > 1:
                low, high = min(i, j), max(i, j)
                cuts.append([-v for v in steps[low:high]])
    return cuts


def solve(
    puzzle: Puzzle,
    *,
    rules: Rules = Rules.FILL,
    limit: int | None = 1,
    timeout: float | None = None,
) -> SolveResult[Solution]:
    """Up to ``limit`` solutions of ``puzzle`` under ``rules`` (None: all of them).

    ``limit=2`` decides uniqueness.  With ``timeout`` (seconds) the search may stop early;
    the status is then ``UNKNOWN`` unless a solution was already found, never ``UNSOLVABLE``.
    """
    started = time.perf_counter()
    if limit is not None and limit < 1:
        raise InvalidParameterError(f"limit must be at least 1 or None, got {limit}")

    def result(
        found: list[Solution], exhausted: bool, timed_out: bool, conflicts: int = 0, calls: int = 0
    ) -> SolveResult[Solution]:
        return SolveResult(
            status_for(len(found), exhausted),
            tuple(found),
            complete=exhausted,
            timed_out=timed_out,
            stats=Stats(time.perf_counter() - started, calls, conflicts),
        )

    domains = label_domains(puzzle)
    if domains is None:
        return result([], True, False)
    if sum(len(region) for region in domains.values()) > MAX_LABEL_VARIABLES:
        return result([], False, False)  # a size limit, not a proof
    lazy = rules is Rules.FILL_NOTOUCH
    model = _Model(puzzle, rules, domains, labels=not lazy)
    if timeout is not None and time.perf_counter() - started >= timeout:
        return result([], False, True)
    found: list[Solution] = []
    blocks: list[list[int]] = []
    calls = rounds = 0
    solver = Solver(name=SAT_ENGINE)
    try:
        solver.append_formula(model.clauses, no_return=True)
        edge_vars = list(model.edges.values())
        while True:
            remaining = None if timeout is None else timeout - (time.perf_counter() - started)
            if remaining is not None and remaining <= 0:
                return result(found, False, True, _conflicts(solver), calls)
            calls += 1
            answer = _solve_within(solver, remaining)
            if answer is None:
                return result(found, False, True, _conflicts(solver), calls)
            if not answer:
                return result(found, True, False, _conflicts(solver), calls)
            values = solver.get_model()
            true_edges = {v for v in edge_vars if values[v - 1] > 0}
            solution, used, cuts = model.decode(true_edges)
            if cuts:
                rounds += 1
                if lazy and rounds > LAZY_ROUNDS:
                    # too many cuts: switch to the model with label variables
                    lazy = False
                    solver.delete()
                    model = _Model(puzzle, rules, domains)
                    solver = Solver(name=SAT_ENGINE)
                    solver.append_formula(model.clauses, no_return=True)
                    solver.append_formula(blocks, no_return=True)
                    continue
                solver.append_formula(cuts, no_return=True)
                continue
            found.append(solution)
            if limit is not None and len(found) >= limit:
                return result(found, False, False, _conflicts(solver), calls)
            blocks.append([-v for v in used])
            solver.add_clause(blocks[-1])
    finally:
        solver.delete()


def _conflicts(solver: Solver) -> int:
    stats = solver.accum_stats() or {}
    return int(stats.get("conflicts", 0))


def _solve_within(solver: Solver, seconds: float | None) -> bool | None:
    """One SAT call; None when ``seconds`` ran out first."""
    if seconds is None:
        return bool(solver.solve())
    timer = threading.Timer(seconds, solver.interrupt)
    timer.start()
    try:
        answer = solver.solve_limited(expect_interrupt=True)
    finally:
        timer.cancel()
        solver.clear_interrupt()
    return None if answer is None else bool(answer)
