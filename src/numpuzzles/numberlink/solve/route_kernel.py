"""The ``blank`` router's inner loop, in the subset of Python that numba compiles.

Why a separate module: like ``scan_kernel.py``, this is the hot loop (hundreds of thousands
of path steps on a 50x50 board), written over flat integer arrays with no objects and no
recursion so numba can compile it; ``route.py`` compiles it and keeps this plain version as
the reference the tests compare against.  The rules it relies on are argued in
``route.py``'s docstring; the comments here name them.

Layout: the board is padded with a border of ``BORDER`` cells, so a cell's neighbours are
``p - width``, ``p + 1``, ``p + width`` and ``p - 1`` without bounds checks.  ``occ[p]`` is
``BORDER``, ``BLOCKED``, 0 (free) or the label whose end or path cell ``p`` is.

The search is a depth-first search over path steps, kept in explicit per-depth arrays so
that it can stop after a node budget and resume later (from another thread too).  Frame
``d`` extends the path of label ``flab[d]`` from its head ``fhead[d]``; a frame with
``flab[d] == 0`` first chooses the next label to route (a function of the state alone, so
the search stays exhaustive).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # annotations only: this module imports nothing at run time
    import cython  # Cython reads this one as it builds (``route_free``), whatever the ``if``
    import numpy as np
    import numpy.typing as npt

    Array = npt.NDArray[np.int64]

BORDER = -2
BLOCKED = -1

DEPTH, FOUND, NODES, RANDOM, SPREAD, LEVELS, HUG, SLACK, BOUNDED, WEIGHT = range(10)
"""Indices into ``reg``, the search's scalar state (kept in an array so a search resumes):
``RANDOM`` a xorshift state for tie-breaks (0: none), ``SPREAD`` how far the label chosen
next may be from the nearest one, ``LEVELS`` how many labels are started, ``HUG`` 1: among
equally near cells prefer those beside walls and paths, ``SLACK`` how many cells a path may
take beyond the shortest (-1: any), ``BOUNDED`` 1 once the slack cut a path off, ``WEIGHT``
how much a label's count of being cut off (``weight``) pulls it forward (0: not at all)."""

EXHAUSTED, LIMIT, PAUSED, BOUND_REACHED = 0, 1, 2, 3
"""What ``route`` returns: every branch tried; a solution found; budget spent; every
branch tried, but some paths were cut off for being longer than the slack allows (so not
a proof)."""

FIRST, BOUND, BLIND = 0, 1, 2
"""Columns of ``info``: a label's first frame, the most cells its path may take, and
whether its conflicts include every label routed before it (after a slack cut)."""

UNSEEN = 1 << 40
"""Distance of a cell the goal cannot reach."""

LOW63 = 0x7FFFFFFFFFFFFFFF
"""The xorshift generator's mask (its state stays a non-negative int64); a named constant
so the Cython build reads it as a C integer, not as a literal too wide for a C ``long``."""

_V = "int64[:]"
_M = "int64[:, :]"
AOT_EXPORTS = {
    "route": f"int64({_V}, {_V}, int64, {_V}, {_V}, {_V}, {_M}, {_M}, {_V}, {_V}, {_M}, {_V}, "
    f"{_V}, {_V}, {_M}, {_V}, {_V}, {_V}, {_V}, {_V}, {_V}, {_V}, {_V}, int64)",
}
"""``route``'s argument types, for its ahead-of-time build (see ``core/jit.py``)."""


def _distances(occ: Array, width: int, goal: int, dist: Array, queue: Array) -> None:
    """Breadth-first distances from ``goal`` through free cells into ``dist`` (a row)."""
    dist[:] = UNSEEN
    dist[goal] = 0
    head = 0
    tail = 1
    queue[0] = goal
    while head < tail:
        p = queue[head]
        head += 1
        for k in range(4):
            q = p - width if k == 0 else (p + 1 if k == 1 else (p + width if k == 2 else p - 1))
            if occ[q] == 0 and dist[q] == UNSEEN:
                dist[q] = dist[p] + 1
                queue[tail] = q
                tail += 1


