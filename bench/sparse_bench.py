"""Sparse boards other people made, under ``blank``: one solution, and "unique?" two ways.

Run from the repository root (nice: the machine is shared)::

    nice -n 10 python bench/sparse_bench.py                   # the corpus, 10 s a puzzle
    nice -n 10 python bench/sparse_bench.py --generated 20,30 --seeds 1-3 --timeout 5

The corpus is ``tests/data/numberlink/sparse/`` (BwInf-format Arukone puzzles from public
repositories, see tests/data/README.md) and the three 36x36 ADC 2016 problems of
``tests/data/numberlink/adc/``; ``--generated`` adds ``arukone generate N --seed S`` boards
(the project's own, for size).  Every puzzle is answered three ways, each under its own
``--timeout``:

- ``solve``: ``solve(rules=blank, limit=1)``, the default engine (the router's race);
- ``unique (sat)``: ``solve(rules=blank, limit=2)``, today's answer to ``--unique``, which
  goes to SAT's full model alone;
- ``unique (new)``: ``unique_blank`` (``numberlink/solve/unique_blank.py``: one solution, a
  detour test, SAT among solutions that never touch themselves).

Every solution is re-checked by the independent checker, and where both uniqueness answers
are decided they must agree; either failure aborts the run.  Prints a row per puzzle and a
summary per column: how many decided, median and maximum seconds over the decided ones.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from numpuzzles.core.result import SolveResult, Status
from numpuzzles.numberlink.arukone.generate import generate_arukone
from numpuzzles.numberlink.check import check
from numpuzzles.numberlink.family import NUMBERLINK
from numpuzzles.numberlink.formats import bwinf
from numpuzzles.numberlink.model import Puzzle, Rules, Solution
from numpuzzles.numberlink.solve.dispatch import solve
from numpuzzles.numberlink.solve.unique_blank import unique_blank

ROOT = Path(__file__).resolve().parent.parent
SPARSE = ROOT / "tests" / "data" / "numberlink" / "sparse"
ADC = ROOT / "tests" / "data" / "numberlink" / "adc"
ADC_PROBLEMS = ("Q04.2016.txt", "Q06.2016.txt", "Q07.2016.txt")


def _seeds(text: str) -> list[int]:
    if "-" in text:
        low, high = text.split("-", 1)
        return list(range(int(low), int(high) + 1))
    return [int(part) for part in text.split(",") if part]


def corpus() -> list[tuple[str, Puzzle]]:
    """The named puzzles of the sparse corpus and the ADC 2016 problems."""
    found: list[tuple[str, Puzzle]] = []
    for path in sorted(SPARSE.glob("*.txt")):
        for i, puzzle in enumerate(bwinf.parse(path.read_text(encoding="utf-8"))):
            found.append((f"{path.stem}#{i + 1}", puzzle))
    for name in ADC_PROBLEMS:
        if not (ADC / name).exists():
            continue  # the ADC files are another corpus: the bench runs without them
        ruled = NUMBERLINK.parse((ADC / name).read_text(encoding="utf-8"))[0]
        found.append((f"adc-{name}", ruled.puzzle))
    return found


def _verdict(result: SolveResult[Solution]) -> str:
    """``unique``, ``several``, ``none`` or ``unknown`` for a ``limit=2`` answer."""
    if result.status is Status.UNSOLVABLE:
        return "none"
    if len(result.solutions) >= 2:
        return "several"
    if result.status is Status.SOLVED and result.complete:
        return "unique"
    return "unknown"


def _checked(name: str, puzzle: Puzzle, result: SolveResult[Solution]) -> None:
    for solution in result.solutions:
        problems = check(puzzle, solution, Rules.BLANK)
        if problems:
            sys.exit(f"{name}: wrong solution: {problems[0].message}")


def _summary(title: str, rows: list[tuple[bool, float]]) -> str:
    done = [s for ok, s in rows if ok]
    if not done:
        return f"{title}: 0/{len(rows)} decided"
    return (
        f"{title}: {len(done)}/{len(rows)} decided, median {statistics.median(done):.3f} s, "
        f"max {max(done):.3f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per answer")
    parser.add_argument("--generated", default="", help="arukone generate sizes N, e.g. 20,30")
    parser.add_argument("--seeds", default="1-3", help="seeds for --generated: 1-3 or 1,4")
    parser.add_argument("--no-sat", action="store_true", help="skip today's limit=2 answer")
    args = parser.parse_args()
    puzzles = corpus()
    for n in [int(x) for x in args.generated.split(",") if x]:
        for seed in _seeds(args.seeds):
            puzzles.append((f"generated-{n}#{seed}", generate_arukone(n, seed).puzzle))

    warm = generate_arukone(6, 1).puzzle
    solve(warm, rules=Rules.BLANK, limit=1)  # load the kernels before the timed puzzles
    unique_blank(warm, timeout=5)
    columns: dict[str, list[tuple[bool, float]]] = {
        "solve": [],
        "unique (sat)": [],
        "unique (new)": [],
    }
    for name, puzzle in puzzles:
        line = f"{name} {puzzle.width}x{puzzle.height} pairs={len(puzzle.endpoints())}:"
        start = time.perf_counter()
        one = solve(puzzle, rules=Rules.BLANK, limit=1, timeout=args.timeout)
        seconds = time.perf_counter() - start
        _checked(name, puzzle, one)
        columns["solve"].append((one.status is not Status.UNKNOWN, seconds))
        line += f" solve {one.status.value} {seconds:.3f} s;"
        old = "skipped"
        if not args.no_sat:
            start = time.perf_counter()
            by_sat = solve(puzzle, rules=Rules.BLANK, limit=2, timeout=args.timeout)
            seconds = time.perf_counter() - start
            _checked(name, puzzle, by_sat)
            old = _verdict(by_sat)
            columns["unique (sat)"].append((old != "unknown", seconds))
            line += f" sat {old} {seconds:.3f} s;"
        start = time.perf_counter()
        new_result = unique_blank(puzzle, timeout=args.timeout)
        seconds = time.perf_counter() - start
        _checked(name, puzzle, new_result)
        new = _verdict(new_result)
        columns["unique (new)"].append((new != "unknown", seconds))
        line += f" new {new} {seconds:.3f} s"
        print(line, flush=True)
        if "unknown" not in (old, new) and old != "skipped" and old != new:
            sys.exit(f"{name}: the answers differ: sat {old}, new {new}")
    for title, rows in columns.items():
        if rows:
            print(_summary(f"{title} (limit {args.timeout:g} s)", rows))


if __name__ == "__main__":
    main()
