"""What every resumable search shares: its outcome, and the loop that spends its budget.

Why one home: the scan search (``scan.py``), the router and its restarts (``route.py``) and
the two taking turns (``race.RouteOrScan``) all stop after a node budget, at a deadline or
on another thread's stop signal, and a later ``run`` goes on where the last one stopped.
Only one step of each differs (one kernel call, one restart's share, one turn each), so
``BudgetedSearch.run`` is written once and each search says what its step is.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.deadline import Deadline
from ..model import Puzzle, Solution

if TYPE_CHECKING:  # an annotation only: the plain search (``scan_plain.py``) needs no numpy
    import numpy as np


@dataclass
class SearchOutcome:
    """What a search found: ``solutions``; ``complete`` True when the search space was
    exhausted (so the solutions are all there are, or none is a proof); ``finished`` False
    when it stopped on its budget, deadline or stop signal; ``nodes`` its work so far."""

    solutions: list[Solution]
    complete: bool
    finished: bool
    nodes: int


class BudgetedSearch:
    """A search run in steps until it finishes or its budget, deadline or stop runs out.

    Subclasses set ``puzzle``, ``limit``, ``finished`` and ``complete`` and define
    ``nodes``, ``found``, ``kernels``, ``outcome``, ``_step`` and, where a step's size is
    not fixed, ``_next_budget``.
    """

    puzzle: Puzzle
    limit: int
    finished: bool
    complete: bool
    step_nodes = 200_000
    """Nodes per step (between two looks at the clock and the stop signal)."""

    @property
    def nodes(self) -> int:
        """Search nodes visited so far, over every ``run``."""
        raise NotImplementedError

    @property
    def found(self) -> int:
        """Solutions found so far."""
        raise NotImplementedError

    @property
    def kernels(self) -> tuple[Callable[..., int], ...]:
        """The compiled kernel functions this search calls (none when it runs plain)."""
        raise NotImplementedError

    def outcome(self) -> SearchOutcome:
        """What the search found so far."""
        raise NotImplementedError

    def _next_budget(self) -> int:
        """The most nodes the next step may take."""
        return self.step_nodes

    def _step(
        self, budget: int, deadline: Deadline | None, stop: threading.Event | None
    ) -> bool:
        """One step of at most ``budget`` nodes, recording whether the search finished;
        True when ``run`` must stop although the search did not finish."""
        raise NotImplementedError

    def run(
        self,
        max_nodes: int | None = None,
        deadline: Deadline | None = None,
        stop: threading.Event | None = None,
    ) -> bool:
        """Search on until finished (True), or until ``max_nodes`` more nodes, ``deadline``
        or ``stop`` is set (False); all three are looked at between steps."""
        start = self.nodes
        while not self.finished:
            if deadline is not None and deadline.expired():
                break
            if stop is not None and stop.is_set():
                break
            budget = self._next_budget()
            if max_nodes is not None:
                budget = min(budget, start + max_nodes - self.nodes)
            if budget <= 0 or self._step(budget, deadline, stop):
                break
        return self.finished


class ChunkedSearch(BudgetedSearch):
    """A search whose step is one call of a compiled kernel that keeps all its state in
    arrays; subclasses make ``reg`` (the kernel's scalar state, with the solutions found at
    ``found_at`` and the nodes visited at ``nodes_at``) and define ``_chunk``."""

    found_at = 1
    nodes_at = 2
    reg: np.ndarray

    @property
    def found(self) -> int:
        return int(self.reg[self.found_at])

    @property
    def nodes(self) -> int:
        return int(self.reg[self.nodes_at])

    def _chunk(self, budget: int) -> bool:
        """One kernel call of at most ``budget`` nodes (see ``BudgetedSearch._step``)."""
        raise NotImplementedError

    def _step(
        self, budget: int, deadline: Deadline | None, stop: threading.Event | None
    ) -> bool:
        return self._chunk(budget)
