"""Counting solutions without listing them: a frontier dynamic programme, compiled.

Enumerating solutions one by one (what the SAT solver's ``limit=None`` does) cannot reach
counts like 2·10^10.  The counter sweeps the board cell by cell, row by row, and keeps for
every way the decided cells can cross the frontier (a *state*) how many partial solutions
lead to it; ``count_kernel.py`` says what a state holds and how a cell is decided, under
each of the three rule sets.  The sweep runs along the longer side, so the frontier is the
shorter one.  A successor whose labels can no longer all be joined without two paths
crossing is dropped at once (``count_kernel.crossed``; ``_rim`` says where the labels'
remaining ends lie): on boards with few long paths over half of a step's states can be
such dead ends, otherwise kept until the sweep runs into the crossing (measured: 3.5x less
CPU on a 12x12 with 5 pairs).

This module lays states out in words, owns the tables between kernel calls (growing them,
checking the deadline between chunks of states) and reads the total at the end.  Every
answer is exact or None: None when the deadline passed, when more than ``max_states``
states would be kept at once (memory), or when a count passed 2**124.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..core import jit
from ..core.deadline import Deadline
from . import count_kernel as kernel
from .model import BLOCKED, Puzzle, Rules

MAX_STATES = 8_000_000
"""Frontier states kept at once before giving up (memory: a state takes 32 bytes or more
in the table, which is at most 70% full, and again in the list the next step reads)."""

CHUNK_STATES = 1 << 17
"""Source states per kernel call between clock checks."""

PROBE_WORK = 1 << 15
"""States the first view may read before the other views join the race (``count``): a
board counted within it (most published puzzles up to 10x10) pays nothing for the race."""

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


def orientations(puzzle: Puzzle) -> list[Puzzle]:
    """The views of ``puzzle`` a sweep can take with the shorter side as its frontier: the
    eight symmetries of a square board, the four that keep a rectangle's width.

    All have the same number of solutions, but not the same work: which corner the sweep
    starts from changed the states it kept by up to 140x on one generated 17x17 (measured:
    627 thousand against 89 million under ``blank``), because a region with few clues
    swept early lets anonymous pieces arch in every possible way before any label limits
    them."""
    if puzzle.width > puzzle.height:
        puzzle = transposed(puzzle)
    w, h = puzzle.width, puzzle.height
    rows = [puzzle.cells[r * w : (r + 1) * w] for r in range(h)]
    views: list[list[tuple[int, ...]]] = []
    for grid in (rows, rows[::-1]):
        views += [grid, [row[::-1] for row in grid]]
    out = [Puzzle(w, h, tuple(v for row in grid for v in row), puzzle.names) for grid in views]
    if w == h:
        out += [transposed(view) for view in out]
    return out


class Sweep:
    """One view's frontier sweep, resumable: ``advance`` decides cells until a budget of
    states read is spent, so that several views can race (see ``count``)."""

    def __init__(
        self, puzzle: Puzzle, rules: Rules, run: Kernels, max_states: int, prune: bool
    ) -> None:
        self.run, self.max_states, self.prune = run, max_states, prune
        w, h = puzzle.width, puzzle.height
        self.w, self.h = w, h
        number = {label: k for k, label in enumerate(puzzle.labels, start=1)}
        self.labels = labels = len(number)
        self.cells = cells = [number.get(v, v) for v in puzzle.cells]
        self.mode = _MODES[rules]
        ntok = w + 1
        token_bits = (labels + ntok // 2).bit_length()
        colour_bits = labels.bit_length() if self.mode == kernel.NOTOUCH else 0
        fields = [token_bits] * ntok + ([colour_bits] * w if colour_bits else [])
        self.word, self.shift, self.nwords = _layout(fields)
        # a row: key words, then two count limbs; padded to 32 bytes (whole cache lines)
        self.width = max(4, self.nwords + 2)
        self.states = np.zeros((1, self.width), dtype=np.int64)
        self.states[0, self.nwords] = 1  # one way to have decided nothing
        self.table = _table(1 << 10, self.width)
        self.reg = np.zeros(3, dtype=np.int64)
        self.tmask, self.cmask = (1 << token_bits) - 1, (1 << colour_bits) - 1
        self.last_end = np.zeros(labels + 1, dtype=np.int64)  # where each label's second end is
        self.ends_of: dict[int, list[int]] = {}
        for index, value in enumerate(cells):
            if value > 0:
                self.last_end[value] = index
                self.ends_of.setdefault(value, []).append(index)
        self.index = 0
        """Cells decided so far."""
        self.work = 0
        """States read so far (the sweep's cost)."""
        self.over = False
        """Whether the sweep ended: ``answer`` is then the count, or None at a limit."""
        self.answer: int | None = None

    def advance(self, budget: int, deadline: Deadline | None) -> None:
        """Decide cells until ``work`` reaches ``budget`` or the sweep is over (a deadline
        that passes mid-step also ends it, with no answer)."""
        run, w, h, cells, reg = self.run, self.w, self.h, self.cells, self.reg
        while not self.over and self.work < budget:
            index = self.index
            if index == w * h:
                self._finish()
                return
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
                    self.tmask, self.cmask, w, c, value, can_right, can_down, self.mode,
                    self.labels, finished, place, ends, keep, rimmed,
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
            self.states = np.empty((int(reg[kernel.USED]), self.width), dtype=np.int64)
            run.gather(self.table, self.states)
            if self.states.shape[0] == 0:
                self.over, self.answer = True, 0
                return

    def _finish(self) -> None:
        """The answer: the states whose token fields are all empty (colours may differ)."""
        states, nwords = self.states, self.nwords
        token_words = np.zeros(nwords, dtype=np.int64)
        for f in range(self.w + 1):
            token_words[self.word[f]] |= self.tmask << int(self.shift[f])
        closed = np.flatnonzero(~np.any(states[:, :nwords] & token_words, axis=1))
        self.over = True
        self.answer = sum(
            int(states[i, nwords]) + (int(states[i, nwords + 1]) << 62) for i in closed
        )


class Counting:
    """A count in progress over the ``orientations`` of a puzzle, resumable: ``run`` goes
    on until the answer is known, a limit is hit or a share of work is spent, so that a
    caller can do something else between (``solve.count_solutions`` lists solutions there).

    The views race: when the first has not finished within ``PROBE_WORK`` states read,
    every view sweeps that far, and rounds of successive halving keep the half that decided
    the most cells, doubling the budget each round, until one view is left to finish (or
    any view finishes: every view has the same answer).  A view that hits ``max_states``
    drops out; the others go on, and when none is left the views halved out earlier come
    back (they keep their states meanwhile: no more than the budget of their round).

    Why race: which view is cheapest cannot be told from the board.  On six generated
    17x17s the views' work differed up to 140x, and a view's reverse sweep, with the same
    number of labels across every frontier, could be 30x dearer.  The first rows tell it
    only in part (measured with CPU timeouts of 20 s on ``bench/count_bench.py``'s 30
    random-partition boards, first view against race: under ``fill`` the race counted a
    14x14 in 3.2 s that the first view left unknown and cut three of the five other
    slowest by 7 to 41%; under ``blank`` it gained one 13x13, lost another, and both
    left 7 unknown; the race costs up to 0.1 s on boards counted in 0.1 s).
    """

    def __init__(
        self,
        puzzle: Puzzle,
        rules: Rules = Rules.BLANK,
        max_states: int = MAX_STATES,
        compiled: bool = True,
        prune: bool = True,
        race: bool = True,
    ) -> None:
        run = kernels(compiled)

        def make(view: Puzzle) -> Sweep:
            return Sweep(view, rules, run, max_states, prune)

        self._make = make
        self._views = orientations(puzzle) if race else orientations(puzzle)[:1]
        self._alive = [self._make(self._views[0])]
        self._joined = len(self._views) == 1  # whether the other views were started
        self._budget = PROBE_WORK
        self._dropped = 0  # work of the views that hit a limit
        self._benched: list[Sweep] = []  # views halved out, kept in case all others fail
        self.over = False
        """Whether the count ended: ``answer`` is then the count, or None at a limit."""
        self.answer: int | None = None

    @property
    def work(self) -> int:
        """States read so far, over every view."""
        views = self._alive + self._benched
        return self._dropped + sum(sweep.work for sweep in views)

    def run(self, deadline: Deadline | None = None, work: int = _ALL) -> None:
        """Go on until the count is over, the deadline passes (``over`` stays False) or
        about ``work`` more states were read (a step is never cut short)."""
        stop_at = min(self.work + work, _ALL)
        while not self.over and self.work < stop_at:
            solo = self._joined and len(self._alive) == 1
            for sweep in self._alive:
                target = _ALL if solo else self._budget
                sweep.advance(min(target, sweep.work + stop_at - self.work), deadline)
                if deadline is not None and deadline.expired():
                    return
                if sweep.over and sweep.answer is not None:
                    self.over, self.answer = True, sweep.answer
                    return
                if self.work >= stop_at:
                    break
            if not all(sweep.over or sweep.work >= self._budget for sweep in self._alive):
                continue
            if not self._joined:
                self._joined = True
                self._alive += [self._make(view) for view in self._views[1:]]
                continue
            self._dropped += sum(sweep.work for sweep in self._alive if sweep.over)
            alive = [sweep for sweep in self._alive if not sweep.over]
            if not alive:
                if not self._benched:
                    self.over = True  # every view hit a limit
                    return
                self._alive, self._benched = self._benched, []
                continue
            alive.sort(key=lambda sweep: (-sweep.index, sweep.work))
            keep = max(1, len(alive) // 2)
            self._benched = alive[keep:] + self._benched
            self._alive = alive[:keep]
            self._budget *= 2


def count(
    puzzle: Puzzle,
    rules: Rules = Rules.BLANK,
    deadline: Deadline | None = None,
    max_states: int = MAX_STATES,
    compiled: bool = True,
    prune: bool = True,
    race: bool = True,
) -> int | None:
    """The exact number of solutions of ``puzzle`` under ``rules``, or None at a limit.

    ``compiled=False`` (or ``NUMPUZZLES_NO_JIT=1``) runs the same kernel as plain Python.
    ``prune=False`` keeps the states ``count_kernel.crossed`` would drop (same answer,
    more states: for the tests that check the pruning).  ``race=False`` sweeps only the
    first of ``orientations`` (see ``Counting``).
    """
    counting = Counting(puzzle, rules, max_states, compiled, prune, race)
    counting.run(deadline)
    return counting.answer
