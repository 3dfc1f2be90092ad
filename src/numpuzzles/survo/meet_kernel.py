"""The open-table count's column sweeps and their meeting, compiled (see ``meet.py``).

Why compiled: an open 4×5 table's sweeps visit tens of millions of (state, column,
ordering) steps, each a handful of additions, a sort of five numbers and a table probe:
minutes as Python tuples in dictionaries, about a second here.

A state is one int64: bits 1..N are the numbers used (bit 0 unused), and above them, from
bit ``shift``, what the rows have collected, sorted ascending, ``bits`` bits an entry (both
halves collect from zero: a half's rows are anonymous, so its states stay few).  The
states live in an open-addressing table (keys, counts; key -1 empty) that the caller sizes:
``sweep`` stops before a state whose steps could fill it past half and says where, so the
caller can grow it (``rehash``) and go on.  Every function is plain Python that numba
compiles (``core/jit.py``), so the plain path runs the same code.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.int64]
Matrix = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]

EMPTY = -1
"""An empty slot's key (a state's key is never negative)."""

MULTIPLIER = 0x2545F4914F6CDD1D
"""An odd 63-bit constant: the probe start is the folded key times this, its low bits; numba
wraps the product, Python does not, and the low bits agree either way."""

ENTRIES = 0
"""Index into ``reg``: how many slots of the table are taken."""

_V = "int64[:]"
_M = "int64[:, :]"
AOT_EXPORTS = {
    "sweep": f"int64({_V}, {_V}, int64, int64, {_M}, {_M}, {_V}, {_V}, int64, int64, "
    f"{_V}, {_V}, {_V})",
    "rehash": f"int64({_V}, {_V}, {_V}, {_V})",
    "meeting": f"int64({_V}, {_V}, int64, int64, {_V}, {_V}, {_V}, int64, int64, int64, "
    f"{_V}, {_M}, {_V}, {_M}, {_V}, float64[:])",
}
"""The kernels' argument types, for their ahead-of-time build (see ``core/jit.py``)."""


def _slot(table_keys: Array, key: int) -> int:
    """The slot holding ``key``, or the empty one where it would go."""
    mask = int(table_keys.shape[0]) - 1
    # fold the row vector (high bits) onto the numbers used (low bits) first: the product's
    # low bits depend only on the factor's low bits, and one set of numbers used has
    # hundreds of vectors
    at = (int(key ^ (key >> 21) ^ (key >> 42)) * MULTIPLIER) & mask
    while table_keys[at] != EMPTY and table_keys[at] != key:
        at = (at + 1) & mask
    return at


def _add(table_keys: Array, table_weights: Array, key: int, weight: int, reg: Array) -> None:
    at = _slot(table_keys, key)
    if table_keys[at] == EMPTY:
        table_keys[at] = key
        table_weights[at] = weight
        reg[ENTRIES] += 1
    else:
        table_weights[at] += weight


def _columns_fit(rest: Array, size: int, pending: Array, height: int) -> bool:
    """Whether the free numbers ``rest[:size]`` (ascending) can still make the column sums
    ``pending`` (ascending): the ``j`` smallest sums need at least the ``j·height`` smallest
    numbers, the ``j`` largest at most the ``j·height`` largest."""
    acc = 0
    low = 0
    for j in range(pending.shape[0]):
        acc += pending[j]
        for i in range(j * height, (j + 1) * height):
            low += rest[i]
        if acc < low:
            return False
    acc = 0
    high = 0
    for j in range(pending.shape[0]):
        acc += pending[pending.shape[0] - 1 - j]
        for i in range(size - (j + 1) * height, size - j * height):
            high += rest[i]
        if acc > high:
            return False
    return True


