"""The batch engine: puzzle ``i`` of a batch from its own seed, lines appended, resumable.

Why each index has its own derived seed (``index_seed``): the set of puzzles must not
depend on how many workers ran or in which order they finished, and a rerun must know
which puzzles a file already holds.  Seed ``i`` is the first 8 bytes of
``blake2b(b"numpuzzles-batch" + base.to_bytes(8) + i.to_bytes(8))`` (big-endian), shifted
right one bit so it lies in 0..2**63-1.  The record's ``seed`` and ``id`` name that derived
seed, so every line regenerates alone with ``generate --id``.

Why the file is appended to and never rewritten: a batch may run for hours; each record
is written as one whole line and flushed, so Ctrl-C or a crash loses at most the puzzles
in flight, and at worst leaves a torn last line, which the next run cuts off before it
appends.  A rerun of the same batch reads the file, skips the indexes whose seeds it
holds, and refuses a file that holds lines of another batch (another family, params or
base seed) instead of mixing them.

``--distinct``: puzzle ``i`` is kept when no kept puzzle of a lower index is equal to it
up to symmetry and relabelling; its index is then used up, and indexes continue past
``count`` until ``count`` puzzles are kept.  To make that deterministic, distinct batches
write in index order (a reorder buffer no larger than the tasks in flight), so the file
is always the kept puzzles of a prefix of the indexes, and a rerun continues it.  The
indexes dropped as duplicates are listed in a sidecar file (``OutputFile``), so that the
rerun does not make them again only to drop them again.

Library code: nothing prints; progress goes through a callback.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import signal
import time
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Protocol

from ..core.batch import MAX_REPEATS
from ..core.errors import GenerationError, InvalidParameterError, OutputFileError
from ..core.family import Family
from ..core.records import generated_record
from ..core.seeds import MAX_SEED

MAX_BATCH = 10_000_000
"""Most puzzles one batch makes."""

_SALT = b"numpuzzles-batch"


def index_seed(base: int, index: int) -> int:
    """The seed of puzzle ``index`` of the batch with base seed ``base`` (see the module)."""
    digest = hashlib.blake2b(
        _SALT + base.to_bytes(8, "big") + index.to_bytes(8, "big"), digest_size=8
    ).digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass(frozen=True)
class Made:
    """One puzzle made by a worker: its index, seed, JSON line, distinct key (or None) and
    the CPU seconds its thread spent making it (which size the next tasks, ``_Sizer``)."""

    index: int
    seed: int
    line: str
    key: Hashable | None
    cpu_seconds: float = 0.0


def dumps_record(record: Mapping[str, Any]) -> str:
    """One record as one JSON line (the same spacing as the command line's ``--json``)."""
    return json.dumps(record, separators=(", ", ": "))


def make_chunk(
    family_name: str, params: Mapping[str, Any], jobs: Sequence[tuple[int, int]], distinct: bool
) -> list[Made]:
    """Make the puzzles ``jobs`` names (``(index, seed)`` pairs): the task a worker runs.

    It takes the family by name so a task is a few small values, whatever the family; the
    record is serialised here, in the worker, so the parent only writes lines.  Each
    puzzle's cost is this thread's CPU time, not the record's wall-clock ``seconds``: on a
    busy machine wall time stretches with the load and would cut tasks to a puzzle each
    just when the per-task cost (a Dask cluster's scheduler shares the cores) hurts most.
    A generator that races a second thread reports less than it used; a task then runs
    longer than ``task_seconds``, which costs nothing but a coarser tail.
    """
    from .. import families

    family = families.family(family_name)
    out: list[Made] = []
    for index, seed in jobs:
        started = time.thread_time()
        item = family.generate(params, seed)
        key = family.distinct_key(item.puzzle) if distinct else None
        line = dumps_record(generated_record(family, item))
        out.append(Made(index, seed, line, key, time.thread_time() - started))
    return out


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


@dataclass
class Spec:
    """What a batch makes: family, normalised params, base seed, count, distinct."""

    family: Family[Any, Any]
    params: dict[str, Any]
    seed: int
    count: int
    distinct: bool = False
    max_repeats: int = MAX_REPEATS


def spec(
    family: Family[Any, Any],
    params: Mapping[str, Any],
    seed: int,
    count: int,
    *,
    distinct: bool = False,
    max_repeats: int = MAX_REPEATS,
) -> Spec:
    """A checked ``Spec`` (params normalised; count and seed in range)."""
    if not 1 <= count <= MAX_BATCH:
        raise InvalidParameterError(f"count must be between 1 and {MAX_BATCH:,}, got {count}")
    if not 0 <= seed <= MAX_SEED:
        raise InvalidParameterError(f"seed must be between 0 and {MAX_SEED}, got {seed}")
    return Spec(family, family.normalise_params(params), seed, count, distinct, max_repeats)


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


class _Lines:
    """A JSON Lines file opened for appending: torn tail cut, lines appended whole."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self._handle: IO[bytes] = open(self.path, "ab+")  # noqa: SIM115 - held open
        except OSError as exc:
            raise OutputFileError(f"cannot write {self.path}: {exc.strerror or exc}") from None

    def cut_torn_tail(self) -> None:
        """A line without its newline was torn by a crash: remove it (it is remade)."""
        handle = self._handle
        size = handle.seek(0, os.SEEK_END)
        if size == 0:
            return
        end = size
        block = 4096
        while end > 0:
            start = max(0, end - block)
            handle.seek(start)
            data = handle.read(end - start)
            if end == size and data.endswith(b"\n"):
                return
            cut = data.rfind(b"\n")
            if cut >= 0:
                handle.truncate(start + cut + 1)
                return
            end = start
        handle.truncate(0)

    def lines(self) -> Iterator[tuple[int, str]]:
        """The whole lines already in the file, numbered from 1."""
        self._handle.seek(0)
        for number, raw in enumerate(self._handle, 1):
            yield number, raw.decode("utf-8", errors="replace")
        self._handle.seek(0, os.SEEK_END)

    def append(self, line: str) -> None:
        """One whole line, flushed at once."""
        self._handle.write(line.encode("utf-8") + b"\n")
        self._handle.flush()

    def clear(self) -> None:
        self._handle.truncate(0)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._handle.flush()
            os.fsync(self._handle.fileno())
        self._handle.close()


DROPPED_SUFFIX = ".dropped"
"""The sidecar of a ``--distinct`` batch ``OUT``: ``OUT.dropped`` (see ``OutputFile``)."""


class OutputFile(_Lines):
    """The batch file: locked against a second writer, torn tail cut, lines appended whole.

    A ``--distinct`` batch also keeps a sidecar, ``OUT`` + ``.dropped``, of the indexes
    it dropped as duplicates, one JSON object a line (``dropped_record``), so that a rerun
    skips them instead of making them again to drop them again.  It is a separate file so
    that every line of ``OUT`` stays a record of the shared shape; it is written only by
    the holder of ``OUT``'s lock, appended to and cut like ``OUT``, and opened only once a
    duplicate is dropped or when it already exists.  Every entry stays true whatever
    ``OUT`` lost in a crash: whether index ``i`` is a duplicate depends only on the
    puzzles of lower indexes, which the seeds fix.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        super().__init__(Path(path))
        try:
            fcntl.flock(self._handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self._handle.close()
            raise OutputFileError(f"{self.path} is being written by another batch") from None
        self.cut_torn_tail()
        self.sidecar_path = self.path.with_name(self.path.name + DROPPED_SUFFIX)
        self._sidecar: _Lines | None = None

    def sidecar(self, create: bool) -> _Lines | None:
        """The dropped-index file, its torn tail cut; None when it does not exist and
        ``create`` is false."""
        if self._sidecar is None and (create or self.sidecar_path.exists()):
            self._sidecar = _Lines(self.sidecar_path)
            self._sidecar.cut_torn_tail()
        return self._sidecar

    def append_dropped(self, line: str) -> None:
        sidecar = self.sidecar(create=True)
        assert sidecar is not None
        sidecar.append(line)

    def close(self) -> None:
        if self._sidecar is not None:
            self._sidecar.close()
        super().close()


def dropped_record(job: Spec, index: int) -> dict[str, Any]:
    """A sidecar line: which batch, and the index (and its seed) dropped as a duplicate."""
    return {"family": job.family.name, "params": job.params, "batch_seed": job.seed,
            "dropped": index, "seed": index_seed(job.seed, index)}


def _read_dropped(out: OutputFile, job: Spec, kept: int) -> set[int]:
    """The indexes the sidecar says were dropped; a sidecar whose ``OUT`` holds nothing
    is left over from a file that was removed, and is emptied."""
    sidecar = out.sidecar(create=False)
    if sidecar is None:
        return set()
    if not kept:
        sidecar.clear()
        return set()
    dropped: set[int] = set()
    expected = {"family": job.family.name, "params": job.params, "batch_seed": job.seed}
    for number, line in sidecar.lines():
        where = f"{sidecar.path}:{number}"
        try:
            entry = json.loads(line)
        except ValueError:
            raise InvalidParameterError(f"{where}: not a JSON line") from None
        index = entry.get("dropped") if isinstance(entry, dict) else None
        if (
            not isinstance(entry, dict)
            or any(entry.get(key) != value for key, value in expected.items())
            or not isinstance(index, int)
            or not 0 <= index <= MAX_BATCH * 10
            or entry.get("seed") != index_seed(job.seed, index)
        ):
            raise InvalidParameterError(
                f"{where}: not a dropped index of this batch; remove the file or use another -o"
            )
        dropped.add(index)
    return dropped


@dataclass
class _Resume:
    """What the file already holds: which of the first indexes are decided (kept, or
    dropped as duplicates by the sidecar's account), and the keys."""

    done: bytearray
    kept: int
    keys: set[Hashable]
    next_index: int
    dropped: int = 0


def _read_existing(out: OutputFile, job: Spec) -> _Resume:
    """Check every line is of this batch and find the indexes it holds."""
    family = job.family
    seeds: set[int] = set()
    keys: set[Hashable] = set()
    for number, line in out.lines():
        where = f"{out.path}:{number}"
        try:
            record = json.loads(line)
        except ValueError:
            raise InvalidParameterError(f"{where}: not a JSON line; not a batch file?") from None
        if not isinstance(record, dict) or record.get("family") != family.name:
            raise InvalidParameterError(f"{where}: not a {family.name} record of this batch")
        if record.get("params") != job.params:
            raise InvalidParameterError(
                f"{where}: made with other params ({record.get('params')}); use another -o"
            )
        seed = record.get("seed")
        if not isinstance(seed, int) or seed in seeds:
            raise InvalidParameterError(f"{where}: a missing or repeated seed")
        seeds.add(seed)
        if job.distinct:
            (puzzle,) = family.parse(json.dumps(record["puzzle"]), "json")
            keys.add(family.distinct_key(puzzle))
    kept = len(seeds)
    if kept > job.count:
        raise InvalidParameterError(f"{out.path} holds {kept} puzzles, more than --count")
    dropped = _read_dropped(out, job, kept) if job.distinct else set()
    # Which indexes those seeds are: without --distinct they lie among the first `count`;
    # with it, in a prefix whose length the dropped duplicates stretch (bounded below).
    bound = job.count if not job.distinct else (job.count + 1) * (job.max_repeats + 2)
    done = bytearray() if job.distinct else bytearray(job.count)
    index = 0
    while seeds and index < bound:
        seed = index_seed(job.seed, index)
        if job.distinct:
            done.append(1 if seed in seeds else 0)
        elif seed in seeds:
            done[index] = 1
        seeds.discard(seed)
        index += 1
    if seeds:
        raise InvalidParameterError(
            f"{out.path} holds {len(seeds)} puzzles this batch would not make "
            "(another --seed or --count?); use another -o"
        )
    if dropped:  # decided already: skipped like the kept ones
        done.extend(bytes(max(0, max(dropped) + 1 - len(done))))
        for gone in dropped:
            done[gone] = 1
    return _Resume(done, kept, keys, index if job.distinct else 0, len(dropped))


def run_batch(
    job: Spec,
    output: str | os.PathLike[str],
    runner_factory: Callable[[Spec], Runner],
    progress: ProgressCallback | None = None,
    stop: StopCheck | None = None,
) -> Progress:
    """Make the batch ``job`` into ``output``, resuming what it holds; see the module.

    ``runner_factory`` makes where the tasks run (``local_runner`` or
    ``cluster.dask_runner``); it is called only once the file is checked, so a bad file
    costs no worker start.  ``progress`` is called after each line written.  When
    ``stop()`` turns true (the command line's Ctrl-C) no more tasks start, those in flight
    are dropped, and the result says ``interrupted``: the file holds whole lines only.
    """
    out = OutputFile(output)
    try:
        resume = _read_existing(out, job)
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


def _run_plain(job: Spec, out: OutputFile, runner: Runner, resume: _Resume, state: Progress,
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


def _run_distinct(job: Spec, out: OutputFile, runner: Runner, resume: _Resume,
                  state: Progress, progress: ProgressCallback | None, stop: StopCheck) -> None:
    """Indexes in order past ``count`` until ``count`` are kept; written in index order."""
    done = resume.done
    keys = resume.keys
    next_index = 0  # the next index to hand out
    next_write = 0  # the next index to decide
    buffer: dict[int, Made] = {}
    sizer = _Sizer(runner, job.count - state.done)
    in_flight = 0
    repeats = 0

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
            if made_next.key in keys:
                repeats += 1
                state.dropped += 1
                out.append_dropped(dumps_record(dropped_record(job, made_next.index)))
                if repeats > job.max_repeats:
                    raise GenerationError(
                        f"only {len(keys)} different puzzles of this kind found "
                        f"({job.max_repeats} seeds in a row gave repeats)"
                    )
                continue
            repeats = 0
            keys.add(made_next.key)
            out.append(made_next.line)
            state.done += 1
            if progress is not None:
                progress(state)


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
