"""An exact router for ``blank`` boards with one solution asked for: shortest solutions only.

Why: Arukone boards (``blank``: cells may stay empty) with few pairs and many empty cells
leave the SAT model too much freedom (a 20x20 from ``arukone generate`` took it 69 s), and
the ``fill-notouch`` scan search cannot help, since their solutions leave cells empty.  But
"is there a solution, show one" needs only *some* solution, and among all solutions there is
one of least total path length.  Such a shortest solution has two properties that cut the
search down to paths a person would draw:

- *No path touches itself.*  If two cells of one path are neighbours without being
  consecutive on it, the stretch between them can be dropped: the result is still a
  solution (a shortcut only frees cells) and is shorter.  So every path is an *induced*
  path: each of its cells has as neighbours of its own label only its path neighbours.  In
  particular a path whose head is beside its goal end steps onto it, and two ends that
  are neighbours are joined directly.
- *No detour around a cell that must stay empty.*  If a free cell ``m`` lies between two
  cells of one path in a straight line (so the path runs at least four steps between them)
  and ``m`` can never be used by any path (its own path may not enter it, being induced,
  and of its two other neighbours at most one can be on another path), then ``m`` stays
  empty and the path could run through it, two steps shorter.

So searching only solutions with these properties is complete for "is there a solution":
it finds one whenever one exists, and running out of branches proves there is none.  It
must not be used to count or to decide uniqueness (``limit`` above 1): a board with one
shortest solution may have many others, which this search never looks at.

The search (``route_kernel.route``, compiled by Cython or numba) routes one label at a time: it
picks the unrouted label whose start end is nearest its goal end through the free cells,
then extends its path one cell at a time, trying the cells nearest the goal first.  After
every step every label still to route must be able to reach its partner through free cells
(a flood fill of the free cells), else the branch ends.  Which label comes next depends on
the state alone, and every step that keeps the path induced is tried in turn, so the search
is exhaustive.  When every path of a label is ruled out, it jumps back to the last label
whose path took part in ruling them out (conflict-directed backjumping, see
``route_kernel.route``), skipping labels that cannot be to blame.  ``RouteRestarts`` runs
the search again with other label orders on a restart schedule that stays complete.
The tests compare it with a brute-force enumerator on thousands of small
boards and check every solution with the independent checker.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import numpy as np

from ...core import jit
from ...core.deadline import Deadline
from ..model import BLOCKED, EMPTY, Cell, Puzzle, Solution
from . import route_kernel as kernel
from .budget import BudgetedSearch, ChunkedSearch, SearchOutcome

CHUNK_NODES = 20_000
"""Path steps per kernel call between clock checks (each step floods the free cells, so a
step costs microseconds: a chunk is some tens of milliseconds on a 50x50 board)."""

RouteFunction = Callable[..., int]


def route_function(compiled: bool = True) -> RouteFunction:
    """The kernel: its Cython build's ``route_free`` (``route_kernel_c``: it releases the
    GIL, so a race needs no numba load, and takes numpy's arrays), else its ahead-of-time
    build, else compiled by numba (cached on disk), else plain Python (see ``core/jit.py``;
    ``NUMPUZZLES_NO_JIT=1`` forces the plain version, ``NUMPUZZLES_NO_C=1`` skips the
    Cython build)."""
    if not compiled:
        return kernel.route
    built = jit.c_function(kernel.route_free)
    return built if built is not None else jit.kernel(kernel.route)


class RouteSearch(ChunkedSearch):
    """One router search over ``puzzle`` for one shortest ``blank`` solution, run in pieces.

    All its state lives in arrays, so ``run`` may stop (node budget, deadline, a stop
    signal) and a later ``run`` goes on where it stopped, even from another thread.
    """

    limit = 1
    step_nodes = CHUNK_NODES
    found_at = kernel.FOUND
    nodes_at = kernel.NODES

    def __init__(
        self,
        puzzle: Puzzle,
        compiled: bool = True,
        seed: int = 0,
        spread: int = 0,
        hug: bool = True,
        slack: int = -1,
        weight: np.ndarray | None = None,
        weigh: int = 0,
    ) -> None:
        self.puzzle = puzzle
        self.finished = False
        self.complete = False
        self.bounded = False
        """True when the search ran out of paths within its slack: no answer, no proof."""
        w, h = puzzle.width, puzzle.height
        self.width = pw = w + 2
        size = pw * (h + 2)
        self.labels = labels = puzzle.labels
        number = {label: i + 1 for i, label in enumerate(labels)}
        grid = np.full((h + 2, pw), kernel.BORDER, dtype=np.int64)
        inner = np.array(
            [number.get(v, v) if v > 0 else v for v in puzzle.cells], dtype=np.int64
        ).reshape(h, w)
        grid[1:-1, 1:-1] = inner
        self.occ = occ = grid.reshape(-1).copy()
        count = len(labels) + 1
        self.start = np.zeros(count, dtype=np.int64)
        self.goal = np.zeros(count, dtype=np.int64)
        self.routed = np.zeros(count, dtype=np.int64)
        for label, (a, b) in puzzle.endpoints().items():
            k = number[label]
            pa = (a[0] + 1) * pw + a[1] + 1
            pb = (b[0] + 1) * pw + b[1] + 1
            # grow from the end with fewer free neighbours: fewer first steps to try
            if _free_around(occ, pw, pb) < _free_around(occ, pw, pa):
                pa, pb = pb, pa
            self.start[k] = pa
            self.goal[k] = pb
            if pb in (pa - pw, pa + 1, pa + pw, pa - 1):
                self.routed[k] = 1  # neighbours are joined directly in a shortest solution
        depth = int(np.count_nonzero(occ == EMPTY)) + count + 2
        self.isend = (occ > 0).astype(np.int64)
        self.dist = np.zeros((count, size), dtype=np.int64)
        self.conf = np.zeros((count, count // 32 + 1), dtype=np.int64)
        self.stack = np.zeros(count + 1, dtype=np.int64)
        self.last = np.zeros(count, dtype=np.int64)
        self.info = np.zeros((count, 3), dtype=np.int64)
        self.flab = np.zeros(depth, dtype=np.int64)
        self.fhead = np.zeros(depth, dtype=np.int64)
        self.fcand = np.zeros((depth, 4), dtype=np.int64)
        self.fnum = np.zeros(depth, dtype=np.int64)
        self.fnext = np.full(depth, -1, dtype=np.int64)
        self.fplaced = np.full(depth, -1, dtype=np.int64)
        self.comp = np.zeros(size, dtype=np.int64)
        self.queue = np.zeros(size, dtype=np.int64)
        self.seen = np.zeros(size + 1, dtype=np.int64)
        self.reg = np.zeros(10, dtype=np.int64)
        self.keys = np.zeros(4, dtype=np.int64)
        self.reg[kernel.RANDOM] = seed
        self.reg[kernel.SPREAD] = spread
        self.reg[kernel.HUG] = int(hug)
        self.reg[kernel.SLACK] = slack
        self.reg[kernel.WEIGHT] = weigh
        self.weight = np.zeros(count, dtype=np.int64) if weight is None else weight
        self.compiled = compiled

    def _chunk(self, budget: int) -> bool:
        if self.bounded:
            return True
        code = route_function(self.compiled)(
            self.occ, self.isend, self.width, self.start, self.goal, self.routed, self.dist,
            self.conf, self.stack, self.last, self.info, self.weight, self.flab,
            self.fhead, self.fcand, self.fnum, self.fnext, self.fplaced, self.comp,
            self.queue, self.seen, self.reg, self.keys, budget,
        )
        if code == kernel.BOUND_REACHED:
            self.bounded = True
            return True
        if code != kernel.PAUSED:
            self.finished = True
            self.complete = code == kernel.EXHAUSTED
        return False

    def outcome(self) -> SearchOutcome:
        """At most one solution; ``complete`` with none is a proof there is none."""
        solutions = [_decode(self.puzzle, self.occ, self.labels)] if self.found else []
        return SearchOutcome(solutions, self.complete, self.finished, self.nodes)


RESTART_NODES = 1_000
"""The unit of the restart schedule (``RouteRestarts``): path steps in the shortest run."""
RESTART_SPREADS = (30, 100, 1000)
"""How far (in steps) a restart's label order may stray from nearest-first, restart by
restart in turn: a little, more, or so far that the order is nearly random.  Measured on
``arukone generate 30`` seeds 11-30 (restarts needed, worst board): 30 alone 80, 1000
alone 29, the three in turn 29 with fewer elsewhere."""


def luby(i: int) -> int:
    """The ``i``-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, ..."""
    while True:
        k = i.bit_length()
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1


class RouteRestarts(BudgetedSearch):
    """The router run again and again with other label orders, on the Luby schedule.

    Why: on generated Arukone boards the router either finds a solution within a few
    hundred steps or, after an unlucky early choice, spends ages undoing it (measured:
    half the 20x20 boards of ``arukone generate`` were solved in about 100 steps and half
    not within 10 s).  A fresh start with the next label chosen a little at random
    (``RESTART_SPREADS``) usually avoids the bad choice.  Each run is the complete search of
    ``RouteSearch``; runs get longer without bound on Luby's schedule (``RESTART_NODES``
    times 1, 1, 2, 1, 1, 2, 4, ...), so the schedule stays complete: a run that finishes
    finds a solution or proves there is none.  The first run is the deterministic one;
    every later one draws from a fixed seed, so answers are reproducible.
    """

    limit = 1
    slacks: tuple[int, ...] = (-1,)
    """The ``slack`` of each restart in turn (-1: none).  Tried: slacks of 0-8 on some runs
    solved no more boards, so every run is unbounded by default."""
    weigh = 0
    """``RouteSearch``'s ``weigh`` (labels that were cut off go first).  Tried with 5 and
    1000: no better on the generated boards, so off by default."""

    def __init__(
        self, puzzle: Puzzle, compiled: bool = True, unit: int = RESTART_NODES
    ) -> None:
        self.puzzle = puzzle
        self.compiled = compiled
        self.unit = unit
        self.finished = False
        self.complete = False
        self.restarts = 0
        self._before = 0
        self._search = RouteSearch(puzzle, compiled, weigh=self.weigh)

    @property
    def kernels(self) -> tuple[Callable[..., int], ...]:
        """None to load where the Cython build runs it (it releases the GIL itself)."""
        if not self.compiled or jit.c_function(kernel.route_free) is not None:
            return ()
        return (kernel.route,)

    @property
    def found(self) -> int:
        """Solutions found so far (0 or 1)."""
        return self._search.found

    @property
    def nodes(self) -> int:
        """Path steps tried so far, over every run."""
        return self._before + self._search.nodes

    def _next_budget(self) -> int:
        """What is left of this run's share of the schedule; when nothing is (or the run
        ran out of slack), the next run is started first."""
        while True:
            left = self.unit * luby(self.restarts + 1) - self._search.nodes
            if left > 0 and not self._search.bounded:
                return left
            self.restarts += 1
            self._before += self._search.nodes
            seed = 0x9E3779B97F4A7C15 * self.restarts % (1 << 62) + 1
            slack = self.slacks[self.restarts % len(self.slacks)]
            self._search = RouteSearch(
                self.puzzle, self.compiled, seed=seed, slack=slack,
                spread=RESTART_SPREADS[self.restarts % len(RESTART_SPREADS)],
                weight=self._search.weight, weigh=self.weigh,
            )

    def _step(
        self, budget: int, deadline: Deadline | None, stop: threading.Event | None
    ) -> bool:
        if self._search.run(budget, deadline, stop):
            self.finished = True
            self.complete = self._search.complete
        return False

    def outcome(self) -> SearchOutcome:
        outcome = self._search.outcome()
        outcome.nodes = self.nodes
        return outcome


def route_solve(
    puzzle: Puzzle,
    *,
    max_nodes: int | None = None,
    deadline: Deadline | None = None,
    compiled: bool = True,
    stop: threading.Event | None = None,
) -> SearchOutcome:
    """One shortest ``blank`` solution of ``puzzle`` by the router (with restarts), or a
    proof there is none.

    Stops unfinished after ``max_nodes`` path steps, at ``deadline`` or when ``stop`` is
    set, whichever comes first.
    """
    search = RouteRestarts(puzzle, compiled)
    search.run(max_nodes, deadline, stop)
    return search.outcome()


def _free_around(occ: np.ndarray, width: int, p: int) -> int:
    return sum(1 for q in (p - width, p + 1, p + width, p - 1) if occ[q] == EMPTY)


def _decode(puzzle: Puzzle, occ: np.ndarray, labels: tuple[int, ...]) -> Solution:
    """The solution left in ``occ``: each path traced from its first end in row-major
    order (a path never touches itself, so each cell's next cell is its one unvisited
    neighbour of the same label)."""
    w = puzzle.width
    pw = w + 2
    cells = [BLOCKED if v == BLOCKED else EMPTY for v in puzzle.cells]
    paths: list[tuple[int, tuple[Cell, ...]]] = []
    for label, (first, second) in puzzle.endpoints().items():
        k = labels.index(label) + 1
        at = (first[0] + 1) * pw + first[1] + 1
        goal = (second[0] + 1) * pw + second[1] + 1
        previous = -1
        order: list[Cell] = []
        while True:
            r, c = divmod(at, pw)
            order.append((r - 1, c - 1))
            cells[(r - 1) * w + c - 1] = label
            if at == goal:
                break
            steps = [q for q in (at - pw, at + 1, at + pw, at - 1) if q != previous]
            following = goal if goal in steps else next(q for q in steps if occ[q] == k)
            previous, at = at, following
        paths.append((label, tuple(order)))
    return Solution(puzzle.width, puzzle.height, tuple(cells), tuple(paths))