def _connected(
    occ: Array,
    width: int,
    start: Array,
    goal: Array,
    routed: Array,
    active: int,
    head: int,
    comp: Array,
    queue: Array,
    seen: Array,
) -> int:
    """0 when every label still to route can reach its partner through free cells, else a
    label that cannot.

    Labels the free cells into components (``comp``), then asks, for every unrouted label
    (for ``active`` from its path's ``head``), whether some free neighbour of one end lies in
    the same component as some free neighbour of the other.  ``seen`` is scratch space,
    one slot per component.
    """
    size = occ.shape[0]
    comp[:] = -1
    count = 0
    for s in range(size):
        if occ[s] != 0 or comp[s] >= 0:
            continue
        comp[s] = count
        h = 0
        t = 1
        queue[0] = s
        while h < t:
            p = queue[h]
            h += 1
            for k in range(4):
                q = p - width if k == 0 else (p + 1 if k == 1 else (p + width if k == 2 else p - 1))
                if occ[q] == 0 and comp[q] < 0:
                    comp[q] = count
                    queue[t] = q
                    t += 1
        count += 1
    labels = start.shape[0]
    seen[:count] = 0
    stamp = 0
    for lab in range(1, labels):
        if routed[lab] != 0:
            continue
        a = head if lab == active else start[lab]
        b = goal[lab]
        stamp += 1
        beside = False
        for k in range(4):
            q = a - width if k == 0 else (a + 1 if k == 1 else (a + width if k == 2 else a - 1))
            if q == b:
                beside = True
            elif occ[q] == 0:
                seen[comp[q]] = stamp
        if beside:
            continue
        fine = False
        for k in range(4):
            q = b - width if k == 0 else (b + 1 if k == 1 else (b + width if k == 2 else b - 1))
            if occ[q] == 0 and seen[comp[q]] == stamp:
                fine = True
                break
        if not fine:
            return lab
    return 0


def _explain_cut(
    occ: Array,
    isend: Array,
    width: int,
    own: int,
    a: int,
    b: int,
    comp: Array,
    seen: Array,
    conf: Array,
) -> None:
    """Add to ``conf[own]`` the labels whose path cells fence in end ``a`` or ``b`` (the side
    whose free cells are fewer): while those paths stay, the two ends stay apart.

    ``comp`` holds the free cells' components from ``_connected``.  Ends are fixed, and
    ``own``'s cells belong to the path being enumerated, so neither is a cause.
    """
    size = occ.shape[0]
    seen[:] = 0
    for k in range(4):
        q = a - width if k == 0 else (a + 1 if k == 1 else (a + width if k == 2 else a - 1))
        if occ[q] == 0:
            seen[comp[q]] |= 1
        q = b - width if k == 0 else (b + 1 if k == 1 else (b + width if k == 2 else b - 1))
        if occ[q] == 0:
            seen[comp[q]] |= 2
    size_a = 0
    size_b = 0
    for p in range(size):
        if occ[p] == 0:
            if seen[comp[p]] & 1:
                size_a += 1
            if seen[comp[p]] & 2:
                size_b += 1
    side = 1 if size_a <= size_b else 2
    end = a if side == 1 else b
    for p in range(size):
        if p != end and (occ[p] != 0 or (seen[comp[p]] & side) == 0):
            continue
        for k in range(4):
            q = p - width if k == 0 else (p + 1 if k == 1 else (p + width if k == 2 else p - 1))
            v = occ[q]
            if v > 0 and v != own and isend[q] == 0:
                conf[own, v >> 5] |= 1 << (v & 31)


