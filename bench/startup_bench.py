"""Start-up benchmark: what one fresh ``numpuzzles numberlink solve`` process costs.

Run from the repository root (the boards come from tests/data/numberlink/)::

    python bench/startup_bench.py                 # both modes, 3 runs each, every case
    python bench/startup_bench.py --repeat 7 --mode aot --mode noc --case trivial --case published

Two measurements, each in up to three modes: ``aot`` (as installed: the scan kernel's Cython
build and the ahead-of-time numba kernels where they were built, see
``numpuzzles/core/jit.py``), ``noc`` (``NUMPUZZLES_NO_C=1``: the numba kernels alone, as
before the Cython build, issue 26's baseline) and ``jit`` (``NUMPUZZLES_NO_AOT=1`` too:
numba's JIT with its on-disk cache, as before the ahead-of-time build existed).  The modes
take turns within each case, so each case's figures are paired.  ``--before CHECKOUT`` adds
a mode ``before``: the same cases run by an earlier checkout of the project (a ``git
worktree`` of the commit to compare with, its kernels built there), the baseline of a
change in the same run.

- *boards*: one board per process, ``python -m numpuzzles numberlink solve FILE -q`` (the
  default rules, one solution) and the same with ``--rules fill-notouch --unique``, on
  boards from 10x10 to 40x40 taken from the ahle corpora;
- *small-300*: 300 boards of 8x8 to 17x17 (30 of each size, made by this project's
  generator with fixed seeds and its default clue density, unique under ``fill``), solved
  and proved unique under ``fill-notouch`` by one process;
- *published* (issue 26): every solvable published puzzle of the corpora in
  tests/data/numberlink/ (flow-29.txt and the ahle files) at least 8 cells on each side and
  at most 720 cells (36x20): 45 puzzles (the two impossible ones of that size, ahle-inputs2
  #2 and ahle-inputs7 #0, left out: ``IMPOSSIBLE``), solved and proved unique under
  ``fill-notouch`` by one process, with the issue's command, ``numberlink solve FILE
  --rules fill-notouch --unique`` (no ``-q``, the output discarded).  The issue quotes
  0.50 s on "270 published 8x8 to 36x20 puzzles" and 0.12 s for a Go backtracker that only
  solves (on the set of the *ahle-janko* case; ``--go`` measures it here);
- *janko* (issue 26): 270 published hand-made puzzles, janko.at's Arukone set in its file's
  order (bench/data/janko-arukone.txt), from 8x8 to 720 cells, those with a
  ``fill-notouch`` solution: a stand-in of the issue's own size, with the same command;
- *ahle-janko* (issue 26): the issue's own set, bench/data/ahle-janko.txt: 270 janko.at
  puzzles of 8x8 to 36x20 as Thomas Ahle's Go solver reads them (its ``puzzles/janko``),
  with the same command; ``--go`` times that solver on the same file, paired;
- *corpora* (issue 26): whole ahle corpora, each one process with the same command:
  ahle-inputs9 (101 generated 40x20), ahle-inputs4 (11 puzzles, 10x10 to 80x30) and
  ahle-inputs10 (11 generated 50x50), where the search, not the start, is most of the
  time (``--go`` runs the Go solver on the same files);
- *trivial* (issue 26): Flow Free's ``regular_5x5_01`` (flow-29.txt's first), the same
  command: a whole process for a trivial board (target 0.12 s).

``--go SOLVER`` adds mode ``go`` to the one-process cases: the same file on the standard
input of a solve-only backtracker that reads the ``ahle`` format, as Thomas Ahle's Go
solver does (the baseline issue 26 names; it is not part of this project, so it is built
beside it): ``apt-get install golang-go``, take ``src/numberlink/{paper,parse,print,main}.go``
from github.com/thomasahle/numberlink into an empty folder with a ``go.mod`` (``module
numberlink``), drop ``main.go``'s ``--generate`` branch (its ``gen.go`` is not needed), and
``go build -o ahle .``.  The figures in BENCHMARKS.md came from such a build (Go 1.19.8).

Each figure is the median over ``--repeat`` runs of the process's wall time and of its CPU
time (user + system, less sensitive to a busy machine).  One untimed run per mode first
warms numba's disk cache, so the ``jit`` mode shows the cost of loading the cache, not of
compiling, and writes Python's bytecode caches: the child processes run without
``PYTHONDONTWRITEBYTECODE`` (an installed package has its ``.pyc`` files; compiling some 50
modules from source would cost every process more than the kernel does).
Every run must exit 0 (all solved); any other status aborts the benchmark.  Each table
line gives the UTC time it was measured.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from janko_bench import DATA as JANKO
from janko_bench import read as read_janko
from numpuzzles.numberlink import formats

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "numberlink"
BOARDS = [  # (corpus file, index in it)
    ("ahle-inputs4.txt", 0),  # 10x10
    ("ahle-inputs2.txt", 1),  # 15x15
    ("ahle-inputs4.txt", 2),  # 24x14
    ("ahle-inputs4.txt", 4),  # 36x20
    ("ahle-inputs9.txt", 0),  # 40x20
    ("ahle-inputs4.txt", 6),  # 36x40
    ("ahle-inputs4.txt", 10),  # 36x36, some 1.5 million scan nodes
    ("ahle-inputs4.txt", 8),  # 40x40, some 2 million scan nodes
]
SMALL_SIZES = range(8, 18)
SMALL_EACH = 30
SMALL_SEED = 20261201
SOLVE = [sys.executable, "-m", "numpuzzles", "numberlink", "solve", "-q"]
UNIQUE = ["--rules", "fill-notouch", "--unique"]
ISSUE = [sys.executable, "-m", "numpuzzles", "numberlink", "solve"]
"""The issue's command, without ``-q``: what a user types (the output is discarded)."""
PUBLISHED_CORPORA = ("flow-29.txt", "ahle-inputs2.txt", "ahle-inputs3.txt", "ahle-inputs4.txt",
                     "ahle-inputs5.txt", "ahle-inputs7.txt", "ahle-inputs9.txt",
                     "ahle-inputs10.txt")
