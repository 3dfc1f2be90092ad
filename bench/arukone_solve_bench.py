"""Arukone solver benchmark: the project's own generated puzzles, solved under ``blank``.

Run from the repository root::

    python bench/arukone_solve_bench.py                       # N = 20, 30, 50, seeds 1..10
    python bench/arukone_solve_bench.py --sizes 30 --seeds 1-3 --baseline-timeout 0

For every N and seed the puzzle is ``arukone generate N --seed S`` (``generate_arukone``),
solved with one solution asked for, first by the default engine (the router of
``numberlink/solve/route.py`` raced against SAT) and then by SAT alone (``engine="sat"``, the
solver before the router: the baseline) under its own per-puzzle time limit, so the run
stays bounded.  Every solution is re-checked by the independent checker; a wrong one
aborts the run.  Prints one row per puzzle and one summary per N: how many each engine
solved, median and maximum seconds (wall clock, one process, puzzles one after another).
The compiled kernels are loaded before the timed puzzles.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from numpuzzles.core.result import Status
from numpuzzles.numberlink.arukone.generate import generate_arukone
from numpuzzles.numberlink.check import check
from numpuzzles.numberlink.model import Puzzle, Rules
from numpuzzles.numberlink.solve.dispatch import solve
from numpuzzles.numberlink.solve.route import RouteSearch
from numpuzzles.numberlink.solve.scan import scan_solve


def _seeds(text: str) -> list[int]:
    if "-" in text:
        low, high = text.split("-", 1)
        return list(range(int(low), int(high) + 1))
    return [int(part) for part in text.split(",") if part]


def _timed(puzzle: Puzzle, engine: str, timeout: float) -> tuple[Status, float]:
    start = time.perf_counter()
    result = solve(puzzle, rules=Rules.BLANK, limit=1, timeout=timeout, engine=engine)
    seconds = time.perf_counter() - start
    for solution in result.solutions:
        problems = check(puzzle, solution, Rules.BLANK)
        if problems:
            sys.exit(f"wrong solution ({engine}): {problems[0].message}")
    return result.status, seconds


def _summary(name: str, rows: list[tuple[Status, float]]) -> str:
    solved = [s for status, s in rows if status is Status.SOLVED]
    other = {status.value: sum(1 for st, _ in rows if st is status) for status, _ in rows}
    other.pop(Status.SOLVED.value, None)
    if not solved:
        return f"{name}: 0/{len(rows)} solved {other}"
    return (
        f"{name}: {len(solved)}/{len(rows)} solved, median {statistics.median(solved):.3f} s, "
        f"max {max(solved):.3f} s (over the solved ones) {other or ''}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="20,30,50", help="board sizes N, comma-separated")
    parser.add_argument("--seeds", default="1-10", help="seeds: 1-10 or 1,4,7")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per puzzle")
    parser.add_argument(
        "--baseline-timeout", type=float, default=10.0,
        help="seconds per puzzle for SAT alone (0: skip the baseline)",
    )
    args = parser.parse_args()
    sizes = [int(n) for n in args.sizes.split(",") if n]
    seeds = _seeds(args.seeds)

    start = time.perf_counter()
    warm = generate_arukone(6, 1).puzzle
    RouteSearch(warm).run()  # load (or compile) the kernels
    scan_solve(warm, max_nodes=10)
    print(f"kernels loaded in {time.perf_counter() - start:.2f} s")
    for n in sizes:
        ours: list[tuple[Status, float]] = []
        base: list[tuple[Status, float]] = []
        for seed in seeds:
            puzzle = generate_arukone(n, seed).puzzle
            ours.append(_timed(puzzle, "auto", args.timeout))
            line = f"N={n} seed={seed} pairs={len(puzzle.labels)}: auto {ours[-1][0].value} "
            line += f"{ours[-1][1]:.3f} s"
            if args.baseline_timeout > 0:
                base.append(_timed(puzzle, "sat", args.baseline_timeout))
                line += f"; sat {base[-1][0].value} {base[-1][1]:.3f} s"
            print(line, flush=True)
        print(_summary(f"N={n} auto (limit {args.timeout:g} s)", ours))
        if base:
            print(_summary(f"N={n} sat alone (limit {args.baseline_timeout:g} s)", base))


if __name__ == "__main__":
    main()
