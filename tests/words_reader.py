"""A reader of the cell wording in ``core/words.py``, written from the wording alone
(it shares no code with the writer), for tests that check a message names the right
cells: ``row 3, column 5``; ``row 10, columns 1-4; row 11, column 2``; and routes
``from row 1, column 2: right 2, down 3 to row 4, column 4``."""

from __future__ import annotations

import re

Cell = tuple[int, int]

MOVES = {"right": (0, 1), "left": (0, -1), "down": (1, 0), "up": (-1, 0)}


def read_cell(text: str) -> Cell:
    """The 0-based cell ``row R, column C`` names."""
    match = re.fullmatch(r"row (\d+), column (\d+)", text)
    assert match is not None, text
    return int(match.group(1)) - 1, int(match.group(2)) - 1


def read_cells(text: str) -> set[Cell]:
    """The 0-based cells of a ``row R, columns a-b, c; ...`` list."""
    found: set[Cell] = set()
    for part in text.split("; "):
        match = re.fullmatch(r"row (\d+), columns? ([\d, -]+)", part)
        assert match is not None, part
        row = int(match.group(1)) - 1
        for span in match.group(2).split(", "):
            low, _, high = span.partition("-")
            found.update((row, c - 1) for c in range(int(low), int(high or low) + 1))
    return found


def read_route(text: str) -> list[Cell]:
    """The 0-based cells, in order, of a route ``from CELL: MOVE N, ... to CELL``."""
    match = re.fullmatch(r"from (row \d+, column \d+): (.*) to (row \d+, column \d+)", text)
    assert match is not None, text
    route = [read_cell(match.group(1))]
    for move in match.group(2).split(", "):
        direction, count = move.split(" ")
        dr, dc = MOVES[direction]
        for _ in range(int(count)):
            r, c = route[-1]
            route.append((r + dr, c + dc))
    assert route[-1] == read_cell(match.group(3)), text
    return route
