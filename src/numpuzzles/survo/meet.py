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

Only for open puzzles whose sums are all printed; ``count.py`` falls back to its
memoised search otherwise.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterator

from ..core.deadline import Deadline

States = dict[tuple[int, tuple[int, ...]], int]

_CHECK_EVERY = 2048


class OutOfTime(Exception):
    """The deadline passed."""


def _subsets(free: list[int], size: int, total: int) -> Iterator[tuple[int, ...]]:
    """Every ``size``-set of ``free`` (sorted) adding up to ``total``."""
    chosen: list[int] = []

    def go(start: int, left: int, need: int) -> Iterator[tuple[int, ...]]:
        if left == 0:
            if need == 0:
                yield tuple(chosen)
            return
        for i in range(start, len(free) - left + 1):
            v = free[i]
            smallest = v * left + left * (left - 1) // 2  # v, v+1, ... at the least
            if smallest > need:
                return
            if sum(free[len(free) - left + 1:]) + v < need:
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


def _sweep(cols: list[int], height: int, top: int, rows: tuple[int, ...], others: list[int],
           deadline: Deadline) -> States:
    """The states after filling the columns whose sums are ``cols``; the sums ``others``
    stay for the other half (the pruning needs them)."""
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
                if ticks % _CHECK_EVERY == 0 and deadline.expired():
                    raise OutOfTime
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
        states = nxt
    return states


def count_open(height: int, width: int, rows: tuple[int, ...], cols: tuple[int, ...],
               deadline: Deadline) -> int:
    """The exact number of fillings of an open ``height × width`` table (every sum printed);
    raises ``OutOfTime`` when the deadline passes first."""
    top = height * width
    split = width // 2
    sorted_rows = tuple(sorted(rows))
    left = _sweep(list(cols[:split]), height, top, sorted_rows, list(cols[split:]), deadline)
    right = _sweep(list(cols[split:][::-1]), height, top, sorted_rows, list(cols[:split]),
                   deadline)
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
