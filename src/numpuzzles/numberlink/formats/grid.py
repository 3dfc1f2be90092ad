"""The raw grid every text format reads into before it becomes a puzzle or a solution.

A format reader only splits text into cells; this module turns those cells into a
``Puzzle`` (checking that every label has exactly two ends, with the line number of the
offending end) or into the label grid of a solution.  Keeping that step in one place means
every format reports the same errors in the same words.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ...core.errors import InvalidPuzzleError, PuzzleFormatError
from ...core.intparse import read_int
from ..model import BLOCKED, EMPTY, Puzzle

BLOCK = "\0blocked"
"""The token of a blocked cell (no format can produce it as a label)."""

MAX_CELLS = 1_000_000
"""The largest board (width x height) any reader accepts.

Readers check a declared size against it before they allocate anything, so a header like
``SIZE 99999999999999999X9`` is one clear error instead of a ``MemoryError`` or
``OverflowError``.  A million cells is far beyond what the solver or the generators handle
(see ``generate/unique.MAX_CELLS``), yet every reader parses a board that large within a few
seconds (0.5 s for ``table`` to 3.5 s for ``numeric``, measured at 1000x1000).
"""

CHAR_ALPHABET = "123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWYZ0@$%&*+=?!~^<>"
"""Characters for unnamed labels in character formats, in order (no ``.``, ``#``, ``X``)."""


def check_size(width: int, height: int, line: int | None) -> None:
    """Refuse an empty board or one of more than ``MAX_CELLS`` cells, at ``line``."""
    if width < 1 or height < 1:
        raise PuzzleFormatError(f"board size {width}x{height} is empty", line=line)
    if width * height > MAX_CELLS:
        raise PuzzleFormatError(
            f"board size {width}x{height} is too large: at most {MAX_CELLS:,} cells", line=line
        )


@dataclass(frozen=True)
class Grid:
    """Cells as read from text: ``None`` empty, ``BLOCK`` blocked, else the label's token.

    ``lines`` holds the 1-based line number of each row, for error messages.
    ``numeric`` tells whether tokens are integers (kept as labels) or characters
    (numbered 1.. in order of first appearance, the character kept as the label's name).
    """

    width: int
    height: int
    tokens: tuple[str | None, ...]
    lines: tuple[int, ...]
    numeric: bool


def to_puzzle(grid: Grid) -> Puzzle:
    """The puzzle on ``grid``; a label without exactly two ends is an error at its line.

    Formats without a size header are held to ``MAX_CELLS`` here, so every format has it.
    """
    check_size(grid.width, grid.height, grid.lines[0] if grid.lines else None)
    # counted in C (``Counter``, in the order tokens first appear), not by a loop over
    # the cells in Python, which would cost a small board more than its search
    seen = {
        token: count
        for token, count in Counter(grid.tokens).items()
        if token is not None and token != BLOCK
    }
    for token, count in seen.items():
        if count != 2:
            where = [i for i, t in enumerate(grid.tokens) if t == token]
            index = where[min(len(where), 3) - 1]
            name = token
            raise PuzzleFormatError(
                f"label {name} has {len(where)} end{'s' if len(where) != 1 else ''}, "
                "needs exactly 2",
                line=grid.lines[index // grid.width],
            )
    names: tuple[str, ...] | None = None
    if grid.numeric:
        labels = {token: int(token) for token in seen}
        for token, label in labels.items():
            if label <= 0:
                raise PuzzleFormatError(
                    f"label {token} is not a positive integer",
                    line=grid.lines[grid.tokens.index(token) // grid.width],
                )
    else:
        written = _unnamed_labels(seen)
        if written is not None:
            labels = written
        else:
            labels = {token: number for number, token in enumerate(seen, start=1)}
            names = tuple(seen)
    # one lookup a cell (labels never hold BLOCK: the count above skips it)
    values: dict[str | None, int] = {None: EMPTY, BLOCK: BLOCKED}
    values.update(labels.items())
    cells = tuple(map(values.__getitem__, grid.tokens))
    try:
        return Puzzle(grid.width, grid.height, cells, names)
    except InvalidPuzzleError as exc:
        raise PuzzleFormatError(str(exc), line=grid.lines[0]) from None


def _unnamed_labels(chars: Iterable[str]) -> dict[str, int] | None:
    """The labels ``char_names`` writes as ``chars`` for a puzzle without names (labels
    1..9 as their digits, 1..k past nine as the first k characters of the alphabet), when
    ``chars`` are exactly such; else None (the characters are names, numbered in order).

    Why: so a puzzle this package wrote in a character format reads back as itself, its
    labels and not renumbered ones, and converting it on to a numbered format gives the
    numbers it started with.
    """
    found = set(chars)
    if found <= set("123456789"):
        return {char: int(char) for char in found}
    if found == set(CHAR_ALPHABET[: len(found)]):
        return {char: CHAR_ALPHABET.index(char) + 1 for char in found}
    return None


def to_label_cells(grid: Grid, puzzle: Puzzle) -> tuple[int, ...]:
    """The label of every cell of a solved ``grid``, in ``puzzle``'s label numbering."""
    if (grid.width, grid.height) != (puzzle.width, puzzle.height):
        raise PuzzleFormatError(
            f"solution is {grid.width}x{grid.height}, puzzle is {puzzle.width}x{puzzle.height}",
            line=grid.lines[0],
        )
    if not grid.numeric:  # the characters the character writers give the labels
        try:
            labels = {char: label for label, char in char_names(puzzle).items()}
        except InvalidPuzzleError:  # too many labels for characters: none can match
            labels = {}
    elif puzzle.names is not None:
        labels = {str(number): number for number in range(1, len(puzzle.names) + 1)}
    else:
        labels = {str(label): label for label in puzzle.labels}
    cells: list[int] = []
    for index, token in enumerate(grid.tokens):
        if token is not None and token != BLOCK and token not in labels:
            raise PuzzleFormatError(
                f"solution uses label {token}, which the puzzle does not have",
                line=grid.lines[index // grid.width],
            )
        cells.append(_cell(token, labels))
    return tuple(cells)


def _cell(token: str | None, labels: dict[str, int]) -> int:
    if token is None:
        return EMPTY
    if token == BLOCK:
        return BLOCKED
    return labels[token]


def char_names(puzzle: Puzzle) -> dict[int, str]:
    """One character per label for the character formats: the puzzle's names, else an alphabet."""
    labels = puzzle.labels
    if puzzle.names is not None and all(
        len(puzzle.label_name(label)) == 1 and puzzle.label_name(label) not in ".#"
        for label in labels
    ):
        return {label: puzzle.label_name(label) for label in labels}
    if len(labels) > len(CHAR_ALPHABET):
        raise InvalidPuzzleError(
            f"{len(labels)} labels do not fit one character each (at most {len(CHAR_ALPHABET)})"
        )
    if all(1 <= label <= 9 for label in labels):
        return {label: str(label) for label in labels}
    return {label: CHAR_ALPHABET[i] for i, label in enumerate(labels)}


def no_blocked(puzzle: Puzzle, format_name: str) -> None:
    """Formats without a blocked-cell symbol refuse puzzles that have blocked cells."""
    if BLOCKED in puzzle.cells:
        raise InvalidPuzzleError(f"the {format_name} format cannot express blocked cells")


RowReader = Callable[[str, int, int], list[str | None]]
"""Reads one row line (text, line number, width) into tokens, raising with the line number."""


def content_lines(text: str) -> list[tuple[int, str]]:
    """Stripped non-blank lines that are not ``#`` comments, with 1-based line numbers."""
    out = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line and not line.startswith("#"):
            out.append((number, line))
    return out


def size_line(line: str, number: int) -> tuple[int, int]:
    """``w h`` as two non-negative integers."""
    parts = line.split()
    if len(parts) != 2:
        raise PuzzleFormatError(f"expected a size line 'w h', got {line!r}", line=number)
    return read_int(parts[0], "the width", number), read_int(parts[1], "the height", number)


def read_sized_blocks(text: str, read_row: RowReader, numeric: bool) -> list[Grid]:
    """Grids written as a ``w h`` line then ``h`` rows, many per text, ``0 0`` ending it.

    Shared by the ``ahle`` and ``numeric`` formats, which differ only in how a row is read.
    """
    lines = content_lines(text)
    grids: list[Grid] = []
    at = 0
    while at < len(lines):
        number, line = lines[at]
        width, height = size_line(line, number)
        if width == 0 and height == 0:
            break
        check_size(width, height, number)
        grids.append(read_block(lines, at + 1, width, height, read_row, numeric))
        at += 1 + height
    return grids


def read_block(
    lines: list[tuple[int, str]],
    at: int,
    width: int,
    height: int,
    read_row: RowReader,
    numeric: bool,
) -> Grid:
    """The ``height`` rows from ``lines[at]`` on as a grid (the caller read the header)."""
    body = lines[at : at + height]
    if len(body) < height:
        raise PuzzleFormatError(f"expected {height} rows, found {len(body)}", line=lines[-1][0])
    tokens: list[str | None] = []
    for row_number, row in body:
        tokens.extend(read_row(row, row_number, width))
    return Grid(width, height, tuple(tokens), tuple(n for n, _ in body), numeric=numeric)
