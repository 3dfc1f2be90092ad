"""Clauses that hold in every *locally shortest* ``blank`` solution (each path a shortest
path between its ends through its own cells and the empty ones), for SAT's shortest model.

Why a module of its own: two searches use them, ``unique_blank.py`` (whose docstring
proves why they keep its answer exact) and ``few_empty.py`` (a board with a solution has a
shortest one, which is locally shortest, so they keep "none" a proof); and ``race.py``
imports the latter, so the clauses cannot live beside ``unique_blank``, which imports
``race``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model import EMPTY, Puzzle

if TYPE_CHECKING:
    from .sat_model import Model

WITHIN_MAX_VARIABLES = 10_000
"""``within_clauses`` only for models with at most this many (cell, label) variables.
Measured: on a published 12x12 with 8 pairs (1,281 variables, its solution fills the board)
they cut SAT's proof of uniqueness from 1.6 s to 0.8 s; on a 25x25 with 102 pairs building
the distance-2 ones alone cost 0.85 s, more than SAT's whole proof without them."""

STRAIGHT_LINES = True
"""Whether ``within_clauses`` includes ``straight_lines``' clauses; the benchmarks set it
False for their baseline."""


def neighbours(p: int, w: int, h: int) -> list[int]:
    """The cells beside ``p`` (row-major) on a ``w`` x ``h`` board."""
    r, c = divmod(p, w)
    found = []
    if r:
        found.append(p - w)
    if r + 1 < h:
        found.append(p + w)
    if c:
        found.append(p - 1)
    if c + 1 < w:
        found.append(p + 1)
    return found


_TRUE = 0
"""``_label_literal``'s answer for a cell that holds the label for certain (an end of it)."""


def _label_literal(model: Model, given: tuple[int, ...], cell: int, label: int) -> int | None:
    """The literal "``cell`` is on ``label``'s path": ``_TRUE`` for an end of ``label``,
    None where it cannot be (another label's end, a blocked cell, out of its reach)."""
    value = given[cell]
    if value > 0:
        return _TRUE if value == label else None
    return model.xvar.get((cell, label))


def within_clauses(model: Model, puzzle: Puzzle) -> list[list[int]]:
    """Clauses that hold in every solution where each path is a shortest path through its
    own cells and the empty ones (beyond ``Model(shortest=True)``'s "no path touches itself").

    For two cells ``p``, ``q`` at grid distance 2 on one label's path:

    - in a straight line, their one common neighbour ``m`` must be used (by some path): if
      ``m`` were empty, the stretch ``p .. q`` (at least 4 steps: 2 only through a common
      neighbour) could be replaced by ``p m q``;
    - diagonal, with common neighbours ``m`` and ``n``: ``m`` is used or ``n`` carries the
      label (and so, by no-touch, lies between them): else ``p m q`` would be shorter.

    For two at grid distance 3 (``distance_three``) and free cells ``a``, ``b`` with
    ``p a b q`` a route: ``a`` or ``b`` is used, or some other neighbour ``x`` of ``p`` two
    steps from ``q`` carries the label; else ``p a b q`` would be shorter than the stretch
    (at least 3 steps, and exactly 3 only through such an ``x``).

    For two cells ``p``, ``q`` of one label in a line four or more steps apart
    (``straight_lines``): some cell between them is used; else the straight line through
    them would be shorter than the stretch (the line is the only shortest route, and its
    cells are empty, so the path does not take it).  Measured on janko.at's 529 (20x20)
    with the corner-flip clauses: Glucose settled ``unique_blank``'s question in 16.8 s
    with these, 29.1 s without.

    An empty cell carries no label in the model, and used means an edge of it is on.
    """
    w, h, given = puzzle.width, puzzle.height, puzzle.cells
    incident = model.incident
    clauses: list[list[int]] = []
    labels_at: dict[int, list[int]] = {}
    for cell, label in model.xvar:
        labels_at.setdefault(cell, []).append(label)
    for cell, value in enumerate(given):
        if value > 0:
            labels_at[cell] = [value]

    def emit(lits: list[int | None], extra: list[int]) -> None:
        _emit(clauses, lits, extra)

    for p, labels in labels_at.items():
        r, c = divmod(p, w)
        # pairs (p, q) with q after p in row-major order, each pair once
        straight = []
        if c + 2 < w:
            straight.append((p + 2, p + 1))
        if r + 2 < h:
            straight.append((p + 2 * w, p + w))
        diagonal = []
        if r + 1 < h and c + 1 < w:
            diagonal.append((p + w + 1, p + 1, p + w))
        if r + 1 < h and c >= 1:
            diagonal.append((p + w - 1, p - 1, p + w))
        for q, m in straight:
            if q not in labels_at or given[m] > 0 or m not in incident:
                continue  # an end between them is used; a blocked cell cannot be
            for label in labels:
                emit(
                    [
                        _label_literal(model, given, p, label),
                        _label_literal(model, given, q, label),
                    ],
                    incident[m],
                )
        for q, m, n in diagonal:
            if q not in labels_at:
                continue
            for label in labels:
                ends = [
                    _label_literal(model, given, p, label),
                    _label_literal(model, given, q, label),
                ]
                for one, other in ((m, n), (n, m)):
                    if given[one] > 0 or one not in incident:
                        continue
                    through = _label_literal(model, given, other, label)
                    if through == _TRUE:
                        continue
                    emit(ends, [*incident[one], *([] if through is None else [through])])
    clauses.extend(distance_three(model, puzzle, labels_at))
    if STRAIGHT_LINES:
        clauses.extend(straight_lines(model, puzzle, labels_at))
    return clauses


