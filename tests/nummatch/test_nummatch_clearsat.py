"""The SAT model of the last phase (``clearsat.py``) and its place in the search.

Against a brute force written here from the rules' prose (every legal pair, in every
order: ``nummatch_oracle.clears_by_matches``), and the independent checker."""

from __future__ import annotations

import random

import pytest
from nummatch_oracle import WIDTH, clears_by_matches, connected

from numpuzzles.core.deadline import Deadline
from numpuzzles.core.result import Status
from numpuzzles.nummatch import clearsat, seqsolve
from numpuzzles.nummatch.board import Board
from numpuzzles.nummatch.check import check
from numpuzzles.nummatch.rules import get_rules

PARTNER = {1: (1, 9), 9: (1, 9), 2: (2, 8), 8: (2, 8), 3: (3, 7), 7: (3, 7),
           4: (4, 6), 6: (4, 6), 5: (5,)}


def _even_board(rand: random.Random, pairs: int, holes: float) -> tuple[int, ...]:
    """Digits in pairs of one value class (so every class is even), shuffled, with some
    cleared cells among them: boards that often clear, and often do not."""
    digits: list[int] = []
    for _ in range(pairs):
        first = rand.randint(1, 9)
        digits += [first, rand.choice(PARTNER[first])]
    rand.shuffle(digits)
    cells: list[int] = []
    for v in digits:
        while rand.random() < holes:
            cells.append(0)
        cells.append(v)
    return tuple(cells)


def _replays(cells: tuple[int, ...], moves: clearsat.Moves) -> bool:
    """Each pair legal in turn on ``cells`` (cleared cells kept), and nothing left."""
    flat = list(cells)
    for a, b in moves:
        if not (a < b and flat[a] and flat[b] and connected(flat, WIDTH, a, b, False)):
            return False
        if not (flat[a] == flat[b] or flat[a] + flat[b] == 10):
            return False
        flat[a] = flat[b] = 0
    return not any(flat)


