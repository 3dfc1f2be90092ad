"""Checker models A, B and C against the issue's vectors and the original's five puzzles."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from numpuzzles.numberlink import formats
from numpuzzles.numberlink.arukone.checkers import CheckerModel, routing_order, run_checker
from numpuzzles.numberlink.model import Puzzle

DATA = Path(__file__).resolve().parents[1] / "data" / "arukone"
SEED_EXAMPLES = DATA / "seed-examples.txt"


def board(text: str) -> Puzzle:
    """A puzzle from the issue's vector notation: rows separated by '/'."""
    rows = [[int(v) for v in row.split()] for row in text.strip().split("/")]
    return Puzzle(len(rows[0]), len(rows), tuple(v for row in rows for v in row))


@pytest.mark.parametrize(
    ("vector", "failing"),
    [
        ("0 0 0 0/1 2 0 0/0 0 0 1/0 0 0 2", None),
        ("2 1 0 0/0 0 0 0/1 2 0 0/0 0 0 0", (2,)),
        (
            "0 1 0 0 0 1/2 0 0 0 0 3/0 0 0 2 0 6/4 5 0 4 0 0/0 0 0 6 3 0/0 0 5 0 0 0",
            (4,),
        ),
    ],
)
def test_model_a_fails_the_issue_vectors(vector: str, failing: tuple[int, ...] | None) -> None:
    run = run_checker(board(vector), CheckerModel.A)
    assert not run.solved
    if failing is not None:
        assert run.failed == failing


@pytest.mark.parametrize(
    "vector",
    ["0 3 0 0 3/2 1 0 0 0/0 0 0 0 4/0 2 0 1 0/4 0 0 0 0", "1 0 0 0/0 2 0 0/0 0 0 1/0 0 0 2"],
)
def test_model_a_solves_the_issue_vectors(vector: str) -> None:
    puzzle = board(vector)
    run = run_checker(puzzle, CheckerModel.A)
    assert run.solved
    ends = puzzle.endpoints()
    used: set[tuple[int, int]] = set()
    for label, path in run.paths:
        assert (path[0], path[-1]) == ends[label]
        for (r1, c1), (r2, c2) in pairwise(path):
            assert abs(r1 - r2) + abs(c1 - c2) == 1
        assert not used & set(path)
        used |= set(path)


def test_seed_examples_match_the_recorded_facts() -> None:
    puzzles = formats.parse(SEED_EXAMPLES.read_text(), "bwinf")
    assert [p.width for p in puzzles] == [5, 10, 10, 10, 10]
    failures = [run_checker(p, CheckerModel.A).failed for p in puzzles]
    assert failures[0] == ()
    assert [set(f) for f in failures[1:]] == [{4}, {1}, {4}, {5, 7}]


def test_bfs_prefers_left_then_down_then_right_then_up() -> None:
    # From (0,0) to (1,1) the shortest routes go via (1,0) (down first) or (0,1) (right).
    run = run_checker(board("2 0 0/0 2 0/1 0 1"), CheckerModel.B)
    assert run.order == (1, 2)
    assert dict(run.paths) == {1: ((2, 0), (2, 1), (2, 2)), 2: ((0, 0), (1, 0), (1, 1))}


def test_orders_of_the_three_models() -> None:
    # label 1 is far apart, label 2 adjacent, label 3 at Chebyshev 1 but BFS 2.
    puzzle = board("1 0 0 0/0 0 2 2/3 0 0 0/0 3 0 1")
    assert routing_order(puzzle, CheckerModel.B) == (1, 2, 3)
    assert routing_order(puzzle, CheckerModel.A) == (2, 3, 1)
    assert routing_order(puzzle, CheckerModel.C) == (2, 3, 1)
    walled = board("1 2 0/2 1 0/0 0 0")
    # label 1: (0,0) -> (1,1) must go around... (0,0) is boxed in by 2s: unreachable.
    assert routing_order(walled, CheckerModel.A) == (2, 1)
    assert routing_order(walled, CheckerModel.C) == (1, 2)
