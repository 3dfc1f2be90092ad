"""Negotiated routing for ``blank`` boards: finds a solution, never proves there is none.

Why: the router (``route.py``) is exact but searches label orders, and on some sparse boards
with long winding paths it needs a lucky order: the ADC 2015 problem Q09 (28x36, 31 lines,
576 of 1,008 cells empty in the organisers' answer) took it 2.35 million steps and 15 s,
and SAT found nothing in 90 s.  Chip designers route wires with the same shape of problem
(pairs of pins, disjoint paths, a grid), and their standard answer is *negotiated
congestion* routing (McMurchie and Ebeling's PathFinder, 1995), which settles Q09 in a few
dozen milliseconds of plain Python.

The method, as published: route every line by a cheapest path on its own, letting paths
share cells; then route each line again, in turn, with a cell's price rising with how many
other paths use it now (``present``) and with how often it was shared before
(``history``).  Lines fight over a cell until the one with the fewest other ways out keeps
it; when no cell is shared, the paths are a solution.  The present factor grows each round,
so sharing grows dearer; the history term remembers where the fights were.  Each path is a
cheapest path (A* over cell prices of at least 1, with the straight-line distance as its
lower bound; a line's own far end costs nothing to enter).

What it gives: any solution it returns is a ``blank`` solution (disjoint paths, each
joining its two ends through free cells), and no path touches itself: a path with two
neighbouring cells that are not consecutive could skip the cells between them, which all
cost at least 1, so it would not be a cheapest path.  (So an answer file of it reads back
from its numbers alone.)  What it cannot give: a proof.  It may cycle forever on a board
that has a solution, and it never ends on one that has none; so ``race.RouteOrScan`` gives it
a share of the time beside the exact router, and only a solution it finds counts.  After
``RESTART_ROUNDS`` rounds without one it starts again from a fresh order and no history.
It runs in plain Python: it needs no numpy, and on the boards where it helps a round costs
about a millisecond.
"""

from __future__ import annotations

import heapq
import random

from ..model import EMPTY, Puzzle, Solution

PRESENT_START = 0.5
PRESENT_GROWTH = 1.3
PRESENT_MAX = 1000.0
"""The present-sharing factor: 0.5 in the first round, times 1.3 each round, at most 1,000
(beyond that it only overflows the prices).  Measured on the ADC problems and the sparse
corpus with the rates 1.05 to 1.5 and history steps 0.1 to 3: these settled the most."""
HISTORY_STEP = 1.0
"""How much a cell's history price grows per extra path on it at the end of a round."""
RESTART_ROUNDS = 150
"""Rounds without a solution before starting again with a new order and no history."""


class Negotiator:
    """Negotiated routing over ``puzzle`` under ``blank``, run a round at a time.

    ``run`` may stop after any number of rounds and a later ``run`` goes on; ``solution``
    holds what it found, ``dead`` is True once some line cannot reach its partner even on
    an empty board (the exact searches will say so; this one stops).
    """

    def __init__(self, puzzle: Puzzle, seed: int = 1) -> None:
        w, h = puzzle.width, puzzle.height
        self.puzzle = puzzle
        self.cells = puzzle.cells
        self.width = w
        self.neighbours: list[tuple[int, ...]] = []
        for p in range(w * h):
            row, col = divmod(p, w)
            near = []
            if row > 0:
                near.append(p - w)
            if col < w - 1:
                near.append(p + 1)
            if row < h - 1:
                near.append(p + w)
            if col > 0:
                near.append(p - 1)
            self.neighbours.append(tuple(near))
        self.ends = {
            label: (a[0] * w + a[1], b[0] * w + b[1])
            for label, (a, b) in puzzle.endpoints().items()
        }
        self.labels = list(self.ends)
        self.random = random.Random(seed)
        self.rounds = 0
        """Rounds run so far, over every ``run`` and restart."""
        self.solution: Solution | None = None
        self.dead = False
        size = w * h
        self._dist = [0.0] * size
        self._prev = [0] * size
        self._stamp = [0] * size
        self._visit = 0
        self._fresh()

    def _fresh(self) -> None:
        """No paths, no history: the state of a first round."""
        size = len(self.cells)
        self.history = [1.0] * size
        self.shared = [0] * size
        self.routes: dict[int, list[int]] = {}
        self.present = PRESENT_START
        self.since_restart = 0

    @property
    def finished(self) -> bool:
        """Whether it has nothing more to do: a solution found, or a line cut off."""
        return self.solution is not None or self.dead

    def run(self, rounds: int) -> bool:
        """Up to ``rounds`` more rounds; True once it has a solution."""
        for _ in range(rounds):
            if self.finished:
                break
            self._round()
        return self.solution is not None

    def _round(self) -> None:
        if self.since_restart >= RESTART_ROUNDS:
            self._fresh()
        order = list(self.labels)
        self.random.shuffle(order)
        shared = self.shared
        for label in order:
            for p in self.routes.get(label, ()):
                shared[p] -= 1
            path = self._cheapest(label)
            if path is None:
                self.dead = True
                return
            self.routes[label] = path
            for p in path:
                shared[p] += 1
        self.rounds += 1
        self.since_restart += 1
        crowded = [p for p, users in enumerate(shared) if users > 1]
        if not crowded:
            self.solution = self._solution()
            return
        for p in crowded:
            self.history[p] += HISTORY_STEP * (shared[p] - 1)
        self.present = min(self.present * PRESENT_GROWTH, PRESENT_MAX)

    def _cheapest(self, label: int) -> list[int] | None:
        """The free cells of a cheapest path between ``label``'s ends at today's prices,
        goal end first; None when no path exists at all."""
        start, goal = self.ends[label]
        w = self.width
        goal_row, goal_col = divmod(goal, w)
        cells, neighbours = self.cells, self.neighbours
        history, shared, present = self.history, self.shared, self.present
        dist, prev, stamp = self._dist, self._prev, self._stamp
        self._visit += 1
        visit = self._visit
        dist[start] = 0.0
        prev[start] = -1
        stamp[start] = visit
        queue: list[tuple[float, float, int]] = [(0.0, 0.0, start)]
        while queue:
            _, here, p = heapq.heappop(queue)
            if p == goal:
                break
            if here > dist[p]:
                continue
            for q in neighbours[p]:
                if q == goal:
                    cost = here
                elif cells[q] != EMPTY:
                    continue
                else:
                    cost = here + history[q] * (1.0 + present * shared[q])
                if stamp[q] != visit or cost < dist[q]:
                    stamp[q] = visit
                    dist[q] = cost
                    prev[q] = p
                    row, col = divmod(q, w)
                    # every cell entered before the goal costs at least 1: an admissible bound
                    bound = abs(row - goal_row) + abs(col - goal_col) - 1
                    heapq.heappush(queue, (cost + max(bound, 0), cost, q))
        else:
            return None
        path = []
        p = prev[goal]
        while p != start:
            path.append(p)
            p = prev[p]
        return path

    def _solution(self) -> Solution:
        w = self.width
        cells = list(self.cells)
        paths = []
        for label in sorted(self.labels):
            start, goal = self.ends[label]
            order = [start, *reversed(self.routes[label]), goal]
            for p in order:
                cells[p] = label
            paths.append((label, tuple(divmod(p, w) for p in order)))
        return Solution(w, len(self.cells) // w, tuple(cells), tuple(paths))
