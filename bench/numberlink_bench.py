"""Numberlink solver benchmark over the ahle corpora and the counting oracle.

Run from the repository root (the corpora live in tests/data/numberlink/)::

    python bench/numberlink_bench.py                       # every default case
    python bench/numberlink_bench.py --case inputs9 --timeout 10
    python bench/numberlink_bench.py --case inputs9-unique --first 20
    python bench/numberlink_bench.py --case inputs9 --engine sat --engine auto   # baseline first

Every solution found is re-checked by the independent checker; a wrong one aborts the run.
Prints one row per case: puzzles, solved / unsolvable / unknown, total, median and
maximum seconds (wall clock, one process, puzzles one after another), and the process's
CPU seconds (less sensitive to a busy machine; the SAT engine runs in-process).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from numpuzzles.core.result import Status
from numpuzzles.families import family
from numpuzzles.numberlink.model import Puzzle, Rules
from numpuzzles.numberlink.solve.scan import scan_solve

# One copy of each corpus, shared with the tests (provenance in tests/data/README.md).
DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "numberlink"


@dataclass(frozen=True)
class Case:
    name: str
    file: str
    rules: Rules
    limit: int | None  # 1 solve, 2 unique, None count all


CASES = [
    Case("inputs9", "ahle-inputs9.txt", Rules.FILL_NOTOUCH, 1),
    Case("inputs4", "ahle-inputs4.txt", Rules.FILL_NOTOUCH, 1),
    Case("inputs10", "ahle-inputs10.txt", Rules.FILL_NOTOUCH, 1),
    Case("inputs6", "ahle-inputs6.txt", Rules.FILL_NOTOUCH, 1),
    Case("inputs9-unique", "ahle-inputs9.txt", Rules.FILL_NOTOUCH, 2),
    Case("inputs9-fill", "ahle-inputs9.txt", Rules.FILL, 1),
    Case("inputs10-fill", "ahle-inputs10.txt", Rules.FILL, 1),
    Case("oracle-blank-count", "counting-oracle.txt", Rules.BLANK, None),
]


def run(
    case: Case, timeout: float | None, first: int | None, skip: set[int], engine: str
) -> str:
    numberlink = family("numberlink")
    text = (DATA / case.file).read_text()
    puzzles = numberlink.parse(text, rules=case.rules.value)[:first]
    times: list[float] = []
    cpu_start = time.process_time()
    tally = {status: 0 for status in Status}
    notes: list[str] = []
    for number, puzzle in enumerate(puzzles, start=1):
        if number in skip:
            notes.append(f"#{number} skipped")
            continue
        start = time.perf_counter()
        if case.limit is None:  # exact count by the frontier counter, no enumeration
            counted = numberlink.solve(puzzle, limit=None, timeout=timeout)
            times.append(time.perf_counter() - start)
            exact = counted.count if counted.complete else None
            tally[Status.UNKNOWN if exact is None else Status.SOLVED] += 1
            notes.append(f"#{number}={'?' if exact is None else exact}")
            continue
        chosen = engine if case.rules is Rules.FILL_NOTOUCH or engine == "sat" else "auto"
        result = numberlink.solve(puzzle, limit=case.limit, timeout=timeout, engine=chosen)
        times.append(time.perf_counter() - start)
        tally[result.status] += 1
        for solution in result.solutions:
            problems = numberlink.check(puzzle, solution)
            if problems:
                raise SystemExit(f"{case.name} #{number}: invalid solution: {problems[0]}")
        if case.limit == 2 and result.status is Status.SOLVED:
            notes.append(f"#{number} " + {True: "u", False: "NOT-u", None: "?"}[result.unique])
    total = sum(times)
    cpu = time.process_time() - cpu_start
    median = statistics.median(times) if times else 0.0
    worst = max(times) if times else 0.0
    row = (
        f"{case.name:20} {case.rules.value:12} {len(times):4} "
        f"{tally[Status.SOLVED]:6} {tally[Status.UNSOLVABLE]:6} {tally[Status.UNKNOWN]:6} "
        f"{total:9.2f} {cpu:8.2f} {median:8.3f} {worst:8.2f}"
    )
    if case.limit is None or (notes and case.limit != 2):
        row += "  " + " ".join(notes)
    elif case.limit == 2:
        unique = sum(1 for n in notes if n.endswith(" u"))
        row += f"  unique {unique}, not unique {sum(1 for n in notes if 'NOT' in n)}"
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", action="append", choices=[c.name for c in CASES])
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per puzzle")
    parser.add_argument("--first", type=int, default=None, help="only the first N puzzles")
    parser.add_argument("--skip", type=int, action="append", default=[], help="puzzle number")
    parser.add_argument(
        "--engine",
        action="append",
        choices=["auto", "sat", "scan"],
        help="engines to run, each over every case (default: auto); scan applies to the "
        "fill-notouch cases only",
    )
    args = parser.parse_args()
    chosen = [c for c in CASES if args.case is None or c.name in args.case]
    print("command: python " + " ".join(sys.argv))
    start = time.perf_counter()
    scan_solve(Puzzle(2, 1, (1, 1)), compiled=True)
    print(f"compiled scan kernel loaded in {time.perf_counter() - start:.2f} s (once per process,")
    print("not in the totals below; the first run after a change also compiles it)")
    print(
        f"{'case':20} {'rules':12} {'n':>4} {'solved':>6} {'unsolv':>6} {'unknwn':>6} "
        f"{'total s':>9} {'cpu s':>8} {'median s':>8} {'max s':>8}"
    )
    for engine in args.engine or ["auto"]:
        scope = " (fill-notouch cases; auto for the others)" if engine == "scan" else ""
        print(f"engine {engine}{scope}")
        for case in chosen:
            print(run(case, args.timeout, args.first, set(args.skip), engine), flush=True)


if __name__ == "__main__":
    main()
