"""Counting open puzzles by meeting in the middle, with the rows anonymous.

Why rows can be anonymous: fill some columns to their column sums and look at what each
row has collected so far.  Those columns alone say nothing about rows, so every ordering
of the collected vector is reached by equally many fillings (permute the rows).  A state
is then the set of numbers used and the *sorted* vector collected: the m! orderings of a
column's numbers that lead to one sorted vector fall together.

The left columns are filled from the left, the right ones from the right, each to a table
of states with how many labelled fillings reach them.  A left state (A, s) meets the right
states that used exactly the other numbers: for each distinct ordering ``a`` of ``s`` the
right half must have collected ``R - a`` (R the row sums) in some order.  Every distinct
ordering of a sorted vector ``v`` carries ``count / P(v)`` fillings (``P`` the number of
distinct orderings), so the total is exact integer arithmetic, never an estimate.

Pruning: with ``k`` columns still to fill, each row needs between the sums of the ``k``
smallest and the ``k`` largest free numbers; rows are matched to sums smallest to smallest,
which is the only matching worth testing for intervals of one width.

Two paths run that idea.  The compiled one (``meet_kernel``, where int64 holds the table:
every shape up to 4×5) packs a state into one int64 in open-addressing tables, turns the
table so that the halves hold the fewest cells (a 4×5 as 5×4, two columns a side), and meets
one set of numbers at a time: the other half's states for the complement become bit sets,
and the orderings are walked depth first with the set of vectors still possible, so most
end after two or three rows.  The plain one, in dictionaries and Python's integers, takes
the rest, and recounts a compiled meeting whose sum may have passed int64.

Both are generators that yield between chunks of work, so ``OpenCount`` runs them a turn
at a time and ``count.py`` can take turns with its memoised search without either
starting over.

Only for open puzzles whose sums are all printed; ``count.py`` uses its memoised search
alone otherwise.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Generator, Iterator
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from ..core import jit
from ..core.deadline import Deadline
from . import meet_kernel

States = dict[tuple[int, tuple[int, ...]], int]

_T = TypeVar("_T")
Steps = Generator[None, None, _T]
"""A computation that yields between chunks of work and returns its value at the end."""

_CHECK_EVERY = 2048


class OutOfTime(Exception):
    """The deadline passed (or, ``TooLarge``, the states would not fit in memory)."""


class TooLarge(OutOfTime):
    """A half's states passed ``MOST_STATES``: this table is past the meeting's reach (an
    open 5×5's halves would hold tens of millions), and it says so instead of filling the
    machine's memory; the count is then undecided, never guessed."""


MOST_STATES = 1 << 25
"""The most states a half may hold compiled (2^26 slots of two int64, 1 GiB a table at
most); the plain path's dictionaries of tuples take an eighth of it (about 1 GiB too)."""


def _subsets(free: list[int], size: int, total: int) -> Iterator[tuple[int, ...]]:
    """Every ``size``-set of ``free`` (sorted) adding up to ``total``.  Bounds from prefix
    sums: the ``left`` numbers from index ``i`` on are the least a set can still take,
    and the ``left - 1`` largest of all with ``free[i]`` the most."""
    count = len(free)
    if size > count:
        return
    prefix = [0]
    for v in free:
        prefix.append(prefix[-1] + v)
    largest = [prefix[count] - prefix[count - k] for k in range(count + 1)]
    chosen: list[int] = []

    def go(start: int, left: int, need: int) -> Iterator[tuple[int, ...]]:
        if left == 0:
            if need == 0:
                yield tuple(chosen)
            return
        most = largest[left - 1]
        for i in range(start, count - left + 1):
            if prefix[i + left] - prefix[i] > need:
                return
            v = free[i]
            if v + most < need:
                continue
            chosen.append(v)
            yield from go(i + 1, left - 1, need - v)
            chosen.pop()

    yield from go(0, size, total)


def _orderings(vector: tuple[int, ...]) -> int:
    """How many distinct orderings a vector has."""
    result = math.factorial(len(vector))
    for times in Counter(vector).values():
        result //= math.factorial(times)
    return result


def _feasible(collected: tuple[int, ...], rows: tuple[int, ...], low: int, high: int) -> bool:
    """Whether the sorted ``collected`` can still grow into the sorted row sums ``rows`` by
    between ``low`` and ``high`` each."""
    return all(low <= r - c <= high for c, r in zip(collected, rows, strict=True))


def _columns_fit(rest: list[int], pending: list[int], height: int) -> bool:
    """Whether the free numbers ``rest`` (sorted) can still make the column sums
    ``pending`` (sorted): the ``j`` smallest sums take ``j·height`` numbers, so they need at
    least the ``j·height`` smallest, and the ``j`` largest at most the largest."""
    acc = low = 0
    for j, need in enumerate(pending, start=1):
        acc += need
        low += sum(rest[(j - 1) * height:j * height])
        if acc < low:
            return False
    acc = high = 0
    size = len(rest)
    for j, need in enumerate(reversed(pending), start=1):
        acc += need
        high += sum(rest[size - j * height:size - (j - 1) * height])
        if acc > high:
            return False
    return True


def _sweep(cols: list[int], height: int, top: int, rows: tuple[int, ...], others: list[int]
           ) -> Steps[States]:
    """The states after filling the columns whose sums are ``cols``; the sums ``others``
    stay for the other half (the pruning needs them).  Yields now and then (see
    ``OpenCount``)."""
    states: States = {(0, (0,) * height): 1}
    permutations = list(itertools.permutations(range(height)))
    ticks = 0
    for done, total in enumerate(cols, start=1):
        left = len(cols) - done + len(others)
        pending = sorted(cols[done:] + others)
        nxt: States = {}
        for (used, collected), weight in states.items():
            free = [v for v in range(1, top + 1) if not used >> v & 1]
            for subset in _subsets(free, height, total):
                ticks += 1
                if ticks % _CHECK_EVERY == 0:
                    yield
                mask = used
                for v in subset:
                    mask |= 1 << v
                rest = [v for v in free if v not in subset]
                if not _columns_fit(rest, pending, height):
                    continue
                low, high = sum(rest[:left]), sum(rest[len(rest) - left:]) if left else 0
                seen: dict[tuple[int, ...], int] = {}
                for order in permutations:
                    grown = tuple(sorted(collected[i] + subset[order[i]] for i in range(height)))
                    seen[grown] = seen.get(grown, 0) + 1
                for grown, times in seen.items():
                    if _feasible(grown, rows, low, high):
                        key = (mask, grown)
                        nxt[key] = nxt.get(key, 0) + weight * times
                if len(nxt) > MOST_STATES // 8:  # about 200 bytes a state in tuples
                    raise TooLarge
        states = nxt
    return states


def _count_python(height: int, width: int, rows: tuple[int, ...], cols: tuple[int, ...]
                  ) -> Steps[int]:
    """The plain path, in Python's integers: left and right both collect, and each left
    state tries every distinct ordering of what it collected against the row sums."""
    top = height * width
    split = width // 2
    sorted_rows = tuple(sorted(rows))
    left = yield from _sweep(list(cols[:split]), height, top, sorted_rows, list(cols[split:]))
    right = yield from _sweep(list(cols[split:][::-1]), height, top, sorted_rows,
                              list(cols[:split]))
    return _meet(left, right, rows, top)


def _meet(left: States, right: States, rows: tuple[int, ...], top: int) -> int:
    """The whole fillings the two halves' states make together (see ``meet_kernel.
    meeting`` for why each distinct ordering carries ``count / P``)."""
    everything = ((1 << (top + 1)) - 1) & ~1
    total = 0
    for (used, collected), weight in left.items():
        each = weight // _orderings(collected)
        for order in set(itertools.permutations(collected)):
            need = tuple(sorted(r - a for r, a in zip(rows, order, strict=True)))
            other = right.get((everything & ~used, need))
            if other:
                total += each * (other // _orderings(need))
    return total


_CHUNK = 1 << 13
"""States a compiled sweep call takes before the deadline is looked at again."""

_FIRST_CAPACITY = 1 << 16
_SAFE = 1 << 61
"""Counts at or past this are left to Python's integers (int64 tops out at 2**63)."""


def _orientation(height: int, width: int, rows: tuple[int, ...], cols: tuple[int, ...]
                 ) -> tuple[int, int, tuple[int, ...], tuple[int, ...]]:
    """The table as given or turned, whichever gives the halves fewer cells (``height ×
    ⌈width/2⌉``; on a tie fewer rows, whose orderings each column step tries): a 4×5 turned
    to 5×4 meets after two columns a side instead of three on one, and at most six rows, so
    that a column has at most 720 orderings."""
    def cost(h: int, w: int) -> tuple[int, int]:
        return (h * -(-w // 2) if h <= 6 else 1 << 30, h)

    if cost(width, height) < cost(height, width):
        return width, height, cols, rows
    return height, width, rows, cols


def _compiled_fits(height: int, width: int, rows: tuple[int, ...]) -> bool:
    """Whether the compiled path's int64 fields and counts hold this table: the key's bits
    (numbers used, then the row vector) and every half's count of labelled fillings (at
    most N!/(N-k)! for k numbers placed)."""
    top = height * width
    bits = max(rows).bit_length()
    placed = height * (width - width // 2)
    return top + 1 + height * bits <= 63 and math.perm(top, placed) < _SAFE


def _column_subsets(top: int, height: int, total: int) -> npt.NDArray[np.int64]:
    """Every ``height``-set of 1..top adding up to ``total``: its bit set, then its numbers."""
    found = [[sum(1 << v for v in subset), *subset]
             for subset in _subsets(list(range(1, top + 1)), height, total)]
    return np.array(found, dtype=np.int64).reshape(len(found), height + 1)


class _Table:
    """An open-addressing table of states for ``meet_kernel`` (key -1: empty)."""

    def __init__(self, capacity: int) -> None:
        self.keys = np.full(capacity, meet_kernel.EMPTY, dtype=np.int64)
        self.weights = np.zeros(capacity, dtype=np.int64)
        self.reg = np.zeros(1, dtype=np.int64)

    def grown(self) -> _Table:
        bigger = _Table(2 * self.keys.shape[0])
        bigger.reg[meet_kernel.ENTRIES] = jit.kernel(meet_kernel.rehash)(
            self.keys, self.weights, bigger.keys, bigger.weights)
        return bigger

    def taken(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        full = self.keys != meet_kernel.EMPTY
        return self.keys[full], self.weights[full]


def _sweep_compiled(cols: list[int], others: list[int], height: int, top: int,
                    rows: tuple[int, ...]) -> Steps[_Table]:
    """The table of states after filling the columns ``cols`` one by one (see
    ``meet_kernel``); ``others``, the other half's column sums, bound what rows may still
    need."""
    shift = top + 1
    bits = max(rows).bit_length()
    perms = _perms(height)
    sorted_rows = np.array(sorted(rows), dtype=np.int64)
    keys = np.zeros(1, dtype=np.int64)
    weights = np.ones(1, dtype=np.int64)
    table = _Table(_FIRST_CAPACITY)
    for done, total in enumerate(cols, start=1):
        subsets = _column_subsets(top, height, total)
        pending = np.array(sorted(cols[done:] + others), dtype=np.int64)
        table = _Table(table.keys.shape[0])
        at = 0
        while at < keys.shape[0]:
            yield
            end = min(keys.shape[0], at + _CHUNK)
            reached = jit.kernel(meet_kernel.sweep)(
                keys, weights, at, end, subsets, perms, sorted_rows, pending, shift, bits,
                table.keys, table.weights, table.reg)
            if reached == at:
                if table.keys.shape[0] >= 2 * MOST_STATES:
                    raise TooLarge
                table = table.grown()
            at = reached
        keys, weights = table.taken()
    return table


def _perms(height: int) -> npt.NDArray[np.int64]:
    """Every ordering of ``height`` cells, a row each."""
    return np.array(list(itertools.permutations(range(height))), dtype=np.int64)


def _count_compiled(height: int, width: int, rows: tuple[int, ...], cols: tuple[int, ...]
                    ) -> Steps[int]:
    """The compiled path, as the plain one: both halves collect from zero, and each state
    of the smaller table tries every ordering of what it collected against the row sums,
    looking the rest up in the larger (``meet_kernel.meeting``)."""
    top = height * width
    split = width // 2
    halves = [(yield from _sweep_compiled(list(cols[:split]), list(cols[split:]), height,
                                          top, rows)),
              (yield from _sweep_compiled(list(cols[split:][::-1]), list(cols[:split]), height,
                                          top, rows))]
    small, large = sorted(halves, key=lambda half: int(half.reg[meet_kernel.ENTRIES]))
    everything = ((1 << (top + 1)) - 1) & ~1
    shift, bits = top + 1, max(rows).bit_length()
    used_bits = (1 << shift) - 1
    keys, weights = small.taken()
    order = np.argsort(keys & used_bits, kind="stable")
    keys, weights = keys[order], weights[order]
    other_keys, other_weights = large.taken()
    others_used = everything & ~(other_keys & used_bits)
    order = np.argsort(others_used, kind="stable")
    other_keys, other_weights, others_used = (
        other_keys[order], other_weights[order], others_used[order])
    group = int(np.unique(others_used, return_counts=True)[1].max(initial=1))
    words = -(-group // meet_kernel.WORD)
    holding = np.zeros(((1 << bits) * height, words), dtype=np.int64)
    stamps = np.zeros(holding.shape[0], dtype=np.int64)
    candidates = np.zeros((height + 1, words), dtype=np.int64)
    labelled = np.array(rows, dtype=np.int64)
    sums = np.zeros(1, dtype=np.int64)
    spill = np.zeros(1, dtype=np.float64)
    at = 0
    while at < keys.shape[0]:
        yield
        at = jit.kernel(meet_kernel.meeting)(
            keys, weights, at, _CHUNK, other_keys, other_weights, others_used, everything,
            shift, bits, labelled, holding, stamps, candidates, sums, spill)
    if spill[0] < _SAFE:
        return int(sums[0])
    height = len(rows)  # the sum may have wrapped: again in Python's integers
    return _meet(_states(small, shift, bits, height), _states(large, shift, bits, height),
                 rows, top)


def _states(table: _Table, shift: int, bits: int, height: int) -> States:
    """A compiled table as the plain path's states."""
    field = (1 << bits) - 1
    used_bits = (1 << shift) - 1
    return {(key & used_bits, tuple(key >> (shift + i * bits) & field for i in range(height))):
            weight for key, weight in zip(*(part.tolist() for part in table.taken()),
                                          strict=True)}


class Resumable:
    """A count run a slice at a time: each ``run`` goes on where the last one's deadline
    stopped its steps, so that ``count.count`` can take turns between its counters without
    any of them starting over.  A subclass sets ``_steps``."""

    _steps: Steps[int]

    def __init__(self) -> None:
        self._result: int | None = None
        self._too_large = False

    def run(self, deadline: Deadline) -> int:
        """The count; raises ``OutOfTime`` when the deadline passes first (after one step
        at least), ``TooLarge`` when the states outgrow the counter's limit (on every later
        turn too)."""
        if self._too_large:
            raise TooLarge
        while self._result is None:
            try:
                next(self._steps)  # one step a turn at least: every turn gets on
            except StopIteration as done:
                self._result = done.value
                break
            except TooLarge:
                self._too_large = True  # the steps are over: every later turn says so
                raise
            if deadline.expired():
                raise OutOfTime
        return self._result


class OpenCount(Resumable):
    """The exact count of an open ``height × width`` table (every sum printed), run a slice
    at a time (``Resumable``).  Compiled where the int64 fields hold the table (every shape
    up to 4×5, and more), else in Python's integers."""

    def __init__(self, height: int, width: int, rows: tuple[int, ...], cols: tuple[int, ...]
                 ) -> None:
        super().__init__()
        height, width, rows, cols = _orientation(height, width, rows, cols)
        counting = _count_compiled if _compiled_fits(height, width, rows) else _count_python
        self._steps = counting(height, width, rows, cols)


def count_open(height: int, width: int, rows: tuple[int, ...], cols: tuple[int, ...],
               deadline: Deadline) -> int:
    """The exact number of fillings of an open ``height × width`` table (every sum printed);
    raises ``OutOfTime`` when the deadline passes first."""
    return OpenCount(height, width, rows, cols).run(deadline)
