"""The scan search first, then raced against the SAT model: how ``solve`` uses two engines.

Under ``fill-notouch`` the compiled scan search (``scan.py``) answers first: alone for
``HEAD_START_NODES`` nodes, then raced against the SAT model (``sat.py``) in a second
thread (``_race``).  Measured on ahle-inputs9 (101 boards of 40x20): 0.36 s in all against
7.4 s for SAT alone.  With ``limit=1`` it also races under ``fill`` and ``blank``, where only
a solution it finds counts (its solutions are solutions there too; finding none proves
nothing): the same boards under ``fill`` took 0.83 s in all, where SAT alone answered none
of the first five within 30 s each.

Every board first gets ``C_NODES`` nodes of the kernel's Cython build where it was built
(``quick_search``, ``scan_plain.py``: the same search on ``array('q')`` buffers, no numpy),
and a board they do not settle goes on in numba's kernel from where they stopped
(``scan.ScanSearch.adopt``).  Without that build, small boards first try the plain-Python
kernel for a few thousand nodes while the tries have cost the process under
``PLAIN_BUDGET_SECONDS`` (loading numba's compiled kernel costs most of a second once per
process where no ahead-of-time build exists), and tiny boards try it even where the
ahead-of-time build exists, for the process's first ``TINY_BUDGET_SECONDS``: that build
needs numpy, and importing numpy costs a one-board process more than everything else it
does.

The SAT engine and the array-based scan search are imported where a board needs them, so
a board the quick try settles imports neither numpy nor the SAT model.

Under ``blank`` with one solution asked for, the router of ``route.py`` (shortest solutions
only, exact for that question) takes the scan search's place (``route_answer``), taking
turns with the scan and with negotiated routing (``RouteOrScan``, ``negotiate.py``): alone
for ``ROUTE_HEAD_START`` steps, then raced against SAT the same way, with a second SAT
solver (CaDiCaL, in a child process: ``sat_child.py``) on the same model.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from ...core import jit
from ...core.deadline import Deadline
from ...core.result import SolveResult, Stats, status_for
from ..model import Puzzle, Rules, Solution
from . import scan_kernel
from .budget import BudgetedSearch, SearchOutcome
from .reach import Reach

if TYPE_CHECKING:  # the router (like SAT and the array-based scan) is imported where boards need it
    from .negotiate import Negotiator
    from .route import RouteRestarts
    from .sat import Alarm
    from .sat_child import ChildSat
    from .sat_model import Model
    from .scan_plain import PlainScanSearch

HEAD_START_NODES = 500_000
"""Under ``fill-notouch`` the scan search runs alone for this many nodes (some 40 ms
compiled) before SAT joins in (see ``_race``): measured on ahle-inputs9, every 40x20 board
is settled within it, and starting SAT's model at once would cost each board ~50 ms."""
SMALL_BOARD = 400
PLAIN_NODES = 5_000
"""Boards of at most ``SMALL_BOARD`` cells first get this many nodes of the plain-Python
kernel (see ``_quick_scan``)."""
PLAIN_BUDGET_SECONDS = 0.5
"""Once the plain-Python tries have cost a process this long in all, boards go to the
compiled kernel: a many-board process without the ahead-of-time build then loads numba
once (about a second) instead of paying plain Python on every board (measured with
``NUMPUZZLES_NO_AOT=1``: 300 boards of 8x8 to 17x17 took 7.0 s, nearly all of it in plain
Python).  Where the ahead-of-time build exists the tries never run (but see
``TINY_BOARD``)."""
TINY_BOARD = 144
TINY_NODES = 2_000
TINY_BUDGET_SECONDS = 0.005
"""Without the Cython build (``C_NODES``), boards of at most ``TINY_BOARD`` cells (12x12)
first get ``TINY_NODES`` nodes of the plain search (``scan_plain.py``) even where the
compiled kernel is at hand, while
the plain tries have cost the process under ``TINY_BUDGET_SECONDS``.  Why: the compiled
kernel needs numpy, about 75 ms to import (measured: a 5x5 board's whole process took
0.33 s, numpy 77 ms of it), while such a board takes the plain search some 0.3 ms (5x5) to
2 ms (10x10, median of 30 generated boards; some 8 us a node).  The first board always gets
its try, so a one-board process never imports numpy for a board settled within
``TINY_NODES``; a process of many boards loses at most the budget and one board's try
before it loads the kernel (measured with a 0.02 s budget: 300 boards of 8x8 to 17x17 cost
some 0.01 s more CPU than with none, within the noise of a busy machine)."""
_plain_spent = 0.0
ROUTE_HEAD_START = 20_000
"""Under ``blank`` (one solution) the router runs alone for this many path steps before SAT
joins in: measured on ``arukone generate`` boards (N = 20 to 50), most are solved within a
few thousand steps, while SAT's model alone costs a tenth of a second to build there."""
SMALL_ROUTE_BOARD = 144
PLAIN_ROUTE_NODES = 100
"""Boards of at most ``SMALL_ROUTE_BOARD`` cells first get this many steps of the
plain-Python router (see ``route_answer``): each step floods the free cells, some 0.1 ms
in Python on a 12x12 board (most generated 10x10 Arukone boards need under 100), while
loading the compiled kernels costs about a second each.  Then SAT alone gets up to
``SMALL_SAT_SECONDS`` (a 10x10 takes it some 0.03 s) before the kernels are loaded."""
SMALL_SAT_SECONDS = 1.0
CHILD_SAT = True
"""Whether the ``blank`` race adds CaDiCaL in a child process (``_child_sat``); the
benchmarks set it False for their baseline, the race as it was without it."""
FEW_EMPTY = True
"""Whether Glucose, beside the child's CaDiCaL in a ``blank`` race, looks first for
solutions that leave few cells empty (``few_empty.py``) instead of searching the same
unbounded model as the child; the benchmarks set it False for their baseline."""
C_NODES = HEAD_START_NODES
"""Where the Cython build of the scan kernel exists (``scan_kernel_c``, see
``core/jit.py``), every board first gets this many of its nodes (``quick_search``), on
buffers that need no numpy: as many as the numba kernel's head start, so a board the scan
settles alone is settled before numpy loads (measured: the 45 published puzzles of the
start-up bench need 201 to 20,642 nodes each), and a board it does not settle goes on in
numba's kernel from the node it reached (``scan.ScanSearch.adopt``), raced against SAT."""
NEGOTIATE = True
"""Whether ``RouteOrScan`` gives negotiated routing (``negotiate.py``) its turns; the
benchmarks set it False for their baseline, the race as it was without it."""
NEGOTIATE_MAX_CELLS = 40_000
"""No negotiation on boards of more cells (200x200): it runs in plain Python, and its
first round, which it always gets, would cost such a board more than the turns it joins
(measured: a round of a generated 100x100 with 64 lines 7 ms; setting up a 1000x1000
board 0.42 s)."""
CHILD_MAX_CLAUSES = 3_000_000
"""No child for a model of more clauses: the child holds a second copy of them (and the
blob sent to it a third, some 40 bytes a clause), where a 36x36 ADC problem has 200,000."""
LOAD_POLL_SECONDS = 0.01
"""How often a race's search, waiting for its GIL-free kernel to load, looks at the stop
signal (so a race SAT won ends at once)."""


