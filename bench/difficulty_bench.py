"""Benchmark of difficulty grades (issue 13): do the grades order the solving effort?

Run from the repository root:

    python bench/difficulty_bench.py                                 # 10,15,20 x 100 seeds
    python bench/difficulty_bench.py --sizes 10,15 --seeds 1-20      # a quick run
    python bench/difficulty_bench.py --expert 15 --expert-seeds 1-10 # --difficulty expert

For each rule set and size, puzzles from the seeds (default parameters, through the
family registry) are counted per grade, with the mean search nodes the scan search
(``engine="scan"``, ``limit=2`` under ``fill-notouch``; a puzzle unique under ``fill``
whose solution never touches itself, as every generated one, is unique there too) needs
to prove each puzzle unique, so the table shows whether harder grades cost more search.
(Since issue 13 every rule set's grade is that effort against a typical one per size,
``numberlink/generate/grade.py``, so the means rise with the grade within a size by
construction; the table shows how the puzzles spread over the grades and how far apart
the grades' efforts lie.)
``--expert N``: the median seconds of ``--difficulty expert`` at NxN per rule set
(issue 13's target: at most 10 s at 15x15).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

from numpuzzles.families import family
from numpuzzles.numberlink.model import Rules
from numpuzzles.numberlink.solve.dispatch import solve

GRADES = ("easy", "medium", "hard", "expert")


def _ints(text: str) -> list[int]:
    return [int(part) for part in text.split(",") if part]


def _seeds(text: str) -> list[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def grades(rules: str, sizes: list[int], seeds: list[int]) -> None:
    numberlink = family("numberlink")
    print(f"Numberlink, rules {rules}, default parameters, seeds {seeds[0]}..{seeds[-1]}: "
          "puzzles per grade (mean scan-search nodes to prove unique)")
    print("size   " + "  ".join(f"{g:>18}" for g in GRADES))
    for n in sizes:
        nodes: dict[str, list[int]] = defaultdict(list)
        for seed in seeds:
            item = numberlink.generate({"size": f"{n}x{n}", "rules": rules}, seed)
            proof = solve(
                item.puzzle.puzzle, rules=Rules.FILL_NOTOUCH, limit=2, engine="scan"
            )
            if not (proof.complete and proof.count == 1):
                raise SystemExit(f"{n}x{n} seed {seed}: not unique under fill-notouch")
            nodes[str(item.difficulty)].append(proof.stats.nodes)
        cells = []
        for g in GRADES:
            found = nodes.get(g, [])
            mean = f"({statistics.mean(found):,.0f})" if found else ""
            cells.append(f"{len(found):>4} {mean:>13}")
        print(f"{n:>2}x{n:<3} " + "  ".join(cells), flush=True)


def expert(rules: str, n: int, seeds: list[int]) -> None:
    numberlink = family("numberlink")
    seconds = []
    for seed in seeds:
        started = time.perf_counter()
        numberlink.generate({"size": f"{n}x{n}", "rules": rules, "difficulty": "expert"}, seed)
        seconds.append(time.perf_counter() - started)
    print(f"--difficulty expert, {n}x{n}, rules {rules}, seeds {seeds[0]}..{seeds[-1]}: "
          f"median {statistics.median(seconds):.2f} s, max {max(seconds):.2f} s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="fill-notouch,fill")
    parser.add_argument("--sizes", type=_ints, default=[10, 15, 20])
    parser.add_argument("--seeds", type=_seeds, default=_seeds("1-100"), help="e.g. 1-100")
    parser.add_argument("--expert", type=int, default=None, help="time --difficulty expert")
    parser.add_argument("--expert-seeds", type=_seeds, default=_seeds("1-10"))
    args = parser.parse_args()
    for rules in args.rules.split(","):
        if args.expert is not None:
            expert(rules, args.expert, args.expert_seeds)
        else:
            grades(rules, args.sizes, args.seeds)
            print()


if __name__ == "__main__":
    main()
