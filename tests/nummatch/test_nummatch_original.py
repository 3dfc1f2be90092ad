"""The original assignment's expectations, the board format, randfill and take."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numpuzzles.core.errors import InvalidPuzzleError, PuzzleFormatError
from numpuzzles.core.result import Status
from numpuzzles.nummatch.board import Board, Pair, parse_board
from numpuzzles.nummatch.check import check
from numpuzzles.nummatch.randfill import GlibcRand, randfill
from numpuzzles.nummatch.seedbfs import seed_bfs
from numpuzzles.nummatch.solve import solve
from numpuzzles.nummatch.take import is_legal, legal_pairs, take


def test_randfill_reproduces_the_originals_boards() -> None:
    assert str(randfill(6)) == "18866/62725/32795/34448"
    assert str(randfill(15)) == "37499/45428/58362/79892"


def test_glibc_rand_known_outputs() -> None:
    # glibc: srand(1); rand() -> 1804289383, 846930886, 1681692777 (the famous first values)
    gen = GlibcRand(1)
    assert [gen.next() for _ in range(3)] == [1804289383, 846930886, 1681692777]
    # srand(0) behaves as srand(1)
    assert GlibcRand(0).next() == 1804289383


@pytest.mark.parametrize("seed", [3648, 1762, 924, 363])
def test_original_solvable_seeds(seed: int) -> None:
    board = randfill(seed)
    result = solve(board, "original")
    assert result.status is Status.SOLVED
    assert check(board, result.solutions[0], "original") == []
    bfs = seed_bfs(board, "original")
    assert bfs.status is Status.SOLVED
    assert check(board, bfs.solutions[0], "original") == []


@pytest.mark.parametrize("seed", [6, 2000, 666])
def test_original_unsolvable_seeds(seed: int) -> None:
    board = randfill(seed)
    assert solve(board, "original").status is Status.UNSOLVABLE
    assert seed_bfs(board, "original").status is Status.UNSOLVABLE


def _run_takes(board: Board, takes: list[tuple[tuple[int, int, int, int], bool]]) -> None:
    for xy, expected in takes:
        pair = Pair.from_xy(*xy)
        assert is_legal(board, pair, "original") is expected, xy
        after = take(board, pair, "original")
        if expected:
            assert after is not None
            board = after
        else:
            assert after is None


FIRST = [((1, 0, 2, 0), True), ((1, 1, 1, 2), True), ((0, 2, 2, 2), True), ((3, 0, 2, 1), False)]


def test_original_take_sequence() -> None:
    _run_takes(randfill(6), FIRST)


def test_original_take_sequence_with_swapped_ends() -> None:
    swapped = [((x2, y2, x1, y1), ok) for (x1, y1, x2, y2), ok in FIRST]
    _run_takes(randfill(6), swapped)


def test_original_take_not_on_a_line() -> None:
    _run_takes(randfill(6), [((1, 0, 2, 0), True), ((0, 0, 3, 2), False)])


def test_original_take_diagonal_then_blocked_row() -> None:
    _run_takes(randfill(15), [((2, 1, 3, 2), True), ((1, 2, 4, 2), False)])


def test_take_rejects_same_cell_cleared_cell_and_outside() -> None:
    board = parse_board("55/00")
    assert not is_legal(board, Pair((0, 0), (0, 0)))
    assert not is_legal(board, Pair((0, 0), (1, 0)))
    assert not is_legal(board, Pair((0, 0), (5, 5)))
    assert is_legal(board, Pair((0, 0), (0, 1)))


def test_diagonal_line_differs_between_original_and_brief() -> None:
    # 1 at (0,0) and 9 at (2,2), the middle of the diagonal cleared
    board = parse_board("100/000/009")
    pair = Pair((0, 0), (2, 2))
    assert is_legal(board, pair, "original")
    assert not is_legal(board, pair, "brief")
    assert solve(board, "original").status is Status.SOLVED
    assert solve(board, "brief").status is Status.UNSOLVABLE
    # diagonal neighbours connect under both
    assert is_legal(parse_board("10/09"), Pair((0, 0), (1, 1)), "brief")


def test_all_fives_overflow_the_originals_list_but_are_solvable() -> None:
    board = parse_board("55555/55555/55555/55555")
    assert seed_bfs(board).status is Status.UNKNOWN  # the original answered "unsolvable"
    result = solve(board)
    assert result.status is Status.SOLVED
    assert check(board, result.solutions[0]) == []


def test_seed_bfs_small_cap_reports_unknown_never_unsolvable() -> None:
    board = randfill(924)
    assert seed_bfs(board, max_boards=50).status is Status.UNKNOWN


def test_parse_accepts_slashes_newlines_and_dots() -> None:
    a = parse_board("18866/62725")
    b = parse_board("\n18866\n 62725 \n\n")
    assert a == b == Board(5, 2, (1, 8, 8, 6, 6, 6, 2, 7, 2, 5))
    assert parse_board("1.3/000") == Board(3, 2, (1, 0, 3, 0, 0, 0))


@pytest.mark.parametrize(
    ("text", "fragment"),
    [("12a45/12345", "unexpected character 'a'"), ("123/12", "row 2 has 2 cells"), ("", "empty")],
)
def test_parse_rejects_bad_boards(text: str, fragment: str) -> None:
    with pytest.raises(PuzzleFormatError, match=fragment):
        parse_board(text)


def test_short_last_row_only_where_allowed() -> None:
    with pytest.raises(PuzzleFormatError):
        parse_board("123/45")
    assert parse_board("123/45", allow_short_last_row=True).cells == (1, 2, 3, 4, 5)
    with pytest.raises(InvalidPuzzleError):
        solve(parse_board("123/45", allow_short_last_row=True), "original")


@settings(max_examples=100)
@given(
    st.integers(1, 7).flatmap(
        lambda w: st.lists(
            st.lists(st.integers(0, 9), min_size=w, max_size=w), min_size=1, max_size=6
        )
    )
)
def test_board_text_round_trip(rows: list[list[int]]) -> None:
    board = Board.from_rows(rows)
    assert parse_board(str(board)) == board
    assert parse_board(str(board).replace("/", "\n")) == board


def test_checker_reports_illegal_moves() -> None:
    board = randfill(6)
    bad = [Pair.from_xy(1, 0, 2, 0), Pair.from_xy(0, 0, 3, 2)]
    assert [v.rule for v in check(board, bad)] == ["connect"]
    assert [v.rule for v in check(board, [Pair.from_xy(3, 0, 2, 1)])] == ["match"]
    assert [v.rule for v in check(board, [Pair.from_xy(1, 0, 2, 0)])] == ["not-cleared"]
    twice = [Pair.from_xy(1, 0, 2, 0), Pair.from_xy(1, 0, 2, 0)]
    assert [v.rule for v in check(board, twice)] == ["cleared"]


def test_legal_pairs_on_a_tiny_board() -> None:
    board = parse_board("19/55")
    got = {p.xy() for p in legal_pairs(board)}
    assert got == {(0, 0, 1, 0), (0, 1, 1, 1)}
