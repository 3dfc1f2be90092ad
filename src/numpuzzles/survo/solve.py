"""Exact Survo solver: depth-first search over cells, bounds from sums and unused numbers.

Why it is fast: a line with ``k`` empty cells and remaining sum ``t`` can take ``v`` in a
cell only if ``t - v`` lies between the sums of the ``k - 1`` smallest and the ``k - 1``
largest numbers still unused; every node fills the cell with the fewest such candidates,
so forced cells cost no branching.  A single hidden row (or column) sum is restored first
(all sums add up to 1 + ... + m·n), which turns it back into a constraint.

This solver lists solutions (``limit``); counting many is ``count.py``'s job.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..core.deadline import Deadline
from ..core.result import SolveResult, Stats, status_for
from .model import Filling, Puzzle

_CHECK_EVERY = 512


class _Stop(Exception):
    """Unwinds the search at the solution limit, the node limit or the deadline."""


def restored_sums(puzzle: Puzzle) -> tuple[tuple[int | None, ...], tuple[int | None, ...]]:
    """The row and column sums with a lone hidden one of each kind worked out (they must add
    up to 1 + ... + m·n), so that it constrains the search; shared with ``count.py``."""
    everything = puzzle.cell_count * (puzzle.cell_count + 1) // 2
    out = []
    for sums in (puzzle.rows, puzzle.cols):
        hidden = [i for i, s in enumerate(sums) if s is None]
        if len(hidden) == 1:
            known = sum(s for s in sums if s is not None)
            sums = tuple(everything - known if s is None else s for s in sums)
        out.append(tuple(sums))
    return out[0], out[1]


class Search:
    """One search's state, in plain lists so the inner loop stays cheap."""

    def __init__(self, puzzle: Puzzle, forbid: Mapping[int, int] | None = None) -> None:
        self.width = puzzle.width
        self.top = top = puzzle.cell_count
        rows, cols = restored_sums(puzzle)
        lines = [(puzzle.row_cells(r), s) for r, s in enumerate(rows) if s is not None]
        lines += [(puzzle.col_cells(c), s) for c, s in enumerate(cols) if s is not None]
        self.cell_lines: list[list[int]] = [[] for _ in range(top)]
        for index, (cells, _) in enumerate(lines):
            for cell in cells:
                self.cell_lines[cell].append(index)
        self.rem = [total for _, total in lines]
        self.empty = [len(cells) for cells, _ in lines]
        self.values = [0] * top
        self.forbid = [0] * top
        for cell, mask in (forbid or {}).items():
            self.forbid[cell] |= mask
        self.unused = ((1 << (top + 1)) - 1) & ~1
        self.nodes = 0
        self.dead = False
        for cell, value in enumerate(puzzle.givens):
            if value:
                self.place(cell, value)
        if any(e == 0 and r != 0 for e, r in zip(self.empty, self.rem, strict=True)):
            self.dead = True

    def place(self, cell: int, value: int) -> None:
        """Put ``value`` in ``cell``."""
        self.values[cell] = value
        self.unused &= ~(1 << value)
        for index in self.cell_lines[cell]:
            self.rem[index] -= value
            self.empty[index] -= 1

    def unplace(self, cell: int, value: int) -> None:
        """Undo ``place``."""
        self.values[cell] = 0
        self.unused |= 1 << value
        for index in self.cell_lines[cell]:
            self.rem[index] += value
            self.empty[index] += 1

    def choose(self) -> tuple[int, int]:
        """The empty cell with the fewest candidates and its candidate mask; (-1, 0) when the
        table is full.  A mask of 0 means the position is dead."""
        unused, top = self.unused, self.top
        digits = [d for d in range(1, top + 1) if unused >> d & 1]
        if not digits:
            return -1, 0
        low, high = [0], [0]
        for i in range(len(digits)):
            low.append(low[-1] + digits[i])
            high.append(high[-1] + digits[-1 - i])
        best_cell, best_mask, best_count = -1, 0, 1 << 30
        values, rem, empty, cell_lines, forbid = (
            self.values, self.rem, self.empty, self.cell_lines, self.forbid)
        for cell in range(top):
            if values[cell]:
                continue
            mask = unused & ~forbid[cell]
            for index in cell_lines[cell]:
                k = empty[index] - 1
                t = rem[index]
                lo, hi = t - high[k], t - low[k]
                if lo > top or hi < 1:
                    mask = 0
                    break
                mask &= (1 << (min(hi, top) + 1)) - (1 << max(lo, 1))
                if not mask:
                    break
            count = mask.bit_count()
            if count < best_count:
                best_cell, best_mask, best_count = cell, mask, count
                if count <= 1:
                    break
        return best_cell, best_mask

    def run(self, on_solution: Callable[[list[int]], bool], deadline: Deadline,
            node_limit: int | None) -> None:
        """Visit every solution; ``on_solution`` returns False to stop."""
        if self.dead:
            return

        def dfs() -> None:
            self.nodes += 1
            if self.nodes % _CHECK_EVERY == 0 and (
                    deadline.expired() or (node_limit is not None and self.nodes > node_limit)):
                raise _Stop
            cell, mask = self.choose()
            if cell < 0:
                if not on_solution(self.values):
                    raise _Stop
                return
            while mask:
                bit = mask & -mask
                mask ^= bit
                value = bit.bit_length() - 1
                self.place(cell, value)
                dfs()
                self.unplace(cell, value)

        dfs()


