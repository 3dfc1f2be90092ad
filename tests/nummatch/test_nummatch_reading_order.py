"""The reading-order presets (classic, easybrain): take, row removal, additions, fewest adds."""

from __future__ import annotations

import random
from functools import cache

import pytest
from nummatch_oracle import connected

from numpuzzles.core.errors import InvalidPuzzleError
from numpuzzles.core.result import Status
from numpuzzles.nummatch.board import Board, Pair, parse_board
from numpuzzles.nummatch.check import check
from numpuzzles.nummatch.rules import get_rules
from numpuzzles.nummatch.sequence import ADD, to_board
from numpuzzles.nummatch.solve import solve
from numpuzzles.nummatch.take import is_legal, take

CLASSIC_START = "123456789/111213141/516171819"  # 1..19 without the zero of 10


def test_reading_order_wraps_across_row_ends() -> None:
    board = parse_board("123/456/7", allow_short_last_row=True)
    # 3 (row 0, col 2) and 7 (row 2, col 0) are not neighbours in reading order
    assert not is_legal(board, Pair((0, 2), (2, 0)), "classic")
    board = parse_board("123/745")
    assert is_legal(board, Pair((0, 2), (1, 0)), "classic")  # end of row 0, start of row 1
    board = parse_board("003/050/7", allow_short_last_row=True)
    assert not is_legal(board, Pair((0, 2), (2, 0)), "classic")  # the 5 is between
    with pytest.raises(InvalidPuzzleError):  # the fixed-grid default needs a rectangle
        take(parse_board("003/550/7", allow_short_last_row=True), Pair((1, 0), (1, 1)))


def test_columns_and_diagonals() -> None:
    board = parse_board("100/200/109")
    assert is_legal(board, Pair((0, 0), (2, 0)), "classic") is False  # 2 between
    board = parse_board("100/020/109")
    assert is_legal(board, Pair((0, 0), (2, 0)), "classic")  # column, middle cleared
    assert is_legal(board, Pair((0, 0), (2, 2)), "easybrain") is False  # 2 on the diagonal
    assert is_legal(board, Pair((0, 0), (2, 2)), "classic") is False
    board = parse_board("120/000/119")  # the empty middle row is removed before play
    assert is_legal(board, Pair((0, 0), (2, 2)), "easybrain") is False  # coordinates moved


def test_taking_a_pair_removes_an_emptied_row() -> None:
    board = parse_board("19/55/37")
    after = take(board, Pair((1, 0), (1, 1)), "classic")
    assert after is not None and str(after) == "19/37"
    # the original's fixed grid keeps the row
    fixed = take(board, Pair((1, 0), (1, 1)), "original")
    assert fixed is not None and str(fixed) == "19/00/37"


def test_row_removal_changes_diagonals_in_easybrain() -> None:
    # 1 at (0,0), 9 at (2,1): not diagonal; clearing row 1 makes them diagonal neighbours
    board = parse_board("100/550/090")
    assert not is_legal(board, Pair((0, 0), (2, 1)), "easybrain")
    after = take(board, Pair((1, 0), (1, 1)), "easybrain")
    assert after is not None and str(after) == "100/090"
    assert is_legal(after, Pair((0, 0), (1, 1)), "easybrain")


def test_classic_start_is_solved_and_checked() -> None:
    """At any time (as ``classic`` was played before the paper rule), one addition clears
    the 1..19 start; only when stuck (the paper rule, ``classic`` now), two: one is proved
    not enough."""
    board = parse_board(CLASSIC_START)
    result = solve(board, "classic+any", timeout=120)
    assert result.status is Status.SOLVED
    moves = result.solutions[0]
    assert check(board, moves, "classic+any") == []
    assert moves.count(ADD) == 1  # 27 digits: an odd count needs at least one addition
    assert check(board, moves, "classic")[0].rule == "add-early"
    paper = solve(board, "classic", timeout=300)
    assert paper.status is Status.SOLVED
    assert check(board, paper.solutions[0], "classic") == []
    assert paper.solutions[0].count(ADD) == 2
    assert solve(board, "classic", max_adds=1, timeout=300).status is Status.UNKNOWN


def test_easybrain_start_fewest_adds() -> None:
    board = parse_board(CLASSIC_START)
    result = solve(board, "easybrain")
    assert result.status is Status.SOLVED
    assert check(board, result.solutions[0], "easybrain") == []
    assert result.solutions[0].count(ADD) == 1


