"""Reading and writing Numberlink puzzles (and solutions) in every common text format.

``parse(text, format=None)`` returns every puzzle in ``text``, sniffing the format when it
is not given; ``dump(puzzle, format, solution=None)`` writes one puzzle (with its solution
where the format can hold one); ``parse_solution(text, puzzle, format=None)`` reads a solved
grid for the checker.  Errors are ``PuzzleFormatError`` with the 1-based line number.

One module a format: ``table``, ``numeric``, ``letters``, ``ahle``, ``adc``, ``bwinf``
(Arukone's original), ``puzzlink`` (URLs) and ``jsonfmt``; ``grid`` is what they share.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType

from ...core.errors import InvalidParameterError, PuzzleFormatError
from ...core.intparse import ascii_int
from ..model import Puzzle, Solution
from ..trace import solution_from_cells
from . import jsonfmt, table
from .grid import Grid, to_label_cells

_MODULE_NAMES: dict[str, str] = {
    "table": "table",
    "bwinf": "bwinf",
    "letters": "letters",
    "ahle": "ahle",
    "numeric": "numeric",
    "adc": "adc",
    "puzzlink": "puzzlink",
    "json": "jsonfmt",
}
"""Each format's module, imported when a text in that format is first read or written:
a process reads one or two formats, and the others' patterns and classes cost a one-board
process more than its search (the contest format's alone some 2 ms)."""
FORMATS: tuple[str, ...] = tuple(_MODULE_NAMES)
"""Every format name, in the order ``--to`` lists them."""


def format_module(name: str) -> ModuleType:
    """The module that reads and writes format ``name`` (one of ``FORMATS``)."""
    if name not in _MODULE_NAMES:
        raise InvalidParameterError(f"unknown format {name!r}; known: {', '.join(FORMATS)}")
    return importlib.import_module(f"{__name__}.{_MODULE_NAMES[name]}")


def _content_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def _ints(line: str) -> list[int] | None:
    try:
        return [int(part) for part in line.split()]
    except ValueError:
        return None


def sniff(text: str) -> str:
    """The format ``text`` is written in (a best guess from its first lines)."""
    lines = _content_lines(text)
    if not lines:
        raise PuzzleFormatError("empty input: no puzzle found")
    if lines[0].startswith(("{", "[")):
        return "json"
    body = [line for line in lines if not line.startswith("#")]
    if not body:
        raise PuzzleFormatError("no puzzle found, only comments")
    first = body[0]
    if "?" in first and format_module("puzzlink").is_url(first):
        return "puzzlink"
    if first.upper().startswith("SIZE"):
        return "adc"
    if any(line.startswith("|") for line in lines):
        return "table"
    if first.upper().startswith("SEED:"):
        return "bwinf"
    head = _ints(first)
    if head is not None and len(head) == 1 and len(body) >= 3:
        second, third = _ints(body[1]), _ints(body[2])
        if second is not None and len(second) == 1 and third is not None and len(third) == head[0]:
            return "bwinf"
    if head is not None and len(head) == 2 and len(body) >= 2:
        width = head[0]
        row = body[1]
        if width > 1:
            return "numeric" if len(row.split()) == width else "ahle"
        rows = body[1 : 1 + head[1]]
        return "numeric" if all(_ints(r) is not None for r in rows) else "ahle"
    return "letters"


def _module(format: str | None, text: str) -> ModuleType:
    return format_module(sniff(text) if format is None else format)


def parse(text: str, format: str | None = None) -> list[Puzzle]:
    """Every puzzle in ``text``; the format is sniffed when ``format`` is None."""
    parser: Callable[[str], list[Puzzle]] = _module(format, text).parse
    puzzles = parser(text)
    if not puzzles:
        raise PuzzleFormatError("no puzzle found")
    return puzzles


def dump(puzzle: Puzzle, format: str, solution: Solution | None = None) -> str:
    """``puzzle`` as text in ``format``, with ``solution`` where the format can hold one."""
    writer: Callable[[Puzzle, Solution | None], str] = format_module(format).dump
    return writer(puzzle, solution)


def _solution_grid(text: str, name: str) -> Grid:
    if name == "table":
        tables = table.read_tables(text)
        solutions = [t.grid for t in tables if t.is_solution] or [t.grid for t in tables]
        if not solutions:
            raise PuzzleFormatError("no table found")
        return solutions[0] if any(t.is_solution for t in tables) else solutions[-1]
    if name == "adc":
        answer: Grid = format_module("adc").read_answer(text)
        return answer
    if name == "puzzlink":
        raise PuzzleFormatError("a puzz.link URL cannot hold a solution")
    grids: list[Grid] = format_module(name).read(text)
    if not grids:
        raise PuzzleFormatError("no solution grid found")
    return grids[-1]


def parse_solution(text: str, puzzle: Puzzle, format: str | None = None) -> Solution:
    """The solution of ``puzzle`` written in ``text``.

    JSON solutions carry their paths; every other format holds labels only, so the paths are
    traced through each label's cells (see ``numberlink.trace``).  In a file holding several
    grids, the solution is the table under a "solution" header, else the last grid.
    """
    name = sniff(text) if format is None else format
    format_module(name)  # an unknown name is refused here
    if name == "json":
        number, value = jsonfmt.solution_value(text)
        grid = jsonfmt.grid_of(value.get("grid"), number)
        cells = to_label_cells(grid, puzzle)
        raw_paths = value.get("paths")
        if isinstance(raw_paths, dict):
            return _json_paths(puzzle, cells, raw_paths, number)
        return solution_from_cells(puzzle, cells)
    return solution_from_cells(puzzle, to_label_cells(_solution_grid(text, name), puzzle))


def _json_paths(
    puzzle: Puzzle, cells: tuple[int, ...], raw: dict[str, object], number: int
) -> Solution:
    paths = []
    for key, value in raw.items():
        label = ascii_int(key, number)
        if label is None or not isinstance(value, list):
            raise PuzzleFormatError(f"bad path entry {key!r}", line=number)
        steps = []
        for step in value:
            if (
                not isinstance(step, list)
                or len(step) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in step)
            ):
                raise PuzzleFormatError(f"path {key}: steps must be [row, col]", line=number)
            steps.append((step[0], step[1]))
        paths.append((label, tuple(steps)))
    return Solution(puzzle.width, puzzle.height, cells, tuple(sorted(paths)))


__all__ = ["FORMATS", "dump", "format_module", "parse", "parse_solution", "sniff"]
