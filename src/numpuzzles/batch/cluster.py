"""The same batch on a Dask distributed cluster (the ``cluster`` extra, ``errors.install_hint``).

Dask is imported only here and only when a scheduler is named, so the package never
needs it otherwise.  Tasks are ``tasks.make_chunk`` (several seeds per task: a
Dask task costs about 8 ms), kept to a bounded window in flight with ``as_completed`` and
``add``; each future is released as soon as its lines are written, so neither the client
nor the scheduler holds more than the window.  A worker that dies has its tasks rerun
elsewhere by the scheduler; the loop (``loops``) writes each index once whatever runs twice.

Numba kernels are compiled with ``cache=True`` (``numberlink/solve/scan.py``): each worker
process loads them from the on-disk cache beside the installed package (or
``NUMBA_CACHE_DIR``) instead of compiling, provided workers run the same installation.

The cluster's settings are its owner's; this module changes none.  A cluster that only
makes puzzles is faster with its monitoring thinned (``README.md``, "Batch generation"):
10x10 Numberlink and Fubuki generation are plain Python in the task's thread, so each
wake-up of a worker's sampling profiler (every 10 ms by default) or event-loop watchdog
(every 20 ms) takes the GIL from it; on a machine whose cores the workers fill, that cost
about a tenth of a 2-worker batch's CPU (measured in ``bench/HISTORY.md``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..core.errors import InvalidParameterError, install_hint
from .runner import Runner
from .tasks import Made, Spec, make_chunk

_POLL = 0.01
"""Seconds between looks for a finished task."""


class ClusterUnavailableError(InvalidParameterError):
    """Dask is not installed, or the scheduler cannot be reached."""


def _import_distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise ClusterUnavailableError(
            f"--scheduler needs Dask: {install_hint('cluster')}"
        ) from None
    return distributed


class DaskRunner:
    """Tasks on the workers of a Dask ``Client``."""

    def __init__(self, client: Any, job: Spec, window: int | None = None,
                 owns: bool = False) -> None:
        distributed = _import_distributed()
        self._client = client
        self._owns = owns
        self._args = (job.family.name, dict(job.params))
        self._distinct = job.distinct
        self.workers = max(1, sum(client.nthreads().values()))
        self.slots = window or self.workers * 4
        self.chunk = 64
        self.task_seconds = 1.0
        self._completed = distributed.as_completed()
        self._written: Any = None

    def submit(self, jobs: list[tuple[int, int]]) -> None:
        future = self._client.submit(
            make_chunk, *self._args, jobs, self._distinct, pure=False
        )
        self._completed.add(future)

    def next_done(self, timeout: float | None = None) -> list[Made] | None:
        # The previous task's lines are written by now: its future (and the result the
        # scheduler holds for it) goes.
        self._release()
        # as_completed has no per-item timeout; waiting here with one lets the loop look
        # at Ctrl-C even while no task finishes (say, every worker is gone).
        if timeout is not None and not self._wait_ready(timeout):
            return None
        future = next(self._completed)
        self._written = future
        result: list[Made] = future.result()
        return result

    def _wait_ready(self, timeout: float) -> bool:
        """Whether a finished task is ready within ``timeout`` seconds.  It sleeps on the
        condition as_completed notifies (an attribute of distributed's, not documented:
        without it, a short poll, which costs no throughput since the window keeps each
        worker a few tasks ahead of this loop)."""
        completed = self._completed
        condition = getattr(completed, "thread_condition", None)
        if condition is not None:
            with condition:
                return bool(condition.wait_for(completed.has_ready, timeout))
        deadline = time.monotonic() + timeout
        while not completed.has_ready():
            if time.monotonic() >= deadline:
                return False
            time.sleep(_POLL)
        return True

    def _release(self) -> None:
        if self._written is not None:
            self._written.release()
            self._written = None

    def close(self) -> None:
        self._release()
        self._completed.clear()
        if self._owns:
            self._client.close()


def dask_runner(
    scheduler: str | None = None, client: Any = None, window: int | None = None
) -> Callable[[Spec], Runner]:
    """Tasks on the cluster at ``scheduler`` (``tcp://HOST:PORT``), or on ``client``."""
    distributed = _import_distributed()

    def make(job: Spec) -> Runner:
        if client is not None:
            return DaskRunner(client, job, window)
        try:
            own = distributed.Client(scheduler, timeout=30)
        except OSError as exc:
            raise ClusterUnavailableError(
                f"cannot reach the Dask scheduler {scheduler}: {exc}"
            ) from None
        return DaskRunner(own, job, window, owns=True)

    return make
