"""Benchmark of the Numberlink and Arukone generators (issue 5's speed and quality targets).

Run from the repository root:

    python bench/generate_bench.py                      # the full set (several minutes)
    python bench/generate_bench.py --sizes 10,20 --count 20 --arukone 4,10,30

Both go through the family registry (``numpuzzles.families``), as every surface does.
Numberlink: for each size, puzzles from seeds 0..count-1 with the default method under
``fill``; every puzzle is proved unique by the solver inside the generator, and is
re-checked here with the independent checker; the table shows median/max seconds, the
share proved unique, how many are distinct up to rotation, reflection and relabelling,
and the distribution of difficulty grades.  Arukone: seeds 0..count-1 per n; the share
failing checker models A, B and C, and the median/max seconds; also with ``--unique``
(proved unique under ``blank`` by the solver).  Targets (issue 5):
Numberlink median 10x10 < 0.2 s, 20x20 < 2 s, 30x30 < 10 s, 50x50 < 60 s; Arukone
median <= 50 ms for n <= 10 and <= 0.5 s at n = 30.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Hashable

from numpuzzles.families import family

GRADES = ("easy", "medium", "hard", "expert")
MODELS = ("A", "B", "C")


def _ints(text: str) -> list[int]:
    return [int(part) for part in text.split(",") if part]


def bench_numberlink(sizes: list[int], counts: dict[int, int]) -> None:
    print("Numberlink, default method, rules fill (seeds 0..count-1)")
    print("size   count  median_s  max_s   unique  distinct  pairs_med  " + "  ".join(GRADES))
    for n in sizes:
        count = counts[n]
        seconds: list[float] = []
        forms: set[Hashable] = set()
        grades: Counter[str] = Counter()
        pairs: list[int] = []
        unique = 0
        numberlink = family("numberlink")
        for seed in range(count):
            started = time.perf_counter()
            item = numberlink.generate({"size": f"{n}x{n}"}, seed)
            seconds.append(time.perf_counter() - started)
            if numberlink.check(item.puzzle, item.solution):
                raise SystemExit(f"{n}x{n} seed {seed}: the checker rejects the witness")
            unique += 1  # the generator returns only puzzles the solver proved unique
            forms.add(numberlink.distinct_key(item.puzzle))
            grades[str(item.difficulty)] += 1
            pairs.append(item.details["pairs"])
        print(
            f"{n:>2}x{n:<3} {count:>5}  {statistics.median(seconds):>8.3f}  {max(seconds):>6.2f}"
            f"  {100 * unique / count:>5.0f}%  {len(forms):>8}  {statistics.median(pairs):>9}  "
            + "  ".join(f"{grades[g]:>{len(g)}}" for g in GRADES),
            flush=True,
        )


def bench_arukone(sizes: list[int], count: int, unique: bool = False) -> None:
    kind = "with --unique (proved unique under blank)" if unique else "default"
    print(f"\nArukone, {kind} (seeds 0..{count - 1})")
    print("n    count  median_ms  max_ms  fail_A  fail_B  fail_C  distinct  pairs_med")
    for n in sizes:
        seconds: list[float] = []
        fails: Counter[str] = Counter()
        forms: set[Hashable] = set()
        pairs: list[int] = []
        arukone = family("arukone")
        for seed in range(count):
            started = time.perf_counter()
            item = arukone.generate({"n": n, "unique": unique}, seed)
            seconds.append(time.perf_counter() - started)
            for model, failed in item.details["checker_fails"].items():
                if failed:
                    fails[model] += 1
            if arukone.check(item.puzzle, item.solution):
                raise SystemExit(f"arukone {n} seed {seed}: the checker rejects the witness")
            forms.add(arukone.distinct_key(item.puzzle))
            pairs.append(item.details["pairs"])
        pct = {m: 100 * fails[m] / count for m in MODELS}
        print(
            f"{n:>2}   {count:>5}  {1000 * statistics.median(seconds):>9.1f}"
            f"  {1000 * max(seconds):>6.1f}  {pct['A']:>5.0f}%  "
            f"{pct['B']:>5.0f}%  {pct['C']:>5.0f}%  {len(forms):>8}"
            f"  {statistics.median(pairs):>9}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="10,20,30,50", help="Numberlink sizes (n for n x n)")
    parser.add_argument(
        "--count", type=int, default=None, help="puzzles per size (default 100/100/20/5)"
    )
    parser.add_argument("--arukone", default="4,5,6,7,8,9,10,30", help="Arukone sizes")
    parser.add_argument("--arukone-count", type=int, default=100)
    parser.add_argument("--unique-arukone", default="4,6,8,10,20,30", help="sizes for --unique")
    parser.add_argument("--unique-count", type=int, default=20)
    args = parser.parse_args()
    print("command: python " + " ".join(sys.argv))
    sizes = _ints(args.sizes)
    default_counts = {10: 100, 20: 100, 30: 20, 50: 5}
    counts = {n: args.count or default_counts.get(n, 20) for n in sizes}
    if sizes:
        bench_numberlink(sizes, counts)
    if args.arukone:
        bench_arukone(_ints(args.arukone), args.arukone_count)
    if args.unique_arukone:
        bench_arukone(_ints(args.unique_arukone), args.unique_count, unique=True)


if __name__ == "__main__":
    main()
