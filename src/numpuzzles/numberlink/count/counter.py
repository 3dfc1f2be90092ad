"""Counting solutions without listing them: a frontier dynamic programme, compiled.

Enumerating solutions one by one (what the SAT solver's ``limit=None`` does) cannot reach
counts like 2·10^10.  The counter sweeps the board cell by cell, row by row, and keeps for
every way the decided cells can cross the frontier (a *state*) how many partial solutions
lead to it; ``counter_kernel.py`` says what a state holds and how a cell is decided, under
each of the three rule sets.  The sweep runs along the longer side, so the frontier is the
shorter one, from the edge ``sweep_view`` picks; under ``blank`` and ``fill`` a second
sweep comes up from the opposite edge and the two meet at a row (``Counting``,
``meet_kernel.py``).  A successor whose labels can
no longer all be joined without two paths crossing is dropped at once
(``counter_kernel.crossed``; ``_rim`` says where the labels' remaining ends lie): on boards
with few long paths over half of a step's states can be such dead ends, otherwise kept
until the sweep runs into the crossing (measured: 3.5x less CPU on a 12x12 with 5 pairs).
So is one whose down edge carries a label into another label's end (``step``'s ``under``),
not a row later when the cell below is decided: on board 10 of the benchmark's 30 (14x14,
``blank``) the sweep from the bottom held 393,449 states at its row 8 against 747,833,
and with the keys built in registers (``counter_kernel.PACKED``) the count took 10-11 s
as one process against 27-30 s.

With two cores the two sweeps can race in two threads (``Counting.run(parallel=True)``,
``_race``), meeting at the first pair of row-end copies that is cheap to meet; numba's
builds of the kernels run without the GIL, the ahead-of-time ones do not
(``core.jit.load_nogil_in_background``, which ``solutions.count_solutions`` calls once a
count runs long).

One sweep (its states laid out in words, its tables, its kernel calls) is ``sweep.py``'s,
the choice of view ``views.py``'s; this module runs the sweeps, meets them and answers.
Every answer is exact or None: None when the deadline passed, when more than ``max_states``
states would be kept at once (memory), or when a count passed 2**124.
"""

from __future__ import annotations

import copy as _copy
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from itertools import pairwise
from typing import Any

import numpy as np

from ...core import jit
from ...core.deadline import Deadline
from ...core.pages import ordinary_pages
from ..model import Puzzle, Rules
from ..symmetry import view
from . import counter_kernel, meet_kernel, views
from .sweep import ALL, MAX_STATES, Kernel, Sweep

LEAD = 8
"""The sweep from the top takes the next row unless it holds more than this many times
the states of the one from the bottom.  Why not 1 (the smaller always): the sweep from the
top starts at the edge ``sweep_view`` picked, and the other's first rows, taken while both
are small, were often wasted.  CPU seconds with a lead of 1 / 4 / 8 / one sweep alone
(``bench/count_bench.py --lead``, ``--no-meet``): six generated 17x17s under ``blank``
4.90 / 4.88 / 2.72 / 2.97 s, 29 Flow Free levels under ``blank`` 25.9 / 23.4 / 18.2 / 47.1 s
(one level unknown at 30 s), under ``fill`` 2.94 / 5.37 / 3.39 / 12.9 s."""

STATE_SECONDS = 1.7e-7
"""CPU seconds a sweep takes to read one state (measured: some 170 ns on 13x13 and 14x14
boards)."""

SHAPE_PAIR_SECONDS = 1.0e-7
"""CPU seconds a meeting takes to walk a pair of shapes (``meet_kernel.fitting_sums``)."""

STATE_PAIR_SECONDS = 1.0e-9
"""CPU seconds a meeting takes per pair of states using the same edges (it compares the
labels of those whose shapes fit).  Both measured on the meetings of a 13x13 and a 14x14
board: 5.4 and 15 million pairs of shapes, 35 and 715 million of states, 0.74 and 2.7 s."""

DEAR = 1.0
"""``Counting._meet`` lets the sweep with fewer states go on alone where the meeting would
take more than this many times the seconds that sweep would need for the remaining rows."""

MEET_SHARE = 0.5
"""A race meets at the first pair of snapshots whose meeting would take at most this
share of the time raced so far (``Counting._race``)."""

