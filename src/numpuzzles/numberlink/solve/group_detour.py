"""A second ``blank`` solution that lays three neighbouring paths out again inside their own
cells and the empty ones, found by SAT on that region alone.

Why: ``pair_detour.py`` finds two paths that trade cells, but some second solutions move
three.  janko.at's Arukone 528 (20x20, a first solution that fills the board) has a second
solution that differs from the first only in labels 11, 12 and 14, which leave nine cells
empty; SAT on the whole board took 46-52 s to find it, where the region of those three
paths is a board of some 80 free cells, settled in milliseconds.

For each group of ``GROUP_SIZE`` labels whose paths touch one another (a connected group of
the first solution ``S``'s "touching" relation), smallest region first, the board with every
cell blocked but the group's path cells and the empty ones (free, on no path of ``S``) goes
to SAT's full ``blank`` model for two solutions.  One of them other than ``S``'s layout of
the group is a second solution of the whole board: its paths join the group's ends inside
the region, so they are disjoint from every other path of ``S``, which stays as it was.
Finding none proves nothing about other solutions (``unique_blank`` goes on to SAT on the
whole board); the groups get at most ``GROUP_SECONDS``, and no more than ``GROUP_SHARE`` of
the time left.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

from ...core.deadline import Deadline
from ..model import BLOCKED, EMPTY, Puzzle, Rules, Solution
from .pair_detour import with_path

GROUP_SIZE = 3
"""Labels rerouted together (two are ``pair_detour``'s, searched without SAT first)."""
GROUP_SECONDS = 2.0
"""The most time all groups take together."""
GROUP_SHARE = 0.1
"""The most share of the time left that the groups take."""


def touching(solution: Solution) -> dict[int, set[int]]:
    """Each label's neighbours: the labels whose paths have a cell beside one of its own."""
    w, cells = solution.width, solution.cells
    near: dict[int, set[int]] = {label: set() for label, _ in solution.paths}
    for index, label in enumerate(cells):
        if label <= 0:
            continue
        right = index + 1 if index % w < w - 1 else -1
        for other in (right, index + w):
            if 0 <= other < len(cells) and cells[other] > 0 and cells[other] != label:
                near[label].add(cells[other])
                near[cells[other]].add(label)
    return near


def groups(near: dict[int, set[int]], size: int) -> Iterator[frozenset[int]]:
    """Every set of ``size`` labels connected by ``near``, each once (grown a label at a
    time from each label, so only connected sets are made)."""
    frontier = {frozenset([label]) for label in near}
    for _ in range(size - 1):
        grown: set[frozenset[int]] = set()
        for group in frontier:
            for label in group:
                for other in near[label] - group:
                    grown.add(group | {other})
        frontier = grown
    yield from frontier


def group_detour(
    puzzle: Puzzle, solution: Solution, deadline: Deadline, size: int = GROUP_SIZE,
    halt: Callable[[], bool] | None = None,
) -> Solution | None:
    """A solution other than ``solution`` that differs from it only in ``size`` labels whose
    paths touch, laid inside their cells and the empty ones; None when none was found
    (``halt``: asked between groups, True stops the search, as when SAT answered first)."""
    from .reach import Reach
    from .sat import Alarm, sat_solve

    started = time.perf_counter()
    left = deadline.remaining()
    budget = GROUP_SECONDS if left is None else min(GROUP_SECONDS, GROUP_SHARE * left)
    until = started + budget
    paths = dict(solution.paths)
    empty = [i for i, (given, value) in enumerate(zip(puzzle.cells, solution.cells, strict=True))
             if given == EMPTY and value == EMPTY]
    w = puzzle.width

    def region(group: frozenset[int]) -> list[int]:
        return [r * w + c for label in group for r, c in paths[label]] + empty

    ordered = sorted(groups(touching(solution), size),
                     key=lambda g: (len(region(g)), sorted(g)))
    for group in ordered:
        now = time.perf_counter()
        if now > until or deadline.expired() or (halt is not None and halt()):
            return None
        inside = set(region(group))
        cells = tuple(v if i in inside else BLOCKED for i, v in enumerate(puzzle.cells))
        sub = Puzzle(puzzle.width, puzzle.height, cells)
        reach = Reach(sub)
        if reach.cut_off:  # cannot happen (``solution``'s own paths lie inside), but be safe
            continue
        stop = Deadline(until - now)
        found = sat_solve(sub, Rules.BLANK, reach.domains(), 2, stop, Alarm(stop))
        mine = {label: paths[label] for label in group}
        for other in found.solutions:
            laid = dict(other.paths)
            if all(_same(laid[label], mine[label]) for label in group):
                continue
            second = solution
            for label in sorted(group):
                second = with_path(second, label, [r * w + c for r, c in laid[label]])
            return second
    return None


def _same(a: tuple[tuple[int, int], ...], b: tuple[tuple[int, int], ...]) -> bool:
    """The same path, whichever end it is read from."""
    return a == b or a == tuple(reversed(b))

