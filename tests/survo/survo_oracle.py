"""Brute-force Survo counters for the tests, sharing no code with the package.

``fillings`` walks ``itertools.permutations`` row by row: each row is an ordered choice of
the numbers left, kept only when it meets its row sum (a plain filter, no bounds); the
columns are checked on the full table.  Slow, obvious, and small shapes only.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence


def fillings(height: int, width: int, rows: Sequence[int | None], cols: Sequence[int | None],
             givens: Sequence[int] | None = None) -> Iterator[tuple[int, ...]]:
    """Every flat table that meets the sums and keeps the givens."""
    top = height * width
    cells = list(givens) if givens else [0] * top

    def go(r: int, left: frozenset[int], done: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if r == height:
            if all(want is None or sum(done[c::width]) == want for c, want in enumerate(cols)):
                yield done
            return
        for row in itertools.permutations(sorted(left), width):
            if rows[r] is not None and sum(row) != rows[r]:
                continue
            if any(g and g != v for g, v in zip(cells[r * width:(r + 1) * width], row,
                                               strict=True)):
                continue
            yield from go(r + 1, left - set(row), done + row)

    yield from go(0, frozenset(range(1, top + 1)), ())


def brute_count(height: int, width: int, rows: Sequence[int | None],
                cols: Sequence[int | None], givens: Sequence[int] | None = None) -> int:
    """How many tables ``fillings`` finds."""
    return sum(1 for _ in fillings(height, width, rows, cols, givens))
