"""The ``blank`` router (shortest solutions only) against brute force, SAT and itself.

The router keeps to shortest solutions (``numberlink/solve/route.py`` argues why that is enough
to decide whether a board has a solution) and jumps back over labels that cannot be to
blame; a wrong rule would make it call a solvable board impossible.  So it is compared with
the brute-force enumerator (which knows nothing of shortest solutions) on thousands of small
boards, every solution it gives is checked by the independent checker, and its compiled
kernel is compared with the plain-Python one step for step.
"""

from __future__ import annotations

import random

import pytest
from numberlink_oracle import brute_count, random_board, sparse_board

from numpuzzles.core import jit
from numpuzzles.core.deadline import Deadline
from numpuzzles.core.errors import InvalidParameterError
from numpuzzles.core.result import Status
from numpuzzles.numberlink.arukone.generate import generate_arukone
from numpuzzles.numberlink.check import check
from numpuzzles.numberlink.model import BLOCKED, EMPTY, Puzzle, Rules
from numpuzzles.numberlink.solve import route, route_kernel
from numpuzzles.numberlink.solve.dispatch import solve
from numpuzzles.numberlink.solve.race import route_answer
from numpuzzles.numberlink.solve.reach import Reach, label_domains
from numpuzzles.numberlink.solve.route import RouteRestarts, RouteSearch, luby
from numpuzzles.numberlink.solve.sat import Alarm, sat_solve

BLANK = Rules.BLANK
SETTINGS = [
    {},  # deterministic: nearest label first, nearest cell first
    {"seed": 12345, "spread": 5},  # a restart's random label order
    {"seed": 99, "spread": 30, "hug": False},
    {"seed": 7, "spread": 3, "weigh": 5, "weight": "fresh"},
]


def _search(puzzle: Puzzle, setting: dict[str, object]) -> RouteSearch:
    options = dict(setting)
    if options.get("weight") == "fresh":
        # label weights as a restart inherits them: some already raised
        options["weight"] = None
    return RouteSearch(puzzle, compiled=False, **options)  # type: ignore[arg-type]


def _agrees(puzzle: Puzzle, search: RouteSearch, solvable: bool) -> None:
    finished = search.run()
    outcome = search.outcome()
    for solution in outcome.solutions:
        assert check(puzzle, solution, BLANK) == [], (puzzle, solution)
    if search.bounded:
        assert not finished and not outcome.complete and not outcome.solutions
        return
    assert finished
    assert bool(outcome.solutions) == solvable, puzzle
    assert outcome.complete == (not solvable), puzzle


@pytest.mark.parametrize("chunk", range(4))
def test_router_matches_brute_force_small(chunk: int) -> None:
    """2,000 of the oracle's small boards, under every search setting."""
    rnd = random.Random(500 + chunk)
    solvable = 0
    for _ in range(500):
        puzzle = random_board(rnd)
        expected = brute_count(puzzle, BLANK, 0) > 0
        solvable += expected
        for setting in SETTINGS:
            _agrees(puzzle, _search(puzzle, setting), expected)
    assert solvable > 100


@pytest.mark.parametrize("chunk", range(4))
def test_router_matches_brute_force_crowded(chunk: int) -> None:
    """2,000 boards of up to 6x6 with up to 7 labels, where paths block each other and the
    backjumps and slack cuts come into play."""
    rnd = random.Random(900 + chunk)
    solvable = 0
    for _ in range(500):
        puzzle = sparse_board(rnd)
        expected = brute_count(puzzle, BLANK, 0) > 0
        solvable += expected
        for setting in SETTINGS[:2]:
            _agrees(puzzle, _search(puzzle, setting), expected)
        if rnd.random() < 0.3:
            _agrees(puzzle, RouteSearch(puzzle, compiled=False, slack=rnd.randint(0, 3)), expected)
    assert solvable > 100


def test_restarts_match_brute_force() -> None:
    """The restart schedule keeps the answer exact, even with tiny runs."""
    rnd = random.Random(4)
    for _ in range(300):
        puzzle = sparse_board(rnd)
        expected = brute_count(puzzle, BLANK, 0) > 0
        search = RouteRestarts(puzzle, compiled=False, unit=3)
        assert search.run()
        outcome = search.outcome()
        assert bool(outcome.solutions) == expected, puzzle
        assert outcome.complete == (not expected)
        for solution in outcome.solutions:
            assert check(puzzle, solution, BLANK) == []


def test_solve_one_blank_solution_matches_brute_force() -> None:
    """``solve`` under ``blank`` with ``limit=1`` answers from the router (and SAT)."""
    rnd = random.Random(77)
    for _ in range(400):
        puzzle = sparse_board(rnd)
        expected = brute_count(puzzle, BLANK, 0) > 0
        result = solve(puzzle, rules=BLANK, limit=1)
        assert result.status is (Status.SOLVED if expected else Status.UNSOLVABLE), puzzle
        assert result.complete == (not expected)
        for solution in result.solutions:
            assert check(puzzle, solution, BLANK) == []