def sweep(keys: Array, weights: Array, start: int, end: int, subsets: Array, perms: Array,
          rows: Array, pending: Array, shift: int, bits: int,
          table_keys: Array, table_weights: Array, reg: Array) -> int:
    """Fill one more column into the states ``keys[start:end]`` (counts ``weights``) and add
    what they become to the table; returns the index of the first state not done (``end``
    when all are).

    ``subsets``: the column's candidate sets, a row each: the bit set, then the numbers.
    ``perms``: every ordering of a column's cells.  ``pending``: the column sums still to
    fill after this one, ascending (both halves'), which bound what the rows may need.
    ``rows``: the row sums ascending (what rows collected is compared with them: with
    intervals of one width, smallest to smallest is the only matching to try).
    """
    height = perms.shape[1]
    top = shift - 1
    field = (1 << bits) - 1
    used_bits = (1 << shift) - 1
    left = pending.shape[0]
    capacity = table_keys.shape[0]
    most = subsets.shape[0] * perms.shape[0]
    free = np.zeros(top, np.int64)
    rest = np.zeros(top, np.int64)
    vector = np.zeros(height, np.int64)
    grown = np.zeros(height, np.int64)
    for s in range(start, end):
        if 2 * (reg[ENTRIES] + most) > capacity:
            return s
        key = keys[s]
        weight = weights[s]
        used = key & used_bits
        size = 0
        for v in range(1, top + 1):
            if not (used >> v) & 1:
                free[size] = v
                size += 1
        for i in range(height):
            vector[i] = (key >> (shift + i * bits)) & field
        for c in range(subsets.shape[0]):
            taken = subsets[c, 0]
            if used & taken:
                continue
            kept = 0
            for i in range(size):
                if not (taken >> free[i]) & 1:
                    rest[kept] = free[i]
                    kept += 1
            if not _columns_fit(rest, kept, pending, height):
                continue
            low = 0
            high = 0
            for i in range(left):
                low += rest[i]
                high += rest[kept - 1 - i]
            base = used | taken
            for p in range(perms.shape[0]):
                for i in range(height):
                    value = vector[i] + subsets[c, 1 + perms[p, i]]
                    j = i
                    while j > 0 and grown[j - 1] > value:  # insertion sort, ascending
                        grown[j] = grown[j - 1]
                        j -= 1
                    grown[j] = value
                fits = True
                for i in range(height):
                    need = rows[i] - grown[i]
                    if need < low or need > high:
                        fits = False
                        break
                if not fits:
                    continue
                packed = base
                for i in range(height):
                    packed |= grown[i] << (shift + i * bits)
                _add(table_keys, table_weights, packed, weight, reg)
    return end


def rehash(old_keys: Array, old_weights: Array, new_keys: Array, new_weights: Array) -> int:
    """Move every state of one table into an empty larger one; returns how many."""
    moved = 0
    for i in range(old_keys.shape[0]):
        key = old_keys[i]
        if key != EMPTY:
            at = _slot(new_keys, key)
            new_keys[at] = key
            new_weights[at] = old_weights[i]
            moved += 1
    return moved


def _orderings(key: int, shift: int, bits: int, height: int) -> int:
    """How many distinct orderings the sorted vector in ``key`` has."""
    field = (1 << bits) - 1
    result = 1
    run = 1
    for j in range(1, height):
        result *= j + 1
        if (key >> (shift + j * bits)) & field == (key >> (shift + (j - 1) * bits)) & field:
            run += 1
            result //= run
        else:
            run = 1
    return result


WORD = 63
"""Bits a word of a candidate set holds (not 64: the plain path's ``1 << 63`` would not fit
an int64 array)."""


