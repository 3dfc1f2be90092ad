"""Counting solutions without listing them: a frontier dynamic programme, compiled.

Enumerating solutions one by one (what the SAT solver's ``limit=None`` does) cannot reach
counts like 2·10^10.  The counter sweeps the board cell by cell, row by row, and keeps for
every way the decided cells can cross the frontier (a *state*) how many partial solutions
lead to it; ``count_kernel.py`` says what a state holds and how a cell is decided, under
each of the three rule sets.  The sweep runs along the longer side, so the frontier is the
shorter one, from the edge ``sweep_view`` picks; under ``blank`` and ``fill`` a second
sweep comes up from the opposite edge and the two meet at a row (``Counting``,
``meet_kernel.py``).  A successor whose labels can
no longer all be joined without two paths crossing is dropped at once
(``count_kernel.crossed``; ``_rim`` says where the labels' remaining ends lie): on boards
with few long paths over half of a step's states can be such dead ends, otherwise kept
until the sweep runs into the crossing (measured: 3.5x less CPU on a 12x12 with 5 pairs).

This module lays states out in words, owns the tables between kernel calls (growing them,
checking the deadline between chunks of states) and reads the total at the end.  Every
answer is exact or None: None when the deadline passed, when more than ``max_states``
states would be kept at once (memory), or when a count passed 2**124.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..core import jit
from ..core.deadline import Deadline
from . import count_kernel as kernel
from . import meet_kernel
from .model import BLOCKED, Puzzle, Rules
from .symmetry import VIEWS, transform, view

MAX_STATES = 8_000_000
"""Frontier states kept at once before giving up (memory: a state takes 32 bytes or more
in the table, which is at most 70% full, and again in the list the next step reads)."""

CHUNK_STATES = 1 << 17
"""Source states per kernel call between clock checks."""

SHRINK = 16
"""A table with more than this many slots a state it holds is replaced by a smaller one."""

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

MIRRORED, UPSIDE_DOWN = 1, 2
"""``symmetry``'s views of a board mirrored left to right and turned upside down."""

_ALL = 1 << 62
"""A budget no sweep reaches."""

_MODES = {Rules.BLANK: kernel.BLANK, Rules.FILL: kernel.FILL, Rules.FILL_NOTOUCH: kernel.NOTOUCH}

Kernel = Callable[..., int]


@dataclass(frozen=True)
class Kernels:
    """The kernel's three functions, compiled or plain."""

    step: Kernel
    rehash: Kernel
    gather: Kernel


def kernels(compiled: bool = True) -> Kernels:
    """The kernel functions: built ahead of time, else compiled by numba (cached on disk),
    else plain Python (see ``core/jit.py``; ``NUMPUZZLES_NO_JIT=1`` forces the plain ones)."""
    if not compiled:
        return Kernels(kernel.step, kernel.rehash, kernel.gather)
    return Kernels(jit.kernel(kernel.step), jit.kernel(kernel.rehash), jit.kernel(kernel.gather))


def transposed(puzzle: Puzzle) -> Puzzle:
    """The puzzle mirrored on its main diagonal (same number of solutions)."""
    w, h = puzzle.width, puzzle.height
    cells = tuple(puzzle.cells[r * w + c] for c in range(w) for r in range(h))
    return Puzzle(h, w, cells, puzzle.names)


def sweep_score(puzzle: Puzzle) -> float:
    """How dear a sweep of ``puzzle`` row by row from its top row is likely to be; lower is
    cheaper.  Each label end adds ``-exp(-row / 2) + exp(-(rows_below) / 2) / 2``.

    Why: rows swept before any end is met leave the frontier free to hold any pattern of
    anonymous pieces (a 14x14 Flow Free level swept from its empty top held 304,000 states
    after its fifth row, near the 310,572 ways to pair some of 15 points without crossings), and
    each must be carried until labels absorb it; ends met early pin the frontier down.
    Ends in the last rows count against a view a little.

    Measured over the eight views (states read; capped views counted at their cap), the
    board's own view / this rule / the cheapest view: under ``blank``, 29 generated
    puzzles 18.3 / 5.05 / 3.2 M, six generated 17x17s 35.6 / 30.2 / 18.6 M, eleven 12x12
    to 14x14 Flow Free levels 122 / 89 / 43 M; under ``fill`` 2.58 / 0.83 / 0.50 M, 2.09 /
    1.56 / 1.20 M and 59.5 / 39.6 / 13.9 M.  On no puzzle of these sets did it read more
    than 1.5x the own view's states.  Split-label counts, a fitted model of each row's
    states and probes of each view's first rows were tried and did no better.
    """
    w, h = puzzle.width, puzzle.height
    score = 0.0
    for index, value in enumerate(puzzle.cells):
        if value > 0:
            row = index // w
            score += -math.exp(-row / 2) + 0.5 * math.exp(-(h - 1 - row) / 2)
    return score


