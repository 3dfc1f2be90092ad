"""Difficulty grades for Numberlink puzzles under ``fill``, from a human-style deduction solver.

The measure: how far simple, sound deductions carry a solver that decides, for every pair
of adjacent cells, whether a path runs between them (an "edge").  Two tiers:

- tier 1, *local* deductions, repeated until nothing changes:
  - degree: an endpoint has exactly one path edge, every other free cell two; when a
    cell has as many edges as it needs, its undecided edges are off; when its undecided
    edges are just enough, they are all on;
  - no loops, no mixing: an edge that would join a path segment to itself, or join
    segments carrying different labels, is off.
- tier 2, *one-step lookahead*: assume an undecided edge on (or off), run tier 1; if that
  contradicts itself, the opposite is true.  Each such deduction counts as one "trial".

Grades: ``easy`` (tier 1 alone solves the puzzle), ``medium`` (tier 2 solves it with at
most one trial per 10 cells), ``hard`` (tier 2 solves it with more trials), ``expert``
(tier 2 gets stuck: the puzzle needs guessing deeper than one step).  (One trial per 20
cells until issue 13: the thinner ``fill`` puzzles, merged down to 0.11 pairs per cell,
need more trials, and nearly all of them graded ``hard``.)  The score is the
number of trials, or for ``expert`` the number of edges left undecided, added to a
large constant so scores order like grades.

Under ``blank`` the generator's puzzles have a unique solution that fills the board, and
the grade printed for them is this ``fill`` grade: the effort for a solver who knows the
board fills up (a solver who does not know it needs more; no separate measure yet).

Deductions are sound (each follows from the rules), so a puzzle solved by them has
exactly one solution under ``fill``; the generator still proves uniqueness with the solver.

Under ``fill-notouch`` the measure is the effort of the scan search (``scan.py``) proving
the puzzle unique (``limit=2``), in search nodes, against what is typical for the size.
Why not the deductions: measured on the sparse generator's puzzles (issue 13: 6 pairs on
10x10), tier 2 leaves some 150 of 180 edges open on every one of them (all ``expert``),
even with ``fill-notouch``'s own rule (touching means joined: two touching cells of one
piece or one label must be joined), which ``_Board(notouch=True)`` applies; such puzzles
are solved by reasoning about whole paths, which the scan search's rules are.  The typical
effort was fitted to the median nodes of the default puzzles: 400 at 10x10 (seeds 1-40),
2,650 at 15x15, 14,700 at 20x20 (1-30), 43,000 at 25x25 (1-20), 0.27 million at 30x30
(1-8) and 2.3 million at 40x40 (1-3): ``ln(nodes) = ln(400) + 0.335 t - 0.00156 t^2``
with ``t = side - 10`` (``NOTOUCH_*`` below); the grade is the ratio of the nodes to it:
``easy`` below 0.6, ``medium`` below 1.2, ``hard`` below 2.2, else ``expert``.  The score
is the node count (exact and repeatable: the search is deterministic).
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

from ..core.dsf import DisjointSets
from ..core.grid import forward_neighbours
from .model import BLOCKED, Puzzle, Rules

UNKNOWN, ON, OFF = 0, 1, 2


class Grade(enum.Enum):
    """Difficulty grades, easiest first."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"


GRADES: tuple[str, ...] = tuple(g.value for g in Grade)
EXPERT_BASE = 1_000_000
MEDIUM_CELLS_PER_TRIAL = 10
NOTOUCH_NODES_10X10 = 400.0
NOTOUCH_GROWTH = (0.335, -0.00156)
NOTOUCH_RATIOS = ((0.6, Grade.EASY), (1.2, Grade.MEDIUM), (2.2, Grade.HARD))


@dataclass(frozen=True)
class Difficulty:
    """A puzzle's grade, its score (see the module docstring) and whether tiers solved it
    (under ``fill-notouch``, graded by the search, ``trials`` and ``undecided`` are 0)."""

    grade: Grade
    score: int
    trials: int
    undecided: int
    by_search: bool = False

    @property
    def solved_by_deduction(self) -> bool:
        """True when the deductions alone decided every edge (a uniqueness proof)."""
        return not self.by_search and self.undecided == 0


class Contradiction(Exception):
    """Raised inside propagation when the assumptions break a rule."""


class _Board:
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

    def copy(self) -> _Board:
        other = object.__new__(_Board)
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


def _tier_one(board: _Board) -> bool:
    """Run tier 1 on every cell; False on a contradiction."""
    try:
        board.propagate(list(range(board.size)))
    except Contradiction:
        return False
    return True


def _lookahead(board: _Board) -> tuple[int, bool]:
    """Tier 2 until nothing changes: (trials used, consistent)."""
    trials = 0
    progress = True
    while progress:
        progress = False
        for edge in range(len(board.state)):
            if board.state[edge] != UNKNOWN:
                continue
            for assumed, opposite in ((ON, OFF), (OFF, ON)):
                trial = board.copy()
                try:
                    queue: list[int] = []
                    trial.set_edge(edge, assumed, queue)
                    trial.propagate(queue)
                except Contradiction:
                    trials += 1
                    progress = True
                    try:
                        queue = []
                        board.set_edge(edge, opposite, queue)
                        board.propagate(queue)
                    except Contradiction:
                        return trials, False
                    break
    return trials, True


