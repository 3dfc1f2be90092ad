"""The fast Fubuki solver against the original's example and against brute force."""

from __future__ import annotations

import random

import pytest
from fubuki_oracle import brute_force_3x3

from numpuzzles import InvalidPuzzleError, Status
from numpuzzles.fubuki import Puzzle, check, solve
from numpuzzles.fubuki.solve import count, is_unique

# The original program's example and its four solutions, as the issue quotes them.
ORIGINAL_SOLUTIONS = {
    ((3, 5, 8), (7, 9, 6), (1, 2, 4)),
    ((3, 8, 5), (7, 6, 9), (1, 2, 4)),
    ((3, 5, 8), (6, 7, 9), (2, 4, 1)),
    ((3, 8, 5), (6, 7, 9), (2, 1, 4)),
}


def original_example() -> Puzzle:
    return Puzzle(3, (16, 22, 7), (11, 16, 18), (3, 0, 0, 0, 0, 0, 0, 0, 0))


def test_original_example_has_exactly_its_four_solutions() -> None:
    result = solve(original_example())
    assert result.status is Status.SOLVED
    assert result.complete
    assert set(result.solutions) == ORIGINAL_SOLUTIONS
    assert result.count == 4


def test_limit_stops_early_and_says_incomplete() -> None:
    result = solve(original_example(), limit=2)
    assert result.count == 2
    assert not result.complete
    assert not result.timed_out
    assert result.unique is False


def test_unsolvable_is_proved() -> None:
    # Totals that add up but admit no filling with 9 in the corner and row 1 = 12.
    puzzle = Puzzle(3, (12, 15, 18), (12, 15, 18), (9, 0, 0, 0, 0, 0, 0, 0, 0))
    result = solve(puzzle)
    assert brute_force_3x3(puzzle.rows, puzzle.cols, puzzle.givens) == set()
    assert result.status is Status.UNSOLVABLE
    assert result.complete


def _flat(solutions: tuple[tuple[tuple[int, ...], ...], ...]) -> set[tuple[int, ...]]:
    return {tuple(v for row in sol for v in row) for sol in solutions}


def _random_instance(rand: random.Random, diagonals: bool, product: bool) -> dict[str, object]:
    """Totals from a random filling (sometimes perturbed) and 0-3 random givens."""
    f = list(range(1, 10))
    rand.shuffle(f)
    op = (lambda xs: xs[0] * xs[1] * xs[2]) if product else sum
    rows = [op(f[3 * r : 3 * r + 3]) for r in range(3)]
    cols = [op(f[c::3]) for c in range(3)]
    diag = [f[0] + f[4] + f[8], f[2] + f[4] + f[6]] if diagonals else None
    if rand.random() < 0.2 and not product:
        # Move one unit between two rows: totals still add up, often unsolvable.
        a, b = rand.sample(range(3), 2)
        rows[a] += 1
        rows[b] -= 1
    givens = [0] * 9
    for cell in rand.sample(range(9), rand.randint(0, 3)):
        givens[cell] = f[cell] if rand.random() < 0.8 else rand.randint(1, 9)
    return {"rows": rows, "cols": cols, "givens": givens, "diagonals": diag, "product": product}


@pytest.mark.parametrize(
    ("diagonals", "product", "cases"),
    [(False, False, 1000), (True, False, 200), (False, True, 200)],
)
def test_fast_solver_matches_brute_force(diagonals: bool, product: bool, cases: int) -> None:
    rand = random.Random(20261129 + 7 * diagonals + 13 * product)
    checked = 0
    for _ in range(cases):
        spec = _random_instance(rand, diagonals, product)
        rows, cols = spec["rows"], spec["cols"]
        givens, diag = spec["givens"], spec["diagonals"]
        assert isinstance(rows, list) and isinstance(cols, list) and isinstance(givens, list)
        assert diag is None or isinstance(diag, list)
        expected = brute_force_3x3(rows, cols, givens, diag, product)
        try:
            puzzle = Puzzle(
                3, tuple(rows), tuple(cols), tuple(givens),
                None if diag is None else (diag[0], diag[1]), product,
            )
        except InvalidPuzzleError:
            # Validation may only reject what has no solution at all.
            assert expected == set()
            continue
        result = solve(puzzle)
        assert result.complete
        assert _flat(result.solutions) == expected
        assert result.status is (Status.SOLVED if expected else Status.UNSOLVABLE)
        assert count(puzzle) == (len(expected), True)
        for sol in result.solutions:
            assert check(puzzle, sol) == []
        checked += 1
    assert checked > cases // 2


def test_hidden_totals_match_brute_force() -> None:
    rand = random.Random(5)
    for _ in range(40):
        spec = _random_instance(rand, False, False)
        rows = [None if rand.random() < 0.3 else t for t in spec["rows"]]  # type: ignore[attr-defined]
        cols = [None if rand.random() < 0.3 else t for t in spec["cols"]]  # type: ignore[attr-defined]
        givens = spec["givens"]
        assert isinstance(givens, list)
        expected = brute_force_3x3(rows, cols, givens)
        try:
            puzzle = Puzzle(3, tuple(rows), tuple(cols), tuple(givens))
        except InvalidPuzzleError:
            assert expected == set()
            continue
        assert _flat(solve(puzzle).solutions) == expected


def test_timeout_reports_unknown_not_unsolvable() -> None:
    # A 5×5 puzzle with no givens has a vast number of solutions; a tiny node budget stops it.
    rows = (65, 65, 65, 65, 65)
    puzzle = Puzzle(5, rows, rows, (0,) * 25)
    result = solve(puzzle, node_limit=1000, limit=None)
    assert not result.complete
    assert result.timed_out
    if result.count == 0:
        assert result.status is Status.UNKNOWN
    assert is_unique(puzzle) is False
