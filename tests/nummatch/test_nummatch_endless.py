"""``endless.py``: the proof that a ``classic`` game under the paper rule never ends, checked
against a brute force written here from the rules' prose (``nummatch_oracle.connected``).

* Soundness: on boards of random digits (seeded), wherever ``endless`` says the game never
  ends, a brute force over every play adding only when stuck finds no clearing with up to
  three additions, and wherever ``never_pairs`` holds, the boards after one to four additions
  have no pair at all (the lemma's induction, replayed).
* The sample is one that can catch a weaker lemma: it holds boards with no pair before and
  after their first addition that do get a pair later, and boards ``endless`` proves that
  need a pair to be taken first.
* Through the solver: ``classic`` (paper rule) answers ``unsolvable`` for such a board,
  ``classic+any`` keeps searching, and a solvable board is never called endless.
"""

from __future__ import annotations

import random
from functools import cache

from nummatch_oracle import connected

from numpuzzles.core.result import Status
from numpuzzles.nummatch.board import Board
from numpuzzles.nummatch.endless import endless, never_pairs
from numpuzzles.nummatch.rules import get_rules
from numpuzzles.nummatch.seqsolve import fewest_matches
from numpuzzles.nummatch.solve import solve

Flat = tuple[int, ...]


def _pairs(flat: Flat, w: int) -> list[tuple[int, int]]:
    """Every legal pair of ``flat`` under ``classic``'s lines, from the oracle."""
    live = [i for i, v in enumerate(flat) if v]
    return [(a, b) for x, a in enumerate(live) for b in live[x + 1 :]
            if (flat[a] == flat[b] or flat[a] + flat[b] == 10)
            and connected(list(flat), w, a, b, False)]


def _compact(flat: Flat, w: int) -> Flat:
    rows = [flat[k : k + w] for k in range(0, len(flat), w)]
    return tuple(v for row in rows if any(row) for v in row)


def _added(flat: Flat) -> Flat:
    return flat + tuple(v for v in flat if v)


def _clears_when_stuck(flat: Flat, w: int, adds: int) -> bool:
    """Whether some play that adds only when no pair is left clears ``flat`` with at most
    ``adds`` additions."""

    @cache
    def clears(state: Flat, left: int) -> bool:
        if not any(state):
            return True
        pairs = _pairs(state, w)
        for a, b in pairs:
            after = list(state)
            after[a] = after[b] = 0
            if clears(_compact(tuple(after), w), left):
                return True
        return not pairs and left > 0 and clears(_added(state), left - 1)

    return clears(_compact(flat, w), adds)


def _random_board(rng: random.Random) -> tuple[Flat, int]:
    w = rng.randint(2, 9)
    n = rng.randint(2, 3 * w)
    zeros = rng.random() * 0.7
    flat = tuple(0 if rng.random() < zeros else rng.randint(1, 9) for _ in range(n))
    flat = _compact(flat, w)
    return (flat, w) if any(flat) else ((rng.randint(1, 9),), w)


def _sample(count: int = 3000, seed: int = 27) -> list[tuple[Flat, int]]:
    rng = random.Random(seed)
    return [_random_board(rng) for _ in range(count)]


SAMPLE = _sample()


def test_endless_boards_have_no_clearing_within_three_additions() -> None:
    proved = [(flat, w) for flat, w in SAMPLE if endless(flat, w)]
    assert len(proved) >= 50
    for flat, w in proved:
        assert not _clears_when_stuck(flat, w, 3), (flat, w)


def test_the_lemma_replayed_for_four_additions() -> None:
    held = [(flat, w) for flat, w in SAMPLE if never_pairs(flat, w)]
    assert len(held) >= 50
    for flat, w in held:
        board = flat
        for _ in range(4):
            assert not _pairs(board, w), (flat, w)
            board = _added(board)


def test_the_sample_would_catch_a_weaker_lemma() -> None:
    """Boards with no pair now and none after one addition, whose game still pairs later:
    a lemma that looked only one addition ahead would be wrong on them, and the tests
    above would see it.  And boards ``endless`` proves only after taking a pair."""
    later = 0
    for flat, w in SAMPLE:
        once = _added(flat)
        if _pairs(flat, w) or _pairs(once, w):
            continue
        board = _added(once)
        for _ in range(3):
            if _pairs(board, w):
                later += 1
                assert not never_pairs(flat, w), (flat, w)
                break
            board = _added(board)
    assert later >= 5
    after_a_pair = [(f, w) for f, w in SAMPLE if _pairs(f, w) and endless(f, w)]
    assert len(after_a_pair) >= 5


def test_a_clearable_board_is_never_endless() -> None:
    small = [(f, w) for f, w in SAMPLE if sum(1 for v in f if v) <= 8][:400]
    clearable = [(f, w) for f, w in small if _clears_when_stuck(f, w, 2)]
    assert len(clearable) >= 50
    assert not any(endless(f, w) for f, w in clearable)


def test_the_solver_proves_the_game_endless_only_under_the_paper_rule() -> None:
    # 5 5 across a cleared cell is the one pair; then 1 2 1 2 never pairs again: in reading
    # order and down each column (width 9) a 1 always meets a 2.
    board = Board(9, 1, (5, 0, 5, 1, 2, 1, 2, 0, 0))
    assert endless(board.cells, 9)
    paper = solve(board, get_rules("classic"), max_nodes=50)
    assert paper.status is Status.UNSOLVABLE and paper.complete and not paper.timed_out
    fewest, _ = fewest_matches(board, get_rules("classic"), max_nodes=50)
    assert fewest.status is Status.UNSOLVABLE
    anytime = solve(board, get_rules("classic+any"), max_nodes=50)
    assert anytime.status is not Status.UNSOLVABLE
