"""A second ``blank`` solution that reroutes two neighbouring paths inside their own cells.

Why: ``unique_blank`` first looks for a second solution that reroutes one path of the
first solution ``S`` through its own cells and the empty ones (``detour``).  When ``S``
fills the board there is nothing to reroute through, and two paths side by side may still
trade cells: on the ADC 2015 problem Q10 (32x16, every cell used) the first pair of
neighbouring paths tried has a second layout inside the cells the two take, while SAT
found no second solution of the whole board within 10 s.

For each pair of labels whose paths touch, in label order, the search lists the simple
paths of the first label inside the two paths' cells (depth first, the second label's ends
excluded), keeping only those that leave the second label's ends connected, and for each
routes the second label through what is left (breadth first).  A layout other than ``S``'s
is a solution of the board: the two new paths are disjoint, stay inside cells the two
labels held, and every other path is untouched.  Finding none proves nothing about other
solutions (``unique_blank`` goes on to SAT); each pair gets at most ``PAIR_STEPS`` steps and
the whole test at most ``PAIR_SECONDS``.
"""

from __future__ import annotations

import time
from collections import deque

from ...core.deadline import Deadline
from ..model import EMPTY, Cell, Puzzle, Solution

PAIR_STEPS = 2_000
"""Depth-first steps (one cell added to the first label's path) per pair of labels."""
PAIR_SECONDS = 0.5
"""The most time the whole test takes (the pairs of a 20x20 board take some tens of ms)."""


def pair_detour(
    puzzle: Puzzle, solution: Solution, deadline: Deadline, steps: int = PAIR_STEPS
) -> Solution | None:
    """A solution other than ``solution`` that differs from it in two neighbouring paths,
    laid inside the cells those two paths take, or None when none was found."""
    w = puzzle.width
    cells = solution.cells
    touching: set[tuple[int, int]] = set()
    for index, label in enumerate(cells):
        if label <= 0:
            continue
        last_column = index % w == w - 1
        for other in (-1 if last_column else index + 1, index + w):
            if 0 <= other < len(cells) and cells[other] > 0 and cells[other] != label:
                touching.add((min(label, cells[other]), max(label, cells[other])))
    until = time.perf_counter() + PAIR_SECONDS
    paths = dict(solution.paths)
    for first, second in sorted(touching):
        if deadline.expired() or time.perf_counter() > until:
            return None
        rerouted = _reroute(paths[first], paths[second], steps)
        if rerouted is not None:
            w = puzzle.width
            moved = with_path(solution, first, [r * w + c for r, c in rerouted[0]])
            return with_path(moved, second, [r * w + c for r, c in rerouted[1]])
    return None


def _reroute(
    old_a: tuple[Cell, ...], old_b: tuple[Cell, ...], steps: int
) -> tuple[list[Cell], list[Cell]] | None:
    """Paths for the two labels inside ``old_a`` and ``old_b``'s cells, other than those
    two, each from its first end to its second; None when none came within ``steps``."""
    region = set(old_a) | set(old_b)
    start, goal = old_a[0], old_a[-1]
    b_start, b_goal = old_b[0], old_b[-1]
    usable = region - {b_start, b_goal}
    path = [start]
    on_path = {start}
    budget = steps

    def neighbours(cell: Cell) -> list[Cell]:
        r, c = cell
        return [n for n in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)) if n in usable]

    def route_b() -> list[Cell] | None:
        """The second label's path through the region less the first's (breadth first)."""
        free = region - on_path
        came: dict[Cell, Cell | None] = {b_start: None}
        queue = deque([b_start])
        while queue:
            here = queue.popleft()
            if here == b_goal:
                out = [here]
                back = came[here]
                while back is not None:
                    out.append(back)
                    back = came[back]
                return out[::-1]
            r, c = here
            for n in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)):
                if n in free and n not in came:
                    came[n] = here
                    queue.append(n)
        return None

    # depth first, with an explicit stack (paths can be longer than Python's recursion)
    stack = [iter(neighbours(start))]
    while stack and budget > 0:
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
            on_path.discard(path.pop())
            continue
        if step in on_path:
            continue
        budget -= 1
        path.append(step)
        on_path.add(step)
        b_path = route_b()
        if step == goal:
            if b_path is not None and (tuple(path) != old_a or tuple(b_path) != old_b):
                return path, b_path
        elif b_path is not None:  # else the second label is cut off: no completion helps
            stack.append(iter(neighbours(step)))
            continue
        path.pop()
        on_path.discard(step)
    return None


def with_path(solution: Solution, label: int, order: list[int]) -> Solution:
    """``solution`` with ``label``'s path replaced by ``order`` (row-major indices): the
    one-path reroute of ``unique_blank.detour`` and, twice, this module's."""
    w = solution.width
    cells = [EMPTY if v == label else v for v in solution.cells]
    for p in order:
        cells[p] = label
    path: tuple[Cell, ...] = tuple(divmod(p, w) for p in order)
    paths = tuple((k, path if k == label else old) for k, old in solution.paths)
    return Solution(solution.width, solution.height, tuple(cells), paths)
