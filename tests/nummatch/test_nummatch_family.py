"""The Family protocol adapter."""

from __future__ import annotations

from numpuzzles.core.family import Family
from numpuzzles.core.result import Status
from numpuzzles.nummatch.board import Board
from numpuzzles.nummatch.family import FAMILY, NumMatchFamily
from numpuzzles.nummatch.sequence import Move


def test_family_round_trip_solve_check_generate() -> None:
    family: Family[Board, tuple[Move, ...]] = FAMILY
    boards = family.parse("71716\n56635\n32998\n43364\n\n18866/62725/32795/34448\n")
    assert [str(b) for b in boards] == ["71716/56635/32998/43364", "18866/62725/32795/34448"]
    assert family.parse(family.dump(boards[0])) == [boards[0]]
    solved = family.solve(boards[0])
    assert solved.status is Status.SOLVED
    assert family.check(boards[0], solved.solutions[0]) == []
    assert family.solve(boards[1]).status is Status.UNSOLVABLE
    made = family.generate({"width": 4, "height": 4, "difficulty": "easy"}, 3)
    assert family.check(made, family.solve(made).solutions[0]) == []


def test_family_with_easybrain_rules_accepts_short_rows() -> None:
    family = NumMatchFamily("easybrain")
    (board,) = family.parse("123456789\n12")
    result = family.solve(board)
    assert result.status is Status.SOLVED
    assert family.check(board, result.solutions[0]) == []
