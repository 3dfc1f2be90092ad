"""Survo benchmarks: exact counts of open puzzles by shape, the published corpus, generation.

Run: ``python bench/survo_bench.py [--puzzles 5] [--timeout 60] [--seed 1] [--baseline]
[--only-extremes | --only-open]``.
Open puzzles are the sums of random fillings (seeded), so each shape's row is the
median over the same puzzles on every run; a count past ``--timeout`` is reported as such,
never guessed.  The figures go to BENCHMARKS.md with this command.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

from numpuzzles.survo import count as survo_count
from numpuzzles.survo import solve as solve_module
from numpuzzles.survo.count import count
from numpuzzles.survo.formats import parse
from numpuzzles.survo.generate import generate
from numpuzzles.survo.model import Puzzle, open_puzzle
from numpuzzles.survo.solve import as_filling, solve

SHAPES = ((3, 4), (2, 10), (4, 4), (3, 5), (3, 6), (4, 5), (5, 5))
CORPUS = Path(__file__).parent.parent / "tests" / "data" / "survo" / "published.jsonl"


def _timed(puzzles: list[Puzzle], timeout: float) -> str:
    """Median and max seconds of ``count`` over ``puzzles``, the median exact count, and
    how many passed ``timeout``."""
    times, totals, missed = [], [], 0
    for puzzle in puzzles:
        started = time.perf_counter()
        total, exact = count(puzzle, timeout=timeout)
        times.append(time.perf_counter() - started)
        if exact:
            totals.append(total)
        else:
            missed += 1
    median = statistics.median(totals) if totals else "-"
    return (f"{statistics.median(times):.2f} s, {max(times):.2f} s, {median}, "
            f"{missed}/{len(puzzles)}")


def _counts(puzzles: int, timeout: float, seed: int) -> None:
    print("open counts: shape, median seconds, max seconds, median count, timed out")
    for height, width in SHAPES:
        rand = random.Random(seed)
        tables = []
        for _ in range(puzzles):
            values = list(range(1, height * width + 1))
            rand.shuffle(values)
            tables.append(open_puzzle(as_filling(values, width)))
        print(f"  {height}x{width}: {_timed(tables, timeout)}")


def _near_extreme(puzzles: int, timeout: float, seed: int, baseline: bool) -> None:
    """Open 5×5 tables ``k`` swaps from the sorted filling (1..25 in reading order, sums
    15 40 65 90 115 / 55 60 65 70 75, unique), rows and columns then shuffled: the tables
    whose sums are far from the average, as open puzzles' are.  With ``baseline``, the
    same tables again with the counters as they were before the line partitions."""
    print("open 5x5 near the extremes: swaps, counters, median s, max s, median count, "
          "timed out")
    runs = [True, False] if baseline else [True]
    meeting_cells = survo_count.MEETING_CELLS
    for swaps in (1, 2, 3, 4):
        rand = random.Random(seed)
        tables = []
        for _ in range(puzzles):
            values = list(range(1, 26))
            for _ in range(swaps):
                i, j = rand.sample(range(25), 2)
                values[i], values[j] = values[j], values[i]
            rows = [values[5 * r:5 * r + 5] for r in rand.sample(range(5), 5)]
            order = rand.sample(range(5), 5)
            tables.append(open_puzzle(as_filling([row[c] for row in rows for c in order], 5)))
        for lines in runs:
            survo_count.LINES = lines
            # before: the meeting took turns on every open table
            survo_count.MEETING_CELLS = meeting_cells if lines else 36
            name = "with line partitions" if lines else "before (meeting + search)"
            print(f"  {swaps}: {name}: {_timed(tables, timeout)}")
    survo_count.LINES = True
    survo_count.MEETING_CELLS = meeting_cells


def _corpus() -> None:
    print("published corpus: name, unique, seconds")
    for line in CORPUS.read_text().splitlines():
        record = json.loads(line)
        (puzzle,) = parse(line)
        started = time.perf_counter()
        result = solve(puzzle, limit=2)
        print(f"  {record['name']}: {result.count == 1 and result.complete}, "
              f"{time.perf_counter() - started:.3f} s")


def _generation(seed: int) -> None:
    print("generation: shape, seconds, givens, fewest proved")
    for height, width in ((3, 4), (4, 4), (3, 5), (4, 5), (5, 5)):
        started = time.perf_counter()
        made = generate(height, width, seed)
        print(f"  {height}x{width}: {time.perf_counter() - started:.2f} s, "
              f"{made.puzzle.given_count}, {made.minimum}")


def _by_chance(height: int, width: int, seed: int, fillings: int = 200,
               limit: float = 60.0) -> str:
    """The old way to an open puzzle, at its quickest (the path from 20 cells up before the
    walk): random fillings, each dropped at once unless its sums are unique.  Which attempt
    found one, or that none did within ``fillings`` or ``limit`` seconds."""
    rand = random.Random(seed)
    started = time.perf_counter()
    for attempt in range(1, fillings + 1):
        left = limit - (time.perf_counter() - started)
        if left <= 0:
            return f"none in {limit:.0f} s ({attempt - 1} fillings)"
        values = list(range(1, height * width + 1))
        rand.shuffle(values)
        result = solve(open_puzzle(as_filling(values, width)), limit=2, timeout=left)
        if result.count == 1 and result.complete:
            return f"attempt {attempt}"
    return f"none in {fillings}"


def _open_generation(seeds: int, baseline: bool) -> None:
    """``generate(givens=0)`` on every shape (m <= n, m·n <= 36), seeds 1..``seeds``:
    median and max seconds, and the exact count of every puzzle made (it must be 1).
    With ``baseline``, up to 200 random fillings by chance (60 s at most) on the same
    shapes, seed 1."""
    print("open generation: shape, median s, max s, counts; solve(limit=2): median s, max s, "
          "decided; baseline: found at, seconds; the search alone on seed 1 (10 s)")
    shapes = [(h, w) for h in range(2, 7) for w in range(h, 19) if h * w <= 36]
    for height, width in shapes:
        times, counts, solving, decided = [], [], [], 0
        made = None
        for seed in range(1, seeds + 1):
            started = time.perf_counter()
            made = generate(height, width, seed, givens=0)
            times.append(time.perf_counter() - started)
            total, exact = count(made.puzzle, timeout=60)
            counts.append(str(total) if exact else "?")
            started = time.perf_counter()
            result = solve(made.puzzle, limit=2, timeout=60)
            solving.append(time.perf_counter() - started)
            decided += result.complete and result.solutions == (made.solution,)
        line = (f"  {height}x{width}: {statistics.median(times):.2f} s, {max(times):.2f} s, "
                f"counts {' '.join(counts)}; solve {statistics.median(solving):.3f} s, "
                f"{max(solving):.3f} s, {decided}/{seeds}")
        if baseline:
            started = time.perf_counter()
            found = _by_chance(height, width, 1)
            line += f"; by chance: {found}, {time.perf_counter() - started:.2f} s"
            line += f"; search alone: {_search_alone(generate(height, width, 1, givens=0).puzzle)}"
        print(line, flush=True)


def _search_alone(puzzle: Puzzle) -> str:
    """The solver as it was before the line partitions (``solve.BY_LINES`` off), 10 s."""
    solve_module.BY_LINES = False
    try:
        started = time.perf_counter()
        result = solve(puzzle, limit=2, timeout=10)
        took = time.perf_counter() - started
    finally:
        solve_module.BY_LINES = True
    return f"{took:.2f} s, {'decided' if result.complete else 'undecided'}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--puzzles", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--baseline", action="store_true",
                        help="time the near-extreme 5x5 tables without the line partitions too")
    parser.add_argument("--only-extremes", action="store_true",
                        help="the near-extreme 5x5 tables alone")
    parser.add_argument("--only-open", action="store_true",
                        help="open generation (--givens 0) on every shape alone, --puzzles "
                             "seeds each (with --baseline: random fillings by chance too)")
    args = parser.parse_args()
    if args.only_open:
        _open_generation(args.puzzles, args.baseline)
        return
    _near_extreme(args.puzzles, args.timeout, args.seed, args.baseline)
    if args.only_extremes:
        return
    _counts(args.puzzles, args.timeout, args.seed)
    _corpus()
    _generation(args.seed)


if __name__ == "__main__":
    main()
