"""Repairs: cutting the witness where a puzzle's solutions differ until one is left.

Why its own module: this is the step that makes a random cover unique (see ``unique.py``
for the whole generator, and its docstring for why a cut never adds a solution).  The
deduction solver (``deduce.py``) says where the solutions may differ, cheaply; the
prover's second solution says where they do.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet
from functools import partial
from itertools import pairwise

from ..model import Puzzle, Rules, Solution
from .cover import as_puzzle
from .deduce import EdgeKey, analyse

Prover = Callable[[Puzzle, Rules], tuple[tuple[Solution, ...], bool]]
"""The uniqueness proof: up to two solutions of the puzzle and whether the search was
exhaustive (the solver's ``solve(puzzle, rules=..., limit=2)``)."""
CutFilter = Callable[[list[int], int], bool]
"""Whether a path may be cut between its cells ``pos`` and ``pos + 1`` (a layout's rule on
the new ends and the pieces' lengths, ``layout.py``); None allows every cut."""


def _edge_key(a: int, b: int) -> EdgeKey:
    return (a, b) if a < b else (b, a)


def _solution_edges(solution: Solution) -> set[EdgeKey]:
    w = solution.width
    edges: set[EdgeKey] = set()
    for _, path in solution.paths:
        for (r1, c1), (r2, c2) in pairwise(path):
            edges.add(_edge_key(r1 * w + c1, r2 * w + c2))
    return edges


def _cut(
    paths: list[list[int]], allowed: Callable[[int, int], bool], keep: CutFilter | None = None
) -> EdgeKey | None:
    """Cut the witness at the allowed edge that leaves the most balanced pieces."""
    best: tuple[int, int, int] | None = None
    for index, path in enumerate(paths):
        for pos in range(1, len(path) - 2):
            if not allowed(path[pos], path[pos + 1]):
                continue
            if keep is not None and not keep(path, pos):
                continue
            balance = min(pos + 1, len(path) - pos - 1)
            if best is None or balance > best[0]:
                best = (balance, index, pos)
    if best is None:
        return None
    _, index, pos = best
    path = paths[index]
    paths[index : index + 1] = [path[: pos + 1], path[pos + 1 :]]
    return _edge_key(path[pos], path[pos + 1])


def _not_in_set(edges: AbstractSet[EdgeKey], a: int, b: int) -> bool:
    return _edge_key(a, b) not in edges


def _clusters(edges: AbstractSet[EdgeKey]) -> list[set[EdgeKey]]:
    """Open edges grouped into regions (edges sharing a cell are in one region)."""
    by_cell: dict[int, list[EdgeKey]] = {}
    for edge in edges:
        for cell in edge:
            by_cell.setdefault(cell, []).append(edge)
    seen: set[EdgeKey] = set()
    groups: list[set[EdgeKey]] = []
    for edge in sorted(edges):
        if edge in seen:
            continue
        group = {edge}
        stack = [edge]
        seen.add(edge)
        while stack:
            for cell in stack.pop():
                for other in by_cell[cell]:
                    if other not in seen:
                        seen.add(other)
                        group.add(other)
                        stack.append(other)
        groups.append(group)
    return groups


OPEN_EDGES_PER_CUT = 60
"""In a large open region, one cut per this many open edges per round (fewer rounds)."""


def _cut_regions(
    paths: list[list[int]],
    open_edges: AbstractSet[EdgeKey],
    per_cut: int = OPEN_EDGES_PER_CUT,
    keep: CutFilter | None = None,
) -> list[EdgeKey]:
    """Cuts in every region of open edges, one per ``per_cut`` open edges (at least one),
    each on a different path, where it leaves the most balanced pieces."""
    cuts: list[EdgeKey] = []
    for group in _clusters(open_edges):
        wanted = max(1, len(group) // per_cut)
        choices: list[tuple[int, int, int]] = []  # (balance, path index, position)
        for index, path in enumerate(paths):
            best: tuple[int, int, int] | None = None
            for pos in range(1, len(path) - 2):
                if _edge_key(path[pos], path[pos + 1]) in group and (
                    keep is None or keep(path, pos)
                ):
                    balance = min(pos + 1, len(path) - pos - 1)
                    if best is None or balance > best[0]:
                        best = (balance, index, pos)
            if best is not None:
                choices.append(best)
        choices.sort(reverse=True)
        chosen = sorted(choices[:wanted], key=lambda choice: choice[1], reverse=True)
        for _, index, pos in chosen:  # highest index first, so earlier indices stay valid
            path = paths[index]
            paths[index : index + 1] = [path[: pos + 1], path[pos + 1 :]]
            cuts.append(_edge_key(path[pos], path[pos + 1]))
    return cuts


def cut_where_differs(
    paths: list[list[int]],
    solution: Solution,
    solutions: tuple[Solution, ...],
    keep: CutFilter | None = None,
) -> EdgeKey | None:
    """Cut the witness at an edge a second solution does not use (kills that solution)."""
    mine = _solution_edges(solution)
    for other in solutions:
        theirs = _solution_edges(other)
        if theirs != mine:
            return _cut(paths, partial(_not_in_set, theirs), keep)
    return None


def make_unique(
    width: int,
    height: int,
    rules: Rules,
    paths: list[list[int]],
    prover: Prover | None,
    per_cut: int = OPEN_EDGES_PER_CUT,
    keep: CutFilter | None = None,
) -> tuple[Puzzle, Solution, int] | None:
    """Cut the witness until the puzzle is proved unique; None when that fails.

    The deduction solver (``fill`` rules) guides the cuts until it decides every edge: a
    proof by itself under ``fill``, under ``blank`` only a cheap place to start.  What it
    deduced stays true after a cut (cutting only removes solutions; the cut edge becomes
    off), so each round starts from the last one's facts and only the open regions are
    searched again.  The solver is asked once on the way, when few edges are open, so
    that unique puzzles needing deeper reasoning survive, and at the end as the proof.
    ``per_cut``: one cut per this many open edges of a region per round (fewer cuts: more
    rounds, fewer pairs left).  ``keep``: only cuts it allows are made (a layout's rule).
    """
    w, h = width, height
    paths = [list(p) for p in paths]
    repairs = 0
    asked = False
    known_on: frozenset[EdgeKey] = frozenset()
    known_off: frozenset[EdgeKey] = frozenset()
    # under blank the fill deductions only choose where to cut; the solver proves
    while True:
        puzzle, solution = as_puzzle(w, h, paths)
        facts = analyse(puzzle, known_on, known_off)
        if not facts.consistent:
            return None  # impossible for sound facts; refuse rather than trust them
        if not facts.open:
            break
        cuts: list[EdgeKey] = []
        if prover is not None and not asked and len(facts.open) * 10 <= w * h:
            asked = True
            solutions, decided = prover(puzzle, rules)
            if decided and len(solutions) == 1:
                return puzzle, solution, repairs
            edge = cut_where_differs(paths, solution, solutions, keep)
            if edge is not None:
                cuts.append(edge)
        if not cuts:
            cuts = _cut_regions(paths, facts.open, per_cut, keep)
        if not cuts:
            return None
        repairs += len(cuts)
        known_on = facts.on - set(cuts)
        known_off = facts.off | set(cuts)
    while True:
        puzzle, solution = as_puzzle(w, h, paths)
        if prover is None:
            # the deductions closed every edge, starting from facts carried soundly over
            # the cuts: a proof of uniqueness (though not always re-derivable from scratch)
            if rules is Rules.BLANK:
                return None
            return puzzle, solution, repairs
        solutions, decided = prover(puzzle, rules)
        if not decided:
            return None
        if len(solutions) == 1:
            return puzzle, solution, repairs
        if cut_where_differs(paths, solution, solutions, keep) is None:
            return None
        repairs += 1
