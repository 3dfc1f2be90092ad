"""The deduction solver: what follows from the rules, edge by edge, without search.

It decides, for every pair of adjacent cells, whether a path runs between them (an
"edge").  Used by the generator's cheap repairs and merge proofs (``repair.py``,
``unique.py``) and by the grades (``grade.py``: the ``fill`` grade until issue 13, its
verdict kept beside every grade since).  Two tiers:

- tier 1, *local* deductions, repeated until nothing changes:
  - degree: an endpoint has exactly one path edge, every other free cell two; when a
    cell has as many edges as it needs, its undecided edges are off; when its undecided
    edges are just enough, they are all on;
  - no loops, no mixing: an edge that would join a path segment to itself, or join
    segments carrying different labels, is off.
- tier 2, *one-step lookahead*: assume an undecided edge on (or off), run tier 1; if that
  contradicts itself, the opposite is true.  Each such deduction counts as one "trial".

Deductions are sound (each follows from the rules), so a puzzle solved by them has
exactly one solution under ``fill``.  ``Board(notouch=True)`` adds ``fill-notouch``'s own
rule: touching means joined (two touching cells of one piece or one label must be
joined).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.dsf import DisjointSets
from ...core.grid import forward_neighbours
from ..model import BLOCKED, Puzzle

UNKNOWN, ON, OFF = 0, 1, 2


class Contradiction(Exception):
    """Raised inside propagation when the assumptions break a rule."""


class Board:
    """Edge states and path segments (union-find with labels and end cells)."""

    def __init__(self, puzzle: Puzzle, notouch: bool = False) -> None:
        w, h = puzzle.width, puzzle.height
        self.notouch = notouch
        self.touched: list[int] | None = None  # cells propagation looked at, when kept
        self.size = w * h
        self.edge_cells: list[tuple[int, int]] = []
        self.cell_edges: list[list[int]] = [[] for _ in range(self.size)]
        for here in range(self.size):
            for there in forward_neighbours(here, w, h):
                edge = len(self.edge_cells)
                self.edge_cells.append((here, there))
                self.cell_edges[here].append(edge)
                self.cell_edges[there].append(edge)
        self.need = [0 if v == BLOCKED else 1 if v > 0 else 2 for v in puzzle.cells]
        self.state = [UNKNOWN] * len(self.edge_cells)
        self.pieces = DisjointSets(self.size)
        self.label = [max(v, 0) for v in puzzle.cells]  # indexed by a piece's representative

    def copy(self) -> Board:
        other = object.__new__(Board)
        other.size = self.size
        other.notouch = self.notouch
        other.touched = None
        other.edge_cells = self.edge_cells
        other.cell_edges = self.cell_edges
        other.need = self.need
        other.state = self.state.copy()
        other.pieces = self.pieces.copy()
        other.label = self.label.copy()
        return other

    def undecided(self) -> int:
        return sum(1 for s in self.state if s == UNKNOWN)

    def set_edge(self, edge: int, value: int, queue: list[int]) -> None:
        current = self.state[edge]
        if current == value:
            return
        if current != UNKNOWN:
            raise Contradiction
        a, b = self.edge_cells[edge]
        if value == OFF and self.notouch:
            ra, rb = self.pieces.find(a), self.pieces.find(b)
            if ra == rb or (self.label[ra] and self.label[ra] == self.label[rb]):
                raise Contradiction  # beside its own path without being joined
        if value == ON:
            pieces = self.pieces
            ra, rb = pieces.find(a), pieces.find(b)
            if ra == rb:
                raise Contradiction
            la, lb = self.label[ra], self.label[rb]
            if la and lb and la != lb:
                raise Contradiction
            self.label[pieces.link(ra, rb)] = la or lb
        self.state[edge] = value
        queue.append(a)
        queue.append(b)

    def propagate(self, queue: list[int]) -> None:
        """Tier 1 to a fixpoint from the cells in ``queue``; raises on a contradiction."""
        state, need, cell_edges, edge_cells = (
            self.state,
            self.need,
            self.cell_edges,
            self.edge_cells,
        )
        find = self.pieces.find
        touched = self.touched
        while queue:
            cell = queue.pop()
            if touched is not None:
                touched.append(cell)
            on = 0
            unknown: list[int] = []
            for edge in cell_edges[cell]:
                s = state[edge]
                if s == ON:
                    on += 1
                elif s == UNKNOWN:
                    unknown.append(edge)
            if not unknown:
                if on != need[cell]:
                    raise Contradiction
                continue
            if on > need[cell] or on + len(unknown) < need[cell]:
                raise Contradiction
            if on == need[cell]:
                for edge in unknown:
                    self.set_edge(edge, OFF, queue)
                continue
            if on + len(unknown) == need[cell]:
                for edge in unknown:
                    self.set_edge(edge, ON, queue)
                continue
            root = find(cell)
            label = self.label[root]
            for edge in unknown:
                a, b = edge_cells[edge]
                other_root = find(b if a == cell else a)
                other_label = self.label[other_root]
                if self.notouch and (other_root == root or (label and label == other_label)):
                    # touching means joined: one piece cannot be, two of a label must be
                    self.set_edge(edge, ON, queue)
                elif other_root == root or (label and other_label and label != other_label):
                    self.set_edge(edge, OFF, queue)


def tier_one(board: Board) -> bool:
    """Run tier 1 on every cell; False on a contradiction."""
    try:
        board.propagate(list(range(board.size)))
    except Contradiction:
        return False
    return True


class _Retry:
    """Which open edges tier 2 tries on each pass: all of them (what the grades count)."""

    def worth_trying(self, edge: int) -> bool:
        """Whether to try ``edge`` (open) on this pass."""
        return True

    def watch(self, board: Board) -> None:
        """Before a propagation on ``board`` whose looked-at cells matter."""

    def trial_done(self, trial: Board) -> None:
        """After a trial that did not contradict itself."""

    def decided(self, board: Board) -> None:
        """After ``board`` took a deduction."""

    def undecided(self, edge: int) -> None:
        """After both trials of ``edge`` held."""


class _RetryWhereChanged(_Retry):
    """Tries an edge whose trials held again only once a cell those trials looked at (or a
    neighbour of one) has changed since.

    Why: on the generator's 25x25 merges trying every open edge on every pass costs
    thousands of board copies, while a trial that held can only turn out otherwise where
    the board changed.  Not exactly the same closure (a piece's label can change far from
    the cells a trial looked at), so it may decide fewer edges; every edge it decides is
    still sound.  The grades try every edge.
    """

    def __init__(self, board: Board) -> None:
        self.clock = 0
        self.stamp = [0] * board.size
        self.tried: dict[int, tuple[int, set[int]]] = {}
        self.near = [
            {c for edge in board.cell_edges[cell] for c in board.edge_cells[edge]}
            for cell in range(board.size)
        ]
        self.footprint: set[int] = set()

    def worth_trying(self, edge: int) -> bool:
        record = self.tried.get(edge)
        if record is not None and all(self.stamp[c] <= record[0] for c in record[1]):
            return False
        self.footprint = set()
        return True

    def watch(self, board: Board) -> None:
        board.touched = []

    def trial_done(self, trial: Board) -> None:
        for cell in trial.touched or ():
            self.footprint |= self.near[cell]

    def decided(self, board: Board) -> None:
        self.clock += 1
        for cell in board.touched or ():
            self.stamp[cell] = self.clock
        board.touched = None

    def undecided(self, edge: int) -> None:
        self.tried[edge] = (self.clock, self.footprint)


def lookahead(board: Board, lazy: bool = False) -> tuple[int, bool]:
    """Tier 2 until nothing changes: (trials used, consistent).  ``lazy``: retry an edge
    only where the board changed (``_RetryWhereChanged``)."""
    retry = _RetryWhereChanged(board) if lazy else _Retry()
    trials = 0
    progress = True
    while progress:
        progress = False
        for edge in range(len(board.state)):
            if board.state[edge] != UNKNOWN or not retry.worth_trying(edge):
                continue
            for assumed, opposite in ((ON, OFF), (OFF, ON)):
                trial = board.copy()
                retry.watch(trial)
                try:
                    queue: list[int] = []
                    trial.set_edge(edge, assumed, queue)
                    trial.propagate(queue)
                except Contradiction:
                    trials += 1
                    progress = True
                    retry.watch(board)
                    try:
                        queue = []
                        board.set_edge(edge, opposite, queue)
                        board.propagate(queue)
                    except Contradiction:
                        return trials, False
                    retry.decided(board)
                    break
                retry.trial_done(trial)
            else:
                retry.undecided(edge)
    return trials, True


EdgeKey = tuple[int, int]
"""An edge as the flat indices ``row * width + col`` of its two cells, smaller first."""


@dataclass(frozen=True)
class Analysis:
    """What the deductions decided: the edges known on and off, the rest open."""

    consistent: bool
    trials: int
    on: frozenset[EdgeKey]
    off: frozenset[EdgeKey]
    open: frozenset[EdgeKey]


def analyse(
    puzzle: Puzzle,
    known_on: frozenset[EdgeKey] = frozenset(),
    known_off: frozenset[EdgeKey] = frozenset(),
    *,
    lazy: bool = False,
) -> Analysis:
    """Tiers 1 and 2 on ``puzzle``, starting from edges already known on or off.

    ``lazy``: tier 2 retries an edge only where the board changed (``lookahead``:
    sound, faster, possibly fewer edges decided).

    ``known_*`` must be sound for ``puzzle`` (the generator passes what it deduced
    before cutting a path: cutting only removes solutions, so those facts still hold,
    the cut edge itself now off); they spare re-deriving most of the board.
    """
    board = Board(puzzle)
    index = {edge: i for i, edge in enumerate(board.edge_cells)}
    queue: list[int] = []
    consistent = True
    trials = 0
    try:
        for edges, value in ((known_off, OFF), (known_on, ON)):
            for edge in edges:
                board.set_edge(index[edge], value, queue)
    except Contradiction:
        consistent = False
    if consistent:
        consistent = tier_one(board)
    if consistent:
        trials, consistent = lookahead(board, lazy)
    states = board.state
    return Analysis(
        consistent,
        trials,
        frozenset(e for e, i in index.items() if states[i] == ON),
        frozenset(e for e, i in index.items() if states[i] == OFF),
        frozenset(e for e, i in index.items() if states[i] == UNKNOWN),
    )
