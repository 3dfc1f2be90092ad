"""``count_solutions``: the exact number of solutions, with one shown.

Why here and not beside ``solve``: it is the counter's front door.  It runs the frontier
counter (``counter.py``) and the solvers' listing in turns and returns whichever proves
the count first, so a reader looking for how a count is made finds it in ``count/``.
"""

from __future__ import annotations

import threading
import time
from dataclasses import replace
from typing import TYPE_CHECKING

from ...core.deadline import Deadline
from ...core.result import SolveResult, Stats, Status
from ..model import Puzzle, Rules, Solution
from ..solve.dispatch import solve

if TYPE_CHECKING:
    from .counter import Counting

LIST_FIRST = 1_000
LIST_SECONDS = 0.1
"""``count_solutions``: how many solutions, and for how long, the solvers list before the
counter goes on alone.  Why 0.1 s (it was 0.3): the one-solution boards the listing is
for (generated 17x17s, 29 generated unique puzzles) take the same time either way (0.57
and 0.55 s in all under ``blank``), while on the 29 Flow Free levels under ``blank``, whose
hard counts the listing cannot finish, the turns cost 2 s: 16.5 s in all, 14.0 s with 0.1 s
(``bench/count_bench.py --count-solutions --parallel``)."""

COUNT_FIRST = 1 << 18
"""States the counter reads before the listing's turn: about 0.1 s, within which it
counts most boards up to 10x10 whatever their number of solutions."""

RACE_AFTER = 1 << 19
"""States the counter reads on one core after the listing's turn before it loads the
GIL-free kernels for a race of its two sweeps (a tenth of a second or so): counts that
end sooner never pay numba's loading (0.3 s from its disk cache, some 5 s compiling).
One process over the 29 Flow Free levels under ``blank``: 17.4 s with 2**21, 17.0 s
with 2**19."""

LOADING_WORK = 1 << 19
"""States the counter reads between looks at whether those kernels are loaded."""

LOAD_WAIT = 2.0
"""Seconds the counter waits, idle, for the GIL-free kernels before it goes on counting
while they load.  Why wait at all: the loading is Python (numba reading its disk cache,
0.4 s alone), and the ahead-of-time kernels hold the GIL through each call, so a loader
beside a counting thread gets the GIL only between calls.  Board 10 of the 30 (14x14,
``blank``) through ``count_solutions``: the race began 13.4 s in, its sweeps by then at
rows 5 and 4 and meeting at a dear cut (rows 7 and 7), 37.4 s in all."""

LOADING_SHARE = 1.0
"""While the kernels still load after ``LOAD_WAIT`` (numba compiling them: 12 s alone in
a fresh checkout), the counter waits after each turn this many times the turn's time, the
GIL released, so the compiler gets about half of it.  Measured on board 10 with numba's
cache cleared, as one process (one run each): 35.4 and 38.9 s, against 40.3 s with a
fixed 20 ms pause a turn and 39.9 s with a tenth of the turn; 24.9-25.8 s with the cache
warm.  The compiler's 12 s dominate either way."""


