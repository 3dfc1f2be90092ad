"""The independent checker of layered boards: a solution verified from the rules alone.

It shares no code with the solver (no graph, no SAT model, its own notion of "touching"),
so a bug in the solver cannot hide behind the same bug here.  The rules are those of
``solve.py``'s docstring: a step joins two cells that differ by one in exactly one of
layer, row or column.  With vias (the 2016 rule, ``model.py``) a step between layers must
be one of a via's, a via's middle cells take no step in their plane, every via lies whole
and in order on one path, and no path takes two.  Violations come back in a fixed order,
as in ``numberlink.check``.
"""

from __future__ import annotations

import itertools

from ...core.violation import Violation
from ..model import Rules
from .model import Cell3, LayeredPuzzle, LayeredSolution


def _touching(a: Cell3, b: Cell3) -> bool:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) == 1


def _name(cell: Cell3) -> str:
    z, r, c = cell
    return f"(layer {z + 1}, row {r + 1}, column {c + 1})"


def check_layered(
    puzzle: LayeredPuzzle, solution: LayeredSolution, rules: Rules = Rules.BLANK
) -> list[Violation]:
    """Every rule ``solution`` breaks for ``puzzle`` under ``rules``; empty means valid."""
    w, h, d = puzzle.width, puzzle.height, puzzle.depth
    if (solution.width, solution.height, solution.depth) != (w, h, d) or len(
        solution.cells
    ) != len(puzzle.cells):
        return [Violation("size", f"solution is {solution.width}x{solution.height}x"
                                  f"{solution.depth}, puzzle {w}x{h}x{d}")]
    out: list[Violation] = []
    plane = w * h

    def at(cell: Cell3) -> int:
        return cell[0] * plane + cell[1] * w + cell[2]

    known = {v for v in puzzle.cells if v > 0}
    ends: dict[int, list[Cell3]] = {}
    for index, (given, value) in enumerate(zip(puzzle.cells, solution.cells, strict=True)):
        z, rest = divmod(index, plane)
        cell = (z, rest // w, rest % w)
        if given > 0:
            ends.setdefault(given, []).append(cell)
            if value != given:
                out.append(Violation("givens", f"end of {given} at {_name(cell)} was changed"))
        elif value < 0 or (value > 0 and value not in known):
            out.append(Violation("labels", f"cell {_name(cell)} has unknown label {value}"))
    paths: dict[int, tuple[Cell3, ...]] = {}
    for label, cells in solution.paths:
        if label in paths:
            out.append(Violation("paths", f"label {label} has two paths"))
        paths[label] = cells
    for label in sorted(set(paths) - set(ends)):
        out.append(Violation("paths", f"path for label {label}, which the puzzle does not have"))
    owner: dict[Cell3, int] = {}
    for label in sorted(ends):
        path = paths.get(label)
        if not path:
            out.append(Violation("connected", f"label {label} is not connected"))
            continue
        first, last = ends[label]
        if {path[0], path[-1]} != {first, last} or len(path) < 2:
            out.append(Violation("connected", f"path of {label} does not run between its ends"))
        for a, b in itertools.pairwise(path):
            if not _touching(a, b):
                out.append(Violation("steps", f"path of {label} jumps from {_name(a)} to "
                                              f"{_name(b)}"))
        for cell in path:
            z, r, c = cell
            if not (0 <= z < d and 0 <= r < h and 0 <= c < w):
                out.append(Violation("steps", f"path of {label} leaves the board at {_name(cell)}"))
                continue
            if cell in owner:
                other = owner[cell]
                text = (f"path of {label} visits {_name(cell)} twice" if other == label
                        else f"paths of {other} and {label} meet at {_name(cell)}")
                out.append(Violation("no-branch" if other == label else "no-cross", text))
                continue
            owner[cell] = label
            given = puzzle.cells[at(cell)]
            if given > 0 and given != label:
                out.append(Violation("no-cross", f"path of {label} passes the end of {given}"))
            if solution.cells[at(cell)] != label:
                out.append(Violation("labels", f"cell {_name(cell)} on the path of {label} is "
                                               "not labelled so"))
    for index, value in enumerate(solution.cells):
        z, rest = divmod(index, plane)
        cell = (z, rest // w, rest % w)
        if value > 0 and owner.get(cell) != value:
            out.append(Violation("labels", f"cell {_name(cell)} is labelled {value} but off "
                                           "its path"))
        if value == 0 and rules is not Rules.BLANK:
            out.append(Violation("fill", f"cell {_name(cell)} is empty; rule '{rules.value}' "
                                         "fills all"))
    via_of = {cell: name for name, cells in puzzle.vias for cell in cells}
    if puzzle.vias:
        out.extend(_via_violations(puzzle, paths, via_of))
    if rules is Rules.FILL_NOTOUCH:
        for label, path in sorted(paths.items()):
            position = {cell: i for i, cell in enumerate(path)}
            for i, (z, r, c) in enumerate(path):
                for near in ((z + 1, r, c), (z, r + 1, c), (z, r, c + 1)):
                    j = position.get(near)
                    if near[0] != z and puzzle.vias and (
                            via_of.get(near) is None or via_of.get(near) != via_of.get((z, r, c))):
                        continue  # with vias, layers touch only inside a via
                    if j is not None and abs(i - j) != 1:
                        out.append(Violation("no-touch", f"path of {label} touches itself at "
                                                         f"{_name((z, r, c))}-{_name(near)}"))
    return out


def _via_violations(
    puzzle: LayeredPuzzle, paths: dict[int, tuple[Cell3, ...]], via_of: dict[Cell3, str]
) -> list[Violation]:
    """What breaks the 2016 rule of vias (module docstring), path by path, then via by via."""
    out: list[Violation] = []
    ends = {name: (cells[0], cells[-1]) for name, cells in puzzle.vias}
    taken: dict[str, list[int]] = {}
    for label, path in sorted(paths.items()):
        for a, b in itertools.pairwise(path):
            if a[0] != b[0]:
                if via_of.get(a) is None or via_of.get(a) != via_of.get(b):
                    out.append(Violation("via", f"path of {label} changes layer at {_name(a)}, "
                                                "where there is no via"))
            else:
                for cell in (a, b):
                    name = via_of.get(cell)
                    if name is not None and cell not in ends[name]:
                        out.append(Violation("via", f"path of {label} enters via {name} in "
                                                    f"its middle layer at {_name(cell)}"))
        used = sorted({via_of[cell] for cell in path if cell in via_of})
        for name in used:
            taken.setdefault(name, []).append(label)
            cells = dict(puzzle.vias)[name]
            run = [i for i, cell in enumerate(path) if via_of.get(cell) == name]
            along = [path[i] for i in run]
            if run != list(range(run[0], run[0] + len(run))) or along not in (
                    list(cells), list(reversed(cells))):
                out.append(Violation("via", f"path of {label} does not pass through via "
                                            f"{name} from one end to the other"))
        if len(used) > 1:
            out.append(Violation("via", f"path of {label} takes {len(used)} vias "
                                        f"({', '.join(used)}); a line may take one"))
    for name, _cells in puzzle.vias:
        users = taken.get(name, [])
        if not users:
            out.append(Violation("via", f"via {name} is not used by any line"))
        elif len(users) > 1:
            out.append(Violation("via", f"via {name} is used by lines "
                                        f"{', '.join(map(str, users))}"))
    return out
