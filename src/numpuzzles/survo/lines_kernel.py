"""The line-partition count, compiled (see ``lines.py``): the sets of the lines, then how
many ways each set partition can be laid out across the other lines.

Why compiled: an open 5×5 whose rows split into a hundred thousand set partitions asks for
a hundred thousand layouts, each a few tens of thousands of steps of bit arithmetic.

Numbers are bits of an int64 (bit ``v`` for the number ``v``, every table up to 36 cells).
``cands[t, :ncands[t]]`` are the bit sets line ``t`` may hold (its sum, its givens in,
the other lines' givens out); the last line is what the others leave, so it has no list.
A layout fills the crossing lines (the columns, when the lines are rows) one at a time
with one number from each line, breadth first: the states after ``k`` crossing lines are
the sets of numbers used so far, in an open-addressing table with how many ways reach
each, so layouts that meet merge.  Every function is plain Python that numba compiles
(``core/jit.py``), so the plain path runs the same code.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.int64]
Matrix = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]

EMPTY = -1
"""An empty slot's key (a set of numbers is never negative)."""

MULTIPLIER = 0x2545F4914F6CDD1D
"""An odd 63-bit constant for the probe start (numba wraps the product, Python does not;
the low bits agree either way)."""

TOTAL = 0
"""Index into ``out``: the count as a float, to tell when the int64 total may have
wrapped."""
FULL = 1
"""Index into ``out``: 1.0 when a layout's states would have filled the table (the count
is then not exact, and the caller says so)."""

_V = "int64[:]"
_M = "int64[:, :]"
AOT_EXPORTS = {
    "count_range": f"int64({_M}, {_V}, {_V}, int64, int64, int64, {_V}, {_M}, "
    f"{_V}, {_V}, {_V}, {_V}, {_V}, {_V}, float64[:])",
}
"""The kernels' argument types, for their ahead-of-time build (see ``core/jit.py``)."""


def _slot(keys: Array, key: int) -> int:
    """The slot holding ``key``, or the empty one where it would go."""
    mask = int(keys.shape[0]) - 1
    at = (int(key ^ (key >> 23)) * MULTIPLIER) & mask
    while keys[at] != EMPTY and keys[at] != key:
        at = (at + 1) & mask
    return at


def _layouts(elems: Matrix, width: int, sums: Array, givens: Matrix,
             keys_a: Array, vals_a: Array, keys_b: Array, vals_b: Array,
             taken_a: Array, taken_b: Array, out: Floats) -> int:
    """How many ways the lines' sets ``elems`` (a line a row, ``width`` numbers each,
    ascending) can be laid out across the crossing lines: crossing line ``j`` takes one
    number from each line, adding up to ``sums[j]``, with ``givens[t, j]`` (0: none) in
    line ``t``.  The tables come in empty and are left empty; ``out[FULL]`` is set when a
    level would pass half the table."""
    lines = elems.shape[0]
    capacity = keys_a.shape[0]
    keys_a[_slot(keys_a, 0)] = 0
    vals_a[_slot(keys_a, 0)] = 1
    taken_a[0] = _slot(keys_a, 0)
    size_a = 1
    choice = np.zeros(lines, np.int64)
    partial = np.zeros(lines + 1, np.int64)
    low = np.zeros(lines + 1, np.int64)
    high = np.zeros(lines + 1, np.int64)
    picks = np.zeros(lines + 1, np.int64)
    reserved = 0  # a given is laid only in its own crossing line
    for t in range(lines):
        for j in range(width):
            if givens[t, j] != 0:
                reserved |= 1 << givens[t, j]
    for j in range(width - 2):
        size_b = 0
        need = sums[j]
        for s in range(size_a):
            key = keys_a[taken_a[s]]
            ways = vals_a[taken_a[s]]
            keys_a[taken_a[s]] = EMPTY
            blocked = key | reserved
            # the least and most that lines t.. can still give, each its smallest or
            # largest number not yet used (or its given)
            low[lines] = 0
            high[lines] = 0
            for t in range(lines - 1, -1, -1):
                g = givens[t, j]
                if g != 0:
                    low[t] = low[t + 1] + g
                    high[t] = high[t + 1] + g
                    continue
                lo = 0
                hi = 0
                for e in range(width):
                    v = elems[t, e]
                    if not (blocked >> v) & 1:
                        if lo == 0:
                            lo = v
                        hi = v
                low[t] = low[t + 1] + lo
                high[t] = high[t + 1] + hi
            if need < low[0] or need > high[0]:
                continue
            # depth-first over one number a line; the last line's is what is left of need
            t = 0
            choice[0] = -1
            partial[0] = 0
            picks[0] = 0
            while t >= 0:
                if t == lines - 1:
                    x = need - partial[t]
                    g = givens[t, j]
                    ok = False
                    if g != 0:
                        ok = x == g
                    elif 0 < x < 63 and not (blocked >> x) & 1:
                        for e in range(width):
                            if elems[t, e] == x:
                                ok = True
                    if ok:
                        nxt = key | picks[t] | (1 << x)
                        at = _slot(keys_b, nxt)
                        if keys_b[at] == EMPTY:
                            if 2 * (size_b + 1) > capacity:
                                out[FULL] = 1.0
                                _clear(keys_a, taken_a, s + 1, size_a)
                                _clear(keys_b, taken_b, 0, size_b)
                                return 0
                            keys_b[at] = nxt
                            vals_b[at] = ways
                            taken_b[size_b] = at
                            size_b += 1
                        else:
                            vals_b[at] += ways
                    t -= 1
                    continue
                x = _next_pick(elems, givens, blocked, t, j, width, need - partial[t],
                               low[t + 1], high[t + 1], choice)
                if x == 0:
                    t -= 1
                    continue
                picks[t + 1] = picks[t] | (1 << x)
                partial[t + 1] = partial[t] + x
                t += 1
                choice[t] = -1
        # the next level becomes the current one
        for s in range(size_b):
            at = taken_b[s]
            key = keys_b[at]
            keys_b[at] = EMPTY
            slot = _slot(keys_a, key)
            keys_a[slot] = key
            vals_a[slot] = vals_b[at]
            taken_a[s] = slot
        size_a = size_b
        if size_a == 0:
            return 0
    # the last two crossing lines: each line's two numbers left go one to each, so only
    # which of the two goes first is open (2^lines ways at most, no table); measured
    # against doing so from the third line from the end without its table: slower, as
    # the table merges the many ways to one set of numbers used
    total = 0
    pair = np.zeros((lines, 2), np.int64)
    for s in range(size_a):
        key = keys_a[taken_a[s]]
        ways = vals_a[taken_a[s]]
        keys_a[taken_a[s]] = EMPTY
        total += ways * _last_two(elems, width, givens, key, sums[width - 2], pair)
    return total


