"""Counting (against brute-force enumeration) and generation (against the checker)."""

from __future__ import annotations

import random

import pytest

from numpuzzles.core.errors import InvalidParameterError
from numpuzzles.nummatch.board import Board, Pair, parse_board
from numpuzzles.nummatch.check import check
from numpuzzles.nummatch.count import count_matchings, count_sequences
from numpuzzles.nummatch.generate import generate
from numpuzzles.nummatch.hint import hint
from numpuzzles.nummatch.solve import solve
from numpuzzles.nummatch.take import take


def _legal(cells: list[int], w: int, a: int, b: int, rules: str) -> bool:
    va, vb = cells[a], cells[b]
    if not va or not vb or not (va == vb or va + vb == 10):
        return False
    (ra, ca), (rb, cb) = divmod(a, w), divmod(b, w)
    dr, dc = rb - ra, cb - ca
    if max(abs(dr), abs(dc)) == 1:
        return True
    if not (dr == 0 or dc == 0 or (abs(dr) == abs(dc) and rules == "original")):
        return False
    n = max(abs(dr), abs(dc))
    return all(cells[(ra + k * dr // n) * w + ca + k * dc // n] == 0 for k in range(1, n))


def _enumerate(board: Board, rules: str) -> tuple[int, int]:
    """(distinct matchings, ordered sequences) by listing every clearing move order."""
    matchings: set[frozenset[tuple[int, int]]] = set()
    sequences = 0

    def walk(cells: list[int], taken: list[tuple[int, int]]) -> None:
        nonlocal sequences
        live = [i for i, v in enumerate(cells) if v]
        if not live:
            sequences += 1
            matchings.add(frozenset(taken))
            return
        for x, a in enumerate(live):
            for b in live[x + 1 :]:
                if _legal(cells, board.width, a, b, rules):
                    nxt = cells.copy()
                    nxt[a] = nxt[b] = 0
                    walk(nxt, [*taken, (a, b)])

    walk(list(board.cells), [])
    return len(matchings), sequences


@pytest.mark.parametrize("rules", ["original", "brief"])
def test_counts_agree_with_enumeration(rules: str) -> None:
    rnd = random.Random(99)
    nonzero = 0
    for _ in range(150):
        w, h = rnd.choice([(3, 2), (4, 2), (2, 4), (3, 3), (5, 2), (4, 3)])
        cells = [rnd.choice([1, 9, 5, 5, 2, 8]) for _ in range(w * h)]
        for cls in ((1, 9), (5,), (2, 8)):
            idx = [i for i, v in enumerate(cells) if v in cls]
            if len(idx) % 2:
                cells[idx[0]] = 0
        board = Board(w, h, tuple(cells))
        expected = _enumerate(board, rules)
        assert (count_matchings(board, rules), count_sequences(board, rules)) == expected
        nonzero += expected[0] > 0
    assert nonzero > 50


def test_sequence_count_is_refused_on_large_boards() -> None:
    with pytest.raises(InvalidParameterError):
        count_sequences(parse_board("55555/55555/55555/55555/55555/55555"), max_digits=24)


def test_counts_of_a_known_board() -> None:
    # row 1 9 1 9: pairings (0,1)(2,3) and (0,3)(1,2) clear; (0,2)(1,3) cross and block
    assert count_matchings(parse_board("1919")) == 2
    assert count_sequences(parse_board("1919")) == 3  # (0,1)(2,3) either order; (1,2) first


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_generated_boards_are_solvable_and_graded(difficulty: str) -> None:
    made = generate(5, 4, seed=11, difficulty=difficulty)
    assert made.difficulty == difficulty
    assert check(made.board, made.solution) == []
    assert check(made.board, solve(made.board).solutions[0]) == []


def test_generate_rejects_odd_cell_counts() -> None:
    with pytest.raises(InvalidParameterError):
        generate(3, 3, seed=1)


def test_hint_keeps_the_board_solvable_to_the_end() -> None:
    start = board = generate(6, 4, seed=5).board
    moves = []
    while not board.cleared:
        h = hint(board)
        assert isinstance(h.move, Pair)
        moves.append(h.move)
        after = take(board, h.move)
        assert after is not None
        board = after
    assert len(moves) == 12
    assert check(start, moves) == []


def test_node_limit_gives_unknown_not_unsolvable() -> None:
    from numpuzzles.core.result import Status

    board = parse_board("55555/55555/55555/55555")
    result = solve(board, max_nodes=1)
    assert result.status is Status.UNKNOWN and result.timed_out and not result.complete