def own_view(puzzle: Puzzle) -> Puzzle:
    """The board itself, transposed when it is wider than high (the sweep's frontier is
    the shorter side)."""
    return transposed(puzzle) if puzzle.width > puzzle.height else puzzle


def sweep_view(puzzle: Puzzle) -> Puzzle:
    """The view (rotation or reflection) of ``puzzle`` the counter sweeps row by row: one
    at most as wide as it is high, with the lowest ``sweep_score``, the board's own (or
    its transpose) on ties.  Where few long paths make the count hard (random-partition
    boards) the ends say less: on 23 such boards the rule read 4% more states in all than
    the board's own view, and 2.9x more on one of them, while Flow Free levels as sparse
    read up to 25x fewer.  Racing the views with rounds of successive halving on progress
    was measured and dropped, because the first rows do not tell which view wins (CPU
    seconds, race against a single sweep: 29 generated puzzles under ``blank`` 4.57 against
    5.39 s, six 17x17s 12.18 against 11.93 s, before the two sweeps met)."""
    own = own_view(puzzle)
    best, best_score = own, sweep_score(own)
    for k in range(1, VIEWS):
        candidate = view(puzzle, k)
        if candidate.width > candidate.height:
            continue
        score = sweep_score(candidate)
        if score < best_score - 1e-9:
            best, best_score = candidate, score
    return best


def _layout(fields: list[int]) -> tuple[np.ndarray, np.ndarray, int]:
    """Word and bit offset of each field of the given widths (63 bits a word, no field
    split between words), and the number of words."""
    word = np.zeros(len(fields), dtype=np.int64)
    shift = np.zeros(len(fields), dtype=np.int64)
    at, used = 0, 0
    for f, bits in enumerate(fields):
        if used + bits > 63:
            at, used = at + 1, 0
        word[f], shift[f] = at, used
        used += bits
    return word, shift, at + 1


def _table(capacity: int, width: int) -> np.ndarray:
    """An empty table: ``capacity`` rows (a power of two) of ``width`` int64s."""
    table = np.zeros((capacity, width), dtype=np.int64)
    table[:, 0] = kernel.EMPTY
    return table


