"""Is a ``blank`` board's solution unique?  One solution, a reroute test, then SAT among
the solutions whose paths are locally shortest.

Why: under ``blank`` (cells may stay empty) SAT's full model must rule out every way of
wandering through the empty cells, and on sparse boards (published Arukone puzzles, ADC
problems) it cannot within minutes, while the router (``route.py``) answers "is there one"
quickly but searches shortest solutions only, which says nothing about a second one.

Call a solution *locally shortest* when each of its paths is a shortest path between its
ends through its own cells and the empty ones (cells no path uses).  Two facts:

1. *Shortening.*  A solution ``T`` that is not locally shortest has a path ``P`` that can
   be replaced by a shorter ``P'`` inside ``P`` and the empty cells; the result ``T'`` is
   again a solution (it uses only cells that were its own or empty) and strictly shorter.
2. *Reroute.*  Then ``T`` is ``T'`` with ``P'`` rerouted as ``P``, inside ``P'`` and the
   cells empty in ``T'``.  Whether a solution has any such reroute is cheap to see
   (``detour``): a path ``P'`` has a second route there exactly when one of its edges lies
   on a cycle, i.e. when two of its cells are neighbours without being consecutive, or one
   part of the empty cells touches two different cells of ``P'``.

``unique_blank`` takes one solution ``S`` (the one ``solve(limit=1)`` finds; any solution
will do for the proof, but a shortest one leaves empty cells to reroute through):

- if ``S`` has a reroute, that gives a second solution: not unique, shown by both; if not,
  the router's own shortest solution (``ROUTE_NODES``) is a second one when it differs
  from ``S``;
- when ``S`` fills the board, the ``fill-notouch`` scan may find a second full solution
  (``_full_second``); and on any board two neighbouring paths of ``S`` may trade cells
  between them (``pair_detour.py``): either is a second solution; and when SAT below does
  not settle the board within ``SAT_ALONE_CONFLICTS``, three neighbouring paths may be laid
  out again inside their own and the empty cells (``group_detour.py``, SAT on that region
  alone, in the second core's thread before the counter or the twin, see ``_second``);
- else it asks SAT for a solution other than ``S`` among those satisfying clauses that hold
  in every locally shortest solution: no path touches itself (``Model(shortest=True)``),
  and the distance-2, distance-3 and straight-line clauses of ``within_clauses``; and
  the corner-flip clauses of ``corner_flips.py`` (no corner of a path could flip across an
  empty cell to a cell earlier on the board).  ``S``'s path edges are blocked together.
  Found: not unique (a real solution, other than ``S``).  None: unique.
  On boards up to ``TWIN_CELLS`` SAT races the frontier counter in a second thread
  (``_second``), whose exact count of all ``blank`` solutions answers the same question
  with no restriction at all (1: unique); on larger boards it races a twin SAT whose
  corner-flip clauses follow the column order instead of the row order.

Why "none" proves uniqueness: suppose solutions other than ``S`` exist, and let ``T`` be a
shortest of them and, among the shortest, one whose used cells' indices have the least sum
(its *potential*; the indices are row-major, or column-major for the second SAT that
``_second`` races, and the argument holds for either). If ``T`` were not locally shortest,
fact 1 gives a shorter solution ``T'``, which must be ``S`` (``T`` is a shortest one other
than ``S``); then by fact 2 ``S`` has a reroute, which the test would have found. If a
corner ``a m b`` of ``T`` could turn through an empty cell ``e`` that comes before ``m``
(``corner_flips.py``), the flipped ``T'`` would be a solution as long as ``T`` with a
smaller potential, so again ``T'`` is ``S``; but then ``m``, empty in ``S``, touches two
cells of one path of ``S``, a reroute the test would have found. So ``T`` satisfies every
clause, differs from ``S``, and SAT would have found it. The blocking clause (not all of
``S``'s path edges at once) removes only ``S`` and ``S`` with empty loops added (the same
solution under ``blank``, see ``sat.py``): paths joining every pair of ends that contain all
of ``S``'s edges can add only loops. "None at all" is exact too: a shortest solution of
least potential is locally shortest and has no such corner, so the restricted model has a
solution whenever the board does.
``tests/numberlink/test_numberlink_unique_blank.py`` checks the clauses on every locally
shortest solution of hundreds of small boards, and the answers against a brute-force
enumerator.

*A first solution that fills the board.*  When ``S`` fills every free cell, has no
reroute (so no chord: no path of ``S`` runs beside itself) and the ``fill-notouch`` scan
proved that no other solution fills the board without a path beside itself
(``_full_second``), SAT is asked instead for a solution that leaves a free cell of each
colour empty (``_Sat.leave_cells_empty``), which is a stronger question than "other than
``S``" and, measured on janko.at's hand-made boards, a quicker one to refute.  Why it is the
same question: let ``T`` be a solution other than ``S``, and shorten its paths by their
chords (a path with two neighbouring cells that are not consecutive skips the stretch
between them) until none is left: ``T*`` is again a solution, with no chord.  ``T*`` is
not ``S``: each of its paths lies within the same path of ``T``, and if they were ``S``'s,
whose paths cover every free cell, each path of ``T`` would have the cells of ``S``'s path
and no others, and a path without chords is the only route through its own cells between
its ends, so ``T`` would be ``S``.  A ``T*`` that filled the board would be the second full
solution without a path beside itself that the scan ruled out, so ``T*`` leaves a cell
empty.  And on a chessboard's colouring the colours alternate along a path, so its
cells of one colour less those of the other are fixed by its ends; the empty cells of one
colour less those of the other are then the same for every solution (the unblocked
cells' difference less the paths'), and ``S`` has none: a solution that leaves a cell
empty leaves one of each colour empty.  Conversely a solution leaving a cell empty is not
``S``.  So "unique" holds exactly when no solution leaves cells empty; and among those that
do, a shortest one of least potential is locally shortest (shortening a path keeps the
empty cells empty) and has no corner that flips to an earlier cell (a flip leaves its
corner cell empty), so the restricted model keeps it, and "none" is a proof.  The corner
clauses are what make these questions quick: janko.at's 48 went from 12.1 s to 0.24 s,
and boards undecided at 30 s (127, 466, 307) to 0.4-2.1 s (``bench/HISTORY.md``).

The restriction answers only the yes/no of "exactly one": counting (``limit`` above 2 or
None) still needs SAT's full model or the counter, since many solutions shorten to one.
Crowded boards (``CROWDED``) go to SAT's full model at once, which is quicker there.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from dataclasses import replace
from itertools import pairwise

from ...core.deadline import Deadline
from ...core.result import SolveResult, Stats, Status, status_for
from ..model import EMPTY, Cell, Puzzle, Rules, Solution
from .corner_flips import Toward, corner_flip_clauses
from .group_detour import group_detour
from .pair_detour import pair_detour, with_path
from .reach import Reach
from .within import WITHIN_MAX_VARIABLES, neighbours, within_clauses


def detour(puzzle: Puzzle, solution: Solution) -> Solution | None:
    """A second ``blank`` solution that differs from ``solution`` in one path, rerouted
    through that path's own cells and the empty ones, or None when no path can be (see the
    module docstring: this is the test that makes SAT's extra clauses sound).

    Empty here means free in the puzzle and on no path of ``solution``.  A path ``P`` has
    another route between its ends inside ``P`` and the empty cells exactly when some edge
    of ``P`` lies on a cycle there, i.e. when ``P`` has a chord (two of its cells are
    neighbours without being consecutive) or one part of the empty cells (connected through
    empty cells) touches two different cells of ``P``.  The parts are numbered once, so the
    test costs one sweep of the board.
    """
    w, h = puzzle.width, puzzle.height
    cells = solution.cells
    free = [puzzle.cells[i] == EMPTY and cells[i] == EMPTY for i in range(w * h)]
    part = [-1] * (w * h)
    parts = 0
    for first in range(w * h):
        if not free[first] or part[first] >= 0:
            continue
        part[first] = parts
        stack = [first]
        while stack:
            p = stack.pop()
            for n in neighbours(p, w, h):
                if free[n] and part[n] < 0:
                    part[n] = parts
                    stack.append(n)
        parts += 1
    for label, path in solution.paths:
        order = [r * w + c for r, c in path]
        position = {p: i for i, p in enumerate(order)}
        touched: dict[int, tuple[int, int]] = {}  # part -> (position on the path, its cell)
        for i, p in enumerate(order):
            for n in neighbours(p, w, h):
                j = position.get(n)
                if j is not None and j > i + 1:  # a chord: cut the stretch between
                    return with_path(solution, label, order[: i + 1] + order[j:])
                if not free[n]:
                    continue
                seen = touched.get(part[n])
                if seen is None:
                    touched[part[n]] = (i, n)
                elif seen[0] != i:  # the part touches two cells of the path
                    middle = _route(seen[1], n, free, w, h)
                    longer = order[: seen[0] + 1] + middle + order[i:]
                    return with_path(solution, label, longer)
    return None


def _route(start: int, goal: int, free: list[bool], w: int, h: int) -> list[int]:
    """A shortest path start..goal through free cells (both free, in one part)."""
    came = {start: start}
    queue = deque([start])
    while queue:
        p = queue.popleft()
        if p == goal:
            break
        for n in neighbours(p, w, h):
            if free[n] and n not in came:
                came[n] = p
                queue.append(n)
    path = [goal]
    while path[-1] != start:
        path.append(came[path[-1]])
    return path[::-1]


def _edge_literals(model_edges: dict[tuple[int, int], int], solution: Solution) -> list[int]:
    """The edge variables of ``solution``'s paths."""
    w = solution.width
    found = []
    for _, path in solution.paths:
        order = [r * w + c for r, c in path]
        for a, b in pairwise(order):
            found.append(model_edges[min(a, b), max(a, b)])
    return found


