"""The frontier counter's inner loops, in the subset of Python that numba compiles.

Why a separate module: counting a 14x14 board moves hundreds of millions of frontier states
through one cell each; as Python tuples in dicts that took minutes.  Here a state is a few
packed ``int64`` words and the states of one step live in an open-addressing hash table of
flat arrays, which numba turns into machine code (``counter.py`` compiles these functions and
keeps them, uncompiled, as the reference the tests run with ``NUMPUZZLES_NO_JIT=1``).

A state is the frontier after some cells (row-major) were decided: ``w`` down edges and the
right edge of the last cell (*token fields*), and under ``fill-notouch`` also the *class*
of each of the ``w`` frontier cells and one *exclusion mask* per anonymous piece.  A token
is 0 (no edge), a label ``1..labels`` (the piece hangs from one of that label's ends) or an
anonymous piece ``labels + 1, ...`` whose two open ends are both on the frontier, numbered
in order along the frontier so equal states meet; under ``blank`` and ``fill`` the pieces
of labels whose two ends are both decided take those labels' names in order along the
frontier too (``RENAME``: measured, a third fewer states).  Field ``f`` sits in word ``word[f]`` at
bit ``shift[f]``; words use 63 bits so every value stays a non-negative ``int64``.

A table row holds a state's ``words`` key words, then its count as two limbs of 62 bits
(``lo + hi * 2**62``, added with carry; a sum past 2**124 sets ``reg[OVERFLOW]`` and the
caller answers "unknown", never a wrong number).  Keeping a state in one row costs one
cache miss per insert instead of one per array, which is most of the time on large
frontiers.  A free slot has ``EMPTY`` in its first word; ``gather`` empties the table as it
reads it, so a step starts on an empty table without clearing it.

Rules (the checker's, ``check.py``): ``blank`` lets free cells stay empty, ``fill`` uses
every free cell, ``fill-notouch`` also forbids two orthogonally adjacent cells of one path
that are not consecutive on it.  With every cell on some path that is a local rule once
each cell's path is known: adjacent cells lie on one path exactly when an edge joins them.
A cell's class says which path it is on as far as the decided cells tell: a label, or an
anonymous piece that has no label yet.  Pieces get labels lazily: when a cell touches a
neighbour it is not joined to, the two classes must differ, and where one of them is a
piece that becomes a bit in the piece's exclusion mask (the labels and the other pieces it
may never join); a join that would merge two excluded classes is dropped, and a merge
passes the gone piece's exclusions on.  An earlier version gave every fresh piece each
possible label at once; a fresh cell then branched over every open label, 10 of 29
generated puzzles stayed unknown at 20 CPU seconds and six 17x17s hit the state limit
(``bench/HISTORY.md``).  A frontier
cell's class is kept only while some later cell reads it and its path is open: otherwise
it is stored as 0 (see ``step``'s ``keep``), and exclusions of complete labels are
dropped, so those states merge.
Closed loops are never formed, so a solution is counted once: under ``blank`` a solution is
its set of paths, and empty cells cannot hold loops.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.int64]

BLANK, FILL, NOTOUCH = 0, 1, 2
"""``mode``: the rule set."""

BLOCKED = -1

USED, OVERFLOW, SINK = 0, 1, 2
"""Indices into ``reg``: entries used in the table; whether a count passed 2**124; the
table words read ahead of use, xor-ed together (kept so the reads are not optimised away;
a sum overflowed in the plain-Python kernel)."""

BATCH = 64
"""Successors hashed together before any is inserted: their table rows are read first, all
at once, so the cache misses overlap instead of following one another."""

EMPTY = -1
"""The first word of a free table slot (keys are never negative)."""

LIMB = (1 << 62) - 1
"""Mask of one 62-bit count limb."""

RENAME = True
"""Whether ``step`` (under ``blank`` and ``fill``) names the pieces of labels whose two
ends are both decided by their order along the frontier.  Such a label's two pieces can
only join each other (no end of it is left to reach), as another such label's would, so
two states that differ only in which of those labels a pair of tokens carries have the
same completions; renamed, they meet in one table row.  The names are given in the order
the labels closed (their later ends were decided): a state with ``n`` such pieces' pairs
carries the first ``n`` of those labels, by the pairs' first tokens along the rim.  So a
state keeps its names when another label closes, unless it holds that label's tokens (the
sweep sets ``finished[0]`` to 2: those states are renamed); when a row is mirrored every
state is (``finished[0]`` 1); where an anonymous piece joins such a piece, that successor
is; and where such a label's path is complete, the pairs named after it move one name
down.  A token that only passes a cell keeps its place among the others along the rim.  Where the
two sweeps meet, a label with both ends on one side has no token on the other, so the
names cannot clash there.  Measured: a third fewer states on random 12x12 to 14x14
boards (``bench/HISTORY.md``), some 4% fewer on the 29 Flow Free levels."""

PACKED = True
"""Whether ``step`` builds keys of one or two words (under ``blank`` and ``fill``, with at
most 14 pieces) in registers, and keeps a source's key but for the cell's two fields
where no token was renamed or joined and a piece's token there stays in its field.  Why: the
loop that renamed the pieces and packed the tokens through arrays took a third of
``step``'s time (each field's store to the key waited for the one before).  Measured, one
sweep of board 10 of the 30 (14x14, one key word) to its row 7: 8.9-9.0 CPU s against
11.2-12.3 s; the 29 Flow Free levels (8 of them two key words) on one core 14.3 s
against 16.2-16.7 s.  Off, every key is built field by field (the tests compare the two)."""

LOAD_PERCENT = 70
"""The table grows before more than this share of its slots is used."""

_V = "int64[:]"
_M = "int64[:, :]"
AOT_EXPORTS = {
    "step": f"int64({_M}, int64, int64, {_M}, int64, {_V}, {_V}, {_V}, int64, int64, int64, "
    f"int64, boolean, boolean, int64, int64, {_V}, {_V}, {_V}, {_V}, {_V}, int64, int64, "
    f"{_V})",
    "rehash": f"int64({_M}, {_M}, int64)",
    "mirror": f"int64({_M}, int64, int64, {_V}, {_V}, int64, int64, int64)",
    "gather": f"int64({_M}, {_M})",
}
"""The kernels' argument types, for their ahead-of-time build (see ``core/jit.py``)."""


