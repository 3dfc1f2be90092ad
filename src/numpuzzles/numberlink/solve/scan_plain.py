"""The scan search without numpy: plain Python over ``array.array`` buffers, or the same
kernel compiled by Cython.

Why: a process that solves a few boards spends most of its time importing, and numpy (which
the numba kernels' arrays need, and which their ahead-of-time build imports when loaded) is
the dearest import of all: some 60 ms, where the 45 published puzzles of the start-up bench
take the compiled search 5 ms in all.  So ``race.quick_search`` runs this first: the
Cython build of ``scan_kernel`` (``scan_kernel_c``, see ``core/jit.py``: 1.5x faster a
node than numba's ahead-of-time build since its ``.pxd`` types every local, and it needs no
numpy) for ``race.C_NODES`` nodes where it was built, else the plain functions for a few
thousand nodes on small boards (``race.TINY_BOARD``), before the numpy path loads.

It runs the very functions of ``scan_kernel`` (``prepare``, ``search``, ``trace``: the plain
versions the compiled ones are built from, or their Cython build) on int64 buffers instead
of numpy arrays, so its answers are those of ``scan.ScanSearch`` node for node: exact under
``fill-notouch`` (the argument is ``scan.py``'s docstring), its ``complete`` a proof, its
node count the same.  The tests compare the three on every board of a corpus.
"""

from __future__ import annotations

import functools
import threading
from array import array
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...core import jit
from ...core.deadline import Deadline
from ..model import BLOCKED, Cell, Puzzle, Solution
from . import scan_kernel as kernel
from .budget import BudgetedSearch, SearchOutcome

Kernel = Callable[..., int]


if TYPE_CHECKING:  # ``array[int]`` is typing's alone before Python 3.12
    _Int64s = array[int]
else:
    _Int64s = array


class _Vector(_Int64s):
    """An ``array('q')`` with the one attribute of a 1-D numpy array the kernels read:
    ``shape``."""

    def __new__(cls, values: Any = ()) -> _Vector:
        made: _Vector = super().__new__(cls, "q", values)
        return made

    @property
    def shape(self) -> tuple[int]:
        return (len(self),)


def _zeros(size: int, shaped: bool = False) -> array[int]:
    """``size`` zeros; ``shaped``: as a ``_Vector``, for the buffers whose ``shape`` the
    plain kernels read (``lab``, ``order``, ``con``, ``starts``)."""
    return _Vector(bytes(8 * size)) if shaped else array("q", bytes(8 * size))


class _Rows:
    """A 2-D array of integers as one flat ``array('q')``, indexed ``rows[i, j]`` as the
    plain kernels do; ``grid`` is the same memory as a 2-D buffer, for the Cython build."""

    def __init__(self, rows: int, columns: int) -> None:
        self.columns = columns
        self.flat: array[int] = array("q", bytes(8 * rows * columns))
        self.grid = memoryview(self.flat).cast("B").cast("q", (rows, columns))

    def __getitem__(self, key: tuple[int, int]) -> int:
        return self.flat[key[0] * self.columns + key[1]]

    def __setitem__(self, key: tuple[int, int], value: int) -> None:
        self.flat[key[0] * self.columns + key[1]] = value

    def row(self, index: int) -> array[int]:
        return self.flat[index * self.columns : (index + 1) * self.columns]


def padded_board(puzzle: Puzzle) -> _Vector:
    """``puzzle``'s cells with a border of ``kernel.BORDER`` all round, row by row: the
    kernels' ``lab``."""
    w, h, cells = puzzle.width, puzzle.height, puzzle.cells
    pw = w + 2
    lab = _Vector(array("q", [kernel.BORDER]) * (pw * (h + 2)))
    for r in range(h):
        base = (r + 1) * pw + 1
        lab[base : base + w] = array("q", cells[r * w : (r + 1) * w])
    return lab


def c_kernels() -> tuple[Kernel, Kernel, Kernel] | None:
    """``prepare``, ``search`` and ``trace`` of the Cython build, None where there is none."""
    found = jit.c_functions(kernel.prepare, kernel.search, kernel.trace)
    return None if found is None else (found[0], found[1], found[2])


@functools.lru_cache(maxsize=8)
def _identity(size: int) -> _Vector:
    """``0, 1, ..., size - 1``: the kernels' ``end`` before a search, copied for each board
    (a copy is a fifteenth of building it)."""
    return _Vector(range(size))


