"""Benchmark of clue density (issue 13): pairs per cell, proved unique, and the time taken.

Run from the repository root:

    python bench/density_bench.py                                   # issue 13's table
    python bench/density_bench.py --sizes 10,15 --seeds 1-5         # a quick run
    python bench/density_bench.py --rules fill --sizes 15,25        # plain fill's density
    python bench/density_bench.py --rules fill-notouch --ask none   # the defaults
    python bench/density_bench.py --sat                             # re-prove with SAT

For each rule set and size, puzzles from the given seeds go through the family registry
(``numpuzzles.families``), as every surface does.  ``--ask`` maps sizes to a pair count
asked with ``--pairs`` (``none``: the default); the default map is issue 13's targets
under ``fill-notouch`` (10x10: 8, 15x15: 12, 25x25: 31, 40x40: 70) and nothing under
``fill``.  Every puzzle is re-checked here with the independent checker and proved unique
again by the solver (``limit=2``; with ``--sat`` by the SAT engine alone, which shares no
search with the generator's scan proof); a failure stops the run.  Printed per size: the
median pairs, pairs per cell and seconds, the slowest seconds, how many of the seeds were
checked and proved unique, and the grades.  Issue 13's targets: ``fill-notouch`` medians
within 1 s at 10x10, 3 s at 15x15, 20 s at 25x25 and 90 s at 40x40; ``fill`` at most 0.12
pairs per cell from 15x15 up within the same times.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from numpuzzles.families import family
from numpuzzles.numberlink.model import Rules
from numpuzzles.numberlink.solve.dispatch import solve

GRADES = ("easy", "medium", "hard", "expert")
ISSUE_ASKS = {"fill-notouch": {10: 8, 15: 12, 25: 31, 40: 70}, "fill": {}, "blank": {}}


def _ints(text: str) -> list[int]:
    return [int(part) for part in text.split(",") if part]


def _seeds(text: str) -> list[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def _asks(text: str | None, rules: str) -> dict[int, int]:
    if text is None:
        return ISSUE_ASKS[rules]
    if text == "none":
        return {}
    return {int(k): int(v) for k, v in (part.split(":") for part in text.split(",") if part)}


def bench(rules: str, sizes: list[int], seeds: list[int], asks: dict[int, int], sat: bool) -> None:
    numberlink = family("numberlink")
    print(f"Numberlink, rules {rules}, seeds {seeds[0]}..{seeds[-1]}, proofs re-run by "
          f"{'SAT' if sat else 'the solver'}, checked by check.py")
    print("size   asked  pairs_med  density_med  median_s  max_s  proved  "
          + "  ".join(GRADES))
    for n in sizes:
        asked = asks.get(n)
        params: dict[str, object] = {"size": f"{n}x{n}", "rules": rules}
        if asked is not None:
            params["pairs"] = asked
        pairs: list[int] = []
        seconds: list[float] = []
        grades: Counter[str] = Counter()
        for seed in seeds:
            started = time.perf_counter()
            item = numberlink.generate(params, seed)
            seconds.append(time.perf_counter() - started)
            if numberlink.check(item.puzzle, item.solution):
                raise SystemExit(f"{n}x{n} seed {seed}: the checker rejects the witness")
            proof = solve(
                item.puzzle.puzzle, rules=Rules(rules), limit=2, engine="sat" if sat else "auto"
            )
            if not (proof.complete and proof.count == 1):
                raise SystemExit(f"{n}x{n} seed {seed}: not proved unique ({proof.status})")
            pairs.append(len(item.puzzle.puzzle.labels))
            grades[str(item.difficulty)] += 1
        cells = n * n
        median_pairs = statistics.median(pairs)
        print(
            f"{n:>2}x{n:<3} {asked if asked is not None else '-':>5}  {median_pairs:>9}  "
            f"{median_pairs / cells:>11.3f}  {statistics.median(seconds):>8.2f}  "
            f"{max(seconds):>5.1f}  {len(pairs):>3}/{len(seeds):<3} "
            + "  ".join(f"{grades[g]:>{len(g)}}" for g in GRADES),
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="fill-notouch,fill",
                        help="comma list of rule sets (default: fill-notouch,fill)")
    parser.add_argument("--sizes", type=_ints, default=[10, 15, 25, 40])
    parser.add_argument("--seeds", type=_seeds, default=_seeds("1-20"), help="e.g. 1-20")
    parser.add_argument("--ask", default=None,
                        help="size:pairs,... asked with --pairs ('none': the defaults)")
    parser.add_argument("--sat", action="store_true", help="re-prove with the SAT engine alone")
    args = parser.parse_args()
    for index, rules in enumerate(args.rules.split(",")):
        if index:
            print()
        bench(rules, args.sizes, args.seeds, _asks(args.ask, rules), args.sat)


if __name__ == "__main__":
    main()