def step(
    src: Array,
    start: int,
    stop: int,
    tab: Array,
    words: int,
    reg: Array,
    word: Array,
    shift: Array,
    tmask: int,
    w: int,
    c: int,
    value: int,
    can_right: bool,
    can_down: bool,
    mode: int,
    labels: int,
    finished: Array,
    place: Array,
    ends: Array,
    keep: Array,
    rimmed: Array,
    mbase: int,
    mper: int,
    under: Array,
) -> int:
    """Decide cell ``c`` of the current row for source rows ``start..stop-1`` of ``src``.

    Every successor goes into the table ``tab``.  Returns the index of the first state not
    done: ``stop`` when all are, less when the table needs to grow first (the caller grows
    it and calls again from there).  ``value``: the cell (``BLOCKED``, 0 free, or its label
    ``1..labels``).  ``finished[L]``: nonzero when both ends of label ``L`` were decided
    before this cell, its place in the order they were, from 1 (under ``fill-notouch`` such
    a label is complete once no piece of it is open on the frontier: no cell can join it
    any more); ``finished[0]``: which states ``RENAME`` renames.  ``place`` and ``ends``: where the
    frontier's fields and the labels' undecided ends lie on the undecided region's rim, for
    ``crossed`` (which drops successors that can no longer be completed), and ``rimmed``
    the labels it looks at (those whose undecided ends all lie on the rim).  ``keep[j]``:
    whether a later cell reads the class of column ``j``'s frontier cell (under
    ``fill-notouch`` a class nobody reads again, or that of a complete label, is stored as
    0, so that states differing only there meet).  ``mbase`` and ``mper``: under
    ``fill-notouch`` the key word where the pieces' exclusion masks start, and the words
    each mask takes.  ``under[j]``: the label whose end is the cell that column ``j``'s down
    edge leads into once this cell is decided (the next row's for ``j <= c``, this row's
    after it), else 0.  A successor whose down edge carries another label into an end is
    dropped at once, when the edge is made or when a join names its piece, not when the
    cell below is decided (that end can only take a piece or its own label's path).
    """
    cap = tab.shape[0]
    capmask = cap - 1
    room = cap * LOAD_PERCENT // 100
    lo_at = words
    hi_at = words + 1
    ntok = w + 1
    notouch = mode == NOTOUCH
    fill = mode != BLANK
    most = 2  # successors one state can have
    slots = ntok // 2  # anonymous pieces a state can hold (each has two tokens)
    fresh = labels + slots + 1  # a new piece's name, above every normalised one
    tok = np.zeros(ntok, np.int64)
    col = np.zeros(w, np.int64)
    seen = np.zeros(fresh + 1, np.int64)  # normalisation: renamed token, valid if marked
    mark = np.zeros(fresh + 1, np.int64)
    order = np.zeros(slots + 1, np.int64)  # the anonymous names in their new order
    marker = 0
    # under notouch: rel[p, e] = 1 when piece ``labels + 1 + p`` may never be, or join,
    # entity ``e`` (a label 1..labels or a piece labels+1..fresh); row ``slots`` is the
    # new piece's
    rel = np.zeros((slots + 1, fresh + 1), np.int64)
    opened = np.zeros(labels + 1, np.int64)  # marker where a label's piece is open
    key = np.zeros(words, np.int64)
    downs = np.zeros(2 * most, np.int64)  # per successor: its down token, its right token
    batch_keys = np.zeros((BATCH + most, words), np.int64)
    batch_lo = np.zeros(BATCH + most, np.int64)
    batch_hi = np.zeros(BATCH + most, np.int64)
    batch_slot = np.zeros(BATCH + most, np.int64)
    first = np.full(labels + 1, -2, np.int64)  # crossed's scratch
    second = np.full(labels + 1, -2, np.int64)
    low = np.zeros(labels + 1, np.int64)
    high = np.zeros(labels + 1, np.int64)
    which = np.zeros(labels + 1, np.int64)
    checks = rimmed.shape[0] >= 2  # one label alone crosses nothing
    # ``RENAME``: ``done`` lists the labels whose two ends are both decided in the order
    # their later ends were (``finished[L]`` is L's place there, from 1), ``late[L]`` is 1
    # for those; ``finished[0]`` is 1 when every source state must be renamed at this step,
    # 2 when only those with a token of the label the last cell closed (``newest``)
    done = np.zeros(labels + 1, np.int64)
    late = np.zeros(labels + 1, np.int64)
    names_of = np.zeros(labels + 1, np.int64)
    ndone = 0
    if RENAME and not notouch:
        for label in range(1, labels + 1):
            if finished[label]:
                late[label] = 1
                done[finished[label] - 1] = label
                ndone += 1
    rename_all = ndone > 0 and finished[0] == 1
    newest = done[ndone - 1] if ndone > 0 and finished[0] == 2 else 0
    # ``PACKED``: the key in one or two words, without pieces' masks, and the new names
    # of the pieces (at most ``slots``, each in 4 bits at its piece's place) in one register
    packed = PACKED and words <= 2 and not notouch and slots + 1 <= 15
    split = 0  # the fields in the first word
    while split < ntok and word[split] == 0:
        split += 1
    # this cell's two fields (``c`` and ``w``): whether each is in the first word, and each
    # key word with both cleared
    c_first = 1 if word[c] == 0 else 0
    w_first = 1 if word[w] == 0 else 0
    clear0 = ~((tmask << shift[c]) * c_first | (tmask << shift[w]) * w_first)
    clear1 = ~((tmask << shift[c]) * (1 - c_first) | (tmask << shift[w]) * (1 - w_first))
    batched = 0
    i = start
    while i <= stop:
        if batched > 0 and (i == stop or batched >= BATCH or reg[USED] + batched + most > room):
            # insert the batch: first read every row it needs, then add each successor
            sink = 0
            for b in range(batched):
                sink ^= tab[batch_slot[b], 0]
            reg[SINK] ^= sink
            for b in range(batched):
                slot = batch_slot[b]
                lo = batch_lo[b]
                hi = batch_hi[b]
                while True:
                    if tab[slot, 0] == EMPTY:
                        for f in range(words):
                            tab[slot, f] = batch_keys[b, f]
                        tab[slot, lo_at] = lo
                        tab[slot, hi_at] = hi
                        reg[USED] += 1
                        break
                    same = True
                    for f in range(words):
                        if tab[slot, f] != batch_keys[b, f]:
                            same = False
                            break
                    if same:
                        total_lo = tab[slot, lo_at] + lo
                        total_hi = tab[slot, hi_at] + hi + (total_lo >> 62)
                        if total_hi > LIMB:
                            reg[OVERFLOW] = 1
                            total_hi &= LIMB
                        tab[slot, lo_at] = total_lo & LIMB
                        tab[slot, hi_at] = total_hi
                        break
                    slot = (slot + 1) & capmask
            batched = 0
        if i == stop:
            break
        if reg[USED] + most > room:
            return i
        i += 1
        if packed:
            s0 = src[i - 1, 0]
            for f in range(split):
                tok[f] = (s0 >> shift[f]) & tmask
            s1 = src[i - 1, words - 1]
            for f in range(split, ntok):
                tok[f] = (s1 >> shift[f]) & tmask
        else:
            for f in range(ntok):
                tok[f] = (src[i - 1, word[f]] >> shift[f]) & tmask
        pieces = 0  # anonymous pieces in the state (counted under notouch only)
        if notouch:
            for f in range(ntok):
                if tok[f] - labels > pieces:
                    pieces = tok[f] - labels
            for j in range(w):
                f = ntok + j
                col[j] = (src[i - 1, word[f]] >> shift[f]) & tmask
            for p in range(pieces):
                for e in range(fresh + 1):
                    rel[p, e] = 0
                for e in range(1, labels + pieces + 1):
                    b = e - 1
                    rel[p, e] = (src[i - 1, mbase + p * mper + b // 63] >> (b % 63)) & 1
            for e in range(fresh + 1):
                rel[slots, e] = 0
        renamed = rename_all
        if rename_all:
            _rename(tok, c, w, labels, late, done, ndone, names_of)
        elif newest != 0:
            # the others' names stand (``done`` only grew at its end) unless it is here
            for f in range(ntok):
                if tok[f] == newest:
                    _rename(tok, c, w, labels, late, done, ndone, names_of)
                    renamed = True
                    break
        up = tok[c]
        left = tok[w]
        tok[c] = 0
        tok[w] = 0
        cu = col[c]
        cl = col[c - 1] if c > 0 else 0
        count = 0  # successors of this state
        # A successor is the base ``tok`` with tokens ``down`` at c and ``right`` at w; this
        # cell's class is ``cx``; ``join`` first merges the pieces ``ja`` and ``jb``; under
        # notouch the cell must differ from its unjoined neighbours' classes ``o1``, ``o2``.
        ja = 0
        jb = 0
        cx = 0
        o1 = 0
        o2 = 0
        if value == BLOCKED:
            if up != 0 or left != 0:
                continue
            downs[0] = 0  # one successor: no edges
            downs[1] = 0
            count = 1
        elif up != 0 and left != 0:
            if value > 0:
                continue  # an end has one edge
            ja = up
            jb = left
            cx = up
            downs[0] = 0
            downs[1] = 0
            count = 1
        elif up != 0 or left != 0:
            t = up if up != 0 else left
            o1 = cl if up != 0 else cu  # the neighbour not joined to this cell
            if value > 0:
                ja = t
                jb = value
                cx = value
                downs[0] = 0
                downs[1] = 0
                count = 1
            else:
                cx = t
                if can_right:
                    downs[2 * count] = 0
                    downs[2 * count + 1] = t
                    count += 1
                if can_down:
                    downs[2 * count] = t
                    downs[2 * count + 1] = 0
                    count += 1
        elif value > 0:
            cx = value
            o1 = cu
            o2 = cl
            if can_right:
                downs[2 * count] = 0
                downs[2 * count + 1] = value
                count += 1
            if can_down:
                downs[2 * count] = value
                downs[2 * count + 1] = 0
                count += 1
        else:
            if not fill:
                downs[0] = 0  # the cell stays empty
                downs[1] = 0
                count = 1
            if can_right and can_down:
                cx = fresh
                o1 = cu
                o2 = cl
                downs[2 * count] = fresh
                downs[2 * count + 1] = fresh
                count += 1
        if count == 0:
            continue
        if ja != 0:
            # merge piece ``gone`` into ``kept``
            kept = ja
            gone = jb
            if ja <= labels and jb <= labels:
                if ja != jb:
                    continue  # two labels meet
                gone = 0
            elif ja > labels and jb > labels:
                if ja == jb:
                    continue  # a closed loop
            elif ja > labels:
                kept = jb  # the label stays
                gone = ja
            if gone != 0:
                if notouch and rel[gone - labels - 1, kept] != 0:
                    continue  # the two pieces touched: one path would touch itself
                for f in range(ntok):
                    if tok[f] == gone:
                        tok[f] = kept
                if kept <= labels and _into_other_end(tok, w, kept, under):
                    continue  # the piece, now the label's, runs into another label's end
                if notouch:
                    for j in range(w):
                        if col[j] == gone:
                            col[j] = kept
                    g = gone - labels - 1
                    for p in range(pieces):
                        if rel[p, gone] != 0:
                            rel[p, gone] = 0
                            rel[p, kept] = 1
                    if kept > labels:
                        for e in range(fresh + 1):
                            if rel[g, e] != 0:
                                rel[kept - labels - 1, e] = 1
                    for e in range(fresh + 1):
                        rel[g, e] = 0
                    if cx == gone:
                        cx = kept
                    if o1 == gone:
                        o1 = kept
                    if o2 == gone:
                        o2 = kept
            if ndone > 1 and kept <= labels and late[kept] != 0:
                if gone != 0:
                    # an anonymous piece joined a finished label's: its other end carries
                    # the label now, so the labels' order along the rim may have changed
                    _rename(tok, c, w, labels, late, done, ndone, names_of)
                else:
                    # the label's path is complete: the pairs named after it take the
                    # names one earlier in ``done`` (the order along the rim stands)
                    gap = finished[kept]
                    for f in range(ntok):
                        t = tok[f]
                        if 0 < t <= labels and late[t] != 0 and finished[t] > gap:
                            tok[f] = done[finished[t] - 2]
        if notouch:
            # this cell touches its unjoined decided neighbours: their paths must differ
            clash = False
            for k in range(2):
                o = o1 if k == 0 else o2
                if o == 0:
                    continue
                if o == cx:
                    clash = True
                elif cx > labels:
                    rel[cx - labels - 1, o] = 1
                    if o > labels:
                        rel[o - labels - 1, cx] = 1
                elif o > labels:
                    rel[o - labels - 1, cx] = 1
            if clash:
                continue
        lo = src[i - 1, lo_at]
        hi = src[i - 1, hi_at]
        # the source's key stands but for this cell's two fields where no token was renamed
        # or joined and a piece's token in those fields stays in its field (the pieces keep
        # their places, so their order and names stand)
        same = packed and not renamed and ja == 0
        for s in range(count):
            # normalise anonymous tokens, pack, and add to the table
            marker += 1
            names = 0
            for f in range(words):
                key[f] = 0
            tok[c] = downs[2 * s]
            tok[w] = downs[2 * s + 1]
            if under[c] > 0 and 0 < tok[c] <= labels and tok[c] != under[c]:
                continue  # another label's path would run into the end below
            if (
                checks
                and may_cross(ja, value)
                and crossed(tok, labels, place, ends, rimmed, first, second, low, high, which)
            ):
                continue
            if (
                same
                and (tok[c] == up or (up <= labels and tok[c] <= labels))
                and (tok[w] == left or (left <= labels and tok[w] <= labels))
            ):
                k0 = src[i - 1, 0] & clear0
                k0 |= (tok[c] << shift[c]) * c_first | (tok[w] << shift[w]) * w_first
                key[0] = k0
                if words == 2:
                    k1 = src[i - 1, 1] & clear1
                    k1 |= (tok[c] << shift[c]) * (1 - c_first)
                    k1 |= (tok[w] << shift[w]) * (1 - w_first)
                    key[1] = k1
            elif packed:
                # one or two key words and few pieces: the key and the pieces' new names stay
                # in registers (``names_at``: 4 bits a piece, its new name less ``labels``)
                k0 = 0
                names_at = 0
                for f in range(split):
                    t, names_at, names = _named(tok[f], labels, names_at, names)
                    k0 |= t << shift[f]
                key[0] = k0
                if words == 2:
                    k1 = 0
                    for f in range(split, ntok):
                        t, names_at, names = _named(tok[f], labels, names_at, names)
                        k1 |= t << shift[f]
                    key[1] = k1
            else:
                for f in range(ntok):
                    t = tok[f]
                    if t > labels:
                        if mark[t] != marker:
                            mark[t] = marker
                            order[names] = t
                            names += 1
                            seen[t] = labels + names
                        t = seen[t]
                    key[word[f]] |= t << shift[f]
            if notouch:
                for f in range(ntok):
                    if 0 < tok[f] <= labels:
                        opened[tok[f]] = marker
                for j in range(w):
                    f = ntok + j
                    cls = cx if j == c else col[j]
                    if not keep[j]:
                        cls = 0  # no cell will look at this one again
                    elif cls > labels:
                        cls = seen[cls] if mark[cls] == marker else 0
                    elif cls > 0 and finished[cls] and opened[cls] != marker:
                        cls = 0  # its path is complete: no cell can join it
                    key[word[f]] |= cls << shift[f]
                for k in range(names):
                    p = order[k] - labels - 1
                    at = mbase + k * mper
                    for e in range(1, labels + 1):
                        if rel[p, e] != 0 and (finished[e] == 0 or opened[e] == marker):
                            b = e - 1
                            key[at + b // 63] |= 1 << (b % 63)
                    for q in range(names):
                        if rel[p, order[q]] != 0:
                            b = labels + q
                            key[at + b // 63] |= 1 << (b % 63)
            h = 0
            for f in range(words):
                y = h ^ key[f]
                h = (y & 0x7FFFFFFF) * 0x5BD1E995 + (y >> 31)
            h = (h & 0x7FFFFFFF) * 0x27D4EB2F + (h >> 31)
            for f in range(words):
                batch_keys[batched, f] = key[f]
            batch_slot[batched] = (h ^ (h >> 21)) & capmask
            batch_lo[batched] = lo
            batch_hi[batched] = hi
            batched += 1
    return stop


def _into_other_end(tok: Array, w: int, label: int, under: Array) -> bool:
    """Whether a down edge (fields ``0..w-1``) carries ``label`` into another label's end
    (``under``, as ``step`` has it)."""
    for f in range(w):  # noqa: SIM110 (a plain loop: numba compiles no generator in any())
        if tok[f] == label and under[f] > 0 and under[f] != label:
            return True
    return False


def _named(t: int, labels: int, names_at: int, names: int) -> tuple[int, int, int]:
    """Token ``t`` as the key holds it: a label as it is, a piece by the order it was
    first met in (``names`` so far; ``names_at`` holds, in 4 bits each, the new name less
    ``labels`` of every piece met, 0 for one not met yet); returns the token and the two
    counters after it."""
    if t <= labels:
        return t, names_at, names
    at = 4 * (t - labels - 1)
    m = (names_at >> at) & 15
    if m == 0:
        names += 1
        m = names
        names_at |= m << at
    return labels + m, names_at, names


def _rename(
    tok: Array,
    c: int,
    w: int,
    labels: int,
    late: Array,
    done: Array,
    ndone: int,
    names_of: Array,
) -> None:
    """Rename, in ``tok``, the labels whose two ends are both decided (``late``): the one
    met first along the frontier's rim before cell ``c`` (fields ``0..c-1``, then the right
    edge ``w``, then ``c..w-1``) becomes ``done[0]``, the next ``done[1]``, and so on (see
    ``RENAME``)."""
    for k in range(ndone):
        names_of[done[k]] = 0
    given = 0
    for q in range(w + 1):
        f = q if q < c else (w if q == c else q - 1)
        t = tok[f]
        if 0 < t <= labels and late[t] != 0 and names_of[t] == 0:
            names_of[t] = done[given]
            given += 1
    for f in range(w + 1):
        t = tok[f]
        if 0 < t <= labels and late[t] != 0:
            tok[f] = names_of[t]


def may_cross(join: int, value: int) -> bool:
    """Whether a successor needs ``crossed``'s check: only where the cell changed which
    points pair up or how, by a join (``join``: a piece it merged; an arch may be gone)
    or at an end (``value`` > 0; deciding an end is also the only thing that changes which
    labels ``rimmed`` lists).  A token that only passes through a free cell, from its up or
    left field to its down or right one, keeps its place in the rim's order among all
    other points, and a fresh arch can only bridge: such a successor is crossed exactly
    when its source was, and the source was checked when its points last changed.  Before,
    every successor with a label token in the cell's fields was checked: the same states
    were kept (compared on 363 counts), at some 80 ns more a state under ``blank``."""
    return join != 0 or value > 0


def crossed(
    tok: Array,
    labels: int,
    place: Array,
    ends: Array,
    rimmed: Array,
    first: Array,
    second: Array,
    low: Array,
    high: Array,
    which: Array,
) -> bool:
    """Whether two labels' remaining connections must cross: the state has no completion.

    The undecided cells form a staircase region whose rim passes the frontier's fields
    (``place[f]``: field ``f``'s position along the rim, 0..w) and then the grid's right,
    bottom and left edges (positions above w: ``ends[2L]``, ``ends[2L + 1]`` are those of
    label ``L``'s undecided ends on the grid's edge, -1 for an end already decided, both -2
    when an undecided end lies inside, where it constrains nothing and the label is left
    out: ``rimmed`` lists the labels not left out, and only those are looked at).  A
    label ``L`` whose two open points (tokens on the frontier, ends on the rim) both lie
    on the rim must join them; if another label's two points interleave with
    them, the two joins cross inside the region (paths of cells cannot cross) -- unless a
    path leaves the region through an anonymous piece, an arch over the frontier.  An arch
    helps only if its two ends lie on different sides of one of the two pairs: otherwise
    the arch-free side of the frontier closes a loop from ``L``'s route that separates the
    other label's two points.  So a successor is dropped only when two pairs interleave
    and no arch separates either pair: sound, whichever rule set.

    ``first``, ``second``, ``low``, ``high`` and ``which`` are scratch arrays of
    ``labels + 1`` entries; ``first`` and ``second`` hold -2 outside ``rimmed``'s labels.
    """
    ntok = tok.shape[0]
    for k in range(rimmed.shape[0]):
        label = rimmed[k]
        first[label] = ends[2 * label]
        second[label] = ends[2 * label + 1]
    for f in range(ntok):
        t = tok[f]
        if 0 < t <= labels:
            if first[t] == -1:
                first[t] = place[f]
            elif second[t] == -1:
                second[t] = place[f]
    pairs = 0  # the labels with both points on the rim, as (min, max)
    for k in range(rimmed.shape[0]):
        label = rimmed[k]
        lo = min(first[label], second[label])
        if lo >= 0:
            low[pairs] = lo
            high[pairs] = max(first[label], second[label])
            which[pairs] = label
            pairs += 1
    for a in range(pairs):
        pa = low[a]
        qa = high[a]
        for b in range(a + 1, pairs):
            pb = low[b]
            qb = high[b]
            if (pa < pb < qa) == (pa < qb < qa):
                continue
            bridged = False
            for f in range(ntok):
                t = tok[f]
                if t <= labels:
                    continue
                for g in range(f + 1, ntok):
                    if tok[g] == t:
                        i = place[f]
                        j = place[g]
                        if (pa < i < qa) != (pa < j < qa) or (pb < i < qb) != (pb < j < qb):
                            bridged = True
            if not bridged:
                return True
    return False


def mirror(
    states: Array, n: int, words: int, word: Array, shift: Array, tmask: int, w: int, labels: int
) -> int:
    """Mirror the first ``n`` states left to right, in place: the down edge of column ``j``
    becomes that of column ``w - 1 - j``, and the anonymous pieces are renumbered in their
    new order along the frontier (as ``step`` numbers them), so that the states are those
    of the mirrored board.  Only at a row's end, where the field right of the last cell
    is empty, and not under ``fill-notouch`` (whose classes and masks it leaves alone).
    Returns ``n``; distinct states stay distinct, so nothing needs merging."""
    tok = np.zeros(w, np.int64)
    name = np.zeros(labels + w + 2, np.int64)
    mark = np.zeros(labels + w + 2, np.int64)
    for i in range(n):
        for j in range(w):
            f = w - 1 - j
            tok[j] = (states[i, word[f]] >> shift[f]) & tmask
        for f in range(words):
            states[i, f] = 0
        names = 0
        for j in range(w):
            t = tok[j]
            if t > labels:
                if mark[t] != i + 1:
                    mark[t] = i + 1
                    names += 1
                    name[t] = labels + names
                t = name[t]
            states[i, word[j]] |= t << shift[j]
    return n


def rehash(old: Array, tab: Array, words: int) -> int:
    """Move every entry of ``old`` into ``tab``, a larger empty table; returns how many
    moved.  Keys are distinct, so no entry is compared, only placed."""
    capmask = tab.shape[0] - 1
    width = old.shape[1]
    moved = 0
    for i in range(old.shape[0]):
        if old[i, 0] == EMPTY:
            continue
        h = 0
        for f in range(words):
            y = h ^ old[i, f]
            h = (y & 0x7FFFFFFF) * 0x5BD1E995 + (y >> 31)
        h = (h & 0x7FFFFFFF) * 0x27D4EB2F + (h >> 31)
        slot = (h ^ (h >> 21)) & capmask
        while tab[slot, 0] != EMPTY:
            slot = (slot + 1) & capmask
        for f in range(width):
            tab[slot, f] = old[i, f]
        moved += 1
    return moved


def gather(tab: Array, out: Array) -> int:
    """Move the table's entries into the dense rows of ``out`` (what the next step reads)
    and leave the table empty; returns how many moved."""
    width = tab.shape[1]
    n = 0
    for i in range(tab.shape[0]):
        if tab[i, 0] != EMPTY:
            for f in range(width):
                out[n, f] = tab[i, f]
            tab[i, 0] = EMPTY
            n += 1
    return n
