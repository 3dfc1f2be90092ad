"""The ``puzzlink`` format: puzz.link URLs ``https://puzz.link/p?numlin/COLS/ROWS/BODY``.

The ``arukone`` genre is read too (an optional flag segment before the size; a flag
containing ``e`` means cells may stay empty, see ``url_allows_empty``).  BODY is pzprjs's
number encoding, row-major: ``0``-``f`` a value, ``-xx`` two hex digits, ``+xxx`` three,
``g``-``z`` skip 1 to 20 empty cells.  One URL per line; many lines, many puzzles.
"""

from __future__ import annotations

import re

from ...core.errors import InvalidPuzzleError, PuzzleFormatError
from ...core.intparse import ascii_int, read_int
from ..model import Puzzle, Solution
from .grid import Grid, check_size, no_blocked, to_puzzle

NAME = "puzzlink"
PREFIX = "https://puzz.link/p?"
_URL = re.compile(r"p\?(numlin|arukone)/(.*)$")


def _decode_body(body: str, size: int, number: int) -> list[str | None]:
    tokens: list[str | None] = []
    at = 0
    while at < len(body):
        char = body[at]
        if char in "0123456789abcdef":
            tokens.append(str(int(char, 16)))
            at += 1
        elif char in "-+":
            digits = 2 if char == "-" else 3
            chunk = body[at + 1 : at + 1 + digits]
            if len(chunk) != digits or any(c not in "0123456789abcdef" for c in chunk):
                raise PuzzleFormatError(f"bad number after {char!r} in the URL body", line=number)
            tokens.append(str(int(chunk, 16)))
            at += 1 + digits
        elif "g" <= char <= "z":
            tokens.extend([None] * (ord(char) - ord("f")))
            at += 1
        else:
            raise PuzzleFormatError(f"unknown character {char!r} in the URL body", line=number)
        if len(tokens) > size:  # stop at once: a long body must not grow a huge list
            break
    if len(tokens) > size:
        raise PuzzleFormatError(f"URL body has {len(tokens)} cells, board has {size}", line=number)
    tokens.extend([None] * (size - len(tokens)))
    return [None if t == "0" else t for t in tokens]


def _parts(line: str, number: int) -> tuple[str, list[str], int, int, str]:
    match = _URL.search(line)
    if match is None:
        raise PuzzleFormatError("expected a puzz.link numlin or arukone URL", line=number)
    genre, rest = match.group(1), match.group(2).split("/")
    flags = []
    while rest and ascii_int(rest[0], number) is None:
        flags.append(rest.pop(0))
    if len(rest) < 2:
        raise PuzzleFormatError("expected COLS/ROWS in the URL", line=number)
    cols = read_int(rest[0], "COLS", number)
    rows = read_int(rest[1], "ROWS", number)
    check_size(cols, rows, number)
    return genre, flags, cols, rows, "/".join(rest[2:])


def url_allows_empty(line: str) -> bool:
    """True when the URL is the arukone genre with a flag containing ``e``."""
    genre, flags, _, _, _ = _parts(line.strip(), 1)
    return genre == "arukone" and any("e" in flag for flag in flags)


def read(text: str) -> list[Grid]:
    """The grids of every URL in ``text`` (one per non-blank line)."""
    grids = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        _, _, cols, rows, body = _parts(line, number)
        tokens = _decode_body(body, cols * rows, number)
        grids.append(Grid(cols, rows, tuple(tokens), (number,) * rows, numeric=True))
    return grids


def parse(text: str) -> list[Puzzle]:
    """Every puzzle in ``text``."""
    return [to_puzzle(grid) for grid in read(text)]


def _encode_value(value: int) -> str:
    if value < 16:
        return format(value, "x")
    if value < 256:
        return "-" + format(value, "02x")
    if value < 4096:
        return "+" + format(value, "03x")
    raise InvalidPuzzleError(f"label {value} is too large for a puzz.link URL (at most 4095)")


def dump(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The puzzle's URL (a URL cannot carry a solution)."""
    no_blocked(puzzle, NAME)
    if solution is not None:
        raise InvalidPuzzleError("a puzz.link URL cannot hold a solution")
    body: list[str] = []
    skip = 0
    for value in puzzle.cells:
        if value == 0:
            skip += 1
            if skip == 20:
                body.append("z")
                skip = 0
            continue
        if skip:
            body.append(chr(ord("f") + skip))
            skip = 0
        body.append(_encode_value(value))
    if skip:
        body.append(chr(ord("f") + skip))
    return f"{PREFIX}numlin/{puzzle.width}/{puzzle.height}/{''.join(body)}\n"
