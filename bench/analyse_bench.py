"""``analyse`` benchmark (issue 24): Numberlink puzzles a setter is making, beside the plain
way of finding what all solutions share (list them all, intersect).

Run from the repository root::

    python bench/analyse_bench.py                     # 10x10..15x15 and 25x25, all rules
    python bench/analyse_bench.py --rules blank --sizes 10 12 --big 0

Cases, each from a fixed seed (made before the clock starts, not timed): for each size
and rule set the project's generator's unique puzzle, and puzzles of 2 to 1,000
solutions made from it by removing one pair, or moving one end to a neighbouring free
cell (the first such changes, labels in order, whose exact count, by a listing capped at
1,001, lands in range).
Under ``fill-notouch`` none of 3,000 random boards up to 9x9, nor of the tests' 1,800
small boards, had several solutions, so its rows hold the generated unique puzzles only.

Prints one row per rule set and size group: cases, their solution counts, the median and
maximum seconds of ``analyse`` (everything: backbone, count, grade, suggestion), the
same without the suggestion (``suggest=False``), the median of the backbone alone, and
the plain way (``solve`` with ``limit=--cap``, then the cells and joins common to the
solutions listed) with how many it finished within the cap, how many of the cases with
several solutions got a suggestion and how many analyses said they timed out (so a
faster search that finds fewer changes, or gives up sooner, shows), and the 1-minute
load average when the row ended (the machine's other jobs slow every column alike).
Times are wall clock, puzzles one after another in one process, the compiled kernels and
the SAT library loaded before the clock starts.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from itertools import pairwise

from numpuzzles.core.deadline import Deadline
from numpuzzles.core.family import Ruled
from numpuzzles.numberlink.analyse import analyse
from numpuzzles.numberlink.count.solutions import count_solutions
from numpuzzles.numberlink.generate.unique import Params, generate, solver_prover
from numpuzzles.numberlink.model import EMPTY, Puzzle, Rules, Solution
from numpuzzles.numberlink.solve.backbone import backbone
from numpuzzles.numberlink.solve.dispatch import solve
from numpuzzles.numberlink.solve.reach import label_domains

MOST = 1_000
"""Largest solution count a case may have."""
VARIANTS = 3
"""Non-unique cases made from each generated puzzle (at most)."""


def variants(puzzle: Puzzle, rules: Rules, wanted: int) -> list[tuple[Puzzle, int]]:
    """Up to ``wanted`` changes of ``puzzle`` with 2..MOST solutions, and their counts."""
    found: list[tuple[Puzzle, int]] = []
    w, h = puzzle.width, puzzle.height
    changes: list[tuple[int, ...]] = []
    for label in puzzle.labels:
        changes.append(tuple(EMPTY if v == label else v for v in puzzle.cells))
    for label, ends in puzzle.endpoints().items():
        for r, c in ends:
            for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= nr < h and 0 <= nc < w and puzzle.at(nr, nc) == EMPTY:
                    moved = list(puzzle.cells)
                    moved[r * w + c], moved[nr * w + nc] = EMPTY, label
                    changes.append(tuple(moved))
    for cells in changes:
        if len(found) >= wanted:
            break
        board = Puzzle(w, h, cells)
        # a listing capped at MOST + 1 (no clock: the same cases on any machine)
        listed = solve(board, rules=rules, limit=MOST + 1)
        if listed.complete and 2 <= listed.count <= MOST:
            found.append((board, listed.count))
    return found


def cases(size: int, rules: Rules, seed: int) -> list[tuple[Puzzle, int]]:
    """The generated unique puzzle and its variants (see the module docstring)."""
    puzzle = generate(Params(size, size, rules), seed, prover=solver_prover).puzzle
    more = [] if rules is Rules.FILL_NOTOUCH else variants(puzzle, rules, VARIANTS)
    return [(puzzle, 1), *more]


def plain(puzzle: Puzzle, rules: Rules, cap: int, timeout: float) -> tuple[float, bool]:
    """The plain way: list up to ``cap`` solutions, intersect their cells and joins."""
    start = time.perf_counter()
    listed = solve(puzzle, rules=rules, limit=cap, timeout=timeout)
    common = _intersect(listed.solutions)
    assert common is not None or not listed.solutions
    finished = listed.complete or listed.count < cap
    return time.perf_counter() - start, finished and not listed.timed_out


Join = frozenset[tuple[int, int]]


def _intersect(solutions: tuple[Solution, ...]) -> tuple[list[int | None], set[Join]] | None:
    if not solutions:
        return None
    cells: list[int | None] = list(solutions[0].cells)
    joins: set[Join] | None = None
    for solution in solutions:
        cells = [a if a == b else None for a, b in zip(cells, solution.cells, strict=True)]
        here = {frozenset(p) for _label, path in solution.paths for p in pairwise(path)}
        joins = here if joins is None else joins & here
    return cells, joins or set()


def bone_seconds(puzzle: Puzzle, rules: Rules) -> float:
    start = time.perf_counter()
    domains = label_domains(puzzle)
    if domains is not None:
        backbone(puzzle, rules, domains, Deadline(None))
    return time.perf_counter() - start


def row(name: str, rules: Rules, made: list[tuple[Puzzle, int]], args: argparse.Namespace) -> None:
    times: list[float] = []
    bones: list[float] = []
    cores: list[float] = []
    plains: list[float] = []
    plain_done = 0
    counts: list[int] = []
    several = suggested = gave_up = 0
    for puzzle, expected in made:
        start = time.perf_counter()
        got = analyse(Ruled(puzzle, rules.value), timeout=args.timeout)
        times.append(time.perf_counter() - start)
        if got.complete and got.count != expected:
            sys.exit(f"analyse counted {got.count}, the counter {expected}: {puzzle}")
        several += expected >= 2
        suggested += got.suggestion is not None
        gave_up += got.timed_out
        counts.append(expected)
        bones.append(bone_seconds(puzzle, rules))
        start = time.perf_counter()
        analyse(Ruled(puzzle, rules.value), timeout=args.timeout, suggest=False)
        cores.append(time.perf_counter() - start)
        seconds, done = plain(puzzle, rules, args.cap, args.timeout)
        plains.append(seconds)
        plain_done += done
    print(
        f"{rules.value:12} {name:9} cases {len(made):3}  counts {min(counts)}..{max(counts)}  "
        f"analyse median {statistics.median(times):.3f} s max {max(times):.3f} s  "
        f"without suggestion median {statistics.median(cores):.3f} s "
        f"max {max(cores):.3f} s  backbone median {statistics.median(bones):.3f} s  "
        f"plain (cap {args.cap}) median {statistics.median(plains):.3f} s "
        f"max {max(plains):.3f} s, finished {plain_done}/{len(made)}  "
        f"suggested {suggested}/{several}, timed out {gave_up}  "
        f"load {os.getloadavg()[0]:.1f}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", choices=[r.value for r in Rules], nargs="*")
    parser.add_argument("--sizes", type=int, nargs="*", default=[10, 11, 12, 13, 14, 15])
    parser.add_argument("--seeds", type=int, default=2, help="generated puzzles per size")
    parser.add_argument("--big", type=int, default=25, help="the large size (0: none)")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per analyse")
    parser.add_argument("--cap", type=int, default=1_000, help="the plain way's listing cap")
    args = parser.parse_args()
    rule_sets = [Rules(r) for r in args.rules] if args.rules else list(Rules)
    warm = Puzzle(3, 3, (1, 0, 1, 0, 0, 0, 2, 0, 2))
    for rules in Rules:  # load the kernels and the SAT library before any clock
        analyse(Ruled(warm, rules.value), timeout=5)
        count_solutions(warm, rules=rules)
    for rules in rule_sets:
        made = [c for size in args.sizes for seed in range(1, args.seeds + 1)
                for c in cases(size, rules, seed)]
        if made:
            row(f"{min(args.sizes)}-{max(args.sizes)}", rules, made, args)
        if args.big:
            row(f"{args.big}x{args.big}", rules, cases(args.big, rules, 1), args)


if __name__ == "__main__":
    main()
