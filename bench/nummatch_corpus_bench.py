"""Take Ten corpus benchmark (issue 27): every app and paper board under both addition policies.

Run:  python bench/nummatch_corpus_bench.py [--timeout S] [--only NAME ...] [--baseline]

The corpus is tests/data/nummatch/take-ten.txt (paper boards, posed under ``classic``) and
tests/data/nummatch/number-match-app.txt (app boards, ``easybrain``); each board's comment
names its public source.  Each board is solved for the fewest additions under ``stuck``
(numbers added only when no pair is left) and ``any`` (at any time), one process, one board
and policy at a time, with a time limit of S seconds each (default 60).  A row gives, per
policy, the status, the additions and the matches (pairs taken) of the clearing found, its
seconds and search nodes; every clearing is replayed by the independent checker (the run
stops if one is refused), and a ``stuck`` answer with fewer additions than an ``any``
answer stops it too.  ``unknown`` is a limit reached, never a claim: ``(time)`` the time
limit, ``(bound)`` under ``classic`` the default bound of 10 additions searched to the end.

``--baseline`` solves each board and policy a second time, right after, without the SAT
model of the last phase (``seqsolve.LAST_PHASE_SAT`` off: the search alone decides boards
with no addition left, as before ``clearsat.py``), and adds its status and seconds in a
column after each policy's; where both decide a board, they must agree on the additions,
or the run stops.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

from numpuzzles.core.result import SolveResult, Status
from numpuzzles.nummatch import seqsolve
from numpuzzles.nummatch.board import Board
from numpuzzles.nummatch.check import check
from numpuzzles.nummatch.family import FAMILY
from numpuzzles.nummatch.rules import ADD_POLICIES, Rules, get_rules
from numpuzzles.nummatch.seqsolve import count_adds
from numpuzzles.nummatch.sequence import Move
from numpuzzles.nummatch.solve import solve

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "nummatch"
CORPUS = (("take-ten.txt", "classic", "paper"), ("number-match-app.txt", "easybrain", "app"))


def load() -> list[tuple[str, str, str, Board]]:
    """(name, kind, preset, board) of every corpus board, in file order."""
    entries = []
    for file, preset, kind in CORPUS:
        text = (DATA / file).read_text(encoding="utf-8")
        names = re.findall(r"^# \[([\w.-]+)\]", text, flags=re.MULTILINE)
        boards = [game.puzzle for game in FAMILY.parse(text, rules=preset)]
        if len(names) != len(boards):
            sys.exit(f"{file}: {len(names)} names for {len(boards)} boards")
        entries += [(n, kind, preset, b) for n, b in zip(names, boards, strict=True)]
    return entries


def cell(result: SolveResult[tuple[Move, ...]], seconds: float) -> str:
    """One policy's cells: status, additions, matches, seconds, nodes."""
    if not result.solutions:
        why = ""
        if result.status is Status.UNKNOWN:
            why = " (time)" if result.timed_out else " (bound)"
        return f"{result.status.value}{why} | — | — | {seconds:.2f} | {result.stats.nodes:,}"
    moves = result.solutions[0]
    adds = count_adds(moves)
    return (f"{result.status.value} | {adds} | {len(moves) - adds} | {seconds:.2f} | "
            f"{result.stats.nodes:,}")


def baseline(name: str, board: Board, rules: Rules, timeout: float,
             result: SolveResult[tuple[Move, ...]]) -> str:
    """The same board and policy without the last phase's SAT model: status and seconds."""
    seqsolve.LAST_PHASE_SAT = False
    try:
        t0 = time.perf_counter()
        old = solve(board, rules, timeout=timeout)
        seconds = time.perf_counter() - t0
    finally:
        seqsolve.LAST_PHASE_SAT = True
    if old.solutions:
        refused = check(board, old.solutions[0], rules.name)
        if refused:
            sys.exit(f"{name} under {rules.name} (baseline): the checker refused {refused[0]}")
        if result.solutions and result.status is old.status is Status.SOLVED and (
                count_adds(old.solutions[0]) != count_adds(result.solutions[0])):
            sys.exit(f"{name} under {rules.name}: the baseline's fewest additions differ")
    return f"{old.status.value} {seconds:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds a board and policy")
    parser.add_argument("--only", nargs="*", default=None, help="board names (default: all)")
    parser.add_argument("--baseline", action="store_true",
                        help="also solve without the last phase's SAT model, paired")
    args = parser.parse_args()
    only = " --only " + " ".join(args.only) if args.only else ""
    base = " --baseline" if args.baseline else ""
    print(f"command: python bench/nummatch_corpus_bench.py --timeout {args.timeout:g}{only}{base}")
    print()
    extra = " baseline |" if args.baseline else ""
    print(f"| board | kind | digits | stuck | adds | matches | s | nodes |{extra}"
          f" any | adds | matches | s | nodes |{extra}")
    print("|---" * (13 + 2 * args.baseline) + "|")
    decided: dict[tuple[str, str], list[int]] = {}
    total = 0.0
    for name, kind, preset, board in load():
        if args.only and name not in args.only:
            continue
        cells = []
        adds: dict[str, int] = {}
        for policy in ADD_POLICIES[::-1]:  # stuck first, as the columns
            rules = get_rules(f"{preset}+{policy}")
            t0 = time.perf_counter()
            result = solve(board, rules, timeout=args.timeout)
            seconds = time.perf_counter() - t0
            total += seconds
            if result.solutions:
                moves = result.solutions[0]
                refused = check(board, moves, rules.name)
                if refused:
                    sys.exit(f"{name} under {rules.name}: the checker refused {refused[0]}")
                adds[policy] = count_adds(moves)
            tally = decided.setdefault((kind, policy), [0, 0])
            tally[0] += result.status is not Status.UNKNOWN
            tally[1] += 1
            cells.append(cell(result, seconds))
            if args.baseline:
                cells.append(baseline(name, board, rules, args.timeout, result))
        if len(adds) == 2 and adds["stuck"] < adds["any"]:
            sys.exit(f"{name}: stuck took fewer additions than any")
        digits = sum(1 for v in board.cells if v)
        print(f"| {name} | {kind} | {digits} | {' | '.join(cells)} |", flush=True)
    print()
    for (kind, policy), (done, count) in sorted(decided.items()):
        print(f"{kind} boards under {policy}: {done} of {count} decided")
    print(f"total {total:.1f} s; every clearing accepted by the checker")


if __name__ == "__main__":
    main()
