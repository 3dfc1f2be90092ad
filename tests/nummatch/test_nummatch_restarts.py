"""The random restarts under ``classic+any`` (``seqsolve._Shuffled``): clearings that make
all their additions first, then only matches.  Against a brute force written here from the
rules' prose (every pair, in every order), and the independent checker."""

from __future__ import annotations

import random

import pytest
from nummatch_oracle import clears_by_matches

from numpuzzles.core.deadline import Deadline
from numpuzzles.nummatch import seqsolve
from numpuzzles.nummatch.board import Board
from numpuzzles.nummatch.check import check
from numpuzzles.nummatch.sequence import board_cells

WIDTH = 9


def _added(flat: tuple[int, ...], adds: int) -> tuple[int, ...]:
    for _ in range(adds):
        flat = flat + tuple(v for v in flat if v)
    return flat


def _board(seed: int) -> Board:
    """A random start of 5 to 8 digits, values 1-9 (small enough that two additions stay
    within the brute force's reach)."""
    rand = random.Random(seed)
    digits = tuple(rand.randint(1, 9) for _ in range(rand.randint(5, 8)))
    return Board(WIDTH, -(-len(digits) // WIDTH), digits + (0,) * (-len(digits) % WIDTH))


@pytest.mark.parametrize("seed", range(40))
def test_restarts_find_an_adding_first_clearing_exactly_when_one_exists(
        monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """With restarts of a few nodes (many of them on each board), the turn finds a
    clearing after ``adds`` additions exactly when the brute force says matches alone
    clear the board so extended; what it finds replays under ``classic+any`` in the
    independent checker, and ends the search only when the whole tree was refuted."""
    monkeypatch.setattr(seqsolve, "RESTART_NODES", 7)
    board = _board(seed)
    cells = board_cells(board)
    for adds in range(3):
        shuffled = seqsolve._Shuffled(WIDTH, Deadline(None), None, set())
        outcome = None
        for _ in range(200):
            outcome = shuffled.turn(cells, adds, 1_000)
            if outcome is not None:
                break
        want = clears_by_matches(_added(cells, adds))
        assert outcome is want, (board.cells, adds)
        if outcome:
            moves = seqsolve._moves_of(shuffled, WIDTH)
            assert seqsolve.count_adds(moves) == adds
            assert all(m is seqsolve.ADD for m in moves[:adds])
            assert check(board, moves, "classic+any") == []


def test_the_restarts_are_seeded() -> None:
    """The same board gives the same moves on every run (the seed is fixed)."""
    board = _board(3)
    runs = []
    for _ in range(2):
        shuffled = seqsolve._Shuffled(WIDTH, Deadline(None), None, set())
        assert shuffled.turn(board_cells(board), 2, 10_000) is not None
        runs.append(list(shuffled.path))
    assert runs[0] == runs[1]


def test_restart_sizes_follow_the_luby_sequence() -> None:
    """Its published first terms (Luby, Sinclair and Zuckerman, 1993)."""
    assert [seqsolve._luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1,
                                                         2, 4, 8]
