"""Result objects shared by every solver.

A solver never reports "unsolvable" when it merely gave up: it says ``UNKNOWN`` and
``complete`` stays False.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Generic, TypeVar

S = TypeVar("S")


class Status(enum.Enum):
    """What a solver established about a puzzle."""

    SOLVED = "solved"
    """At least one solution was found."""
    UNSOLVABLE = "unsolvable"
    """The search was exhaustive and found no solution: a proof."""
    UNKNOWN = "unknown"
    """A limit (time, nodes) stopped the search before any solution or proof."""


@dataclass(frozen=True)
class Stats:
    """Effort spent by a solver; fields a solver does not track stay 0."""

    seconds: float = 0.0
    nodes: int = 0
    conflicts: int = 0


@dataclass(frozen=True)
class SolveResult(Generic[S]):
    """Outcome of a solve call.

    ``solutions`` holds the solutions found, at most the requested limit.  ``complete`` is
    True when the search was exhaustive, so ``len(solutions)`` is the exact count; it is
    False when the limit on solutions or a time/node limit stopped the search.
    ``timed_out`` tells these two apart.  ``total`` is set when a counter established the
    exact number of solutions without listing them all (``solutions`` then holds examples):
    counts like 10^19 cannot be listed.  ``refuted`` keeps what a search that rises
    through bounds proved before a limit stopped it: the largest bound it searched to the
    end without an answer (Number Match's fewest additions: no clearing with that many
    additions or fewer), None when it refuted none or has no such bounds.  ``established``:
    what a search left undecided did prove on the way, as short phrases a person reads
    (Numberlink under ``blank``: "no other solution fills every cell"), or a limit of
    theirs that stopped it (Numberlink's counter: "needs more than 8,000,000 states").
    """

    status: Status
    solutions: tuple[S, ...] = ()
    complete: bool = False
    timed_out: bool = False
    stats: Stats = field(default_factory=Stats)
    total: int | None = None
    refuted: int | None = None
    established: tuple[str, ...] = ()

    @property
    def count(self) -> int:
        """Number of solutions found (exact when ``complete``)."""
        return len(self.solutions) if self.total is None else self.total

    @property
    def unique(self) -> bool | None:
        """True/False when uniqueness was decided, None when a time limit left it open."""
        if self.complete:
            return self.count == 1
        if self.count >= 2:
            return False
        return None


def status_for(found: int, exhausted: bool) -> Status:
    """The honest status: solutions found, else proof only if the search was exhaustive."""
    if found:
        return Status.SOLVED
    return Status.UNSOLVABLE if exhausted else Status.UNKNOWN
