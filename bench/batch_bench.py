"""Benchmark of batch generation (issue 11): throughput at 1 and 2 local workers, the Dask
path's overhead against the local pool with the same 2 workers, and the parent's peak
memory as the batch grows.

Run from the repository root (Dask needs the ``cluster`` extra):

    python bench/batch_bench.py                  # the figures in BENCHMARKS.md
    python bench/batch_bench.py --quick          # a shorter run (noisier)

Throughput: puzzles written per second by ``batch.loops.run_batch`` into a new file, from the
call to the last line (the local pool's start included), for 10x10 Numberlink (every
puzzle proved unique inside the generator) and 5x5 Fubuki, each batch the same seeds on
every path.  Dask: a ``LocalCluster`` of 2 worker processes of one thread each on
127.0.0.1, started for each Dask run before the timing (as a cluster named with
``--scheduler`` is) and closed after it, so that the local runs do not share the
machine with an idle cluster; its start-up is reported on its own.

What makes the comparison fair: both paths start warm.  The local pool forks its workers
from this process, which has made one puzzle of the case first (modules imported, numba
kernels loaded), so they start warm; the Dask workers are spawned processes, so each makes
that same puzzle first (``client.run``), and that warm-up is reported, not timed.  Each
repeat runs 1 worker, 2 workers and Dask back to back, so a change in outside load hits
the three alike; the table gives the median of the repeats and the overhead of each
repeat's Dask run against its own 2-worker run (median, min, max).  The load average
before each case is printed: the rates mean little on a machine that is busy elsewhere.
The last column is steadier under outside load: the CPU time every process of the path
spent per puzzle (local: this process and its pool's workers; Dask: this process, which
holds the scheduler, the nannies and the client, and the cluster's workers), median of
the repeats.  What the cluster uses doing nothing is measured once and printed (see
``_idle_cpu``).

Memory: for each N a fresh interpreter runs a batch of N 3x3 Fubuki puzzles with 2
workers and reports its own peak resident set (``getrusage(RUSAGE_SELF).ru_maxrss``: the
parent only, not the workers).  Targets: >= 1.8x from 1 to 2 workers; Dask overhead
<= 15%; flat parent memory from 1,000 to 100,000.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from numpuzzles.batch.loops import run_batch
from numpuzzles.batch.runner import local_runner
from numpuzzles.batch.tasks import spec
from numpuzzles.families import family

CASES: dict[str, tuple[str, dict[str, Any]]] = {
    "numberlink 10x10": ("numberlink", {"size": "10x10"}),
    "fubuki 5x5": ("fubuki", {"size": 5}),
}
_WARM_SEED = 987_654_321
"""The warm-up puzzle's seed: not one of the timed batch's (base seed 1)."""


def _warm(name: str, params: dict[str, Any]) -> float:
    """Make one puzzle of the case in this process: what a worker does once, first."""
    started = time.perf_counter()
    family(name).generate(params, _WARM_SEED)
    return time.perf_counter() - started


def _own_cpu() -> float:
    """CPU seconds of this process and of its children that have been waited for (the
    local pool's workers, once it is shut down)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


class _ClusterCpu:
    """CPU seconds of the LocalCluster's worker processes (its scheduler and nannies run
    in this process), which live on past a batch and so never reach ``RUSAGE_CHILDREN``."""

    def __init__(self) -> None:
        import importlib

        psutil: Any = importlib.import_module("psutil")  # a dependency of distributed
        self._processes = psutil.Process().children(recursive=True)

    def __call__(self) -> float:
        total = 0.0
        for process in self._processes:
            try:
                times = process.cpu_times()
            except Exception:  # a worker gone (none are killed here)
                continue
            total += times.user + times.system
        return total


_IDLE_SECONDS = 5.0


def _idle_cpu(cluster_cpu: _ClusterCpu) -> tuple[float, float]:
    """Per cent of a core the cluster uses with nothing to do: in this process (LocalCluster
    keeps the scheduler and the nannies here) and in the worker processes.  It is spent
    whatever the batch, so on a machine with no core to spare it is the floor of the Dask
    path's overhead."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    before = own.ru_utime + own.ru_stime, cluster_cpu()
    started = time.perf_counter()
    time.sleep(_IDLE_SECONDS)
    seconds = time.perf_counter() - started
    own = resource.getrusage(resource.RUSAGE_SELF)
    after = own.ru_utime + own.ru_stime, cluster_cpu()
    return 100 * (after[0] - before[0]) / seconds, 100 * (after[1] - before[1]) / seconds


def _rate(name: str, params: dict[str, Any], count: int, runner: Any,
          cluster_cpu: _ClusterCpu | None = None) -> tuple[float, float]:
    """Puzzles per second, and CPU milliseconds per puzzle of every process of the path
    (for Dask: this process, with the scheduler and client, and the cluster's processes)."""
    with tempfile.TemporaryDirectory() as tmp:
        job = spec(family(name), params, 1, count)
        cpu = _own_cpu() + (cluster_cpu() if cluster_cpu else 0.0)
        state = run_batch(job, Path(tmp) / "out.jsonl", runner)
        cpu = _own_cpu() + (cluster_cpu() if cluster_cpu else 0.0) - cpu
    return state.made / state.seconds, 1000 * cpu / state.made


def _load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


LEAN_CLUSTER: dict[str, Any] = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.worker.memory.monitor-interval": "1s",
}
"""Dask settings the bench gives its own LocalCluster (not ``--dask-defaults``), and only
it: a cluster named with ``--scheduler`` keeps its owner's.  Why: with Dask's defaults each
worker process wakes a sampling profiler every 10 ms and an event-loop watchdog every 20 ms
(the scheduler and each nanny tick too), and each wake-up takes the GIL from the thread
making puzzles (10x10 Numberlink generation is plain Python: no compiled kernel is loaded).
Measured under load (bench/HISTORY.md): the workers' CPU outside the task thread fell from
10-11 to 1.5-2 ms a puzzle, their voluntary context switches from ~65 to ~7 a puzzle, and
the parent's (scheduler, nannies, client) from ~5% to ~1.2% of a core.  The memory limits
and heartbeats are untouched: these only thin out monitoring."""


def _start_cluster(lean: bool) -> tuple[Any, Any, float, Any]:
    """A LocalCluster of 2 one-thread worker processes, its client, its start-up seconds,
    and the config context its settings live in (closed after the cluster)."""
    import contextlib
    import importlib

    distributed: Any = importlib.import_module("distributed")  # untyped: the cluster extra
    dask: Any = importlib.import_module("dask")
    settings = contextlib.ExitStack()
    if lean:  # read by the scheduler, nannies and workers as they start: kept for their life
        settings.enter_context(dask.config.set(LEAN_CLUSTER))
    started = time.perf_counter()
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None, host="127.0.0.1")
    client = distributed.Client(cluster)
    client.wait_for_workers(2)
    return cluster, client, time.perf_counter() - started, settings


