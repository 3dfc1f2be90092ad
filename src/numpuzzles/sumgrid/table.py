"""The protocol both tables of sums meet, and the words each family uses for its parts.

Why words: the two families speak to different people (Fubuki's players place *digits*
to *totals*, Survo's numbers to *sums*), and every message keeps each family's own terms.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple, Protocol


class Line(NamedTuple):
    """One constrained line: a name for messages, its cells, and its total (None: hidden).
    A tuple, so that ``for name, cells, total in puzzle.lines()`` reads it too."""

    name: str
    cells: tuple[int, ...]
    total: int | None


class SumTable(Protocol):
    """A puzzle of the genre: cells row by row (0 empty), the numbers 1..``cell_count``
    each once, and lines whose numbers combine (add up, or multiply where ``product``) to
    their totals."""

    @property
    def givens(self) -> tuple[int, ...]: ...

    @property
    def width(self) -> int: ...

    @property
    def height(self) -> int: ...

    @property
    def cell_count(self) -> int: ...

    @property
    def product(self) -> bool: ...

    def lines(self) -> list[Line]: ...

    def with_givens(self, givens: tuple[int, ...]) -> SumTable: ...


@dataclass(frozen=True)
class Words:
    """A family's words: ``number`` ("digit"), ``totals`` ("totals"), ``lines_through``
    (the lines through a cell: "every line" where diagonals may cross it, "both lines"),
    ``whole`` (the table: "grid")."""

    number: str
    totals: str
    lines_through: str
    whole: str


def combine(values: Iterable[int], product: bool) -> int:
    """Sum or product of ``values``: the one place that knows which a variant uses."""
    return math.prod(values) if product else sum(values)


def flat(filling: Iterable[Iterable[int]]) -> tuple[int, ...]:
    """A filling's numbers row by row."""
    return tuple(v for row in filling for v in row)