CROWDED = 0.2
"""A board whose ends are more than this share of its cells is crowded: SAT's full model
answers it alone (``sat.sat_solve`` with ``limit=2``, exact as it is), since there the
restricted model's extra clauses cost more than they save (measured on three 25x25 from
``arukone generate --unique``, about a third of their cells ends: 0.2-0.6 s against
0.16-0.19 s) and a reroute is rare (the solutions fill the board).  The published boards of
``tests/data/numberlink/sparse/`` and the ADC 2016 problems have 2 to 16 % ends (some of
the smallest, 5x5 to 9x9, more)."""
ROUTE_NODES = 50_000
"""The router's steps for a shortest solution of its own when the first one (from the race
of ``race.route_answer``) has no reroute.  Measured on the ADC 2016 Q07 (36x36, 31 pairs):
the race's solution filled the board, and SAT found no second one within 10 s; the router's
own, found within these steps, had a reroute at once."""
MAX_LABEL_VARIABLES = 2_000_000
"""As ``dispatch.MAX_LABEL_VARIABLES`` (not imported: ``dispatch`` is to call this module):
beyond this many (cell, label) pairs SAT's model would need gigabytes, so only the router
and the reroute test can answer."""


LEAVE_EMPTY = True
"""Whether, for a first solution that fills the board, SAT is asked for a solution that
leaves cells empty (``_Sat.leave_cells_empty``) instead of one other than the first; the
benchmarks set it False for their baseline."""