@pytest.mark.parametrize("seed", range(12))
def test_model_agrees_with_the_brute_force(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """On random boards of 2 to 16 digits: a clearing exactly when the brute force finds
    one, and it replays.  ``QUICK_ROUNDS`` is 1 on half the seeds, so that the full model
    (every round) decides most boards there, and 8 (as shipped) on the rest."""
    monkeypatch.setattr(clearsat, "QUICK_ROUNDS", 1 if seed % 2 else 8)
    rand = random.Random(seed)
    seen = {True: 0, False: 0}
    for _ in range(40):
        cells = _even_board(rand, rand.randint(1, 8), rand.choice((0.0, 0.2, 0.5)))
        status, moves, *_ = clearsat.clear_by_matches(cells, WIDTH)
        want = clears_by_matches(cells)
        assert (status is Status.SOLVED) is want, cells
        assert status is not Status.UNKNOWN
        if want:
            assert _replays(cells, moves), (cells, moves)
        seen[want] += 1
    assert seen[True] >= 5 and seen[False] >= 5, seen


def test_a_nested_board_needs_every_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """1 2 3 4 4 3 2 1 in one row clears only from the middle out, one pair a round: four
    rounds.  Allowed one, the quick call finds nothing and the full model finds it."""
    monkeypatch.setattr(clearsat, "QUICK_ROUNDS", 1)
    lone = (1, 2, 3, 4, 4, 3, 2, 1, 5)
    assert clearsat.clear_by_matches(lone, WIDTH)[0] is Status.UNSOLVABLE  # the lone 5
    cells = (1, 2, 3, 4, 4, 3, 2, 1)
    status, moves, *_ = clearsat.clear_by_matches(cells, WIDTH)
    assert status is Status.SOLVED
    assert moves == ((3, 4), (2, 5), (1, 6), (0, 7))


def test_a_column_pair_can_cross_reading_order() -> None:
    """5 1 / 5 _ 9 with the 5s in one column: in reading order the 1 lies between the 5s
    and a 5 between the 1 and the 9, so the 5s must go first, down their column.  With
    the second 5 one column over, nothing can go first."""
    cells = (5, 1, 0, 0, 0, 0, 0, 0, 0,
             5, 0, 9)
    status, moves, *_ = clearsat.clear_by_matches(cells, WIDTH)
    assert status is Status.SOLVED
    assert moves == ((0, 9), (1, 11))
    assert clears_by_matches(cells)
    cells = (5, 1, 0, 0, 0, 0, 0, 0, 0,
             0, 5, 9)
    assert not clears_by_matches(cells)
    assert clearsat.clear_by_matches(cells, WIDTH)[0] is Status.UNSOLVABLE


def test_a_limit_is_unknown_never_a_proof() -> None:
    """A passed deadline, or a budget of conflicts too small for the proof, gives
    ``UNKNOWN``; the budget that suffices gives the proof, and reports what it used."""
    cells: tuple[int, ...] = (1, 2, 3, 4, 4, 3, 2, 1, 6, 4, 7, 3)
    status, moves, *_ = clearsat.clear_by_matches(cells, WIDTH, Deadline(0))
    assert status is Status.UNKNOWN and moves == ()
    rand = random.Random(3)
    hard = None
    while hard is None:  # a board whose proof takes the solver some conflicts
        cells = _even_board(rand, 8, 0.0)
        verdict = clearsat.clear_by_matches(cells, WIDTH)
        if verdict.status is Status.UNSOLVABLE and verdict.conflicts >= 2:
            hard = verdict
    assert hard.clauses > 0
    assert clearsat.clear_by_matches(cells, WIDTH, conflicts=0).status is Status.UNKNOWN
    assert clearsat.clear_by_matches(cells, WIDTH, conflicts=1).status is Status.UNKNOWN
    again = clearsat.clear_by_matches(cells, WIDTH, conflicts=hard.conflicts + 1)
    assert again.status is Status.UNSOLVABLE


def _board(rand: random.Random) -> Board:
    digits = [rand.randint(1, 9) for _ in range(rand.randint(5, 8))]
    return Board(WIDTH, 1, tuple(digits) + (0,) * (WIDTH - len(digits)))


@pytest.mark.parametrize("policy", ["stuck", "any"])
def test_search_with_the_model_keeps_the_fewest_additions(
        monkeypatch: pytest.MonkeyPatch, policy: str) -> None:
    """With the model taking every board with no addition left at once (``SAT_DIGITS``
    2, no nodes first), ``solve_sequence`` gives the same fewest additions as without it
    on random starts of 5 to 8 digits, and its clearings (the model's pairs turned into
    moves on the board as it is, rows removed) replay in the independent checker."""
    rules = get_rules(f"classic+{policy}")
    rand = random.Random(27 if policy == "stuck" else 28)
    compared = 0
    for _ in range(30):
        board = _board(rand)
        monkeypatch.setattr(seqsolve, "LAST_PHASE_SAT", False)
        old = seqsolve.solve_sequence(board, rules, max_adds=2)
        monkeypatch.setattr(seqsolve, "LAST_PHASE_SAT", True)
        monkeypatch.setattr(seqsolve, "SAT_DIGITS", 2)
        monkeypatch.setattr(seqsolve, "LAST_PHASE_NODES", 0)
        new = seqsolve.solve_sequence(board, rules, max_adds=2)
        assert new.status is old.status, board.cells
        if new.solutions:
            moves = new.solutions[0]
            assert check(board, moves, rules.name) == [], (board.cells, moves)
            assert seqsolve.count_adds(moves) == seqsolve.count_adds(old.solutions[0])
            compared += 1
    assert compared >= 10


def test_a_stopped_model_goes_on_where_it_stopped() -> None:
    """``LastPhase`` asked again about the board a budget stopped goes on with the same
    solver: the model is built once (its clauses reported once), and the calls in turn
    reach the answer one call gives, the last needing less than the whole proof (a fresh
    start would need it all); another board starts afresh.  (Glucose checks its budget
    now and then, so a call may pass it: the test needs only that it stops.)"""
    rand = random.Random(0)
    while True:
        cells = _even_board(rand, 14, 0.0)
        whole = clearsat.clear_by_matches(cells, WIDTH)
        if whole.status is Status.UNSOLVABLE and whole.conflicts >= 300:
            break
    phase = clearsat.LastPhase()
    verdicts = [phase.decide(cells, WIDTH, conflicts=50)]
    while verdicts[-1].status is Status.UNKNOWN:
        assert len(verdicts) < whole.conflicts
        verdicts.append(phase.decide(cells, WIDTH, conflicts=50))
    assert verdicts[-1].status is Status.UNSOLVABLE
    assert len(verdicts) >= 2
    assert verdicts[-1].conflicts < whole.conflicts
    assert verdicts[0].clauses == whole.clauses > 0
    assert all(v.clauses == 0 for v in verdicts[1:])
    other = _even_board(rand, 3, 0.0)
    assert phase.decide(other, WIDTH).status is clearsat.clear_by_matches(other, WIDTH).status


def test_the_model_takes_boards_only_within_its_sizes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Boards with fewer than ``SAT_DIGITS`` or more than ``SAT_MAX_DIGITS`` digits stay
    with the search: the model is never asked about them."""
    asked: list[int] = []
    decide = clearsat.LastPhase.decide

    def spy(self: clearsat.LastPhase, cells: tuple[int, ...], *args: object) -> clearsat.Verdict:
        asked.append(sum(1 for v in cells if v))
        return decide(self, cells, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(clearsat.LastPhase, "decide", spy)
    monkeypatch.setattr(seqsolve, "LAST_PHASE_NODES", 0)
    monkeypatch.setattr(seqsolve, "SAT_DIGITS", 4)
    monkeypatch.setattr(seqsolve, "SAT_MAX_DIGITS", 10)
    board = Board(WIDTH, 1, (1, 2, 3, 5, 7, 8, 4, 0, 0))
    seqsolve.solve_sequence(board, get_rules("classic+stuck"), max_adds=2)
    assert asked and all(4 <= n <= 10 for n in asked)