def scan_answer(
    puzzle: Puzzle,
    rules: Rules,
    reach: Reach,
    limit: int,
    deadline: Deadline,
    *,
    scan_only: bool,
    too_big: bool,
    quick: PlainScanSearch | None = None,
) -> SolveResult[Solution] | None:
    """The answer of the scan search, alone or raced against SAT; None when SAT alone
    should answer (the scan finished without settling the board).

    Exact under ``fill-notouch``; under ``fill`` and ``blank`` (``limit`` 1) only a solution
    it finds settles the board.  ``scan_only``: never start SAT, the scan's outcome is the
    answer.  ``too_big``: SAT cannot help with a board this big, so an unsettled board is
    an unknown answer.  ``reach``: ``Reach(puzzle)``, its domains for SAT.  ``quick``:
    the quick try (``quick_search``) the caller already made and left unfinished; it goes
    on from there instead of making its own.
    """
    exact = rules is Rules.FILL_NOTOUCH

    def settled(outcome: SearchOutcome) -> bool:
        return outcome.finished and (exact or bool(outcome.solutions))

    if scan_only or too_big:
        outcome = _scan_alone(puzzle, limit, deadline)
        if settled(outcome) or scan_only:
            return scan_result(outcome, deadline)
        from .sat import sat_result

        return sat_result(deadline, [], False, not outcome.finished)  # no proof
    if quick is None:
        quick = quick_search(puzzle, limit, deadline)
    if quick is not None and quick.finished:
        outcome = quick.outcome()
        return scan_result(outcome, deadline) if settled(outcome) else None
    from .scan import ScanSearch  # here: numpy, which the quick try did without

    # numba's kernel goes on where the quick try stopped, on the same memory
    search = ScanSearch(puzzle, limit) if quick is None else ScanSearch.adopt(quick)
    if search.run(max(0, HEAD_START_NODES - search.nodes), deadline):
        outcome = search.outcome()  # decoded once: slow on huge boards
        if settled(outcome):
            return scan_result(outcome, deadline)
    if not search.finished:
        return _race(search, rules, reach, deadline, exact)
    return None


