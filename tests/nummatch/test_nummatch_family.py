"""The Family protocol adapter: boards travel with their rule preset (``Ruled[Board]``)."""

from __future__ import annotations

import pytest

from numpuzzles.core.errors import PuzzleFormatError
from numpuzzles.core.family import Family, Ruled
from numpuzzles.core.result import Status
from numpuzzles.nummatch.board import Board
from numpuzzles.nummatch.check import check
from numpuzzles.nummatch.family import FAMILY, NumMatchFamily
from numpuzzles.nummatch.sequence import Move


def test_family_round_trip_solve_check_generate() -> None:
    family: Family[Ruled[Board], tuple[Move, ...]] = FAMILY
    boards = family.parse("71716\n56635\n32998\n43364\n\n18866/62725/32795/34448\n")
    assert [str(b.puzzle) for b in boards] == [
        "71716/56635/32998/43364", "18866/62725/32795/34448"]
    assert [b.rules for b in boards] == ["original", "original"]
    assert family.parse(family.dump(boards[0])) == [boards[0]]
    assert family.parse(family.dump(boards[0], "json")) == [boards[0]]
    solved = family.solve(boards[0])
    assert solved.status is Status.SOLVED
    assert family.check(boards[0], solved.solutions[0]) == []
    assert check(boards[0].puzzle, solved.solutions[0], "original") == []
    assert family.solve(boards[1]).status is Status.UNSOLVABLE
    made = family.generate({"width": 4, "height": 4, "difficulty": "easy"}, 3)
    assert made.id == "nummatch:original,width=4,height=4,difficulty=easy#3"
    assert (made.puzzle.puzzle.width, made.puzzle.puzzle.height) == (4, 4)
    assert family.check(made.puzzle, made.solution) == []
    assert family.check(made.puzzle, family.solve(made.puzzle).solutions[0]) == []
    assert family.regenerate(made.id).puzzle == made.puzzle


def test_rules_come_with_the_board() -> None:
    (board,) = FAMILY.parse("123456789\n12", rules="easybrain")
    assert board.rules == "easybrain"
    result = FAMILY.solve(board)
    assert result.status is Status.SOLVED
    assert FAMILY.check(board, result.solutions[0]) == []
    # the JSON form keeps the preset, so the board reads back posed the same way
    assert FAMILY.parse(FAMILY.dump(board, "json")) == [board]
    # a short last row is only a board in reading order (classic/easybrain)
    with pytest.raises(PuzzleFormatError):
        FAMILY.parse("123456789\n12")


def test_family_with_easybrain_rules_accepts_short_rows() -> None:
    family = NumMatchFamily("easybrain")
    (board,) = family.parse("123456789\n12")
    assert board.rules == "easybrain"
    result = family.solve(board)
    assert result.status is Status.SOLVED
    assert family.check(board, result.solutions[0]) == []
