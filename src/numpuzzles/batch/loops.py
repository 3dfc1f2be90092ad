"""The batch loop: hand out tasks to a runner, write what comes back, report progress.

Why a module of its own: this is the one place that decides which index is made, kept
and written when; the seeds and tasks (``tasks``), where tasks run (``runner``,
``cluster``) and the file (``resumable``) are each written once and know nothing of it.

``--distinct``: puzzle ``i`` is kept when no kept puzzle of a lower index is equal to it
up to symmetry and relabelling (``core.batch.DistinctFilter``, the filter ``generate``
uses); its index is then used up, and indexes continue past ``count`` until ``count``
puzzles are kept.  To make that deterministic, distinct batches write in index order (a
reorder buffer no larger than the tasks in flight), so the file is always the kept
puzzles of a prefix of the indexes, and a rerun continues it.  The indexes dropped as
duplicates go to the file's sidecar (``resumable.OutputFile``).

Library code: nothing prints; progress goes through a callback.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from ..core.batch import DistinctFilter
from ..core.errors import GenerationError
from ..core.records import dumps_json
from .resumable import OutputFile, Resume, dropped_record, read_existing
from .runner import Runner
from .tasks import MAX_BATCH, Made, Spec, index_seed


@dataclass
class Progress:
    """Where a batch stands: ``done`` of ``total`` kept puzzles are in the file (``resumed``
    of them were there before this run); ``dropped`` duplicates were skipped by this run
    (``dropped_before`` by earlier runs of a resumed one); ``interrupted``: the run
    stopped early because ``stop`` said so."""

    total: int
    done: int = 0
    resumed: int = 0
    dropped: int = 0
    dropped_before: int = 0
    interrupted: bool = False
    started: float = field(default_factory=time.perf_counter)

    @property
    def made(self) -> int:
        """Puzzles this run wrote."""
        return self.done - self.resumed

    @property
    def seconds(self) -> float:
        return time.perf_counter() - self.started


ProgressCallback = Callable[[Progress], None]
StopCheck = Callable[[], bool]

_POLL = 0.25
"""Seconds between looks at ``stop`` while waiting for a task."""


class _Sizer:
    """Puzzles per task: about ``runner.task_seconds`` of work (CPU seconds in the worker,
    ``Made.cpu_seconds``), measured as results come
    in (one puzzle a task until then), at most ``runner.chunk``, and shrinking with the
    work not yet handed out (guided self-scheduling: at most that work over twice the
    workers), so that every worker stays busy to the end and no slow task is left alone
    (puzzle times have long tails); Ctrl-C then loses little.

    Why the work left over the *workers* rather than over the tasks in flight: a task is
    cheap locally (``task_seconds`` keeps it short anyway) but costs a Dask cluster several
    milliseconds, so a small batch cut into tasks of a puzzle or two spends much of its
    time on the scheduler; the last tasks still come down to one puzzle."""

    def __init__(self, runner: Runner, remaining: int) -> None:
        self._runner = runner
        self._unassigned = remaining
        self._seconds = 0.0
        self._made = 0

    def took(self, count: int) -> None:
        """``count`` puzzles were handed out."""
        self._unassigned -= count

    def observe(self, results: Sequence[Made]) -> None:
        self._made += len(results)
        self._seconds += sum(made.cpu_seconds for made in results)

    def size(self) -> int:
        runner = self._runner
        if not self._made:
            return 1
        mean = max(self._seconds / self._made, 1e-6)
        by_time = int(runner.task_seconds / mean)
        share = 2 * max(1, runner.workers)
        by_count = -(-max(1, self._unassigned) // share)
        return max(1, min(runner.chunk, by_time, by_count))


def run_batch(
    job: Spec,
    output: str | os.PathLike[str],
    runner_factory: Callable[[Spec], Runner],
    progress: ProgressCallback | None = None,
    stop: StopCheck | None = None,
) -> Progress:
    """Make the batch ``job`` into ``output``, resuming what it holds; see the module.

    ``runner_factory`` makes where the tasks run (``runner.local_runner`` or
    ``cluster.dask_runner``); it is called only once the file is checked, so a bad file
    costs no worker start.  ``progress`` is called after each line written.  When
    ``stop()`` turns true (the command line's Ctrl-C) no more tasks start, those in flight
    are dropped, and the result says ``interrupted``: the file holds whole lines only.
    """
    out = OutputFile(output)
    try:
        resume = read_existing(out, job)
        state = Progress(total=job.count, done=resume.kept, resumed=resume.kept,
                         dropped_before=resume.dropped)
        if progress is not None:
            progress(state)
        if state.done < job.count:
            runner = runner_factory(job)
            try:
                loop = _run_distinct if job.distinct else _run_plain
                loop(job, out, runner, resume, state, progress, stop or _never)
            finally:
                runner.close()
        return state
    finally:
        out.close()


def _never() -> bool:
    return False


def _next(runner: Runner, state: Progress, stop: StopCheck) -> list[Made] | None:
    """The next finished task's puzzles, or None once ``stop()`` says to stop."""
    while not stop():
        results = runner.next_done(_POLL)
        if results is not None:
            return results
    state.interrupted = True
    return None


def _todo_plain(job: Spec, done: bytearray) -> Iterator[tuple[int, int]]:
    for index in range(job.count):
        if not done[index]:
            yield index, index_seed(job.seed, index)


def _run_plain(job: Spec, out: OutputFile, runner: Runner, resume: Resume, state: Progress,
               progress: ProgressCallback | None, stop: StopCheck) -> None:
    """Every index below ``count`` once; lines in the order tasks finish.  ``done`` (one
    byte per index) also drops a task's lines that a cluster happened to run twice."""
    done = resume.done
    todo = _todo_plain(job, done)
    sizer = _Sizer(runner, job.count - state.done)
    in_flight = 0
    while True:
        while in_flight < runner.slots:
            jobs = [pair for _, pair in zip(range(sizer.size()), todo, strict=False)]
            if not jobs:
                break
            sizer.took(len(jobs))
            runner.submit(jobs)
            in_flight += 1
        if not in_flight:
            return
        results = _next(runner, state, stop)
        if results is None:
            return
        in_flight -= 1
        sizer.observe(results)
        for made in results:
            if done[made.index]:
                continue
            done[made.index] = 1
            out.append(made.line)
            state.done += 1
            if progress is not None:
                progress(state)


def _run_distinct(job: Spec, out: OutputFile, runner: Runner, resume: Resume,
                  state: Progress, progress: ProgressCallback | None, stop: StopCheck) -> None:
    """Indexes in order past ``count`` until ``count`` are kept; written in index order."""
    done = resume.done
    kept = DistinctFilter(job.max_repeats, resume.keys)
    next_index = 0  # the next index to hand out
    next_write = 0  # the next index to decide
    buffer: dict[int, Made] = {}
    sizer = _Sizer(runner, job.count - state.done)
    in_flight = 0

    def handout() -> list[tuple[int, int]]:
        nonlocal next_index
        jobs: list[tuple[int, int]] = []
        size = sizer.size()
        while len(jobs) < size:
            index = next_index
            next_index += 1
            if index < len(done) and done[index]:
                continue
            if index > MAX_BATCH * 10:
                raise GenerationError("ran out of seeds")
            jobs.append((index, index_seed(job.seed, index)))
        sizer.took(len(jobs))
        return jobs

    while state.done < job.count:
        while in_flight < runner.slots:
            runner.submit(handout())
            in_flight += 1
        results = _next(runner, state, stop)
        if results is None:
            return
        sizer.observe(results)
        for made in results:
            buffer[made.index] = made
        in_flight -= 1
        while state.done < job.count:
            if next_write < len(done) and done[next_write]:
                next_write += 1
                continue
            made_next = buffer.pop(next_write, None)
            if made_next is None:
                break
            next_write += 1
            if not kept.admit(made_next.key):
                state.dropped += 1
                out.append_dropped(dumps_json(dropped_record(job, made_next.index)))
                kept.check()
                continue
            out.append(made_next.line)
            state.done += 1
            if progress is not None:
                progress(state)
