"""Hints must be sound: the named value is the cell's value in the unique solution."""

from __future__ import annotations

import pytest

from numpuzzles.fubuki import Puzzle
from numpuzzles.fubuki.generate import generate
from numpuzzles.fubuki.hint import hint


def test_last_cell_in_a_line() -> None:
    # Row 1 of the filling 3 5 8 / 7 9 6 / 1 2 4 with 3 and 5 given: 16 − 3 − 5 = 8.
    puzzle = Puzzle(3, (16, 22, 7), (11, 16, 18), (3, 5, 0, 0, 0, 0, 0, 0, 0))
    found = hint(puzzle)
    assert found is not None
    assert (found.position, found.value, found.tier) == (3, 8, 1)
    assert "16 − 3 − 5 = 8" in found.reason


def test_no_forced_cell_in_the_original_example() -> None:
    # Its four solutions share no value outside the given corner.
    assert hint(Puzzle(3, (16, 22, 7), (11, 16, 18), (3, 0, 0, 0, 0, 0, 0, 0, 0))) is None


@pytest.mark.parametrize(("size", "seeds"), [(3, range(30)), (4, range(8)), (5, range(2))])
def test_hints_agree_with_the_solution_and_lead_to_it(size: int, seeds: range) -> None:
    for seed in seeds:
        made = generate(size, seed)
        puzzle = made.puzzle
        flat = [v for row in made.solution for v in row]
        # Follow hints until the grid is full: each must match the unique solution.
        for _ in range(size * size):
            if 0 not in puzzle.givens:
                break
            found = hint(puzzle)
            assert found is not None
            assert flat[found.index] == found.value
            assert puzzle.givens[found.index] == 0
            givens = list(puzzle.givens)
            givens[found.index] = found.value
            puzzle = puzzle.with_givens(tuple(givens))
        assert list(puzzle.givens) == flat
