"""One sweep of the frontier counter: the board decided cell by cell, row by row.

The sweep keeps for every way the decided cells can cross the frontier (a *state*) how
many partial solutions lead to it; ``counter_kernel.py`` says what a state holds and how a
cell is decided, under each of the three rule sets.  This module lays states out in words,
owns the tables between kernel calls (growing them, checking the deadline between chunks
of states) and reads the total at the end.  Two sweeps meeting, and the count as a whole,
are ``counter.py``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ...core import jit
from ...core.deadline import Deadline
from ..model import BLOCKED, Puzzle, Rules
from ..symmetry import transform
from . import counter_kernel as kernel
from .views import MIRRORED

MAX_STATES = 8_000_000
"""Frontier states kept at once before giving up (memory: a state takes 24 bytes or more
in the table, which is at most 70% full, and again in the list the next step reads)."""

CHUNK_STATES = 1 << 17
"""Source states per kernel call between clock checks."""

ALL = 1 << 62
"""A budget no sweep reaches."""

SHRINK = 16
"""A table with more than this many slots a state it holds is replaced by a smaller one."""

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


FILL_ROWS = 1 << 20
"""Rows of a new table marked empty between clock checks (24 MB or more)."""


def _table(capacity: int, width: int, deadline: Deadline | None = None) -> np.ndarray | None:
    """An empty table: ``capacity`` rows (a power of two) of ``width`` int64s, or None
    when ``deadline`` passed while its rows were being marked empty.

    Why the checks: marking the rows touches every page of fresh memory, and on this
    project's virtual machines memory the host has taken back costs some 35 us a page to
    touch again (a 512 MB array filled in 4.8 s, the next one, on pages just freed, in
    0.2 s).  A 14x14 board's sweep grew a 537 MB table in a race: 4.6 s, 4.35 s of it system
    time, where the same table had taken 0.23 s in a sweep alone.  The other sweep met this
    one meanwhile (``counter._race`` then sets the halt this deadline reads), and the
    meeting waits for this thread."""
    table = np.zeros((capacity, width), dtype=np.int64)
    for start in range(0, capacity, FILL_ROWS):
        if deadline is not None and start and deadline.expired():
            return None
        table[start:start + FILL_ROWS, 0] = kernel.EMPTY
    return table


def _new_table(capacity: int, width: int) -> np.ndarray:
    """``_table`` with no deadline (it always returns a table)."""
    table = _table(capacity, width)
    assert table is not None
    return table


def _rim(
    index: int, w: int, h: int, labels: int, ends_of: dict[int, list[int]]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The kernel's ``place``, ``ends`` and ``rimmed`` once cell ``index`` is decided (see
    ``counter_kernel.crossed``): the frontier's fields in order along the undecided region's
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


class Sweep:
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
        self.compiled, self.max_states, self.prune = compiled, max_states, prune
        self.run_kernels = kernels(compiled)
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
        # exclusion mask per piece the state can hold (see counter_kernel)
        fields = [token_bits] * (ntok + (w if notouch else 0))
        self.word, self.shift, packed = _layout(fields)
        self.mbase, self.mper = packed, 1
        self.nwords = packed
        if notouch:
            self.mper = -(-(labels + ntok // 2 + 1) // 63)
            self.nwords = packed + ntok // 2 * self.mper
        # a row: key words, then two count limbs, unpadded.  Why not padded to 32 bytes (a
        # row never across two cache lines): the tables and lists are a quarter smaller for
        # one key word, and fresh memory is this machine's dear part; board 10 of the 30
        # (14x14) raced in 23.7 and 24.2 s against 26.0 and 27.3 s padded, 2.34 GB against
        # 2.55-2.62 GB at peak, and one sweep to its row 6 took 14.3 against 14.5 CPU s
        self.width = self.nwords + 2
        self.states = np.zeros((1, self.width), dtype=np.int64)
        self.states[0, self.nwords] = 1  # one way to have decided nothing
        self.table = _new_table(1 << 10, self.width)
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
        self._rename_due = False  # the rows were mirrored: RENAME must rename every state
        self._finished = np.zeros(labels + 1, dtype=np.int64)  # ``finished``, while it stands
        self.turns = turn and not notouch  # fill-notouch's classes are not mirrored
        self.cells, self.last_end, self.ends_of = self._sides[0]
        self._closed_by_order()
        self.index = 0
        """Cells decided so far."""
        self.work = 0
        """States read so far (the sweep's cost)."""
        self.over = False
        """Whether the count ended: ``answer`` is then the count, or None at a limit."""
        self.answer: int | None = None
        self.full = False
        """Whether the sweep stopped because it would keep more than ``max_states``."""

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
            if self.compiled:
                self.mirror = jit.kernel(kernel.mirror)  # the GIL-free build once loaded
            self.mirror(
                self.states, self.states.shape[0], self.nwords, self.word, self.shift,
                self.tmask, self.w, self.labels,
            )
            self.turned = turned
            self._rename_due = True
            self.cells, self.last_end, self.ends_of = self._sides[turned]
            self._closed_by_order()

    def _closed_by_order(self) -> None:
        """The cells where labels close (their later ends), and each label's place in the
        order they close, from 1 (``kernel.RENAME`` names finished labels in that order)."""
        later = self.last_end[1:]
        self._closing = {int(at) for at in later}
        self._closing_rank = np.zeros(self.labels + 1, dtype=np.int64)
        self._closing_rank[1 + np.argsort(later, kind="stable")] = np.arange(1, len(later) + 1)

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
        self, deadline: Deadline | None = None, work: int = ALL, until: int | None = None
    ) -> None:
        """Decide cells until the count is over, about ``work`` more states were read, or
        ``until`` cells are decided (a step is never cut short; a deadline that passes
        mid-step ends the count, with no answer)."""
        if self.compiled:  # numba's GIL-free build replaces the ahead-of-time one once
            self.run_kernels = kernels(True)  # loaded (``core.jit.load_nogil_in_background``)
        run, w, h, cells, reg = self.run_kernels, self.w, self.h, self.cells, self.reg
        budget = min(self.work + work, ALL)
        while not self.over and self.work < budget and (until is None or self.index < until):
            index = self.index
            if index == w * h:
                self._finish()
                return
            if self.turns and index % w == 0:
                self._orient_row()
                cells = self.cells
            r, c = divmod(index, w)
            # each label whose ends are both decided, by the order its later end came in
            # (from 1); finished[0]: which states the kernel renames (``kernel.RENAME``),
            # all where the rows were mirrored, those holding the label the last cell closed
            closed = index - 1 in self._closing
            if closed or self._rename_due:
                self._finished = np.where(self.last_end < index, self._closing_rank, 0)
            finished = self._finished  # the kernels only read it
            finished[0] = 1 if self._rename_due else 2 * closed
            self._rename_due = False
            place, ends, rimmed = _rim(index, w, h, self.labels, self.ends_of)
            keep = np.zeros(w, dtype=np.int64)  # whose label a later cell reads
            under = np.zeros(w, dtype=np.int64)  # the label whose end a down edge leads into
            for j in range(w):
                below = (r + 1) * w + j if j <= c else r * w + j
                keep[j] = below < w * h and cells[below] != BLOCKED
                if below < w * h and cells[below] > 0:
                    under[j] = cells[below]
            if not self.prune:
                rimmed = rimmed[:0]  # every label left out: nothing is ever crossed
                under[:] = 0  # and no edge is dropped before the cell it leads into
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
                    under,
                )
                if done < stop:  # the table is full: grow it
                    if reg[kernel.USED] > self.max_states:
                        self.over = self.full = True
                        return
                    bigger = _table(2 * self.table.shape[0], self.width, deadline)
                    if bigger is None:
                        self.over = True  # as at a deadline: no resuming it
                        return
                    run.rehash(self.table, bigger, self.nwords)
                    self.table = bigger
            self.work += n
            self.index += 1
            if reg[kernel.OVERFLOW] or reg[kernel.USED] > self.max_states:
                self.over = True
                self.full = not reg[kernel.OVERFLOW]
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
                self.table = _new_table(max(1 << 10, 1 << (4 * used).bit_length()), self.width)
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