SNAPSHOT_STATES = 1 << 24
"""States a race keeps in snapshots at most (each a row of 24 bytes or more and 16 bytes of
keys: some 650 MB); past it, those farthest from a meeting make room (``_evict``)."""

PAIR_CHUNK = 1 << 22
"""Pairs the meeting compares between clock checks."""



def race_kernels() -> tuple[Callable[..., Any], ...]:
    """The kernel functions a race (``Counting.run(parallel=True)``) runs in two threads at
    once: it gains only where they run without the GIL (``core.jit.releases_gil``)."""
    return (
        counter_kernel.step, counter_kernel.rehash, counter_kernel.gather,
        counter_kernel.mirror, meet_kernel.shape_keys, meet_kernel.fitting_sums,
    )


class _Halt(Deadline):
    """``deadline``, or sooner once ``stop`` is set: how one thread of a race stops the
    other when its own sweep ended the count."""

    __slots__ = ("_inner", "_stop")

    def __init__(self, inner: Deadline | None, stop: threading.Event) -> None:
        super().__init__(None)
        self._inner, self._stop = inner, stop

    def expired(self) -> bool:
        return self._stop.is_set() or (self._inner is not None and self._inner.expired())


def halted(deadline: Deadline | None, stop: threading.Event) -> Deadline:
    """``deadline``, or sooner once ``stop`` is set: for a count run in a thread of its own
    that another thread may end (``solve/unique_blank.py``'s race)."""
    return _Halt(deadline, stop)


def _in_threads(jobs: list[Callable[[], None]]) -> None:
    """Run ``jobs`` at once, one thread each; the first exception any raised is raised."""
    errors: list[BaseException] = []

    def guarded(job: Callable[[], None]) -> None:
        try:
            job()
        except BaseException as error:  # handed to the caller's thread below
            errors.append(error)

    threads = [threading.Thread(target=guarded, args=(job,), daemon=True) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]


@dataclass(frozen=True)
class MeetKernels:
    """The meeting's two kernels, compiled or plain."""

    shape_keys: Kernel
    fitting_sums: Kernel


def meet_kernels(compiled: bool = True) -> MeetKernels:
    """``meet_kernel``'s functions, as ``kernels`` gives the sweep's."""
    if not compiled:
        return MeetKernels(meet_kernel.shape_keys, meet_kernel.fitting_sums)
    return MeetKernels(jit.kernel(meet_kernel.shape_keys), jit.kernel(meet_kernel.fitting_sums))