@functools.lru_cache(maxsize=8)
def _cells_of(pw: int, size: int) -> list[Cell]:
    """Each padded index's cell, for boards ``pw - 2`` wide: shared by every board of that
    size (a many-board process decodes hundreds, most of a few sizes)."""
    return [(p // pw - 1, p % pw - 1) for p in range(size)]


class PlainScanSearch(BudgetedSearch):
    """``scan.ScanSearch`` over ``array('q')`` buffers, run by the Cython build of the
    kernel (``compiled``, where it was built) or its plain functions (see the module
    docstring); resumable in the same way, since all its state lives in its buffers."""

    step_nodes = 200_000

    def __init__(self, puzzle: Puzzle, limit: int = 1, compiled: bool = False) -> None:
        self.puzzle = puzzle
        self.limit = limit
        self.finished = False
        self.complete = False
        found = c_kernels() if compiled else None
        self.compiled = found is not None
        functions: tuple[Kernel, Kernel, Kernel] = found or (
            kernel.prepare, kernel.search, kernel.trace)
        self._prepare, self._search, self._trace = functions
        w, h = puzzle.width, puzzle.height
        self.width = pw = w + 2
        size = pw * (h + 2)
        self.lab = padded_board(puzzle)
        self.req = _zeros(size)
        self.canse = _zeros(size)
        order = _zeros(size)
        self.rank = _zeros(size)
        self.col = _zeros(size)
        n = self._prepare(self.lab, w, h, self.req, self.canse, order, self.rank, self.col)
        self.order = _Vector(order[:n])
        self.con = _zeros(size, shaped=True)
        self.end = _Vector(_identity(size))
        self.trail = _Rows(8 * n + size + 16, 3)
        self.opt = _zeros(n + 1)
        self.mark = _zeros(n + 1)
        self.reg = _zeros(4)
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
        grids = self.compiled  # the Cython build reads 2-D buffers, the plain one _Rows
        code = self._search(
            self.lab, self.req, self.canse, self.order, self.rank, self.width, self.con,
            self.end, self.col, self.trail.grid if grids else self.trail, self.opt,
            self.mark, self.reg, self.sols.grid if grids else self.sols, self.limit, budget,
        )
        if code != kernel.PAUSED:
            self.finished = True
            self.complete = code == kernel.EXHAUSTED
        return False

    def outcome(self) -> SearchOutcome:
        solutions = [self._decode(self.sols.row(i)) for i in range(self.found)]
        return SearchOutcome(solutions, self.complete, self.finished, self.nodes)

    def _decode(self, con: array[int]) -> Solution:
        """The solution whose edges (padded, ``N|E|S|W`` bits per cell) are ``con``, as
        ``ScanSearch._decode`` makes it."""
        puzzle, pw = self.puzzle, self.width
        size = len(con)
        ends = puzzle.endpoints()
        labels = array("q", ends)
        starts = _Vector((r + 1) * pw + c + 1 for (r, c), _ in ends.values())
        path = _zeros(size)
        cut = _zeros(len(labels))
        owner = _zeros(size)
        self._trace(_Vector(con), pw, starts, labels, path, cut, owner)
        cell_of = _cells_of(pw, size).__getitem__
        bounds = [0, *cut]
        paths = tuple(
            (label, tuple(map(cell_of, path[bounds[k] : bounds[k + 1]])))
            for k, label in enumerate(labels)
        )
        w, h = puzzle.width, puzzle.height
        owners = owner.tolist()
        labelled: list[int] = []
        for r in range(h):
            base = (r + 1) * pw + 1
            labelled += owners[base : base + w]
        if BLOCKED in puzzle.cells:  # looked for in C: most boards have none
            for index, value in enumerate(puzzle.cells):
                if value == BLOCKED:  # on no path: its owner is 0
                    labelled[index] = BLOCKED
        return Solution(w, h, tuple(labelled), paths)


def plain_scan_solve(
    puzzle: Puzzle, *, limit: int = 1, max_nodes: int | None = None,
    deadline: Deadline | None = None, compiled: bool = False,
) -> SearchOutcome:
    """Up to ``limit`` ``fill-notouch`` solutions of ``puzzle`` by the scan search without
    numpy (its Cython build when ``compiled`` and built, else plain Python), stopped
    unfinished after ``max_nodes`` nodes or at ``deadline``."""
    search = PlainScanSearch(puzzle, limit, compiled)
    search.run(max_nodes, deadline)
    return search.outcome()