def _dask_run(name: str, params: dict[str, Any], count: int, notes: list[str],
              lean: bool) -> tuple[float, float]:
    """One Dask run on a cluster started for it (and closed after, so that the local runs
    share the machine with no idle cluster): start-up, the workers' warm-up and, the first
    time, the idle cluster's own CPU use go to ``notes``, untimed."""
    from numpuzzles.batch.cluster import dask_runner

    cluster, client, seconds, settings = _start_cluster(lean)
    try:
        cluster_cpu = _ClusterCpu()
        warm = client.run(_warm, name, params)
        notes.append(f"start-up {seconds:.2f} s, warm-up "
                     + ", ".join(f"{s:.2f}" for s in warm.values()) + " s")
        if not any(note.startswith("idle") for note in notes):
            parent, workers = _idle_cpu(cluster_cpu)
            notes.append(f"idle cluster over {_IDLE_SECONDS:.0f} s: this process (scheduler, "
                         f"nannies, client) {parent:.1f}% of a core, the 2 workers "
                         f"{workers:.1f}% together")
        return _rate(name, params, count, dask_runner(client=client), cluster_cpu)
    finally:
        client.close()
        cluster.close()
        settings.close()


def throughput(counts: dict[str, int], dask: bool, repeats: int, lean: bool) -> None:
    print("| batch | N | 1 worker /s | 2 workers /s | speed-up | Dask, 2 workers /s "
          "| Dask overhead (median, min..max) | CPU ms a puzzle, 2 workers: local / Dask |")
    print("|---|---|---|---|---|---|---|---|")
    notes: list[str] = []
    for label, (name, params) in CASES.items():
        count = counts[label]
        if not count:
            continue
        load = _load()
        parent_warm = _warm(name, params)
        dask_notes: list[str] = []
        ones, twos, dasks = [], [], []
        for _ in range(repeats):
            ones.append(_rate(name, params, count, local_runner(1)))
            twos.append(_rate(name, params, count, local_runner(2)))
            if dask:
                dasks.append(_dask_run(name, params, count, dask_notes, lean))
        one = statistics.median(r for r, _ in ones)
        two = statistics.median(r for r, _ in twos)
        row = f"| {label} | {count} | {one:.1f} | {two:.1f} | {two / one:.2f}x"
        cpu_two = statistics.median(c for _, c in twos)
        if dasks:
            over = [100 * (t / d - 1) for (t, _), (d, _) in zip(twos, dasks, strict=True)]
            cpu_dask = statistics.median(c for _, c in dasks)
            row += (f" | {statistics.median(r for r, _ in dasks):.1f} "
                    f"| {statistics.median(over):+.1f}% ({min(over):+.1f}..{max(over):+.1f}%) "
                    f"| {cpu_two:.1f} / {cpu_dask:.1f} ({100 * (cpu_dask / cpu_two - 1):+.0f}%) |")
        else:
            row += f" | - | - | {cpu_two:.1f} / - |"
        print(row, flush=True)
        runs = "; ".join(
            f"{a:.1f}/{b:.1f}" + (f"/{c:.1f}" if dasks else "")
            for (a, _), (b, _), (c, _) in zip(ones, twos, dasks or [(0.0, 0.0)] * len(ones),
                                              strict=True)
        )
        notes.append(f"{label}: {load} before; parent warm-up {parent_warm:.2f} s; runs "
                     f"(1 worker/2 workers/Dask, /s): {runs}; after: {_load()}")
        if dask_notes:
            notes.append(f"{label}, Dask clusters (not timed): " + "; ".join(dask_notes))
    print()
    for line in notes:
        print(line)