def route(
    occ: Array,
    isend: Array,
    width: int,
    start: Array,
    goal: Array,
    routed: Array,
    dist: Array,
    conf: Array,
    stack: Array,
    last: Array,
    info: Array,
    weight: Array,
    flab: Array,
    fhead: Array,
    fcand: Array,
    fnum: Array,
    fnext: Array,
    fplaced: Array,
    comp: Array,
    queue: Array,
    seen: Array,
    reg: Array,
    keys: Array,
    budget: int,
) -> int:
    """Run the depth-first search for up to ``budget`` nodes; see the module docstring.

    ``start[k]``/``goal[k]``: the end label ``k``'s path grows from and the end it must
    reach (padded indices); ``isend[p]``: 1 on ends.  ``routed[k]``: 1 once label ``k``'s
    path is complete.  ``dist[k]``: distances from ``goal[k]`` through the cells free when
    ``k`` was chosen, which order the steps tried (nearest first).

    Conflict-directed backjumping: ``conf[k]`` (a bit per label, 32 to a word) collects the
    labels whose paths took part in ruling out a path of ``k`` (a cell it wanted, a fence
    cutting some label off).  When every path of ``k`` is ruled out, no path of a label
    routed after the last label in ``conf[k]`` can help, so the search jumps back to that
    label's last step (passing ``conf[k]`` on to it) and unroutes the labels in between;
    with no label in ``conf[k]`` the board has no solution.  ``stack[1..reg[LEVELS]]``:
    the labels started, in order; ``last[k]``: the depth of the step that completed ``k``.

    Per depth ``d``: ``flab``/``fhead`` the label and head being extended (``flab`` 0:
    choose a label first), ``fcand[d]`` the candidate next cells, ``fnum``/``fnext`` how
    many and the next to try (-1: the frame is new), ``fplaced`` the cell the current child
    placed (-1: none).  ``keys``: 4 slots of scratch, the sort keys of a frame's candidate
    cells.  A solution is left in ``occ`` with ``reg[FOUND]`` set.
    """
    w = width
    labels = start.shape[0]
    words = conf.shape[1]
    fkey = keys
    depth = reg[DEPTH]
    nodes = 0
    while depth >= 0:
        if fnext[depth] < 0:
            # a new frame: choose a label when none is active, then list the next steps
            lab = flab[depth]
            if lab == 0:
                best = 0
                best_d = UNSEEN + 1
                for k in range(1, labels):
                    if routed[k] != 0:
                        continue
                    _distances(occ, w, goal[k], dist[k], queue)
                    dk = UNSEEN
                    s = start[k]
                    for j in range(4):
                        q = s - w if j == 0 else (s + 1 if j == 1 else (s + w if j == 2 else s - 1))
                        if occ[q] == 0 and dist[k, q] < dk:
                            dk = dist[k, q]
                    if dk < UNSEEN and reg[RANDOM] != 0:
                        dk += _next_random(reg) % (reg[SPREAD] + 1)
                    if dk < UNSEEN:
                        dk -= reg[WEIGHT] * weight[k]
                    if dk < best_d:
                        best_d = dk
                        best = k
                if best == 0:
                    # every label routed: a solution
                    reg[FOUND] = 1
                    reg[DEPTH] = depth
                    reg[NODES] += nodes
                    return LIMIT
                lab = best
                flab[depth] = lab
                fhead[depth] = start[lab]
                conf[lab, :] = 0
                reg[LEVELS] += 1
                stack[reg[LEVELS]] = lab
                _distances(occ, w, goal[lab], dist[lab], queue)
                info[lab, FIRST] = depth
                info[lab, BLIND] = 0
                info[lab, BOUND] = UNSEEN
                if reg[SLACK] >= 0:
                    s = start[lab]
                    for j in range(4):
                        q = s - w if j == 0 else (s + 1 if j == 1 else (s + w if j == 2 else s - 1))
                        if occ[q] == 0 and dist[lab, q] + reg[SLACK] < info[lab, BOUND]:
                            info[lab, BOUND] = dist[lab, q] + reg[SLACK]
            h = fhead[depth]
            g = goal[lab]
            n = 0
            for j in range(4):
                x = h - w if j == 0 else (h + 1 if j == 1 else (h + w if j == 2 else h - 1))
                v = occ[x]
                if v != 0:
                    if v > 0 and v != lab and isend[x] == 0:
                        conf[lab, v >> 5] |= 1 << (v & 31)  # another path holds x
                    continue
                # the path never touches itself: x's only cells of this label are the head
                # and (when the path ends next) the goal
                fine = True
                for i in range(4):
                    y = x - w if i == 0 else (x + 1 if i == 1 else (x + w if i == 2 else x - 1))
                    if y != h and y != g and occ[y] == lab:
                        fine = False
                        break
                if not fine:
                    continue
                # the slack: paths no longer than the shortest one on the board as it was
                # when the label was chosen, plus SLACK cells (the distances only grow)
                dx = dist[lab, x]
                if dx < UNSEEN and depth - info[lab, FIRST] + dx > info[lab, BOUND]:
                    reg[BOUNDED] = 1
                    info[lab, BLIND] = 1
                    continue
                # insert in distance order, ties in random order
                dx = dist[lab, x] * 16
                if reg[HUG] != 0:
                    # among equally near cells, hug walls and paths: keep open space whole
                    for i in range(4):
                        y = x - w if i == 0 else (x + 1 if i == 1 else (x + w if i == 2 else x - 1))
                        if occ[y] == 0:
                            dx += 4
                if reg[RANDOM] != 0:
                    dx += _next_random(reg) & 3
                i = n
                while i > 0 and fkey[i - 1] > dx:
                    fcand[depth, i] = fcand[depth, i - 1]
                    fkey[i] = fkey[i - 1]
                    i -= 1
                fcand[depth, i] = x
                fkey[i] = dx
                n += 1
            fnum[depth] = n
            fnext[depth] = 0
            fplaced[depth] = -1
        lab = flab[depth]
        placed = fplaced[depth]
        if placed >= 0:  # undo the previous child
            occ[placed] = 0
            routed[lab] = 0
            fplaced[depth] = -1
        if fnext[depth] >= fnum[depth]:
            if stack[reg[LEVELS]] == lab and fhead[depth] == start[lab]:
                # every path of lab is ruled out: jump back to the last label to blame
                weight[lab] += 1
                reg[LEVELS] -= 1
                target = 0
                level = reg[LEVELS]
                while level > 0:
                    k = stack[level]
                    if info[lab, BLIND] != 0 or (conf[lab, k >> 5] >> (k & 31)) & 1:
                        target = k
                        break
                    level -= 1
                if target == 0:
                    depth = -1  # no path is to blame: no solution (within the slack)
                    break
                if info[lab, BLIND] != 0:
                    info[target, BLIND] = 1
                for i in range(words):
                    conf[target, i] |= conf[lab, i]
                conf[target, target >> 5] &= ~(1 << (target & 31))
                # unroute the labels started after target
                while reg[LEVELS] > level:
                    conf[stack[reg[LEVELS]], :] = 0
                    reg[LEVELS] -= 1
                back = last[target]
                for f in range(depth - 1, back, -1):
                    if fplaced[f] >= 0:
                        occ[fplaced[f]] = 0
                        routed[flab[f]] = 0
                        fplaced[f] = -1
                depth = back
                continue
            depth -= 1
            continue
        x = fcand[depth, fnext[depth]]
        fnext[depth] += 1
        nodes += 1
        g = goal[lab]
        occ[x] = lab
        done = x - w == g or x + 1 == g or x + w == g or x - 1 == g
        if done:
            routed[lab] = 1
        cut = _connected(occ, w, start, goal, routed, 0 if done else lab, x, comp, queue, seen)
        if cut != 0:
            weight[cut] += 1
            a = x if cut == lab else start[cut]
            _explain_cut(occ, isend, w, lab, a, goal[cut], comp, seen, conf)
        elif _stays_empty(occ, w, x, lab, g, done, routed, conf):
            cut = -1
        if cut != 0:
            occ[x] = 0
            routed[lab] = 0
            continue
        fplaced[depth] = x
        if done:
            last[lab] = depth
        depth += 1
        flab[depth] = 0 if done else lab
        fhead[depth] = x
        fnext[depth] = -1
        if nodes >= budget:
            reg[DEPTH] = depth
            reg[NODES] += nodes
            return PAUSED
    reg[DEPTH] = depth
    reg[NODES] += nodes
    return BOUND_REACHED if reg[BOUNDED] != 0 else EXHAUSTED