def count_solutions(
    puzzle: Puzzle,
    *,
    rules: Rules = Rules.FILL,
    timeout: float | None = None,
    engine: str = "auto",
    threads: int | None = None,
    max_states: int | None = None,
) -> SolveResult[Solution]:
    """Every solution counted, with one shown: ``total`` holds the exact count.

    With engine ``auto`` two exact methods take turns.  The frontier counter
    (``counter.py``) counts without listing, so counts like 10^19 are fine, but its work
    grows with the frontier's states, not with the answer: on a generated 17x17 with one
    solution under ``blank`` it read 20 million states (7 s) before its sweeps met and
    turned rows, and still reads millions (about a second).  Listing the solutions
    (``solve`` with a limit of ``LIST_FIRST``) proves such a count in 0.03-0.08 s, but
    cannot reach large counts.  So the counter runs first for ``COUNT_FIRST`` states, then
    the listing for at most ``LIST_SECONDS``, then the counter to the end; ``solve``
    supplies the solution shown.  The same under all three rule sets (``fill-notouch`` once
    let the listing go first, while its counter still gave every fresh piece each label at
    once).  When the counter hits its state limit, ``solve`` enumerates the solutions
    within what is left of the time.

    A count still going after ``RACE_AFTER`` more states runs its two sweeps in two
    threads (``counter.Counting.run(parallel=True)``) when ``threads`` (default: the cores
    this process may use) is 2 or more: on 13x13 and 14x14 boards of 6 to 8 long paths
    under ``blank`` 25 s of one core became 5.7 s (``bench/count_bench.py --threads``).
    ``max_states``: the counter's state limit (None: ``sweep.MAX_STATES``).
    """
    deadline = Deadline(timeout)
    limited: tuple[str, ...] = ()  # why the counter gave up, in the user's words
    if engine == "auto":
        from .counter import Counting  # numpy and the kernels load only for a count
        from .sweep import MAX_STATES

        counting = Counting(puzzle, rules, MAX_STATES if max_states is None else max_states)
        counting.run(deadline, COUNT_FIRST)
        if counting.answer is None and not deadline.expired():
            left = deadline.remaining()
            brief = LIST_SECONDS if left is None else min(LIST_SECONDS, left)
            listed = solve(puzzle, rules=rules, limit=LIST_FIRST, timeout=brief)
            if listed.complete:
                stats = replace(listed.stats, seconds=deadline.elapsed())
                return replace(listed, stats=stats, total=listed.count)
            _count_on(counting, deadline, _cores() if threads is None else threads)
        exact = counting.answer
        if exact == 0:  # proved: nothing to show, so no solver run
            stats = Stats(deadline.elapsed(), 0, 0)
            return SolveResult(Status.UNSOLVABLE, (), True, False, stats, total=0)
        if exact is not None:
            shown = solve(puzzle, rules=rules, limit=1, timeout=deadline.remaining())
            stats = Stats(deadline.elapsed(), shown.stats.nodes, shown.stats.conflicts)
            return SolveResult(Status.SOLVED, shown.solutions, True, False, stats, total=exact)
        if counting.full:
            kept = MAX_STATES if max_states is None else max_states
            limited = (f"the exact counter needs more than {kept:,} states a sweep "
                       "(--max-states raises it)",)
    listed = solve(puzzle, rules=rules, limit=None, timeout=deadline.remaining(), engine=engine)
    return replace(listed, stats=replace(listed.stats, seconds=deadline.elapsed()),
                   established=(*listed.established, *limited))


def _cores() -> int:
    """The cores this process may run on."""
    import os

    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _count_on(counting: Counting, deadline: Deadline, threads: int) -> None:
    """``counting`` to its end: on one core for ``RACE_AFTER`` states, then, with two
    threads or more and two sweeps, racing them once the GIL-free kernels are loaded (in
    the background, waited for up to ``LOAD_WAIT``, then between turns on one core; on
    one core to the end if they cannot be)."""
    from ...core import jit
    from .counter import race_kernels

    counting.run(deadline, RACE_AFTER)
    if counting.over or threads < 2 or not counting.two_sweeps:
        counting.run(deadline)
        return
    loading = jit.load_nogil_in_background(*race_kernels())
    _wait(loading, LOAD_WAIT, deadline)
    while not counting.over:
        if all(event.is_set() for event in loading):
            free = all(jit.releases_gil(function) for function in race_kernels())
            counting.run(deadline, parallel=free)
        else:
            turn = time.perf_counter()
            counting.run(deadline, LOADING_WORK)
            _wait(loading, LOADING_SHARE * (time.perf_counter() - turn), deadline)


def _wait(events: list[threading.Event], seconds: float, deadline: Deadline) -> None:
    """Wait until every event is set, ``seconds`` at most (and not past the deadline)."""
    left = deadline.remaining()
    end = time.perf_counter() + (seconds if left is None else min(seconds, left))
    for event in events:
        event.wait(max(0.0, end - time.perf_counter()))
