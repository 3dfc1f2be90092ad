"""The ``fill-notouch`` scan search's inner loop, in the subset of Python that numba compiles.

Why a separate module: this one function is the hot loop of the whole solver (millions of
nodes on a 50x50 board), so it is written over flat integer arrays with no calls, no
objects and no recursion, which numba turns into machine code (``scan.py`` compiles it and
keeps this plain version as the reference the tests compare against).  The rules it uses
are argued in ``scan.py``'s docstring; the comments here name them.

Layout: the board is padded with a border of ``BORDER`` cells, so a cell's neighbours are
``p - width``, ``p + 1``, ``p + width`` and ``p - 1`` without bounds checks.  ``con[p]`` holds
the cell's path edges as bits ``N | E | S | W``; an edge is decided by the cell above or to
its left (its *owner*) when that cell is processed.  Every cell is processed in ``order``
(anti-diagonals, each from its top-right cell down to its bottom-left one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # annotations only: this module imports nothing at run time
    import cython  # Cython reads this one as it builds (``search_free``), whatever the ``if``
    import numpy as np
    import numpy.typing as npt

    Array = npt.NDArray[np.int64]

N, E, S, W = 1, 2, 4, 8
BORDER = -2
"""A cell outside the board (the padding)."""
BLOCKED = -1
"""A blocked cell inside the board."""

DEPTH, TRAIL, FOUND, NODES = 0, 1, 2, 3
"""Indices into ``reg``, the search's scalar state (kept in an array so a search resumes)."""

EXHAUSTED, LIMIT, PAUSED = 0, 1, 2
"""What ``search`` returns: every branch tried; ``limit`` solutions found; budget spent."""

_V = "int64[:]"
AOT_EXPORTS = {
    "search": f"int64({_V}, {_V}, {_V}, {_V}, {_V}, int64, {_V}, {_V}, {_V}, int64[:, :], "
    f"{_V}, {_V}, {_V}, int64[:, :], int64, int64)",
    "prepare": f"int64({_V}, int64, int64, {_V}, {_V}, {_V}, {_V}, {_V})",
    "trace": f"int64({_V}, int64, {_V}, {_V}, {_V}, {_V}, {_V})",
    "parts": f"int64({_V}, int64, {_V}, {_V}, {_V})",
}
"""The kernels' argument types, for their ahead-of-time build (see ``core/jit.py``)."""


def prepare(
    lab: Array, w: int, h: int, req: Array, canse: Array, order: Array, rank: Array, col: Array
) -> int:
    """Fill ``search``'s fixed tables for the padded board ``lab`` (``w`` by ``h`` inside)
    and return the number of cells in ``order``.

    Why compiled: for a board the search settles in a fraction of a millisecond, building
    these tables with numpy calls (a row at a time for ``canse``) cost more than the search.
    ``req``, ``col``: see ``search``.  ``canse`` (zeros on entry): 1 where a free cell may
    open east and south: both neighbours usable, and the cell diagonally south-east an end,
    a blocked cell, or a free cell that may do the same (so filled from the bottom row up).
    ``order``: the usable cells along anti-diagonals, each from its top-right cell down;
    ``rank[p]``: ``p``'s position in ``order``, -1 for cells not in it.
    """
    pw = w + 2
    size = pw * (h + 2)
    for p in range(size):
        value = lab[p]
        req[p] = 1 if value > 0 else (2 if value == 0 else 0)
        col[p] = value if value > 0 else 0
        rank[p] = -1
    for r in range(h, 0, -1):
        for c in range(1, w + 1):
            p = r * pw + c
            if lab[p] >= 0 and lab[p + 1] >= 0 and lab[p + pw] >= 0:
                diagonal = lab[p + pw + 1]
                if diagonal == 0:
                    canse[p] = canse[p + pw + 1]
                elif diagonal != BORDER:
                    canse[p] = 1
    n = 0
    for d in range(h + pw + 1):
        for r in range(max(0, d - pw + 1), min(h + 1, d) + 1):
            p = r * pw + d - r
            if lab[p] >= 0:
                order[n] = p
                rank[p] = n
                n += 1
    return n


def parts(lab: Array, width: int, part: Array, sizes: Array, stack: Array) -> int:
    """Number the parts of the free cells (``lab`` 0) of the padded board ``lab``, each part
    the free cells connected through free cells: ``part[p]`` gets the part of free cell
    ``p`` (-1 for every other cell), ``sizes[k]`` the cells of part ``k``.  Returns the
    number of parts.  ``stack`` has a slot per cell.  Why here: ``reach.Reach`` needs the
    parts for every board, and in Python this flood fill cost a small board more than its
    search."""
    size = lab.shape[0]
    for p in range(size):
        part[p] = -1
    count = 0
    for first in range(size):
        if lab[first] != 0 or part[first] >= 0:
            continue
        part[first] = count
        stack[0] = first
        top = 1
        members = 1
        while top > 0:
            top -= 1
            p = stack[top]
            for k in range(4):
                n = p - 1 if k == 0 else (p + width if k == 1 else (p + 1 if k == 2 else p - width))
                if lab[n] == 0 and part[n] < 0:
                    part[n] = count
                    stack[top] = n
                    top += 1
                    members += 1
        sizes[count] = members
        count += 1
    return count


