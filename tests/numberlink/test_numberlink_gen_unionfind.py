"""The union-find original's emulation: shape of the printout, validity, reproducibility."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numberlink_oracle import count, valid_solution

from numpuzzles.numberlink import formats
from numpuzzles.numberlink.check import check
from numpuzzles.numberlink.formats import table
from numpuzzles.numberlink.generate.unionfind import dump_tables, generate_unionfind, table_rows
from numpuzzles.numberlink.model import Rules

DATA = Path(__file__).resolve().parents[1] / "data" / "numberlink"
EXAMPLE = DATA / "seed-union-find-7x7.txt"


def test_rows_have_the_originals_cell_shape() -> None:
    assert table_rows(4, 1, (4, 0, -1, 12)) == ["| 4 ||   || X || 12|"]


def test_printout_has_the_shape_of_the_originals_example() -> None:
    text = dump_tables(generate_unionfind(7, 7, seed=3))
    original = EXAMPLE.read_text()
    shape = [(len(line), line[:1]) for line in text.splitlines()]
    assert shape == [(len(line), line[:1]) for line in original.splitlines()]
    assert text.endswith("|\n")


def test_the_originals_example_is_valid_for_our_checker() -> None:
    puzzle, solution = table.read_tables(EXAMPLE.read_text())
    assert not puzzle.is_solution and solution.is_solution


def test_printout_equals_the_table_format_writer() -> None:
    for seed in range(20):
        board = generate_unionfind(9, 6, seed)
        assert dump_tables(board) == formats.dump(board.puzzle, "table", board.solution)


@given(st.integers(2, 9), st.integers(2, 9), st.integers(0, 2**32))
@settings(max_examples=80, deadline=None)
def test_output_parses_back_and_is_a_valid_fill_solution(w: int, h: int, seed: int) -> None:
    board = generate_unionfind(w, h, seed)
    tables = table.read_tables(dump_tables(board))
    assert [t.is_solution for t in tables] == [False, True]
    parsed = table.to_puzzle(tables[0].grid)
    assert parsed.cells == board.puzzle.cells
    paths = dict(board.solution.paths)
    for rule_set in Rules:
        assert check(parsed, board.solution, rule_set) == []
    for rules in ("fill", "fill-notouch", "blank"):
        assert valid_solution(w, h, parsed.cells, board.solution.cells, paths, rules) is None, rules
    # solid X cells are exactly the cells no path grew into, and none has a free neighbour
    for index, value in enumerate(board.puzzle.cells):
        if value == -1:
            r, c = divmod(index, w)
            for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= nr < h and 0 <= nc < w:
                    assert board.puzzle.cells[nr * w + nc] != -1


@pytest.mark.parametrize("seed", range(6))
def test_small_boards_are_solvable_per_the_brute_force_counter(seed: int) -> None:
    board = generate_unionfind(4, 4, seed)
    assert count(4, 4, board.puzzle.cells, "fill", limit=1) == 1


def test_same_seed_same_puzzle_and_seeds_differ() -> None:
    assert generate_unionfind(7, 7, 11) == generate_unionfind(7, 7, 11)
    assert len({generate_unionfind(7, 7, s).puzzle.cells for s in range(10)}) == 10


@pytest.mark.parametrize(
    ("w", "h", "cells", "fill", "notouch", "blank"),
    [
        (3, 1, (1, 0, 1), 1, 1, 1),
        (2, 2, (1, 0, 0, 1), 0, 0, 2),
        (3, 3, (1, 0, 0, 0, 0, 0, 0, 0, 1), 2, 0, 12),
        (3, 2, (1, 2, 0, 1, 2, 0), 1, 0, 2),
    ],
)
def test_the_brute_force_counter_on_hand_counted_boards(
    w: int, h: int, cells: tuple[int, ...], fill: int, notouch: int, blank: int
) -> None:
    assert count(w, h, cells, "fill") == fill
    assert count(w, h, cells, "fill-notouch") == notouch
    assert count(w, h, cells, "blank") == blank
