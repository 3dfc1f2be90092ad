"""Exact counting benchmark: the compiled frontier counter against the first (tuple) one.

Run from the repository root::

    python bench/count_bench.py                      # every case, old counter 60 s a puzzle
    python bench/count_bench.py --case boards --old-timeout 0     # new counter only
    python bench/count_bench.py --case big17 --rules blank

Cases: ``oracle`` (the 6 puzzles of tests/data/numberlink/counting-oracle.txt), ``boards``
(30 boards from 10x10 to 14x14 with 5 to 15 pairs, made by cutting a random Hamiltonian
path into pieces, so each has a solution with every cell used; few long paths make them far
more ambiguous than published puzzles), ``unique29`` (29 unique puzzles from 8x8 to 14x14
made by the project's generator, like a published Flow Free collection, but with more
pairs), ``gen17`` (six generated 17x17 puzzles, unique under ``blank``), ``flow29``
(29 published Flow Free levels, tests/data/numberlink/flow-29.txt) and, only
when asked for, ``big17`` (three random-partition 17x17 boards, beyond reach so far).  Each
runs under ``fill``, ``blank`` and ``fill-notouch`` (the old counter has no
``fill-notouch``).  Every board comes from a fixed seed, so every run counts the same
puzzles; making them is not timed.

Prints one row per case and rule set: puzzles, the new counter's total and maximum seconds,
its total CPU seconds (on a loaded machine wall seconds mostly measure the load; the
timeouts are wall clock, so there a busy machine also turns answers into "unknown") and
how many it left unknown, then the same for the old counter (each puzzle stopped after
``--old-timeout`` seconds), the 1-minute load average when the row ended, and the counts.
Where both counters answer they must agree, or the run aborts.  Times are wall clock,
puzzles one after another in one process; the compiled kernel is loaded before the clock
starts.  ``--cpu-clock`` makes both timeouts count the process's CPU seconds instead, so
that on a shared machine the unknowns do not depend on the other jobs; ``--no-prune`` runs
the new counter without its crossing pruning (to measure what the pruning saves),
``--no-shrink`` with tables that keep the size of their peak (``sweep.SHRINK``),
``--own-view`` sweeping each board's own view instead of ``views.sweep_view``'s,
``--no-meet`` with one sweep from the top instead of two sweeps that meet, ``--lead N``
with the sweep from the top leading by another factor (``counter.LEAD``), ``--no-turn``
with every row swept from its left end, and
``--parallel`` races the two sweeps in two threads (``count_solutions`` with
``threads=2``; without it, one), and
``--count-solutions`` times what ``numberlink solve --count`` runs instead of the bare
counter (``count.solutions.count_solutions``: the counter and the listing taking turns, plus one
solution to show).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from itertools import pairwise
from pathlib import Path

from numpuzzles.core import jit
from numpuzzles.core.deadline import Deadline
from numpuzzles.numberlink import formats
from numpuzzles.numberlink.count import counter, sweep, views
from numpuzzles.numberlink.count.counter import count
from numpuzzles.numberlink.count.reference import reference_count
from numpuzzles.numberlink.count.solutions import count_solutions
from numpuzzles.numberlink.count.sweep import MAX_STATES
from numpuzzles.numberlink.generate.unique import Params, generate, solver_prover
from numpuzzles.numberlink.model import Puzzle, Rules

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "numberlink"


def hamiltonian_path(size: int, rnd: random.Random) -> list[int]:
    """A random Hamiltonian path of the ``size`` x ``size`` grid: a snake, then many
    backbite moves (join an end to a neighbour on the path, reverse the loop it closes)."""
    snake = (c if r % 2 == 0 else size - 1 - c for r in range(size) for c in range(size))
    path = [i // size * size + c for i, c in enumerate(snake)]
    for _ in range(20 * size * size):
        if rnd.random() < 0.5:
            path.reverse()
        end = path[-1]
        r, c = divmod(end, size)
        steps = [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))]
        nr, nc = rnd.choice(steps)
        if not (0 <= nr < size and 0 <= nc < size):
            continue
        at = path.index(nr * size + nc)
        if at == len(path) - 2:
            continue
        path[at + 1 :] = path[at + 1 :][::-1]
    return path


def partition_board(size: int, pairs: int, seed: int) -> Puzzle:
    """The ends of a random Hamiltonian path cut into ``pairs`` pieces of 3 cells or more."""
    rnd = random.Random(seed)
    path = hamiltonian_path(size, rnd)
    cuts = sorted(rnd.sample(range(1, len(path) // 3), pairs - 1))
    bounds = [0] + [3 * k for k in cuts] + [len(path)]
    cells = [0] * (size * size)
    for label, (a, b) in enumerate(pairwise(bounds), start=1):
        cells[path[a]] = cells[path[b - 1]] = label
    return Puzzle(size, size, tuple(cells))


def boards() -> list[Puzzle]:
    """The 30 generated boards: sizes 10..14 in turn, 5..15 pairs, seeds 1..30."""
    return [partition_board(10 + i % 5, 5 + (4 * i) % 11, i + 1) for i in range(30)]


def big17() -> list[Puzzle]:
    """Three 17x17 boards with 20, 25 and 30 pairs."""
    return [partition_board(17, pairs, 1700 + pairs) for pairs in (20, 25, 30)]


def generated(size: int, rules: Rules, seed: int) -> Puzzle:
    """The project's generator's puzzle (unique under ``rules``, default pair count)."""
    params = Params(size, size, rules)
    return generate(params, seed, prover=solver_prover).puzzle


def unique29() -> list[Puzzle]:
    """29 unique ``fill`` puzzles from the project's generator, 8x8 to 14x14 in turn
    (seeds 1..29): the kind of set published Flow Free collections are."""
    return [generated(8 + i % 7, Rules.FILL, i + 1) for i in range(29)]


def gen17() -> list[Puzzle]:
    """Six 17x17 puzzles from the project's generator, unique under ``blank`` (seeds 1..3)
    and under ``fill`` (seeds 4..6; the same seed gives the same board under both)."""
    return [generated(17, Rules.BLANK, seed) for seed in (1, 2, 3)] + [
        generated(17, Rules.FILL, seed) for seed in (4, 5, 6)
    ]


def oracle() -> list[Puzzle]:
    return formats.parse((DATA / "counting-oracle.txt").read_text())


def flow29() -> list[Puzzle]:
    """The 29 Flow Free levels of tests/data/numberlink/flow-29.txt (5x5 to 14x14): the
    kind of collection the issue's C++ counter was timed on."""
    return formats.parse((DATA / "flow-29.txt").read_text())


