"""The scan search in plain Python over lists: a small board answered without numpy.

Why: a process that solves one small board spends most of its time importing, and numpy
(which the compiled kernel's arrays need, and which its ahead-of-time build imports when
loaded) is the dearest import of all: some 75 ms of a trivial board's whole process, whose
search takes well under a millisecond in plain Python.  So ``race._quick_scan`` runs this
first on small boards, for a few thousand nodes and at most ``TINY_BUDGET_SECONDS`` a
process, before it loads the compiled kernel.

It runs the very functions of ``scan_kernel`` (``prepare``, ``search``, ``trace``: the
plain versions the compiled ones are built from) on lists instead of arrays, so its answers
are those of ``scan.ScanSearch`` node for node: exact under ``fill-notouch`` (the argument
is ``scan.py``'s docstring), its ``complete`` a proof, its node count the same.  The tests
compare the two on every board of a corpus.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from ...core.deadline import Deadline
from ..model import BLOCKED, Cell, Puzzle, Solution
from . import scan_kernel as kernel
from .budget import BudgetedSearch, SearchOutcome

_prepare: Callable[..., int] = kernel.prepare
_search: Callable[..., int] = kernel.search
_trace: Callable[..., int] = kernel.trace
"""The plain kernel functions, typed for any sequences: they are annotated with numpy
arrays, and index lists the same way."""


class _Vector(list[int]):
    """A list with the one attribute of a 1-D array the kernels read: ``shape``."""

    @property
    def shape(self) -> tuple[int]:
        return (len(self),)


class _Rows:
    """A 2-D array of integers as one flat list, indexed ``rows[i, j]`` as the kernels do
    (``trail``), or by whole rows, ``rows[i, :] = values`` (``sols``)."""

    def __init__(self, rows: int, columns: int) -> None:
        self.columns = columns
        self.flat = [0] * (rows * columns)

    def __getitem__(self, key: tuple[int, int]) -> int:
        return self.flat[key[0] * self.columns + key[1]]

    def __setitem__(self, key: tuple[int, Any], value: Any) -> None:
        row, column = key
        if isinstance(column, slice):
            start = row * self.columns
            self.flat[start : start + self.columns] = value
        else:
            self.flat[row * self.columns + column] = value

    def row(self, index: int) -> list[int]:
        return self.flat[index * self.columns : (index + 1) * self.columns]


class PlainScanSearch(BudgetedSearch):
    """``scan.ScanSearch`` over lists, run by the plain kernel functions (see the module
    docstring); resumable in the same way, since all its state lives in its lists."""

    step_nodes = 200_000

    def __init__(self, puzzle: Puzzle, limit: int = 1) -> None:
        self.puzzle = puzzle
        self.limit = limit
        self.finished = False
        self.complete = False
        w, h = puzzle.width, puzzle.height
        self.width = pw = w + 2
        size = pw * (h + 2)
        lab = [kernel.BORDER] * size
        cells = puzzle.cells
        for r in range(h):
            base = (r + 1) * pw + 1
            lab[base : base + w] = cells[r * w : (r + 1) * w]
        self.lab = _Vector(lab)
        self.req = _Vector([0] * size)
        self.canse = _Vector([0] * size)
        order = _Vector([0] * size)
        self.rank = _Vector([0] * size)
        self.col = _Vector([0] * size)
        n = _prepare(self.lab, w, h, self.req, self.canse, order, self.rank, self.col)
        self.order = _Vector(order[:n])
        self.con = _Vector([0] * size)
        self.end = _Vector(range(size))
        self.trail = _Rows(8 * n + size + 16, 3)
        self.opt = _Vector([0] * (n + 1))
        self.mark = _Vector([0] * (n + 1))
        self.reg = _Vector([0] * 4)
        self.sols = _Rows(limit, size)

    @property
    def nodes(self) -> int:
        return self.reg[kernel.NODES]

    @property
    def found(self) -> int:
        return self.reg[kernel.FOUND]

    @property
    def kernels(self) -> tuple[Callable[..., int], ...]:
        return ()

    def _step(
        self, budget: int, deadline: Deadline | None, stop: threading.Event | None
    ) -> bool:
        code = _search(
            self.lab, self.req, self.canse, self.order, self.rank, self.width, self.con,
            self.end, self.col, self.trail, self.opt, self.mark, self.reg, self.sols,
            self.limit, budget,
        )
        if code != kernel.PAUSED:
            self.finished = True
            self.complete = code == kernel.EXHAUSTED
        return False

    def outcome(self) -> SearchOutcome:
        solutions = [self._decode(self.sols.row(i)) for i in range(self.found)]
        return SearchOutcome(solutions, self.complete, self.finished, self.nodes)

    def _decode(self, con: list[int]) -> Solution:
        """The solution whose edges (padded, ``N|E|S|W`` bits per cell) are ``con``, as
        ``ScanSearch._decode`` makes it."""
        puzzle, pw = self.puzzle, self.width
        size = len(con)
        ends = puzzle.endpoints()
        labels = _Vector(ends)
        starts = _Vector((r + 1) * pw + c + 1 for (r, c), _ in ends.values())
        path = _Vector([0] * size)
        cut = _Vector([0] * len(labels))
        owner = _Vector([0] * size)
        _trace(_Vector(con), pw, starts, labels, path, cut, owner)

        def cell(p: int) -> Cell:
            return (p // pw - 1, p % pw - 1)

        bounds = [0, *cut]
        paths = tuple(
            (label, tuple(cell(p) for p in path[bounds[k] : bounds[k + 1]]))
            for k, label in enumerate(labels)
        )
        w, h = puzzle.width, puzzle.height
        labelled: list[int] = []
        for r in range(h):
            base = (r + 1) * pw + 1
            for c in range(w):
                labelled.append(BLOCKED if self.lab[base + c] == BLOCKED else owner[base + c])
        return Solution(w, h, tuple(labelled), paths)


def plain_scan_solve(
    puzzle: Puzzle, *, limit: int = 1, max_nodes: int | None = None,
    deadline: Deadline | None = None,
) -> SearchOutcome:
    """Up to ``limit`` ``fill-notouch`` solutions of ``puzzle`` by the plain scan search,
    stopped unfinished after ``max_nodes`` nodes or at ``deadline``."""
    search = PlainScanSearch(puzzle, limit)
    search.run(max_nodes, deadline)
    return search.outcome()
