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
edge is left over (it would lie on a loop of anonymous pieces).  Whether the walks close
into paths without a loop, and which label edges each path joins, depends only on the
states' *shapes* (``shape_keys``: which edges carry a label, which pairs of edges an
anonymous piece joins); the labels only decide whether each path's two ends agree.  So the
states are grouped by the edges they use and then by shape, each pair of shapes is walked
once, and for the pairs that close only the labels at the paths' ends are compared.
Measured on a 14x14 board's meeting (1.7 and 0.75 million states, 715 million pairs using
the same edges, 15 million pairs of shapes): 2.7 s against 24.5 s for walking every pair of
states (``bench/HISTORY.md``).  Every function is plain Python that numba compiles (see
``core/jit.py``).
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
    "shape_keys": f"int64({_M}, int64, {_V}, {_V}, int64, int64, int64, int64, {_V}, {_V})",
    "fitting_sums": f"int64({_M}, {_V}, {_V}, {_M}, {_V}, {_V}, int64, int64, {_V}, {_V}, "
    f"int64, int64, int64, {_V}, {_V}, {_V})",
}
"""The kernels' argument types, for their ahead-of-time build (see ``core/jit.py``)."""


SHAPE_BITS = 2
"""Bits of a field in a state's *shape* (``shape_keys``): 0 no edge, 1 a label, 2 and 3
an anonymous piece's left and right edge."""

MAX_SHAPE_FIELDS = 31
"""The widest cut whose shapes fit one non-negative ``int64`` (``shape_keys``)."""


def shape_keys(
    states: Array, n: int, word: Array, shift: Array, tmask: int, w: int, labels: int,
    mirrored: int, masks: Array, shapes: Array,
) -> int:
    """For the first ``n`` states: ``masks[i]``, the bit set of the edges state ``i`` uses
    (bit ``j``: edge ``j`` is used), and ``shapes[i]``, its *shape*: its tokens with every
    label the same, two bits an edge (``SHAPE_BITS``; edge 0 the lowest).  Anonymous pieces
    on one side of a cut do not cross, so whether an edge is its piece's left or right one
    gives back which edges pair.  States of one shape differ only in the labels on their
    label edges.  ``mirrored`` not 0: the states' fields run from the right edge (edge
    ``j`` is field ``w - 1 - j``), and the keys are those of the states mirrored.  Returns
    ``n``."""
    seen = np.zeros(labels + w + 2, np.int64)
    for i in range(n):
        key = 0
        mask = 0
        for j in range(w):
            f = w - 1 - j if mirrored else j
            t = (states[i, word[f]] >> shift[f]) & tmask
            if t == 0:
                continue
            mask |= 1 << j
            if t <= labels:
                code = 1
            elif seen[t]:
                code = 3
                seen[t] = 0
            else:
                code = 2
                seen[t] = 1
            key |= code << (SHAPE_BITS * j)
        masks[i] = mask
        shapes[i] = key
    return n


def _shape_partners(shape: int, w: int, stack: Array, partner: Array) -> None:
    """``partner[j]``: the other edge of the anonymous piece at edge ``j`` of ``shape``."""
    depth = 0
    for j in range(w):
        code = (shape >> (SHAPE_BITS * j)) & 3
        if code == 2:
            stack[depth] = j
            depth += 1
        elif code == 3:
            depth -= 1
            other = stack[depth]
            partner[j] = other
            partner[other] = j


def _shape_fit(
    up: int, down: int, w: int, up_partner: Array, down_partner: Array, used: Array,
    kind: Array, first: Array, second: Array,
) -> int:
    """Whether two shapes of the same edges join into paths from label edge to label edge
    with no loop: -1 if not, else the number of such paths, each in ``kind`` (0: both its
    label edges above, 1: both below, 2: ``first`` above and ``second`` below), ``first``
    and ``second`` (the two label edges).  Two states of these shapes fit exactly when
    each path's two label edges carry the same label (as ``_fit`` walks them)."""
    for j in range(w):
        used[j] = 0
    paths = 0
    for j in range(w):
        for side in range(2):
            code = ((up if side == 0 else down) >> (SHAPE_BITS * j)) & 3
            if code != 1 or used[j]:
                continue
            at = j
            below = side == 0
            used[at] = 1
            while True:
                code = ((down if below else up) >> (SHAPE_BITS * at)) & 3
                if code == 1:
                    break
                at = down_partner[at] if below else up_partner[at]
                if used[at]:
                    return -1
                used[at] = 1
                below = not below
            end_side = 1 if below else 0
            if side == 0 and end_side == 0:
                kind[paths] = 0
                first[paths] = j
                second[paths] = at
            elif side == 1 and end_side == 1:
                kind[paths] = 1
                first[paths] = j
                second[paths] = at
            elif side == 0:
                kind[paths] = 2
                first[paths] = j
                second[paths] = at
            else:
                kind[paths] = 2
                first[paths] = at
                second[paths] = j
            paths += 1
    for j in range(w):
        if (up >> (SHAPE_BITS * j)) & 3 and not used[j]:
            return -1  # a loop of anonymous pieces
    return paths


