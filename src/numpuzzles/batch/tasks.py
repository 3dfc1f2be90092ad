"""What a batch makes and what one task of it is: the spec, the derived seeds, the chunk.

Why a module of its own: these few small values are all that crosses to a worker (a
process of the local pool or a Dask worker, ``runner`` and ``cluster``), so a worker
imports none of the output file or the loop (``resumable``, ``loops``).

Why each index has its own derived seed (``index_seed``): the set of puzzles must not
depend on how many workers ran or in which order they finished, and a rerun must know
which puzzles a file already holds.  Seed ``i`` is the first 8 bytes of
``blake2b(b"numpuzzles-batch" + base.to_bytes(8) + i.to_bytes(8))`` (big-endian), shifted
right one bit so it lies in 0..2**63-1.  The record's ``seed`` and ``id`` name that derived
seed, so every line regenerates alone with ``generate --id``.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.batch import MAX_REPEATS, check_count
from ..core.family import Family
from ..core.records import dumps_json, generated_record
from ..core.seeds import check_seed

MAX_BATCH = 10_000_000
"""Most puzzles one batch makes."""

_SALT = b"numpuzzles-batch"


def index_seed(base: int, index: int) -> int:
    """The seed of puzzle ``index`` of the batch with base seed ``base`` (see the module)."""
    digest = hashlib.blake2b(
        _SALT + base.to_bytes(8, "big") + index.to_bytes(8, "big"), digest_size=8
    ).digest()
    return int.from_bytes(digest, "big") >> 1


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
    check_count(count, MAX_BATCH)
    check_seed(seed)
    return Spec(family, family.normalise_params(params), seed, count, distinct, max_repeats)


@dataclass(frozen=True)
class Made:
    """One puzzle made by a worker: its index, seed, JSON line, distinct key (or None) and
    the CPU seconds its thread spent making it (which size the next tasks, ``_Sizer`` in
    ``loops``)."""

    index: int
    seed: int
    line: str
    key: Hashable | None
    cpu_seconds: float = 0.0


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
        line = dumps_json(generated_record(family, item))
        out.append(Made(index, seed, line, key, time.thread_time() - started))
    return out
