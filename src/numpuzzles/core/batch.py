"""The one seed loop: many puzzles from consecutive seeds, optionally all different.

Every ``generate`` goes through ``generate_many``, so seed stepping, the
distinct-up-to-symmetry filter and IDs behave the same in every family.  Batch generation
(``numpuzzles.batch``) steps through its own derived seeds, but keeps puzzles with the same
filter, ``DistinctFilter``, so both give up on a kind with too few puzzles alike.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping
from typing import Any

from .errors import GenerationError, InvalidParameterError
from .family import Family, Generated
from .seeds import MAX_SEED, check_seed

MAX_REPEATS = 500
"""After this many repeats in a row the filter gives up: the kind asked for has (almost)
no more different puzzles."""
MAX_COUNT = 1_000_000
"""Most puzzles one call makes (the distinct filter remembers each)."""


def check_count(count: int, most: int) -> None:
    """Raise ``InvalidParameterError`` unless ``count`` is in 1..``most``."""
    if not 1 <= count <= most:
        raise InvalidParameterError(f"count must be between 1 and {most:,}, got {count}")


class DistinctFilter:
    """Keeps a puzzle only when no kept one is equal to it up to symmetry (its
    ``Family.distinct_key``), and gives up after more than ``max_repeats`` repeats in a row.

    ``admit`` and ``check`` are separate so that a caller can record a repeat (the batch
    sidecar) before the filter gives up on it.
    """

    def __init__(self, max_repeats: int = MAX_REPEATS, seen: set[Hashable] | None = None) -> None:
        self.max_repeats = max_repeats
        self.seen: set[Hashable] = set() if seen is None else seen
        """The keys kept (the set given is used, and added to, as it is)."""
        self.repeats = 0
        """Repeats since the last puzzle kept."""

    def admit(self, key: Hashable) -> bool:
        """Whether the puzzle of ``key`` is kept (its key is then remembered); false for
        a repeat, which counts towards giving up (``check``)."""
        if key in self.seen:
            self.repeats += 1
            return False
        self.seen.add(key)
        self.repeats = 0
        return True

    def check(self) -> None:
        """Raise ``GenerationError`` once more than ``max_repeats`` repeats came in a row."""
        if self.repeats > self.max_repeats:
            raise GenerationError(
                f"only {len(self.seen)} different puzzles of this kind found "
                f"({self.max_repeats} seeds in a row gave repeats)"
            )


def generate_many(
    family: Family[Any, Any],
    params: Mapping[str, Any],
    seed: int,
    count: int,
    *,
    distinct: bool = True,
    max_repeats: int = MAX_REPEATS,
) -> Iterator[Generated[Any, Any]]:
    """``count`` puzzles from seeds ``seed``, ``seed + 1``, ...; with ``distinct`` a puzzle
    equal to an earlier one up to symmetry (``Family.distinct_key``) is skipped, its seed
    used up.  Each carries the ID that regenerates it alone."""
    check_count(count, MAX_COUNT)
    check_seed(seed)
    full = family.normalise_params(params)
    kept = DistinctFilter(max_repeats)
    current = seed
    made = 0
    while made < count:
        if current > MAX_SEED:
            raise GenerationError("ran out of seeds")
        item = family.generate(full, current)
        current += 1
        if distinct and not kept.admit(family.distinct_key(item.puzzle)):
            kept.check()
            continue
        made += 1
        yield item
