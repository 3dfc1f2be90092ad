"""Wall-clock deadlines for searches that may run long.

Searches poll ``expired()`` every few hundred nodes; reading the clock on every node would
cost more than the node itself in pure Python.
"""

from __future__ import annotations

import time


class Deadline:
    """A point in time after which a search should stop and report ``unknown``."""

    __slots__ = ("_end",)

    def __init__(self, seconds: float | None) -> None:
        self._end = None if seconds is None else time.perf_counter() + seconds

    def expired(self) -> bool:
        """True once the deadline has passed; never true without a deadline."""
        return self._end is not None and time.perf_counter() >= self._end

    def remaining(self) -> float | None:
        """Seconds left (at least 0), or None without a deadline."""
        if self._end is None:
            return None
        return max(0.0, self._end - time.perf_counter())
