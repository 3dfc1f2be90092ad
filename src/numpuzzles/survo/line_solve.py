"""Solutions by line partitions: a split of 1..m·n into row sets, then its layouts.

Why a second way to solve: the cell-by-cell search (``solve.py``) bounds each cell by its
lines' sums, and on open tables near the extremes (the ones ``generate`` walks to) those
bounds are loose: a walked 6×6 is neither solved nor proved unique in minutes, while the
line-partition counter (``lines.py``) counts it in milliseconds.  So this lists solutions
the counter's way.  The compiled counter goes through the splits one at a time
(``lines_kernel.count_range`` with a budget of one) and says how many layouts each has; a
split with none is passed by, and one with some is laid out here in plain Python, column
by column, one number from each row.  Sets of numbers used that were seen to lead nowhere
are remembered.  Every solution comes from exactly one split (its rows' sets) and one
layout, so nothing is listed twice, and once the splits run out the list is complete.

A split whose layouts would outgrow the counter's tables (``lines.MOST_STATES``) is laid out
here directly, which is exact but slower.  ``forbid`` (cells that may not hold some numbers,
as ``analyse.py`` asks) is kept by the layouts only: the counter's figure merely says
which splits to try.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import numpy as np

from ..core import jit
from ..core.deadline import Deadline
from . import lines, lines_kernel
from .lines import Lines, _candidates, _layout_bound, _sides, crossing_order
from .meet import TooLarge
from .model import Puzzle

_CHECK_EVERY = 64
"""Splits between looks at the clock."""


class OutOfTime(Exception):
    """The deadline passed before the splits ran out."""


def line_solutions(puzzle: Puzzle, *, limit: int | None, deadline: Deadline,
                   forbid: Mapping[int, int] | None = None) -> tuple[list[list[int]], bool]:
    """Up to ``limit`` solutions of ``puzzle`` (every sum known) as flat row-major values,
    and whether the list is complete (every split was tried).  ``TooLarge`` when neither
    side's lines can be listed (``lines._sides``); ``OutOfTime`` at the deadline."""
    if any(v is None for v in (*puzzle.rows, *puzzle.cols)):
        raise ValueError("every sum must be known")
    top = puzzle.cell_count
    rows = [r for r in puzzle.rows if r is not None]
    cols = [c for c in puzzle.cols if c is not None]
    if sum(rows) != top * (top + 1) // 2 or sum(cols) != sum(rows):
        return [], True
    sides = _sides(puzzle)
    if not sides:
        raise TooLarge
    side, side_lines = sides[0]
    turned = side is not puzzle
    m, n = side.height, side.width
    side_forbid: dict[int, int] = {}
    for cell, mask in (forbid or {}).items():
        r, c = divmod(cell, puzzle.width)
        side_forbid[c * puzzle.height + r if turned else cell] = mask
    found: list[list[int]] = []
    for values in _side_solutions(side, side_lines, deadline, side_forbid):
        if turned:
            values = [values[c * n + r] for r in range(n) for c in range(m)]
        found.append(values)
        if limit is not None and len(found) >= limit:
            return found, False
    return found, True


