"""A quick router for ``blank`` layered boards: one solution, shortest paths, no proof.

Why: on a layered board with much empty space the SAT model has too much freedom (a
16x16x4 board of 40 lines ran past 30 s; the 2-D SAT engine fares no better on the plane,
where ``solve/route.py`` answers instead).  A solution there is usually found at once by
laying each line along a shortest path through the cells still free and, when a line
finds no way, routing it first next time (the order that put it last was to blame),
with the rest of the order shuffled now and then.  Each path is a shortest one through
the cells free when it is laid, so it never touches itself: the answer reads back the same
way under the contest's checker, which sees line numbers only.

This router is a heuristic: when it gives up, that proves nothing, and ``solve.py`` hands
the board to the exact SAT engine.  ``detour`` turns one solution into a second one where
a path can bend round two free cells, which proves a ``blank`` board not unique without a
search.
"""

from __future__ import annotations

import random
from collections import deque

from ...core.deadline import Deadline
from .graph import CellGraph

Paths = dict[int, tuple[int, ...]]

SHUFFLE_EVERY = 16
"""Rounds between two shuffles of the label order (the failed label still goes first)."""


def route(graph: CellGraph, deadline: Deadline, rounds: int = 400, seed: int = 0) -> Paths | None:
    """A solution under ``blank``, or None when ``rounds`` orders (or the time) ran out."""
    ends = graph.ends()
    rng = random.Random(seed)
    order = sorted(ends, key=lambda k: _distance(graph, *ends[k]))
    taken = {v for pair in ends.values() for v in pair}
    for round_ in range(rounds):
        if deadline.expired():
            return None
        used = set(taken)
        paths: Paths = {}
        failed = None
        for label in order:
            a, b = ends[label]
            path = _shortest(graph, a, b, used, rng)
            if path is None:
                failed = label
                break
            paths[label] = path
            used.update(path)
        if failed is None:
            return paths
        order.remove(failed)
        if round_ % SHUFFLE_EVERY == SHUFFLE_EVERY - 1:
            rng.shuffle(order)
        order.insert(0, failed)
    return None


def _distance(graph: CellGraph, a: int, b: int) -> int:
    path = _shortest(graph, a, b, {v for v, k in enumerate(graph.values) if k > 0}, None)
    return len(graph.values) if path is None else len(path)


def _shortest(graph: CellGraph, a: int, b: int, used: set[int],
              rng: random.Random | None) -> tuple[int, ...] | None:
    """A shortest path from ``a`` to ``b`` through cells not in ``used`` (ties broken by
    ``rng``), or None."""
    came = {a: -1}
    queue = deque([a])
    neighbours = graph.neighbours
    while queue:
        at = queue.popleft()
        near = list(neighbours[at])
        if rng is not None:
            rng.shuffle(near)
        for n in near:
            if n in came:
                continue
            if n == b:
                came[n] = at
                out = [b]
                while came[out[-1]] >= 0:
                    out.append(came[out[-1]])
                return tuple(reversed(out))
            if n not in used:
                came[n] = at
                queue.append(n)
    return None


def detour(graph: CellGraph, paths: Paths) -> Paths | None:
    """Another solution: one path's step ``a-b`` replaced by ``a-x-y-b`` through two free
    cells ``x``, ``y`` that touch no other cell of that path; None when no path can."""
    owner = {v: k for k, path in paths.items() for v in path}
    neighbours = graph.neighbours
    for label, path in sorted(paths.items()):
        mine = set(path)
        for i in range(len(path) - 1):
            a, b = path[i], path[i + 1]
            for x in neighbours[a]:
                if x in owner or graph.values[x] > 0:
                    continue
                for y in neighbours[x]:
                    if y in owner or graph.values[y] > 0 or b not in neighbours[y]:
                        continue
                    if any(n in mine and n not in (a, b) for n in (*neighbours[x],
                                                                   *neighbours[y])):
                        continue
                    return {**paths, label: (*path[: i + 1], x, y, *path[i + 1 :])}
    return None