def route_answer(
    puzzle: Puzzle,
    reach: Reach,
    deadline: Deadline,
    *,
    too_big: bool,
) -> SolveResult[Solution]:
    """One ``blank`` solution, or a proof there is none: the router (``route.py``) taking
    turns with the scan search and negotiated routing (``RouteOrScan``), then all three
    raced against SAT (told it may keep to shortest solutions too).  The router and SAT
    are exact for this question, so whichever finishes first answers (the other two only
    by finding a solution).  ``too_big``: SAT cannot help, the three searches run until the
    deadline."""
    from . import route_kernel
    from .route import RouteRestarts
    from .sat import Alarm, sat_solve

    compiled_at_hand = (
        jit.ready(route_kernel.route) or jit.c_function(route_kernel.route_free) is not None
    )
    if puzzle.width * puzzle.height <= SMALL_ROUTE_BOARD and not compiled_at_hand:
        quick = RouteRestarts(puzzle, compiled=False)
        if quick.run(PLAIN_ROUTE_NODES, deadline):
            return scan_result(quick.outcome(), deadline)
        left = deadline.remaining()
        brief = Deadline(SMALL_SAT_SECONDS if left is None else min(left, SMALL_SAT_SECONDS))
        domains = reach.domains()
        by_sat = sat_solve(puzzle, Rules.BLANK, domains, 1, brief, Alarm(brief), shortest=True)
        if not by_sat.timed_out:
            return replace(by_sat, stats=replace(by_sat.stats, seconds=deadline.elapsed()))
    search = RouteOrScan(puzzle)
    if search.run(None if too_big else ROUTE_HEAD_START, deadline) or too_big:
        return scan_result(search.outcome(), deadline)
    return _race(search, Rules.BLANK, reach, deadline, True, shortest=True)


