"""janko.at's Arukone collection (580 puzzles, 5x5 to 35x48) under ``blank``: the published
set issue 26 measured ("decides 439 of 579 at 30 s").

Run from the repository root (nice: the machine is shared)::

    nice -n 10 python bench/janko_bench.py --timeout 10            # one solution each
    nice -n 10 python bench/janko_bench.py --timeout 10 --unique   # and uniqueness, <= 25x25
    nice -n 10 python bench/janko_bench.py --timeout 10 --baseline # and the race before few_empty
    nice -n 10 python bench/janko_bench.py --timeout 10 --baseline negotiate # before negotiation
    nice -n 10 python bench/janko_bench.py --timeout 30 --unique --only 430_20x20,437_15x15

The puzzles are ``bench/data/janko-arukone.txt`` (provenance: bench/data/README.md), copied
verbatim: ``# ID SOURCE``, then ``H W`` (rows, columns), then H rows of W tokens (``-``
empty, a number a clue).  One puzzle of the source, 341, is a row short of its header and
is reported as unreadable, not solved.  For every puzzle: ``solve(rules=blank, limit=1)``
(the default engine) and the independent checker on its solution; with ``--unique`` also
``unique_blank`` (``numberlink/solve/unique_blank.py``) on every puzzle of at most
``--unique-cells`` cells (625: the issue's 25x25 target), its solutions checked too.  With
``--baseline`` each puzzle is solved a second time, paired, with ``race.FEW_EMPTY`` off:
the ``blank`` race as it was before Glucose looked first for solutions with few empty cells
(``few_empty.py``; the race keeps CaDiCaL's child, as it landed on 2026-12-04); with
``--baseline negotiate``, with ``race.NEGOTIATE`` off: the race before negotiated routing
took turns (``negotiate.py``); with ``--baseline leave-empty`` (and ``--unique``),
uniqueness is decided a second time with ``unique_blank.LEAVE_EMPTY`` off: SAT asked for a
solution other than the first even where the first fills the board; with ``--baseline
corner-flips``, with ``unique_blank.CORNER_FLIPS`` and ``within.STRAIGHT_LINES`` off: SAT's
model without the corner-flip clauses (``corner_flips.py``) and the straight-line ones
(``within.straight_lines``), as it was before both; with ``--baseline groups``, with
``unique_blank.GROUPS`` off: before three neighbouring paths were laid out again by SAT on
their own region (``group_detour.py``).  Prints
a line per puzzle that was not settled fast, and a summary: how many decided, median and
maximum seconds over the decided ones.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from numpuzzles.core.result import SolveResult, Status
from numpuzzles.numberlink.check import check
from numpuzzles.numberlink.model import Puzzle, Rules, Solution
from numpuzzles.numberlink.solve import race, within
from numpuzzles.numberlink.solve import unique_blank as unique_blank_module
from numpuzzles.numberlink.solve.dispatch import solve
from numpuzzles.numberlink.solve.unique_blank import unique_blank

DATA = Path(__file__).resolve().parent / "data" / "janko-arukone.txt"

UNIQUE_SWITCHES = {
    "leave-empty": (
        ((unique_blank_module, "LEAVE_EMPTY"),),
        "SAT asked for a solution other than the first",
    ),
    "corner-flips": (
        ((unique_blank_module, "CORNER_FLIPS"), (within, "STRAIGHT_LINES")),
        "SAT without the corner-flip and straight-line clauses",
    ),
    "groups": (
        ((unique_blank_module, "GROUPS"),),
        "without three neighbouring paths laid out again on their own",
    ),
}
"""``--baseline`` choices that decide uniqueness a second time with switches off: the
switches (module, name), and the baseline's words in the summary."""


