"""The batch's output file: appended to, never rewritten, and read back to resume.

Why the file is appended to and never rewritten: a batch may run for hours; each record
is written as one whole line and flushed, so Ctrl-C or a crash loses at most the puzzles
in flight, and at worst leaves a torn last line, which the next run cuts off before it
appends.  A rerun of the same batch reads the file (``read_existing``), skips the indexes
whose seeds it holds, and refuses a file that holds lines of another batch (another
family, params or base seed) instead of mixing them.

A ``--distinct`` batch's file is always the kept puzzles of a prefix of the indexes
(``loops``); the indexes dropped as duplicates are listed in a sidecar file
(``OutputFile``), so that the rerun does not make them again only to drop them again.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from ..core.errors import InvalidParameterError, OutputFileError
from .tasks import MAX_BATCH, Spec, index_seed


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

    def values(self, not_json: str) -> Iterator[tuple[str, Any]]:
        """The JSON value of each whole line already in the file, with where it stands
        (``PATH:LINE``); a line that is not JSON raises ``InvalidParameterError`` with
        ``not_json`` as the reason."""
        self._handle.seek(0)
        for number, raw in enumerate(self._handle, 1):
            where = f"{self.path}:{number}"
            try:
                value = json.loads(raw.decode("utf-8", errors="replace"))
            except ValueError:
                raise InvalidParameterError(f"{where}: {not_json}") from None
            yield where, value
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
    for where, entry in sidecar.values("not a JSON line"):
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
class Resume:
    """What the file already holds: which of the first indexes are decided (kept, or
    dropped as duplicates by the sidecar's account), and the keys."""

    done: bytearray
    kept: int
    keys: set[Hashable]
    next_index: int
    dropped: int = 0


def read_existing(out: OutputFile, job: Spec) -> Resume:
    """Check every line is of this batch and find the indexes it holds."""
    family = job.family
    seeds: set[int] = set()
    keys: set[Hashable] = set()
    for where, record in out.values("not a JSON line; not a batch file?"):
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
    return Resume(done, kept, keys, index if job.distinct else 0, len(dropped))