class RouteOrScan(BudgetedSearch):
    """The router, the ``fill-notouch`` scan search and negotiated routing taking turns in
    one thread.

    Why all three: the router is quick where many cells stay empty (generated Arukone
    boards) and slow on crowded boards, where the scan search finds a solution that fills
    every cell at once (measured: a unique 30x30 from ``arukone generate --unique`` took the
    router 22 s and the scan search 0.03 s).  On some sparse boards with long winding paths
    the router needs a lucky label order, where negotiated routing (``negotiate.py``)
    converges in a few dozen rounds (ADC Q09: 15 s for the router, milliseconds for it).
    Only the router's outcome is exact: the other two settle the board only by finding a
    solution (the scan's solutions are ``blank`` solutions too; finding none proves
    nothing).  Turns: ``TURN_STEPS`` router steps, then ``TURN_NODES`` scan nodes (each
    some milliseconds compiled on a 50x50 board), then rounds of negotiation while they
    have cost at most ``NEGOTIATE_SHARE`` of the time the other two took, ``LATE_SHARE``
    after its first restart (it runs in plain Python: on a board of many lines a round
    costs more than a turn of the others, on Q09 a fifth of one).
    """

    limit = 1
    TURN_STEPS = 1_000
    TURN_NODES = 200_000
    NEGOTIATE_SHARE = 0.5
    LATE_SHARE = 0.1
    """The negotiator's share once it has run ``negotiate.RESTART_ROUNDS`` rounds: on the
    ADC problems, the sparse corpus and janko.at's boards it settled most boards it settles
    at all within 75 rounds (Q09 in 34), so after its first restart it mostly costs the
    exact searches time (ADC Q15 and Q17, which the router and SAT settle)."""
    step_nodes = TURN_STEPS
    """A step is one turn each; ``run``'s ``max_nodes`` counts router steps."""

    def __init__(self, puzzle: Puzzle) -> None:
        from .route import RouteRestarts
        from .scan import ScanSearch

        self.puzzle = puzzle
        self.router: RouteRestarts = RouteRestarts(puzzle)
        self.scan = ScanSearch(puzzle, 1)
        self._negotiator: Negotiator | None = None  # made at its first turn
        self.exact_seconds = 0.0
        """Time the router and the scan have taken (the negotiator's share is of this)."""
        self.negotiate_seconds = 0.0
        self.finished = False
        """Whether one of the three settled the board."""
        self.complete = False

    @property
    def nodes(self) -> int:
        return self.router.nodes

    @property
    def negotiator(self) -> Negotiator:
        """Negotiated routing over the board, made when first asked for."""
        if self._negotiator is None:
            from .negotiate import Negotiator

            self._negotiator = Negotiator(self.puzzle)
        return self._negotiator

    def _negotiated(self) -> Solution | None:
        """The negotiator's solution, if it was made and found one."""
        return None if self._negotiator is None else self._negotiator.solution

    @property
    def found(self) -> int:
        negotiated = int(self._negotiated() is not None)
        return max(self.router.found, self.scan.found, negotiated)

    @property
    def kernels(self) -> tuple[Callable[..., int], ...]:
        return self.router.kernels + self.scan.kernels

    def _step(
        self, budget: int, deadline: Deadline | None, stop: threading.Event | None
    ) -> bool:
        """``budget`` router steps, then (unless the router finished) the scan's turn and
        the negotiator's, each while the others have not settled the board."""
        start = time.perf_counter()
        if not self.router.run(budget, deadline, stop) and not self.scan.finished:
            self.scan.run(self.TURN_NODES, deadline, stop)
        turned = time.perf_counter()
        self.exact_seconds += turned - start
        cells = self.puzzle.width * self.puzzle.height
        if (
            NEGOTIATE
            and cells <= NEGOTIATE_MAX_CELLS
            and not self.router.finished
            and not self.scan.found
        ):
            negotiator = self.negotiator
            now = turned
            while not negotiator.finished and self.negotiate_seconds <= self._share() * (
                self.exact_seconds
            ):
                negotiator.run(1)
                self.negotiate_seconds += time.perf_counter() - now
                now = time.perf_counter()
        self.finished = (
            self.router.finished or self.scan.found > 0 or self._negotiated() is not None
        )
        self.complete = self.router.complete
        return False

    def _share(self) -> float:
        """The share of the exact searches' time the negotiator may take now."""
        from .negotiate import RESTART_ROUNDS

        early = self._negotiator is None or self._negotiator.rounds < RESTART_ROUNDS
        return self.NEGOTIATE_SHARE if early else self.LATE_SHARE

    def outcome(self) -> SearchOutcome:
        """The scan's or the negotiator's solution when one of them found one first, else
        the router's outcome."""
        if not self.router.found:
            nodes = self.router.nodes
            if self.scan.found:
                found = self.scan.outcome()
                return SearchOutcome(found.solutions, False, True, nodes + found.nodes)
            negotiated = self._negotiated()
            if negotiated is not None:
                return SearchOutcome([negotiated], False, True, nodes)
        return self.router.outcome()


def scan_result(outcome: SearchOutcome, deadline: Deadline) -> SolveResult[Solution]:
    """A scan search's outcome as a result: exact when it finished, else timed out."""
    return SolveResult(
        status_for(len(outcome.solutions), outcome.complete),
        tuple(outcome.solutions),
        complete=outcome.complete,
        timed_out=not outcome.finished,
        stats=Stats(deadline.elapsed(), outcome.nodes, 0),
    )


