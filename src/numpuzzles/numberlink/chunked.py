"""The loop every resumable kernel search shares: run a compiled kernel in chunks.

Why: the scan search (``scan.py``) and the router (``route.py``) keep all their state in
arrays, so a search may stop after any chunk of nodes (a node budget, a deadline, another
thread's stop signal) and a later ``run`` goes on where it stopped.  Only the chunk itself,
one kernel call and what its return code means, differs between them.
"""

from __future__ import annotations

import threading

import numpy as np

from ..core.deadline import Deadline


class ChunkedSearch:
    """A kernel search run in chunks of ``chunk_nodes``; subclasses make ``reg`` (the
    kernel's scalar state, with the solutions found at ``found_at`` and the nodes visited
    at ``nodes_at``) and define ``_chunk``."""

    chunk_nodes = 200_000
    found_at = 1
    nodes_at = 2
    reg: np.ndarray
    finished: bool
    complete: bool

    @property
    def found(self) -> int:
        """Solutions found so far."""
        return int(self.reg[self.found_at])

    @property
    def nodes(self) -> int:
        """Search nodes visited so far, over every ``run``."""
        return int(self.reg[self.nodes_at])

    def _chunk(self, budget: int) -> bool:
        """One kernel call of at most ``budget`` nodes, recording whether the search
        finished; True when ``run`` must stop although the search did not finish."""
        raise NotImplementedError

    def run(
        self,
        max_nodes: int | None = None,
        deadline: Deadline | None = None,
        stop: threading.Event | None = None,
    ) -> bool:
        """Search on until finished (True), or until ``max_nodes`` more nodes, ``deadline``
        or ``stop`` is set (False); both are checked between chunks."""
        start = self.nodes
        while not self.finished:
            budget = self.chunk_nodes
            if max_nodes is not None:
                budget = min(budget, start + max_nodes - self.nodes)
            if budget <= 0 or (deadline is not None and deadline.expired()):
                break
            if stop is not None and stop.is_set():
                break
            if self._chunk(budget):
                break
        return self.finished
