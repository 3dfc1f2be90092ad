"""How long each level of the page's packs, and the daily puzzles, take to generate.

Run from the repository root:

    python bench/packs_bench.py                 # every fixed pack, seeds as listed
    python bench/packs_bench.py --slow 0.5 --extra 20   # also seeds past the pack's end

Each level is made from its ID (``family.regenerate``), as ``POST /api/FAMILY/generate``
with an ``id`` does, one at a time in this process after one warm-up generation per pack
(the compiled kernels load once); the table shows median and max seconds per pack.  With
``--slow S`` the seeds (of the levels, and of ``--extra`` seeds after them) over ``S``
seconds are listed: those are the candidates for ``web/packs.py``'s ``SLOW_SEEDS``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from numpuzzles.families import family
from numpuzzles.web.packs import FIXED, daily, level_ids, parse_day


def _seconds(ident: str) -> float:
    name = ident.partition(":")[0]
    started = time.perf_counter()
    family(name).regenerate(ident)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slow", type=float, default=None, help="list seeds over this")
    parser.add_argument("--extra", type=int, default=0, help="seeds past each pack's last")
    parser.add_argument("--days", type=int, default=30, help="daily puzzles from today on")
    args = parser.parse_args()
    print(f"{'pack':26} {'levels':>6} {'median_s':>9} {'max_s':>7}  slow seeds")
    for spec in FIXED:
        fam = family(spec.family)
        params = fam.normalise_params(spec.params)
        fam.regenerate(fam.make_id(params, 10**6))  # warm-up
        seeds = spec.seeds()
        extra = tuple(range(seeds[-1] + 1, seeds[-1] + 1 + args.extra))
        times = {seed: _seconds(ident) for seed, ident in zip(seeds, level_ids(spec), strict=True)}
        tried = {seed: _seconds(fam.make_id(params, seed)) for seed in extra}
        slow = "" if args.slow is None else " ".join(
            str(s) for s, t in {**times, **tried}.items() if t > args.slow)
        values = list(times.values())
        print(f"{spec.name:26} {len(values):6} {statistics.median(values):9.3f} "
              f"{max(values):7.3f}  {slow}", flush=True)
    import datetime as dt

    first = parse_day(None)
    per_family: dict[str, list[float]] = {}
    for offset in range(args.days):
        for name, ident in daily(first + dt.timedelta(days=offset)).items():
            per_family.setdefault(name, []).append(_seconds(ident))
    for name, values in per_family.items():
        print(f"{'daily ' + name:26} {len(values):6} {statistics.median(values):9.3f} "
              f"{max(values):7.3f}")


if __name__ == "__main__":
    main()