def _race(
    search: BudgetedSearch,
    rules: Rules,
    reach: Reach,
    deadline: Deadline,
    exact: bool,
    *,
    shortest: bool = False,
) -> SolveResult[Solution]:
    """The scan search goes on in a second thread against SAT in this one; the first to
    finish wins (with ``exact`` False, under ``fill`` or ``blank``, the scan wins only by
    finding a solution).

    Why both: each has boards the other needs many times longer for (measured on
    ahle-inputs10: the scan search settles some 50x50 boards in 0.1 s and needs 5 s for
    others that SAT answers in 0.7 s).  The compiled kernel runs without the GIL and the
    SAT engine releases it while it searches, so on two cores the race costs about the
    faster engine's time.  The scan and the router run their Cython builds
    (``search_free``, ``route_free``), which release the GIL themselves; where no Cython
    build exists, numba's ahead-of-time build holds it, so the race has numba's JIT
    versions loaded beside it and the search switches to them
    (``jit.load_nogil_in_background``).
    Both are exact: the answer is the same whichever wins, except which solutions are
    shown when a board has more than ``limit`` of them.
    ``shortest``: SAT may keep to shortest solutions (``sat_solve``), as the router does;
    this is the ``blank`` race, and its model also goes to CaDiCaL in a child process
    (``sat_child.py``), since on other people's sparse boards each of the two SAT solvers
    settles boards the other cannot (the child's answer stops the others at once).  With
    the child searching that model, Glucose here looks first for solutions that leave few
    cells empty (``few_empty.py``), as hand-set puzzles' solutions do.
    """
    from .sat import Alarm, sat_solve
    from .sat_model import Model

    loading = jit.load_nogil_in_background(*search.kernels)
    alarm = Alarm(deadline, always=True)
    stop = threading.Event()
    errors: list[BaseException] = []

    def work() -> None:
        try:
            # an ahead-of-time kernel would hold the GIL against SAT and starve the load:
            # wait for the load instead (SAT runs meanwhile), leaving at once on stop
            for event in loading:
                while not event.wait(LOAD_POLL_SECONDS):
                    if stop.is_set():
                        return
            if search.run(deadline=deadline, stop=stop) and (exact or search.found):
                alarm.fire()  # SAT stops at once; its answer is not needed
        except BaseException as exc:  # handed to the calling thread below
            errors.append(exc)

    worker = threading.Thread(target=work, name="numberlink-scan", daemon=True)
    worker.start()
    child: ChildSat | None = None
    model: Model | None = None
    try:
        if shortest and CHILD_SAT:
            model = Model(search.puzzle, rules, reach.domains(), shortest=True)
            child = _child_sat(model, alarm, stop)
        if child is not None and model is not None and FEW_EMPTY:
            from .few_empty import few_empty_solve

            by_sat = few_empty_solve(search.puzzle, model, deadline, alarm)
        else:
            by_sat = sat_solve(
                search.puzzle,
                rules,
                reach.domains(),
                search.limit,
                deadline,
                alarm,
                shortest=shortest,
                model=model,
            )
    finally:
        stop.set()
        worker.join()
        if child is not None:
            child.stop()
    if errors:
        raise errors[0]
    if search.finished and (exact or search.found):
        return scan_result(search.outcome(), deadline)
    if child is not None and model is not None and by_sat.timed_out:
        by_child = _child_result(child, model, deadline)
        if by_child is not None:
            return by_child
    return by_sat


def _child_sat(model: Model, alarm: Alarm, stop: threading.Event) -> ChildSat | None:
    """The second SAT solver of a ``blank`` race, in a child process (``sat_child.py``),
    started on ``model``'s clauses; its answer stops the other engines.  None when no child
    process can be started (the race goes on without it)."""
    from .sat_child import ChildSat

    def answered() -> None:
        stop.set()
        alarm.fire()

    if len(model.clauses) > CHILD_MAX_CLAUSES:
        return None
    try:
        return ChildSat(model.clauses, answered)
    except (OSError, ValueError):  # no interpreter to start (an embedded Python)
        return None


