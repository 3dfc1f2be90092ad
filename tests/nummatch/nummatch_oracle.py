"""Brute-force helpers for the reading-order presets, shared by the tests.

They restate the connection rules from the issue (reading order, columns, optionally
diagonals, across cleared cells) and share no code with the package's solver.
"""

from __future__ import annotations

from functools import cache

WIDTH = 9


def connected(flat: list[int], w: int, a: int, b: int, diagonals: bool) -> bool:
    """Whether cells ``a < b`` of a board of width ``w`` see each other across cleared cells."""
    if all(v == 0 for v in flat[a + 1 : b]):
        return True
    (ra, ca), (rb, cb) = divmod(a, w), divmod(b, w)
    if ca == cb:
        return all(flat[r * w + ca] == 0 for r in range(ra + 1, rb))
    if diagonals and rb - ra == abs(cb - ca):
        step = 1 if cb > ca else -1
        return all(flat[(ra + k) * w + ca + k * step] == 0 for k in range(1, rb - ra))
    return False


def compact(flat: tuple[int, ...], w: int = WIDTH) -> tuple[int, ...]:
    """``flat`` without its rows of cleared cells (the game removes them)."""
    rows = [flat[k:k + w] for k in range(0, len(flat), w)]
    return tuple(v for row in rows if any(row) for v in row)


@cache
def clears_by_matches(flat: tuple[int, ...]) -> bool:
    """Whether matches alone clear ``flat`` (width 9, no diagonals, no addition): every
    legal pair tried, in every order."""
    live = [i for i, v in enumerate(flat) if v]
    if not live:
        return True
    for x, a in enumerate(live):
        for b in live[x + 1:]:
            va, vb = flat[a], flat[b]
            if (va == vb or va + vb == 10) and connected(list(flat), WIDTH, a, b, False):
                after = list(flat)
                after[a] = after[b] = 0
                if clears_by_matches(compact(tuple(after))):
                    return True
    return False