def meeting(keys: Array, weights: Array, start: int, most: int, other_keys: Array,
            other_weights: Array, others_used: Array, everything: int, shift: int, bits: int,
            rows: Array, holding: Matrix, stamps: Array, candidates: Matrix, sums: Array,
            spill: Floats) -> int:
    """The whole fillings that one half's states make with the other half's, for the groups
    of states from ``keys[start]`` on, until ``most`` states are done; returns where it
    stopped (a group's start), the count added to ``sums[0]``.

    ``keys`` are sorted by the numbers they used, and ``other_keys`` by the numbers they
    left (``others_used``, ascending: ``everything`` less their numbers), so the states of
    one set ``U`` meet the other half's that used exactly the rest, one group against one.

    A state (``U``, sorted collected ``s``) counts ``w`` labelled fillings of its half,
    ``w / P(s)`` for each distinct ordering of ``s`` over the rows (``P``: how many there
    are; permuting rows maps the fillings of one ordering onto another's).  For an ordering
    ``a`` the other half must collect ``rows - a``, which it does in ``w' / P(sorted(rows -
    a))`` labelled ways.

    The distinct orderings are walked depth first, a row at a time, carrying the set of the
    other group's vectors that still hold every need chosen so far (bit sets of ``WORD``
    bits; ``holding[v·height + k]``: the vectors holding the value ``v`` more than ``k``
    times, valid where ``stamps`` is the group's).  A branch ends when the set is empty;
    at full depth the set is the one vector equal to the needs, as multisets of one size
    contain each other only when equal.

    ``spill[0]`` collects the same sum in floating point: where it passes 2**61 the
    integer may have wrapped, and the caller recounts with Python's integers."""
    height = rows.shape[0]
    used_bits = (1 << shift) - 1
    field = (1 << bits) - 1
    vector = np.zeros(height, np.int64)
    need = np.zeros(height, np.int64)
    choice = np.zeros(height, np.int64)
    taken = np.zeros(height, np.int64)
    times = np.zeros(field + 1, np.int64)
    total = 0
    rough = 0.0
    at = start
    count = keys.shape[0]
    while at < count and at - start < most:
        used = keys[at] & used_bits
        end = at + 1
        while end < count and keys[end] & used_bits == used:
            end += 1
        first = np.searchsorted(others_used, used)
        last = np.searchsorted(others_used, used, "right")
        if first < last:
            group = at + 1  # a stamp no other group has
            words = (last - first + WORD - 1) // WORD
            for k in range(first, last):
                run = 0
                for i in range(height):
                    value = (other_keys[k] >> (shift + i * bits)) & field
                    if i > 0 and value == (other_keys[k] >> (shift + (i - 1) * bits)) & field:
                        run += 1
                    else:
                        run = 0
                    row = value * height + run
                    if stamps[row] != group:
                        stamps[row] = group
                        for w in range(words):
                            holding[row, w] = 0
                    holding[row, (k - first) // WORD] |= 1 << ((k - first) % WORD)
            for w in range(words):
                candidates[0, w] = 0
            for k in range(last - first):
                candidates[0, k // WORD] |= 1 << (k % WORD)
            for s in range(at, end):
                for i in range(height):
                    vector[i] = (keys[s] >> (shift + i * bits)) & field
                    taken[i] = 0
                found = 0
                depth = 0
                choice[0] = -1
                while depth >= 0:
                    j = choice[depth] + 1
                    if j > 0:
                        taken[j - 1] = 0
                        times[need[depth]] -= 1
                    while j < height:
                        if not taken[j] and not (j > 0 and vector[j] == vector[j - 1]
                                                 and not taken[j - 1]):
                            value = rows[depth] - vector[j]
                            if 0 <= value <= field and times[value] < height:
                                row = value * height + times[value]
                                if stamps[row] == group:
                                    alive = 0
                                    for w in range(words):
                                        both = candidates[depth, w] & holding[row, w]
                                        candidates[depth + 1, w] = both
                                        alive |= both
                                    if alive:
                                        break
                        j += 1
                    if j == height:
                        depth -= 1
                        continue
                    choice[depth] = j
                    taken[j] = 1
                    need[depth] = rows[depth] - vector[j]
                    times[need[depth]] += 1
                    if depth + 1 < height:
                        depth += 1
                        choice[depth] = -1
                        continue
                    for w in range(words):
                        word = candidates[height, w]
                        if word:
                            k = first + w * WORD
                            while not word & 1:
                                word >>= 1
                                k += 1
                            found += other_weights[k] // _orderings(
                                other_keys[k], shift, bits, height)
                            break
                if found == 0:
                    continue
                each = weights[s] // _orderings(keys[s], shift, bits, height)
                total += each * found
                rough += float(each) * float(found)
        at = end
    sums[0] += total
    spill[0] += rough
    return at
