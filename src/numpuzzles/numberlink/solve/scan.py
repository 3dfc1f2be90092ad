"""A fast exact search for ``fill-notouch`` boards: one pass over the cells, deciding edges.

Why: on the generated 40x20 and 50x50 boards of the ahle corpora the SAT model spends most
of its time being built in Python; a depth-first search that decides, cell by cell, which
path edges leave the cell to the east and south needs no model at all, and compiled with
numba it takes milliseconds where SAT took a tenth of a second.  It is used only under
``fill-notouch`` (the rules its pruning relies on) and hands over to SAT when it runs past a
node budget, so it never makes an answer less certain.

The search visits cells along anti-diagonals (each from top-right to bottom-left), so when a
cell ``p`` is reached its north and west edges are known, and so are its north-east and
north-west neighbours.  It chooses p's east and south edges so that p has exactly one edge
(an end) or two (a free cell).  Every rule below holds in every ``fill-notouch`` solution,
so no branch that leads to a solution is cut:

- *Touching means joined.*  Every cell lies on a path, and a cell touching a cell of its own
  path must be its path neighbour; so two touching cells carry the same label exactly when
  they are joined.  Each path piece learns its label when it reaches an end, its cells are
  painted with it, and two touching cells of one label without an edge between them end
  the branch.
- *No U turns.*  Three edges of a 2x2 square make a U whose tips touch without being
  joined; four make a loop.
- *Corners nest around ends.*  If p turns through two neighbours a and b (say north and
  west), the cell diagonally between a and b touches both; carrying their label it would
  have to join both and close a loop of four, so it carries another label, is joined to
  neither, and is therefore an end or a corner turning the same way.  So a chain of such
  corners runs diagonally away from the turn until it meets an end or a blocked cell (a
  board edge stops it: the last corner would need a neighbour outside the board).  For
  north-west and north-east turns the diagonal cell is already decided and is checked; for
  south-west turns the whole lane down to the end is checked on the edges known so far; for
  south-east turns (p joined from neither north nor west) a table says where such a chain
  can exist.
- *Pieces never close a loop and never join two labels* (tracked by each piece's two ends).

When every cell is decided, every cell has its edges, no piece is a loop, and every piece
joins two ends of one label without touching itself: a solution.  Running out of cells
therefore proves there is none, and searching on after the first proves uniqueness.  The
tests compare this search with a brute-force enumerator and with the SAT model.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from ...core import jit
from ...core.deadline import Deadline
from ..model import BLOCKED, Cell, Puzzle, Solution
from . import scan_kernel as kernel
from .budget import ChunkedSearch, SearchOutcome

if TYPE_CHECKING:
    from .scan_plain import PlainScanSearch

CHUNK_NODES = 200_000
"""Nodes per kernel call between clock checks (a few milliseconds compiled)."""

SearchFunction = Callable[..., int]


def search_function(compiled: bool = True) -> SearchFunction:
    """The kernel: its Cython build's ``search_free`` (``scan_kernel_c``), else its
    ahead-of-time build, else compiled by numba (cached on disk), else plain Python (see
    ``core/jit.py``).

    Why the Cython build first: it takes numpy's int64 arrays as it takes ``array('q')``
    buffers, with every local typed (``scan_kernel.pxd``) it visits 1.5x the nodes a second
    that numba's builds do (43-45 against 28-30 million on ahle-inputs10's 50x50 boards,
    measured 2026-12-06), and ``search_free`` releases the GIL for the call, so a search
    racing SAT (``race._race``) needs no numba load to leave the interpreter to SAT.

    ``NUMPUZZLES_NO_JIT=1`` in the environment forces the plain version (slow, for
    debugging); so does a missing numba.  ``NUMPUZZLES_NO_C=1`` skips the Cython build.
    """
    if not compiled:
        return kernel.search
    built = jit.c_function(kernel.search_free)
    return built if built is not None else jit.kernel(kernel.search)


def helper_functions(compiled: bool = True) -> tuple[SearchFunction, SearchFunction]:
    """``prepare`` and ``trace`` (the search's tables, a solution's paths), chosen like
    ``search_function``."""
    if not compiled:
        return kernel.prepare, kernel.trace
    return jit.kernel(kernel.prepare), jit.kernel(kernel.trace)



class ScanSearch(ChunkedSearch):
    """One scan search over ``puzzle`` for up to ``limit`` solutions, run in pieces.

    All its state lives in arrays, so ``run`` may stop (node budget, deadline, a stop
    signal) and a later ``run`` goes on where it stopped, even from another thread.
    """

    step_nodes = CHUNK_NODES
    found_at = kernel.FOUND
    nodes_at = kernel.NODES

    def __init__(self, puzzle: Puzzle, limit: int = 1, compiled: bool = True) -> None:
        self.puzzle = puzzle
        self.limit = limit
        self.finished = False
        self.complete = False
        w, h = puzzle.width, puzzle.height
        self.width = pw = w + 2
        size = pw * (h + 2)
        grid = np.full((h + 2, pw), kernel.BORDER, dtype=np.int64)
        grid[1:-1, 1:-1] = np.array(puzzle.cells, dtype=np.int64).reshape(h, w)
        self.lab = lab = grid.reshape(-1)
        self.req = np.empty(size, dtype=np.int64)
        self.canse = np.zeros(size, dtype=np.int64)
        order = np.empty(size, dtype=np.int64)
        self.rank = np.empty(size, dtype=np.int64)
        self.col = np.empty(size, dtype=np.int64)
        prepare, self._trace = helper_functions(compiled)
        n = prepare(lab, w, h, self.req, self.canse, order, self.rank, self.col)
        self.order = order[:n]
        self.con = np.zeros(size, dtype=np.int64)
        self.end = np.arange(size, dtype=np.int64)
        self.trail = np.zeros((8 * n + size + 16, 3), dtype=np.int64)
        self.opt = np.zeros(n + 1, dtype=np.int64)
        self.mark = np.zeros(n + 1, dtype=np.int64)
        self.reg = np.zeros(4, dtype=np.int64)
        self.sols = np.zeros((limit, size), dtype=np.int64)
        self.compiled = compiled
        self._tables: tuple[np.ndarray, np.ndarray, list[Cell]] | None = None

    @classmethod
    def adopt(cls, quick: PlainScanSearch) -> ScanSearch:
        """The search ``quick`` (``scan_plain.py``, run without numpy) continued by numba's
        kernel: numpy views of its buffers, the same memory, so the nodes it searched are
        not searched again.  Both kernels keep all their state in these buffers and run
        the same code, so going on here is the search ``quick`` would have gone on with."""

        def view(buffer: Any) -> np.ndarray:
            return np.frombuffer(buffer, dtype=np.int64)

        self = cls.__new__(cls)
        self.puzzle, self.limit = quick.puzzle, quick.limit
        self.finished, self.complete = quick.finished, quick.complete
        self.width = quick.width
        self.lab, self.req, self.canse = view(quick.lab), view(quick.req), view(quick.canse)
        self.order, self.rank, self.col = view(quick.order), view(quick.rank), view(quick.col)
        self.con, self.end = view(quick.con), view(quick.end)
        self.trail = view(quick.trail.flat).reshape(-1, 3)
        self.opt, self.mark, self.reg = view(quick.opt), view(quick.mark), view(quick.reg)
        self.sols = view(quick.sols.flat).reshape(quick.limit, -1)
        self._trace = helper_functions(True)[1]
        self.compiled = True
        self._tables = None
        return self

    @property
    def kernels(self) -> tuple[Callable[..., int], ...]:
        """None to load where the Cython build runs it (it releases the GIL itself)."""
        if not self.compiled or jit.c_function(kernel.search_free) is not None:
            return ()
        return (kernel.search,)

    def _chunk(self, budget: int) -> bool:
        code = search_function(self.compiled)(
            self.lab, self.req, self.canse, self.order, self.rank, self.width, self.con,
            self.end, self.col, self.trail, self.opt, self.mark, self.reg, self.sols,
            self.limit, budget,
        )
        if code != kernel.PAUSED:
            self.finished = True
            self.complete = code == kernel.EXHAUSTED
        return False

    def outcome(self) -> SearchOutcome:
        found = int(self.reg[kernel.FOUND])
        solutions = [self._decode(self.sols[i]) for i in range(found)]
        return SearchOutcome(solutions, self.complete, self.finished, self.nodes)

    def _decode(self, con: np.ndarray) -> Solution:
        """The solution whose edges (padded, ``N|E|S|W`` bits per cell) are ``con``."""
        puzzle, pw = self.puzzle, self.width
        if self._tables is None:  # shared by the solutions decoded: made once
            ends = puzzle.endpoints()
            labels = np.array(list(ends), dtype=np.int64)
            firsts = [(r + 1) * pw + c + 1 for (r, c), _ in ends.values()]
            rows, cols = np.divmod(np.arange(-pw - 1, con.shape[0] - pw - 1), pw)
            cells = list(zip(rows.tolist(), cols.tolist(), strict=True))
            self._tables = (labels, np.array(firsts, dtype=np.int64), cells)
        labels, starts, cells = self._tables
        path = np.empty(con.shape[0], dtype=np.int64)
        cut = np.empty(labels.shape[0], dtype=np.int64)
        owner = np.zeros(con.shape[0], dtype=np.int64)
        m = self._trace(con, pw, starts, labels, path, cut, owner)
        order = list(map(cells.__getitem__, path[:m].tolist()))
        bounds = [0, *cut.tolist()]
        paths = tuple(
            (label, tuple(order[bounds[k] : bounds[k + 1]]))
            for k, label in enumerate(labels.tolist())
        )
        inside = owner.reshape(-1, pw)[1:-1, 1:-1]
        labelled = np.where(self.lab.reshape(-1, pw)[1:-1, 1:-1] == BLOCKED, BLOCKED, inside)
        return Solution(puzzle.width, puzzle.height, tuple(labelled.ravel().tolist()), paths)


def scan_solve(
    puzzle: Puzzle,
    *,
    limit: int = 1,
    max_nodes: int | None = None,
    deadline: Deadline | None = None,
    compiled: bool = True,
    stop: threading.Event | None = None,
) -> SearchOutcome:
    """Up to ``limit`` ``fill-notouch`` solutions of ``puzzle`` by the scan search.

    Stops unfinished after ``max_nodes`` search nodes, at ``deadline`` or when ``stop`` is
    set, whichever comes first.
    """
    search = ScanSearch(puzzle, limit, compiled)
    search.run(max_nodes, deadline, stop)
    return search.outcome()