def test_checker_rejects_bad_reading_order_lists() -> None:
    board = parse_board("19/55")
    stale = [Pair((0, 0), (0, 1)), Pair((1, 0), (1, 1))]  # row 1 moved up to row 0
    assert check(board, stale, "classic")[0].rule == "outside"
    assert check(board, [Pair((0, 0), (1, 0))], "classic")[0].rule == "match"
    assert check(board, [ADD] * 6, "easybrain")[0].rule == "adds"
    good = [Pair((0, 0), (0, 1)), Pair((0, 0), (0, 1))]  # the 5s move up after row 0 goes
    assert check(board, good, "classic") == []


# ---- independent brute force: every move order and every addition point, fewest adds ----


def brute_min_adds(board: Board, diagonals: bool, cap: int, stuck: bool = False) -> int | None:
    """The fewest additions that clear ``board`` (at most ``cap``), trying every pair and,
    when ``stuck`` is False, an addition at every point; when True only where no pair is
    left (the paper rule)."""
    w = board.width

    @cache
    def clearable(flat: tuple[int, ...], adds_left: int) -> bool:
        rows = [list(flat[k : k + w]) for k in range(0, len(flat), w)]
        rows = [r for r in rows if any(r)]
        cells = tuple(v for r in rows for v in r)
        if not cells:
            return True
        live = [i for i, v in enumerate(cells) if v]
        moved = False
        for x, a in enumerate(live):
            for b in live[x + 1 :]:
                va, vb = cells[a], cells[b]
                if (va == vb or va + vb == 10) and connected(list(cells), w, a, b, diagonals):
                    moved = True
                    nxt = list(cells)
                    nxt[a] = nxt[b] = 0
                    if clearable(tuple(nxt), adds_left):
                        return True
        if stuck and moved:
            return False
        return adds_left > 0 and clearable(cells + tuple(v for v in cells if v), adds_left - 1)

    for adds in range(cap + 1):
        if clearable(board.cells, adds):
            return adds
    return None


@pytest.mark.parametrize("rules", ["classic", "classic+any", "easybrain", "easybrain+stuck"])
def test_fewest_adds_agree_with_brute_force(rules: str) -> None:
    rnd = random.Random({"classic": 5, "easybrain": 6}.get(rules, 7))
    stuck = get_rules(rules).add_policy == "stuck"
    seen = {0: 0, 1: 0, None: 0}
    for _ in range(600):
        width = rnd.choice([3, 4])
        n = rnd.randint(3, 7)
        digits = [1, 9, 5, 2] if rnd.random() < 0.5 else list(range(1, 10))
        board = to_board(tuple(rnd.choice(digits) for _ in range(n)), width)
        expected = brute_min_adds(board, rules.startswith("easybrain"), cap=1, stuck=stuck)
        result = solve(board, rules, max_adds=1)
        if expected is None and result.status is Status.UNSOLVABLE:
            # proved never to clear (endless.py, the paper rule only): none with 3 either
            assert stuck and brute_min_adds(board, False, cap=3, stuck=True) is None
        elif expected is None:
            assert result.status is Status.UNKNOWN  # a bound below the rules' limit: no proof
        else:
            assert result.status is Status.SOLVED, str(board)
            moves = result.solutions[0]
            assert moves.count(ADD) == expected, str(board)
            assert check(board, moves, rules) == []
        seen[expected if expected in (0, 1) else None] += 1
    assert min(seen.values()) >= 3, seen


def test_fast_move_generation_matches_the_per_cell_rules() -> None:
    from numpuzzles.nummatch.sequence import forward_partners, legal_index_pairs

    rnd = random.Random(3)
    for _ in range(3000):
        width, n = rnd.randint(1, 9), rnd.randint(0, 40)
        cells = tuple(rnd.choice([0, 0, 1, 9, 5, 2, 8, 3]) for _ in range(n))
        for diagonals in (True, False):
            slow = [
                (i, j)
                for i in range(n)
                if cells[i]
                for j in forward_partners(cells, width, i, diagonals)
                if cells[i] == cells[j] or cells[i] + cells[j] == 10
            ]
            assert sorted(legal_index_pairs(cells, width, diagonals)) == sorted(slow)


def test_additions_already_spent_count_against_the_limit() -> None:
    board = parse_board("123")
    assert solve(board, "easybrain", adds_used=4).status is Status.SOLVED
    assert solve(board, "easybrain", adds_used=5).status is Status.UNSOLVABLE
    # classic has no limit, so running out of the search bound is never a proof
    assert solve(board, "classic", max_adds=0).status is Status.UNKNOWN
