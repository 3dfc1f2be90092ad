"""The contest's boards (DA Symposium ADC, 2016+ format): solved, proved unique or not,
checked, timed.

Run from the repository root:

    python bench/adc_bench.py                  # public files, then constructed layered boards
    python bench/adc_bench.py --timeout 60 --sat 10
    python bench/adc_bench.py --timeout 10 --baseline   # and the race without few_empty
    python bench/adc_bench.py --timeout 10 --baseline negotiate   # and without negotiation
    python bench/adc_bench.py --only sample-NL_Q02.txt,sample-NL_Q03.txt,sample-01-NL_Q01.txt

Two sets.  ``public``: every problem in ``tests/data/numberlink/adc`` (the organisers'
ADC 2015 problems in the 2016 format, one layer each, so the 2-D engines answer, one
problem of three layers from their random generator, and their three examples of the
2016 format with vias, ``sample-*``), under ``blank``, the contest's rule.  ``layered``:
boards of several layers made with a solution by construction
(``numberlink/layers/construct.py``, seeded), since no contest problem of several layers
from 2016-2017 is public.  ``--only`` runs the named public files alone.  For each
board: seconds to one solution (``solve``), seconds to decide
uniqueness (two solutions asked for), both answers checked by the independent checker;
``--sat S`` also times the SAT engine alone (no router) on one solution, under a limit of
S seconds (``-`` when it ran out, or at once when the model would pass
``layers.sat.MAX_LABEL_VARS``).  ``--baseline`` puts in the public rows' ``sat_s`` column the
seconds to one solution with ``race.FEW_EMPTY`` off (the ``blank`` race before Glucose
looked first for solutions with few empty cells, ``few_empty.py``; ``-`` when it found none
within the timeout); ``--baseline negotiate`` the same with ``race.NEGOTIATE`` off (the
race before negotiated routing took turns, ``negotiate.py``).
"""

from __future__ import annotations

import argparse
import datetime
import time
from pathlib import Path

from numpuzzles.core.deadline import Deadline
from numpuzzles.core.family import Ruled
from numpuzzles.numberlink.family import NUMBERLINK
from numpuzzles.numberlink.layers.check import check_layered
from numpuzzles.numberlink.layers.construct import construct
from numpuzzles.numberlink.layers.graph import stacked_graph
from numpuzzles.numberlink.layers.sat import solve_graph
from numpuzzles.numberlink.layers.solve import solve_layered
from numpuzzles.numberlink.model import Rules
from numpuzzles.numberlink.solve import race

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "numberlink" / "adc"
LAYERED = [  # width, height, layers, lines, seed
    (8, 8, 2, 8, 1), (12, 12, 3, 20, 1), (16, 16, 4, 40, 1), (24, 24, 4, 60, 1),
    (36, 36, 4, 100, 1), (36, 36, 8, 160, 1), (72, 72, 8, 300, 1),
]


def public_problems() -> list[Path]:
    """Every problem once: the 2016 form of each (its 2015 form, ``QNN.txt``, is the same
    board), the layered ``Q_*`` problems, and the organisers' 2016 examples with vias
    (``sample-*NL_Q*``)."""
    return [p for p in sorted(DATA.glob("Q*.txt"))
            if p.name.endswith(".2016.txt") or p.name.startswith("Q_")] + sorted(
        DATA.glob("sample-*NL_Q*.txt"))


def public(timeout: float, baseline: str | None, only: set[str] | None = None) -> None:
    for path in public_problems():
        if only is not None and path.name not in only:
            continue
        board = Ruled(NUMBERLINK.parse(path.read_text())[0].puzzle, Rules.BLANK.value)
        started = time.perf_counter()
        one = NUMBERLINK.solve(board, limit=1, timeout=timeout)
        middle = time.perf_counter()
        two = NUMBERLINK.solve(board, limit=2, timeout=timeout)
        done = time.perf_counter()
        answers = (*one.solutions, *two.solutions)
        base_text = "-"
        if baseline:
            switch = "NEGOTIATE" if baseline == "negotiate" else "FEW_EMPTY"
            setattr(race, switch, False)
            try:
                base = NUMBERLINK.solve(board, limit=1, timeout=timeout)
            finally:
                setattr(race, switch, True)
            if base.solutions:
                base_text = f"{time.perf_counter() - done:.3f}"
            answers += base.solutions
        ok = bool(one.solutions) and all(not NUMBERLINK.check(board, s) for s in answers)
        print(f"public   {path.name:18} {NUMBERLINK.describe(board):14} "
              f"{middle - started:8.3f} {done - middle:8.3f} {_unique(two.unique):>10} "
              f"{base_text:>8} {'yes' if ok else 'NO'}", flush=True)


def layered(timeout: float, sat: float | None) -> None:
    for w, h, d, lines, seed in LAYERED:
        puzzle, made = construct(w, h, d, lines, seed)
        assert check_layered(puzzle, made, Rules.BLANK) == []
        started = time.perf_counter()
        one = solve_layered(puzzle, limit=1, timeout=timeout)
        middle = time.perf_counter()
        two = solve_layered(puzzle, limit=2, timeout=timeout)
        done = time.perf_counter()
        sat_text = "-"
        if sat is not None:
            alone = solve_graph(stacked_graph(puzzle), Rules.BLANK, 1, Deadline(sat))
            if alone.solutions:
                sat_text = f"{time.perf_counter() - done:.3f}"
        answers = (*one.solutions, *two.solutions)
        ok = bool(answers) and all(check_layered(puzzle, s, Rules.BLANK) == [] for s in answers)
        name = f"{w}x{h}x{d} {lines} lines"
        print(f"layered  {name:18} {f'{w}x{h}x{d}, blank':14} {middle - started:8.3f} "
              f"{done - middle:8.3f} {_unique(two.unique):>10} {sat_text:>8} "
              f"{'yes' if ok else 'NO'}", flush=True)


def _unique(value: bool | None) -> str:
    return {True: "unique", False: "not unique", None: "undecided"}[value]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds a solve")
    parser.add_argument("--sat", type=float, default=None, help="also time SAT alone")
    parser.add_argument("--baseline", nargs="?", const="few-empty", default=None,
                        choices=["few-empty", "negotiate"],
                        help="also time one solution without the few-empty-cells search "
                        "(or, with 'negotiate', without negotiated routing)")
    parser.add_argument("--only", default="",
                        help="comma-separated problem file names: these alone, no layered set")
    args = parser.parse_args()
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(f"# adc_bench {now}")
    print(f"{'set':8} {'board':18} {'size':14} {'one_s':>8} {'two_s':>8} {'unique?':>10} "
          f"{'sat_s':>8} checked")
    only = {name for name in args.only.split(",") if name} or None
    public(args.timeout, args.baseline, only)
    if only is None:
        layered(args.timeout, args.sat)


if __name__ == "__main__":
    main()
