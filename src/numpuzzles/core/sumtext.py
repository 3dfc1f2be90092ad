"""The text of a table with sums, as Fubuki and Survo files write it: blocks and tokens.

Why one module: both families write a puzzle as rows of cells (``.`` empty, or a number)
each ending in its row sum, then a line of column sums, with ``?`` for a hidden sum, ``#``
comment lines and blank lines between puzzles.  The block and token reading is the same
for both (only the words of the messages differ: Fubuki says digit and total, Survo number
and sum), so it lives here once; what a block means stays in each family's ``formats.py``.
"""

from __future__ import annotations

from collections.abc import Iterator

from .errors import PuzzleFormatError
from .intparse import ascii_int

Block = list[tuple[int, str]]
"""A puzzle's lines with their 1-based line numbers, stripped, no comments."""


def blocks(text: str) -> Iterator[Block]:
    """Non-empty, non-comment lines grouped by blank lines, each with its line number."""
    block: Block = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line.startswith("#"):
            continue
        if not line:
            if block:
                yield block
                block = []
            continue
        block.append((number, line))
    if block:
        yield block


def sum_token(token: str, number: int, noun: str = "sum") -> int | None:
    """A sum (None for ``?``, hidden) on line ``number``; ``noun`` names it in the error."""
    if token == "?":
        return None
    value = ascii_int(token, number)
    if value is None:
        raise PuzzleFormatError(f"expected a {noun} (a number or ?), got {token!r}", number)
    return value


def cell_token(token: str, number: int, noun: str = "number") -> int:
    """A cell (0 for ``.``, empty) on line ``number``; ``noun`` names a filled one."""
    if token == ".":
        return 0
    value = ascii_int(token, number)
    if value is None or value <= 0:
        raise PuzzleFormatError(f"expected a {noun} or '.', got {token!r}", number)
    return value