def _rim(
    index: int, w: int, h: int, labels: int, ends_of: dict[int, list[int]]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The kernel's ``place``, ``ends`` and ``rimmed`` once cell ``index`` is decided (see
    ``count_kernel.crossed``): the frontier's fields in order along the undecided region's
    rim (the down edges of columns 0..c, the right edge of cell c, the down edges of the
    row above for columns c+1..), then the undecided cells on the grid's right edge
    downwards, its bottom row leftwards and its left edge upwards."""
    r, c = divmod(index, w)
    place = np.zeros(w + 1, dtype=np.int64)
    for f in range(w):
        place[f] = f if f <= c else f + 1
    place[w] = c + 1
    rim: dict[int, int] = {}
    at = w + 1
    rim_cells = (
        [row * w + w - 1 for row in range(r, h)]
        + [(h - 1) * w + col for col in range(w - 2, -1, -1)]
        + [row * w for row in range(h - 2, r, -1)]
    )
    for cell in rim_cells:
        if cell > index and cell not in rim:
            rim[cell] = at
            at += 1
    ends = np.full(2 * (labels + 1), -1, dtype=np.int64)
    rimmed = []
    for label in range(1, labels + 1):
        ahead = [cell for cell in ends_of.get(label, []) if cell > index]
        if any(cell not in rim for cell in ahead):
            ends[2 * label] = ends[2 * label + 1] = -2
        else:
            rimmed.append(label)
            for k, cell in enumerate(ahead):
                ends[2 * label + k] = rim[cell]
    return place, ends, np.array(rimmed, dtype=np.int64)


class _Sweep:
    """One sweep of a board row by row from its top, resumable: ``run`` decides cells
    until a given cell, a limit or a share of work; ``states`` are the frontier's states
    after ``index`` cells, and ``answer`` the count once every cell is decided (or 0 as
    soon as no state is left; None at a limit).  Under ``blank`` and ``fill`` each row
    may be swept from its right end (``_orient_row``, ``turn=False``: never)."""

    def __init__(
        self,
        puzzle: Puzzle,
        rules: Rules = Rules.BLANK,
        max_states: int = MAX_STATES,
        compiled: bool = True,
        prune: bool = True,
        turn: bool = True,
    ) -> None:
        self.run_kernels, self.max_states, self.prune = kernels(compiled), max_states, prune
        self.mirror = jit.kernel(kernel.mirror) if compiled else kernel.mirror
        w, h = puzzle.width, puzzle.height
        self.w, self.h = w, h
        number = {label: k for k, label in enumerate(puzzle.labels, start=1)}
        self.labels = labels = len(number)
        self.cells = cells = [number.get(v, v) for v in puzzle.cells]
        self.mode = _MODES[rules]
        ntok = w + 1
        token_bits = (labels + ntok // 2).bit_length()
        notouch = self.mode == kernel.NOTOUCH
        # under fill-notouch each frontier cell's class (its label or piece), then one
        # exclusion mask per piece the state can hold (see count_kernel)
        fields = [token_bits] * (ntok + (w if notouch else 0))
        self.word, self.shift, packed = _layout(fields)
        self.mbase, self.mper = packed, 1
        self.nwords = packed
        if notouch:
            self.mper = -(-(labels + ntok // 2 + 1) // 63)
            self.nwords = packed + ntok // 2 * self.mper
        # a row: key words, then two count limbs; padded to 32 bytes (whole cache lines)
        self.width = max(4, self.nwords + 2)
        self.states = np.zeros((1, self.width), dtype=np.int64)
        self.states[0, self.nwords] = 1  # one way to have decided nothing
        self.table = _table(1 << 10, self.width)
        self._buffer = self.states  # reused for each step's states, grown when needed
        self.reg = np.zeros(3, dtype=np.int64)
        self.tmask = (1 << token_bits) - 1  # classes take the tokens' width
        # each row may be swept from its right end (``turn``): the cells' order and where
        # the labels' ends lie, for the board as it is [0] and mirrored [1]
        mirrored = transform(w, h, cells, MIRRORED)[2]
        self._sides = [self._ends(cells), self._ends(mirrored)]
        self.turned = 0
        """Whether the rows are being swept from their right end (the states' fields then
        run from the right edge leftwards)."""
        self.turns = turn and not notouch  # fill-notouch's classes are not mirrored
        self.cells, self.last_end, self.ends_of = self._sides[0]
        self.index = 0
        """Cells decided so far."""
        self.work = 0
        """States read so far (the sweep's cost)."""
        self.over = False
        """Whether the count ended: ``answer`` is then the count, or None at a limit."""
        self.answer: int | None = None

    def _ends(
        self, cells: list[int]
    ) -> tuple[list[int], np.ndarray, dict[int, list[int]]]:
        """``cells`` with, for each label, the index of its later end and its ends."""
        last_end = np.zeros(self.labels + 1, dtype=np.int64)
        ends_of: dict[int, list[int]] = {}
        for index, value in enumerate(cells):
            if value > 0:
                last_end[value] = index
                ends_of.setdefault(value, []).append(index)
        return cells, last_end, ends_of

    def orient(self, turned: int) -> None:
        """Sweep the next rows from their left end (0) or their right end (1), mirroring
        the states' fields if that changes (only at a row's end, where the field right of
        the last cell is empty)."""
        if turned != self.turned:
            self.mirror(
                self.states, self.states.shape[0], self.nwords, self.word, self.shift,
                self.tmask, self.w, self.labels,
            )
            self.turned = turned
            self.cells, self.last_end, self.ends_of = self._sides[turned]

    def _orient_row(self) -> None:
        """Turn the next row to start from the end its labels' ends lie nearer to (a tie
        keeps the way the last row went).  Why: a row's cells before its first end may
        leave the frontier free, and each state they make must be carried on.  The states
        at a row's end do not depend on which way the row went, so each row's work both
        ways was measured with one sweep of a board and one of its mirror image: under
        ``blank`` this rule would read 14.2 M states on six generated 17x17s swept from
        the top where every row from the left reads 30.2 M (13.6 M had each row gone its
        cheaper way), and 80 M against 112 M on 28 Flow Free levels."""
        w, r = self.w, self.index // self.w
        base = self._sides[0][0]
        lean = sum(2 * c - (w - 1) for c in range(w) if base[r * w + c] > 0)
        if lean:
            self.orient(1 if lean > 0 else 0)

    def run(
        self, deadline: Deadline | None = None, work: int = _ALL, until: int | None = None
    ) -> None:
        """Decide cells until the count is over, about ``work`` more states were read, or
        ``until`` cells are decided (a step is never cut short; a deadline that passes
        mid-step ends the count, with no answer)."""
        run, w, h, cells, reg = self.run_kernels, self.w, self.h, self.cells, self.reg
        budget = min(self.work + work, _ALL)
        while not self.over and self.work < budget and (until is None or self.index < until):
            index = self.index
            if index == w * h:
                self._finish()
                return
            if self.turns and index % w == 0:
                self._orient_row()
                cells = self.cells
            r, c = divmod(index, w)
            finished = (self.last_end < index).astype(np.int64)
            place, ends, rimmed = _rim(index, w, h, self.labels, self.ends_of)
            if not self.prune:
                rimmed = rimmed[:0]  # every label left out: nothing is ever crossed
            keep = np.zeros(w, dtype=np.int64)  # whose label a later cell reads
            for j in range(w):
                below = (r + 1) * w + j if j <= c else r * w + j
                keep[j] = below < w * h and cells[below] != BLOCKED
            if c + 1 < w and cells[index + 1] != BLOCKED:
                keep[c] = 1  # the next cell's left neighbour
            value = cells[index]
            can_right = c < w - 1 and cells[index + 1] != BLOCKED
            can_down = r < h - 1 and cells[index + w] != BLOCKED
            reg[kernel.USED] = 0
            states = self.states
            n, done = states.shape[0], 0
            while done < n:
                if deadline is not None and deadline.expired():
                    self.over = True  # the table is left mid-step: no resuming it
                    return
                stop = min(n, done + CHUNK_STATES)
                done = run.step(
                    states, done, stop, self.table, self.nwords, reg, self.word, self.shift,
                    self.tmask, w, c, value, can_right, can_down, self.mode,
                    self.labels, finished, place, ends, keep, rimmed, self.mbase, self.mper,
                )
                if done < stop:  # the table is full: grow it
                    if reg[kernel.USED] > self.max_states:
                        self.over = True
                        return
                    bigger = _table(2 * self.table.shape[0], self.width)
                    run.rehash(self.table, bigger, self.nwords)
                    self.table = bigger
            self.work += n
            self.index += 1
            if reg[kernel.OVERFLOW] or reg[kernel.USED] > self.max_states:
                self.over = True
                return
            used = int(reg[kernel.USED])
            if used > self._buffer.shape[0]:
                self._buffer = np.empty((used + used // 2, self.width), dtype=np.int64)
            self.states = self._buffer[:used]  # the step is done reading the old ones
            run.gather(self.table, self.states)
            if self.table.shape[0] > max(1 << 10, SHRINK * used):
                # a table sized for a peak of states would make every later gather read
                # all of it: with a 17x17's peak in its third row, gather took a fifth of
                # the time before tables shrank
                self.table = _table(max(1 << 10, 1 << (4 * used).bit_length()), self.width)
            if used == 0:
                self.over, self.answer = True, 0
                return

    def _finish(self) -> None:
        """The answer: the states whose token fields are all empty (the ``fill-notouch``
        classes and masks may differ)."""
        states, nwords = self.states, self.nwords
        token_words = np.zeros(nwords, dtype=np.int64)
        for f in range(self.w + 1):
            token_words[self.word[f]] |= self.tmask << int(self.shift[f])
        closed = np.flatnonzero(~np.any(states[:, :nwords] & token_words, axis=1))
        self.over = True
        self.answer = sum(
            int(states[i, nwords]) + (int(states[i, nwords + 1]) << 62) for i in closed
        )


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
    between turns (``solve.count_solutions`` lists solutions there).

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
    ``turn=False``: every row swept from its left end (see ``_Sweep._orient_row``).

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
        puzzle = sweep_view(puzzle) if choose_view else own_view(puzzle)
        self.rows = puzzle.height
        self.down = _Sweep(puzzle, rules, max_states, compiled, prune, turn)
        self.sides = [self.down]
        if meet and rules is not Rules.FILL_NOTOUCH and puzzle.height > 1:
            upside_down = view(puzzle, UPSIDE_DOWN)
            self.sides.append(_Sweep(upside_down, rules, max_states, compiled, prune, turn))
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

    def run(self, deadline: Deadline | None = None, work: int = _ALL) -> None:
        """Decide cells until the count is over or about ``work`` more states were read (a
        step is never cut short; a deadline that passes mid-step ends the count, with no
        answer)."""
        budget = min(self.work + work, _ALL)
        while not self.over and self.work < budget:
            side, until = self._next()
            if side is None:
                self._meet(deadline)
                continue  # over, or one sweep goes on alone
            side.run(deadline, budget - self.work, until)
            self.work = self._dropped + sum(s.work for s in self.sides)
            if side.over:
                self.over, self.answer = True, side.answer

    def _next(self) -> tuple[_Sweep | None, int | None]:
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
    ``prune=False`` keeps the states ``count_kernel.crossed`` would drop (same answer,
    more states: for the tests that check the pruning).  ``choose_view=False`` sweeps the
    board's own view instead of ``sweep_view``'s, ``meet=False`` sweeps from one edge only
    and ``turn=False`` sweeps every row from its left end (each the same answer; see
    ``Counting``).
    """
    counting = Counting(puzzle, rules, max_states, compiled, prune, choose_view, meet, turn)
    counting.run(deadline)
    return counting.answer
