"""The text of a table with sums, as Fubuki and Survo files write it: blocks and tokens.

Why one module: both families write a puzzle as rows of cells (``.`` empty, or a number)
each ending in its row sum, then a line of column sums, with ``?`` for a hidden sum, ``#``
comment lines and blank lines between puzzles.  The block and token reading is the same
for both (only the words of the messages differ: Fubuki says digit and total, Survo number
and sum), so it lives here once, and so do the JSON fields both write (``rows``, ``cols``,
``givens``) and the reading of a whole text (``parse_tables``); what a block or an object
means stays in each family's ``formats.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from .errors import PuzzleFormatError
from .intparse import ascii_int
from .jsontext import json_values

T = TypeVar("T")

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


def json_int(value: Any, what: str, number: int) -> int:
    """``value`` as an integer of a JSON puzzle (``true`` is not one), else a format error
    naming ``what`` and the puzzle's line ``number``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise PuzzleFormatError(f"{what} must be an integer, got {value!r}", number)
    return value


def json_sums(value: Any, what: str, number: int, noun: str = "sum") -> tuple[int | None, ...]:
    """The list of sums under the key ``what`` (``null``: hidden); ``noun`` names a sum."""
    if not isinstance(value, list):
        raise PuzzleFormatError(f"'{what}' must be a list of {noun}s (null = hidden)", number)
    return tuple(None if t is None else json_int(t, f"a {noun} in '{what}'", number) for t in value)


def json_table(obj: Any, number: int) -> tuple[Any, Any]:
    """The start every JSON table with sums shares: an object with ``rows`` and ``cols``.
    Returns their raw values (each family reads them with its own noun)."""
    if not isinstance(obj, dict):
        raise PuzzleFormatError("a JSON puzzle is an object", number)
    for name in ("rows", "cols"):
        if name not in obj:
            raise PuzzleFormatError(f"the JSON puzzle lacks the field '{name}'", number)
    return obj["rows"], obj["cols"]


def json_givens(givens: Any, number: int) -> list[list[Any]]:
    """``givens`` as a list of rows (their values not yet read)."""
    if not isinstance(givens, list) or not all(isinstance(row, list) for row in givens):
        raise PuzzleFormatError("'givens' must be a list of rows", number)
    return givens


def parse_tables(
    text: str,
    format: str | None,
    from_json: Callable[[Any, int], T],
    from_block: Callable[[Block], T],
    formats: Sequence[str],
) -> list[T]:
    """Every puzzle in ``text`` through the family's readers: ``from_json`` for JSON (one
    object, a list, or JSON Lines; an object may wrap the puzzle in ``puzzle``) and
    ``from_block`` for each text block.  ``format`` None: JSON is sniffed."""
    if format is None:
        format = "json" if text.lstrip().startswith(("{", "[")) else "text"
    if format == "json":
        puzzles = [
            from_json(item.get("puzzle", item) if isinstance(item, dict) else item, number)
            for number, item in json_values(text)
        ]
    elif format == "text":
        puzzles = [from_block(block) for block in blocks(text)]
    else:
        raise PuzzleFormatError(f"unknown format {format!r}; known: {', '.join(formats)}")
    if not puzzles:
        raise PuzzleFormatError("no puzzle found")
    return puzzles
