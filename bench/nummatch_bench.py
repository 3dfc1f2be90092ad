"""Number Match benchmarks: the exact solver against the original's seed BFS, and big boards.

Run:  python bench/nummatch_bench.py [--boards N] [--linear-seeds K] [--seq-boards M]
      [--seq-timeout S] [--classic-boards C] [--only-sequence]

1. randfill seeds 1..1000 under ``original``: the exact solver and the seed BFS (hash-set
   de-duplication, list of 100,000), same process, one run each; total time and speedup.
   The seed BFS with the original's linear scan runs on the first K seeds only (it is slow).
2. Random parity-passing boards (digits 1..9 uniform, fixed seed, rejected until every
   value class has an even count) of 6x6, 8x5 and 9x6 under ``original`` and ``brief``:
   every board must be decided; median, p99 and max seconds.  Every solution is replayed
   by the independent checker.
3. ``easybrain`` random starts of 27 and 35 digits (1..9 uniform, 9 wide, fixed seed):
   fewest additions with a per-board timeout (``--seq-timeout``); decided count, median,
   p90 and max, additions used, and the targets (every board decided, median <= 5 ms,
   max < 1 s) checked.  Every move list is replayed by the independent checker.  The same
   for ``classic`` on 27-digit random starts (``--classic-boards``; not a target, shown
   because they are much harder; classic has unlimited additions, so a start not cleared
   within the default bound of 10 additions is "unknown", never "unsolvable").
4. The classic 1..19 start under ``classic``: fewest additions (0 is impossible by
   parity, 27 digits, so the bound-0 search ends at once), target < 1 s.
5. ``generate`` for classic/easybrain (fewest-additions bands) and ``count`` of move
   lists on small starts: time per call.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from numpuzzles.core.result import Status
from numpuzzles.nummatch.board import Board, parse_board
from numpuzzles.nummatch.check import check
from numpuzzles.nummatch.randfill import randfill
from numpuzzles.nummatch.rules import CLASSIC, get_rules, parity_ok
from numpuzzles.nummatch.seedbfs import seed_bfs
from numpuzzles.nummatch.seqsolve import count_adds, solve_sequence
from numpuzzles.nummatch.sequence import to_board
from numpuzzles.nummatch.solve import solve


def _quantile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def bench_seeds(linear_seeds: int) -> None:
    boards = [randfill(s) for s in range(1, 1001)]
    t0 = time.perf_counter()
    exact = [solve(b).status for b in boards]
    t_exact = time.perf_counter() - t0
    t0 = time.perf_counter()
    bfs = [seed_bfs(b).status for b in boards]
    t_bfs = time.perf_counter() - t0
    disagree = sum(
        1 for e, b in zip(exact, bfs, strict=True) if b is not Status.UNKNOWN and e is not b
    )
    print("## randfill seeds 1..1000, rules original")
    print(
        f"exact solver: {t_exact:.3f} s   solved {exact.count(Status.SOLVED)}, "
        f"unsolvable {exact.count(Status.UNSOLVABLE)}, unknown {exact.count(Status.UNKNOWN)}"
    )
    print(
        f"seed BFS (hash set): {t_bfs:.3f} s   solved {bfs.count(Status.SOLVED)}, "
        f"unsolvable {bfs.count(Status.UNSOLVABLE)}, unknown (list full) "
        f"{bfs.count(Status.UNKNOWN)}"
    )
    print(f"speedup exact vs seed BFS: {t_bfs / t_exact:.1f}x   disagreements: {disagree}")
    if linear_seeds:
        sub = boards[:linear_seeds]
        t0 = time.perf_counter()
        for b in sub:
            seed_bfs(b, dedup="hash")
        t_hash = time.perf_counter() - t0
        t0 = time.perf_counter()
        for b in sub:
            seed_bfs(b, dedup="linear")
        t_lin = time.perf_counter() - t0
        print(
            f"seeds 1..{linear_seeds}: seed BFS hash set {t_hash:.3f} s, linear scan "
            f"{t_lin:.3f} s ({t_lin / t_hash:.1f}x slower)"
        )


def bench_random(width: int, height: int, rules: str, count: int, seed: int) -> None:
    rnd = random.Random(seed)
    times: list[float] = []
    statuses: dict[Status, int] = {}
    nodes = 0
    while len(times) < count:
        board = Board(width, height, tuple(rnd.randint(1, 9) for _ in range(width * height)))
        if not parity_ok(board.cells):
            continue
        t0 = time.perf_counter()
        result = solve(board, rules)
        times.append(time.perf_counter() - t0)
        statuses[result.status] = statuses.get(result.status, 0) + 1
        nodes = max(nodes, result.stats.nodes)
        if result.solutions and check(board, result.solutions[0], rules):
            sys.exit(f"checker rejected the solution of {board}")
    times.sort()
    print(
        f"| {width}x{height} | {rules} | {count} | {statuses.get(Status.SOLVED, 0)} | "
        f"{statuses.get(Status.UNSOLVABLE, 0)} | {statuses.get(Status.UNKNOWN, 0)} | "
        f"{statistics.median(times) * 1000:.2f} | {_quantile(times, 0.99) * 1000:.1f} | "
        f"{times[-1] * 1000:.1f} | {nodes} |"
    )


def bench_sequence(
    rules: str, digits: int, count: int, timeout: float, seed: int, target: bool = False
) -> None:
    rnd = random.Random(seed)
    times: list[float] = []
    statuses: dict[Status, int] = {}
    adds: dict[int, int] = {}
    for _ in range(count):
        board = to_board(tuple(rnd.randint(1, 9) for _ in range(digits)), 9)
        t0 = time.perf_counter()
        result = solve_sequence(board, get_rules(rules), timeout=timeout)
        times.append(time.perf_counter() - t0)
        statuses[result.status] = statuses.get(result.status, 0) + 1
        if result.solutions:
            if check(board, result.solutions[0], rules):
                sys.exit(f"checker rejected the solution of {board}")
            a = count_adds(result.solutions[0])
            adds[a] = adds.get(a, 0) + 1
    times.sort()
    print(
        f"| {rules} | {digits} | {count} | {statuses.get(Status.SOLVED, 0)} | "
        f"{statuses.get(Status.UNSOLVABLE, 0)} | {statuses.get(Status.UNKNOWN, 0)} | "
        f"{statistics.median(times) * 1000:.1f} | {_quantile(times, 0.9) * 1000:.0f} | "
        f"{times[-1]:.2f} | {dict(sorted(adds.items()))} |"
    )
    if target:
        met = (
            statuses.get(Status.UNKNOWN, 0) == 0
            and statistics.median(times) <= 0.005
            and times[-1] < 1.0
        )
        print(f"target (all decided, median <= 5 ms, max < 1 s): {'met' if met else 'NOT met'}")


def bench_generate_count() -> None:
    from numpuzzles.nummatch.count import count_reading_sequences
    from numpuzzles.nummatch.generate import generate

    print("| call | result | seconds |")
    print("|---|---|---|")
    for rules, width, height, difficulty in (
        ("easybrain", 9, 3, "medium"),
        ("easybrain", 9, 4, "easy"),
        ("classic", 5, 2, "hard"),
        ("easybrain", 4, 2, "hard"),
    ):
        t0 = time.perf_counter()
        made = generate(width, height, rules=rules, seed=1, difficulty=difficulty)
        elapsed = time.perf_counter() - t0
        ok = not check(made.board, made.moves, rules)
        print(
            f"| generate {rules} {width}x{height} {difficulty} seed 1 | {made.board} "
            f"({made.adds} adds, {made.attempts} attempts, checker {'ok' if ok else 'FAILED'})"
            f" | {elapsed:.2f} |"
        )
    for text, rules in (("19/55/37", "classic"), ("123456/789", "easybrain")):
        board = parse_board(text, allow_short_last_row=True)
        t0 = time.perf_counter()
        adds, lists = count_reading_sequences(board, rules)
        print(
            f"| count {rules} {text} | {lists} move lists with {adds} additions | "
            f"{time.perf_counter() - t0:.3f} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=200, help="boards per size and rules")
    parser.add_argument("--linear-seeds", type=int, default=100)
    parser.add_argument("--seq-boards", type=int, default=100, help="easybrain starts per size")
    parser.add_argument("--seq-timeout", type=float, default=10.0)
    parser.add_argument("--classic-boards", type=int, default=20, help="classic starts")
    parser.add_argument("--seq-seed", type=int, default=7, help="seed of the random starts")
    parser.add_argument(
        "--only-sequence",
        action="store_true",
        help="skip the fixed-grid parts (1 and 2)",
    )
    args = parser.parse_args()
    print(
        f"command: python bench/nummatch_bench.py --boards {args.boards} "
        f"--linear-seeds {args.linear_seeds} --seq-boards {args.seq_boards} "
        f"--seq-timeout {args.seq_timeout} --classic-boards {args.classic_boards} "
        f"--seq-seed {args.seq_seed}" + (" --only-sequence" if args.only_sequence else "")
    )
    if not args.only_sequence:
        bench_seeds(args.linear_seeds)
        print()
        print("## random parity-passing boards (seed 2026 per size), exact solver")
        print(
            "| size | rules | boards | solved | unsolvable | unknown | median ms | p99 ms "
            "| max ms | max nodes |"
        )
        print("|---|---|---|---|---|---|---|---|---|---|")
        for width, height in ((6, 6), (8, 5), (9, 6)):
            for rules in ("original", "brief"):
                bench_random(width, height, rules, args.boards, 2026)
        print()
    print(
        f"## random starts (seed {args.seq_seed}), fewest additions, timeout {args.seq_timeout} s"
    )
    print(
        "| rules | digits | boards | solved | unsolvable | unknown | median ms | p90 ms | max s "
        "| adds |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for digits in (27, 35):
        bench_sequence("easybrain", digits, args.seq_boards, args.seq_timeout, args.seq_seed,
                       target=True)
    bench_sequence("classic", 27, args.classic_boards, args.seq_timeout, args.seq_seed)
    start = parse_board("123456789/111213141/516171819")
    t0 = time.perf_counter()
    result = solve_sequence(start, CLASSIC, timeout=60)
    elapsed = time.perf_counter() - t0
    moves = result.solutions[0] if result.solutions else ()
    print()
    print(
        f"classic 1..19 start: {result.status.value} in {elapsed:.2f} s, {len(moves)} moves "
        f"({count_adds(moves)} additions), {result.stats.nodes} nodes, checker "
        f"{'ok' if moves and not check(start, moves, 'classic') else 'FAILED'}; "
        f"target < 1 s {'met' if elapsed < 1 and result.status is Status.SOLVED else 'NOT met'}"
    )
    print()
    print("## generate and count, classic/easybrain")
    bench_generate_count()


if __name__ == "__main__":
    main()