def _stays_empty(
    occ: Array,
    width: int,
    y: int,
    lab: int,
    goal: int,
    done: bool,
    routed: Array,
    conf: Array,
) -> bool:
    """Whether placing ``y`` on ``lab``'s path leaves a free cell ``m`` between ``y`` and an
    earlier cell of the same path, in a straight line, that no path can ever use: then the
    path could be shortened through ``m`` and the solution is not a shortest one.  When so,
    the routed labels that make ``m`` unusable are added to ``conf[lab]``."""
    w = width
    for j in range(4):
        d = -w if j == 0 else (1 if j == 1 else (w if j == 2 else -1))
        m = y + d
        if occ[m] != 0:
            continue
        x = m + d
        if occ[x] != lab or (x == goal and not done):
            continue
        # m's two other neighbours: each must be usable by another label's path
        usable = 0
        e = w if (j == 1 or j == 3) else 1
        for i in range(2):
            q = m + e if i == 0 else m - e
            v = occ[q]
            if v == 0 or (v > 0 and v != lab and routed[v] == 0):
                usable += 1
        if usable < 2:
            for i in range(2):
                q = m + e if i == 0 else m - e
                v = occ[q]
                if v > 0 and v != lab:
                    conf[lab, v >> 5] |= 1 << (v & 31)
            return True
    return False


def _next_random(reg: Array) -> int:
    """The next value of the xorshift generator kept in ``reg[RANDOM]`` (non-negative)."""
    x = reg[RANDOM]
    x ^= (x << 13) & LOW63
    x ^= x >> 7
    x ^= (x << 17) & LOW63
    reg[RANDOM] = x
    return int(x & 0xFFFF)


def route_free(
    occ: Array,
    isend: Array,
    width: int,
    start: Array,
    goal: Array,
    routed: Array,
    dist: Array,
    conf: Array,
    stack: Array,
    last: Array,
    info: Array,
    weight: Array,
    flab: Array,
    fhead: Array,
    fcand: Array,
    fnum: Array,
    fnext: Array,
    fplaced: Array,
    comp: Array,
    queue: Array,
    seen: Array,
    reg: Array,
    keys: Array,
    budget: int,
) -> int:
    """``route`` with the GIL released for the call: its Cython build (``route_kernel_c``)
    is the one ever run (``route.route_function``), as ``scan_kernel.search_free`` is for
    the scan.  Why: the router races SAT in a second thread (``race._race``), where numba's
    ahead-of-time build, which holds the GIL, had to wait for its JIT version to load."""
    with cython.nogil:
        return route(
            occ, isend, width, start, goal, routed, dist, conf, stack, last, info, weight,
            flab, fhead, fcand, fnum, fnext, fplaced, comp, queue, seen, reg, keys, budget,
        )
