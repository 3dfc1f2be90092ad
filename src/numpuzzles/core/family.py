"""The protocol every puzzle family implements.

The command line, batch generation and benchmarks talk to families only through this
protocol, so a new family is one sub-package plus one registry line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar

from .result import SolveResult
from .violation import Violation

P = TypeVar("P")
S = TypeVar("S")


class Family(Protocol[P, S]):
    """One puzzle family: parse, dump, solve, check and generate its puzzles."""

    @property
    def name(self) -> str:
        """The family's command-line name, e.g. ``"fubuki"``."""
        ...

    @property
    def formats(self) -> Sequence[str]:
        """Names of the text formats ``parse`` and ``dump`` accept."""
        ...

    def parse(self, text: str, format: str | None = None) -> list[P]:
        """Every puzzle in ``text``; the format is sniffed when ``format`` is None."""
        ...

    def dump(self, puzzle: P, format: str | None = None) -> str:
        """``puzzle`` as text in ``format`` (the family's default when None)."""
        ...

    def solve(
        self, puzzle: P, *, limit: int | None = 1, timeout: float | None = None
    ) -> SolveResult[S]:
        """Up to ``limit`` solutions (None: all); ``limit=2`` answers "unique?"."""
        ...

    def check(self, puzzle: P, solution: S) -> list[Violation]:
        """Rules ``solution`` breaks, from the rules alone; empty means valid."""
        ...

    def generate(self, params: Mapping[str, Any], seed: int) -> P:
        """A puzzle built from ``params`` whose randomness all comes from ``seed``."""
        ...
