"""Negotiated routing (``numberlink/solve/negotiate.py``) against brute force and the checker.

It may only ever find solutions, never claim there is none: so on hundreds of small boards
every solution it gives must be one (the independent checker and the brute-force oracle's
own checker), it must give none on boards the brute force proves impossible, and it must
find most solvable ones (a negotiator that never converged would pass the first two).  Its
paths are cheapest paths, so none touches itself; that is checked too.  And in the turns of
``race.RouteOrScan`` its solution is an answer that proves nothing about other solutions.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from numberlink_oracle import (
    brute_count,
    random_board,
    scattered_board,
    sparse_board,
    valid_solution,
)

from numpuzzles.numberlink.check import check
from numpuzzles.numberlink.formats import parse
from numpuzzles.numberlink.model import BLOCKED, EMPTY, Puzzle, Rules
from numpuzzles.numberlink.solve import negotiate, race
from numpuzzles.numberlink.solve.negotiate import Negotiator

BLANK = Rules.BLANK
ADC = Path(__file__).resolve().parents[1] / "data" / "numberlink" / "adc"


def _accepted(puzzle: Puzzle, negotiator: Negotiator) -> None:
    solution = negotiator.solution
    assert solution is not None
    assert check(puzzle, solution, BLANK) == [], puzzle
    paths = dict(solution.paths)
    w, h = puzzle.width, puzzle.height
    assert valid_solution(w, h, puzzle.cells, solution.cells, paths, "blank") is None, puzzle
    for path in paths.values():  # a cheapest path has no chord
        place = {cell: i for i, cell in enumerate(path)}
        for i, (r, c) in enumerate(path):
            for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                assert abs(place.get(near, i) - i) <= 1, (puzzle, path)


@pytest.mark.parametrize("maker", [random_board, sparse_board])
def test_negotiator_against_brute_force(maker: object) -> None:
    """600 small boards: a solution only where brute force finds one, each checked, and
    most solvable boards solved within 200 rounds."""
    rnd = random.Random(31)
    solvable = solved = 0
    for _ in range(600):
        puzzle = maker(rnd)  # type: ignore[operator]
        expected = brute_count(puzzle, BLANK, 0) > 0
        negotiator = Negotiator(puzzle, seed=rnd.randint(1, 1000))
        found = negotiator.run(200)
        assert found == (negotiator.solution is not None)
        if found:
            assert expected, puzzle
            _accepted(puzzle, negotiator)
        solvable += expected
        solved += found
    assert solvable > 150
    assert solved >= 0.95 * solvable, (solved, solvable)


def test_no_path_touches_itself_on_open_boards() -> None:
    """On open boards of few lines a path could wander; a cheapest one never touches
    itself."""
    rnd = random.Random(8)
    for _ in range(100):
        w, h = rnd.randint(4, 9), rnd.randint(4, 9)
        puzzle = Puzzle(w, h, tuple(scattered_board(rnd, w, h, rnd.randint(1, 3))))
        negotiator = Negotiator(puzzle)
        if negotiator.run(100):
            _accepted(puzzle, negotiator)


def test_a_cut_off_line_ends_the_negotiation() -> None:
    """A line whose end is walled in: no solution, and it stops (``dead``)."""
    walled = Puzzle(3, 3, (1, BLOCKED, EMPTY, BLOCKED, EMPTY, EMPTY, EMPTY, EMPTY, 1))
    negotiator = Negotiator(walled)
    assert not negotiator.run(10)
    assert negotiator.dead and negotiator.finished and negotiator.solution is None


def test_restarts_forget_the_history(monkeypatch: pytest.MonkeyPatch) -> None:
    """After ``RESTART_ROUNDS`` rounds without a solution it starts again: no paths kept,
    prices back to the first round's."""
    monkeypatch.setattr(negotiate, "RESTART_ROUNDS", 2)
    # two lines that must cross: never solved, so it goes on restarting
    crossing = Puzzle(3, 3, (1, EMPTY, 2, EMPTY, EMPTY, EMPTY, 2, EMPTY, 1))
    negotiator = Negotiator(crossing)
    assert not negotiator.run(2)
    assert max(negotiator.history) > 1.0 and negotiator.present > negotiate.PRESENT_START
    negotiator.run(1)
    assert negotiator.since_restart == 1 and negotiator.rounds == 3
    assert negotiator.present == negotiate.PRESENT_START * negotiate.PRESENT_GROWTH


def test_adc_q09_is_solved() -> None:
    """The ADC 2015 problem the router needed 2.35 million steps for (28x36, 31 lines)."""
    puzzle = parse((ADC / "Q09.txt").read_text())[0]
    negotiator = Negotiator(puzzle)
    assert negotiator.run(150)
    _accepted(puzzle, negotiator)


def test_route_or_scan_answers_with_the_negotiators_solution(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Given all the time it wants, the negotiator settles Q09 in the turns, and the
    outcome is a solution, not a proof (``complete`` stays False)."""
    monkeypatch.setattr(race.RouteOrScan, "NEGOTIATE_SHARE", 1e9)
    puzzle = parse((ADC / "Q09.txt").read_text())[0]
    search = race.RouteOrScan(puzzle)
    assert search.run(race.ROUTE_HEAD_START)
    assert search.negotiator.solution is not None and search.found == 1
    outcome = search.outcome()
    assert outcome.finished and not outcome.complete
    assert check(puzzle, outcome.solutions[0], BLANK) == []


def test_route_or_scan_gives_the_negotiator_no_more_than_its_share(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With no share at all it gets one round, at the first turn, and no more."""
    monkeypatch.setattr(race.RouteOrScan, "NEGOTIATE_SHARE", 0.0)
    puzzle = parse((ADC / "Q09.txt").read_text())[0]
    search = race.RouteOrScan(puzzle)
    search.run(3 * race.RouteOrScan.TURN_STEPS)
    assert search.negotiator.rounds == 1


def test_route_or_scan_shrinks_the_share_after_a_restart(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past ``RESTART_ROUNDS`` rounds the negotiator gets ``LATE_SHARE``: with no late
    share at all it stops there, however much the early share allows."""
    monkeypatch.setattr(negotiate, "RESTART_ROUNDS", 2)
    monkeypatch.setattr(race.RouteOrScan, "NEGOTIATE_SHARE", 1e9)
    monkeypatch.setattr(race.RouteOrScan, "LATE_SHARE", 0.0)
    puzzle = parse((ADC / "Q09.txt").read_text())[0]
    search = race.RouteOrScan(puzzle)
    search.run(5 * race.RouteOrScan.TURN_STEPS)
    assert search.negotiator.rounds == 2 and not search.finished


def test_route_or_scan_leaves_big_boards_to_the_exact_searches(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Above ``NEGOTIATE_MAX_CELLS`` no round is run (nor the negotiator set up)."""
    monkeypatch.setattr(race, "NEGOTIATE_MAX_CELLS", 100)
    puzzle = parse((ADC / "Q09.txt").read_text())[0]
    search = race.RouteOrScan(puzzle)
    search.run(3 * race.RouteOrScan.TURN_STEPS)
    assert search.negotiate_seconds == 0.0 and search.found == 0
