"""Fubuki's grade: the hardest deduction the hint ladder needs, carried by generation."""

from __future__ import annotations

import itertools

from numpuzzles import families
from numpuzzles.fubuki import Puzzle
from numpuzzles.fubuki.grade import GRADES, grade

# 2 6 7 / 1 9 5 / 8 3 4
FILLED = (2, 6, 7, 1, 9, 5, 8, 3, 4)
ROWS, COLS = (15, 15, 15), (11, 18, 16)


def test_one_empty_cell_a_line_is_easy() -> None:
    # Cells 0, 4 and 8 empty: each row has one empty cell left, so "last cell" solves it.
    givens = tuple(0 if i in (0, 4, 8) else v for i, v in enumerate(FILLED))
    graded = grade(Puzzle(3, ROWS, COLS, givens))
    assert graded is not None
    assert (graded.grade, graded.tier, graded.steps) == ("easy", 1, 3)
    assert graded.hardest_step == "last cell"


def test_an_empty_grid_needs_more_than_last_cells() -> None:
    # Nothing given: no line has a single empty cell, so the first step is harder.
    graded = grade(Puzzle(3, ROWS, COLS, (0,) * 9))
    solutions = families.family("fubuki").solve(Puzzle(3, ROWS, COLS, (0,) * 9)).solutions
    if len(solutions) == 1:
        assert graded is not None and graded.tier > 1 and graded.steps == 9
    else:
        assert graded is None


def test_several_solutions_have_no_grade() -> None:
    # Every total hidden but one: many fillings fit, so no cell is ever forced.
    puzzle = Puzzle(3, (None, None, None), (None, None, None), (0,) * 9)
    assert grade(puzzle) is None


def brute_force_solutions(puzzle: Puzzle) -> int:
    count = 0
    for perm in itertools.permutations(range(1, 10)):
        if any(g and g != v for g, v in zip(puzzle.givens, perm, strict=True)):
            continue
        rows = [sum(perm[r * 3:r * 3 + 3]) for r in range(3)]
        cols = [sum(perm[c::3]) for c in range(3)]
        if all(t is None or t == v for t, v in zip(puzzle.rows, rows, strict=True)) and all(
                t is None or t == v for t, v in zip(puzzle.cols, cols, strict=True)):
            count += 1
    return count


def test_generated_puzzles_carry_their_grade() -> None:
    family = families.family("fubuki")
    seen = set()
    for seed in range(12):
        item = family.generate({}, seed)
        assert brute_force_solutions(item.puzzle) == 1
        assert item.difficulty in GRADES
        assert item.details["hardest_step"] in ("last cell", "only digit", "only place",
                                                "search")
        assert GRADES.index(item.difficulty) == ("last cell", "only digit", "only place",
                                                 "search").index(item.details["hardest_step"])
        seen.add(item.difficulty)
    assert len(seen) >= 2  # the grade tells puzzles apart