PUBLISHED_SIDE = 8
PUBLISHED_CELLS = 36 * 20
IMPOSSIBLE = {("ahle-inputs2.txt", 2), ("ahle-inputs7.txt", 0)}
"""The published boards of that size with no solution (the corpora's reference solver and
this one agree): "solved and proved unique" is asked of the others."""
JANKO_COUNT = 270
"""The issue's number of published puzzles: the first this many of janko.at's Arukone set
(bench/data/janko-arukone.txt) from 8x8 to 720 cells that have a ``fill-notouch``
solution."""
AHLE_JANKO = Path(__file__).resolve().parent / "data" / "ahle-janko.txt"
CORPORA = ("ahle-inputs9.txt", "ahle-inputs4.txt", "ahle-inputs10.txt")
CASES = ("boards", "small", "published", "janko", "ahle-janko", "corpora", "trivial")


def timed(command: list[str], env: dict[str, str],
          stdin: Path | None = None) -> tuple[float, float]:
    """Wall and CPU seconds of one process running ``command`` (reading ``stdin``, a file,
    when given); it must exit 0."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(stdin or os.devnull, "rb") as source:
        status = subprocess.run(
            command, env=env, check=False, stdin=source, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        ).returncode
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if status != 0:
        raise SystemExit(f"exit status {status}: {' '.join(command)}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu


def median_run(command: list[str], env: dict[str, str], repeat: int,
               stdin: Path | None = None) -> str:
    runs = [timed(command, env, stdin) for _ in range(repeat)]
    wall = statistics.median(run[0] for run in runs)
    cpu = statistics.median(run[1] for run in runs)
    return f"{wall:7.3f} {cpu:7.3f}"


def utc() -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())


def published_boards(directory: Path) -> tuple[Path, int]:
    """The solvable published puzzles of ``PUBLISHED_CORPORA`` from 8x8 to 720 cells, in
    one file (in the ``ahle`` format), and how many."""
    chunks: list[str] = []
    for name in PUBLISHED_CORPORA:
        for index, puzzle in enumerate(formats.parse((DATA / name).read_text())):
            if (name, index) in IMPOSSIBLE:
                continue
            if (min(puzzle.width, puzzle.height) >= PUBLISHED_SIDE
                    and puzzle.width * puzzle.height <= PUBLISHED_CELLS):
                chunks.append(formats.dump(puzzle, "ahle"))
    path = directory / "published.txt"
    path.write_text("\n".join(chunks))
    return path, len(chunks)


def janko_boards(directory: Path) -> tuple[Path, int]:
    """``JANKO_COUNT`` published hand-made puzzles in one file (``ahle`` format): janko.at's,
    in their file's order, from 8x8 to 720 cells, those with a ``fill-notouch`` solution
    (found here, not timed; 565 of the 571 such puzzles have one)."""
    from numpuzzles.core.result import Status
    from numpuzzles.numberlink.model import Rules
    from numpuzzles.numberlink.solve.dispatch import solve

    chunks: list[str] = []
    for _ident, puzzle in read_janko(JANKO):
        if len(chunks) == JANKO_COUNT:
            break
        if (puzzle is None or min(puzzle.width, puzzle.height) < PUBLISHED_SIDE
                or puzzle.width * puzzle.height > PUBLISHED_CELLS):
            continue
        if solve(puzzle, rules=Rules.FILL_NOTOUCH).status is Status.SOLVED:
            chunks.append(formats.dump(puzzle, "ahle"))
    path = directory / "janko.txt"
    path.write_text("\n".join(chunks))
    return path, len(chunks)


def trivial_board(directory: Path) -> Path:
    """Flow Free's ``regular_5x5_01``, the first puzzle of flow-29.txt, alone in a file."""
    puzzle = formats.parse((DATA / "flow-29.txt").read_text())[0]
    path = directory / "trivial-5x5.txt"
    path.write_text(formats.dump(puzzle, "ahle"))
    return path


