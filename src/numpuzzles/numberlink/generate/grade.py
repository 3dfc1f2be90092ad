"""Difficulty grades for Numberlink puzzles: the scan search's effort to prove them unique.

The measure, under every rule set: the search nodes the scan search (``solve/scan.py``, under
``fill-notouch``, ``limit=2``) needs to prove the puzzle unique, against what is typical
for the size; the grade is the ratio of the two.  The score is the node count (exact and
repeatable: the search is deterministic, and stopped after ``SEARCH_CAP`` times the typical
count, where the puzzle is ``expert``, so grading stays bounded without a clock).

Why the search under ``fill`` too: a ``fill`` puzzle from the generator has a unique
solution that never touches itself, so it is unique under ``fill-notouch`` as well, and the
scan search's nodes are a measure of how much reasoning about whole paths it needs.  Until
issue 13 the ``fill`` grade came from the deduction solver below alone, and over 100 seeds
(``bench/difficulty_bench.py``) it did not order that effort: at 15x15 ``medium`` puzzles
took a mean 1,343 nodes, ``hard`` 1,308 and ``expert`` 797, since a puzzle whose
deductions get stuck is often easy for a search.  (A ``fill`` search would be the natural
measure, but its SAT conflicts correlated only 0.26-0.42 with the trials.)  So the
deduction solver's verdict is kept beside the grade (``Difficulty.deduction``, ``trials``,
``undecided``; ``deduction_grade``), and in the generator's details.  A ``fill`` or
``blank`` puzzle whose search does not find exactly one solution (not unique, or only
solutions that touch themselves, e.g. a hand-made one), or a grade asked with
``search=False`` (the union-find method's puzzles, not unique), gets the deduction grade.

Typical efforts, fitted as ``ln(nodes) = ln(n10) + a t + b t^2`` with ``t = side - 10``
(the side of a square with the puzzle's free cells) to the median nodes of the default
generator's puzzles (measured 2026-12-01):

- ``fill-notouch`` (``NOTOUCH_*``): 400 at 10x10 (seeds 1-40), 2,650 at 15x15, 14,700 at
  20x20 (1-30), 43,000 at 25x25 (1-20), 0.27 million at 30x30 (1-8) and 2.3 million at
  40x40 (1-3); ``easy`` below 0.6 times that, ``medium`` below 1.2, ``hard`` below 2.2,
  else ``expert`` (``NOTOUCH_RATIOS``);
- ``fill`` thinned to 0.11 pairs per cell, as the generator makes them from 10x10 to
  25x25 (``FILL_*``): 335 at 10x10 (seeds 9-40), 1,180 at 15x15 (1-40), 2,900 at 20x20
  (1-20), 7,260 at 25x25 (1-10);
- crowded ``fill`` and ``blank`` (``CROWDED_*``: ``fill`` below 10x10 and above 25x25,
  where the generator does not thin, and ``blank`` at every size): ``fill`` 76 at 6x6,
  144 at 8x8 (1-20), 219 at 9x9 (1-15), 6,360 at 30x30 (0-4), 36,000 at 40x40 (1-2),
  32,000 at 50x50 (0); ``blank`` 270 at 10x10 (1-30), 635 at 15x15 (1-20), 1,800 at
  20x20 (1-10).

The ``fill`` efforts spread less than ``fill-notouch``'s, so their bounds are closer
(``FILL_RATIOS``, about the 20th, 60th and 85th percentiles of the 102 thinned puzzles
above): ``easy`` below 0.75 times the typical, ``medium`` below 1.1, ``hard`` below 1.6,
else ``expert``.  A puzzle thinner than the default (``pairs``, ``density``) is measured
against the default's typical effort, so fewer clues grade harder.

The deduction solver's verdict (``deduce.py``): ``easy`` (tier 1 alone solves the puzzle),
``medium`` (tier 2 solves it with at most one trial per 10 cells), ``hard`` (more trials),
``expert`` (tier 2 gets stuck: the puzzle needs guessing deeper than one step); its score
is the number of trials, or for ``expert`` the number of edges left undecided, added to a
large constant so scores order like grades.  Under ``blank`` the grade printed for the
generator's puzzles (unique, filling the board) is this ``fill`` grade.

Why not the deductions under ``fill-notouch`` either: measured on the sparse generator's
puzzles (issue 13: 6 pairs on 10x10), tier 2 leaves some 150 of 180 edges open on every
one of them (all ``expert``), even with ``fill-notouch``'s own rule (touching means
joined), which ``deduce.Board(notouch=True)`` applies.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, replace

from ..model import BLOCKED, Puzzle, Rules
from .deduce import Board, lookahead, tier_one
from .sparse import THIN_CELLS, THIN_MAX_CELLS


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
FILL_NODES_10X10 = 341.0
FILL_GROWTH = (0.2546, -0.00346)
CROWDED_NODES_10X10 = 233.0
CROWDED_GROWTH = (0.2342, -0.00268)
FILL_RATIOS = ((0.75, Grade.EASY), (1.1, Grade.MEDIUM), (1.6, Grade.HARD))
SEARCH_CAP = 100
"""The search behind a grade stops after this many times the typical nodes (``expert``):
a bound on grading cost that keeps grades repeatable (no clock involved)."""


@dataclass(frozen=True)
class Difficulty:
    """A puzzle's grade and score (see the module docstring), and what the deduction
    solver made of it: ``deduction`` its grade (None under ``fill-notouch``, where it is
    not run), ``trials`` its tier-2 trials, ``undecided`` the edges it left open.
    ``by_search``: the grade and score come from the scan search's effort (nodes)."""

    grade: Grade
    score: int
    trials: int
    undecided: int
    by_search: bool = False
    deduction: Grade | None = None

    @property
    def solved_by_deduction(self) -> bool:
        """True when the deductions alone decided every edge (a uniqueness proof)."""
        return self.deduction is not None and self.undecided == 0


