"""Shorten one ``blank`` solution's paths until each is a shortest path through its own
cells and the empty ones.

Why: an answer file holds line numbers only, and the contest's checker reads a line back
from them: a path that touches itself (two of its cells side by side that do not follow
one another on it) reads as a branch and is refused.  The router's paths are shortest
already, and so are SAT's under the clauses of a shortest solution, but those clauses are
unsound with vias (a shortcut may drop a via's cells, ``sat.solve_graph``), so on a board
with vias SAT may wind a path round on itself.  Re-laying each path along a shortest route
through the cells no other path holds keeps the solution a solution (every vertex it uses
was its own or empty, and a line between layers still has only its via to cross by), makes
the total length shrink or stay, and leaves no path with a chord: a chord would be a
shorter route.  It is for showing one solution only: two solutions of a uniqueness answer
could tidy into one.
"""

from __future__ import annotations

from collections import deque

from .graph import CellGraph

Paths = dict[int, tuple[int, ...]]


def tidy(graph: CellGraph, paths: Paths) -> Paths:
    """``paths`` with each path re-laid along a shortest route through its own and the
    empty vertices, in turns until no path gets shorter."""
    out = dict(paths)
    holder = {v: label for label, path in out.items() for v in path}
    changed = True
    while changed:
        changed = False
        for label, path in sorted(out.items()):
            shorter = _shortest(graph, path[0], path[-1], label, holder)
            if shorter is not None and len(shorter) < len(path):
                for v in path:
                    del holder[v]
                for v in shorter:
                    holder[v] = label
                out[label] = shorter
                changed = True
    return out


def _shortest(graph: CellGraph, start: int, goal: int, label: int,
              holder: dict[int, int]) -> tuple[int, ...] | None:
    """A shortest route ``start``..``goal`` through vertices held by ``label`` or by no
    path (ends of other labels are held by their own paths), or None."""
    came = {start: start}
    queue = deque([start])
    while queue:
        at = queue.popleft()
        if at == goal:
            route = [goal]
            while route[-1] != start:
                route.append(came[route[-1]])
            return tuple(reversed(route))
        for n in graph.neighbours[at]:
            if n in came or holder.get(n, label) != label:
                continue
            if graph.values[n] > 0 and graph.values[n] != label:
                continue
            came[n] = at
            queue.append(n)
    return None
