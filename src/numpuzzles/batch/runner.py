"""Where a batch's tasks run: the ``Runner`` protocol and the local process pool.

Why a module of its own: the loop (``loops``) knows only the protocol, so the same loop
drives the local pool here, the calling process (one worker) and a Dask cluster
(``cluster.DaskRunner``); each runner runs ``tasks.make_chunk`` and hands back its
``Made`` puzzles.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Protocol

from ..core.errors import InvalidParameterError
from .tasks import Made, Spec, make_chunk


class Runner(Protocol):
    """Where tasks run: a local process pool, the calling process, or a Dask cluster."""

    @property
    def slots(self) -> int:
        """How many tasks to keep in flight."""
        ...

    @property
    def workers(self) -> int:
        """How many tasks run at once (processes, or the cluster's threads)."""
        ...

    @property
    def chunk(self) -> int:
        """Most puzzles per task (more where a task costs more to send)."""
        ...

    @property
    def task_seconds(self) -> float:
        """About how long a task should run: long against what sending one costs."""
        ...

    def submit(self, jobs: list[tuple[int, int]]) -> None:
        """Start one task making ``jobs``."""
        ...

    def next_done(self, timeout: float | None = None) -> list[Made] | None:
        """Wait for one task to finish and return its puzzles (the task is then forgotten);
        None when ``timeout`` seconds passed first (a runner may wait longer)."""
        ...

    def close(self) -> None:
        """Stop: pending tasks are cancelled."""
        ...


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops handing out tasks and lets each
    worker finish its current one (a few puzzles) instead of dying with a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class LocalRunner:
    """Tasks on a pool of ``workers`` processes (``workers == 1``: in this process)."""

    def __init__(self, family_name: str, params: Mapping[str, Any], distinct: bool,
                 workers: int) -> None:
        if workers < 1:
            raise InvalidParameterError(f"workers must be at least 1, got {workers}")
        self._args = (family_name, dict(params))
        self._distinct = distinct
        self._pool = (
            ProcessPoolExecutor(workers, initializer=_ignore_interrupts) if workers > 1 else None
        )
        self._pending: set[Future[list[Made]]] = set()
        self._inline: list[list[tuple[int, int]]] = []
        self.workers = workers
        self.slots = workers * 4 if workers > 1 else 1
        self.chunk = 8
        self.task_seconds = 0.2

    def submit(self, jobs: list[tuple[int, int]]) -> None:
        if self._pool is None:
            self._inline.append(jobs)
            return
        self._pending.add(self._pool.submit(make_chunk, *self._args, jobs, self._distinct))

    def next_done(self, timeout: float | None = None) -> list[Made] | None:
        if self._pool is None:
            return make_chunk(*self._args, self._inline.pop(0), self._distinct)
        done, _ = wait(self._pending, timeout=timeout, return_when=FIRST_COMPLETED)
        if not done:
            return None
        future = next(iter(done))
        self._pending.discard(future)
        return future.result()

    def close(self) -> None:
        if self._pool is not None:
            for future in self._pending:
                future.cancel()
            self._pool.shutdown(wait=True, cancel_futures=True)


def local_runner(workers: int) -> Callable[[Spec], Runner]:
    """Tasks on ``workers`` local processes (1: in the calling process)."""

    def make(job: Spec) -> Runner:
        return LocalRunner(job.family.name, job.params, job.distinct, workers)

    return make


def default_workers() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1