class Counting:
    """A count in progress, resumable: ``run`` decides cells until the answer is known, a
    limit is hit or a share of work is spent, so that a caller can do something else
    between turns (``solutions.count_solutions`` lists solutions there).

    Two sweeps share the work under ``blank`` and ``fill``: one down the board from its
    top row, one up from its bottom row (a sweep of the board upside down).  At each row's
    end the sweep from the top takes the next row unless it holds more than ``LEAD`` times
    the other's states, and where they meet the count is summed over the pairs of states
    that fit (``meet_kernel``).  Why: a sweep's states
    are the frontiers its decided rows can leave, most of which the undecided rows cannot
    complete; that waste grows with the decided region, so a sweep is dearest in its
    last rows before the ends it needs, and which edge that is cannot be told in advance.
    On a 14x14 Flow Free level with 1,670 solutions one sweep held 742,000 states ten
    rows down, the sweep from the other edge never more than 12,000.  The smaller side
    taking the rows follows the cheap direction and meets the other where both are small.
    ``fill-notouch`` keeps one sweep (its states' classes would have to fit across the cut
    too; its counts take milliseconds).  ``meet=False``: one sweep under every rule set;
    ``turn=False``: every row swept from its left end (see ``Sweep._orient_row``).

    The board is first turned to the view ``sweep_view`` picks (``choose_view=False``: the
    board's own view, transposed when it is wider than high), so the frontier runs along
    the shorter side.
    """

    def __init__(
        self,
        puzzle: Puzzle,
        rules: Rules = Rules.BLANK,
        max_states: int = MAX_STATES,
        compiled: bool = True,
        prune: bool = True,
        choose_view: bool = True,
        meet: bool = True,
        turn: bool = True,
    ) -> None:
        puzzle = views.sweep_view(puzzle) if choose_view else views.own_view(puzzle)
        self.rows = puzzle.height
        self.compiled = compiled
        self.down = Sweep(puzzle, rules, max_states, compiled, prune, turn)
        self.sides = [self.down]
        if (meet and rules is not Rules.FILL_NOTOUCH and puzzle.height > 1
                and puzzle.width <= meet_kernel.MAX_SHAPE_FIELDS):
            upside_down = view(puzzle, views.UPSIDE_DOWN)
            self.sides.append(Sweep(upside_down, rules, max_states, compiled, prune, turn))
            self.meet_kernels = meet_kernels(compiled)
        self.work = 0
        """States read so far by both sweeps (the count's cost)."""
        self._dropped = 0  # the work of a sweep left when the meeting would cost more
        self.met_at: int | None = None
        """Where the sweeps met: the rows the one from the top decided (None: they did
        not meet, one sweep decided every row or the count ended first)."""
        self.over = False
        """Whether the count ended: ``answer`` is then the count, or None at a limit."""
        self.answer: int | None = None

    @property
    def full(self) -> bool:
        """Whether the count stopped because a sweep would keep more than ``max_states``
        states (more memory would let it go on)."""
        return any(side.full for side in self.sides)

    @property
    def two_sweeps(self) -> bool:
        """Whether two sweeps share the count (what a race needs)."""
        return len(self.sides) == 2

    def run(
        self, deadline: Deadline | None = None, work: int = ALL, parallel: bool = False
    ) -> None:
        """Decide cells until the count is over or about ``work`` more states were read (a
        step is never cut short; a deadline that passes mid-step ends the count, with no
        answer).  ``parallel``: the two sweeps race in two threads to the end (``_race``;
        ``work`` is then ignored) and the meeting compares its pairs in two threads; the
        answer is the same, the rows may be shared out differently.  Large arrays sit on
        ordinary pages meanwhile (``core.pages``: numpy's huge-page advice stalled the
        sweeps' allocations)."""
        with ordinary_pages():
            self._run(deadline, work, parallel)

    def _run(self, deadline: Deadline | None, work: int, parallel: bool) -> None:
        if parallel and len(self.sides) == 2 and not self.over:
            self._race(deadline)
            self.work = self._dropped + sum(s.work for s in self.sides)
            if self.over:
                return
            work = ALL
        budget = min(self.work + work, ALL)
        while not self.over and self.work < budget:
            side, until = self._next()
            if side is None:
                self._meet(deadline)
                continue  # over, or one sweep goes on alone
            side.run(deadline, budget - self.work, until)
            self.work = self._dropped + sum(s.work for s in self.sides)
            if side.over:
                self.over, self.answer = True, side.answer

    def _next(self) -> tuple[Sweep | None, int | None]:
        """The sweep that decides cells next and the cell it stops at (None: at its end),
        or no sweep when the two have met."""
        if len(self.sides) == 1:
            return self.sides[0], None
        w = self.down.w
        for side in self.sides:
            if side.index % w:
                return side, (side.index // w + 1) * w  # it finishes its row first
        done = [side.index // w for side in self.sides]
        if sum(done) == self.rows:
            if min(done) > 0:
                return None, None
            # one sweep took every row (the other never held fewer states): it reads its
            # own answer
            return self.sides[done.index(self.rows)], None
        down, up = self.sides
        side = down if down.states.shape[0] <= LEAD * up.states.shape[0] else up
        return side, (side.index // w + 1) * w

    def _race(self, deadline: Deadline | None) -> None:
        """Both sweeps at once, one thread each, each taking row after row; at every row's
        end the sweep keeps a copy of its states (a *snapshot*, up to ``SNAPSHOT_STATES``
        in all, the ones farthest from a meeting dropped first), so any two snapshots whose
        rows add up to the board's can meet.  The
        race ends at the first such pair whose meeting would take at most
        ``MEET_SHARE`` of the time raced so far (``_Snapshot.meeting_seconds``, in two
        threads), or when a sweep ends the count alone (the board's last row, no
        states left, or a limit: its answer is the count's).

        Why not ``_next``'s rule (the side with fewer states goes next) with the rows
        shared out as they come: racing sweeps meet where each spent about as long,
        which on random-partition boards was far cheaper (13x13 to 14x14 boards of 6 to 8
        long paths: 25 and 40 s on one core, 5.7 and 7.9 s raced), but on Flow Free
        levels often a dear cut (7 rows each where one core met at 11 and 3 for a
        fortieth of the pairs).  Snapshots let the cheap sweep run on past such a cut
        and meet the other's earlier rows.  Waiting for a meeting that costs a share of
        the time spent bounds the time lost to waiting by that share."""
        w, rows = self.down.w, self.rows
        lock, stop = threading.Lock(), threading.Event()
        halt = _Halt(deadline, stop)
        snaps: list[dict[int, _Snapshot]] = [{}, {}]
        kept = [0]  # states held in snapshots
        ended: list[Sweep] = []
        chosen: list[tuple[_Snapshot, _Snapshot]] = []
        started = time.perf_counter()

        def room_for(k: int) -> bool:
            """Under ``lock``, after sweep ``k`` finished a row: whether to keep a snapshot
            of it (room is made and held for it)."""
            side = self.sides[k]
            if side.index // w in snaps[k]:
                return False
            size = side.states.shape[0]
            if kept[0] + size > SNAPSHOT_STATES:
                _evict(snaps, [s.index // w for s in self.sides], rows, kept,
                       SNAPSHOT_STATES - size)
                if kept[0] + size > SNAPSHOT_STATES:
                    return False
            kept[0] += size
            return True

        def consider(k: int, snapshot: _Snapshot) -> None:
            """Under ``lock``: keep sweep ``k``'s ``snapshot``, then take the cheapest pair
            of snapshots that meet if cheap enough."""
            snaps[k][snapshot.row] = snapshot
            best: tuple[float, _Snapshot, _Snapshot] | None = None
            for r, mine in snaps[k].items():
                other = snaps[1 - k].get(rows - r)
                if other is not None:
                    cost = _Snapshot.meeting_seconds(mine, other)
                    if best is None or cost < best[0]:
                        best = (cost, mine, other) if k == 0 else (cost, other, mine)
            spent = time.perf_counter() - started
            if best is not None and best[0] / 2 <= MEET_SHARE * spent:
                chosen.append((best[1], best[2]))
                stop.set()

        def sweep(k: int) -> None:
            side = self.sides[k]
            while not stop.is_set():
                side.run(halt, ALL, min((side.index // w + 1) * w, w * rows))
                if side.index == w * rows and not side.over:
                    side.run(halt)  # every row decided: the sweep reads its own answer
                with lock:
                    if side.over:
                        if not ended and not chosen and not stop.is_set():
                            ended.append(side)
                        stop.set()
                        return
                    wanted = side.index % w == 0 and not stop.is_set() and room_for(k)
                if wanted:  # copied and sorted outside the lock: the other sweep goes on
                    snapshot = _Snapshot.of(side, self._meet_kernels())
                    with lock:
                        if not stop.is_set():
                            consider(k, snapshot)

        with lock:
            for k, side in enumerate(self.sides):  # rows the sweeps took before the race
                if side.index and side.index % w == 0 and not chosen and room_for(k):
                    consider(k, _Snapshot.of(side, self._meet_kernels()))
        if not chosen:
            _in_threads([lambda: sweep(0), lambda: sweep(1)])
        if chosen:
            down, up = chosen[0]
            self.over = True
            self.met_at = down.row
            self.answer = _meeting_sum(down, up, self._meet_kernels(), deadline, threads=2)
        elif ended:
            self.over, self.answer = True, ended[0].answer
        else:  # a deadline or a limit stopped a sweep mid-step
            self.over, self.answer = True, None

    def _meet_kernels(self) -> MeetKernels:
        self.meet_kernels = meet_kernels(self.compiled)  # the GIL-free ones once loaded
        return self.meet_kernels

    def _meet(self, deadline: Deadline | None) -> None:
        """The count where the two sweeps meet: the sum over fitting pairs of states of
        the product of their counts (None past 2**124 or when the deadline passed).

        Where the meeting would cost more (``_Snapshot.meeting_seconds``, times ``DEAR``)
        than the sweep with fewer states would need to decide the remaining rows alone
        (that many states read in each of its cells, at ``STATE_SECONDS``, the estimate),
        that sweep goes on alone instead."""
        run = self._meet_kernels()
        down, up = (_Snapshot.of(side, run, copy=False) for side in self.sides)
        below = _ordered(down, up)[1].sweep  # the one with fewer states (on a tie, up)
        alone = below.states.shape[0] * below.w * (self.rows - below.index // below.w)
        if _Snapshot.meeting_seconds(down, up) > DEAR * alone * STATE_SECONDS:
            self._dropped += sum(side.work for side in self.sides if side is not below)
            self.sides = [below]
            return
        self.over = True
        self.met_at = down.row
        self.answer = _meeting_sum(down, up, run, deadline, threads=1)


def _evict(
    snaps: list[dict[int, _Snapshot]], done: list[int], rows: int, kept: list[int], room: int
) -> None:
    """Drop snapshots until at most ``room`` states are kept (``kept[0]``), those farthest
    from a meeting first: a snapshot of sweep ``k`` at row ``r`` meets the other sweep's at
    row ``rows - r``, which that sweep (``done`` rows so far) is ``rows - r - done[1 - k]``
    rows from taking.  Those it has taken stay (a pair may become cheap enough later).

    Why: the first rows' snapshots fill the budget, and on a board whose sweeps are dear
    from one edge (a 17x17 of ``big17``: from the top at most 1.1 million states a row
    until row 11, from the bottom 2.7 million at row 5) the cut they can meet at lies far
    from the middle, where the other sweep's early rows are no use."""
    far = sorted(((rows - r - done[1 - k], k, r) for k in (0, 1) for r in snaps[k]),
                 reverse=True)
    for distance, k, r in far:
        if kept[0] <= room or distance <= 0:
            return
        kept[0] -= snaps[k].pop(r).states.shape[0]


@dataclass
class _Snapshot:
    """A sweep's states at a row's end, fields from the left edge, sorted by the edges
    they use and then by shape (what a meeting reads, ``meet_kernel.fitting_sums``), with
    the layout both sweeps share."""

    row: int
    states: np.ndarray
    masks: np.ndarray
    shapes: np.ndarray
    shape_masks: np.ndarray
    """The edge mask of each distinct shape, ascending (for ``meeting_seconds``)."""
    sweep: Sweep
    """The sweep it was taken from, for its layout only (word, shift, widths, labels)."""

    @staticmethod
    def of(side: Sweep, run: MeetKernels, copy: bool = True) -> _Snapshot:
        """``side``'s states now; ``copy`` False turns and sorts them in place (the sweep
        is over then: the meeting is its end).  The keys are read from the states as they
        are (from the right edge where the rows were turned), so the states are copied once,
        already in order, and turned after."""
        n, w = side.states.shape[0], side.w
        mask = np.zeros(n, dtype=np.int64)
        shape = np.zeros(n, dtype=np.int64)
        run.shape_keys(side.states, n, side.word, side.shift, side.tmask, w, side.labels,
                       side.turned, mask, shape)
        if 3 * w <= 62:  # one key: the mask above the shape
            order = np.argsort((mask << (meet_kernel.SHAPE_BITS * w)) | shape)
        else:
            order = np.lexsort((shape, mask))
        mask, shape = mask[order], shape[order]
        if copy:
            side = _copy.copy(side)  # a shallow copy whose states alone are its own
        side.states = side.states[order]
        side.orient(0)  # both sides' fields from the left edge, as at the cut
        distinct = np.ones(n, dtype=bool)
        distinct[1:] = shape[1:] != shape[:-1]
        return _Snapshot(side.index // w, side.states, mask, shape, mask[distinct], side)

    @staticmethod
    def meeting_seconds(a: _Snapshot, b: _Snapshot) -> float:
        """About the CPU seconds a meeting of ``a`` and ``b`` takes: its pairs of shapes
        using the same edges at ``SHAPE_PAIR_SECONDS`` each, its pairs of states at
        ``STATE_PAIR_SECONDS`` (an upper bound: only those of shapes that fit are
        compared)."""
        states = _runs(a.masks, b.masks).sum()
        shapes = _runs(a.shape_masks, b.shape_masks).sum()
        return float(shapes * SHAPE_PAIR_SECONDS + states * STATE_PAIR_SECONDS)


def _ordered(a: _Snapshot, b: _Snapshot) -> tuple[_Snapshot, _Snapshot]:
    """(above, below): below the one with fewer states (the meeting loops over it)."""
    return (a, b) if a.states.shape[0] >= b.states.shape[0] else (b, a)


def _runs(above: np.ndarray, below: np.ndarray) -> np.ndarray:
    """For each entry of ``below`` (sorted), how many entries of ``above`` (sorted) are
    equal to it."""
    return np.searchsorted(above, below, "right") - np.searchsorted(above, below, "left")


def _meeting_sum(
    a: _Snapshot, b: _Snapshot, run: MeetKernels, deadline: Deadline | None, threads: int
) -> int | None:
    """The count where ``a`` and ``b`` meet: the sum over their fitting pairs of the
    products of their counts, in ``threads`` threads (None past 2**124 or when the
    deadline passed)."""
    above, below = _ordered(a, b)
    runs = _runs(above.masks, below.masks)
    layout = above.sweep
    n_below = below.states.shape[0]
    pairs = int(runs.sum())
    lo = np.zeros(n_below, dtype=np.int64)
    hi = np.zeros(n_below, dtype=np.int64)
    # chunks of about PAIR_CHUNK pairs between clock checks
    ends = np.searchsorted(np.cumsum(runs), np.arange(1, pairs // PAIR_CHUNK + 1) * PAIR_CHUNK)
    bounds = [min(int(e) + 1, n_below) for e in ends] + [n_below]
    chunks = iter([(x, y) for x, y in pairwise([0, *bounds]) if y > x])
    lock = threading.Lock()
    late: list[bool] = []

    def sums(reg: np.ndarray) -> None:
        # each chunk writes its own rows of lo and hi: the threads share no entry
        for start, stop in _locked(chunks, lock):
            if deadline is not None and deadline.expired():
                late.append(True)
                return
            run.fitting_sums(
                above.states, above.masks, above.shapes, below.states, below.masks,
                below.shapes, start, stop, layout.word, layout.shift, layout.tmask, layout.w,
                layout.nwords, lo, hi, reg,
            )

    regs = [np.zeros(1, dtype=np.int64) for _ in range(max(1, threads))]
    if len(regs) == 1:
        sums(regs[0])
    else:
        _in_threads([partial(sums, r) for r in regs])
    if late or any(r[meet_kernel.OVERFLOW] for r in regs):
        return None
    nwords, rows = layout.nwords, below.states
    total = 0
    for k in np.flatnonzero(lo | hi):
        fits = int(lo[k]) + (int(hi[k]) << 62)
        total += fits * (int(rows[k, nwords]) + (int(rows[k, nwords + 1]) << 62))
    return total


def _locked(items: Iterator[tuple[int, int]], lock: threading.Lock) -> Iterator[tuple[int, int]]:
    """``items`` drawn one at a time under ``lock`` (threads share one iterator)."""
    while True:
        with lock:
            item = next(items, None)
        if item is None:
            return
        yield item


def count(
    puzzle: Puzzle,
    rules: Rules = Rules.BLANK,
    deadline: Deadline | None = None,
    max_states: int = MAX_STATES,
    compiled: bool = True,
    prune: bool = True,
    choose_view: bool = True,
    meet: bool = True,
    turn: bool = True,
    parallel: bool = False,
) -> int | None:
    """The exact number of solutions of ``puzzle`` under ``rules``, or None at a limit.

    ``compiled=False`` (or ``NUMPUZZLES_NO_JIT=1``) runs the same kernel as plain Python.
    ``prune=False`` keeps the states ``counter_kernel.crossed`` would drop (same answer,
    more states: for the tests that check the pruning).  ``choose_view=False`` sweeps the
    board's own view instead of ``sweep_view``'s, ``meet=False`` sweeps from one edge only
    and ``turn=False`` sweeps every row from its left end (each the same answer; see
    ``Counting``); ``parallel`` races the two sweeps in two threads (``Counting.run``).
    """
    counting = Counting(puzzle, rules, max_states, compiled, prune, choose_view, meet, turn)
    counting.run(deadline, parallel=parallel)
    return counting.answer
