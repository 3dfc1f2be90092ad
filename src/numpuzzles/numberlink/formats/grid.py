"""The raw grid every text format reads into before it becomes a puzzle or a solution.

A format reader only splits text into cells; this module turns those cells into a
``Puzzle`` (checking that every label has exactly two ends, with the line number of the
offending end) or into the label grid of a solution.  Keeping that step in one place means
every format reports the same errors in the same words.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.errors import InvalidPuzzleError, PuzzleFormatError
from ..model import BLOCKED, EMPTY, Puzzle

BLOCK = "\0blocked"
"""The token of a blocked cell (no format can produce it as a label)."""

CHAR_ALPHABET = "123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWYZ0@$%&*+=?!~^<>"
"""Characters for unnamed labels in character formats, in order (no ``.``, ``#``, ``X``)."""


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
    """The puzzle on ``grid``; a label without exactly two ends is an error at its line."""
    seen: dict[str, list[int]] = {}
    for index, token in enumerate(grid.tokens):
        if token is not None and token != BLOCK:
            seen.setdefault(token, []).append(index)
    for token, where in seen.items():
        if len(where) != 2:
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
                    line=grid.lines[seen[token][0] // grid.width],
                )
    else:
        labels = {token: number for number, token in enumerate(seen, start=1)}
        names = tuple(seen)
    cells = tuple(_cell(token, labels) for token in grid.tokens)
    try:
        return Puzzle(grid.width, grid.height, cells, names)
    except InvalidPuzzleError as exc:
        raise PuzzleFormatError(str(exc), line=grid.lines[0]) from None


def to_label_cells(grid: Grid, puzzle: Puzzle) -> tuple[int, ...]:
    """The label of every cell of a solved ``grid``, in ``puzzle``'s label numbering."""
    if (grid.width, grid.height) != (puzzle.width, puzzle.height):
        raise PuzzleFormatError(
            f"solution is {grid.width}x{grid.height}, puzzle is {puzzle.width}x{puzzle.height}",
            line=grid.lines[0],
        )
    if puzzle.names is not None and not grid.numeric:
        labels = {name: number for number, name in enumerate(puzzle.names, start=1)}
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