def _emit(clauses: list[list[int]], lits: list[int | None], extra: list[int]) -> None:
    """Add "not all of ``lits``, or one of ``extra``" to ``clauses`` (``lits``: label
    literals; None can never hold, so then there is nothing to say; ``_TRUE`` always does)."""
    clause = list(extra)
    for lit in lits:
        if lit is None:
            return
        if lit != _TRUE:
            clause.append(-lit)
    clauses.append(clause)


def distance_three(
    model: Model,
    puzzle: Puzzle,
    labels_at: dict[int, list[int]],
) -> list[list[int]]:
    """``within_clauses``'s clauses for cells three steps apart (see there); ``labels_at``:
    the labels each cell may carry."""
    w, h, given = puzzle.width, puzzle.height, puzzle.cells
    incident = model.incident
    clauses: list[list[int]] = []

    def apart(a: int, b: int) -> int:
        return abs(a // w - b // w) + abs(a % w - b % w)

    for p, labels in labels_at.items():
        for a in neighbours(p, w, h):
            if given[a] != EMPTY or a not in incident:
                continue
            for b in neighbours(a, w, h):
                if b == p or given[b] != EMPTY or b not in incident:
                    continue
                for q in neighbours(b, w, h):
                    if q < p or q not in labels_at or apart(p, q) != 3:
                        continue  # each pair from its first end only (fewer clauses)
                    steps = [x for x in neighbours(p, w, h) if x != a and apart(x, q) == 2]
                    for label in labels:
                        others = [_label_literal(model, given, x, label) for x in steps]
                        if _TRUE in others:
                            continue  # an end of the label is the step: nothing to say
                        used = [*incident[a], *incident[b]]
                        used.extend(x for x in others if x is not None)
                        ends = [
                            _label_literal(model, given, p, label),
                            _label_literal(model, given, q, label),
                        ]
                        _emit(clauses, ends, used)
    return clauses


def straight_lines(
    model: Model,
    puzzle: Puzzle,
    labels_at: dict[int, list[int]],
) -> list[list[int]]:
    """``within_clauses``'s clauses for two cells of one label in a row or a column, four or
    more steps apart with only free cells between them (see there; three apart is
    ``distance_three``'s); ``labels_at``: the labels each cell may carry."""
    w, h, given = puzzle.width, puzzle.height, puzzle.cells
    incident = model.incident
    clauses: list[list[int]] = []
    for p, labels in labels_at.items():
        r, c = divmod(p, w)
        for step, room in ((1, w - 1 - c), (w, h - 1 - r)):
            used: list[int] = []  # the edges of the cells between p and q
            for k in range(1, room + 1):
                q = p + k * step
                if k > 1:
                    middle = q - step
                    if given[middle] != EMPTY or middle not in incident:
                        break  # an end or a blocked cell between: nothing to say
                    used.extend(incident[middle])
                if k < 4 or q not in labels_at:
                    continue
                for label in labels:
                    _emit(
                        clauses,
                        [
                            _label_literal(model, given, p, label),
                            _label_literal(model, given, q, label),
                        ],
                        used,
                    )
    return clauses
