"""Cells in people's words (``core/words.py``): 1-based, and read back exactly.

Each property reads the words back with ``words_reader.py`` (written from the wording
alone), so a message that drops, repeats or shifts a cell fails."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from numpuzzles.core.words import Cell, cell_words, cells_words, route_words
from words_reader import MOVES, read_cell, read_cells, read_route

cells = st.tuples(st.integers(0, 60), st.integers(0, 60))


@given(cells)
def test_a_cell_is_counted_from_one(cell: Cell) -> None:
    assert read_cell(cell_words(cell)) == cell
    assert cell_words((0, 0)) == "row 1, column 1"


@given(st.lists(cells, min_size=1, max_size=40))
def test_cells_read_back_as_the_same_set(chosen: list[Cell]) -> None:
    text = cells_words(chosen)
    assert read_cells(text) == set(chosen)
    rows = [int(n) for n in re.findall(r"row (\d+)", text)]
    assert rows == sorted(set(rows))  # each row once, top to bottom


inner = st.tuples(st.integers(30, 60), st.integers(30, 60))
"""Start cells 30 steps from the top and left edges: no route of 30 moves leaves the board."""


@given(inner, st.lists(st.sampled_from(sorted(MOVES)), min_size=1, max_size=30))
def test_a_route_reads_back_step_by_step(start: Cell, moves: list[str]) -> None:
    route = [start]
    for move in moves:
        dr, dc = MOVES[move]
        route.append((route[-1][0] + dr, route[-1][1] + dc))
    assert read_route(route_words(route)) == route


def test_a_route_of_one_cell_and_a_jump() -> None:
    assert route_words([(2, 3)]) == "at row 3, column 4"
    assert route_words([(0, 0), (0, 1), (2, 1)]) == (
        "from row 1, column 1: right 1, jump 1 to row 3, column 2"
    )
