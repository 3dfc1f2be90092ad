"""What the Numberlink family does with a board of several layers.

Why a bridge and not a family of its own: a contest file is a Numberlink puzzle whatever
its layer count, so ``numpuzzles numberlink solve FILE`` (check, draw, convert) should
take it as it is.  The family reads an ``adc`` file of several layers into a
``Ruled[LayeredPuzzle]`` (``parse``) and, in each method, hands such a board to the
functions here; every other board goes the 2-D way, untouched.  What a layered board does
not have (hints, analysis, generation, symmetry) is refused in one line.

The rules default to ``blank``, the contest's (cells may stay empty), whatever the
family's own default: a layered board comes only from the contest's files.  ``--rules``
chooses another as for any board.  The 2-D ``engine`` option has no meaning here and is
ignored (``solve.py`` says which engine answers what).  Such a board is written as ``adc``
(the contest's files) or ``json`` only.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import InvalidParameterError, InvalidPuzzleError, PuzzleFormatError
from ...core.family import Ruled
from ...core.result import SolveResult
from ...core.violation import Violation
from ..model import Rules
from .model import Cell3, LayeredPuzzle, LayeredSolution

Layered = Ruled[LayeredPuzzle]


def layered(board: object) -> Layered | None:
    """``board`` when it is a layered board, else None."""
    if isinstance(board, Ruled) and isinstance(board.puzzle, LayeredPuzzle):
        return board
    return None


def parse(text: str, format: str, rules: str | None) -> list[Layered] | None:
    """The boards in ``text`` when it is a contest file of several layers, else None."""
    if format != "adc":
        return None
    from ..formats import adc

    if adc.depth_of(text) < 2:
        return None
    from .formats import parse_layered

    return [Ruled(parse_layered(text), rules or Rules.BLANK.value)]


def refuse(what: str) -> InvalidParameterError:
    """The one-line error for something a layered board does not have."""
    return InvalidParameterError(f"{what} is not available for boards of several layers")


def solve(board: Layered, limit: int | None, timeout: float | None) -> SolveResult[Any]:
    from .solve import solve_layered

    return solve_layered(board.puzzle, rules=Rules(board.rules), limit=limit, timeout=timeout)


def check(board: Layered, solution: Any) -> list[Violation]:
    from .check import check_layered

    if not isinstance(solution, LayeredSolution):
        return [Violation("size", "the solution has one layer, the puzzle several")]
    return check_layered(board.puzzle, solution, Rules(board.rules))


def dump(board: Layered, format: str | None, solution: Any = None) -> str:
    """The board (or its solution) as text: the contest's files, or JSON."""
    from .formats import dump_layered, puzzle_json, solution_json

    if format not in (None, "adc", "json"):
        raise InvalidParameterError(
            f"a board of several layers is written as adc or json, not {format}")
    if format == "json":
        import json

        value = solution_json(solution) if solution is not None else {
            **puzzle_json(board.puzzle), "rules": board.rules}
        return json.dumps(value, separators=(",", ":")) + "\n"
    return dump_layered(board.puzzle, solution)


def from_json(value: dict[str, Any], number: int, rules: str | None) -> Layered:
    """A layered board from its JSON object (``formats.puzzle_json``'s shape)."""
    from .formats import layers_of

    width, height, depth, cells = layers_of(value.get("layers"), number)
    chosen = rules or value.get("rules") or Rules.BLANK.value
    if chosen not in {r.value for r in Rules}:
        raise PuzzleFormatError(f"unknown rules {chosen!r}", line=number)
    try:
        return Ruled(LayeredPuzzle(width, height, depth, cells,
                                   _vias_of(value.get("vias"), number)), str(chosen))
    except InvalidPuzzleError as exc:
        raise PuzzleFormatError(str(exc), line=number) from None


def _vias_of(value: Any, number: int) -> tuple[tuple[str, tuple[Cell3, ...]], ...]:
    """JSON ``vias`` (``{"name": [[layer, row, col], ...]}``, absent: none) as the model's."""
    if value is None:
        return ()
    if not isinstance(value, dict):
        raise PuzzleFormatError("'vias' must map each via's name to its cells", line=number)
    out = []
    for name, cells in value.items():
        if not isinstance(cells, list) or not all(
                isinstance(c, list) and len(c) == 3 and all(
                    isinstance(v, int) and not isinstance(v, bool) for v in c) for c in cells):
            raise PuzzleFormatError(f"via {name!r} must be a list of [layer, row, col]",
                                    line=number)
        out.append((str(name), tuple(sorted((c[0], c[1], c[2]) for c in cells))))
    return tuple(out)


def parse_solution(text: str, board: Layered) -> LayeredSolution:
    """An answer file, or a JSON solution (a ``solve --json`` record works)."""
    from .formats import layers_of, parse_layered_answer, solution_from_cells

    if text.lstrip().startswith("{"):
        from ..formats.jsonfmt import solution_value

        number, value = solution_value_layers(text, solution_value)
        width, height, depth, cells = layers_of(value.get("layers"), number)
        p = board.puzzle
        if (width, height, depth) != (p.width, p.height, p.depth):
            raise PuzzleFormatError(f"solution is {width}x{height}x{depth}, puzzle is "
                                    f"{p.width}x{p.height}x{p.depth}", line=number)
        return solution_from_cells(p, cells)
    return parse_layered_answer(text, board.puzzle)


def solution_value_layers(text: str, fallback: Any) -> tuple[int, dict[str, Any]]:
    """The first JSON solution object holding ``layers`` (``solution``, ``solutions[0]``
    or a bare one)."""
    from ...core.jsontext import json_values

    for number, value in json_values(text):
        if not isinstance(value, dict):
            continue
        for found in (value.get("solution"), *(value.get("solutions") or [None])[:1], value):
            if isinstance(found, dict) and "layers" in found:
                return number, found
    number, found = fallback(text)  # the 2-D reader's own error when nothing matches
    raise PuzzleFormatError("the JSON solution has no 'layers'", line=number)


def draw(board: Layered, solution: Any = None) -> str:
    from .draw import draw_layered

    return draw_layered(board.puzzle, solution)


def describe(board: Layered) -> str:
    p = board.puzzle
    return f"{p.width}x{p.height}x{p.depth}, {board.rules}"


def explain_difference(first: LayeredSolution, second: LayeredSolution) -> str:
    cells = [first.paths[i][1] != second.paths[i][1] for i in range(len(first.paths))]
    labels = [str(first.paths[i][0]) for i, differ in enumerate(cells) if differ]
    return f"the first two solutions route line(s) {', '.join(labels[:8])} differently"
