"""Geometry of the fixed-grid presets: which cell pairs can ever connect, and across what.

On ``original`` and ``brief`` a pair of cells connects exactly when every cell of one fixed
set (the cells strictly between them on their line) is cleared, so a pair is described by
that set as a bitmask over the flat (row-major) cell indices.  Pairs that are on no allowed
line can never connect, whatever is cleared.
"""

from __future__ import annotations

from functools import lru_cache

from ..core.errors import InvalidParameterError
from .rules import Rules


@lru_cache(maxsize=64)
def between_masks(width: int, height: int, rules: Rules) -> dict[tuple[int, int], int]:
    """``{(i, j): mask}`` for every pair ``i < j`` that can ever connect under ``rules``.

    ``mask`` has a bit for each cell that must be cleared first (0 for neighbours).
    """
    if not rules.fixed:
        raise InvalidParameterError(f"{rules.name} is not a fixed-grid preset")
    out: dict[tuple[int, int], int] = {}
    dirs = set(rules.lines)
    for r in range(height):
        for c in range(width):
            i = r * width + c
            for dr, dc in dirs:
                mask = 0
                rr, cc = r + dr, c + dc
                while 0 <= rr < height and 0 <= cc < width:
                    j = rr * width + cc
                    out[(min(i, j), max(i, j))] = mask
                    mask |= 1 << j
                    rr, cc = rr + dr, cc + dc
            if rules.diagonal_neighbours:
                for dr, dc in ((1, 1), (1, -1)):
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < height and 0 <= cc < width:
                        j = rr * width + cc
                        out[(min(i, j), max(i, j))] = 0
    return out