def read(path: Path) -> list[tuple[str, Puzzle | None]]:
    """(id, puzzle) in the file's order; None for a puzzle whose rows do not match its
    header (the source's 341)."""
    out: list[tuple[str, Puzzle | None]] = []
    blocks = [b for b in path.read_text().split("\n\n") if b.strip()]
    for block in blocks:
        lines = [ln for ln in block.splitlines() if ln.strip()]
        named = [ln for ln in lines if ln.startswith("# ") and "https://www.janko.at/" in ln]
        if not named:
            continue  # the file's header
        ident = named[0].split()[1]
        body = [ln for ln in lines if not ln.startswith("#")]
        height, width = (int(v) for v in body[0].split())
        rows = [ln.split() for ln in body[1:]]
        if len(rows) != height or any(len(r) != width for r in rows):
            out.append((ident, None))
            continue
        cells = tuple(0 if t == "-" else int(t) for r in rows for t in r)
        out.append((ident, Puzzle(width, height, cells)))
    return out


def _checked(ident: str, puzzle: Puzzle, solutions: Sequence[Solution]) -> None:
    """Every solution through the independent checker; the run stops at a failure."""
    for sol in solutions:
        if check(puzzle, sol, Rules.BLANK):
            sys.exit(f"{ident}: a solution failed the checker")