def trace(
    con: Array, width: int, starts: Array, labels: Array, path: Array, cut: Array, owner: Array
) -> int:
    """Follow each solved path of ``con`` (one row of ``search``'s ``sols``) from its first
    end ``starts[k]``: its padded cells go, in order, into ``path``, ending before
    ``cut[k]``; ``owner[p]`` gets ``labels[k]`` for each of them.  Returns the cells
    written.  Why compiled: walking every cell in Python cost a small board more than its
    search."""
    m = 0
    for k in range(starts.shape[0]):
        at = starts[k]
        previous = -1
        while True:
            path[m] = at
            m += 1
            owner[at] = labels[k]
            links = con[at]
            following = -1
            if links & N and at - width != previous:
                following = at - width
            elif links & E and at + 1 != previous:
                following = at + 1
            elif links & S and at + width != previous:
                following = at + width
            elif links & W and at - 1 != previous:
                following = at - 1
            if following < 0:
                break
            previous = at
            at = following
        cut[k] = m
    return m


def search(
    lab: Array,
    req: Array,
    canse: Array,
    order: Array,
    rank: Array,
    width: int,
    con: Array,
    end: Array,
    col: Array,
    trail: Array,
    opt: Array,
    mark: Array,
    reg: Array,
    sols: Array,
    limit: int,
    budget: int,
) -> int:
    """Run the depth-first search for up to ``budget`` nodes; see the module docstring.

    ``lab``: per padded cell, ``BORDER``, ``BLOCKED``, 0 (free) or the end's label.
    ``req``: path edges each cell needs (1 an end, 2 a free cell).  ``canse``: 1 where a
    free cell may be a corner opening to the east and south.  ``rank[p]``: the position of
    ``p`` in ``order``.  ``end[p]``: for the end cell of a path piece, the piece's other
    end.  ``col[p]``: the label of the path through ``p``, 0 while unknown.  ``trail``
    (rows: kind, index, old value) undoes changes to ``con`` (kind 0), ``end`` (1) and
    ``col`` (2).  ``opt[d]``/``mark[d]``: the next option to try at depth ``d`` and the trail
    length on entering it.  Solutions are copied into ``sols`` (one row of ``con`` each).
    """
    n = order.shape[0]
    depth = reg[DEPTH]
    tlen = reg[TRAIL]
    found = reg[FOUND]
    nodes = 0
    w = width
    while depth >= 0:
        if depth == n:
            for q in range(con.shape[0]):  # a loop, not a slice: every build copies it
                sols[found, q] = con[q]
            found += 1
            if found >= limit:
                reg[DEPTH] = depth - 1
                reg[TRAIL] = tlen
                reg[FOUND] = found
                reg[NODES] += nodes
                return LIMIT
            depth -= 1
            continue
        p = order[depth]
        o = opt[depth]
        moved = False
        while o < 4:
            while tlen > mark[depth]:  # undo the previous option's changes
                tlen -= 1
                kind, at, old = trail[tlen, 0], trail[tlen, 1], trail[tlen, 2]
                if kind == 0:
                    con[at] = old
                elif kind == 1:
                    end[at] = old
                else:
                    col[at] = old
            have = con[p]
            need = req[p] - ((have & N) != 0) - ((have & W) != 0)
            # an east-south corner to the north-west joins the cells north and west of p: p
            # may join neither (one would make p touch the other, both close a loop)
            if (con[p - w - 1] & (E | S)) == (E | S) and (have & (N | W)) != 0:
                break
            # a south-west corner to the north-east joins the cells north and east of p
            ne_corner = (con[p - w + 1] & (S | W)) == (S | W)
            if ne_corner and (have & N) != 0:
                break
            cur = o
            o += 1
            go_e = cur & 1
            go_s = (cur >> 1) & 1
            if go_e + go_s != need:
                continue
            nodes += 1
            e = p + 1
            s = p + w
            if go_e:
                if lab[e] < 0 or ne_corner:
                    continue
                if ((con[e] & N) != 0) + ((con[e] & W) != 0) >= req[e]:
                    continue
                # no three edges of a 2x2 square (a U turn touches itself)
                up = ((con[p - w] & E) != 0) + ((have & N) != 0)
                if up + ((con[p - w + 1] & S) != 0) >= 2:
                    continue
            if go_s:
                if lab[s] < 0:
                    continue
                if ((have & W) != 0) + ((con[p - 1] & S) != 0) >= 2:
                    continue
            final = have | (E if go_e else 0) | (S if go_s else 0)
            if lab[p] == 0:
                # a corner's inner diagonal neighbour is an end or the same kind of corner
                if final == N | W:
                    t = p - w - 1
                    if lab[t] > 0 and (con[t] & (E | S)) != 0:
                        continue
                    if lab[t] == 0 and con[t] != N | W:
                        continue
                elif final == N | E:
                    t = p - w + 1
                    if lab[t] > 0 and (con[t] & (W | S)) != 0:
                        continue
                    if lab[t] == 0 and con[t] != N | E:
                        continue
                elif final == W | S:
                    q = p + w - 1
                    lane = True
                    while True:
                        if lab[q] == BORDER:
                            lane = False
                            break
                        if lab[q] == BLOCKED:
                            break
                        if lab[q] > 0:
                            lane = (con[q] & N) == 0
                            break
                        if con[q] != W:
                            lane = False
                            break
                        q += w - 1
                    if not lane:
                        continue
                elif final == E | S and canse[p] == 0:
                    continue
            # a free cell east of p joined from neither north nor west must be such a corner
            if not go_e and lab[e] == 0 and (con[e] & N) == 0 and canse[e] == 0:
                continue
            # join p to its new neighbours: never a loop, never two different labels
            fine = True
            ea = p
            eb = p
            for step in range(2):
                if step == 0 and not go_e:
                    continue
                if step == 1 and not go_s:
                    continue
                b = e if step == 0 else s
                bit = E if step == 0 else S
                back = W if step == 0 else N
                ea = end[p]
                eb = end[b]
                if ea == b or (lab[ea] > 0 and lab[eb] > 0 and lab[ea] != lab[eb]):
                    fine = False
                    break
                trail[tlen, 0] = 0
                trail[tlen, 1] = p
                trail[tlen, 2] = con[p]
                tlen += 1
                con[p] |= bit
                trail[tlen, 0] = 0
                trail[tlen, 1] = b
                trail[tlen, 2] = con[b]
                tlen += 1
                con[b] |= back
                trail[tlen, 0] = 1
                trail[tlen, 1] = ea
                trail[tlen, 2] = end[ea]
                tlen += 1
                end[ea] = eb
                trail[tlen, 0] = 1
                trail[tlen, 1] = eb
                trail[tlen, 2] = end[eb]
                tlen += 1
                end[eb] = ea
            if fine:
                # the piece through p knows its label once an end is on it: paint its
                # unlabelled cells; two touching cells of one label must be joined
                label = lab[ea] if lab[ea] > 0 else lab[eb]
                if label > 0:
                    for side in range(5):
                        if side == 0:
                            x = p
                            prev = -1
                        else:
                            bit = 1 << (side - 1)
                            if (con[p] & bit) == 0:
                                continue
                            prev = p
                            x = p - w if bit == N else (p + 1 if bit == E else (
                                p + w if bit == S else p - 1))
                        while fine and col[x] == 0:
                            trail[tlen, 0] = 2
                            trail[tlen, 1] = x
                            trail[tlen, 2] = 0
                            tlen += 1
                            col[x] = label
                            nxt = -1
                            for k in range(4):
                                d = 1 << k
                                y = x - w if d == N else (x + 1 if d == E else (
                                    x + w if d == S else x - 1))
                                if (con[x] & d) != 0:
                                    if y != prev:
                                        nxt = y
                                elif col[y] == label:
                                    owner = x if (d & (E | S)) != 0 else y
                                    if 0 <= rank[owner] <= depth:
                                        fine = False  # touches its own path
                            if side == 0 or nxt < 0:
                                break
                            prev = x
                            x = nxt
            if fine and col[p] != 0:
                if not go_e and col[e] == col[p]:
                    fine = False
                if not go_s and col[s] == col[p]:
                    fine = False
            if not fine:
                continue  # undone at the top of the loop
            moved = True
            break
        if moved:
            opt[depth] = o
            depth += 1
            opt[depth] = 0
            mark[depth] = tlen
            if nodes >= budget:
                reg[DEPTH] = depth
                reg[TRAIL] = tlen
                reg[FOUND] = found
                reg[NODES] += nodes
                return PAUSED
        else:
            depth -= 1
    reg[DEPTH] = depth
    reg[TRAIL] = tlen
    reg[FOUND] = found
    reg[NODES] += nodes
    return EXHAUSTED


def search_free(
    lab: Array,
    req: Array,
    canse: Array,
    order: Array,
    rank: Array,
    width: int,
    con: Array,
    end: Array,
    col: Array,
    trail: Array,
    opt: Array,
    mark: Array,
    reg: Array,
    sols: Array,
    limit: int,
    budget: int,
) -> int:
    """``search`` with the GIL released for the call: its Cython build (``scan_kernel_c``)
    is the one ever run (``scan.search_function``).

    Why: a search that races SAT in a second thread (``race._race``) must leave the
    interpreter to SAT's model building, which numba's JIT version does (``nogil``) and its
    ahead-of-time build does not.  The Cython build, with every local typed, visits 1.5x the
    nodes a second numba's builds do, and with this it needs neither numba's load nor
    numpy's arrays to race (numpy's arrays are still accepted).
    """
    with cython.nogil:
        return search(
            lab, req, canse, order, rank, width, con, end, col, trail, opt, mark, reg, sols,
            limit, budget,
        )