@pytest.mark.parametrize("which", ["cython", "numba"])
def test_compiled_router_matches_plain(which: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled kernels take exactly the plain kernel's steps (same answer, same count):
    the Cython build's ``route_free``, which ``RouteSearch`` runs (it releases the GIL, so a
    race loads nothing for it), and numba's build, where no Cython build exists."""
    if which == "numba":
        numba = jit.kernel(route_kernel.route)
        monkeypatch.setattr(
            route, "route_function", lambda compiled=True: numba if compiled else route_kernel.route
        )
    else:
        assert route.route_function() is jit.c_function(route_kernel.route_free)
        assert RouteRestarts(Puzzle(3, 1, (1, EMPTY, 1))).kernels == ()
    rnd = random.Random(11)
    boards = [sparse_board(rnd) for _ in range(40)]
    boards += [generate_arukone(n, seed).puzzle for n in (8, 10) for seed in (1, 2, 3)]
    for puzzle in boards:
        for setting in ({}, {"seed": 5, "spread": 10, "slack": 2}):
            plain = RouteSearch(puzzle, compiled=False, **setting)  # type: ignore[arg-type]
            fast = RouteSearch(puzzle, **setting)  # type: ignore[arg-type]
            plain.run(5_000)
            fast.run(5_000)
            assert (plain.finished, plain.complete, plain.bounded, plain.nodes) == (
                fast.finished, fast.complete, fast.bounded, fast.nodes
            )
            assert plain.outcome().solutions == fast.outcome().solutions


@pytest.mark.parametrize("n", [10, 14, 20])
def test_generated_arukone_boards_are_solved(n: int) -> None:
    """``arukone generate`` boards (made to beat greedy routing) solved and checked."""
    for seed in range(1, 6):
        puzzle = generate_arukone(n, seed).puzzle
        result = solve(puzzle, rules=BLANK, limit=1)
        assert result.status is Status.SOLVED
        assert check(puzzle, result.solutions[0], BLANK) == []


def test_uniqueness_is_not_decided_on_shortest_solutions() -> None:
    """A board with one shortest solution and a detour: one solution shown, two counted."""
    puzzle = Puzzle(3, 2, (1, EMPTY, 1, EMPTY, EMPTY, EMPTY))
    one = solve(puzzle, rules=BLANK, limit=1)
    assert one.status is Status.SOLVED
    assert len(one.solutions[0].path(1)) == 3  # the shortest
    two = solve(puzzle, rules=BLANK, limit=2)
    assert two.count == 2


def test_adjacent_ends_and_walls() -> None:
    """Touching ends are joined directly; an end walled in proves the board impossible."""
    joined = Puzzle(3, 1, (1, 1, EMPTY))
    outcome = RouteSearch(joined, compiled=False)
    assert outcome.run() and outcome.outcome().solutions[0].path(1) == ((0, 0), (0, 1))
    walled = Puzzle(3, 3, (1, BLOCKED, EMPTY, BLOCKED, EMPTY, EMPTY, EMPTY, EMPTY, 1))
    search = RouteSearch(walled, compiled=False)
    assert search.run() and search.complete and not search.found


def test_sat_shortest_clauses_only_for_one_solution() -> None:
    """The shortest-solution clauses would be wrong when solutions are counted."""
    puzzle = Puzzle(3, 2, (1, EMPTY, 1, EMPTY, EMPTY, EMPTY))
    domains = label_domains(puzzle)
    assert domains is not None
    deadline = Deadline(None)
    with pytest.raises(InvalidParameterError):
        sat_solve(puzzle, BLANK, domains, 2, deadline, Alarm(deadline), shortest=True)
    found = sat_solve(puzzle, BLANK, domains, 1, deadline, Alarm(deadline), shortest=True)
    assert found.status is Status.SOLVED


def test_route_answer_without_sat() -> None:
    """With SAT out of the question (``too_big``) the router alone still proves."""
    puzzle = Puzzle(4, 1, (1, 2, 1, 2))
    reach = Reach(puzzle)
    assert reach.cut_off or route_answer(
        puzzle, reach, Deadline(None), too_big=True
    ).status is Status.UNSOLVABLE
    crossing = Puzzle(3, 3, (1, EMPTY, 2, EMPTY, EMPTY, EMPTY, 2, EMPTY, 1))
    reach = Reach(crossing)
    assert not reach.cut_off
    answer = route_answer(crossing, reach, Deadline(None), too_big=True)
    assert answer.status is Status.UNSOLVABLE and answer.complete


def test_luby() -> None:
    """Luby's sequence by its definition: t(i) = 2^(k-1) if i = 2^k - 1, else
    t(i - 2^(k-1) + 1) for 2^(k-1) <= i < 2^k - 1."""

    def reference(i: int) -> int:
        k = 1
        while (1 << k) - 1 < i:
            k += 1
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        return reference(i - (1 << (k - 1)) + 1)

    assert [luby(i) for i in range(1, 200)] == [reference(i) for i in range(1, 200)]