def _lookahead_lazy(board: _Board) -> tuple[int, bool]:
    """Tier 2 as ``_lookahead``, but an edge whose trials failed is tried again only once
    a cell those trials looked at (or a neighbour of one) has changed since.

    Why: on the generator's 25x25 merges ``_lookahead`` tries every open edge on every
    pass, thousands of board copies, while a failed trial can only turn out otherwise
    where the board changed.  Not exactly the same closure (a piece's label can change
    far from the cells a trial looked at), so it may decide fewer edges; every edge it
    decides is still sound.  The grades use ``_lookahead``.
    """
    trials = 0
    clock = 0
    stamp = [0] * board.size
    tried: dict[int, tuple[int, set[int]]] = {}
    near = [
        {c for edge in board.cell_edges[cell] for c in board.edge_cells[edge]}
        for cell in range(board.size)
    ]
    progress = True
    while progress:
        progress = False
        for edge in range(len(board.state)):
            if board.state[edge] != UNKNOWN:
                continue
            record = tried.get(edge)
            if record is not None and all(stamp[c] <= record[0] for c in record[1]):
                continue
            footprint: set[int] = set()
            for assumed, opposite in ((ON, OFF), (OFF, ON)):
                trial = board.copy()
                trial.touched = []
                try:
                    queue: list[int] = []
                    trial.set_edge(edge, assumed, queue)
                    trial.propagate(queue)
                except Contradiction:
                    trials += 1
                    progress = True
                    board.touched = []
                    try:
                        queue = []
                        board.set_edge(edge, opposite, queue)
                        board.propagate(queue)
                    except Contradiction:
                        return trials, False
                    clock += 1
                    for cell in board.touched:
                        stamp[cell] = clock
                    board.touched = None
                    break
                for cell in trial.touched:
                    footprint |= near[cell]
            else:
                tried[edge] = (clock, footprint)
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

    ``lazy``: tier 2 retries an edge only where the board changed (``_lookahead_lazy``:
    sound, faster, possibly fewer edges decided).

    ``known_*`` must be sound for ``puzzle`` (the generator passes what it deduced
    before cutting a path: cutting only removes solutions, so those facts still hold,
    the cut edge itself now off); they spare re-deriving most of the board.
    """
    board = _Board(puzzle)
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
        consistent = _tier_one(board)
    if consistent:
        trials, consistent = (_lookahead_lazy if lazy else _lookahead)(board)
    states = board.state
    return Analysis(
        consistent,
        trials,
        frozenset(e for e, i in index.items() if states[i] == ON),
        frozenset(e for e, i in index.items() if states[i] == OFF),
        frozenset(e for e, i in index.items() if states[i] == UNKNOWN),
    )


def typical_notouch_nodes(puzzle: Puzzle) -> float:
    """The scan search's typical node count for proving a sparse puzzle of this size."""
    t = math.sqrt(sum(1 for v in puzzle.cells if v != BLOCKED)) - 10
    linear, square = NOTOUCH_GROWTH
    return NOTOUCH_NODES_10X10 * math.exp(linear * t + square * t * t)


def notouch_grade(nodes: int, puzzle: Puzzle) -> Grade:
    """The ``fill-notouch`` grade of a puzzle whose uniqueness proof took ``nodes``."""
    ratio = nodes / typical_notouch_nodes(puzzle)
    for bound, level in NOTOUCH_RATIOS:
        if ratio < bound:
            return level
    return Grade.EXPERT


def grade(puzzle: Puzzle, rules: Rules = Rules.FILL) -> Difficulty:
    """The difficulty of ``puzzle`` (see the module docstring for the measure): under
    ``fill-notouch`` the scan search's effort, else the deductions under ``fill``."""
    if rules is Rules.FILL_NOTOUCH:
        from .solve import solve  # the engines load only when a notouch grade is asked

        nodes = solve(puzzle, rules=rules, limit=2, engine="scan").stats.nodes
        return Difficulty(notouch_grade(nodes, puzzle), nodes, 0, 0, by_search=True)
    board = _Board(puzzle)
    if not _tier_one(board):
        return Difficulty(Grade.EXPERT, EXPERT_BASE + board.undecided(), 0, board.undecided())
    if board.undecided() == 0:
        return Difficulty(Grade.EASY, 0, 0, 0)
    trials, consistent = _lookahead(board)
    left = board.undecided()
    if not consistent or left:
        return Difficulty(Grade.EXPERT, EXPERT_BASE + left, trials, max(left, 1))
    cells = sum(1 for v in puzzle.cells if v != BLOCKED)
    medium = trials * MEDIUM_CELLS_PER_TRIAL <= cells
    return Difficulty(Grade.MEDIUM if medium else Grade.HARD, trials, trials, 0)
