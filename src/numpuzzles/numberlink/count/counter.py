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

One sweep (its states laid out in words, its tables, its kernel calls) is ``sweep.py``'s,
the choice of view ``views.py``'s; this module runs the sweeps, meets them and answers.
Every answer is exact or None: None when the deadline passed, when more than ``max_states``
states would be kept at once (memory), or when a count passed 2**124.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...core import jit
from ...core.deadline import Deadline
from ..model import Puzzle, Rules
from ..symmetry import view
from . import meet_kernel, views
from .sweep import ALL, MAX_STATES, Kernel, Sweep

LEAD = 8
"""The sweep from the top takes the next row unless it holds more than this many times
the states of the one from the bottom.  Why not 1 (the smaller always): the sweep from the
top starts at the edge ``sweep_view`` picked, and the other's first rows, taken while both
are small, were often wasted.  CPU seconds with a lead of 1 / 4 / 8 / one sweep alone
(``bench/count_bench.py --lead``, ``--no-meet``): six generated 17x17s under ``blank``
4.90 / 4.88 / 2.72 / 2.97 s, 29 Flow Free levels under ``blank`` 25.9 / 23.4 / 18.2 / 47.1 s
(one level unknown at 30 s), under ``fill`` 2.94 / 5.37 / 3.39 / 12.9 s."""

PAIR_COST = 3
"""Pairs of states the meeting compares in the time a sweep reads one state (measured:
some 58 against 170 ns)."""

PAIR_CHUNK = 1 << 22
"""Pairs the meeting compares between clock checks."""



@dataclass(frozen=True)
class MeetKernels:
    """The meeting's two kernels, compiled or plain."""

    edge_masks: Kernel
    fitting_sums: Kernel


def meet_kernels(compiled: bool = True) -> MeetKernels:
    """``meet_kernel``'s functions, as ``kernels`` gives the sweep's."""
    if not compiled:
        return MeetKernels(meet_kernel.edge_masks, meet_kernel.fitting_sums)
    return MeetKernels(jit.kernel(meet_kernel.edge_masks), jit.kernel(meet_kernel.fitting_sums))


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
        self.down = Sweep(puzzle, rules, max_states, compiled, prune, turn)
        self.sides = [self.down]
        if meet and rules is not Rules.FILL_NOTOUCH and puzzle.height > 1:
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

    def run(self, deadline: Deadline | None = None, work: int = ALL) -> None:
        """Decide cells until the count is over or about ``work`` more states were read (a
        step is never cut short; a deadline that passes mid-step ends the count, with no
        answer)."""
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

    def _meet(self, deadline: Deadline | None) -> None:
        """The count where the two sweeps meet: the sum over fitting pairs of states of
        the product of their counts (None past 2**124 or when the deadline passed).

        Where comparing the pairs would cost more than the sweep with fewer states would
        need to decide the remaining rows alone (as ``PAIR_COST`` and that many states
        read in each of its cells, the estimate), that sweep goes on alone instead."""
        for side in self.sides:
            side.orient(0)  # both sides' fields from the left edge, as at the cut
        above, below = self.sides
        run = self.meet_kernels
        if below.states.shape[0] > above.states.shape[0]:
            above, below = below, above  # loop over the fewer; both are laid out alike
        n_below = below.states.shape[0]
        states, masks = [], []
        for side in (above, below):
            n = side.states.shape[0]
            mask = np.zeros(n, dtype=np.int64)
            run.edge_masks(side.states, n, side.word, side.shift, side.tmask, side.w, mask)
            order = np.argsort(mask, kind="stable")
            states.append(side.states[order])
            masks.append(mask[order])
        # the pairs each state below is compared with: the run of its mask above
        runs = np.searchsorted(masks[0], masks[1], "right") - np.searchsorted(
            masks[0], masks[1], "left"
        )
        pairs = int(runs.sum())
        alone = n_below * below.w * (self.rows - below.index // below.w)
        if pairs > PAIR_COST * alone:
            self._dropped += above.work
            self.sides = [below]
            return
        self.over = True
        self.met_at = self.down.index // self.down.w
        lo = np.zeros(n_below, dtype=np.int64)
        hi = np.zeros(n_below, dtype=np.int64)
        reg = np.zeros(1, dtype=np.int64)
        # chunks of about PAIR_CHUNK pairs between clock checks
        ends = np.searchsorted(np.cumsum(runs), np.arange(1, pairs // PAIR_CHUNK + 1) * PAIR_CHUNK)
        start = 0
        for stop in [*(int(e) + 1 for e in ends), n_below]:
            stop = min(stop, n_below)
            if stop <= start:
                continue
            if deadline is not None and deadline.expired():
                return
            run.fitting_sums(
                states[0], masks[0], states[1], masks[1], start, stop, above.word, above.shift,
                above.tmask, above.w, above.labels, above.nwords, lo, hi, reg,
            )
            start = stop
        if reg[meet_kernel.OVERFLOW]:
            return
        nwords, rows = below.nwords, states[1]
        total = 0
        for k in np.flatnonzero(lo | hi):
            fits = int(lo[k]) + (int(hi[k]) << 62)
            total += fits * (int(rows[k, nwords]) + (int(rows[k, nwords + 1]) << 62))
        self.answer = total


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
) -> int | None:
    """The exact number of solutions of ``puzzle`` under ``rules``, or None at a limit.

    ``compiled=False`` (or ``NUMPUZZLES_NO_JIT=1``) runs the same kernel as plain Python.
    ``prune=False`` keeps the states ``counter_kernel.crossed`` would drop (same answer,
    more states: for the tests that check the pruning).  ``choose_view=False`` sweeps the
    board's own view instead of ``sweep_view``'s, ``meet=False`` sweeps from one edge only
    and ``turn=False`` sweeps every row from its left end (each the same answer; see
    ``Counting``).
    """
    counting = Counting(puzzle, rules, max_states, compiled, prune, choose_view, meet, turn)
    counting.run(deadline)
    return counting.answer