CASES = {
    "oracle": oracle,
    "boards": boards,
    "unique29": unique29,
    "gen17": gen17,
    "big17": big17,
    "flow29": flow29,
}
DEFAULT = ("oracle", "boards", "unique29", "gen17", "flow29")


class CpuDeadline(Deadline):
    """A deadline on this process's CPU seconds (the counters only ask ``expired``)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(seconds)
        self._cpu_end = time.process_time() + seconds

    def expired(self) -> bool:
        return time.process_time() >= self._cpu_end


CPU_CLOCK = False
"""``--cpu-clock``: the timeouts are CPU seconds."""

PRUNE = True
"""``--no-prune``: the new counter keeps the states ``counter_kernel.crossed`` would drop."""

MEET = True
"""``--no-meet``: the new counter sweeps from the top only (``counter.Counting``'s ``meet``)."""

TURN = True
"""``--no-turn``: every row is swept from its left end (``counter.Counting``'s ``turn``)."""

ENTRY = False
"""``--count-solutions``: time ``count.solutions.count_solutions`` instead of the bare counter."""

STATES = MAX_STATES
"""``--max-states``: the counter's state limit (``solve --count --max-states``)."""

PARALLEL = False
"""``--parallel``: the bare counter races its two sweeps in two threads from the start
(``Counting.run(parallel=True)``), and ``count_solutions`` gets ``threads=2`` (else 1)."""


def new_count(
    puzzle: Puzzle, rules: Rules, deadline: Deadline | None, timeout: float
) -> int | None:
    """The new counter's answer, through the entry point the flags choose (the ``--count``
    entry takes its timeout in wall seconds, also under ``--cpu-clock``)."""
    if ENTRY:
        result = count_solutions(
            puzzle, rules=rules, timeout=timeout if timeout > 0 else None,
            threads=2 if PARALLEL else 1, max_states=STATES,
        )
        return result.total if result.complete else None
    return count(puzzle, rules, deadline, STATES, prune=PRUNE, meet=MEET, turn=TURN,
                 parallel=PARALLEL)


def timed(puzzles: list[Puzzle], counter: object, rules: Rules, timeout: float) -> tuple[
    list[int | None], float, float, float
]:
    """Counts (None: unknown), total and maximum wall seconds, total CPU seconds."""
    answers: list[int | None] = []
    times: list[float] = []
    cpu = time.process_time()
    for puzzle in puzzles:
        start = time.perf_counter()
        deadline: Deadline | None = None
        if timeout > 0:
            deadline = CpuDeadline(timeout) if CPU_CLOCK else Deadline(timeout)
        if counter is count:
            answers.append(new_count(puzzle, rules, deadline, timeout))
        else:
            answers.append(reference_count(puzzle, rules, deadline))
        times.append(time.perf_counter() - start)
    return answers, sum(times), max(times), time.process_time() - cpu


def show(answers: list[int | None]) -> str:
    return " ".join("?" if a is None else str(a) if a < 10**6 else f"{a:.2e}" for a in answers)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", action="append", choices=list(CASES))
    parser.add_argument("--rules", action="append", choices=[r.value for r in Rules])
    parser.add_argument("--timeout", type=float, default=60.0, help="new counter, s a puzzle")
    parser.add_argument(
        "--old-timeout", type=float, default=60.0, help="old counter, s a puzzle (0: skip)"
    )
    parser.add_argument("--cpu-clock", action="store_true", help="timeouts in CPU seconds")
    parser.add_argument("--no-prune", action="store_true", help="new counter without pruning")
    parser.add_argument("--no-shrink", action="store_true", help="tables never shrink")
    parser.add_argument(
        "--own-view", action="store_true", help="sweep the board's own view (no sweep_view)"
    )
    parser.add_argument("--no-meet", action="store_true", help="one sweep, from the top")
    parser.add_argument("--no-turn", action="store_true", help="rows swept from the left")
    parser.add_argument("--lead", type=int, help="count.LEAD: how far the top sweep leads")
    parser.add_argument(
        "--count-solutions", action="store_true", help="time what `solve --count` runs"
    )
    parser.add_argument(
        "--parallel", action="store_true",
        help="two threads: the sweeps race (wall-clock timeouts make sense here)",
    )
    parser.add_argument(
        "--max-states", type=int, default=MAX_STATES,
        help=f"frontier states kept at once per sweep (default {MAX_STATES:,}; some 80 bytes each)",
    )
    args = parser.parse_args()
    global CPU_CLOCK, PRUNE, ENTRY, MEET, TURN, PARALLEL, STATES
    STATES = args.max_states
    PARALLEL = args.parallel
    CPU_CLOCK = args.cpu_clock
    PRUNE = not args.no_prune
    MEET = not args.no_meet
    TURN = not args.no_turn
    ENTRY = args.count_solutions
    if args.lead is not None:
        counter.LEAD = args.lead
    if args.no_shrink:
        sweep.SHRINK = 1 << 62
    if args.own_view:
        views.sweep_view = views.own_view  # what Counting calls: the edge is not chosen
    print("command: python " + " ".join(sys.argv))
    start = time.perf_counter()
    # every kernel function once (an 8x8 frontier outgrows the first table: rehash too)
    count(Puzzle(8, 8, (1,) + (0,) * 62 + (1,)), Rules.BLANK)
    if PARALLEL:  # the GIL-free builds a race runs (numba's, from its disk cache)
        for event in jit.load_nogil_in_background(*counter.race_kernels()):
            event.wait()
    print(f"compiled counter loaded in {time.perf_counter() - start:.2f} s (not in the totals)")
    print(
        f"{'case':8} {'rules':12} {'n':>3} {'new s':>8} {'max s':>7} {'cpu s':>8} {'unkn':>4}"
        f" {'old s':>8} {'max s':>7} {'unkn':>4}  counts (new)"
    )
    for name in args.case or DEFAULT:
        made = time.perf_counter()
        puzzles = CASES[name]()
        print(f"{name}: {len(puzzles)} puzzles made in {time.perf_counter() - made:.1f} s")
        for rules in [Rules(r) for r in args.rules or [r.value for r in Rules]]:
            new, total, worst, cpu = timed(puzzles, count, rules, args.timeout)
            row = (
                f"{name:8} {rules.value:12} {len(puzzles):3} {total:8.2f} {worst:7.2f} "
                f"{cpu:8.2f} {new.count(None):4}"
            )
            if args.old_timeout > 0 and rules is not Rules.FILL_NOTOUCH:
                old, old_total, old_worst, _ = timed(
                    puzzles, reference_count, rules, args.old_timeout
                )
                for i, (a, b) in enumerate(zip(new, old, strict=True)):
                    if a is not None and b is not None and a != b:
                        raise SystemExit(f"{name} #{i + 1} {rules.value}: new {a}, old {b}")
                row += f" {old_total:8.2f} {old_worst:7.2f} {old.count(None):4}"
            else:
                row += f" {'-':>8} {'-':>7} {'-':>4}"
            load = os.getloadavg()[0]
            print(row + f"  load {load:.1f}  " + show(new), flush=True)


if __name__ == "__main__":
    main()