GROUPS = True
"""Whether three neighbouring paths are laid out again by SAT on their own region
(``group_detour.py``) when SAT on the whole board does not settle at once (in ``_second``'s
second thread); the benchmarks set it False for their baseline."""

CORNER_FLIPS = True
"""Whether SAT's model carries ``corner_flips.py``'s clauses (the module docstring says why
they keep the answer exact); the benchmarks set it False for their baseline."""


COUNT_MAX_CELLS = 625
"""``unique_blank``'s SAT races the frontier counter on boards of at most this many cells
(25x25, the published Arukone sizes the issue asks about); see ``_second``."""
TWIN_CELLS = 300
"""On boards of more than this many cells ``_second``'s second core goes to the twin SAT
instead of the counter.  Measured on janko.at's nineteen 20x20 boards left undecided at
10 s, 30 s each: with the counter and the twin both beside SAT (three threads on two
cores), 12 decided and 7 undecided, as with the counter alone beside it (another run),
where the boards took 1.1-1.7 times less (526: 10.3 s against 17.6 s); so on a board this
big the counter's core goes to the twin (``bench/HISTORY.md``)."""
SAT_ALONE_CONFLICTS = 20_000
"""``_second``'s SAT runs alone for this many conflicts (some tenths of a second on a 15x15)
before the counter or the twin starts beside it."""