def small_boards(directory: Path) -> Path:
    """The 300 generated boards in one file (made once per benchmark, not timed)."""
    chunks: list[str] = []
    for size in SMALL_SIZES:
        command = [
            sys.executable,
            "-m",
            "numpuzzles",
            "numberlink",
            "generate",
            f"{size}x{size}",
            "--count",
            str(SMALL_EACH),
            "--seed",
            str(SMALL_SEED + 1000 * size),
            "--to",
            "ahle",
        ]
        made = subprocess.run(command, check=True, capture_output=True, text=True).stdout
        chunks.append(made)
    path = directory / "small-300.txt"
    path.write_text("\n".join(chunks))
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--mode", action="append", choices=("aot", "noc", "jit"))
    parser.add_argument("--skip-small", action="store_true", help="no small-300 case")
    parser.add_argument("--case", action="append", choices=CASES,
                        help="the cases to run (default: all)")
    parser.add_argument("--before", type=Path, metavar="CHECKOUT",
                        help="also time mode 'before': an earlier checkout of this project "
                             "(its src/ first on PYTHONPATH, as installed otherwise; build its "
                             "kernels there first: `python -m numpuzzles.core.jit`)")
    parser.add_argument("--go", type=Path, metavar="SOLVER",
                        help="also time mode 'go' in the one-process cases: a solve-only "
                             "backtracker that reads the ahle format on standard input and "
                             "exits 0, such as Thomas Ahle's Go numberlink solver (build it "
                             "with `go build`; it is not part of this project)")
    args = parser.parse_args()
    modes = args.mode or ["aot", "jit"]
    cases = set(args.case or CASES) - ({"small"} if args.skip_small else set())
    base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    aot = {k: v for k, v in base.items() if k not in ("NUMPUZZLES_NO_AOT", "NUMPUZZLES_NO_C")}
    envs = {
        "aot": aot,
        "noc": {**aot, "NUMPUZZLES_NO_C": "1"},
        "jit": {**aot, "NUMPUZZLES_NO_AOT": "1", "NUMPUZZLES_NO_C": "1"},
    }
    if args.before is not None:
        envs["before"] = {**aot, "PYTHONPATH": str(args.before.resolve() / "src")}
        modes = [*modes, "before"]
    if args.go is not None:
        modes = [*modes, "go"]
    with tempfile.TemporaryDirectory() as scratch:
        directory = Path(scratch)
        files = []
        for name, index in BOARDS:
            puzzle = formats.parse((DATA / name).read_text())[index]
            path = directory / f"{name.removesuffix('.txt')}-{index}.txt"
            path.write_text(formats.dump(puzzle, "ahle"))
            files.append((f"{puzzle.width}x{puzzle.height} {name}#{index}", path))
        small = small_boards(directory) if "small" in cases else None
        published, count = published_boards(directory)
        janko, janko_count = janko_boards(directory) if "janko" in cases else (None, 0)
        trivial = trivial_board(directory)
        for mode in [m for m in modes if m != "go"]:  # warms caches, writes bytecode
            timed([*SOLVE, *UNIQUE, str(files[-1][1])], envs[mode])
            timed([*SOLVE, str(files[0][1])], envs[mode])
            timed([*ISSUE, *UNIQUE, str(trivial)], envs[mode])
        print(f"load average before: {os.getloadavg()[0]:.2f}; median of {args.repeat} runs; "
              f"started {utc()}")
        print(f"{'board':34} {'mode':4}  solve: wall    cpu   unique: wall    cpu")
        for label, path in files if "boards" in cases else []:
            for mode in [m for m in modes if m != "go"]:
                plain = median_run([*SOLVE, str(path)], envs[mode], args.repeat)
                unique = median_run([*SOLVE, *UNIQUE, str(path)], envs[mode], args.repeat)
                print(f"{label:34} {mode:4}  {plain}  {unique}  {utc()}", flush=True)
        if small is not None:
            for mode in [m for m in modes if m != "go"]:
                figures = median_run([*SOLVE, *UNIQUE, str(small)], envs[mode], args.repeat)
                print(f"{'300 boards 8x8..17x17, one process':34} {mode:4}  unique: {figures}"
                      f"  {utc()}", flush=True)
        whole: list[tuple[str, Path]] = []  # the issue's command, one process per file
        if "published" in cases:
            whole.append((f"{count} published, one process", published))
        if janko is not None:
            whole.append((f"{janko_count} janko.at, one process", janko))
        if "ahle-janko" in cases:
            whole.append(("270 ahle-janko, one process", AHLE_JANKO))
        if "corpora" in cases:
            whole.extend((f"{name.removesuffix('.txt')}, one process", DATA / name)
                         for name in CORPORA)
        if "trivial" in cases:
            whole.append(("trivial 5x5, whole process", trivial))
        for label, path in whole:
            for mode in modes:
                if mode == "go":
                    figures = median_run([str(args.go)], {}, args.repeat, stdin=path)
                else:
                    figures = median_run([*ISSUE, str(path), *UNIQUE], envs[mode], args.repeat)
                print(f"{label:34} {mode:4}  unique: {figures}  {utc()}", flush=True)
        print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
