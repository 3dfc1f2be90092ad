"""The exact solver against an uncapped brute force on thousands of small random boards.

The brute force below is written from the rules' prose and shares no code with the package
(beyond the Board value type): it tries every legal move in every order, remembering the
boards it has already explored, and never gives up.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numpuzzles.core.result import Status
from numpuzzles.nummatch.board import Board
from numpuzzles.nummatch.check import check
from numpuzzles.nummatch.count import count_matchings
from numpuzzles.nummatch.seedbfs import seed_bfs
from numpuzzles.nummatch.solve import solve

SIZES = [(4, 3), (3, 4), (4, 4), (5, 3), (3, 5), (5, 4), (4, 5)]  # (width, height)


def _legal(cells: tuple[int, ...], w: int, h: int, a: int, b: int, rules: str) -> bool:
    va, vb = cells[a], cells[b]
    if not va or not vb or not (va == vb or va + vb == 10):
        return False
    (ra, ca), (rb, cb) = divmod(a, w), divmod(b, w)
    dr, dc = rb - ra, cb - ca
    if abs(dr) <= 1 and abs(dc) <= 1:
        return True
    straight = dr == 0 or dc == 0
    diagonal = abs(dr) == abs(dc)
    if not (straight or (diagonal and rules == "original")):
        return False
    steps = max(abs(dr), abs(dc))
    return all(
        cells[(ra + k * dr // steps) * w + ca + k * dc // steps] == 0 for k in range(1, steps)
    )


def brute_force(board: Board, rules: str) -> bool:
    """Can the board be cleared?  Exhaustive over move orders, memo on visited boards."""
    w, h = board.width, board.height

    @cache
    def clearable(cells: tuple[int, ...]) -> bool:
        live = [i for i, v in enumerate(cells) if v]
        if not live:
            return True
        for x, a in enumerate(live):
            for b in live[x + 1 :]:
                if _legal(cells, w, h, a, b, rules):
                    nxt = list(cells)
                    nxt[a] = nxt[b] = 0
                    if clearable(tuple(nxt)):
                        return True
        return False

    return clearable(board.cells)


def random_boards(seed: int, count: int) -> list[Board]:
    """Small boards: random digits, some cleared; most fixed up to pass the parity test
    (by clearing one digit of each odd class) so the search itself is exercised."""
    rnd = random.Random(seed)
    out = []
    for _ in range(count):
        w, h = rnd.choice(SIZES)
        cells = [rnd.randint(1, 9) if rnd.random() > 0.15 else 0 for _ in range(w * h)]
        if rnd.random() < 0.9:
            for cls in range(1, 6):
                idx = [i for i, v in enumerate(cells) if v and min(v, 10 - v) == cls]
                if len(idx) % 2:
                    cells[rnd.choice(idx)] = 0
        out.append(Board(w, h, tuple(cells)))
    return out


@pytest.mark.parametrize("rules", ["original", "brief"])
def test_exact_solver_agrees_with_brute_force(rules: str) -> None:
    boards = random_boards(20261129 if rules == "original" else 4242, 2000)
    solved = unsolvable = 0
    for board in boards:
        expected = brute_force(board, rules)
        result = solve(board, rules)
        assert result.status is (Status.SOLVED if expected else Status.UNSOLVABLE), str(board)
        if expected:
            solved += 1
            assert check(board, result.solutions[0], rules) == [], str(board)
            assert len(result.solutions[0]) == board.remaining // 2
        else:
            unsolvable += 1
    # the sample must exercise both answers, or the agreement says little
    assert solved > 100 and unsolvable > 100


@pytest.mark.parametrize("rules", ["original", "brief"])
def test_seed_bfs_agrees_with_brute_force_when_uncapped(rules: str) -> None:
    for board in random_boards(77 if rules == "original" else 78, 300):
        result = seed_bfs(board, rules)
        expected = brute_force(board, rules)
        assert result.status is (Status.SOLVED if expected else Status.UNSOLVABLE), str(board)
        if expected:
            assert check(board, result.solutions[0], rules) == []


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(SIZES[:4]).flatmap(
        lambda wh: st.tuples(
            st.just(wh), st.lists(st.integers(0, 9), min_size=wh[0] * wh[1], max_size=wh[0] * wh[1])
        )
    ),
    st.sampled_from(["original", "brief"]),
)
def test_solver_and_matching_count_agree(
    data: tuple[tuple[int, int], list[int]], rules: str
) -> None:
    (w, h), cells = data
    board = Board(w, h, tuple(cells))
    result = solve(board, rules)
    matchings = count_matchings(board, rules)
    assert (result.status is Status.SOLVED) == (matchings > 0)
    assert result.status is not Status.UNKNOWN
    if result.solutions:
        assert check(board, result.solutions[0], rules) == []