def fitting_sums(
    above: Array,
    above_masks: Array,
    above_shapes: Array,
    below: Array,
    below_masks: Array,
    below_shapes: Array,
    start: int,
    stop: int,
    word: Array,
    shift: Array,
    tmask: int,
    w: int,
    count_at: int,
    out_lo: Array,
    out_hi: Array,
    reg: Array,
) -> int:
    """For rows ``start..stop-1`` of ``below``, the sum of the counts of the states of
    ``above`` that fit each, as two 62-bit limbs in ``out_lo``, ``out_hi``.

    Both sides' rows are sorted by their edge masks (``above_masks``, ``below_masks``) and
    then by their shapes (``above_shapes``, ``below_shapes``; see ``shape_keys``), so the
    states using one set of edges form one run on each side, found by binary search, and
    within it the states of one shape a run of their own.  Each run of ``above`` is
    unpacked once (tokens, and each of its shapes' partner edges); each of its shapes is
    walked against a state's shape below once for a run of states below sharing that shape
    (``_shape_fit``), and only for the shapes that close into paths are the labels of the
    states above compared with the state's, at the paths' ends.  A state's count sits in
    its words ``count_at`` (low limb) and ``count_at + 1``.  Returns the number of pairs of
    shapes walked.
    """
    down = np.zeros(w, np.int64)
    stack = np.zeros(w + 1, np.int64)
    down_partner = np.zeros(w, np.int64)
    used = np.zeros(w, np.int64)
    n_above = above.shape[0]
    room = 64
    ups = np.zeros((room, w), np.int64)
    subs = 16  # room for the shapes of one run of ``above``
    sub_first = np.zeros(subs, np.int64)
    sub_size = np.zeros(subs, np.int64)
    sub_shape = np.zeros(subs, np.int64)
    sub_partner = np.zeros((subs, w), np.int64)
    fit_sub = np.zeros(subs, np.int64)
    fit_paths = np.zeros(subs, np.int64)
    fit_kind = np.zeros((subs, w), np.int64)
    fit_first = np.zeros((subs, w), np.int64)
    fit_second = np.zeros((subs, w), np.int64)
    n_sub = 0
    n_fit = 0
    run_mask = -1
    run_first = 0
    run_size = 0
    below_shape = -1  # the shape below that the ``fit_*`` arrays were made for
    compared = 0
    for k in range(start, stop):
        out_lo[k] = 0
        out_hi[k] = 0
        mask = below_masks[k]
        if mask != run_mask:
            run_mask = mask
            below_shape = -1
            run_first = np.searchsorted(above_masks, mask)
            run_size = 0
            while run_first + run_size < n_above and above_masks[run_first + run_size] == mask:
                run_size += 1
            if run_size > room:
                room = max(run_size, 2 * room)
                ups = np.zeros((room, w), np.int64)
            n_sub = 0
            for r in range(run_size):
                i = run_first + r
                for j in range(w):
                    ups[r, j] = (above[i, word[j]] >> shift[j]) & tmask
                if r == 0 or above_shapes[i] != above_shapes[i - 1]:
                    if n_sub == subs:
                        subs *= 2
                        sub_first = _grown(sub_first, subs)
                        sub_size = _grown(sub_size, subs)
                        sub_shape = _grown(sub_shape, subs)
                        sub_partner = _grown_rows(sub_partner, subs)
                        fit_sub = _grown(fit_sub, subs)
                        fit_paths = _grown(fit_paths, subs)
                        fit_kind = _grown_rows(fit_kind, subs)
                        fit_first = _grown_rows(fit_first, subs)
                        fit_second = _grown_rows(fit_second, subs)
                    sub_first[n_sub] = r
                    sub_size[n_sub] = 0
                    sub_shape[n_sub] = above_shapes[i]
                    _shape_partners(above_shapes[i], w, stack, sub_partner[n_sub])
                    n_sub += 1
                sub_size[n_sub - 1] += 1
        if run_size == 0:
            continue
        if below_shapes[k] != below_shape:
            below_shape = below_shapes[k]
            _shape_partners(below_shape, w, stack, down_partner)
            n_fit = 0
            for s in range(n_sub):
                compared += 1
                paths = _shape_fit(sub_shape[s], below_shape, w, sub_partner[s], down_partner,
                                   used, fit_kind[n_fit], fit_first[n_fit], fit_second[n_fit])
                if paths >= 0:
                    fit_sub[n_fit] = s
                    fit_paths[n_fit] = paths
                    n_fit += 1
        if n_fit == 0:
            continue
        for j in range(w):
            down[j] = (below[k, word[j]] >> shift[j]) & tmask
        lo = 0
        hi = 0
        for f in range(n_fit):
            if not _ends_agree(fit_paths[f], fit_kind[f], fit_first[f], fit_second[f], down,
                               down, 1):
                continue  # two label edges below on one path, with different labels
            s = fit_sub[f]
            for r in range(sub_first[s], sub_first[s] + sub_size[s]):
                if _ends_agree(fit_paths[f], fit_kind[f], fit_first[f], fit_second[f],
                               ups[r], down, 0):
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


def _ends_agree(
    paths: int, kind: Array, first: Array, second: Array, up: Array, down: Array, only: int
) -> bool:
    """Whether the paths of ``kind`` ``only`` (1: both ends below, checked on ``down``) or of
    the other two kinds (0: both above, on ``up``; 2: one each) join equal labels."""
    for p in range(paths):
        if only == 1:
            if kind[p] == 1 and down[first[p]] != down[second[p]]:
                return False
        elif kind[p] == 0:
            if up[first[p]] != up[second[p]]:
                return False
        elif kind[p] == 2 and up[first[p]] != down[second[p]]:
            return False
    return True


def _grown(a: Array, size: int) -> Array:
    """``a`` copied into a longer array of ``size`` entries."""
    b = np.zeros(size, np.int64)
    b[: a.shape[0]] = a
    return b


def _grown_rows(a: Array, size: int) -> Array:
    """``a`` copied into an array of ``size`` rows."""
    b = np.zeros((size, a.shape[1]), np.int64)
    b[: a.shape[0]] = a
    return b
