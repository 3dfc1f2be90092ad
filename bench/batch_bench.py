"""Benchmark of batch generation (issue 11): throughput at 1 and 2 local workers, the Dask
path's overhead against the local pool with the same 2 workers, and the parent's peak
memory as the batch grows.

Run from the repository root (Dask needs the ``cluster`` extra):

    python bench/batch_bench.py                        # the figures in BENCHMARKS.md
    python bench/batch_bench.py --nl 100 --fb 100 --memory 1000,10000

Throughput: puzzles written per second by ``engine.run_batch`` into a new file, from the
call to the last line (pool start included), for 10x10 Numberlink (every puzzle proved
unique inside the generator) and 5x5 Fubuki.  Dask: a ``LocalCluster`` of 2 worker
processes of one thread each on 127.0.0.1, already started (as a cluster named with
``--scheduler`` is), against the local pool of 2 processes on the same batch.  Memory:
for each N a fresh interpreter runs a batch of N 3x3 Fubuki puzzles with 2 workers and
reports its own peak resident set (``getrusage(RUSAGE_SELF).ru_maxrss``: the parent
only, not the workers).  Targets: >= 1.8x from 1 to 2 workers; Dask overhead <= 15%;
flat parent memory from 1,000 to 100,000.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from numpuzzles.batch import engine
from numpuzzles.families import family

CASES: dict[str, tuple[str, dict[str, Any]]] = {
    "numberlink 10x10": ("numberlink", {"size": "10x10"}),
    "fubuki 5x5": ("fubuki", {"size": 5}),
}


def _rate(name: str, params: dict[str, Any], count: int, runner: Any) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        job = engine.spec(family(name), params, 1, count)
        state = engine.run_batch(job, Path(tmp) / "out.jsonl", runner)
    return state.made / state.seconds


def throughput(counts: dict[str, int], dask: bool) -> None:
    family("numberlink").generate({"size": "10x10"}, 0)  # the numba kernel in its disk cache
    client: Any = None
    cluster: Any = None
    if dask:
        import importlib

        from numpuzzles.batch.cluster import dask_runner

        distributed: Any = importlib.import_module("distributed")  # untyped: the cluster extra
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                           dashboard_address=None, host="127.0.0.1")
        client = distributed.Client(cluster)
    print("| batch | N | 1 worker /s | 2 workers /s | speed-up | Dask, 2 workers /s "
          "| Dask overhead |")
    print("|---|---|---|---|---|---|---|")
    for label, (name, params) in CASES.items():
        count = counts[label]
        if not count:
            continue
        one = _rate(name, params, count, engine.local_runner(1))
        two = _rate(name, params, count, engine.local_runner(2))
        row = f"| {label} | {count} | {one:.1f} | {two:.1f} | {two / one:.2f}x"
        if client is not None:
            on_dask = _rate(name, params, count, dask_runner(client=client))
            row += f" | {on_dask:.1f} | {100 * (two / on_dask - 1):+.1f}% |"
        else:
            row += " | - | - |"
        print(row, flush=True)
    if client is not None and cluster is not None:
        client.close()
        cluster.close()


def memory_one(count: int) -> None:
    """The child's part: one batch, then its own peak memory as JSON."""
    with tempfile.TemporaryDirectory() as tmp:
        job = engine.spec(family("fubuki"), {"size": 3}, 1, count)
        state = engine.run_batch(job, Path(tmp) / "out.jsonl", engine.local_runner(2))
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"count": count, "peak_mib": peak_kib / 1024,
                      "rate": state.made / state.seconds}))


def memory(counts: list[int]) -> None:
    print("| 3x3 Fubuki, N | parent peak RSS (MiB) | puzzles/s |")
    print("|---|---|---|")
    for count in counts:
        done = subprocess.run([sys.executable, __file__, "--memory-one", str(count)],
                              check=True, capture_output=True, text=True)
        figures = json.loads(done.stdout.strip().splitlines()[-1])
        print(f"| {count:,} | {figures['peak_mib']:.1f} | {figures['rate']:.0f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nl", type=int, default=400, help="10x10 Numberlink puzzles")
    parser.add_argument("--fb", type=int, default=400, help="5x5 Fubuki puzzles")
    parser.add_argument("--memory", default="1000,10000,100000", help="N for the memory runs")
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--memory-one", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.memory_one is not None:
        memory_one(args.memory_one)
        return
    throughput({"numberlink 10x10": args.nl, "fubuki 5x5": args.fb}, not args.no_dask)
    print()
    memory([int(n) for n in args.memory.split(",") if n])


if __name__ == "__main__":
    main()
