"""The solver and the independent checker."""

from __future__ import annotations

import random

import pytest
from survo_oracle import fillings

from numpuzzles.core.errors import InvalidPuzzleError
from numpuzzles.core.result import Status
from numpuzzles.survo.check import check
from numpuzzles.survo.model import Puzzle, open_puzzle
from numpuzzles.survo.solve import as_filling, restored_sums, solve


@pytest.mark.parametrize("seed", range(5))
def test_every_solution_is_valid_and_they_are_all_of_them(seed: int) -> None:
    rand = random.Random(seed)
    values = list(range(1, 13))
    rand.shuffle(values)
    p = open_puzzle(as_filling(values, 4))
    found = {tuple(v for row in s for v in row) for s in solve(p).solutions}
    assert found == set(fillings(3, 4, p.rows, p.cols))
    for flat in found:
        assert check(p, as_filling(flat, 4)) == []


def test_limit_and_forbid() -> None:
    p = open_puzzle(((1, 2, 3), (4, 5, 6), (7, 9, 8)))
    everything = solve(p)
    assert everything.count >= 2 and everything.complete
    two = solve(p, limit=2)
    assert two.count == 2 and not two.complete and not two.timed_out
    first = everything.solutions[0]
    other = solve(p, forbid={0: 1 << first[0][0]})
    assert all(s[0][0] != first[0][0] for s in other.solutions)
    assert other.count == sum(1 for s in everything.solutions if s[0][0] != first[0][0])


def test_a_lone_hidden_sum_is_worked_out() -> None:
    p = Puzzle(3, 3, (8, None, 20), (8, 15, None), (0,) * 9)
    assert restored_sums(p) == ((8, 17, 20), (8, 15, 22))
    assert solve(p).solutions == (((1, 2, 5), (3, 6, 8), (4, 7, 9)),)


def test_unsolvable_is_proved() -> None:
    p = Puzzle(2, 3, (6, 15), (3, 9, 9), (0,) * 6)
    result = solve(p)
    assert result.status is Status.UNSOLVABLE and result.complete


@pytest.mark.parametrize(("rows", "cols", "givens", "match"), [
    ((6, 15), (5, 7), (0,) * 6, "needs 2 row sums and 3 column sums"),
    ((6, 16), (5, 7, 9), (0,) * 6, "add up to 22"),
    ((6, 15), (5, 7, 9), (1, 1, 0, 0, 0, 0), "given twice"),
    ((6, 15), (5, 7, 9), (7, 0, 0, 0, 0, 0), "outside 1..6"),
    ((2, 19), (5, 7, 9), (0,) * 6, "row 1 sum 2 cannot be reached"),
])
def test_bad_puzzles_are_refused(rows: tuple[int, ...], cols: tuple[int, ...],
                                 givens: tuple[int, ...], match: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=match):
        Puzzle(2, 3, rows, cols, givens)


@pytest.mark.parametrize(("height", "width"), [(1, 5), (5, 1), (6, 7), (2, 19)])
def test_shapes_outside_the_rule_are_refused(height: int, width: int) -> None:
    with pytest.raises(InvalidPuzzleError, match="m·n ≤ 36"):
        Puzzle(height, width, (1,) * height, (1,) * width, (0,) * (height * width))


def test_checker_names_each_broken_rule() -> None:
    p = Puzzle(2, 3, (6, 15), (5, 7, 9), (1, 0, 0, 0, 0, 0))
    good = ((1, 2, 3), (4, 5, 6))
    assert check(p, good) == []
    kinds = {v.rule for v in check(p, ((2, 1, 3), (4, 5, 6)))}
    assert kinds == {"given", "sum"}
    assert {v.rule for v in check(p, ((1, 1, 3), (4, 5, 7)))} >= {"once", "range", "sum"}
    assert [v.rule for v in check(p, ((1, 2), (3, 4)))] == ["shape"]