def as_filling(values: list[int] | tuple[int, ...], width: int) -> Filling:
    """Flat row-major values as rows."""
    return tuple(tuple(values[i:i + width]) for i in range(0, len(values), width))


PIN_CELLS = 20
"""From this many cells up, with every sum known, ``solve`` first narrows each cell to the
numbers its row and its column may hold (``_pinned``)."""


def _pinned(puzzle: Puzzle, forbid: Mapping[int, int] | None) -> Mapping[int, int] | None:
    """``forbid`` with, for each empty cell, the numbers outside both its row's and its
    column's pools (``lines._side_lines``: numbers in every set a line may hold are pinned
    to it, out of the others).  Sound: a pool holds every number its line can have in a
    solution.  Why: on open tables near the extremes (the ones ``generate`` walks to) the
    bounds of the search alone leave a near-sorted 5×5 unsolved after minutes, while the
    pools there leave each cell a few numbers."""
    rows, cols = restored_sums(puzzle)
    if puzzle.cell_count < PIN_CELLS or None in rows or None in cols:
        return forbid
    from .lines import _side_lines

    known = Puzzle(puzzle.height, puzzle.width, rows, cols, puzzle.givens)
    row_pools = _side_lines(known)[0]
    col_pools = _side_lines(known.transposed())[0]
    out = dict(forbid or {})
    everything = ((1 << (puzzle.cell_count + 1)) - 1) & ~1
    for r in range(puzzle.height):
        for c in range(puzzle.width):
            cell = r * puzzle.width + c
            if puzzle.givens[cell]:
                continue
            allowed = sum(1 << v for v in set(row_pools[r]) & set(col_pools[c]))
            if everything & ~allowed:
                out[cell] = out.get(cell, 0) | (everything & ~allowed)
    return out


def solve(
    puzzle: Puzzle, *, limit: int | None = None, timeout: float | None = None,
    node_limit: int | None = None, forbid: Mapping[int, int] | None = None,
    pin: bool = True,
) -> SolveResult[Filling]:
    """Solutions of ``puzzle``, at most ``limit`` (``limit=2`` decides uniqueness).

    ``complete`` is True when the search was exhaustive.  ``forbid`` maps an empty cell to a
    mask of numbers it may not hold (bit ``v`` for ``v``): ``analyse.py`` asks this way for
    a solution that differs from the known ones at one cell.  ``pin``: narrow the cells
    first (``_pinned``); a caller that gives the search only a few hundred nodes, as the
    generator's walk does hundreds of times, skips it (it costs more than they save).
    """
    deadline = Deadline(timeout)
    lines_first = BY_LINES and node_limit is None and _all_sums(puzzle) is not None
    if lines_first:  # a short search first: most tables with givens end within it
        nodes = LINES_AFTER_OPEN if puzzle.is_open else LINES_AFTER
        quick = _search(puzzle, limit, deadline, nodes, forbid, pin)
        if quick.complete or quick.count == limit or deadline.expired():
            return quick
        by_lines = _by_lines(puzzle, limit, deadline, forbid, quick.stats.nodes)
        if by_lines is not None:
            return by_lines
    return _search(puzzle, limit, deadline, node_limit, forbid, pin)


