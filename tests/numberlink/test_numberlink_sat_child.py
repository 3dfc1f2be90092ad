"""The SAT call in a child process (``numberlink/solve/sat_child.py``) and its place in the
``blank`` race (``race._race``): answers against the brute-force oracle, stopping, failing.
"""

from __future__ import annotations

import random
import signal
import threading
import time
from collections.abc import Sequence

import pytest
from numberlink_oracle import brute_count, sparse_board, valid_solution

from numpuzzles.core.deadline import Deadline
from numpuzzles.core.result import Status
from numpuzzles.numberlink.check import check
from numpuzzles.numberlink.model import Puzzle, Rules
from numpuzzles.numberlink.solve.budget import BudgetedSearch, SearchOutcome
from numpuzzles.numberlink.solve.race import _child_result, _race
from numpuzzles.numberlink.solve.reach import Reach
from numpuzzles.numberlink.solve.sat_child import ChildSat
from numpuzzles.numberlink.solve.sat_model import Model

BLANK = Rules.BLANK


def _boards(seed: int, count: int) -> list[Puzzle]:
    """Sparse boards whose labels are not cut off (those never reach SAT)."""
    rnd = random.Random(seed)
    out: list[Puzzle] = []
    while len(out) < count:
        puzzle = sparse_board(rnd)
        if not Reach(puzzle).cut_off:
            out.append(puzzle)
    return out


def _wait(child: ChildSat) -> None:
    """Until the child has answered or failed (a minute at most)."""
    deadline = time.monotonic() + 60
    while child.answer is None and not child.failed and time.monotonic() < deadline:
        time.sleep(0.005)


def test_child_answers_match_brute_force() -> None:
    """On the shortest model the child's model decodes to a checked solution exactly when
    the board has one, and "unsatisfiable" exactly when it has none."""
    for puzzle in _boards(31, 40):
        reach = Reach(puzzle)
        model = Model(puzzle, BLANK, reach.domains(), shortest=True)
        answered = threading.Event()
        child = ChildSat(model.clauses, answered.set)
        _wait(child)
        child.stop()
        assert not child.failed and answered.is_set()
        result = _child_result(child, model, Deadline(None))
        assert result is not None
        solvable = brute_count(puzzle, BLANK, 0) > 0
        if not solvable:
            assert result.status is Status.UNSOLVABLE and result.complete, puzzle
            continue
        assert result.status is Status.SOLVED, puzzle
        solution = result.solutions[0]
        assert check(puzzle, solution, BLANK) == []
        paths: dict[int, Sequence[tuple[int, int]]] = {
            label: solution.path(label) for label in puzzle.labels
        }
        why = valid_solution(
            puzzle.width, puzzle.height, puzzle.cells, solution.cells, paths, "blank"
        )
        assert why is None, why


def _pigeons(holes: int) -> list[list[int]]:
    """``holes + 1`` pigeons in ``holes`` holes: unsatisfiable, and slow for any CDCL
    solver to prove once there are a dozen holes."""
    def var(pigeon: int, hole: int) -> int:
        return pigeon * holes + hole + 1

    clauses = [[var(p, h) for h in range(holes)] for p in range(holes + 1)]
    for h in range(holes):
        for p in range(holes + 1):
            for q in range(p + 1, holes + 1):
                clauses.append([-var(p, h), -var(q, h)])
    return clauses


def test_stop_kills_a_working_child() -> None:
    """``stop`` ends a child in the middle of a long proof: no answer, no failure, no wait."""
    answered = threading.Event()
    child = ChildSat(_pigeons(14), answered.set)
    time.sleep(0.3)
    child.stop()
    assert child._process.returncode == -signal.SIGKILL  # killed, not finished
    assert child.answer is None and not child.failed and not answered.is_set()


def test_a_child_that_cannot_solve_fails_without_an_answer() -> None:
    """An unknown solver name: the child exits with an error, the race reads no answer."""
    answered = threading.Event()
    child = ChildSat([[1], [-1, 2]], answered.set, solver="no-such-solver")
    _wait(child)
    child.stop()
    assert child.failed and child.answer is None and not answered.is_set()


class _Never(BudgetedSearch):
    """A search that never finishes: the race is left to Glucose and the child."""

    limit = 1
    finished = False
    complete = False
    kernels = ()

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle

    @property
    def nodes(self) -> int:
        return 0

    @property
    def found(self) -> int:
        return 0

    def outcome(self) -> SearchOutcome:
        return SearchOutcome([], False, False, 0)

    def _step(self, budget: int, deadline: Deadline | None, stop: threading.Event | None) -> bool:
        time.sleep(0.001)
        return False


def test_blank_race_with_the_child_matches_brute_force() -> None:
    """The race of Glucose and the child (the router's place taken by a search that never
    finishes) answers every board as the oracle does, whichever solver wins."""
    for puzzle in _boards(47, 25):
        reach = Reach(puzzle)
        result = _race(_Never(puzzle), BLANK, reach, Deadline(60), True, shortest=True)
        solvable = brute_count(puzzle, BLANK, 0) > 0
        assert result.status is (Status.SOLVED if solvable else Status.UNSOLVABLE), puzzle
        assert result.complete == (not solvable)
        for solution in result.solutions:
            assert check(puzzle, solution, BLANK) == []


def test_the_child_answers_when_glucose_cannot(monkeypatch: pytest.MonkeyPatch) -> None:
    """With Glucose made to wait for the alarm (as on a board it cannot settle), the child
    answers the race: every board as the oracle does, its "none" a proof."""
    from numpuzzles.numberlink.solve import few_empty, sat

    def stalled(*args: object, **kwargs: object) -> object:
        (alarm,) = [a for a in args if isinstance(a, sat.Alarm)]
        while not alarm.fired:
            time.sleep(0.002)
        return sat.sat_result(Deadline(None), [], False, True)

    monkeypatch.setattr(sat, "sat_solve", stalled)  # Glucose as the race runs it
    monkeypatch.setattr(few_empty, "few_empty_solve", stalled)  # and with few empty cells
    for puzzle in _boards(53, 15):
        reach = Reach(puzzle)
        result = _race(_Never(puzzle), BLANK, reach, Deadline(60), True, shortest=True)
        solvable = brute_count(puzzle, BLANK, 0) > 0
        assert result.status is (Status.SOLVED if solvable else Status.UNSOLVABLE), puzzle
        assert result.complete == (not solvable) and not result.timed_out
        for solution in result.solutions:
            assert check(puzzle, solution, BLANK) == []
