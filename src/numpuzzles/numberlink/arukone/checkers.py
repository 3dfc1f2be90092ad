"""Models of the BwInf online Arukone-Checker: a greedy router that never backtracks.

The 42nd Bundeswettbewerb Informatik asked for Arukone puzzles that its online checker
cannot solve.  The checker's code is not public; these models reproduce its behaviour as
measured on published screenshots (model A: 50 of 51 paths, 10 of 11 failures).  A
generator that wants to "beat the checker" runs them; ``arukone check`` reports them.

Every model routes one label at a time with a breadth-first search and keeps the path it
found forever (no backtracking):

- for label ``k`` let ``a_k`` be its first end in row-major order and ``b_k`` its second;
- BFS from ``a_k`` expands neighbours in the order left ``(r, c-1)``, down ``(r+1, c)``,
  right ``(r, c+1)``, up ``(r-1, c)``; it enters a cell that is on the board, not yet
  discovered, and is ``b_k`` or not occupied (occupied: blocked, any label's end, or a
  cell of a path already routed); the first discoverer of a cell is its parent;
- if ``b_k`` is reached, the path's cells become occupied, otherwise ``k`` fails.

The models differ only in the order labels are routed, computed once before routing:

- ``A``: by ``(d_k, k)``, ``d_k`` the BFS distance from ``a_k`` to ``b_k`` on the initial
  board where every labelled cell except ``b_k`` is a wall (infinite when unreachable);
- ``B``: by label, ascending;
- ``C``: by ``(Chebyshev distance between a_k and b_k, k)``.

Coordinates are ``(row, col)``, 0-based.
"""

from __future__ import annotations

import enum
import math
from collections import deque
from dataclasses import dataclass

from ...core.grid import orthogonal_neighbours
from ..model import EMPTY, Cell, Puzzle


class CheckerModel(enum.Enum):
    """Which order the greedy router visits the labels in."""

    A = "A"
    """By BFS distance on the initial board, then label."""
    B = "B"
    """By label."""
    C = "C"
    """By Chebyshev distance between the two ends, then label."""


@dataclass(frozen=True)
class CheckerRun:
    """What one model did on one puzzle.

    ``order`` is the order labels were routed in; ``paths`` maps each routed label to its
    cells from ``a_k`` to ``b_k``; ``failed`` lists the labels it could not route, in
    routing order.  The checker "solves" the puzzle when ``failed`` is empty.
    """

    model: CheckerModel
    order: tuple[int, ...]
    paths: tuple[tuple[int, tuple[Cell, ...]], ...]
    failed: tuple[int, ...]

    @property
    def solved(self) -> bool:
        """True when the model routed every label."""
        return not self.failed


def _bfs(
    width: int,
    height: int,
    occupied: list[bool],
    start: int,
    goal: int,
) -> list[int] | None:
    """The checker's BFS from ``start`` to ``goal`` (flat indices), or None when cut off."""
    parent = {start: start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in orthogonal_neighbours(here, width, height):  # the checker's order
            if there in parent or (there != goal and occupied[there]):
                continue
            parent[there] = here
            if there == goal:
                path = [goal]
                while path[-1] != start:
                    path.append(parent[path[-1]])
                path.reverse()
                return path
            queue.append(there)
    return None


def _initial_distance(puzzle: Puzzle, start: Cell, goal: Cell) -> float:
    """Model A's ``d_k``: steps from start to goal with every other labelled cell a wall."""
    width = puzzle.width
    occupied = [value != EMPTY for value in puzzle.cells]
    path = _bfs(
        width, puzzle.height, occupied, start[0] * width + start[1], goal[0] * width + goal[1]
    )
    return math.inf if path is None else len(path) - 1


def routing_order(puzzle: Puzzle, model: CheckerModel) -> tuple[int, ...]:
    """The order ``model`` routes the labels of ``puzzle`` in."""
    ends = puzzle.endpoints()
    if model is CheckerModel.B:
        return tuple(sorted(ends))
    if model is CheckerModel.C:
        return tuple(
            sorted(
                ends,
                key=lambda k: (
                    max(abs(ends[k][0][0] - ends[k][1][0]), abs(ends[k][0][1] - ends[k][1][1])),
                    k,
                ),
            )
        )
    distance = {k: _initial_distance(puzzle, a, b) for k, (a, b) in ends.items()}
    return tuple(sorted(ends, key=lambda k: (distance[k], k)))


def run_checker(puzzle: Puzzle, model: CheckerModel = CheckerModel.A) -> CheckerRun:
    """Route every label of ``puzzle`` the way checker ``model`` does."""
    width = puzzle.width
    occupied = [value != EMPTY for value in puzzle.cells]
    ends = puzzle.endpoints()
    order = routing_order(puzzle, model)
    paths: list[tuple[int, tuple[Cell, ...]]] = []
    failed: list[int] = []
    for label in order:
        a, b = ends[label]
        path = _bfs(width, puzzle.height, occupied, a[0] * width + a[1], b[0] * width + b[1])
        if path is None:
            failed.append(label)
            continue
        for index in path:
            occupied[index] = True
        paths.append((label, tuple(divmod(index, width) for index in path)))
    return CheckerRun(model, order, tuple(paths), tuple(failed))


def beats_checker(puzzle: Puzzle, models: tuple[CheckerModel, ...] = (CheckerModel.A,)) -> bool:
    """True when every model in ``models`` fails on ``puzzle``."""
    return all(not run_checker(puzzle, model).solved for model in models)
