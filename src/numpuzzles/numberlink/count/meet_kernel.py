"""Where two frontier sweeps meet: which states of one fit which of the other, compiled.

Why: the counter (``counter.py``) may sweep a board from its top and from its bottom at once
and stop both where they meet at one horizontal cut (``counter.Counting``).  A partial
solution above the cut and one below it make a solution exactly when they fit together
there, so the count is the sum, over pairs of states that fit, of the product of their
counts.  Both sweeps' states are laid out alike (``counter_kernel``'s token fields; the
field right of the last cell is empty at a row's end): field ``j`` is the edge down from
column ``j`` across the cut, 0 where unused, a label where the piece hanging from it leads
to one of that label's ends on its side, an anonymous name (above ``labels``, each used on
exactly two edges) where it leads back to the cut through the other edge of that name.

Two states fit when they use the same edges, every walk from a label's edge (alternating
the two sides' pieces through the edges) ends at an edge of the same label, and no used
edge is left over (it would lie on a loop of anonymous pieces).  The states are grouped by
the set of edges they use (``edge_masks``), so only states using the same edges are
compared.  Every function is plain Python that numba compiles (see ``core/jit.py``).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.int64]

LIMB = (1 << 62) - 1
"""Mask of one 62-bit count limb (as ``counter_kernel``'s)."""

OVERFLOW = 0
"""Index into ``reg``: set when a sum passed 2**124 (the caller answers "unknown")."""

_V = "int64[:]"
_M = "int64[:, :]"
AOT_EXPORTS = {
    "edge_masks": f"int64({_M}, int64, {_V}, {_V}, int64, int64, {_V})",
    "fitting_sums": f"int64({_M}, {_V}, {_M}, {_V}, int64, int64, {_V}, {_V}, int64, int64, "
    f"int64, int64, {_V}, {_V}, {_V})",
}
"""The kernels' argument types, for their ahead-of-time build (see ``core/jit.py``)."""


def edge_masks(
    states: Array, n: int, word: Array, shift: Array, tmask: int, w: int, out: Array
) -> int:
    """``out[i]``: the bit set of the edges state ``i`` uses (bit ``j``: field ``j`` is not
    0), for the first ``n`` states; returns ``n``."""
    for i in range(n):
        mask = 0
        for j in range(w):
            if (states[i, word[j]] >> shift[j]) & tmask:
                mask |= 1 << j
        out[i] = mask
    return n


def _partners(tok: Array, w: int, labels: int, seen: Array, at: Array, partner: Array) -> None:
    """``partner[j]``: the other edge of edge ``j``'s anonymous name (``seen`` and ``at``
    are scratch arrays indexed by name; ``seen`` is left all zero)."""
    for j in range(w):
        t = tok[j]
        if t > labels:
            if seen[t]:
                other = at[t]
                partner[j] = other
                partner[other] = j
                seen[t] = 0
            else:
                seen[t] = 1
                at[t] = j


def _fit(
    up: Array, down: Array, up_partner: Array, down_partner: Array, w: int, labels: int,
    used: Array,
) -> bool:
    """Whether the tokens ``up`` (the state above the cut) and ``down`` (below), which use
    the same edges, join into paths that each link two ends of one label, with no loop."""
    for j in range(w):
        used[j] = 0
    for j in range(w):
        for side in range(2):
            start = up[j] if side == 0 else down[j]
            if start == 0 or start > labels or used[j]:
                continue
            # label ``start``'s piece reaches edge j; cross it and follow the pieces
            at = j
            below = side == 0  # the side entered through edge ``at``
            used[at] = 1
            while True:
                t = down[at] if below else up[at]
                if t <= labels:
                    if t != start:
                        return False  # two labels joined
                    break
                at = down_partner[at] if below else up_partner[at]
                if used[at]:
                    return False  # not reached from sweeps' states; kept safe
                used[at] = 1
                below = not below
    for j in range(w):  # noqa: SIM110 - numba compiles no generators
        if up[j] != 0 and not used[j]:
            return False  # a loop of anonymous pieces
    return True


def fitting_sums(
    above: Array,
    above_masks: Array,
    below: Array,
    below_masks: Array,
    start: int,
    stop: int,
    word: Array,
    shift: Array,
    tmask: int,
    w: int,
    labels: int,
    count_at: int,
    out_lo: Array,
    out_hi: Array,
    reg: Array,
) -> int:
    """For rows ``start..stop-1`` of ``below``, the sum of the counts of the states of
    ``above`` that fit each, as two 62-bit limbs in ``out_lo``, ``out_hi``.

    Both sides' rows are sorted by their edge masks (``above_masks``, ``below_masks``,
    ascending), so the states using one set of edges form one run on each side, found by
    binary search; each run of ``above`` is unpacked once (tokens and partners) and
    compared with every state of ``below``'s run.  A state's count sits in its words
    ``count_at`` (low limb) and ``count_at + 1``.  Returns the number of pairs compared.
    """
    names = labels + w + 2
    seen = np.zeros(names, np.int64)
    at = np.zeros(names, np.int64)
    down = np.zeros(w, np.int64)
    down_partner = np.zeros(w, np.int64)
    used = np.zeros(w, np.int64)
    n_above = above.shape[0]
    room = 64
    ups = np.zeros((room, w), np.int64)
    up_partners = np.zeros((room, w), np.int64)
    run_mask = -1  # the mask whose run of ``above`` is unpacked in ``ups``
    run_first = 0
    run_size = 0
    compared = 0
    for k in range(start, stop):
        out_lo[k] = 0
        out_hi[k] = 0
        mask = below_masks[k]
        if mask != run_mask:
            run_mask = mask
            run_first = np.searchsorted(above_masks, mask)
            run_size = 0
            while run_first + run_size < n_above and above_masks[run_first + run_size] == mask:
                run_size += 1
            if run_size > room:
                room = max(run_size, 2 * room)
                ups = np.zeros((room, w), np.int64)
                up_partners = np.zeros((room, w), np.int64)
            for r in range(run_size):
                i = run_first + r
                for j in range(w):
                    ups[r, j] = (above[i, word[j]] >> shift[j]) & tmask
                _partners(ups[r], w, labels, seen, at, up_partners[r])
        if run_size == 0:
            continue
        for j in range(w):
            down[j] = (below[k, word[j]] >> shift[j]) & tmask
        _partners(down, w, labels, seen, at, down_partner)
        lo = 0
        hi = 0
        for r in range(run_size):
            compared += 1
            if _fit(ups[r], down, up_partners[r], down_partner, w, labels, used):
                i = run_first + r
                lo += above[i, count_at]
                hi += above[i, count_at + 1] + (lo >> 62)
                lo &= LIMB
                if hi > LIMB:
                    reg[OVERFLOW] = 1
                    hi &= LIMB
        out_lo[k] = lo
        out_hi[k] = hi
    return compared
