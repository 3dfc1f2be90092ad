"""The independent Numberlink checker: verifies a solution from the rules alone.

It shares no code with the solver (or with the path tracer) on purpose: a bug in the solver
cannot hide behind the same bug here.  Rules are checked in a fixed order and the violations
come back in that order, so ``check(...)[0]`` names the first broken rule.
"""

from __future__ import annotations

import itertools

from ..core.violation import Violation
from ..core.words import cell_words as at
from .model import BLOCKED, EMPTY, Cell, Puzzle, Rules, Solution


def _adjacent(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def check(puzzle: Puzzle, solution: Solution, rules: Rules = Rules.FILL) -> list[Violation]:
    """Every rule ``solution`` breaks for ``puzzle`` under ``rules``; empty means valid."""
    w, h = puzzle.width, puzzle.height
    if (solution.width, solution.height) != (w, h) or len(solution.cells) != w * h:
        return [
            Violation("size", f"solution is {solution.width}x{solution.height}, puzzle {w}x{h}")
        ]
    out: list[Violation] = []
    name = puzzle.label_name
    known = set(puzzle.labels)

    # 1. Givens: endpoints keep their labels, blocked cells stay blocked and only they.
    for index, (given, value) in enumerate(zip(puzzle.cells, solution.cells, strict=True)):
        r, c = divmod(index, w)
        if given > 0 and value != given:
            out.append(Violation("givens", f"end of {name(given)} at {at((r, c))} was changed"))
        elif given == BLOCKED and value != BLOCKED:
            out.append(Violation("blocked", f"the blocked cell at {at((r, c))} is used"))
        elif given != BLOCKED and value == BLOCKED:
            out.append(Violation("blocked", f"the free cell at {at((r, c))} is marked blocked"))
        elif value < BLOCKED or (value > 0 and value not in known):
            out.append(Violation("labels", f"the cell at {at((r, c))} has unknown label {value}"))

    # 2. One path per label, from its first end to its second, in unit steps, no repeats.
    ends: dict[int, list[Cell]] = {}
    for index, value in enumerate(puzzle.cells):
        if value > 0:
            ends.setdefault(value, []).append((index // w, index % w))
    paths: dict[int, tuple[Cell, ...]] = {}
    for label, cells in solution.paths:
        if label in paths:
            out.append(Violation("paths", f"label {name(label)} has two paths"))
        paths[label] = cells
    for label in sorted(set(paths) - set(ends)):
        out.append(Violation("paths", f"path for label {label}, which the puzzle does not have"))
    owner: dict[Cell, int] = {}
    for label in sorted(ends):
        path = paths.get(label)
        if not path:
            out.append(Violation("connected", f"label {name(label)} is not connected"))
            continue
        first, last = ends[label]
        if path[0] != first or path[-1] != last:
            out.append(
                Violation(
                    "connected",
                    f"path of {name(label)} runs from {at(path[0])} to {at(path[-1])}, not "
                    f"from {at(first)} to {at(last)}",
                )
            )
        for a, b in itertools.pairwise(path):
            if not _adjacent(a, b):
                out.append(
                    Violation("steps", f"path of {name(label)} jumps from {at(a)} to {at(b)}")
                )
        for cell in path:
            r, c = cell
            if not (0 <= r < h and 0 <= c < w):
                out.append(
                    Violation("steps", f"path of {name(label)} leaves the board at {at(cell)}")
                )
                continue
            if cell in owner:
                other = owner[cell]
                rule = "no-branch" if other == label else "no-cross"
                out.append(
                    Violation(rule, f"paths of {name(other)} and {name(label)} meet at {at(cell)}")
                    if other != label
                    else Violation(rule, f"path of {name(label)} visits {at(cell)} twice")
                )
                continue
            owner[cell] = label
            given = puzzle.cells[r * w + c]
            if given == BLOCKED:
                out.append(
                    Violation(
                        "blocked", f"path of {name(label)} uses the blocked cell at {at(cell)}"
                    )
                )
            elif given > 0 and given != label:
                out.append(
                    Violation("no-cross", f"path of {name(label)} passes the end of {name(given)}")
                )
            if solution.cells[r * w + c] != label:
                out.append(
                    Violation(
                        "labels",
                        f"the cell at {at(cell)} on the path of {name(label)} is not labelled so",
                    )
                )

    # 3. The grid's labels are exactly the paths' cells.
    for index, value in enumerate(solution.cells):
        cell = (index // w, index % w)
        if value > 0 and owner.get(cell) != value:
            out.append(
                Violation(
                    "labels", f"the cell at {at(cell)} is labelled {name(value)} but off its path"
                )
            )

    # 4. Rule set: fill leaves no free cell empty; notouch forbids a path beside itself.
    if rules is not Rules.BLANK:
        for index, value in enumerate(solution.cells):
            if value == EMPTY and puzzle.cells[index] != BLOCKED:
                cell = (index // w, index % w)
                out.append(
                    Violation(
                        "fill", f"the cell at {at(cell)} is empty; rule '{rules.value}' fills all"
                    )
                )
    if rules is Rules.FILL_NOTOUCH:
        for label, path in paths.items():
            position = {cell: i for i, cell in enumerate(path)}
            for i, (r, c) in enumerate(path):
                for n in ((r + 1, c), (r, c + 1)):
                    j = position.get(n)
                    if j is not None and abs(i - j) != 1:
                        out.append(
                            Violation(
                                "no-touch",
                                f"path of {name(label)} touches itself at {at((r, c))} "
                                f"and {at(n)}",
                            )
                        )
    return out