def _baseline(
    puzzle: Puzzle, timeout: float, switch: str
) -> tuple[SolveResult[Solution], float]:
    """One solution as ``solve`` found it with the race's ``switch`` off for the call
    (``FEW_EMPTY``: before its few-empty-cells search; ``NEGOTIATE``: before negotiated
    routing), and its seconds: the baseline."""
    setattr(race, switch, False)
    try:
        started = time.perf_counter()
        result = solve(puzzle, rules=Rules.BLANK, limit=1, timeout=timeout)
        return result, time.perf_counter() - started
    finally:
        setattr(race, switch, True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds a puzzle and question")
    parser.add_argument("--unique", action="store_true", help="decide uniqueness too")
    parser.add_argument("--unique-cells", type=int, default=625,
                        help="uniqueness only on boards of at most this many cells")
    parser.add_argument("--first", type=int, default=0, help="only the first N puzzles")
    parser.add_argument("--only", default="",
                        help="only these puzzles: ids, comma-separated (e.g. 430_20x20)")
    parser.add_argument("--baseline", nargs="?", const="few-empty", default=None,
                        choices=["few-empty", "negotiate", *UNIQUE_SWITCHES],
                        help="also solve each puzzle without the few-empty-cells search "
                        "(or, with 'negotiate', without negotiated routing; with "
                        "'leave-empty', decide uniqueness again with SAT asked for a "
                        "solution other than the first even where that fills the board; "
                        "with 'corner-flips', decide it again without the corner-flip "
                        "and straight-line clauses), paired")
    args = parser.parse_args()
    puzzles = read(DATA)
    if args.first:
        puzzles = puzzles[: args.first]
    if args.only:
        wanted = set(args.only.split(","))
        puzzles = [(ident, puzzle) for ident, puzzle in puzzles if ident in wanted]
        if len(puzzles) != len(wanted):
            sys.exit(f"no such puzzle: {', '.join(sorted(wanted - {i for i, _ in puzzles}))}")
    solved: list[float] = []
    undecided: list[str] = []
    unreadable: list[str] = []
    base_solved: list[float] = []
    base_undecided: list[str] = []
    unique_times: list[float] = []
    unique_undecided: list[str] = []
    base_unique_times: list[float] = []
    base_unique_undecided: list[str] = []
    verdicts = {"unique": 0, "several": 0, "none": 0}
    started_all = time.perf_counter()
    for ident, puzzle in puzzles:
        if puzzle is None:
            unreadable.append(ident)
            continue
        started = time.perf_counter()
        result = solve(puzzle, rules=Rules.BLANK, limit=1, timeout=args.timeout)
        seconds = time.perf_counter() - started
        _checked(ident, puzzle, result.solutions)
        if result.status is Status.SOLVED:
            solved.append(seconds)
        else:
            undecided.append(ident)
            print(f"{ident}: one solution {result.status.value} after {seconds:.2f} s", flush=True)
        if args.baseline in ("few-empty", "negotiate"):
            switch = "NEGOTIATE" if args.baseline == "negotiate" else "FEW_EMPTY"
            base, base_seconds = _baseline(puzzle, args.timeout, switch)
            _checked(ident, puzzle, base.solutions)
            if base.status is Status.SOLVED:
                base_solved.append(base_seconds)
            else:
                base_undecided.append(ident)
            if max(seconds, base_seconds) > 1.0:
                print(f"{ident}: one solution {result.status.value} {seconds:.2f} s; "
                      f"baseline {base.status.value} {base_seconds:.2f} s", flush=True)
        if args.unique and puzzle.width * puzzle.height <= args.unique_cells:
            started = time.perf_counter()
            two = unique_blank(puzzle, timeout=args.timeout)
            seconds = time.perf_counter() - started
            _checked(ident, puzzle, two.solutions)
            if two.unique is None:  # no solution yet, or one the time left unsettled
                unique_undecided.append(ident)
                print(f"{ident}: uniqueness undecided after {seconds:.2f} s", flush=True)
            else:
                unique_times.append(seconds)
                none = two.status is Status.UNSOLVABLE
                verdicts["none" if none else "unique" if two.unique else "several"] += 1
                if seconds > 1.0 or args.only:
                    print(f"{ident}: uniqueness decided in {seconds:.2f} s", flush=True)
            if args.baseline in UNIQUE_SWITCHES:
                switches = UNIQUE_SWITCHES[args.baseline][0]
                for module, name in switches:
                    setattr(module, name, False)
                try:
                    started = time.perf_counter()
                    base_two = unique_blank(puzzle, timeout=args.timeout)
                    base_seconds = time.perf_counter() - started
                finally:
                    for module, name in switches:
                        setattr(module, name, True)
                _checked(ident, puzzle, base_two.solutions)
                if base_two.unique is None:
                    base_unique_undecided.append(ident)
                else:
                    base_unique_times.append(base_seconds)
                if max(seconds, base_seconds) > 1.0 or args.only:
                    word = "undecided" if base_two.unique is None else "decided"
                    print(f"{ident}: uniqueness baseline {word} in {base_seconds:.2f} s",
                          flush=True)
    total = len(puzzles)
    print(f"\n{total} puzzles in {time.perf_counter() - started_all:.1f} s; "
          f"unreadable: {', '.join(unreadable) or 'none'}")
    if solved:
        print(f"one solution: {len(solved)} solved and checked, median "
              f"{statistics.median(solved):.3f} s, max {max(solved):.3f} s; "
              f"undecided at {args.timeout:g} s: {len(undecided)} {' '.join(undecided)}")
    if base_solved:
        without = "negotiated routing" if args.baseline == "negotiate" else "few-empty-cells search"
        print(f"baseline (no {without}): {len(base_solved)} solved and checked, "
              f"median "
              f"{statistics.median(base_solved):.3f} s, max {max(base_solved):.3f} s; "
              f"undecided at {args.timeout:g} s: {len(base_undecided)} "
              f"{' '.join(base_undecided)}")
    if args.unique:
        decided = len(unique_times)
        median = statistics.median(unique_times) if unique_times else 0.0
        print(f"uniqueness (<= {args.unique_cells} cells): {decided} decided "
              f"({verdicts['unique']} unique, {verdicts['several']} several, "
              f"{verdicts['none']} none), median {median:.3f} s, max "
              f"{max(unique_times, default=0.0):.3f} s; undecided at {args.timeout:g} s: "
              f"{len(unique_undecided)} {' '.join(unique_undecided)}")
    if args.baseline in UNIQUE_SWITCHES:
        median = statistics.median(base_unique_times) if base_unique_times else 0.0
        print(f"baseline ({UNIQUE_SWITCHES[args.baseline][1]}): "
              f"{len(base_unique_times)} decided, median {median:.3f} s, max "
              f"{max(base_unique_times, default=0.0):.3f} s; undecided at {args.timeout:g} s: "
              f"{len(base_unique_undecided)} {' '.join(base_unique_undecided)}")


if __name__ == "__main__":
    main()