def memory_one(count: int) -> None:
    """The child's part: one batch, then its own peak memory as JSON."""
    with tempfile.TemporaryDirectory() as tmp:
        job = spec(family("fubuki"), {"size": 3}, 1, count)
        state = run_batch(job, Path(tmp) / "out.jsonl", local_runner(2))
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
    parser.add_argument("--nl", type=int, default=600, help="10x10 Numberlink puzzles")
    parser.add_argument("--fb", type=int, default=100,
                        help="5x5 Fubuki puzzles (about 65 CPU seconds for the first 100, two "
                             "of them 15 s each: some 7 minutes over 3 repeats of 3 paths)")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each path")
    parser.add_argument("--memory", default="1000,100000", help="N for the memory runs")
    parser.add_argument("--quick", action="store_true",
                        help="--nl 200 --fb 20 --memory 1000,10000 (noisier)")
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--dask-defaults", action="store_true",
                        help="the bench's LocalCluster with Dask's default settings, not "
                             "LEAN_CLUSTER")
    parser.add_argument("--memory-one", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.memory_one is not None:
        memory_one(args.memory_one)
        return
    if args.quick:
        args.nl, args.fb, args.memory = 200, 20, "1000,10000"
    print(f"{_load()}, {os.cpu_count()} cores")
    print("Dask: " + ("Dask's default settings" if args.dask_defaults else
                      "LEAN_CLUSTER: " + ", ".join(f"{k}={v}" for k, v in LEAN_CLUSTER.items())))
    throughput({"numberlink 10x10": args.nl, "fubuki 5x5": args.fb}, not args.no_dask,
               max(1, args.repeats), not args.dask_defaults)
    print()
    memory([int(n) for n in args.memory.split(",") if n])


if __name__ == "__main__":
    main()
