"""The batch on a Dask cluster: a LocalCluster of 2 worker processes on the loopback.

The same set of lines as the local pool, resume through the same file, and a worker
killed mid-batch: the scheduler reruns its tasks, every puzzle is written exactly once.
"""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from numpuzzles.batch.cluster import dask_runner
from numpuzzles.batch.loops import Progress, run_batch
from numpuzzles.batch.runner import local_runner
from numpuzzles.batch.tasks import index_seed, spec
from numpuzzles.families import family

distributed = pytest.importorskip("distributed")  # declared in the test extra: never skips in CI


@pytest.fixture
def client() -> Iterator[Any]:
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
        host="127.0.0.1",
    )
    dask_client = distributed.Client(cluster)
    try:
        yield dask_client
    finally:
        dask_client.close()
        cluster.close()


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _without_time(path: Path) -> set[str]:
    out = set()
    for record in _lines(path):
        record.pop("seconds")
        out.add(json.dumps(record, sort_keys=True))
    return out


def test_cluster_makes_the_local_set_and_resumes(client: Any, tmp_path: Path) -> None:
    local, remote = tmp_path / "local.jsonl", tmp_path / "remote.jsonl"
    job = spec(family("numberlink"), {"size": "5x5"}, 11, 40)
    run_batch(job, local, local_runner(1))
    lines = local.read_text().splitlines(keepends=True)
    remote.write_text("".join(lines[:14]) + lines[14][:20])  # interrupted, a torn line
    state = run_batch(job, remote, dask_runner(client=client, window=4))
    assert (state.resumed, state.made) == (14, 26)
    assert _without_time(remote) == _without_time(local)


def test_a_worker_killed_mid_batch(client: Any, tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    job = spec(family("fubuki"), {"size": 4}, 5, 120)
    pids: dict[str, int] = client.run(os.getpid)
    victim = sorted(pids.values())[0]
    killed = []

    def kill_once(state: Progress) -> None:
        if state.done >= 10 and not killed:
            os.kill(victim, signal.SIGKILL)
            killed.append(victim)

    state = run_batch(job, out, dask_runner(client=client), progress=kill_once)
    assert killed
    assert state.done == 120
    seeds = [r["seed"] for r in _lines(out)]
    assert len(seeds) == len(set(seeds)) == 120
    assert set(seeds) == {index_seed(5, i) for i in range(120)}


def _kernel_cache_use() -> tuple[int, int]:
    """Load the Numberlink scan kernel through numba's JIT in this process, as a process
    without an ahead-of-time build does: (cache hits, cache misses)."""
    from numpuzzles.core import jit
    from numpuzzles.numberlink.solve import scan_kernel

    compiled: Any = jit.jit_function(scan_kernel.search, True)
    signature = scan_kernel.AOT_EXPORTS["search"]
    compiled.compile(signature.replace("[:, :]", "[:, ::1]").replace("[:]", "[::1]"))
    return sum(compiled.stats.cache_hits.values()), sum(compiled.stats.cache_misses.values())


def _ahead_of_time_kernel() -> bool:
    """Whether this process runs the scan kernel's ahead-of-time build."""
    from numpuzzles.core import jit
    from numpuzzles.numberlink.solve import scan_kernel

    return jit.aot_function(scan_kernel.search) is not None


@pytest.mark.skipif(
    bool(os.environ.get("NUMPUZZLES_NO_JIT")),
    reason="NUMPUZZLES_NO_JIT=1 runs plain Python: no numba kernel, so no disk cache to test",
)
def test_workers_load_the_numba_kernel_from_the_disk_cache(client: Any) -> None:
    _kernel_cache_use()  # here first: compiled and cached, or loaded from the cache
    for hits, misses in client.run(_kernel_cache_use).values():
        assert (hits, misses) == (1, 0)  # loaded, never compiled, in each worker process


def test_workers_run_the_ahead_of_time_kernel_where_the_parent_does(client: Any) -> None:
    here = _ahead_of_time_kernel()
    assert set(client.run(_ahead_of_time_kernel).values()) == {here}


def test_waiting_gives_way_to_a_stop(client: Any, tmp_path: Path) -> None:
    job = spec(family("fubuki"), {"size": 3}, 2, 60)
    runner = dask_runner(client=client)(job)
    try:
        assert runner.next_done(0.05) is None  # nothing in flight: the wait gives up
    finally:
        runner.close()
    out = tmp_path / "out.jsonl"
    seen: list[int] = []
    state = run_batch(job, out, dask_runner(client=client),
                             progress=lambda s: seen.append(s.done),
                             stop=lambda: bool(seen) and seen[-1] >= 5)
    assert state.interrupted and 5 <= state.done < 60
    assert len(out.read_text().splitlines()) == state.done
    again = run_batch(job, out, dask_runner(client=client))
    assert (again.resumed, again.done) == (state.done, 60)
    seeds = [r["seed"] for r in _lines(out)]
    assert sorted(seeds) == sorted(index_seed(2, i) for i in range(60))
