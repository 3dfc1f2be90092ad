"""Brute-force helpers for the reading-order presets, shared by the tests.

They restate the connection rules from the issue (reading order, columns, optionally
diagonals, across cleared cells) and share no code with the package's solver.
"""

from __future__ import annotations


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
