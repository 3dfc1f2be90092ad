"""``analyse`` for Number Match against brute force on small boards.

Whether a board clears, with how few additions, and which first moves keep that, are all
recomputed here by the brute-force searches of the tests (every move in every order,
``test_nummatch_bruteforce`` for the fixed grids and ``test_nummatch_reading_order`` for
the reading-order presets), which share no code with the package's solvers.
"""

from __future__ import annotations

import random

import pytest
from nummatch_oracle import connected
from test_nummatch_bruteforce import _legal, brute_force, random_boards
from test_nummatch_reading_order import CLASSIC_START, brute_min_adds

from numpuzzles.core.result import Status
from numpuzzles.nummatch.analyse import analyse
from numpuzzles.nummatch.board import Board, parse_board
from numpuzzles.nummatch.sequence import to_board


def _oracle_first_moves(board: Board, rules: str) -> dict[tuple[int, int, int, int], bool]:
    """Every legal first pair (as x1, y1, x2, y2) and whether the board still clears."""
    w, h = board.width, board.height
    out = {}
    cells = board.cells
    for a in range(len(cells)):
        for b in range(a + 1, len(cells)):
            if _legal(cells, w, h, a, b, rules):
                after = list(cells)
                after[a] = after[b] = 0
                (ya, xa), (yb, xb) = divmod(a, w), divmod(b, w)
                out[xa, ya, xb, yb] = brute_force(Board(w, h, tuple(after)), rules)
    return out


@pytest.mark.parametrize("rules", ["original", "brief"])
def test_fixed_grids_against_brute_force(rules: str) -> None:
    clearable = stuck = 0
    for board in random_boards(31 if rules == "original" else 32, 300):
        analysis = analyse(board, rules)
        expected = brute_force(board, rules)
        moves = _oracle_first_moves(board, rules)
        assert analysis.details["first_moves"] == len(moves), str(board)
        assert analysis.common is None and analysis.differ == ()
        assert analysis.complete
        if not expected:
            stuck += 1
            assert analysis.status is Status.UNSOLVABLE and analysis.count == 0
            assert analysis.details["clearable"] is False
            continue
        clearable += 1
        assert analysis.status is Status.SOLVED and analysis.count == 1, str(board)
        assert analysis.details["clearable"] is True
        assert analysis.details["fewest_additions"] == 0
        assert analysis.details["undecided_first_moves"] == []
        good = {tuple(m) for m in analysis.details["good_first_moves"]}
        assert good == {m for m, keeps in moves.items() if keeps}, str(board)
    assert clearable > 50 and stuck > 50


def _take_reading(cells: tuple[int, ...], w: int, a: int, b: int) -> Board:
    after = list(cells)
    after[a] = after[b] = 0
    rows = [after[k:k + w] for k in range(0, len(after), w)]
    flat = tuple(v for row in rows if any(row) for v in row)
    return to_board(flat, w)


@pytest.mark.parametrize("rules", ["classic", "classic+any", "easybrain"])
def test_reading_order_against_brute_force(rules: str) -> None:
    rnd = random.Random({"classic": 11, "easybrain": 12}.get(rules, 13))
    diagonals = rules == "easybrain"
    stuck = rules == "classic"  # the paper rule: numbers are added only when no pair is left
    tried = {0: 0, 1: 0}
    while min(tried.values()) < 40:
        width = rnd.choice([3, 4])
        digits = [1, 9, 5, 2] if rnd.random() < 0.5 else list(range(1, 10))
        board = to_board(tuple(rnd.choice(digits) for _ in range(rnd.randint(3, 7))), width)
        fewest = brute_min_adds(board, diagonals, cap=1, stuck=stuck)
        if fewest is None:
            continue  # more additions than the brute force affords
        tried[fewest] += 1
        analysis = analyse(board, rules)
        assert analysis.status is Status.SOLVED and analysis.count == 1 and analysis.complete
        assert analysis.details["fewest_additions"] == fewest, str(board)
        assert analysis.difficulty == ("easy" if fewest == 0 else "medium")
        cells, w = board.cells, board.width
        expected = set()
        legal = 0
        for a in range(len(cells)):
            for b in range(a + 1, len(cells)):
                va, vb = cells[a], cells[b]
                if not va or not vb or not (va == vb or va + vb == 10):
                    continue
                if not connected(list(cells), w, a, b, diagonals):
                    continue
                legal += 1
                after = _take_reading(cells, w, a, b)
                if brute_min_adds(after, diagonals, cap=fewest, stuck=stuck) is not None:
                    (ya, xa), (yb, xb) = divmod(a, w), divmod(b, w)
                    expected.add((xa, ya, xb, yb))
        assert analysis.details["first_moves"] == legal, str(board)
        assert analysis.details["undecided_first_moves"] == []
        assert {tuple(m) for m in analysis.details["good_first_moves"]} == expected, str(board)


def test_cleared_and_hopeless_boards() -> None:
    cleared = analyse(parse_board("00/00"), "original")
    assert cleared.status is Status.SOLVED and cleared.details["clearable"] is True
    hopeless = analyse(parse_board("12/34"), "original")
    assert hopeless.status is Status.UNSOLVABLE and hopeless.complete and hopeless.count == 0
    assert hopeless.summary == "cannot be cleared (proved)"


def test_the_classic_start_within_a_time_limit() -> None:
    """Additions at any time: one is the fewest (the paper rule needs two, and its proof
    that one is not enough takes longer than this limit)."""
    board = parse_board(CLASSIC_START, allow_short_last_row=True)
    analysis = analyse(board, "classic+any", timeout=1.0)
    assert analysis.status is Status.SOLVED and analysis.details["fewest_additions"] == 1
    good = analysis.details["good_first_moves"]
    undecided = analysis.details["undecided_first_moves"]
    assert len(good) + len(undecided) <= analysis.details["first_moves"]
    assert not {tuple(m) for m in good} & {tuple(m) for m in undecided}
    assert analysis.timed_out == bool(undecided)
    assert analysis.seconds < 3


def test_an_undecided_analysis_says_what_was_refuted(monkeypatch: pytest.MonkeyPatch) -> None:
    """When the fewest-additions search stops at a limit after refuting some bounds (as on
    nawglan-27r under the paper rule: up to 2 refuted, 3 open), the setter is told that
    much, in ``details`` and in the headline."""
    from numpuzzles.core.result import SolveResult
    from numpuzzles.nummatch import analyse as module

    stopped: SolveResult[tuple[object, ...]] = SolveResult(
        Status.UNKNOWN, timed_out=True, refuted=2)
    monkeypatch.setattr(module, "solve", lambda *args, **kwargs: stopped)
    analysis = module.analyse(parse_board("381247573/492675138/184712346"), "classic")
    assert analysis.status is Status.UNKNOWN
    assert analysis.details["refuted_additions"] == 2
    assert analysis.summary == ("undecided: no clearing with up to 2 additions (proved); "
                                "a limit stopped the search")
    nothing: SolveResult[tuple[object, ...]] = SolveResult(Status.UNKNOWN, timed_out=True)
    monkeypatch.setattr(module, "solve", lambda *args, **kwargs: nothing)
    analysis = module.analyse(parse_board("381247573/492675138/184712346"), "classic")
    assert analysis.details["refuted_additions"] is None
    assert analysis.summary == "undecided: a limit stopped the search"
