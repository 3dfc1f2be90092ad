"""The SAT solver on known puzzles: the seed printout, the counting oracle, limits."""

from __future__ import annotations

from pathlib import Path

import pytest

from numpuzzles.core.result import Status
from numpuzzles.numberlink import formats
from numpuzzles.numberlink.check import check
from numpuzzles.numberlink.count.counter import count
from numpuzzles.numberlink.count.views import transposed
from numpuzzles.numberlink.model import Puzzle, Rules
from numpuzzles.numberlink.solve import sat
from numpuzzles.numberlink.solve.dispatch import solve

DATA = Path(__file__).resolve().parents[1] / "data" / "numberlink"


@pytest.mark.parametrize("rules", list(Rules))
def test_seed_puzzle_has_exactly_the_printed_solution(rules: Rules) -> None:
    text = (DATA / "seed-union-find-7x7.txt").read_text()
    (puzzle,) = formats.parse(text)
    printed = formats.parse_solution(text, puzzle)
    result = solve(puzzle, rules=rules, limit=None)
    assert result.status is Status.SOLVED and result.complete
    assert result.count == 1 and result.unique is True
    assert result.solutions[0].cells == printed.cells
    assert check(puzzle, result.solutions[0], rules) == []


@pytest.mark.parametrize(("index", "count"), [(0, 1), (1, 1), (4, 512), (5, 4)])
def test_counting_oracle_small_counts(index: int, count: int) -> None:
    puzzle = formats.parse((DATA / "counting-oracle.txt").read_text())[index]
    result = solve(puzzle, rules=Rules.BLANK, limit=None)
    assert result.complete and result.count == count
    assert len(set(result.solutions)) == count
    for solution in result.solutions[:20]:
        assert check(puzzle, solution, Rules.BLANK) == []


def test_limit_two_decides_uniqueness() -> None:
    # 2x2 with one label at two adjacent corners: under fill the path must go round
    square = Puzzle(2, 2, (1, 0, 1, 0))
    assert solve(square, rules=Rules.FILL, limit=2).unique is True
    assert solve(square, rules=Rules.FILL_NOTOUCH, limit=2).status is Status.UNSOLVABLE
    blank = solve(square, rules=Rules.BLANK, limit=2)
    assert blank.unique is False and blank.count == 2 and not blank.complete


def test_empty_loops_do_not_count_under_blank() -> None:
    # a 4x2 board whose label uses the left column: the right 2x2 could hold an empty loop
    puzzle = Puzzle(3, 2, (1, 0, 0, 1, 0, 0))
    result = solve(puzzle, rules=Rules.BLANK, limit=None)
    # paths: direct, or round through (0,1),(1,1), or through (0,1),(0,2),(1,2),(1,1)
    assert result.complete and result.count == 3


def test_timeout_gives_unknown_never_unsolvable() -> None:
    puzzle = formats.parse((DATA / "ahle-inputs9.txt").read_text())[0]
    result = solve(puzzle, rules=Rules.FILL_NOTOUCH, timeout=0.05)
    assert result.status in (Status.UNKNOWN, Status.SOLVED)
    if result.status is Status.UNKNOWN:
        assert result.timed_out and not result.complete


def test_ends_cut_off_are_unsolvable_under_every_rule() -> None:
    walled = Puzzle(3, 1, (1, -1, 1))
    for rules in Rules:
        result = solve(walled, rules=rules)
        assert result.status is Status.UNSOLVABLE and result.complete


@pytest.mark.parametrize(("index", "expected"), [(2, 21022680789), (3, 41044208702632496804)])
def test_frontier_counter_reaches_the_oracles_huge_counts(index: int, expected: int) -> None:
    puzzle = formats.parse((DATA / "counting-oracle.txt").read_text())[index]
    assert count(puzzle, Rules.BLANK) == expected


def test_frontier_counter_limits_and_rules() -> None:
    seed = formats.parse((DATA / "seed-union-find-7x7.txt").read_text())[0]
    assert count(seed, Rules.FILL) == 1 and count(seed, Rules.BLANK) == 1
    assert count(transposed(seed), Rules.FILL) == 1
    oracle = formats.parse((DATA / "counting-oracle.txt").read_text())[3]
    assert count(oracle, Rules.BLANK, max_states=10) is None  # a limit, not an answer
    assert count(seed, Rules.FILL_NOTOUCH) == 1


def test_switch_from_lazy_to_full_model_keeps_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under fill-notouch the label-free model hands over to the full one after a few rounds;
    forcing the hand-over at once must not change any answer (ahle-inputs5: 12 solvable)."""
    puzzles = formats.parse((DATA / "ahle-inputs5.txt").read_text())
    lazy = [solve(p, rules=Rules.FILL_NOTOUCH, limit=2) for p in puzzles]
    monkeypatch.setattr(sat, "LAZY_ROUNDS", 0)
    full = [solve(p, rules=Rules.FILL_NOTOUCH, limit=2) for p in puzzles]
    assert [r.status for r in lazy] == [r.status for r in full]
    assert [r.count for r in lazy] == [r.count for r in full]
    assert sum(r.status is Status.SOLVED for r in full) == 12
    for puzzle, answer in zip(puzzles, full, strict=True):
        for solution in answer.solutions:
            assert check(puzzle, solution, Rules.FILL_NOTOUCH) == []
