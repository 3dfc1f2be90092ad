"""The counter's and the router's numba JIT path, also where ahead-of-time builds exist.

Why: an installed package (``pip install .``) loads the kernels from their ahead-of-time
builds (``core/jit.py``), so the other tests there exercise those builds and the plain
Python path (``compiled=False``), never numba's JIT, which a stale or missing build falls
back to.  This test runs a fresh interpreter with ``NUMPUZZLES_NO_AOT=1`` (the switch has
to be set before a kernel is first fetched, and this process has fetched them already),
checks that the kernels it gets are numba's JIT dispatchers, and compares the frontier
counter under every rule set and the router's verdicts with brute force on small boards.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpuzzles

HERE = Path(__file__).resolve().parent

SCRIPT = """
import random

from numberlink_oracle import brute_count, random_board
from test_numberlink_scan import dense_board

from numpuzzles.core import jit
from numpuzzles.numberlink.count import counter_kernel as count_kernel
from numpuzzles.numberlink.solve import route_kernel
from numpuzzles.numberlink.check import check
from numpuzzles.numberlink.count.counter import count
from numpuzzles.numberlink.model import Rules
from numpuzzles.numberlink.solve.route import RouteSearch

for function in (count_kernel.step, count_kernel.rehash, count_kernel.gather, route_kernel.route):
    assert jit.aot_function(function) is None, function.__name__
    assert hasattr(jit.kernel(function), "signatures"), function.__name__  # numba's dispatcher

rnd = random.Random(31337)
counted = routed = 0
for number in range(240):
    puzzle = random_board(rnd) if number % 2 else dense_board(rnd)
    for rules in Rules:
        expected = brute_count(puzzle, rules, 400)
        exact = count(puzzle, rules)
        assert exact is not None and min(exact, 401) == expected, (puzzle, rules, exact)
        counted += exact > 0
    search = RouteSearch(puzzle)
    assert search.run()
    outcome = search.outcome()
    solvable = brute_count(puzzle, Rules.BLANK, 1) > 0
    assert bool(outcome.solutions) == solvable and outcome.complete == (not solvable), puzzle
    for solution in outcome.solutions:
        assert check(puzzle, solution, Rules.BLANK) == [], puzzle
    routed += solvable
assert counted > 50 and routed > 20, (counted, routed)
print("jit path ok", counted, routed)
"""


def test_counter_and_router_through_numba_jit() -> None:
    src = Path(numpuzzles.__file__).resolve().parents[1]
    env = dict(os.environ, NUMPUZZLES_NO_AOT="1")
    env.pop("NUMPUZZLES_NO_JIT", None)
    env["PYTHONPATH"] = os.pathsep.join([str(src), str(HERE)])
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "jit path ok" in done.stdout
