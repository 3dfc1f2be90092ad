"""What ``analyse`` answers about a puzzle a setter is making (issue 24).

A setter needs more than "solved": how many solutions there are, which cells every
solution agrees on (so the setter sees the settled part of the board) and where they
differ (so the setter sees where to add or move a clue), how hard a unique puzzle is, and
one change that would make a non-unique puzzle unique.  Every family that analyses
answers with the same ``Analysis``, so the CLI, the web API and the page show it once.

``common`` is computed from the solver (a backbone), not by listing every solution, so it
is exact even when the solutions are too many to count: ``complete`` says whether
``count`` is exact or a lower bound.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .result import Status

Cell = tuple[int, int]
"""(row, column), 0-based."""
Edge = tuple[Cell, Cell]
"""Two orthogonally adjacent cells that a path joins."""


@dataclass(frozen=True)
class Suggestion:
    """One change that makes a puzzle with several solutions unique, proved so.

    ``kind`` names the change in the family's terms (``add-given`` for Fubuki;
    ``move-end``, ``add-pair`` or ``remove-pair`` for Numberlink and Arukone);
    ``message`` says it in a setter's words (cells named as the page names them);
    ``cells`` are the cells it touches (to highlight); ``puzzle`` is the changed puzzle
    in the family's JSON form, so a client can apply it with one click.
    """

    kind: str
    message: str
    cells: tuple[Cell, ...]
    puzzle: Mapping[str, Any]


@dataclass(frozen=True)
class Analysis:
    """A puzzle analysed for its setter.

    - ``status``: ``SOLVED`` when there is at least one solution, ``UNSOLVABLE`` when
      there is none (proved), ``UNKNOWN`` when a limit stopped the search first.
    - ``count``: the solutions found; exact when ``complete``, otherwise "at least".
    - ``common``: the puzzle's grid with, in each cell, the value every solution gives it
      (a label; 0 for a cell every solution leaves empty; a digit for Fubuki), and
      ``None`` where solutions differ; ``None`` as a whole when not known (no solution,
      or a limit hit before the backbone was settled).
    - ``common_edges``: under path rules, the joins every solution uses.
    - ``differ``: the cells where solutions differ (``None`` in ``common``).
    - ``difficulty``: the grade, when the puzzle is unique and the family grades.
    - ``suggestion``: when there are several solutions, one change proved to leave
      exactly one.
    - ``details``: JSON-ready facts of the family's own (Number Match: whether the
      board can be cleared, the fewest additions, the first moves that keep it
      clearable).
    - ``words``: a detail as a person reads it, where its JSON form in ``details`` is
      for programs (Number Match's first moves: ``r2c5-r3c5``, not the original's
      ``x1,y1,x2,y2``); the CLI shows it in place of the value.
    - ``summary``: the family's own words for what was found, where "unique" and a count
      of solutions would mislead a person (Number Match: whether the board clears, with
      how few additions); the CLI shows it in place of the headline and the count.
    - ``timed_out``: a limit cut some part short (the time limit: the count, the
      backbone, the search for a suggestion; Number Match's node budget: first moves
      left undecided), so a reader knows that something is left open.
    - ``seconds``: the time the whole analysis took.
    """

    status: Status
    count: int
    complete: bool
    common: list[list[int | None]] | None = None
    common_edges: tuple[Edge, ...] = ()
    differ: tuple[Cell, ...] = ()
    difficulty: str | None = None
    suggestion: Suggestion | None = None
    details: Mapping[str, Any] = field(default_factory=dict)
    words: Mapping[str, str] = field(default_factory=dict)
    summary: str | None = None
    timed_out: bool = False
    seconds: float = 0.0

    @property
    def unique(self) -> bool:
        """Exactly one solution, proved."""
        return self.status is Status.SOLVED and self.complete and self.count == 1
