"""The independent checker: accepts valid solutions, names the first broken rule."""

from __future__ import annotations

from pathlib import Path

from numpuzzles.numberlink import formats
from numpuzzles.numberlink.check import check
from numpuzzles.numberlink.model import Puzzle, Rules, Solution

DATA = Path(__file__).resolve().parents[1] / "data" / "numberlink"

# 2x2, label 1 at (0,0) and (1,0): the only fill path goes round and touches itself.
SQUARE = Puzzle(2, 2, (1, 0, 1, 0))
ROUND = Solution(2, 2, (1, 1, 1, 1), ((1, ((0, 0), (0, 1), (1, 1), (1, 0))),))
DIRECT = Solution(2, 2, (1, 0, 1, 0), ((1, ((0, 0), (1, 0))),))


def seed() -> tuple[Puzzle, Solution]:
    text = (DATA / "seed-union-find-7x7.txt").read_text()
    (puzzle,) = formats.parse(text)
    return puzzle, formats.parse_solution(text, puzzle)


def rules_broken(puzzle: Puzzle, solution: Solution, rules: Rules) -> list[str]:
    return [v.rule for v in check(puzzle, solution, rules)]


def test_rule_sets_differ_on_the_same_board() -> None:
    assert check(SQUARE, ROUND, Rules.FILL) == []
    assert rules_broken(SQUARE, ROUND, Rules.FILL_NOTOUCH)[0] == "no-touch"
    assert check(SQUARE, ROUND, Rules.BLANK) == []
    assert check(SQUARE, DIRECT, Rules.BLANK) == []
    assert rules_broken(SQUARE, DIRECT, Rules.FILL) == ["fill", "fill"]
    assert rules_broken(SQUARE, DIRECT, Rules.FILL_NOTOUCH)[0] == "fill"


def test_seed_solution_is_valid_and_mutations_are_caught() -> None:
    puzzle, solution = seed()
    assert check(puzzle, solution, Rules.FILL_NOTOUCH) == []
    cells = list(solution.cells)
    # relabel one interior cell of path 4: the grid no longer matches the path
    cells[1] = 3
    broken = Solution(7, 7, tuple(cells), solution.paths)
    assert rules_broken(puzzle, broken, Rules.FILL)[0] == "labels"
    # overwrite an end
    cells = list(solution.cells)
    cells[6] = 1
    broken = Solution(7, 7, tuple(cells), solution.paths)
    assert rules_broken(puzzle, broken, Rules.FILL)[0] == "givens"
    # drop label 2's path: not connected
    paths = tuple(p for p in solution.paths if p[0] != 2)
    assert rules_broken(puzzle, Solution(7, 7, solution.cells, paths), Rules.BLANK)[0] == (
        "connected"
    )


def test_crossing_jumping_and_blocked_cells() -> None:
    puzzle = Puzzle(3, 3, (0, 1, 0, 2, 0, 2, 0, 1, 0))
    crossing = Solution(
        3,
        3,
        (0, 1, 0, 2, 1, 2, 0, 1, 0),
        ((1, ((0, 1), (1, 1), (2, 1))), (2, ((1, 0), (1, 1), (1, 2)))),
    )
    assert "no-cross" in rules_broken(puzzle, crossing, Rules.BLANK)
    jumping = Solution(3, 3, (0, 1, 0, 0, 0, 0, 0, 1, 0), ((1, ((0, 1), (2, 1))),))
    assert rules_broken(Puzzle(3, 3, (0, 1, 0, 0, 0, 0, 0, 1, 0)), jumping, Rules.BLANK) == [
        "steps"
    ]
    blocked = Puzzle(3, 1, (1, -1, 1))
    through = Solution(3, 1, (1, 1, 1), ((1, ((0, 0), (0, 1), (0, 2))),))
    assert rules_broken(blocked, through, Rules.BLANK)[0] == "blocked"


def test_wrong_size_is_reported() -> None:
    assert rules_broken(SQUARE, Solution(1, 1, (0,), ()), Rules.FILL) == ["size"]
