"""The one seed loop: many puzzles from consecutive seeds, optionally all different.

Every ``generate`` (and batch generation on top of it) goes through ``generate_many``, so
seed stepping, the distinct-up-to-symmetry filter and IDs behave the same in every family.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping
from typing import Any

from .errors import GenerationError, InvalidParameterError
from .family import Family, Generated
from .seeds import MAX_SEED

MAX_REPEATS = 500
"""After this many repeats in a row the filter gives up: the kind asked for has (almost)
no more different puzzles."""
MAX_COUNT = 1_000_000
"""Most puzzles one call makes (the distinct filter remembers each)."""


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
    if not 1 <= count <= MAX_COUNT:
        raise InvalidParameterError(f"count must be between 1 and {MAX_COUNT:,}, got {count}")
    if not 0 <= seed <= MAX_SEED:
        raise InvalidParameterError(f"seed must be between 0 and {MAX_SEED}, got {seed}")
    full = family.normalise_params(params)
    seen: set[Hashable] = set()
    repeats = 0
    current = seed
    made = 0
    while made < count:
        if current > MAX_SEED:
            raise GenerationError("ran out of seeds")
        item = family.generate(full, current)
        current += 1
        if distinct:
            key = family.distinct_key(item.puzzle)
            if key in seen:
                repeats += 1
                if repeats > max_repeats:
                    raise GenerationError(
                        f"only {len(seen)} different puzzles of this kind found "
                        f"({max_repeats} seeds in a row gave repeats)"
                    )
                continue
            seen.add(key)
            repeats = 0
        made += 1
        yield item