BY_LINES = True
"""Whether the line partitions take over from the search (``bench/survo_bench.py`` turns
it off for its baseline: the search alone, as before them)."""

LINES_AFTER = 20_000
"""The search's nodes before the line partitions are tried (``line_solve.py``): a few
tenths of a second, enough for the tables with givens that ``generate`` makes (at most
3,523 nodes, measured on 4×4 to 6×6 and 4×9, seeds 1-3), while a walked open table needs
the partitions."""
LINES_AFTER_OPEN = 2_000
"""The same for open tables: those with one solution lie near the extremes, where the
partitions take hundredths of a second (a walked 6×6: 0.05 s against 0.33 s with
``LINES_AFTER``), and central ones have many solutions that the search finds at once."""


def _all_sums(puzzle: Puzzle) -> Puzzle | None:
    """``puzzle`` with a lone hidden sum of each kind worked out, or None when some sum
    stays unknown (the line partitions need them all)."""
    rows, cols = restored_sums(puzzle)
    if None in rows or None in cols:
        return None
    return Puzzle(puzzle.height, puzzle.width, rows, cols, puzzle.givens)


def _by_lines(puzzle: Puzzle, limit: int | None, deadline: Deadline,
              forbid: Mapping[int, int] | None, nodes: int) -> SolveResult[Filling] | None:
    """The solutions by line partitions (``nodes``: the search's so far, for the stats),
    or None when they cannot be listed (a line with
    too many sets) or time ran out: the search then goes on alone."""
    from .line_solve import OutOfTime, line_solutions
    from .meet import TooLarge

    known = _all_sums(puzzle)
    assert known is not None
    try:
        values, complete = line_solutions(known, limit=limit, deadline=deadline, forbid=forbid)
    except (TooLarge, OutOfTime):
        return None
    found = tuple(as_filling(v, puzzle.width) for v in values)
    return SolveResult(status=status_for(len(found), complete), solutions=found,
                       complete=complete, timed_out=False,
                       stats=Stats(seconds=deadline.elapsed(), nodes=nodes))


def _search(puzzle: Puzzle, limit: int | None, deadline: Deadline, node_limit: int | None,
            forbid: Mapping[int, int] | None, pin: bool) -> SolveResult[Filling]:
    """The depth-first search alone, within ``deadline`` and ``node_limit``."""
    search = Search(puzzle, _pinned(puzzle, forbid) if pin else forbid)
    found: list[Filling] = []
    stopped_by_limit = False

    def keep(values: list[int]) -> bool:
        nonlocal stopped_by_limit
        found.append(as_filling(values, puzzle.width))
        if limit is not None and len(found) >= limit:
            stopped_by_limit = True
            return False
        return True

    exhausted = True
    try:
        search.run(keep, deadline, node_limit)
    except _Stop:
        exhausted = False
    return SolveResult(
        status=status_for(len(found), exhausted), solutions=tuple(found), complete=exhausted,
        timed_out=not exhausted and not stopped_by_limit,
        stats=Stats(seconds=deadline.elapsed(), nodes=search.nodes))


def is_unique(puzzle: Puzzle, timeout: float | None = None) -> bool | None:
    """True/False when decided, None when the timeout came first."""
    result = solve(puzzle, limit=2, timeout=timeout)
    if result.timed_out:
        return None
    return result.count == 1