def _child_result(
    child: ChildSat, model: Model, deadline: Deadline
) -> SolveResult[Solution] | None:
    """The child's answer as the race's (None if it gave none): unsatisfiable is a proof
    (the shortest model has a solution whenever the board has one, ``route.py``)."""
    from .sat import sat_result

    if child.answer is None:
        return None
    if child.answer is False:
        return sat_result(deadline, [], True, False, calls=1)
    solution, _, cuts = model.decode(child.answer)
    if solution is None or cuts:
        return None  # not expected with label variables under blank
    return sat_result(deadline, [solution], False, False, calls=1)


def plain_first(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` gets the plain-Python search first (``TINY_BOARD``; never
    where the kernel's Cython build exists, which is quicker and needs no numpy either):
    then ``solve`` finds its ``Reach`` in plain Python too, before anything loads numpy."""
    return (
        puzzle.width * puzzle.height <= TINY_BOARD
        and _plain_spent < TINY_BUDGET_SECONDS
        and jit.c_function(scan_kernel.search) is None
    )


def _quick_scan(
    puzzle: Puzzle, limit: int, deadline: Deadline, cap: int | None = None
) -> SearchOutcome | None:
    """A board's answer from the scan search without numpy (``quick_search``), if that
    search finished; None: no quick answer."""
    search = quick_search(puzzle, limit, deadline, cap)
    return search.outcome() if search is not None and search.finished else None


def quick_search(
    puzzle: Puzzle, limit: int, deadline: Deadline, cap: int | None = None
) -> PlainScanSearch | None:
    """The scan search without numpy (``scan_plain.py``), run for ``C_NODES`` nodes of the
    kernel's Cython build where there is one, else, on a small board, for a few thousand
    nodes of plain Python (and within ``cap`` either way): loading the numba kernel costs
    most of a second once per process where no ahead-of-time build exists, and its numpy
    some 60 ms where one does, more than such a board needs.  Finished or not (then
    ``scan.ScanSearch.adopt`` goes on from where it stopped); None: no try was made."""
    global _plain_spent
    from .scan_plain import PlainScanSearch

    cells = puzzle.width * puzzle.height
    compiled = jit.c_function(scan_kernel.search) is not None
    if compiled:
        nodes = C_NODES
    elif plain_first(puzzle):
        nodes = TINY_NODES  # before ``jit.ready``, which loads the compiled kernel
    elif (
        cells > SMALL_BOARD
        or _plain_spent >= PLAIN_BUDGET_SECONDS
        or jit.ready(scan_kernel.search)
    ):
        return None
    else:
        nodes = PLAIN_NODES
    if cap is not None:
        nodes = min(nodes, cap)
    start = time.perf_counter()
    search = PlainScanSearch(puzzle, limit, compiled)
    search.run(nodes, deadline)
    if not compiled:
        _plain_spent += time.perf_counter() - start
    return search


def scan_effort(puzzle: Puzzle, limit: int, max_nodes: int) -> SearchOutcome:
    """The scan search alone, as ``solve(engine="scan")`` runs it (its first nodes without
    numpy), but stopped unfinished after ``max_nodes`` nodes: the measure of the difficulty
    grades (``generate/grade.py``), which must be deterministic (no deadline) and bounded,
    and never depend on which kernel gave it (every kernel visits the same nodes)."""
    return _scan_on(puzzle, limit, Deadline(None), max_nodes)


def _scan_alone(puzzle: Puzzle, limit: int, deadline: Deadline) -> SearchOutcome:
    """The scan search alone (see ``scan.py``), until it finishes or the deadline."""
    return _scan_on(puzzle, limit, deadline, None)


def _scan_on(
    puzzle: Puzzle, limit: int, deadline: Deadline, max_nodes: int | None
) -> SearchOutcome:
    """The scan search for at most ``max_nodes`` nodes (None: no bound) or until the
    deadline: the quick try without numpy, then numba's kernel from where it stopped."""
    quick = quick_search(puzzle, limit, deadline, max_nodes)
    if quick is not None and quick.finished:
        return quick.outcome()
    from .scan import ScanSearch

    search = ScanSearch(puzzle, limit) if quick is None else ScanSearch.adopt(quick)
    search.run(None if max_nodes is None else max(0, max_nodes - search.nodes), deadline)
    return search.outcome()
