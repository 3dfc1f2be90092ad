"""Solving a layered board: its cell graph handed to the SAT engine (``sat.py``).

Rules on a layered board (what ``check.py`` enforces): a path steps to one of the four
neighbours in its layer or to the same cell one layer up or down; paths never share a
cell; under ``blank`` (the contest's rule, ADC 2017 on) cells may stay empty, under
``fill`` every cell lies on a path, and ``fill-notouch`` adds that no cell touches
(six ways) a cell of its own path other than its neighbours along it.  ``limit=2``
decides uniqueness; ``limit=None`` lists every solution (no counter without listing).

With vias (``model.py``, the 2016 contest's rule) a path changes layer only through a
via, each via used whole by one line; ``graph.stacked_graph`` states that, and the checker
checks it.

Engines: under ``blank`` with one or two solutions asked for, the quick router
(``route.py``) goes first; its solution answers "one", and with a detour of it (two free
cells a path can bend through) "not unique".  Otherwise, and whenever the router gives up,
the exact SAT engine (``sat.py``) decides, starting from what the router found.  One
``blank`` solution from SAT is tidied (``tidy.py``: each path a shortest route through its
own and the empty cells), so that its answer file reads back as the same paths.
"""

from __future__ import annotations

from ...core.deadline import Deadline
from ...core.result import SolveResult, Stats, Status, status_for
from ..model import Rules
from .graph import stacked_graph
from .model import LayeredPuzzle, LayeredSolution
from .route import detour, route
from .sat import solve_graph
from .tidy import tidy

ROUTE_SHARE = 0.5
"""The part of the time limit the router may use before SAT takes over."""


def solve_layered(
    puzzle: LayeredPuzzle,
    *,
    rules: Rules = Rules.BLANK,
    limit: int | None = 1,
    timeout: float | None = None,
) -> SolveResult[LayeredSolution]:
    """Up to ``limit`` solutions of ``puzzle`` under ``rules`` (see the module docstring)."""
    deadline = Deadline(timeout)
    graph = stacked_graph(puzzle)
    known: list[dict[int, tuple[int, ...]]] = []
    if rules is Rules.BLANK and limit in (1, 2) and not puzzle.vias:
        # (the router and its detour know nothing of vias: a board with vias goes to SAT)
        remaining = deadline.remaining()
        first = route(graph, Deadline(None if remaining is None else remaining * ROUTE_SHARE))
        if first is not None:
            known.append(first)
            second = detour(graph, first) if limit == 2 else None
            if limit == 1 or second is not None:
                found = [first] if second is None else [first, second]
                return SolveResult(
                    Status.SOLVED, tuple(_solution(puzzle, p) for p in found),
                    stats=Stats(deadline.elapsed(), 0, 0))
    answer = solve_graph(graph, rules, limit, deadline, known)
    shown = answer.solutions
    if rules is Rules.BLANK and limit == 1 and shown:
        shown = (tidy(graph, shown[0]),)  # no path touching itself in the answer file
    solutions = tuple(_solution(puzzle, paths) for paths in shown)
    return SolveResult(
        status_for(len(solutions), answer.exhausted),
        solutions,
        complete=answer.exhausted,
        timed_out=answer.timed_out,
        stats=Stats(deadline.elapsed(), answer.calls, answer.conflicts),
    )


def _solution(puzzle: LayeredPuzzle, paths: dict[int, tuple[int, ...]]) -> LayeredSolution:
    cells = [0] * len(puzzle.cells)
    out = []
    for label, order in sorted(paths.items()):
        for index in order:
            cells[index] = label
        out.append((label, tuple(puzzle.cell(i) for i in order)))
    return LayeredSolution(puzzle.width, puzzle.height, puzzle.depth, tuple(cells), tuple(out))