class _Sat:
    """SAT's model of the solutions whose paths are shortest through their own and the
    empty cells (``Model(shortest=True)`` and ``within_clauses``) and whose corners cannot
    flip to an earlier cell (``corner_flip_clauses``), one incremental solver."""

    def __init__(
        self, puzzle: Puzzle, reach: Reach, deadline: Deadline, toward: Toward = "down"
    ) -> None:
        from pysat.solvers import Solver

        from .sat import SAT_ENGINE, Alarm
        from .sat_model import Model

        self.model = Model(puzzle, Rules.BLANK, reach.domains(), labels=True, shortest=True)
        self.alarm = Alarm(deadline, always=True)  # interruptible: the counter may stop it
        self.solver = Solver(name=SAT_ENGINE)
        self.alarm.watch(self.solver)
        self.deadline = deadline
        self.toward = toward
        self.calls = 0
        self.solver.append_formula(self.model.clauses, no_return=True)
        if len(self.model.xvar) <= WITHIN_MAX_VARIABLES:
            self.solver.append_formula(within_clauses(self.model, puzzle), no_return=True)
        if CORNER_FLIPS:
            self.solver.append_formula(
                corner_flip_clauses(self.model, puzzle, toward), no_return=True)

    def block(self, solution: Solution) -> None:
        """No more models with all of ``solution``'s path edges (it, with empty loops)."""
        self.solver.add_clause([-v for v in _edge_literals(self.model.edges, solution)])

    def leave_cells_empty(self, puzzle: Puzzle) -> None:
        """Only models that leave a free cell of each colour (of a chessboard's) on no
        path: for a first solution that fills the board, what every other solution comes
        down to (the module docstring, "A first solution that fills the board")."""
        model, solver = self.model, self.solver
        by_colour: tuple[list[int], list[int]] = ([], [])
        for index, edges in model.incident.items():
            if puzzle.cells[index] != EMPTY:
                continue
            empty = model._new()  # true only where no edge of the cell is
            solver.append_formula([[-empty, -edge] for edge in edges], no_return=True)
            by_colour[(index // puzzle.width + index % puzzle.width) % 2].append(empty)
        for cells in by_colour:
            solver.add_clause(cells)

    def next(self, conflicts: int | None = None) -> tuple[Solution | None, bool]:
        """The next solution, or None: with True when there is none, False at the deadline
        or after about ``conflicts`` more conflicts (None: no such limit)."""
        while not self.deadline.expired():
            self.calls += 1
            if conflicts is None:
                self.solver.conf_budget(-1)  # a budget set before stays until lifted
                answer = self.alarm.run(self.solver)
            else:
                self.solver.conf_budget(conflicts)
                found = self.solver.solve_limited(expect_interrupt=True)
                answer = None if found is None else bool(found)
            if answer is None:
                break
            if not answer:
                return None, True
            found, _, cuts = self.model.decode(self.solver.get_model())
            if cuts:  # not expected under blank; cut and go on if ever
                self.solver.append_formula(cuts, no_return=True)
                continue
            assert found is not None
            return found, False
        return None, False

    def conflicts(self) -> int:
        stats = self.solver.accum_stats() or {}
        return int(stats.get("conflicts", 0))

    def close(self) -> None:
        self.alarm.cancel()
        self.solver.delete()


def unique_blank(
    puzzle: Puzzle,
    timeout: float | None = None,
    *,
    reach: Reach | None = None,
    deadline: Deadline | None = None,
) -> SolveResult[Solution]:
    """Up to two ``blank`` solutions of ``puzzle``, exactly as ``solve(limit=2)`` answers:
    one solution with ``complete`` True when it is unique, two when not, ``UNSOLVABLE`` when
    there is none, ``UNKNOWN`` (or one solution, not complete) when the time ran out.
    ``reach`` and ``deadline`` (which then replaces ``timeout``): as ``dispatch.solve``
    already made them.

    A crowded board (``CROWDED``) goes to SAT's full model.  Else the first solution comes
    from ``race.route_answer``, as ``solve(limit=1)`` finds it, and the second is looked
    for as the module docstring says.
    """
    if deadline is None:
        deadline = Deadline(timeout)
    if reach is None:
        reach = Reach(puzzle)

    def answer(
        found: list[Solution], exhausted: bool, nodes: int, conflicts: int = 0
    ) -> SolveResult[Solution]:
        open_ = not exhausted and len(found) < 2  # the deadline came first
        return SolveResult(
            status_for(len(found), exhausted),
            tuple(found),
            complete=exhausted and len(found) < 2,
            timed_out=open_,
            stats=Stats(deadline.elapsed(), nodes, conflicts),
        )

    if reach.cut_off:
        return answer([], True, 0)
    too_big = reach.variables > MAX_LABEL_VARIABLES
    ends = 2 * len(reach.ends)
    if ends > CROWDED * puzzle.width * puzzle.height and not too_big:
        from .sat import Alarm, sat_solve

        return sat_solve(puzzle, Rules.BLANK, reach.domains(), 2, deadline, Alarm(deadline))
    from .race import route_answer  # here: a crowded board needs neither it nor numpy

    # the first solution as ``solve(limit=1)`` finds it: the router (a shortest solution,
    # which leaves empty cells for ``detour``) taking turns with the scan search, raced
    # against SAT; it proves "none" exactly
    routed = route_answer(puzzle, reach, deadline, too_big=too_big)
    nodes = routed.stats.nodes
    if routed.status is not Status.SOLVED:
        return answer([], routed.complete, nodes)
    first = routed.solutions[0]
    second = detour(puzzle, first)
    if second is None:
        # the race's answer may be the scan search's (every cell used: nothing to reroute
        # through); the router's own shortest solution is another try, and if it differs
        # from the first, it is the second solution itself
        from .route import RouteRestarts

        router = RouteRestarts(puzzle)
        router.run(ROUTE_NODES, deadline)
        shortest = router.outcome().solutions
        nodes += router.outcome().nodes
        if shortest and shortest[0] != first:
            second = shortest[0]
    established: tuple[str, ...] = ()
    if second is None and _fills(puzzle, first):
        second, established = _full_second(puzzle, first, deadline)
    if second is None:  # two paths side by side may trade cells (``pair_detour.py``)
        second = pair_detour(puzzle, first, deadline)
    if second is not None:
        return answer([first, second], False, nodes)
    if too_big:
        return replace(answer([first], False, nodes), established=established)
    def asked(sat: _Sat) -> _Sat:
        if established and LEAVE_EMPTY:  # ``first`` fills the board: the docstring
            sat.leave_cells_empty(puzzle)
        else:
            sat.block(first)
        return sat

    sat = asked(_Sat(puzzle, reach, deadline))
    try:
        def twin() -> _Sat:  # the same question, corners flipped toward the other order
            return asked(_Sat(puzzle, reach, deadline, toward="right"))

        second, exhausted, total = _second(
            puzzle, sat, deadline, twin if CORNER_FLIPS else None,
            (lambda halt: group_detour(puzzle, first, deadline, halt=halt)) if GROUPS else None)
        found = [first] if second is None else [first, second]
        result = answer(found, exhausted and second is None, nodes + sat.calls, sat.conflicts())
        if total is not None and second is None:  # the counter's word, without a second shown
            return replace(result, complete=True, timed_out=False, total=total)
        if result.unique is None:  # undecided: say what is known all the same
            result = replace(result, established=established)
        return result
    finally:
        sat.close()


FILL_SECONDS = 1.0
"""The most time ``_full_second`` gives the ``fill-notouch`` scan (a published board whose
solution fills it is settled in milliseconds)."""


def _fills(puzzle: Puzzle, solution: Solution) -> bool:
    """Whether ``solution`` uses every free cell of ``puzzle``."""
    return all(v != EMPTY for g, v in zip(puzzle.cells, solution.cells, strict=True)
               if g == EMPTY)


def _joins(solution: Solution) -> frozenset[frozenset[Cell]]:
    """The solution's path steps, each as the pair of cells it joins (two solutions with
    the same cells' labels may still join them differently)."""
    return frozenset(frozenset(step) for _, path in solution.paths for step in pairwise(path))


def _full_second(
    puzzle: Puzzle, first: Solution, deadline: Deadline
) -> tuple[Solution | None, tuple[str, ...]]:
    """For a first solution that fills the board: a second one that fills it too with no
    path beside itself (the ``fill-notouch`` scan, which settles published boards in
    milliseconds where plain ``fill`` may take seconds; such a solution is a ``blank``
    one), or, when there is proved to be none, that fact in words for an answer the
    ``blank`` search may leave undecided (hand-made boards whose other solutions would
    have to leave a cell empty or run a path beside itself: janko.at's later Arukone).
    ``(None, ())`` when that search is not over within ``FILL_SECONDS``."""
    from .scan import scan_solve  # the fill-notouch scan, exact when it finishes

    left = deadline.remaining()
    budget = FILL_SECONDS if left is None else min(FILL_SECONDS, left)
    full = scan_solve(puzzle, limit=2, deadline=Deadline(max(budget, 0.0)))
    others = [s for s in full.solutions if _joins(s) != _joins(first)]
    if others:
        return others[0], ()
    if full.finished and len(full.solutions) <= 1:
        return None, ("no other solution fills every cell without a path running beside "
                      "itself",)
    return None, ()


def _second(
    puzzle: Puzzle,
    sat: _Sat,
    deadline: Deadline,
    twin: Callable[[], _Sat] | None = None,
    local: Callable[[Callable[[], bool]], Solution | None] | None = None,
) -> tuple[Solution | None, bool, int | None]:
    """SAT's search for a second solution (``sat``, already asked its question), raced, once
    it has run alone for a while, in a thread of its own: against ``twin`` (a second SAT
    built by the call, asked the same question with the corner-flip clauses of the column
    order) on boards of more than ``TWIN_CELLS``, else against the frontier counter
    (``count/counter.py``) on boards of at most ``COUNT_MAX_CELLS``: (the second solution or
    None, whether there is proved to be none, the counter's exact count or None). A count of
    1 proves uniqueness as well as SAT's "none" does (and stops SAT); a count of 2 or more
    says "not unique", and SAT goes on for a second to show. Either SAT's answer is the
    answer.

    Why the counter: on published Arukone boards whose solution fills the board SAT had to
    rule out every sparse arrangement of the paths one by one, while the counter's frontier
    sees at once which arrangements cannot close (janko 160, 12x12 with 5 pairs: unique by
    the count in 0.55 s, by Glucose in 85 s before the corner-flip clauses, 0.11 s with
    them); with many labels the counter's states explode and SAT is the one that ends.  Why
    the twin: which order of the cells makes the corner-flip clauses quick varies by board
    (``corner_flips.py``).  Why threads, not turns: taking turns, SAT's own time grew (janko
    520: 9.3 s alone, 9.7 s of SAT in turns, 11.2 s in all), while Glucose releases the GIL
    as it searches, so on two cores each runs at its own speed.  SAT runs alone for
    ``SAT_ALONE_CONFLICTS`` first, so a board it settles quickly starts neither.

    ``local`` (a search for a second solution near the first, ``group_detour.py``, given a
    test of whether to stop) runs first in the second thread, before the counter or the
    twin: where it finds one, SAT is stopped and that is the answer; where it finds none,
    it has cost SAT nothing (measured on janko.at's 15x15 boards, the same step before SAT's
    race instead slowed SAT's answers by 0.3-0.5 s)."""
    second, exhausted = sat.next(SAT_ALONE_CONFLICTS)
    if second is not None or exhausted or deadline.expired():
        return second, exhausted, None
    stop = threading.Event()
    near: list[Solution] = []  # what ``local`` found
    counted: list[int] = []
    twinned: list[tuple[Solution | None, bool]] = []
    errors: list[BaseException] = []
    running: list[_Sat] = []  # the twin while it searches, so this thread can stop it
    lock = threading.Lock()

    def halt_twin() -> None:
        with lock:
            for other in running:
                other.alarm.fire()

    def nearby() -> bool:
        """``local``'s turn: whether it found a second solution (and stopped SAT)."""
        if local is None:
            return False
        found = local(stop.is_set)
        if found is None:
            return False
        near.append(found)
        stop.set()
        sat.alarm.fire()
        return True

    def count() -> None:
        from ..count.counter import Counting, halted

        try:
            if nearby():
                return
            counting = Counting(puzzle, Rules.BLANK)
            counting.run(halted(deadline, stop))
            if counting.answer is not None and not stop.is_set():
                counted.append(counting.answer)
                if counting.answer == 1:
                    sat.alarm.fire()  # proved unique: SAT's search is not needed
                    halt_twin()
        except BaseException as exc:  # handed to the calling thread below
            errors.append(exc)

    def search_twin() -> None:
        assert twin is not None
        try:
            if nearby():
                return
            other = twin()
            with lock:
                if stop.is_set():
                    other.close()
                    return
                running.append(other)
            try:
                found, none = other.next()
            finally:
                with lock:
                    running.remove(other)
                other.close()
            if found is not None or none:
                twinned.append((found, none))
                stop.set()  # the counter need not go on
                sat.alarm.fire()
        except BaseException as exc:  # handed to the calling thread below
            errors.append(exc)

    workers = []
    cells = puzzle.width * puzzle.height
    if twin is not None and cells > TWIN_CELLS:
        workers.append(threading.Thread(target=search_twin, name="numberlink-unique-twin",
                                        daemon=True))
    elif cells <= COUNT_MAX_CELLS:
        workers.append(threading.Thread(target=count, name="numberlink-unique-count",
                                        daemon=True))
    elif nearby():  # no second thread: ``local`` takes its turn here
        return near[0], False, None
    for worker in workers:
        worker.start()
    try:
        second, exhausted = sat.next()
    finally:
        stop.set()
        halt_twin()
        for worker in workers:
            worker.join()
    if errors:
        raise errors[0]
    if second is None and near:
        return near[0], False, None
    if second is None and not exhausted and twinned:
        second, exhausted = twinned[0]
    total = counted[0] if counted else None
    if second is None and total == 1:
        return None, True, 1
    return second, exhausted, total
