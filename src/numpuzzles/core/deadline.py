"""Wall-clock deadlines for searches that may run long.

Searches poll ``expired()`` every few hundred nodes; reading the clock on every node would
cost more than the node itself in pure Python.  A solver that hands work to several engines
creates one ``Deadline`` when it starts and passes that object on, so every engine stops at
the same instant and the time it reports (``elapsed()``) counts from the call's start.
"""

from __future__ import annotations

import time


class Deadline:
    """A point in time after which a search should stop and report ``unknown``.

    ``seconds`` count from the moment the deadline is created (``time.perf_counter()``);
    None means no limit: ``expired()`` stays False and ``remaining()`` is None.
    """

    __slots__ = ("_end", "_start")

    def __init__(self, seconds: float | None) -> None:
        self._start = time.perf_counter()
        self._end = None if seconds is None else self._start + seconds

    def expired(self) -> bool:
        """True once the deadline has passed; never true without a deadline."""
        return self._end is not None and time.perf_counter() >= self._end

    def remaining(self) -> float | None:
        """Seconds left (at least 0), or None without a deadline."""
        if self._end is None:
            return None
        return max(0.0, self._end - time.perf_counter())

    def elapsed(self) -> float:
        """Seconds since the deadline was created (what a solver reports as its time)."""
        return time.perf_counter() - self._start