def _typical(puzzle: Puzzle, at_10x10: float, growth: tuple[float, float]) -> float:
    """``at_10x10 * exp(linear t + square t^2)``, ``t`` the side of a square board with
    the puzzle's free cells, less 10."""
    t = math.sqrt(sum(1 for v in puzzle.cells if v != BLOCKED)) - 10
    linear, square = growth
    return at_10x10 * math.exp(linear * t + square * t * t)


def typical_notouch_nodes(puzzle: Puzzle) -> float:
    """The scan search's typical node count for proving a sparse puzzle of this size."""
    return _typical(puzzle, NOTOUCH_NODES_10X10, NOTOUCH_GROWTH)


def thinned_by_default(puzzle: Puzzle, rules: Rules) -> bool:
    """Whether the default generator thins puzzles of this size and rule set (``fill``
    from ``THIN_CELLS`` to ``THIN_MAX_CELLS`` cells, see ``sparse.py``)."""
    return rules is Rules.FILL and THIN_CELLS <= puzzle.width * puzzle.height <= THIN_MAX_CELLS


def typical_fill_nodes(puzzle: Puzzle, rules: Rules = Rules.FILL) -> float:
    """The scan search's typical node count for proving unique a puzzle of this size made
    by the default ``fill`` (or ``blank``) generator: thinned or crowded, as it makes them."""
    if thinned_by_default(puzzle, rules):
        return _typical(puzzle, FILL_NODES_10X10, FILL_GROWTH)
    return _typical(puzzle, CROWDED_NODES_10X10, CROWDED_GROWTH)


def _by_ratio(nodes: int, typical: float, bounds: tuple[tuple[float, Grade], ...]) -> Grade:
    ratio = nodes / typical
    for bound, level in bounds:
        if ratio < bound:
            return level
    return Grade.EXPERT


def notouch_grade(nodes: int, puzzle: Puzzle) -> Grade:
    """The ``fill-notouch`` grade of a puzzle whose uniqueness proof took ``nodes``."""
    return _by_ratio(nodes, typical_notouch_nodes(puzzle), NOTOUCH_RATIOS)


def fill_grade(nodes: int, puzzle: Puzzle, rules: Rules = Rules.FILL) -> Grade:
    """The ``fill`` (or ``blank``) grade of a puzzle whose uniqueness proof by the scan
    search (under ``fill-notouch``) took ``nodes``."""
    return _by_ratio(nodes, typical_fill_nodes(puzzle, rules), FILL_RATIOS)


def _search_nodes(puzzle: Puzzle, typical: float) -> tuple[int, bool, int]:
    """The scan search's proof of ``puzzle`` under ``fill-notouch`` (``limit=2``): its
    nodes, whether it finished within ``SEARCH_CAP`` times ``typical``, the solutions."""
    from ..solve.race import scan_effort  # the engines load only when a search grade is asked

    cap = max(int(SEARCH_CAP * typical), 1)
    outcome = scan_effort(puzzle, 2, cap)
    return outcome.nodes, outcome.finished, len(outcome.solutions)


def deduction_grade(puzzle: Puzzle) -> Difficulty:
    """The grade of the deduction solver (tiers 1 and 2, under ``fill``): the ``fill``
    grade before issue 13, kept in every ``fill`` and ``blank`` grade as ``deduction``."""
    board = Board(puzzle)
    if not tier_one(board):
        left = board.undecided()
        return Difficulty(Grade.EXPERT, EXPERT_BASE + left, 0, max(left, 1), False, Grade.EXPERT)
    if board.undecided() == 0:
        return Difficulty(Grade.EASY, 0, 0, 0, False, Grade.EASY)
    trials, consistent = lookahead(board)
    left = board.undecided()
    if not consistent or left:
        return Difficulty(
            Grade.EXPERT, EXPERT_BASE + left, trials, max(left, 1), False, Grade.EXPERT
        )
    cells = sum(1 for v in puzzle.cells if v != BLOCKED)
    level = Grade.MEDIUM if trials * MEDIUM_CELLS_PER_TRIAL <= cells else Grade.HARD
    return Difficulty(level, trials, trials, 0, False, level)


def grade(puzzle: Puzzle, rules: Rules = Rules.FILL, *, search: bool = True) -> Difficulty:
    """The difficulty of ``puzzle`` under ``rules`` (see the module docstring): the scan
    search's effort to prove it unique against what is typical for its size, with (under
    ``fill`` and ``blank``) the deduction solver's verdict kept alongside.

    ``search`` False, or a ``fill``/``blank`` puzzle whose scan search (under
    ``fill-notouch``) does not find exactly one solution (it is not unique, or its only
    solution touches itself): the deduction grade alone (``deduction_grade``).
    """
    if rules is Rules.FILL_NOTOUCH:
        typical = typical_notouch_nodes(puzzle)
        nodes, _, _ = _search_nodes(puzzle, typical)
        level = _by_ratio(nodes, typical, NOTOUCH_RATIOS)
        return Difficulty(level, nodes, 0, 0, by_search=True)
    deduced = deduction_grade(puzzle)
    if not search:
        return deduced
    typical = typical_fill_nodes(puzzle, rules)
    nodes, finished, found = _search_nodes(puzzle, typical)
    if finished and found != 1:
        return deduced
    level = _by_ratio(nodes, typical, FILL_RATIOS)
    return replace(deduced, grade=level, score=nodes, by_search=True)