def _side_solutions(puzzle: Puzzle, side_lines: Lines, deadline: Deadline,
                    forbid: Mapping[int, int]) -> Iterator[list[int]]:
    """Every solution, with ``puzzle``'s rows as the listed lines (``side_lines`` from
    ``lines._sides``), split by split."""
    m, n = puzzle.height, puzzle.width
    top = puzzle.cell_count
    sizes = side_lines[2]
    order = sorted(range(m), key=lambda r: sizes[r])
    listed, last = order[:-1], order[-1]
    candidates = _candidates(side_lines, last)
    widest = max(len(candidates[r]) for r in listed)
    cands = np.zeros((len(listed), max(widest, 1)), dtype=np.int64)
    for t, r in enumerate(listed):
        cands[t, :len(candidates[r])] = candidates[r]
    ncands = np.array([len(candidates[r]) for r in listed], dtype=np.int64)
    if int(ncands.min()) == 0:
        return
    crossing = crossing_order(puzzle)
    sums = np.array([puzzle.cols[c] for c in crossing], dtype=np.int64)
    givens = np.array([[puzzle.givens[r * n + c] for c in crossing] for r in order],
                      dtype=np.int64)
    last_givens = sum(1 << v for v in puzzle.givens[last * n:(last + 1) * n] if v)
    everything = ((1 << (top + 1)) - 1) & ~1
    bound = _layout_bound(puzzle)
    most = lines.MOST_STATES
    states = bound if bound <= most else min(lines.FIRST_STATES, most)
    tables = _Tables(states)
    counting = jit.kernel(lines_kernel.count_range)
    walk = np.full(len(listed) + 1, -1, dtype=np.int64)
    walk[0] = 0
    lines_count = len(listed) + 1

    def layouts_of(split: np.ndarray, budget: int) -> int:
        return int(counting(cands, ncands, split, budget, everything, last_givens, sums,
                            givens, *tables.arrays, tables.out))

    layouts_of(walk, 0)  # to the first split, without counting it
    seen = 0
    while walk[0] == lines_count - 1:
        seen += 1
        if seen % _CHECK_EVERY == 0 and deadline.expired():
            raise OutOfTime
        at = walk.copy()
        tables.out[:] = 0.0
        ways = layouts_of(walk, 1)
        if tables.out[lines_kernel.FULL] != 0.0:
            if tables.states < most:  # larger tables, and this split again
                tables = _Tables(min(8 * tables.states, most))
                walk[:] = at
                continue
            ways = 1  # too many to count: laid out here, which finds out
            walk[:] = at
            walk[0] = lines_count - 2  # on to the next split, this one not counted
            layouts_of(walk, 0)
        if ways == 0:
            continue
        sets = [0] * m
        used = 0
        for t, r in enumerate(listed):
            sets[r] = int(cands[t, at[1 + t]])
            used |= sets[r]
        sets[last] = everything & ~used
        yield from _layouts(puzzle, sets, forbid)


class _Tables:
    """The counter's hash tables for layouts of at most ``states`` sets of numbers a level
    (``lines.LineCount`` sizes its own the same way)."""

    def __init__(self, states: int) -> None:
        self.states = states
        capacity = 1 << (2 * states + 2).bit_length()
        keys = np.full(capacity, lines_kernel.EMPTY, dtype=np.int64)
        vals = np.zeros(capacity, dtype=np.int64)
        taken = np.zeros(capacity, dtype=np.int64)
        self.arrays = (keys, vals, keys.copy(), vals.copy(), taken, taken.copy())
        self.out = np.zeros(2, dtype=np.float64)


def _layouts(puzzle: Puzzle, sets: list[int], forbid: Mapping[int, int]) -> Iterator[list[int]]:
    """Every way to lay the rows' sets of numbers (bit sets) out across the columns: each
    column takes one number from each row, adding up to its sum, givens in their cells and
    nowhere else, ``forbid`` kept.  Depth first, column by column (``lines.crossing_order``); a
    set of numbers used after some columns that led to no layout is not tried again."""
    m, n = puzzle.height, puzzle.width
    givens = puzzle.givens
    col_sums = [int(c) for c in puzzle.cols if c is not None]
    order = crossing_order(puzzle)
    reserved = [sum(1 << v for v in givens[r * n:(r + 1) * n] if v) for r in range(m)]
    values = [0] * (m * n)
    dead: set[int] = set()

    def choices(r: int, c: int, used: int) -> list[int]:
        """Row ``r``'s numbers that may go in column ``c`` now, ascending."""
        cell = r * n + c
        if givens[cell]:
            return [givens[cell]]
        free = sets[r] & ~used & ~reserved[r] & ~forbid.get(cell, 0)
        out = []
        while free:
            bit = free & -free
            out.append(bit.bit_length() - 1)
            free ^= bit
        return out

    def column(k: int, used: int) -> Iterator[list[int]]:
        if k == n:
            yield list(values)
            return
        if used in dead:
            return
        c = order[k]
        options = [choices(r, c, used) for r in range(m)]
        if any(not o for o in options):
            dead.add(used)
            return
        low = [0] * (m + 1)
        high = [0] * (m + 1)
        for r in range(m - 1, -1, -1):
            low[r] = low[r + 1] + options[r][0]
            high[r] = high[r + 1] + options[r][-1]
        any_found = False

        def cell(r: int, need: int, taken: int) -> Iterator[list[int]]:
            nonlocal any_found
            if r == m:
                if need == 0:
                    for done in column(k + 1, taken):
                        any_found = True
                        yield done
                return
            for v in options[r]:
                rest = need - v
                if rest < low[r + 1]:
                    return  # ascending: the later numbers leave less still
                if rest > high[r + 1] or taken >> v & 1:
                    continue
                values[r * n + c] = v
                yield from cell(r + 1, rest, taken | 1 << v)

        yield from cell(0, col_sums[c], used)
        if not any_found:
            dead.add(used)

    yield from column(0, 0)
