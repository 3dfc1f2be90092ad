"""The SAT solver against a brute-force enumerator on thousands of small random boards.

The enumerator (``numberlink_oracle.py``) shares nothing with the solver.
"""

from __future__ import annotations

import random

import pytest
from numberlink_oracle import brute_count, random_board

from numpuzzles.core.result import Status
from numpuzzles.numberlink.check import check
from numpuzzles.numberlink.count.counter import count
from numpuzzles.numberlink.model import Rules
from numpuzzles.numberlink.solve.dispatch import solve

CAP = 12  # counts above this are compared as "more than CAP" (keeps the test fast)


@pytest.mark.parametrize(
    ("rules", "engine"),
    [(Rules.FILL, "auto"), (Rules.BLANK, "auto"), (Rules.FILL_NOTOUCH, "auto"),
     (Rules.FILL_NOTOUCH, "sat")],
)
@pytest.mark.parametrize("chunk", range(4))
def test_solver_matches_brute_force(rules: Rules, engine: str, chunk: int) -> None:
    """2,000 boards (4 chunks of 500), each under all three rule sets: status and count.

    Under ``fill-notouch`` the default engine answers from the scan search, so the SAT model
    is compared on its own as well."""
    rnd = random.Random(1000 * chunk + 7)
    solvable = 0
    for _ in range(500):
        puzzle = random_board(rnd)
        expected = brute_count(puzzle, rules, CAP)
        result = solve(puzzle, rules=rules, limit=CAP + 1, engine=engine)
        for solution in result.solutions:
            assert check(puzzle, solution, rules) == [], (puzzle, solution)
        assert len(set(result.solutions)) == result.count
        if expected == 0:
            assert result.status is Status.UNSOLVABLE, puzzle
            assert result.complete
        else:
            solvable += 1
            assert result.status is Status.SOLVED, puzzle
            assert result.count == expected, (puzzle, rules, expected, result.count)
            assert result.complete == (expected <= CAP), puzzle
        exact = count(puzzle, rules)
        assert exact is not None and min(exact, CAP + 1) == expected, (puzzle, rules)
        if result.complete:
            assert exact == result.count
    assert solvable > 50  # the random boards exercise solvable cases, not only impossible ones