def _last_two(elems: Matrix, width: int, givens: Matrix, key: int, need: int,
              pair: Matrix) -> int:
    """In how many ways the two numbers each line has left (not in ``key``) split between
    the last two crossing lines so that the first gets ``need`` (the second then gets its
    own sum: every sum adds up to the whole)."""
    lines = elems.shape[0]
    for t in range(lines):
        e = 0
        for i in range(width):
            v = elems[t, i]
            if not (key >> v) & 1:
                pair[t, e] = v
                e += 1
        first = givens[t, width - 2]
        second = givens[t, width - 1]
        if first == pair[t, 1] or second == pair[t, 0]:
            pair[t, 0], pair[t, 1] = pair[t, 1], pair[t, 0]
        if first != 0 or second != 0:
            pair[t, 1] = pair[t, 0]  # a given decides the line: both choices the same
    found = 0
    for choice in range(1 << lines):
        got = 0
        for t in range(lines):
            got += pair[t, (choice >> t) & 1]
        if got == need:
            found += 1
    fixed = 0
    for t in range(lines):
        if givens[t, width - 2] != 0 or givens[t, width - 1] != 0:
            fixed += 1
    return found >> fixed  # each fixed line was counted twice, once for each choice


def _next_pick(elems: Matrix, givens: Matrix, blocked: int, t: int, j: int, width: int,
               need: int, low: int, high: int, choice: Array) -> int:
    """Line ``t``'s next number for crossing line ``j`` after ``choice[t]`` (which it
    advances), such that the lines after it can still make up the rest of ``need``
    (between ``low`` and ``high``), and which ``blocked`` (used, or given elsewhere) does not
    hold; 0 when there is none."""
    g = givens[t, j]
    if g != 0:
        if choice[t] == -1 and low <= need - g <= high:
            choice[t] = 0
            return int(g)
        return 0
    e = choice[t] + 1
    while e < width:
        v = elems[t, e]
        if not (blocked >> v) & 1:
            rest = need - v
            if rest < low:
                return 0  # ascending: every later number leaves less still
            if rest <= high:
                choice[t] = e
                return int(v)
        e += 1
    return 0


def _clear(keys: Array, taken: Array, start: int, end: int) -> None:
    for s in range(start, end):
        keys[taken[s]] = EMPTY


def count_range(cands: Matrix, ncands: Array, walk: Array, budget: int, everything: int,
                last_givens: int, sums: Array, givens: Matrix, keys_a: Array, vals_a: Array,
                keys_b: Array, vals_b: Array, taken_a: Array, taken_b: Array,
                out: Floats) -> int:
    """The count of the next ``budget`` set partitions (at most), each weighted by its
    layouts; ``out[TOTAL]`` gathers the same in floating point.

    ``walk`` is where the listing stands, so that the next call goes on from there:
    ``walk[0]`` how many lines are fixed (-1: the listing is over), ``walk[1 + t]`` the
    candidate line ``t`` holds (-1: none yet).  A fresh walk is ``[0, -1, ...]``."""
    lines = ncands.shape[0] + 1
    width = sums.shape[0]
    used = np.zeros(lines, np.int64)
    elems = np.zeros((lines, width), np.int64)
    t = walk[0]
    for k in range(max(t, 0)):
        used[k + 1] = used[k] | cands[k, walk[1 + k]]
    total = 0
    while t >= 0:
        if t == lines - 1:
            if budget == 0:
                break
            budget -= 1
            rest = everything & ~used[t]
            if rest & last_givens == last_givens:
                _fill(elems, cands, walk, rest, width)
                found = _layouts(elems, width, sums, givens, keys_a, vals_a, keys_b,
                                 vals_b, taken_a, taken_b, out)
                if out[FULL] != 0.0:
                    return total
                total += found
                out[TOTAL] += found
            t -= 1
            continue
        k = walk[1 + t] + 1
        while k < ncands[t] and cands[t, k] & used[t]:
            k += 1
        if k < ncands[t]:
            walk[1 + t] = k
            used[t + 1] = used[t] | cands[t, k]
            t += 1
            if t < lines - 1:
                walk[1 + t] = -1
        else:
            t -= 1
    walk[0] = t
    return total


def _fill(elems: Matrix, cands: Matrix, walk: Array, rest: int, width: int) -> None:
    """Each line's numbers, ascending, from the bit sets chosen."""
    lines = elems.shape[0]
    for t in range(lines):
        bits = rest if t == lines - 1 else cands[t, walk[1 + t]]
        e = 0
        v = 0
        while bits:
            if bits & 1:
                elems[t, e] = v
                e += 1
            bits >>= 1
            v += 1
