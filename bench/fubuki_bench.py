"""Fubuki benchmarks: counting against the original's 8! enumeration, and generation times.

Run: ``python bench/fubuki_bench.py [--puzzles 200] [--gen4 50] [--gen5 20] [--seed 1]``.
Both counters run in this one process on the same puzzles, so the ratio is fair on a noisy
machine; the figures go to BENCHMARKS.md with this command.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time

from numpuzzles.families import family
from numpuzzles.fubuki import Puzzle
from numpuzzles.fubuki.solve import count


def original_count(position: int, value: int, rows: list[int], cols: list[int]) -> int:
    """The original program's method: place the given, try all 8! orders of the other digits."""
    others = [d for d in range(1, 10) if d != value]
    free = [i for i in range(9) if i != position - 1]
    found = 0
    for perm in itertools.permutations(others):
        grid = [0] * 9
        grid[position - 1] = value
        for cell, digit in zip(free, perm, strict=True):
            grid[cell] = digit
        if (
            grid[0] + grid[1] + grid[2] == rows[0]
            and grid[3] + grid[4] + grid[5] == rows[1]
            and grid[6] + grid[7] + grid[8] == rows[2]
            and grid[0] + grid[3] + grid[6] == cols[0]
            and grid[1] + grid[4] + grid[7] == cols[1]
            and grid[2] + grid[5] + grid[8] == cols[2]
        ):
            found += 1
    return found


def one_given_puzzles(count_: int, seed: int) -> list[tuple[int, int, list[int], list[int]]]:
    """Random one-given puzzles made from random fillings (as a user of the original would)."""
    rand = random.Random(seed)
    out = []
    for _ in range(count_):
        f = list(range(1, 10))
        rand.shuffle(f)
        position = rand.randint(1, 9)
        rows = [sum(f[3 * r : 3 * r + 3]) for r in range(3)]
        cols = [sum(f[c::3]) for c in range(3)]
        out.append((position, f[position - 1], rows, cols))
    return out


def bench_counting(n: int, seed: int) -> None:
    puzzles = one_given_puzzles(n, seed)
    start = time.perf_counter()
    fast_counts = []
    for position, value, rows, cols in puzzles:
        givens = [0] * 9
        givens[position - 1] = value
        total, exact = count(Puzzle(3, tuple(rows), tuple(cols), tuple(givens)))
        assert exact
        fast_counts.append(total)
    fast = time.perf_counter() - start
    start = time.perf_counter()
    slow_counts = [original_count(*p) for p in puzzles]
    slow = time.perf_counter() - start
    assert fast_counts == slow_counts, "the two counters disagree"
    print(f"counting {n} one-given 3x3 puzzles (seed {seed}):")
    print(f"  original 8! enumeration : {slow:8.3f} s")
    print(f"  numpuzzles solver       : {fast:8.3f} s")
    print(f"  speed-up                : {slow / fast:8.1f}x")
    print(f"  counts identical, {sum(fast_counts)} solutions in all")


def bench_generation(size: int, n: int, seed: int) -> None:
    times = []
    givens = []
    fubuki = family("fubuki")
    for s in range(seed, seed + n):
        made = fubuki.generate({"size": size}, s)
        times.append(made.seconds)
        givens.append(made.details["givens"])
    print(f"unique {size}x{size} generation, seeds {seed}..{seed + n - 1}:")
    print(
        f"  median {statistics.median(times):.3f} s, max {max(times):.3f} s, "
        f"givens {min(givens)}..{max(givens)} (median {statistics.median(givens)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--puzzles", type=int, default=200)
    parser.add_argument("--gen4", type=int, default=50)
    parser.add_argument("--gen5", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    bench_counting(args.puzzles, args.seed)
    bench_generation(4, args.gen4, args.seed)
    bench_generation(5, args.gen5, args.seed)


if __name__ == "__main__":
    main()
